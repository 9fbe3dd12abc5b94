package engine

import "testing"

func TestUniqueRectangle1(t *testing.T) {
	runFinderCases(t, UniqueRectangle1, []finderCase{
		{
			name:   "boxes 1 and 2",
			puzzle: emptyGrid,
			edits:  []string{"r1c1=12", "r1c5=12", "r2c1=12", "r2c5=123"},
			want:   []string{"r2c5-1", "r2c5-2"},
			note:   "unique rectangle type 1: r1c1, r1c5 and r2c1 hold only {1,2}; if r2c5 were 1 or 2 the four cells could trade them for a second solution: 1 leaves r2c5; 2 leaves r2c5",
		},
		{
			name:   "four boxes",
			puzzle: emptyGrid,
			edits:  []string{"r1c1=12", "r1c5=12", "r5c1=12", "r5c5=123"},
		},
		{
			name:   "fourth cell lacks a digit",
			puzzle: emptyGrid,
			edits:  []string{"r1c1=12", "r1c5=12", "r2c1=12", "r2c5=13"},
		},
		{
			name:   "boxes 3 and 6",
			puzzle: "1.3574....65291.7.9.7368.512148357..378629145596417832.3175298...2983.1...9146.2.",
			edits:  []string{"r8c9-4"},
			want:   []string{"r1c9-6", "r1c9-9"},
			unique: true,
		},
		{
			name:   "boxes 2 and 5",
			puzzle: "...5219471423..586975...321..48.271525.1...3.781.35.6.5..214.73.1375..9..27..315.",
			edits:  []string{"r3c5-6", "r5c6-6", "r9c5-6"},
			want:   []string{"r5c5-7", "r5c5-9"},
			unique: true,
		},
	})
}

func TestBUGPlus1(t *testing.T) {
	const bug = "3.2.5.1.91.5.2346..4618.325419.3.852253..871686751294362137.5....48652315382.16.."
	runFinderCases(t, BUGPlus1, []finderCase{
		{
			name:   "r2c2",
			puzzle: bug,
			edits:  []string{"r1c4-7", "r1c6-7"},
			want:   []string{"r2c2=7"},
			note:   "bug+1: every unsolved cell but r2c2 has two candidates, and 7 appears three times in its houses; without 7 the grid would have no unique solution, so r2c2 is 7",
			unique: true,
		},
		{
			name:   "two cells with three candidates",
			puzzle: bug,
			edits:  []string{"r1c6-7"},
			unique: true,
		},
		{
			name:   "r4c5",
			puzzle: "123.56.89.56..9132.89123..62.7..4.6.3.8675..46459.28..572.68.918342916..9615.7..8",
			edits:  []string{"r2c4-4", "r3c7-4", "r3c8-7", "r4c7-3", "r9c7-4"},
			want:   []string{"r4c5=3"},
			unique: true,
		},
		{
			name:   "a house off the grave",
			puzzle: "123.56.89.56..9132.89123..62.7..4.6.3.8675..46459.28..572.68.918342916..9615.7..8",
			edits:  []string{"r2c4-4", "r3c7-4", "r3c8-7", "r4c7-3", "r9c7-4", "r1c7=45"},
		},
	})
}
