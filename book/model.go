package book

import (
	"iter"

	"github.com/sudokubook/sudokubook/engine"
)

// Book is the assembled content of a book: the spec it came from and its
// sections in print order, each holding its numbered puzzles.
type Book struct {
	Spec     *Spec
	Sections []Section
	front    *frontState // the front matter's own grids, made once (MakeFront)
	avoid    func(engine.Puzzle) bool
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
// Like engine.Puzzle it carries its geometry (a jigsaw's regions and a
// killer's cages are in it) and its cells in Geo, Givens and Answer,
// whatever the kind.
type Puzzle struct {
	Number  int
	Section int // index into Book.Sections
	Level   engine.Level

	Geo            *engine.Geometry
	Givens, Answer []uint8

	Clues   int
	Score   int
	Hardest engine.Technique
	Rating  engine.Rating // on the SE scale
	Hint    string        // with Spec.Hints: the first step past the easy rungs, "" for an easy puzzle
}

// All yields every puzzle of the book in print order, in place.
func (b *Book) All() iter.Seq[*Puzzle] {
	return func(yield func(*Puzzle) bool) {
		for i := range b.Sections {
			ps := b.Sections[i].Puzzles
			for j := range ps {
				if !yield(&ps[j]) {
					return
				}
			}
		}
	}
}

// Len is the number of puzzles in the book.
func (b *Book) Len() int {
	n := 0
	for _, s := range b.Sections {
		n += len(s.Puzzles)
	}
	return n
}

// At is the book's puzzle i (0-based) in print order, in place. It walks
// the sections, which are few.
func (b *Book) At(i int) *Puzzle {
	for k := range b.Sections {
		ps := b.Sections[k].Puzzles
		if i < len(ps) {
			return &ps[i]
		}
		i -= len(ps)
	}
	panic("book: puzzle index out of range")
}

// PageMap records where the layout printed each puzzle: 1-based PDF page
// indexes keyed by puzzle number. Layout fills it; the manifest reports it.
type PageMap struct {
	Puzzle   map[int]int
	Solution map[int]int
	Pages    int // total pages of the book PDF
}
