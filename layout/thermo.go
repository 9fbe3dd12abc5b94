package layout

// Thermometers, drawn as thermo books and puzzle sites print them: a grey
// bulb (a filled circle) in the first cell and a thick grey line from it
// through the centres of the other cells, rounded at its end and at each
// turn, under the cell lines and the digits. The grey is a ground, as the
// variants' shaded cells are: darker than shadeFill, so a thermometer
// crossing an X diagonal still shows, and light enough that a digit on it
// reads as on white paper.
//
//	+-------+-------+-------+
//	|  ___  |       |       |     bulb: a disc of thermoBulb of the
//	| ( 1 )=========3====   |     cell across; line: thermoWidth wide
//	|  ---  |       |   ||  |
//	+-------+-------+---||--+
//	|       |       |   7   |
//
// A solution page draws them lighter (thermoLight), as it does the other
// marks.

import (
	"math"

	"github.com/sudokubook/sudokubook/engine"
)

const (
	// thermoBulb is the bulb's radius and thermoWidth the line's width,
	// per cell: the bulb clearly wider than the line, the line clearly
	// wider than any cell line, and both clear of the cell's corners.
	thermoBulb  = 0.38
	thermoWidth = 0.3
	// thermoGrey is 28% black: a shadeFill (15%) cell stays apart from
	// the thermometer over it, and a given on it reads as on paper.
	thermoGrey Grey = 0.72
	// thermoLight is the grey on a solution page, 10% black: lighter
	// than a puzzle's, not so light that a press drops it.
	thermoLight Grey = 0.9
)

// thermoDrawing is the drawing of thermometers (see layers.go).
type thermoDrawing struct{ t engine.Thermos }

func (d thermoDrawing) draw(c canvas, fr gridFrame) { drawThermos(c, fr, d.t.Lines(), thermoGrey) }

// drawLight draws the thermometers on a solution page, lighter.
func (d thermoDrawing) drawLight(c canvas, fr gridFrame) {
	drawThermos(c, fr, d.t.Lines(), thermoLight)
}

// under: a thermometer lies under the cell lines, so the box lines it
// crosses stay whole.
func (thermoDrawing) under() {}

func (thermoDrawing) fits(st gridStyle, g *engine.Geometry, side float64) error {
	return refuseSmall(st, g, side, thermoFits, "cells too small for a thermometer's bulb to show round a digit")
}

func (thermoDrawing) least(st gridStyle, g *engine.Geometry) float64 {
	return leastSide(st, g, thermoFits)
}

// thermoFits says whether a bulb shows above and below the digit on it
// by a line's width at least: in a cell whose digit is raised to the
// least text size the digit would cover the bulb, and it would read as
// any other cell of the line.
func thermoFits(fr gridFrame) bool {
	return thermoBulb*fr.cell >= digitBox(fr, 0).H/2+MinLine
}

// drawThermos draws each thermometer of lines (cells, bulb first) in
// grey g.
func drawThermos(c canvas, fr gridFrame, lines [][]int, g Grey) {
	w := math.Max(MinLine, thermoWidth*fr.cell)
	for _, l := range lines {
		pts := centres(fr, l)
		disc(c, pts[0].x, pts[0].y, thermoBulb*fr.cell, g)
		strokePath(c, pts, w, g, true)
	}
}

// point is a place on the canvas.
type point struct{ x, y float64 }

// centres are the middles of cells.
func centres(fr gridFrame, cells []int) []point {
	pts := make([]point, len(cells))
	for k, i := range cells {
		pts[k].x, pts[k].y = fr.centre(i)
	}
	return pts
}

// strokePath strokes the line through pts, w wide, round at each turn
// and, when round, at both ends; otherwise its ends are square, exactly
// at the first and last point. The canvas's lines have square caps,
// which at a turn would leave a corner sticking out: each segment stops
// half a width short of its ends, so its caps end on the points, and a
// disc of the line's width at each turn fills the joint round.
func strokePath(c canvas, pts []point, w float64, g Grey, round bool) {
	for k := 1; k < len(pts); k++ {
		a, b := pts[k-1], pts[k]
		l := math.Hypot(b.x-a.x, b.y-a.y)
		if l <= w {
			continue // the discs at its ends cover it
		}
		ux, uy := (b.x-a.x)/l*w/2, (b.y-a.y)/l*w/2
		c.Line(a.x+ux, a.y+uy, b.x-ux, b.y-uy, w, g)
	}
	for k, p := range pts {
		if round || k > 0 && k < len(pts)-1 {
			disc(c, p.x, p.y, w/2, g)
		}
	}
}
