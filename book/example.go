package book

import "github.com/sudokubook/sudokubook/engine"

// Example is the worked example the front matter shows: a puzzle made
// for the page (see Front), never one of the book's, and a cell of it
// whose digit a reader can see at once because the givens among its
// peers (its row, column and box, and any other house of its kind)
// already hold every other digit.
type Example struct {
	Puzzle Puzzle
	Cell   int   // the cell to point at, in the engine's numbering; -1 for none
	Digit  uint8 // the only digit it can hold
}

// Example is the front matter's classic 9x9 worked example. ok is false
// when the book has no classic 9x9 puzzles, or when no fresh one could be
// made (see Front); the caller then shows no example.
func (b *Book) Example() (ex Example, ok bool) {
	f, err := b.MakeFront(1)
	if err != nil || f.Example == nil {
		return Example{}, false
	}
	return *f.Example, true
}

// KindExample is a kind's how-to-play example: the kind, as a section
// names it, and a puzzle of that kind made for the page with the cell to
// point at (Cell -1 when it has no cell its givens settle alone; the page
// then shows the grid without pointing).
type KindExample struct {
	Variant Variant
	Side    int // the grid side (9 for a figure of 9x9 grids)
	Example
}

// KindExamples lists, for every kind of the book other than classic 9x9,
// in the order the sections first print it, the example its how-to-play
// page shows (see Front). A kind no fresh puzzle could be made for has
// an example without a puzzle (Puzzle.Givens nil): its page shows the
// rules alone.
func (b *Book) KindExamples() []KindExample {
	f, err := b.MakeFront(1)
	if err != nil {
		return nil
	}
	return f.Kinds
}

// TitleGrid is the title page's ornament: a puzzle made for it (see
// Front), of the book's first kind, classic 9x9 where the book has it.
// ok is false when there is none.
func (b *Book) TitleGrid() (p Puzzle, ok bool) {
	f, err := b.MakeFront(1)
	if err != nil || f.Title == nil {
		return Puzzle{}, false
	}
	return *f.Title, true
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
