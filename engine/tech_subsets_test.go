package engine

import "testing"

func TestNakedPair(t *testing.T) {
	runFinderCases(t, NakedPair, []finderCase{
		{
			name:     "easy50 #7, 45 empty",
			grid:     ".4398.25.6..425...2....1.949....4.7.3..6.8...41.2.9..382.5.............553489.71.",
			elims:    "r3c5-7 r3c7-3 r7c5-3 r7c5-7 r8c4-3 r8c5-3 r8c5-7",
			want:     "r8c2-7 r8c3-1 r8c3-7 r8c5-1 r8c6-7",
			note:     "naked pair: in row 8, r8c1 and r8c4 hold only 1 and 7, so 1 leaves r8c3, r8c5; 7 leaves r8c2, r8c3, r8c6",
			cheapest: true,
		},
		{
			name:     "easy50 #7, 45 empty",
			grid:     ".4398.25.6..425...2....1.949....4.7.3..6.8...41.2.9..382.5.............553489.71.",
			elims:    "r3c5-7 r3c7-3 r7c5-3 r7c5-7 r8c2-7 r8c3-1 r8c3-7 r8c4-3 r8c5-3 r8c5-7",
			want:     "r7c3-6 r7c3-9",
			note:     "naked pair: in box 7, r8c2 and r8c3 hold only 6 and 9, so 6 leaves r7c3; 9 leaves r7c3",
			cheapest: true,
		},
		{
			name:      "two cells of row 1",
			grid:      ".....1245........................................................................",
			elims:     "r1c1-689 r1c5-689",
			want:      "r1c2-3 r1c2-7 r1c3-3 r1c3-7 r1c4-3 r1c4-7",
			note:      "naked pair: in row 1, r1c1 and r1c5 hold only 3 and 7, so 3 leaves r1c2, r1c3, r1c4; 7 leaves r1c2, r1c3, r1c4",
			synthetic: true,
		},
		{
			name:      "three digits in two cells",
			grid:      ".....1245........................................................................",
			elims:     "r1c1-689 r1c5-679",
			synthetic: true,
		},
		{name: "blank grid", synthetic: true},
	})
}

func TestHiddenPair(t *testing.T) {
	runFinderCases(t, HiddenPair, []finderCase{
		{
			name:     "easy50 #7, 44 empty",
			grid:     ".4398.25.6..425...2....1.949....4.7.3..6.8...41.2.9..382.5.........4...553489.71.",
			elims:    "r3c5-7 r3c7-3 r7c3-6 r7c3-9 r7c5-3 r7c5-7 r8c2-7 r8c3-1 r8c3-7 r8c4-3 r8c6-6 r8c6-7 r8c7-6 r8c7-9 r8c8-6",
			want:     "r5c7-1 r5c7-5 r7c7-3 r7c7-6",
			note:     "hidden pair: in column 7, 4 and 9 fit only in r5c7 and r7c7, so 1 leaves r5c7; 3 leaves r7c7; 5 leaves r5c7; 6 leaves r7c7",
			cheapest: true,
		},
		{
			name:     "easy50 #50, 38 empty",
			grid:     "3.128...7...1.7...7.693451..7.4.918.9.8.217.4.1.873.5...9.4.371...7.28.5..73.8..6",
			elims:    "r2c2-2 r2c2-8 r7c1-5 r7c1-6 r7c2-5 r7c2-6 r8c5-6 r9c1-2 r9c2-2 r9c5-5",
			want:     "r5c2-5 r8c2-4",
			note:     "hidden pair: in column 2, 3 and 6 fit only in r5c2 and r8c2, so 4 leaves r8c2; 5 leaves r5c2",
			cheapest: true,
		},
		{
			name:      "two digits in two cells of row 1",
			grid:      "..34.5789........................................................................",
			elims:     "r1c5-26",
			want:      "r1c1-1 r1c2-1",
			note:      "hidden pair: in row 1, 2 and 6 fit only in r1c1 and r1c2, so 1 leaves r1c1, r1c2",
			synthetic: true,
		},
		{name: "2 and 6 still have three places", grid: "..34.5789........................................................................", synthetic: true},
		{name: "blank grid", synthetic: true},
	})
}

