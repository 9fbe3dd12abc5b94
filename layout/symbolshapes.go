package layout

import (
	"fmt"
	"image"
	"math"

	"github.com/golang/freetype/raster"
	"golang.org/x/image/math/fixed"
)

// Shapes in place of digits (style.shapes): a children's 4x4 or 6x6 grid
// prints 1 as a circle, 2 a square, 3 a triangle, 4 a star, 5 a heart and
// 6 a diamond, drawn by the program as vector outlines, each a silhouette
// of its own (no two told apart by a tint or by size alone), so they part
// in black ink and at a glance. A given is filled black; a solved cell's
// shape (a solution page, the how-to-play example) is its outline, as a
// solved digit is set regular beside the bold givens.
//
//	●   ■   ▲   ★   ♥   ◆
//	1   2   3   4   5   6
//
// Each shape is centred on its cell by its bounding box and spans
// shapeFit of the cell (shapeMax in large print): about the height of a
// digit's cell with its room for pencil marks, a little more because a
// shape's corners hold less ink than a digit's box.
const (
	shapeFit = 0.62
	shapeMax = 0.72
)

// pathOp is one step of a path: a move, a line or a cubic Bézier curve
// to pts[0] (a curve's control points first: pts[0], pts[1], then its end
// pts[2]).
type pathOp struct {
	op  byte // 'm', 'l' or 'c'
	pts [3][2]float64
}

// path is a closed outline.
type path []pathOp

func (p *path) move(x, y float64) { *p = append(*p, pathOp{op: 'm', pts: [3][2]float64{{x, y}}}) }
func (p *path) line(x, y float64) { *p = append(*p, pathOp{op: 'l', pts: [3][2]float64{{x, y}}}) }
func (p *path) curve(x1, y1, x2, y2, x, y float64) {
	*p = append(*p, pathOp{op: 'c', pts: [3][2]float64{{x1, y1}, {x2, y2}, {x, y}}})
}

// end is where op leaves the pen.
func (o pathOp) end() [2]float64 {
	if o.op == 'c' {
		return o.pts[2]
	}
	return o.pts[0]
}

// pather is a canvas that fills or strokes a path itself.
type pather interface {
	// Path fills p (fill) or strokes its outline w wide, closed.
	Path(p path, fill bool, w float64, g Grey)
}

// drawPath draws p on c: itself where c can, else as its outline of
// straight lines between its points (a test's recorder).
func drawPath(c canvas, p path, fill bool, w float64, g Grey) {
	if pc, ok := c.(pather); ok {
		pc.Path(p, fill, w, g)
		return
	}
	for i, o := range p {
		a, b := p[(i+len(p)-1)%len(p)].end(), o.end()
		if o.op != 'm' {
			c.Line(a[0], a[1], b[0], b[1], w, g)
		}
	}
}

// symbolShape is the outline of symbol d's shape centred on (cx, cy), h its
// half extent: the bounding box of every shape is at most 2h square, and
// centred there.
func symbolShape(d uint8, cx, cy, h float64) path {
	var p path
	switch d {
	case 1: // a circle, four quarter arcs
		k := bezierArc * h
		p.move(cx+h, cy)
		p.curve(cx+h, cy+k, cx+k, cy+h, cx, cy+h)
		p.curve(cx-k, cy+h, cx-h, cy+k, cx-h, cy)
		p.curve(cx-h, cy-k, cx-k, cy-h, cx, cy-h)
		p.curve(cx+k, cy-h, cx+h, cy-k, cx+h, cy)
	case 2: // a square, a little inside the circle's box: its corners
		// carry more ink than a circle's edge
		s := 0.86 * h
		p.move(cx-s, cy-s)
		p.line(cx+s, cy-s)
		p.line(cx+s, cy+s)
		p.line(cx-s, cy+s)
	case 3: // an equilateral triangle, point up
		half := math.Sqrt(3) / 2 * h
		p.move(cx, cy-half)
		p.line(cx+h, cy+half)
		p.line(cx-h, cy+half)
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
				p.move(x, y)
			} else {
				p.line(x, y)
			}
		}
	case 5: // a heart: two lobes over a point, its box from -0.9 to 1
		s := 0.97 * h
		at := func(x, y float64) (float64, float64) { return cx + s*x, cy + s*(y-0.05) }
		curve := func(x1, y1, x2, y2, x, y float64) {
			a, b := at(x1, y1)
			c, d := at(x2, y2)
			e, f := at(x, y)
			p.curve(a, b, c, d, e, f)
		}
		p.move(at(0, 1))
		curve(-0.3, 0.75, -1, 0.3, -1, -0.4)
		curve(-1, -0.68, -0.78, -0.9, -0.5, -0.9)
		curve(-0.22, -0.9, 0, -0.72, 0, -0.55)
		curve(0, -0.72, 0.22, -0.9, 0.5, -0.9)
		curve(0.78, -0.9, 1, -0.68, 1, -0.4)
		curve(1, 0.3, 0.3, 0.75, 0, 1)
	case 6: // a diamond, taller than wide, so it is no square on its corner
		p.move(cx, cy-h)
		p.line(cx+0.7*h, cy)
		p.line(cx, cy+h)
		p.line(cx-0.7*h, cy)
	}
	return p
}

