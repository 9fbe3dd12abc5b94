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