func TestNakedTriple(t *testing.T) {
	runFinderCases(t, NakedTriple, []finderCase{
		{
			name:     "top95 #5, 62 empty",
			grid:     "....14....3....2...7..........9...3.6.1.............8.2.....1.4....5.6.8.1.7.8...",
			elims:    "r1c8-7 r1c9-6 r2c8-7 r2c9-1 r2c9-6 r2c9-7 r3c9-1 r3c9-6 r4c9-2 r4c9-5 r4c9-7 r5c2-2 r5c4-2 r5c5-2 r5c6-2 r5c8-7 r6c4-3 r6c5-3 r6c6-3 r6c9-2 r6c9-5 r6c9-7 r6c9-9 r9c1-3 r9c3-3 r9c5-3",
			want:     "r8c4-3 r8c6-3 r8c6-9 r9c5-6 r9c5-9",
			note:     "naked triple: in box 8, r7c4, r7c5 and r7c6 hold only 3, 6 and 9, so 3 leaves r8c4, r8c6; 6 leaves r9c5; 9 leaves r8c6, r9c5",
			cheapest: true,
		},
		{
			name:     "top95 #15, 55 empty",
			grid:     "12....3.8.7.4.8....8.......2.3.1....4.7....958.5......95.6...7..31.8.2...4.......",
			elims:    "r2c1-6 r2c7-1 r3c1-6 r3c4-7 r3c5-7 r3c6-7 r3c7-1 r3c8-1 r3c9-1 r6c4-2 r6c4-3 r6c5-2 r6c5-3 r6c6-2 r6c6-3 r6c8-1 r6c8-4 r6c8-6 r6c9-1 r6c9-4 r6c9-6 r6c9-7 r7c7-1 r9c3-6 r9c7-1",
			want:     "r3c4-5 r3c4-9 r4c4-5 r4c4-7 r4c4-9 r9c4-5 r9c4-7 r9c4-9",
			note:     "naked triple: in column 4, r1c4, r6c4 and r8c4 hold only 5, 7 and 9, so 5 leaves r3c4, r4c4, r9c4; 7 leaves r4c4, r9c4; 9 leaves r3c4, r4c4, r9c4",
			cheapest: true,
		},
		{
			// No cell holds all three digits.
			name:      "pairs that make a triple",
			grid:      "9.1.2.4.6........................................................................",
			elims:     "r1c2-58 r1c4-35 r1c6-57",
			want:      "r1c8-3 r1c8-7 r1c8-8",
			note:      "naked triple: in row 1, r1c2, r1c4 and r1c6 hold only 3, 7 and 8, so 3 leaves r1c8; 7 leaves r1c8; 8 leaves r1c8",
			synthetic: true,
		},
		{
			// The three cells are all the row has left: nothing to remove.
			name:      "whole house",
			grid:      "951.2.4.6........................................................................",
			elims:     "r1c4-8 r1c6-7",
			synthetic: true,
		},
		{name: "blank grid", synthetic: true},
	})
}

func TestHiddenTriple(t *testing.T) {
	runFinderCases(t, HiddenTriple, []finderCase{
		{
			name:     "top95 #20, 55 empty",
			grid:     "..84...3....3.....9....157479...8........7..514.9...2...9.6...2.5....4......9..56",
			elims:    "r2c3-5 r2c5-8 r5c7-8 r5c8-8 r6c7-3 r6c7-6 r6c9-3 r8c5-7",
			want:     "r2c3-2 r2c3-6 r8c3-2 r8c3-3 r8c3-6 r9c3-2 r9c3-3",
			note:     "hidden triple: in column 3, 1, 4 and 7 fit only in r2c3, r8c3 and r9c3, so 2 leaves r2c3, r8c3, r9c3; 3 leaves r8c3, r9c3; 6 leaves r2c3, r8c3",
			cheapest: true,
		},
		{
			name:     "top95 #31, 53 empty",
			grid:     "3856.1...1.95......2..3.51......5....3..1..6....4......17.5..8...31..9.......7132",
			elims:    "r4c1-2 r5c1-2 r6c1-2 r7c1-4 r7c1-6 r7c6-4 r7c6-6 r8c1-5 r8c2-5 r8c8-4 r8c9-4 r8c9-6",
			want:     "r2c7-2 r2c7-4 r2c7-7 r2c9-4 r2c9-7 r3c9-4 r3c9-7 r3c9-9",
			note:     "hidden triple: in box 3, 3, 6 and 8 fit only in r2c7, r2c9 and r3c9, so 2 leaves r2c7; 4 leaves r2c7, r2c9, r3c9; 7 leaves r2c7, r2c9, r3c9; 9 leaves r3c9",
			cheapest: true,
		},
		{name: "blank grid", synthetic: true},
	})
}

