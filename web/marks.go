package web

// Marks on the page: the constraints a book prints on the cells besides
// killer cages (cages.go), in the shape's fields the page's script draws
// them from, as the layout draws them:
//
//	th  thermometers, each its cells from the bulb: a grey bulb and a
//	    thick grey line through the cells' middles
//	ar  arrows, each its circle's cell, then the shaft's: an open circle
//	    and a thin line with a head
//	pa  even-odd marks, a character a cell: 0 none, 1 even (a grey
//	    square), 2 odd (a grey disc)
//	ek  the edge marks' kind, the first letter of its rule: k kropki,
//	    x xv, c consecutive, g greater-than
//	em  the edge marks, two characters a cell, for the edge on its right
//	    and the edge below it: 0 none, else the mark (kropki 1 white,
//	    2 black; xv 1 X, 2 V; greater-than 1 points to the cell, 2 to
//	    its neighbour)
//	pe  the cells a constraint keeps apart beyond the houses and cages
//	    (a thermometer's cells, an arrow's circle and shaft, a knight's
//	    or a king's move), two cellChars a pair: the page's candidates
//	    and its search leave a placed digit out of them, as the engine's
//	    peers do (anti-knight and anti-king are nothing else, so their
//	    puzzles are searched like any other)
//
// The page's own search knows houses, cages, these peers and the parity
// marks only, so a puzzle whose geometry carries any other mark also
// carries its solution (puzzle.A): the search would find a grid that
// keeps the houses and breaks the marks.

import (
	"slices"
	"strings"

	"github.com/sudokubook/sudokubook/engine"
)

// marksGeom writes constraint c of g into the shape out, and says
// whether it is one of the marks above.
func marksGeom(out *geom, g *engine.Geometry, c engine.Constraint) bool {
	switch c := c.(type) {
	case engine.Thermos:
		out.Thermos = c.Lines()
	case engine.Arrows:
		out.Arrows = c.Lines()
	case engine.ParityCells:
		b := make([]byte, g.Cells)
		for i, m := range c.Cells() {
			b[i] = '0' + m
		}
		out.Parity = string(b)
	case *engine.EdgeMarks:
		out.EdgeKind = c.Name()[:1]
		b := []byte(strings.Repeat("0", 2*g.Cells))
		for k, e := range c.Edges() {
			if m := c.Mark(k); m != 0 {
				at := 2 * e.A
				if e.Down() {
					at++
				}
				b[at] = '0' + m
			}
		}
		out.Edges = string(b)
	case engine.ApartCells:
		// Peers only (see peersGeom): the search knows them.
		return false
	default:
		return false
	}
	return true
}

// peersGeom writes into out the pairs of cells g's constraints keep apart
// that share no house and no cage (see pe above), on a grid of up to
// len(cellChars) cells.
func peersGeom(out *geom, g *engine.Geometry) {
	if g.Cells > len(cellChars) {
		return
	}
	var b strings.Builder
	for a := range g.Cells {
		for _, p := range g.Peers[a] {
			if p > a && !sharesHouse(g, a, p) && !sameCage(g, a, p) {
				writeIndex(&b, g.Cells, a)
				writeIndex(&b, g.Cells, p)
			}
		}
	}
	out.Peers = b.String()
}

func sharesHouse(g *engine.Geometry, a, b int) bool {
	for _, u := range g.CellHouses[a] {
		if slices.Contains(g.CellHouses[b], u) {
			return true
		}
	}
	return false
}

func sameCage(g *engine.Geometry, a, b int) bool {
	return slices.ContainsFunc(g.Cages, func(k engine.Cage) bool { return slices.Contains(k.Cells, a) && slices.Contains(k.Cells, b) })
}
