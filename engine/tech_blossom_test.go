package engine

import "testing"

func TestDeathBlossom(t *testing.T) {
	runFinderCases(t, DeathBlossom, []finderCase{
		{
			name:  "stem of three digits",
			grid:  "..........5.943.2.32981674527...1.98.385.72...6...8.7...21..4....3.8.1..5..3.4..2",
			elims: "r1c1-7 r1c3-7 r1c9-16 r7c1-9 r7c5-9 r8c1-9 r9c5-9",
			want:  "r8c8-6",
			note:  "death blossom: stem r6c9 {1,3,4}, petals 1: r5c8 {1,6}, 3: r1c9 r7c9 r8c9 {3,6,7,9}, 4: r1c4 r6c4 r8c4 {2,4,6,7}; whichever digit the stem takes, its petal is locked without it, so 6 is in one of the petals: 6 leaves r8c8",
		},
		{
			name:  "petals of four cells",
			grid:  ".7...31.8..486...3..8.9.....4.7.6.5.....2.....6.9.8.1.48..7.6.55.768.9..2.65...8.",
			elims: "r1c3-2 r2c6-1 r3c1-1 r3c2-1 r4c3-1 r5c1-3 r5c2-3 r5c3-5 r5c8-9",
			want:  "r7c3-3",
		},
		{name: "blank grid", synthetic: true},
	})
}

// TestDeathBlossomRating: 7.6 plus SE's charge for the petals' cells
// (seven cells: two tenths).
func TestDeathBlossomRating(t *testing.T) {
	checkRatings(t, DeathBlossom, []ratingCase{{"..........5.943.2.32981674527...1.98.385.72...6...8.7...21..4....3.8.1..5..3.4..2",
		"r1c1-7 r1c3-7 r1c9-16 r7c1-9 r7c5-9 r8c1-9 r9c5-9", 78}})
}

// TestSoundnessBlossom solves a sample of se_rated.tsv with singles,
// locked candidates, subsets and death blossoms only, and checks every
// step against the solution (see solveChecked). The rung must fire.
func TestSoundnessBlossom(t *testing.T) {
	checkRungsOn(t, seRatedSample(t, 97), rungsOnSubsets(DeathBlossom), []Technique{DeathBlossom})
}
