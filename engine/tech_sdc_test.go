package engine

import "testing"

func TestSueDeCoq(t *testing.T) {
	runFinderCases(t, SueDeCoq, []finderCase{
		{
			name:  "row 3 and box 2",
			grid:  "...917....19.8.2.7..7..219.6...79..1.9.1...7.17452698378.2.3.19.4.791.5.9.1.6.7..",
			elims: "r1c2-35 r1c3-6 r1c7-456 r1c9-6 r3c2-5 r3c9-6 r4c3-5 r5c9-5 r8c7-6 r9c9-8",
			want:  "r2c4-4 r3c1-3",
			note:  "sue de coq: r3c4 r3c5 {3,4,5,6} where row 3 crosses box 2, with r3c2 {3,6} and r2c6 {4,5}: as many digits as cells, none twice: 3 leaves r3c1; 4 leaves r2c4",
		},
		{
			name:  "three crossing cells",
			grid:  "48...96...6..18.94...7468..7.6...1283298715461.8.623796..183.5.81..2..63...6...81",
			elims: "r1c3-35 r3c2-5 r3c3-35 r4c4-45 r4c5-5 r7c2-4 r7c3-7 r8c3-7 r8c6-5 r9c2-45 r9c3-57",
			want:  "r1c3-2 r2c3-2 r2c3-5",
		},
		{
			// C = r1c1 r1c2 {1,2,3,4}, r1c7 {1,2} in row 1, r3c3 {3,4} in
			// box 1: 1 and 2 leave row 1, 3 and 4 leave box 1.
			name:      "blank board",
			elims:     onlyCands("r1c1=1234", "r1c2=1234", "r1c3=5", "r1c7=12", "r3c3=34"),
			want:      "r1c4-1 r1c4-2 r1c5-1 r1c5-2 r1c6-1 r1c6-2 r1c8-1 r1c8-2 r1c9-1 r1c9-2 r2c1-3 r2c1-4 r2c2-3 r2c2-4 r2c3-3 r2c3-4 r3c1-3 r3c1-4 r3c2-3 r3c2-4",
			synthetic: true,
		},
		{
			// The two sides share 2: the count no longer proves anything.
			name:      "sides share a digit",
			elims:     onlyCands("r1c1=1234", "r1c2=1234", "r1c3=5", "r1c7=12", "r3c3=23"),
			synthetic: true,
		},
	})
}
