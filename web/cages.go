package web

// Killer cages on the page: the geometry's cages in the shape's cg and cs
// fields, which the page's script draws as dashed outlines with their
// sums.

import (
	"strings"

	"github.com/sudokubook/sudokubook/engine"
)

// layersGeom writes the constraints of g into its shape out, each by
// its own file, chosen by the constraint's type: cages here, the other
// marks in marks.go. It says whether the page's own search misses one
// of them, so the puzzle must carry its solution.
func layersGeom(out *geom, g *engine.Geometry) (needsAnswer bool) {
	for _, c := range g.Constraints() {
		if k, ok := c.(engine.KillerCages); ok {
			out.Cages, out.Sums = cageMap(g.Cells, k.Cages())
		} else if k, ok := c.(*engine.CalcCages); ok {
			calcGeom(out, g, k)
			needsAnswer = true
		} else if marksGeom(out, g, c) {
			needsAnswer = true
		}
	}
	if len(g.Constraints()) > 0 {
		peersGeom(out, g)
	}
	return needsAnswer
}

// cageBase is the character of 0 in cageMap: from it, up to 86 cages and
// sums up to 86 stay printable ASCII short of DEL.
const cageBase = '('

// cageMap writes killer cages compactly: a character a cell naming its
// cage (cageBase plus the cage's index, a space for a cell in none), then
// the sums (cageBase plus the sum) in the same order. The engine numbers
// cages by their first cell, so the map runs in rising characters and
// deflates well: every puzzle has its own cages.
func cageMap(cells int, cages []engine.Cage) (m, sums string) {
	if len(cages) == 0 {
		return "", ""
	}
	b := []byte(strings.Repeat(" ", cells))
	s := make([]byte, len(cages))
	for k, c := range cages {
		s[k] = byte(cageBase + c.Sum)
		for _, x := range c.Cells {
			b[x] = byte(cageBase + k)
		}
	}
	return string(b), string(s)
}
