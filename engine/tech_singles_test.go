package engine

import "testing"

func TestFullHouse(t *testing.T) {
	runFinderCases(t, FullHouse, []finderCase{
		{
			name:     "easy50 #1, 44 empty",
			grid:     "..3.2.6..9..3.5..1..18.64....81.29..7.95.41.8..67.82....26.95..8..2.37.9..5.1.3..",
			elims:    "",
			want:     "r2c7=8",
			note:     "full house: r2c7 is the last empty cell of column 7, so it takes 8",
			cheapest: true,
		},
		{
			name:     "easy50 #1, 41 empty",
			grid:     "..3.2.6..9..3.58.1..18.64....81.29..7.95.41.8..67.82....26.95.48.42.37.9..5.1.3..",
			elims:    "",
			want:     "r2c3=7",
			note:     "full house: r2c3 is the last empty cell of column 3, so it takes 7",
			cheapest: true,
		},
		{
			name:      "last cell of row 1",
			grid:      "12345678.........................................................................",
			want:      "r1c9=9",
			note:      "full house: r1c9 is the last empty cell of row 1, so it takes 9",
			synthetic: true,
		},
		{name: "two cells left in row 1", grid: "1234567..........................................................................", synthetic: true},
		{
			// A board already broken must not be mended by a placement.
			name:      "last cell has lost the missing digit",
			grid:      "12345678.........................................................................",
			elims:     "r1c9-9",
			synthetic: true,
		},
		{name: "start of easy50 #1", grid: "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."},
	})
}

func TestNakedSingle(t *testing.T) {
	runFinderCases(t, NakedSingle, []finderCase{
		{
			name:  "easy50 #1, 49 empty",
			grid:  "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
			elims: "",
			want:  "r5c6=4",
			note:  "naked single: r5c6 can only be 4",
		},
		{
			name:  "easy50 #1, 48 empty",
			grid:  "..3.2.6..9..3.5..1..18.64....81.29..7....4..8..67.82....26.95..8..2.3..9..5.1.3..",
			elims: "",
			want:  "r5c3=9",
			note:  "naked single: r5c3 can only be 9",
		},
		{
			name:      "one candidate left",
			elims:     "r5c5-12345678",
			want:      "r5c5=9",
			note:      "naked single: r5c5 can only be 9",
			synthetic: true,
		},
		{name: "blank grid", synthetic: true},
		{name: "two candidates in two cells", grid: "1234567..........................................................................", synthetic: true},
	})
}

func TestHiddenSingle(t *testing.T) {
	runFinderCases(t, HiddenSingle, []finderCase{
		{
			name:     "easy50 #2, 50 empty",
			grid:     "2...8.3...6..7..84.3.56.2.9...1.54.8.........4.27.6...3.1..7.4.72..4..6...4.1...3",
			elims:    "",
			want:     "r1c2=4",
			note:     "hidden single: in box 1, 4 fits only in r1c2",
			cheapest: true,
		},
		{
			name:     "easy50 #2, 46 empty",
			grid:     "24.9813...6..7..84.3.5642.9...1.54.8.........4.27.6...3.1..7.4.72..4..6...4.1...3",
			elims:    "",
			want:     "r1c9=6",
			note:     "hidden single: in box 3, 6 fits only in r1c9",
			cheapest: true,
		},
		{
			name:      "in a box",
			elims:     onlyIn(7, "b5", "r4c6"),
			want:      "r4c6=7",
			note:      "hidden single: in box 5, 7 fits only in r4c6",
			synthetic: true,
		},
		{
			// Boxes are scanned before rows.
			name:      "in a row and in a box",
			elims:     onlyIn(2, "r9", "r9c1") + " " + onlyIn(7, "b5", "r4c6"),
			want:      "r4c6=7",
			synthetic: true,
		},
		{
			name:      "in a column",
			elims:     onlyIn(8, "c2", "r6c2"),
			want:      "r6c2=8",
			note:      "hidden single: in column 2, 8 fits only in r6c2",
			synthetic: true,
		},
		{name: "blank grid", synthetic: true},
		{name: "two places in row 1", grid: "1234567..........................................................................", synthetic: true},
	})
}
