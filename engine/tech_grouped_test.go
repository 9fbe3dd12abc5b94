package engine

import "testing"

func TestGroupedAIC(t *testing.T) {
	runFinderCases(t, GroupedAIC, []finderCase{
		{
			name:  "grouped x-cycle of six nodes",
			grid:  "7...4...6...759..29..861..3..7524.3..3....42.4.......75.1...2.8.8.....1.2.9...3.4",
			elims: "r1c2-2 r1c3-23 r2c3-6 r4c1-1 r4c2-6 r4c7-19 r5c1-8 r5c5-1 r5c6-6 r6c3-8 r6c5-89 r6c7-1 r7c4-3 r7c5-7 r8c4-3 r8c5-3 r8c6-3 r9c5-7 r9c6-7",
			want:  "r8c7-6",
			note:  "grouped alternating inference chain: (6)r8c7 - (6)r4c7 = (6)r4c1 - (6){r5c3 r6c3} = (6)r8c3 - (6)r8c7, so r8c7 is not 6",
		},
		{
			name:  "mixed loop through a group in box 5",
			grid:  "461.3..7...9...34.3.7..9.1.13....2..9..612...6.2....91...7..1...96...8...1..8..24",
			elims: "r2c5-25 r4c6-58 r4c9-78 r5c9-58 r6c5-7 r6c6-7 r7c5-4 r7c6-4 r7c9-3 r8c9-5 r9c4-3",
			want:  "r6c4-4",
			note:  "grouped alternating inference chain: (4)r6c4 - (4){r4c6 r6c6} = (4)r8c6 - (1)r8c6 = (1)r8c4 - (3)r8c4 = (3)r6c4 - (4)r6c4, so r6c4 is not 4",
		},
		{name: "blank grid", synthetic: true},
	})
}

// TestGroupedAICNeedsGroups: where the grouped search fires on the
// grader's path, the plain AIC search (which runs before it) found
// nothing, so every such loop passes through a group.
func TestGroupedAICNeedsGroups(t *testing.T) {
	for _, c := range []finderCase{
		{grid: "7...4...6...759..29..861..3..7524.3..3....42.4.......75.1...2.8.8.....1.2.9...3.4",
			elims: "r1c2-2 r1c3-23 r2c3-6 r4c1-1 r4c2-6 r4c7-19 r5c1-8 r5c5-1 r5c6-6 r6c3-8 r6c5-89 r6c7-1 r7c4-3 r7c5-7 r8c4-3 r8c5-3 r8c6-3 r9c5-7 r9c6-7"},
	} {
		_, b := caseBoard(t, c)
		var s Step
		startStep(&s, AIC)
		if findAIC(&b, &s) {
			t.Errorf("plain AIC fires: %s", movesString(&s))
		}
	}
}

// TestGroupedAICRating: 7.8 plus SE's charge for length; six nodes add a
// tenth, eight two.
func TestGroupedAICRating(t *testing.T) {
	checkRatings(t, GroupedAIC, []ratingCase{
		{"7...4...6...759..29..861..3..7524.3..3....42.4.......75.1...2.8.8.....1.2.9...3.4",
			"r1c2-2 r1c3-23 r2c3-6 r4c1-1 r4c2-6 r4c7-19 r5c1-8 r5c5-1 r5c6-6 r6c3-8 r6c5-89 r6c7-1 r7c4-3 r7c5-7 r8c4-3 r8c5-3 r8c6-3 r9c5-7 r9c6-7", 79},
		{"461.3..7...9...34.3.7..9.1.13....2..9..612...6.2....91...7..1...96...8...1..8..24",
			"r2c5-25 r4c6-58 r4c9-78 r5c9-58 r6c5-7 r6c6-7 r7c5-4 r7c6-4 r7c9-3 r8c9-5 r9c4-3", 80},
	})
}

// TestSoundnessGrouped solves a sample of se_rated.tsv with singles,
// locked candidates, subsets and grouped chains only, so the chains meet
// boards crowded with candidates, and checks every step against the
// solution (see solveChecked). The rung must fire.
func TestSoundnessGrouped(t *testing.T) {
	checkRungsOn(t, seRatedSample(t, 97), rungsOnSubsets(GroupedAIC), []Technique{GroupedAIC})
}
