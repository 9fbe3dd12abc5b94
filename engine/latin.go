package engine

// A Latin square: an n x n grid whose rows and columns each hold every
// digit once, with no boxes. It is the grid of futoshiki (greater-than
// signs between cells) and calcudoku (cages with a target and an
// operation), on sides 3 to 9, odd ones too, as their books print them.
//
// The geometry has 2N houses, rows then columns. It has no regions, and
// Regions gives every cell a region of its own (cell i is region i), so
// that a pattern that asks two cells to share a box (a fish's fin, a
// kite's ends) never finds one, and nothing reads past the houses.

import (
	"bytes"
	"fmt"

	"github.com/sudokubook/sudokubook/engine/canon"
)

// LatinSides are the sides a Latin square is made on.
const (
	minLatinSide = 3
	maxLatinSide = 9
)

// futoshikiSides are futoshiki's sides: the books print 4x4 to 9x9. Every
// level comes at every side (book/testdata/hardest_levels.tsv: the
// slowest, 9x9 extreme, at 4 a CPU second; a 4x4's signs leave room for
// the hardest rungs, as a 4x4 classic's givens do not).
var futoshikiSides = []Side{
	{N: 4, Hardest: Extreme, Printed: true}, {N: 5, Hardest: Extreme, Printed: true},
	{N: 6, Hardest: Extreme, Printed: true}, {N: 7, Hardest: Extreme, Printed: true},
	{N: 8, Hardest: Extreme, Printed: true}, {N: 9, Hardest: Extreme, Printed: true},
}

// calcudokuSides are calcudoku's sides: the books print 3x3 to 9x9
// (book/testdata/hardest_levels.tsv). A 3x3's cages leave nothing past
// the cage rungs; a 9x9 expert comes at 0.28 a CPU second, just over the
// table's 0.25, by way of calcSteer.
var calcudokuSides = []Side{
	{N: 3, Hardest: Easy, Printed: true}, {N: 4, Hardest: Extreme, Printed: true},
	{N: 5, Hardest: Extreme, Printed: true}, {N: 6, Hardest: Extreme, Printed: true},
	{N: 7, Hardest: Extreme, Printed: true}, {N: 8, Hardest: Extreme, Printed: true},
	{N: 9, Hardest: Extreme, Printed: true},
}

// calcudokuNoOpSides are the sides of calcudoku without operations: a
// 3x3 reaches medium, as a cage's operation is for the reader to find;
// a 9x9 expert came at 0.14 a CPU second, under the table's 0.25.
var calcudokuNoOpSides = []Side{
	{N: 3, Hardest: Medium, Printed: true}, {N: 4, Hardest: Extreme, Printed: true},
	{N: 5, Hardest: Extreme, Printed: true}, {N: 6, Hardest: Extreme, Printed: true},
	{N: 7, Hardest: Extreme, Printed: true}, {N: 8, Hardest: Extreme, Printed: true},
	{N: 9, Hardest: Hard, Printed: true},
}

// latinAllowed reports whether a Latin square of side n can be built.
func latinAllowed(n int) error {
	if n < minLatinSide || n > maxLatinSide {
		return fmt.Errorf("%w: a Latin square is %dx%d to %dx%d, not %dx%d", ErrGeometry, minLatinSide, minLatinSide, maxLatinSide, maxLatinSide, n, n)
	}
	return nil
}

// newLatin finishes g, a Latin square with its side and digits set: its
// rows, its columns and the per-cell tables.
func newLatin(g *Geometry) *Geometry {
	n := g.N
	g.Regions = make([]uint8, g.Cells)
	for i := range g.Regions {
		g.Regions[i] = uint8(i)
	}
	for r := range n {
		g.addHouse(RowHouse, func(i int) bool { return i/n == r })
	}
	for c := range n {
		g.addHouse(ColumnHouse, func(i int) bool { return i%n == c })
	}
	g.finish()
	return g
}

// latinSideOf is the side of a Latin square of cells cells, or 0.
func latinSideOf(cells int) int {
	for n := minLatinSide; n <= maxLatinSide; n++ {
		if n*n == cells {
			return n
		}
	}
	return 0
}

// leastLatin is the key of a Latin square without marks: the least, over
// the eight turns and mirrors, of its moved givens relabelled. Row and
// column permutations keep a Latin square too; no kind is made without
// marks, which only the turns and mirrors keep, so this key is never
// banked and needs only be the same for a turned copy.
func leastLatin(g *Geometry, cells []uint8) []uint8 {
	grp := canon.SquareMoves(g.N)
	var best []uint8
	for _, m := range grp.Moves {
		key := canon.Relabel(grp.Apply(m, cells), true)
		if best == nil || bytes.Compare(key, best) < 0 {
			best = key
		}
	}
	return best
}

// GridSides lists the grid sides variant v is built on, smallest first:
// Sizes, but 3 to 9 for a Latin square, which needs no boxes.
func GridSides(v Variant) []int {
	if v == Kakuro {
		out := make([]int, 0, maxKakuroSide-minKakuroSide+1)
		for n := minKakuroSide; n <= maxKakuroSide; n++ {
			out = append(out, n)
		}
		return out
	}
	if v != Latin {
		return Sizes()
	}
	out := make([]int, 0, maxLatinSide-minLatinSide+1)
	for n := minLatinSide; n <= maxLatinSide; n++ {
		out = append(out, n)
	}
	return out
}
