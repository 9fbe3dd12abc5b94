package layout

import (
	"fmt"
	"image"
	"math"

	"github.com/golang/freetype/raster"
	"golang.org/x/image/math/fixed"

	"github.com/sudokubook/sudokubook/book"
)

// Shapes in place of digits (style.shapes, book.SymbolShape): a given is
// filled black; a solved cell's shape (a solution page, the how-to-play
// example) is its outline, as a solved digit is set regular beside the
// bold givens. Each shape is centred on its cell by its bounding box and
// spans book.ShapeFit of the cell (shapeMax in large print).
const (
	shapeFit = book.ShapeFit
	shapeMax = 0.72
)

// pathOp is one step of a path (see book.PathOp).
type pathOp = book.PathOp

// path is a closed outline.
type path []pathOp

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
		a, b := p[(i+len(p)-1)%len(p)].End(), o.End()
		if o.Op != 'm' {
			c.Line(a[0], a[1], b[0], b[1], w, g)
		}
	}
}

// symbolShape is the outline of symbol d's shape centred on (cx, cy), h its
// half extent (book.SymbolShape).
func symbolShape(d uint8, cx, cy, h float64) path { return book.SymbolShape(d, cx, cy, h) }

// shapeStroke is the outline's width for a shape of half extent h: heavy
// enough to read as a drawn shape, not a hairline, and never under the
// thinnest line a book prints.
func shapeStroke(h float64) float64 { return math.Max(MinLine, book.ShapeStroke*h) }

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
		switch o.Op {
		case 'm':
			put(xy(o.Pts[0][0], o.Pts[0][1]) + " m")
		case 'l':
			put(xy(o.Pts[0][0], o.Pts[0][1]) + " l")
		case 'c':
			put(xy(o.Pts[0][0], o.Pts[0][1]) + " " + xy(o.Pts[1][0], o.Pts[1][1]) + " " + xy(o.Pts[2][0], o.Pts[2][1]) + " c")
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
		if a, b := p[(i+len(p)-1)%len(p)].End(), o.End(); o.Op != 'm' {
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
		switch o.Op {
		case 'm':
			c.pdf.MoveTo(o.Pts[0][0], o.Pts[0][1])
		case 'l':
			c.pdf.LineTo(o.Pts[0][0], o.Pts[0][1])
		case 'c':
			c.pdf.CurveBezierCubicTo(o.Pts[0][0], o.Pts[0][1], o.Pts[1][0], o.Pts[1][1], o.Pts[2][0], o.Pts[2][1])
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
		switch o.Op {
		case 'm':
			fmt.Fprintf(&c.b, "M%s %s", svgNum(o.Pts[0][0]), svgNum(o.Pts[0][1]))
		case 'l':
			fmt.Fprintf(&c.b, "L%s %s", svgNum(o.Pts[0][0]), svgNum(o.Pts[0][1]))
		case 'c':
			fmt.Fprintf(&c.b, "C%s %s %s %s %s %s", svgNum(o.Pts[0][0]), svgNum(o.Pts[0][1]), svgNum(o.Pts[1][0]), svgNum(o.Pts[1][1]), svgNum(o.Pts[2][0]), svgNum(o.Pts[2][1]))
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
		for _, pt := range o.Pts[:map[byte]int{'m': 1, 'l': 1, 'c': 3}[o.Op]] {
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
		switch o.Op {
		case 'm', 'l':
			pts = append(pts, o.Pts[0])
		case 'c':
			for k := 1; k <= 16; k++ {
				t := float64(k) / 16
				u := 1 - t
				var b [2]float64
				for j := range 2 {
					b[j] = u*u*u*pen[j] + 3*u*u*t*o.Pts[0][j] + 3*u*t*t*o.Pts[1][j] + t*t*t*o.Pts[2][j]
				}
				pts = append(pts, b)
			}
		}
		pen = o.End()
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