// shapeStroke is the outline's width for a shape of half extent h: heavy
// enough to read as a drawn shape, not a hairline, and never under the
// thinnest line a book prints.
func shapeStroke(h float64) float64 { return math.Max(MinLine, 0.16*h) }

// drawShape draws symbol d's shape in the cell centred on (cx, cy) of
// side cell: filled for a given, its outline for a solved cell (the
// outline drawn inside the filled shape's edge, so both are one size).
func drawShape(c canvas, d uint8, cx, cy, cell float64, given, large bool) {
	h := shapeFit * cell / 2
	if large {
		h = shapeMax * cell / 2
	}
	if given {
		drawPath(c, symbolShape(d, cx, cy, h), true, 0, Black)
		return
	}
	w := shapeStroke(h)
	drawPath(c, symbolShape(d, cx, cy, h-w/2), false, w, Black)
}

// pathOps writes p with op for each point, in the coordinates xy gives.
func pathOps(p path, xy func(x, y float64) string, put func(string)) {
	for _, o := range p {
		switch o.op {
		case 'm':
			put(xy(o.pts[0][0], o.pts[0][1]) + " m")
		case 'l':
			put(xy(o.pts[0][0], o.pts[0][1]) + " l")
		case 'c':
			put(xy(o.pts[0][0], o.pts[0][1]) + " " + xy(o.pts[1][0], o.pts[1][1]) + " " + xy(o.pts[2][0], o.pts[2][1]) + " c")
		}
	}
}

// Path writes p as PDF path operators, one a line, closed with h and
// filled (f) or stroked (S): the form internal/pdftest reads shapes in.
func (s *pdfStream) Path(p path, fill bool, w float64, g Grey) {
	if fill {
		s.setFill(g)
	} else {
		s.setStroke(w, g)
	}
	pathOps(p, func(x, y float64) string { return num(x) + " " + num(s.pageH-y) }, func(op string) { s.op(op) })
	if fill {
		s.op("h f")
	} else {
		s.op("h S")
	}
}

func (m *minima) Path(p path, fill bool, w float64, g Grey) {
	if !fill {
		m.line = math.Min(m.line, w)
	}
	drawPath(m.canvas, p, fill, w, g)
}

func (c *pdfCanvas) Path(p path, fill bool, w float64, g Grey) { c.PathRGB(p, fill, w, greyRGB(g)) }

// rgbPather is a cover's canvas that draws paths in colour.
type rgbPather interface {
	PathRGB(p path, fill bool, w float64, k rgb)
}

func (p pdfCover) PathRGB(q path, fill bool, w float64, k rgb) { p.c.PathRGB(q, fill, w, k) }

// Path draws a cover grid's shape in the text's colour, as its digits
// would be.
func (t tinted) Path(p path, fill bool, w float64, g Grey) {
	if rp, ok := t.c.(rgbPather); ok {
		rp.PathRGB(p, fill, w, t.text.mix(t.ground, float64(g)))
		return
	}
	for i, o := range p {
		if a, b := p[(i+len(p)-1)%len(p)].end(), o.end(); o.op != 'm' {
			t.Line(a[0], a[1], b[0], b[1], math.Max(w, MinLine), g)
		}
	}
}

// PathRGB fills or strokes p in colour k.
func (c *pdfCanvas) PathRGB(p path, fill bool, w float64, k rgb) {
	if fill {
		if k != c.fill {
			c.pdf.SetFillColor(k.ints())
			c.fill = k
		}
	} else {
		if w != c.width {
			c.pdf.SetLineWidth(w)
			c.width = w
		}
		if k != c.draw {
			c.pdf.SetDrawColor(k.ints())
			c.draw = k
		}
	}
	for _, o := range p {
		switch o.op {
		case 'm':
			c.pdf.MoveTo(o.pts[0][0], o.pts[0][1])
		case 'l':
			c.pdf.LineTo(o.pts[0][0], o.pts[0][1])
		case 'c':
			c.pdf.CurveBezierCubicTo(o.pts[0][0], o.pts[0][1], o.pts[1][0], o.pts[1][1], o.pts[2][0], o.pts[2][1])
		}
	}
	c.pdf.ClosePath()
	if fill {
		c.pdf.DrawPath("F")
	} else {
		c.pdf.DrawPath("D")
	}
}

