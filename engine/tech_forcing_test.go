package engine

import "testing"

func TestForcingChain(t *testing.T) {
	runFinderCases(t, ForcingChain, []finderCase{
		{
			name:     "top95 #4, 43 empty",
			grid:     "4873...9....6..271126.9.3847.5...162...2..8..........9..1.769233..1..45.....53.18",
			elims:    "r1c6-5 r2c6-5 r4c2-9 r4c4-4 r5c6-1 r5c6-4 r5c6-9 r6c1-6 r6c3-3 r6c3-4 r6c4-4 r6c4-8 r6c5-8 r6c6-5 r6c6-7 r6c6-8 r8c2-9 r8c3-2",
			want:     "r5c8-4",
			note:     "forcing chain: r5c8 is 3 or 4; if r5c8=4: r9c3=4 (only place in column 3), r9c1=2 (only place in box 7), r6c1=8 (only candidate), r7c1=5 (only candidate), so r7c2 has no candidate left; so 4 leaves r5c8",
			cheapest: true,
		},
		{
			name:     "top95 #4, 38 empty",
			grid:     "487312.9....6..271126.9.3847.5...162.1.2..8.......1..9..1.769233..12.45.....53.18",
			elims:    "r2c6-5 r4c2-9 r4c4-4 r5c6-4 r5c6-9 r6c1-6 r6c3-3 r6c3-4 r6c4-4 r6c4-8 r6c5-8 r8c2-9",
			want:     "r5c1-6",
			note:     "forcing chain: r5c1 is 6 or 9; if r5c1=6: r5c3=9 (only place in row 5), r8c6=9 (only place in row 8), r9c3=4 (only place in column 3), r7c4=4 (only place in column 4), so 8 has no place left in box 8; so 6 leaves r5c1",
			cheapest: true,
		},
		{
			// Every supposition on a blank grid leads somewhere.
			name:      "blank grid",
			synthetic: true,
		},
	})
}
