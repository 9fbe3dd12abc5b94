package engine

import "testing"

func TestUniqueRectangle1(t *testing.T) {
	runFinderCases(t, UniqueRectangle1, []finderCase{
		{
			name:      "four boxes",
			elims:     onlyCands("r1c1=12", "r1c5=12", "r5c1=12", "r5c5=123"),
			synthetic: true,
		},
		{
			name:      "fourth cell lacks a digit",
			elims:     onlyCands("r1c1=12", "r1c5=12", "r2c1=12", "r2c5=13"),
			synthetic: true,
		},
		{
			name:  "boxes 3 and 6",
			grid:  "1.3574....65291.7.9.7368.512148357..378629145596417832.3175298...2983.1...9146.2.",
			elims: "r8c9-4",
			want:  "r1c9-6 r1c9-9",
		},
		{
			name:  "boxes 2 and 5",
			grid:  "...5219471423..586975...321..48.271525.1...3.781.35.6.5..214.73.1375..9..27..315.",
			elims: "r3c5-6 r5c6-6 r9c5-6",
			want:  "r5c5-7 r5c5-9",
		},
		{
			name:      "boxes 1 and 2",
			elims:     onlyCands("r1c1=12", "r1c5=12", "r2c1=12", "r2c5=123"),
			want:      "r2c5-1 r2c5-2",
			synthetic: true,
			note:      "unique rectangle type 1: r1c1, r1c5 and r2c1 hold only {1,2}; if r2c5 were 1 or 2 the four cells could trade them for a second solution: 1 leaves r2c5; 2 leaves r2c5",
		},
	})
}

func TestBUGPlus1(t *testing.T) {
	const bug = "3.2.5.1.91.5.2346..4618.325419.3.852253..871686751294362137.5....48652315382.16.."
	runFinderCases(t, BUGPlus1, []finderCase{
		{
			name:  "two cells with three candidates",
			grid:  bug,
			elims: "r1c6-7",
		},
		{
			name:  "r4c5",
			grid:  "123.56.89.56..9132.89123..62.7..4.6.3.8675..46459.28..572.68.918342916..9615.7..8",
			elims: "r2c4-4 r3c7-4 r3c8-7 r4c7-3 r9c7-4",
			want:  "r4c5=3",
		},
		{
			name:  "no cell with three candidates",
			grid:  "123.56.89.56..9132.89123..62.7..4.6.3.8675..46459.28..572.68.918342916..9615.7..8",
			elims: "r2c4-4 r3c7-4 r3c8-7 r4c7-3 r9c7-4 r4c5-8",
		},
		{
			name:  "r2c2",
			grid:  bug,
			elims: "r1c4-7 r1c6-7",
			want:  "r2c2=7",
			note:  "bug+1: every unsolved cell but r2c2 has two candidates, and 7 appears three times in its houses; without 7 the grid would have no unique solution, so r2c2 is 7",
		},
	})
}

func TestUniqueRectangle2(t *testing.T) {
	runFinderCases(t, UniqueRectangle2, []finderCase{
		{
			name:  "se_rated",
			grid:  "..4..8596653921847879465321..6.8.9..485197263..265...8.6754.1825.8.16..9..18..6..",
			elims: "r4c1-3",
			want:  "r9c2-2",
			note:  "unique rectangle type 2: r7c1 and r7c6 hold only {3,9}, r9c1 and r9c6 hold {2,3,9}; one of the roof cells is 2, or the four could trade {3,9} for a second solution: 2 leaves r9c2",
		},
		{name: "blank grid", synthetic: true},
	})
}

func TestUniqueRectangle4(t *testing.T) {
	runFinderCases(t, UniqueRectangle4, []finderCase{
		{
			name:  "se_rated",
			grid:  ".1.823.7....6758....74196...5.964.8.43..8..26....3......8...1....51.62.81...58..4",
			elims: "r2c2-4 r2c8-39 r5c7-7 r6c1-2 r6c2-2 r6c3-2 r6c4-7 r6c6-7 r6c7-7 r6c8-59 r7c1-7 r7c2-7 r7c9-9 r9c2-7 r9c7-9",
			want:  "r7c2-9 r8c2-9",
			note:  "unique rectangle type 4: r7c5 and r8c5 hold only {4,9}; in column 2, 4 goes only in r7c2 or r8c2, so 9 cannot join it there without a second solution: 9 leaves r7c2, r8c2",
		},
		{name: "blank grid", synthetic: true},
	})
}
