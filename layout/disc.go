package layout

// Discs: a filled circle, which a grid's marks need (a kropki dot; a
// thermometer's bulb, a parity circle) and the canvas's lines and
// rectangles cannot make. The page back ends fill one exactly (the PDF
// with four Bézier arcs, the PNG with each pixel's coverage); any other
// canvas gets thin strips, which is all a test recorder needs.

import "math"

// discer is a canvas that fills discs itself.
type discer interface {
	Disc(cx, cy, r float64, g Grey)
}

// disc fills the disc of radius r round (cx, cy) on c.
func disc(c canvas, cx, cy, r float64, g Grey) {
	if d, ok := c.(discer); ok {
		d.Disc(cx, cy, r, g)
		return
	}
	const strips = 16
	h := 2 * r / strips
	for k := range strips {
		y := -r + (float64(k)+0.5)*h
		w := math.Sqrt(math.Max(0, r*r-y*y))
		c.Rect(cx-w, cy+y-h/2, 2*w, h, g)
	}
}

// ring fills a disc of radius r in fill with an outline w wide in ink
// just inside its edge.
func ring(c canvas, cx, cy, r, w float64, ink, fill Grey) {
	disc(c, cx, cy, r, ink)
	disc(c, cx, cy, r-w, fill)
}

func (m *minima) Disc(cx, cy, r float64, g Grey) { disc(m.canvas, cx, cy, r, g) }

func (c *pdfCanvas) Disc(cx, cy, r float64, g Grey) {
	if k := greyRGB(g); k != c.fill {
		c.pdf.SetFillColor(k.ints())
		c.fill = k
	}
	c.pdf.Circle(cx, cy, r, "F")
}

// bezierArc is the control distance, in radii, of a cubic Bézier that
// draws a quarter circle.
const bezierArc = 0.5522847498

func (s *pdfStream) Disc(cx, cy, r float64, g Grey) {
	s.setFill(g)
	y := s.pageH - cy
	k := bezierArc * r
	s.op(num(cx+r), num(y), "m")
	s.op(num(cx+r), num(y+k), num(cx+k), num(y+r), num(cx), num(y+r), "c")
	s.op(num(cx-k), num(y+r), num(cx-r), num(y+k), num(cx-r), num(y), "c")
	s.op(num(cx-r), num(y-k), num(cx-k), num(y-r), num(cx), num(y-r), "c")
	s.op(num(cx+k), num(y-r), num(cx+r), num(y-k), num(cx+r), num(y), "c f")
}

func (c *grayCanvas) Disc(cx, cy, r float64, g Grey) {
	cx, cy, r = cx*c.k, cy*c.k, r*c.k
	ink := grey8(g)
	b := c.img.Rect
	x0, x1 := max(int(math.Floor(cx-r)), b.Min.X), min(int(math.Ceil(cx+r)), b.Max.X)
	y0, y1 := max(int(math.Floor(cy-r)), b.Min.Y), min(int(math.Ceil(cy+r)), b.Max.Y)
	for py := y0; py < y1; py++ {
		row := c.img.Pix[(py-b.Min.Y)*c.img.Stride-b.Min.X:]
		for px := x0; px < x1; px++ {
			// A pixel's coverage is about how far inside the edge its
			// centre lies, clamped to one pixel.
			d := r - math.Hypot(float64(px)+0.5-cx, float64(py)+0.5-cy)
			c.blendAt(row, px, math.Max(0, math.Min(1, d+0.5)), ink)
		}
	}
}