func TestNakedQuad(t *testing.T) {
	runFinderCases(t, NakedQuad, []finderCase{
		{
			name:     "top95 #72, 50 empty",
			grid:     "...67..8...6...5...2...3.61.14..7.52..812534.2..9.4.....2......58..46.3.4...1....",
			elims:    "r1c6-9 r2c4-2 r2c6-8 r2c6-9 r3c3-5 r7c4-8 r7c5-8 r7c5-9 r9c4-8 r9c6-2",
			want:     "r7c7-1 r7c7-7 r7c7-9 r7c9-7 r7c9-9 r9c7-2 r9c7-7 r9c7-9 r9c9-7 r9c9-9",
			note:     "naked quad: in box 9, r7c8, r8c7, r8c9 and r9c8 hold only 1, 2, 7 and 9, so 1 leaves r7c7; 2 leaves r9c7; 7 leaves r7c7, r7c9, r9c7, r9c9; 9 leaves r7c7, r7c9, r9c7, r9c9",
			cheapest: true,
		},
		{
			name:     "top1465 #156, 59 empty",
			grid:     "12......9.5..9.2.3........4.3.........18.........246......67.5...2.41.7.9........",
			elims:    "r1c7-8 r3c7-1 r3c7-8 r4c4-9 r4c7-5 r4c7-7 r4c7-9 r4c8-1 r4c8-8 r5c7-5 r5c7-7 r5c7-9 r6c4-9 r6c8-1 r6c8-8 r8c1-6 r8c1-8 r8c7-8 r9c2-8 r9c3-8 r9c7-8 r9c8-1 r9c8-6 r9c8-8 r9c9-8",
			want:     "r4c7-4 r4c9-2 r5c9-2",
			note:     "naked quad: in box 6, r4c8, r5c7, r5c8 and r6c8 hold only 2, 3, 4 and 9, so 2 leaves r4c9, r5c9; 4 leaves r4c7",
			cheapest: true,
		},
		{name: "blank grid", synthetic: true},
	})
}

func TestHiddenQuad(t *testing.T) {
	runFinderCases(t, HiddenQuad, []finderCase{
		{
			name:     "top1465 #510, 54 empty",
			grid:     "..6......35..1..6..17..3.5..6...9.4..2.356..8...2..6.........9.672.....3.8....7.6",
			elims:    "r6c1-4 r6c2-4 r6c3-4 r9c4-9 r9c5-9 r9c6-2",
			want:     "r7c4-1 r7c4-4 r7c4-5 r7c4-8 r7c5-4 r7c5-8 r7c6-1 r7c6-4 r7c6-5 r7c6-8 r9c5-4",
			note:     "hidden quad: in box 8, 2, 3, 6 and 7 fit only in r7c4, r7c5, r7c6 and r9c5, so 1 leaves r7c4, r7c6; 4 leaves r7c4, r7c5, r7c6, r9c5; 5 leaves r7c4, r7c6; 8 leaves r7c4, r7c5, r7c6",
			cheapest: true,
		},
		{
			name:     "top1465 #707, 43 empty",
			grid:     "...2.17..2.16.7..3867439521.2..9....3.9.7....17.56.....1..4.6.2....2.18.7.2.16..9",
			elims:    "r4c8-6 r4c9-6 r6c6-4 r6c6-8 r6c7-4 r6c7-8 r6c8-4 r7c4-3 r7c4-8 r8c4-3",
			want:     "r4c8-3 r4c8-4 r4c9-4 r4c9-8 r5c8-4 r5c9-4 r5c9-8",
			note:     "hidden quad: in box 6, 1, 5, 6 and 7 fit only in r4c8, r4c9, r5c8 and r5c9, so 3 leaves r4c8; 4 leaves r4c8, r4c9, r5c8, r5c9; 8 leaves r4c9, r5c9",
			cheapest: true,
		},
		{name: "blank grid", synthetic: true},
	})
}
