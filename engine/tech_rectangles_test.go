package engine

import "testing"

func TestUniqueRectangle3(t *testing.T) {
	runFinderCases(t, UniqueRectangle3, []finderCase{
		{
			name:  "pair in box 5",
			grid:  "3...2..68.869..32..2.6....1.6....2....8241.362.3.6..8.6..4.2.73.34..6.92872...6.4",
			elims: "r2c1-7 r3c5-57 r3c6-457 r4c1-9 r4c3-9 r4c8-5 r5c7-9 r6c2-59 r6c7-579 r7c5-19",
			want:  "r4c4-5 r4c4-7",
			note:  "unique rectangle type 3: r3c5 and r3c6 hold only {3,8}; r4c5 or r4c6 holds one of {5,7,9}, or the four could trade {3,8} for a second solution, so with r6c4 and r6c6 they lock {5,7,9} in box 5: 5 leaves r4c4; 7 leaves r4c4",
		},
		{
			name:  "triple in column 7",
			grid:  ".653.1...3875241962.186.....3.2.8..11.864...7...1...8...4936.12612785439..341276.",
			elims: "r3c8-4 r4c1-9 r5c2-9 r5c7-25 r6c1-9 r6c2-9",
			want:  "r5c7-3",
		},
		{
			// Floor r1c1 r1c4 {1,2}, roof r2c1 {1,2,3} r2c4 {1,2,4},
			// boxes 1 and 2: with r2c7 {3,4} the roof and r2c7 lock 3
			// and 4 in row 2.
			name:      "pair in row 2",
			elims:     onlyCands("r1c1=12", "r1c4=12", "r2c1=123", "r2c4=124", "r2c7=34"),
			want:      "r2c2-3 r2c2-4 r2c3-3 r2c3-4 r2c5-3 r2c5-4 r2c6-3 r2c6-4 r2c8-3 r2c8-4 r2c9-3 r2c9-4",
			synthetic: true,
		},
		{
			// With r2c7 {3,5} no cells lock the roof's extra digits.
			name:      "no subset",
			elims:     onlyCands("r1c1=12", "r1c4=12", "r2c1=123", "r2c4=124", "r2c7=35"),
			synthetic: true,
		},
		{
			// r1c1 r1c4 over r4c1 r4c4 lie in four boxes: they could not
			// swap, so this is no rectangle.
			name:      "four boxes",
			elims:     onlyCands("r1c1=12", "r1c4=12", "r4c1=123", "r4c4=124", "r4c7=34"),
			synthetic: true,
		},
	})
}

func TestHiddenRectangle(t *testing.T) {
	runFinderCases(t, HiddenRectangle, []finderCase{
		{
			name:  "corner r1c3",
			grid:  "...268.912...174.6.61.452..1.26.9.4..4..21.6...67.41.26.54.231..13.76.24.2.1.36..",
			elims: "r2c2-3 r3c1-3 r5c1-9 r5c3-9 r5c4-3 r5c9-7 r8c4-9",
			want:  "r9c1-7",
			note:  "hidden rectangle: r1c3 holds only {4,7}, and 4 goes only in r9c3 or r9c1 in row 9 and in r1c1 or r9c1 in column 1; were r9c1 7, the four could trade {4,7} for a second solution: 7 leaves r9c1",
		},
		{
			name:  "corner r3c4",
			grid:  "98.1.4.52..5.78.9.1.4.956.84.9.528.7..39.12455..4.7..9.5.74698..9.523....4.81952.",
			elims: "r2c1-3 r2c7-3 r2c9-3 r6c3-16 r6c8-3 r8c1-7 r8c3-67 r8c7-1 r8c8-6 r8c9-1",
			want:  "r2c2-2",
		},
		{
			// Corner r1c1 {1,2}, opposite corner r2c4 in boxes 1 and 2; 1
			// has no other place in row 2 but has some in column 4: r2c4
			// may be 2 with r1c4 holding 1.
			name:      "one line only",
			elims:     onlyCands("r1c1=12", "r1c4=123", "r2c1=124", "r2c4=125") + " " + onlyIn(1, "r2", "r2c1", "r2c4"),
			synthetic: true,
		},
		{
			name:      "both lines",
			elims:     onlyCands("r1c1=12", "r1c4=123", "r2c1=124", "r2c4=125") + " " + onlyIn(1, "r2", "r2c1", "r2c4") + " " + onlyIn(1, "c4", "r1c4", "r2c4"),
			want:      "r2c4-2",
			synthetic: true,
		},
		{
			// The same corners across four boxes could not swap.
			name:      "four boxes",
			elims:     onlyCands("r1c1=12", "r1c4=123", "r4c1=124", "r4c4=125") + " " + onlyIn(1, "r4", "r4c1", "r4c4") + " " + onlyIn(1, "c4", "r1c4", "r4c4"),
			synthetic: true,
		},
	})
}

