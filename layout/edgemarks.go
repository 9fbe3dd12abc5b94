package layout

// Edge marks: a mark on the border between two neighbouring cells, drawn
// centred on the cell line between them over the lines and under the
// digits (kropki's dots, XV's letters, consecutive's bars, greater-than's
// chevrons: edgeshapes.go draws each). This file holds what they share:
// where an edge's middle is and which way it runs, how far a mark may
// reach into its cells, and the check that a grid is large enough for
// its marks to stay clear of the digit a reader writes in the middle.
// Any constraint drawn on cell edges can use markAt and edgeReach.
//
// A solution page draws the marks too, lighter (markLight), so a reader
// checking an answer sees the mark beside the pair it binds without the
// marks competing with the digits.

import (
	"math"

	"github.com/sudokubook/sudokubook/engine"
)

// markLight is the grey of marks on a solution page.
const markLight Grey = 0.55

// edgeAt is where edge e of fr's grid lies: the middle of the cell line
// between its cells, and whether the line runs across (e.Down: B is below
// A, so the line is horizontal).
func edgeAt(fr gridFrame, e engine.Edge) (x, y float64, across bool) {
	ax, ay := fr.centre(e.A)
	bx, by := fr.centre(e.B)
	return (ax + bx) / 2, (ay + by) / 2, e.Down()
}

// edgeReach is how far, as a share of the cell, a mark may reach from the
// cell line into a cell of side cell before it meets the box of the
// widest digit drawn there (digitBox), less a point of air.
func edgeReach(fr gridFrame) float64 {
	d := digitBox(fr, 0)
	b := fr.cellBox(0)
	gapX := d.X - b.X
	gapY := d.Y - b.Y
	return (math.Min(gapX, gapY) - 1) / fr.cell
}

// edgeDrawing draws the marks of an engine.EdgeMarks (see layers.go).
type edgeDrawing struct{ e *engine.EdgeMarks }

func (d edgeDrawing) draw(c canvas, fr gridFrame) { drawEdgeMarks(c, fr, d.e, Black) }

// drawLight is the drawing on a solution page.
func (d edgeDrawing) drawLight(c canvas, fr gridFrame) { drawEdgeMarks(c, fr, d.e, markLight) }

func drawEdgeMarks(c canvas, fr gridFrame, e *engine.EdgeMarks, ink Grey) {
	shape := shapeOf(e.Name())
	for k, ed := range e.Edges() {
		if m := e.Mark(k); m != 0 {
			x, y, across := edgeAt(fr, ed)
			shape.draw(c, fr, x, y, across, m, ink)
		}
	}
}

func (d edgeDrawing) fits(st gridStyle, g *engine.Geometry, side float64) error {
	return refuseSmall(st, g, side, shapeOf(d.e.Name()).fits, "cells too small for its marks beside a digit")
}

func (d edgeDrawing) least(st gridStyle, g *engine.Geometry) float64 {
	return leastSide(st, g, shapeOf(d.e.Name()).fits)
}
