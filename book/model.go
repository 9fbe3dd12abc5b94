package book

import "github.com/sudokubook/sudokubook/engine"

// Book is the assembled content of a book: the spec it came from and its
// sections in print order, each holding its numbered puzzles.
type Book struct {
	Spec     *Spec
	Sections []Section
}

// Section is one run of puzzles printed together under one heading.
type Section struct {
	Title   string
	Level   engine.Level
	Puzzles []Puzzle
}

// Puzzle is one numbered puzzle of the book. Numbers run from 1 across the
// whole book in print order.
//
// A classic 9x9 puzzle is in Grid and Solution and has no Geo; any other
// kind carries its geometry (a jigsaw's regions and a killer's cages are
// in it) and its cells in Geo, Givens and Answer, as engine.Puzzle does.
// Geometry, Cells and SolutionCells read either.
type Puzzle struct {
	Number   int
	Section  int // index into Book.Sections
	Level    engine.Level
	Grid     engine.Grid // the givens
	Solution engine.Grid

	Geo            *engine.Geometry
	Givens, Answer []uint8

	Clues   int
	Score   int
	Hardest engine.Technique
	Rating  engine.Rating // on the SE scale
	Hint    string        // with Spec.Hints: the first step past the easy rungs, "" for an easy puzzle
}

// Puzzles returns every puzzle of the book in print order.
func (b *Book) Puzzles() []Puzzle {
	var out []Puzzle
	for _, s := range b.Sections {
		out = append(out, s.Puzzles...)
	}
	return out
}

// PageMap records where the layout printed each puzzle: 1-based PDF page
// indexes keyed by puzzle number. Layout fills it; the manifest reports it.
type PageMap struct {
	Puzzle   map[int]int
	Solution map[int]int
	Pages    int // total pages of the book PDF
}
