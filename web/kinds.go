package web

// Calcudoku and kakuro on the page: the shape's kc and kt fields carry a
// calcudoku's cages, kk and ks a kakuro's shape and clues, which the
// page's kind script (assets/kinds.js) draws as the book prints them. A
// book's page carries that script only when one of its puzzles has such
// a shape (hasKinds): a book of sudoku does not pay for it. The generator
// page always carries it, as it may make either kind.
//
//	kc  a calcudoku's cages, a character a cell naming its cage
//	    (cageBase plus its index; the engine numbers cages by their
//	    first cell), drawn as heavy outlines along the cell lines
//	kt  their clues as printed ("12×", "2÷", "3−", a one-cell cage's
//	    digit), parted by commas, each in its cage's first cell
//	kk  a kakuro's shape, a character a place: "." a white cell, "-" a
//	    clue cell
//	ks  its runs' clues, cageBase plus the clue, in the engine's order
//	    (the across runs by their first cells in reading order, then
//	    the down runs), which the page finds again from the shape
//
// Neither kind's constraint is known to the page's search, so their
// puzzles carry their solutions (puzzle.A). The page's hints take the
// singles and subsets its own rungs find on rows and columns (a kakuro
// has none: its runs' cells are peers only), and the grader's stored
// steps of the kinds' rungs (kindRungs) where the grader's ladder takes
// them.

import (
	"strings"

	"github.com/sudokubook/sudokubook/engine"
)

// kakuroGeom describes a kakuro for the page: its box (Width a side) of
// digits 1 to 9, its shape and its clues.
func kakuroGeom(g *engine.Geometry) geom {
	w := g.Width
	shape := []byte(strings.Repeat("-", w*w))
	for i := range g.Cells {
		shape[g.Place(i)] = '.'
	}
	out := geom{N: w, Digits: 9, Kakuro: string(shape)}
	if k := g.KakuroRuns(); k != nil {
		sums := make([]byte, 0, len(k.Runs()))
		for _, r := range k.Runs() {
			sums = append(sums, byte(cageBase+r.Sum))
		}
		out.Clues = string(sums)
	}
	return out
}

// calcGeom writes a calcudoku's cages into out.
func calcGeom(out *geom, g *engine.Geometry, k *engine.CalcCages) {
	m := make([]byte, g.Cells)
	clues := make([]string, 0, len(k.Cages()))
	for ci, c := range k.Cages() {
		for _, x := range c.Cells {
			m[x] = byte(cageBase + ci)
		}
		clues = append(clues, strings.ReplaceAll(c.Printed(), "-", "−"))
	}
	out.Calc, out.CalcClues = string(m), strings.Join(clues, ",")
}