func (c *svgCanvas) Path(p path, fill bool, w float64, g Grey) {
	c.b.WriteString(`<path d="`)
	for i, o := range p {
		if i > 0 {
			c.b.WriteByte(' ')
		}
		switch o.op {
		case 'm':
			fmt.Fprintf(&c.b, "M%s %s", svgNum(o.pts[0][0]), svgNum(o.pts[0][1]))
		case 'l':
			fmt.Fprintf(&c.b, "L%s %s", svgNum(o.pts[0][0]), svgNum(o.pts[0][1]))
		case 'c':
			fmt.Fprintf(&c.b, "C%s %s %s %s %s %s", svgNum(o.pts[0][0]), svgNum(o.pts[0][1]), svgNum(o.pts[1][0]), svgNum(o.pts[1][1]), svgNum(o.pts[2][0]), svgNum(o.pts[2][1]))
		}
	}
	if fill {
		fmt.Fprintf(&c.b, ` Z" fill="%s"/>`+"\n", svgGrey(g))
		return
	}
	fmt.Fprintf(&c.b, ` Z" fill="none" stroke="%s" stroke-width="%s" stroke-linejoin="miter"/>`+"\n", svgGrey(g), svgNum(w))
}

// Path rasterises p with freetype's rasteriser, as slanted lines are:
// filled, or its outline stroked with mitred corners.
func (c *grayCanvas) Path(p path, fill bool, w float64, g Grey) {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, o := range p {
		for _, pt := range o.pts[:map[byte]int{'m': 1, 'l': 1, 'c': 3}[o.op]] {
			minX, maxX = math.Min(minX, pt[0]), math.Max(maxX, pt[0])
			minY, maxY = math.Min(minY, pt[1]), math.Max(maxY, pt[1])
		}
	}
	pad := w // a stroke's mitre reaches past the points
	r := image.Rect(int(math.Floor((minX-pad)*c.k)), int(math.Floor((minY-pad)*c.k)), int(math.Ceil((maxX+pad)*c.k)), int(math.Ceil((maxY+pad)*c.k))).Intersect(c.img.Rect)
	if r.Empty() {
		return
	}
	at := func(pt [2]float64) fixed.Point26_6 {
		return fixed.Point26_6{X: fix(pt[0]*c.k - float64(r.Min.X)), Y: fix(pt[1]*c.k - float64(r.Min.Y))}
	}
	// Curves as short chords: freetype strokes no cubic segment, and
	// 16 chords a curve lie within a hundredth of a pixel of a shape's.
	var pts [][2]float64
	var pen [2]float64
	for _, o := range p {
		switch o.op {
		case 'm', 'l':
			pts = append(pts, o.pts[0])
		case 'c':
			for k := 1; k <= 16; k++ {
				t := float64(k) / 16
				u := 1 - t
				var b [2]float64
				for j := range 2 {
					b[j] = u*u*u*pen[j] + 3*u*u*t*o.pts[0][j] + 3*u*t*t*o.pts[1][j] + t*t*t*o.pts[2][j]
				}
				pts = append(pts, b)
			}
		}
		pen = o.end()
	}
	var q raster.Path
	q.Start(at(pts[0]))
	for _, pt := range pts[1:] {
		q.Add1(at(pt))
	}
	q.Add1(at(pts[0]))
	z := raster.NewRasterizer(r.Dx(), r.Dy())
	// A stroke's pieces overlap at every join: under the even-odd rule
	// they would cancel there.
	z.UseNonZeroWinding = true
	if fill {
		z.AddPath(q)
	} else {
		// freetype strokes open paths: round again to the second point,
		// with flat ends, so the first corner is joined like the others
		// and no cap shows.
		q.Add1(at(pts[1]))
		raster.Stroke(z, q, fix(w*c.k), raster.ButtCapper, raster.RoundJoiner)
	}
	mask := image.NewAlpha(image.Rect(0, 0, r.Dx(), r.Dy()))
	z.Rasterize(raster.NewAlphaSrcPainter(mask))
	c.mask(r.Min, mask, grey8(g))
}
