package layout

// Arrows, drawn as arrow books and puzzle sites print them: an open
// circle round the digit of the sum cell, and a thin line from the
// circle's edge through the centres of the shaft's cells, ending in an
// arrowhead just past the last one's middle. Over the cell lines (the
// line is thin, and a circle stays inside its cell) and under the digits,
// in the darkest grey the book allows for ink (lightestInk), so a digit
// written on the shaft stays the darker mark.
//
//	+-------+-------+-------+
//	|  .-.  |       |       |     circle: radius arrowCircle of the
//	| ( 9 )---- 2 ------3-->|     cell, clear of the digit and of the
//	|  '-'  |       |       |     cell lines
//	+-------+-------+-------+
//
// A solution page draws them lighter (markLight), as it does edge marks.

import (
	"math"

	"github.com/sudokubook/sudokubook/engine"
)

const (
	// Per cell: the circle's radius, the line's width, the length of
	// each of the head's arms, how far past the last cell's middle the
	// head's point lies, and the half angle of the head.
	arrowCircle = 0.4
	arrowLine   = 0.035
	arrowHead   = 0.24
	arrowTip    = 0.18
	arrowAngle  = 0.6 // radians, about 35 degrees
	// minHead is the least arm, in points: a shorter head reads as a
	// blot at the end of the line.
	minHead  = 2.5
	arrowInk = lightestInk
)

// arrowDrawing is the drawing of arrows (see layers.go).
type arrowDrawing struct{ a engine.Arrows }

func (d arrowDrawing) draw(c canvas, fr gridFrame) { drawArrows(c, fr, d.a.Lines(), arrowInk) }

// drawLight draws the arrows on a solution page, lighter.
func (d arrowDrawing) drawLight(c canvas, fr gridFrame) {
	drawArrows(c, fr, d.a.Lines(), markLight)
}

func (arrowDrawing) fits(st gridStyle, g *engine.Geometry, side float64) error {
	return refuseSmall(st, g, side, arrowFits, "cells too small for an arrow's circle between the digit and the cell lines")
}

func (arrowDrawing) least(st gridStyle, g *engine.Geometry) float64 {
	return leastSide(st, g, arrowFits)
}

// arrowLineWidth is the width of an arrow's lines in cells of fr.
func arrowLineWidth(fr gridFrame) float64 { return math.Max(MinLine, arrowLine*fr.cell) }

// arrowFits says whether a circle clears the digit in it, above and
// below, by a line's width, and stays inside the cell's lines.
func arrowFits(fr gridFrame) bool {
	r, w := arrowCircle*fr.cell, arrowLineWidth(fr)
	return r-w/2 >= digitBox(fr, 0).H/2+MinLine && r+w/2 <= fr.cell/2-fr.st.thin/2
}

// drawArrows draws each arrow of lines (circle first, then the shaft's
// cells) in ink g.
func drawArrows(c canvas, fr gridFrame, lines [][]int, g Grey) {
	w := arrowLineWidth(fr)
	r := arrowCircle * fr.cell
	for _, l := range lines {
		pts := centres(fr, l)
		circleLine(c, pts[0].x, pts[0].y, r, w, g)
		// The shaft leaves the circle towards the first shaft cell and
		// runs on a little past the last one's middle to the point.
		n := len(pts)
		ux, uy := unit(pts[n-2], pts[n-1])
		tip := point{pts[n-1].x + ux*arrowTip*fr.cell, pts[n-1].y + uy*arrowTip*fr.cell}
		sx, sy := unit(pts[0], pts[1])
		pts[0] = point{pts[0].x + sx*r, pts[0].y + sy*r}
		strokePath(c, append(pts, tip), w, g, false)
		h := math.Max(minHead, arrowHead*fr.cell)
		arm := func(turn float64) point {
			s, co := math.Sincos(math.Pi - turn)
			return point{tip.x + h*(ux*co-uy*s), tip.y + h*(ux*s+uy*co)}
		}
		strokePath(c, []point{arm(arrowAngle), tip, arm(-arrowAngle)}, w, g, false)
	}
}

// unit is the direction from a to b, of length 1.
func unit(a, b point) (x, y float64) {
	l := math.Hypot(b.x-a.x, b.y-a.y)
	return (b.x - a.x) / l, (b.y - a.y) / l
}