func TestUniqueRectangle5(t *testing.T) {
	runFinderCases(t, UniqueRectangle5, []finderCase{
		{
			name:  "three corners with 4",
			grid:  ".9257..6.678.4...21...62.79..6.17..85.76.3..49.1.2573676.2.....2..1.69.7819734625",
			elims: "r1c7-13 r3c2-4 r3c7-35 r7c3-3 r7c7-48 r7c8-1",
			want:  "r7c3-4",
			note:  "unique rectangle type 5: r3c2, r3c3, r8c2 and r8c3 hold {3,5} and only 4 besides; one of r3c3, r8c2 and r8c3 is 4, or the four could trade {3,5} for a second solution: 4 leaves r7c3",
		},
		{
			name:  "box 5",
			grid:  "37.1.6.4..14.536...654.8.314215.9....9...4.2..5...24.954...1873.37.85..4.8.347.56",
			elims: "r1c7-2 r3c7-2 r5c7-7 r5c9-8 r6c1-6 r6c8-8",
			want:  "r5c5-6",
		},
		{
			// r1c1 {1,2}, r2c4 {1,2}; r1c4 {1,2,3} and r2c1 {1,2,3} on the
			// other diagonal: 3 leaves the cells seeing both, r1c2 r1c3
			// (row 1, box 1) and r2c5 r2c6 (row 2, box 2).
			name:      "diagonal",
			elims:     onlyCands("r1c1=12", "r2c4=12", "r1c4=123", "r2c1=123"),
			want:      "r1c2-3 r1c3-3 r2c5-3 r2c6-3",
			synthetic: true,
		},
		{
			// The extras differ (3 and 4): no one digit must be there.
			name:      "two extras",
			elims:     onlyCands("r1c1=12", "r2c4=12", "r1c4=123", "r2c1=124"),
			synthetic: true,
		},
	})
}

func TestUniqueRectangle6(t *testing.T) {
	runFinderCases(t, UniqueRectangle6, []finderCase{
		{
			name:  "rows 8 and 9",
			grid:  "..541236.3..769..22.6358..17..621..41548937266295471..46.9852....72346....217684.",
			elims: "r4c8-38 r8c8-5",
			want:  "r8c1-5 r9c9-5",
			note:  "unique rectangle type 6: r8c9 and r9c1 hold only {5,9}, and 5 goes only in the rectangle in row 8 and row 9; were r8c1 and r9c9 5, the four could trade {5,9} for a second solution: 5 leaves r8c1, r9c9",
		},
		{
			name:  "rows 6 and 7",
			grid:  "7..48.93.46.....2883.21.....74.2831..9..3.8...8.54.27..4.892.5.91....482..81.4.93",
			elims: "r1c9-5 r3c9-56 r5c3-1 r5c6-6 r5c9-6 r6c3-1 r6c6-6 r8c3-3 r8c4-6 r8c6-6",
			want:  "r6c1-3 r7c3-3",
		},
		{
			name:      "rows 1 and 2",
			elims:     onlyCands("r1c1=12", "r2c4=12", "r1c4=123", "r2c1=124") + " " + onlyIn(1, "r1", "r1c1", "r1c4") + " " + onlyIn(1, "r2", "r2c1", "r2c4"),
			want:      "r1c4-1 r2c1-1",
			synthetic: true,
		},
		{
			// 1 has a third place in row 2.
			name:      "one row open",
			elims:     onlyCands("r1c1=12", "r2c4=12", "r1c4=123", "r2c1=124") + " " + onlyIn(1, "r1", "r1c1", "r1c4") + " " + onlyIn(1, "r2", "r2c1", "r2c4", "r2c9"),
			synthetic: true,
		},
	})
}
