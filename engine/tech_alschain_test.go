package engine

import "testing"

func TestALSChain(t *testing.T) {
	runFinderCases(t, ALSChain, []finderCase{
		{
			name:  "five sets",
			grid:  "2..1..78...5798..2.87....5.5143769287....9..569.5...........89.....235...51..72.4",
			elims: "r1c2-3 r1c9-6 r2c1-3 r2c8-3 r3c1-34 r3c4-4 r3c5-4 r5c4-4 r5c5-8 r5c7-3 r5c8-3 r6c3-3 r7c2-34 r7c3-3 r7c5-46 r7c6-4 r7c9-1 r8c1-9 r8c3-8 r8c4-6 r9c4-8",
			want:  "r8c2-4",
			note:  "als chain: r1c2 {4,6} -6- r1c3 r1c5 r1c6 r1c9 {3,4,5,6,9} -4- r3c4 r3c6 {2,4,6} -6- r9c4 {6,9} -9- r8c1 r8c4 {4,8,9} (each set joined to the next by the restricted common between them), so 4 is in one of the ends: 4 leaves r8c2",
		},
		{
			name:  "from a bivalue cell through two",
			grid:  "3.8..2..9......3...521..6.85...218.....6.7..3..4.9...1195..473...6.1....2..9..1.4",
			elims: "r1c4-4 r1c8-7 r2c4-7 r3c5-7 r5c5-8 r5c8-2 r6c1-8 r6c2-8 r8c4-8 r8c6-8 r9c5-8 r9c6-8",
			want:  "r3c8-4",
		},
		{name: "blank grid", synthetic: true},
		{
			// A grouped chain's position where no chain of four sets
			// or more removes anything.
			name:  "grouped chain position",
			grid:  "7...4...6...759..29..861..3..7524.3..3....42.4.......75.1...2.8.8.....1.2.9...3.4",
			elims: "r1c2-2 r1c3-23 r2c3-6 r4c1-1 r4c2-6 r4c7-19 r5c1-8 r5c5-1 r5c6-6 r6c3-8 r6c5-89 r6c7-1 r7c4-3 r7c5-7 r8c4-3 r8c5-3 r8c6-3 r9c5-7 r9c6-7",
		},
	})
	// Ten cells in the sets of the first case: 7.4 + 0.3.
	checkRatings(t, ALSChain, []ratingCase{{"2..1..78...5798..2.87....5.5143769287....9..569.5...........89.....235...51..72.4",
		"r1c2-3 r1c9-6 r2c1-3 r2c8-3 r3c1-34 r3c4-4 r3c5-4 r5c4-4 r5c5-8 r5c7-3 r5c8-3 r6c3-3 r7c2-34 r7c3-3 r7c5-46 r7c6-4 r7c9-1 r8c1-9 r8c3-8 r8c4-6 r9c4-8", 77}})
}

// TestSoundnessALSChain solves a sample of se_rated.tsv with singles,
// locked candidates, subsets and ALS chains only, checking every step
// against the solution. The rung must fire.
func TestSoundnessALSChain(t *testing.T) {
	checkRungsOn(t, seRatedSample(t, 97), rungsOnSubsets(ALSChain), []Technique{ALSChain})
}
