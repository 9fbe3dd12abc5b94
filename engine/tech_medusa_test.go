package engine

import "testing"

func TestMedusa3D(t *testing.T) {
	runFinderCases(t, Medusa3D, []finderCase{
		{
			name:  "clash with both colours",
			grid:  "...917....19.8.2.7..7..219.6...79..1.9.1...7.17452698378.2.3.19.4.791.5.9.1.6.7..",
			elims: "r1c2-35 r1c3-6 r1c7-456 r1c9-6 r3c2-5 r3c9-6 r4c3-5 r5c9-5 r8c7-6 r9c9-8",
			want:  "r5c7-4",
			note:  "3d medusa: colours (5)r2c1 (4)r2c6 (5)r3c5 (5)r4c2 (4)r4c7 (5)r5c7 (6)r5c9 (5)r7c3 (4)r7c5 (6)r7c7 (6)r8c3 (5)r9c6 against (5)r2c6 (5)r4c7 (6)r5c7 (6)r7c3 (5)r7c5 (4)r7c7 (6)r8c9 (5)r9c2; one colour is true, and each candidate removed would clash with both: 4 leaves r5c7",
		},
		{
			name:  "seen by both",
			grid:  "..4268.912..3174.6.619452..1.26.9.4..47821.6...67.41.26754.231..13576.2442.1.3675",
			elims: "r3c1-3 r4c9-3 r5c1-9 r6c1-5 r6c2-5",
			want:  "r6c2-3",
		},
		{
			name:  "false colour",
			grid:  "..4268.912..3174.6.619452..1.26.9.4..47821.6...67.41.26754.231..13576.2442.1.3675",
			elims: "r3c1-3 r4c9-3 r5c1-9 r6c1-5 r6c2-35",
			want:  "r1c1-3 r1c1-7 r1c2-5 r1c7-5 r2c2-5 r2c8-8 r3c1-8 r3c9-7 r4c2-3 r4c5-5 r4c7-7 r4c9-8 r6c5-3 r6c8-5",
		},
		{
			// Two bivalue cells and a conjugate pair joined in a chain
			// (r1c1 {1,2} = 2 in row 1 = r1c5 {2,3}): every colour is
			// consistent and no other candidate meets both.
			name:      "nothing clashes",
			elims:     onlyCands("r1c1=12", "r1c5=23") + " " + onlyIn(2, "r1", "r1c1", "r1c5"),
			synthetic: true,
		},
	})
}
