package engine

import "testing"

func TestAlignedPairExclusion(t *testing.T) {
	runFinderCases(t, AlignedPairExclusion, []finderCase{
		{
			name:  "column 5",
			grid:  "291784536..5.......76...18.957243861624...7.3138......51..2...8.6.....1...29316..",
			elims: "r8c1-38 r8c7-4 r8c9-457",
			want:  "r5c5-5",
			note:  "aligned pair exclusion: r5c5 {1,5,9} and r6c5 {5,6,7,9} see each other, and both see r3c5 {5,9}, r6c4 {5,6} and r8c5 {5,7}; no pair of digits they can take together uses the rest: 5 leaves r5c5",
		},
		{
			name:  "row 3",
			grid:  ".5.12.6..62.958.749....6....3.6.9..5289.7.4615.64.2.3.........676.89..1..95.61.4.",
			elims: "r3c3-4 r7c1-4 r7c3-4 r7c6-34",
			want:  "r3c3-3",
		},
		{
			// r1c1 {1,2,3} and r1c2 {1,2} with no bivalue cell seeing
			// both (r5c5 {1,3} sees neither): only 1 with 1 and 2 with 2
			// are spoilt, and on a blank board nothing else is.
			name:      "no cell sees both",
			elims:     onlyCands("r1c1=123", "r1c2=12", "r5c5=13"),
			synthetic: true,
		},
	})
}
