package book

import "math"

// The shapes style.shapes prints in place of digits on a classic 4x4 or
// 6x6 grid: 1 a circle, 2 a square, 3 a triangle, 4 a star, 5 a heart and
// 6 a diamond, each a silhouette of its own (no two told apart by a tint
// or by size alone), so they part in black ink and at a glance. The book's
// pages (package layout) and its web edition (package web) draw these same
// outlines, so a child meets one star in print and on screen.
//
//	●   ■   ▲   ★   ♥   ◆
//	1   2   3   4   5   6

// ShapeFit is the part of its cell a shape spans: about the height of a
// digit's cell with its room for pencil marks, a little more because a
// shape's corners hold less ink than a digit's box.
const ShapeFit = 0.62

// ShapeStroke is a shape's outline width, in its half extents: heavy
// enough to read as a drawn shape, not a hairline.
const ShapeStroke = 0.16

// PathOp is one step of a closed outline: a move (Op 'm'), a line ('l')
// or a cubic Bézier curve ('c') to Pts[0] (a curve's control points
// first: Pts[0], Pts[1], then its end Pts[2]).
type PathOp struct {
	Op  byte
	Pts [3][2]float64
}

// End is where o leaves the pen.
func (o PathOp) End() [2]float64 {
	if o.Op == 'c' {
		return o.Pts[2]
	}
	return o.Pts[0]
}

// bezierArc is the control distance, in radii, of a cubic Bézier that
// draws a quarter circle.
const bezierArc = 0.5522847498

// SymbolShape is the outline of symbol d's shape centred on (cx, cy), h
// its half extent, y growing downwards: the bounding box of every shape
// is at most 2h square, and centred there. It is empty for a d past 6.
func SymbolShape(d uint8, cx, cy, h float64) []PathOp {
	var p []PathOp
	move := func(x, y float64) { p = append(p, PathOp{Op: 'm', Pts: [3][2]float64{{x, y}}}) }
	line := func(x, y float64) { p = append(p, PathOp{Op: 'l', Pts: [3][2]float64{{x, y}}}) }
	curve := func(x1, y1, x2, y2, x, y float64) {
		p = append(p, PathOp{Op: 'c', Pts: [3][2]float64{{x1, y1}, {x2, y2}, {x, y}}})
	}
	switch d {
	case 1: // a circle, four quarter arcs
		k := bezierArc * h
		move(cx+h, cy)
		curve(cx+h, cy+k, cx+k, cy+h, cx, cy+h)
		curve(cx-k, cy+h, cx-h, cy+k, cx-h, cy)
		curve(cx-h, cy-k, cx-k, cy-h, cx, cy-h)
		curve(cx+k, cy-h, cx+h, cy-k, cx+h, cy)
	case 2: // a square, a little inside the circle's box: its corners
		// carry more ink than a circle's edge
		s := 0.86 * h
		move(cx-s, cy-s)
		line(cx+s, cy-s)
		line(cx+s, cy+s)
		line(cx-s, cy+s)
	case 3: // an equilateral triangle, point up
		half := math.Sqrt(3) / 2 * h
		move(cx, cy-half)
		line(cx+h, cy+half)
		line(cx-h, cy+half)
	case 4: // a five-pointed star, point up, its inner radius generous
		// so its arms stay thick at a small size
		r := 1.05 * h
		in := 0.47 * r
		// The points reach r above the middle and r·cos 36° below it:
		// centre the box.
		y0 := cy + r*(1-math.Cos(math.Pi/5))/2
		for k := range 10 {
			rad := r
			if k%2 == 1 {
				rad = in
			}
			a := -math.Pi/2 + float64(k)*math.Pi/5
			x, y := cx+rad*math.Cos(a), y0+rad*math.Sin(a)
			if k == 0 {
				move(x, y)
			} else {
				line(x, y)
			}
		}
	case 5: // a heart: two lobes over a point, its box from -0.9 to 1
		s := 0.97 * h
		at := func(x, y float64) (float64, float64) { return cx + s*x, cy + s*(y-0.05) }
		c := func(x1, y1, x2, y2, x, y float64) {
			a, b := at(x1, y1)
			c, d := at(x2, y2)
			e, f := at(x, y)
			curve(a, b, c, d, e, f)
		}
		move(at(0, 1))
		c(-0.3, 0.75, -1, 0.3, -1, -0.4)
		c(-1, -0.68, -0.78, -0.9, -0.5, -0.9)
		c(-0.22, -0.9, 0, -0.72, 0, -0.55)
		c(0, -0.72, 0.22, -0.9, 0.5, -0.9)
		c(0.78, -0.9, 1, -0.68, 1, -0.4)
		c(1, 0.3, 0.3, 0.75, 0, 1)
	case 6: // a diamond, taller than wide, so it is no square on its corner
		move(cx, cy-h)
		line(cx+0.7*h, cy)
		line(cx, cy+h)
		line(cx-0.7*h, cy)
	}
	return p
}
