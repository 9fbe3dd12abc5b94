package book

import "github.com/sudokubook/sudokubook/engine"

// Example is the worked example the front matter shows: one of the book's
// own puzzles, so it is always a real puzzle with one solution, and a cell
// of it whose digit a reader can see at once because the givens among its
// peers (its row, column and box, and any other house of its kind) already
// hold every other digit.
type Example struct {
	Puzzle Puzzle
	Cell   int   // the cell to point at, in the engine's numbering; -1 for none
	Digit  uint8 // the only digit it can hold
}

// Example picks the front matter's worked example: the first classic 9x9
// puzzle in print order (so the easiest, as sections run easy to hard)
// that has a cell its givens settle alone, and of those cells the one
// nearest the middle of the grid, where the eye looks first. ok is false
// when no classic puzzle of the book has such a cell; the caller then
// shows no example.
func (b *Book) Example() (ex Example, ok bool) {
	for p := range b.All() {
		if p.Geometry() != engine.Classic9 {
			continue // the classic page's example is a classic grid
		}
		if cell, digit, ok := settledCell(p.Geometry(), p.Cells()); ok {
			return Example{Puzzle: *p, Cell: cell, Digit: digit}, true
		}
	}
	return Example{}, false
}

// KindExample is a kind's how-to-play example: the kind, as a section
// names it, and a puzzle of that kind from the book with the cell to
// point at (Cell -1 when no puzzle of the kind has a cell its givens
// settle alone; the page then shows the grid without pointing).
type KindExample struct {
	Variant Variant
	Side    int // the grid side (9 for a figure of 9x9 grids)
	Example
}

// KindExamples lists, for every kind of the book other than classic 9x9,
// in the order the sections first print it, the example its how-to-play
// page shows: the first puzzle of that kind in print order with a cell
// its givens settle (see Example), else the kind's first puzzle.
func (b *Book) KindExamples() []KindExample {
	type kind struct {
		v    Variant
		side int
	}
	var out []KindExample
	index := map[kind]int{}
	for p := range b.All() {
		geo := p.Geometry()
		if geo == engine.Classic9 {
			continue
		}
		key := kind{p.Variant(), geo.N}
		k, seen := index[key]
		if !seen {
			k = len(out)
			index[key] = k
			out = append(out, KindExample{Variant: key.v, Side: key.side, Example: Example{Puzzle: *p, Cell: -1}})
		}
		if out[k].Cell >= 0 {
			continue
		}
		if cell, digit, ok := settledCell(geo, p.Cells()); ok {
			out[k].Puzzle, out[k].Cell, out[k].Digit = *p, cell, digit
		}
	}
	return out
}

// settledCell finds the empty cell of givens on geo that its peers'
// givens settle alone (every other symbol is among them) nearest the
// middle of the grid, and its symbol.
func settledCell(geo *engine.Geometry, givens []uint8) (cell int, digit uint8, ok bool) {
	best, bestDist := -1, 0
	all := uint32(1)<<(geo.N+1) - 2 // symbols 1..N
	for i := range geo.Cells {
		if givens[i] != 0 {
			continue
		}
		var seen uint32
		for _, q := range geo.Peers[i] {
			seen |= engine.Bit(givens[q])
		}
		free := all &^ seen
		if engine.Count(free) != 1 {
			continue
		}
		// Twice the distance from the middle, in cells (the bounding box is square), so that an even
		// side's middle (between cells) is a whole number.
		dr, dc := 2*geo.Row(i)-(geo.Width-1), 2*geo.Col(i)-(geo.Width-1)
		if d := dr*dr + dc*dc; best < 0 || d < bestDist {
			best, bestDist, digit = i, d, engine.FirstDigit(free)
		}
	}
	return best, digit, best >= 0
}
