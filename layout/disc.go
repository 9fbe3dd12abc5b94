package layout

// Discs and circles: a filled circle, which a grid's marks need (a
// kropki dot; a thermometer's bulb, a parity circle), and a stroked one
// (an arrow's circle), which the canvas's lines and rectangles cannot
// make. The page back ends draw them exactly (the PDF with four Bézier
// arcs, the PNG with each pixel's coverage); any other canvas gets thin
// strips or short chords, which is all a test recorder needs.

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

// circler is a canvas that strokes circles itself.
type circler interface {
	Circle(cx, cy, r, w float64, g Grey)
}

// circleLine strokes the circle of radius r round (cx, cy) on c with a
// line w wide centred on it, leaving its inside as it was (a shaded cell
// stays shaded).
func circleLine(c canvas, cx, cy, r, w float64, g Grey) {
	if k, ok := c.(circler); ok {
		k.Circle(cx, cy, r, w, g)
		return
	}
	const chords = 48
	for k := range chords {
		a, b := 2*math.Pi*float64(k)/chords, 2*math.Pi*float64(k+1)/chords
		c.Line(cx+r*math.Cos(a), cy+r*math.Sin(a), cx+r*math.Cos(b), cy+r*math.Sin(b), w, g)
	}
}

// ring fills a disc of radius r in fill with an outline w wide in ink
// just inside its edge.
func ring(c canvas, cx, cy, r, w float64, ink, fill Grey) {
	disc(c, cx, cy, r, ink)
	disc(c, cx, cy, r-w, fill)
}

func (m *minima) Disc(cx, cy, r float64, g Grey) { disc(m.canvas, cx, cy, r, g) }

func (m *minima) Circle(cx, cy, r, w float64, g Grey) {
	m.line = math.Min(m.line, w)
	circleLine(m.canvas, cx, cy, r, w, g)
}

func (c *pdfCanvas) Circle(cx, cy, r, w float64, g Grey) {
	if w != c.width {
		c.pdf.SetLineWidth(w)
		c.width = w
	}
	if k := greyRGB(g); k != c.draw {
		c.pdf.SetDrawColor(k.ints())
		c.draw = k
	}
	c.pdf.Circle(cx, cy, r, "D")
}

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
	s.circlePath(cx, cy, r, "f")
}

func (s *pdfStream) Circle(cx, cy, r, w float64, g Grey) {
	s.setStroke(w, g)
	s.circlePath(cx, cy, r, "S")
}

// circlePath writes the circle of radius r round (cx, cy) as four
// Bézier arcs, then paint (f fills, S strokes).
func (s *pdfStream) circlePath(cx, cy, r float64, paint string) {
	y := s.pageH - cy
	k := bezierArc * r
	s.op(num(cx+r), num(y), "m")
	s.op(num(cx+r), num(y+k), num(cx+k), num(y+r), num(cx), num(y+r), "c")
	s.op(num(cx-k), num(y+r), num(cx-r), num(y+k), num(cx-r), num(y), "c")
	s.op(num(cx-r), num(y-k), num(cx-k), num(y-r), num(cx), num(y-r), "c")
	s.op(num(cx+k), num(y-r), num(cx+r), num(y-k), num(cx+r), num(y), "c", paint)
}

func (c *grayCanvas) Disc(cx, cy, r float64, g Grey) { c.annulus(cx, cy, r, -1, g) }

func (c *grayCanvas) Circle(cx, cy, r, w float64, g Grey) { c.annulus(cx, cy, r+w/2, r-w/2, g) }

// annulus fills the points between radii in and out of (cx, cy), in
// points; in < 0 fills the whole disc.
func (c *grayCanvas) annulus(cx, cy, out, in float64, g Grey) {
	cx, cy, out, in = cx*c.k, cy*c.k, out*c.k, in*c.k
	ink := grey8(g)
	b := c.img.Rect
	x0, x1 := max(int(math.Floor(cx-out)), b.Min.X), min(int(math.Ceil(cx+out)), b.Max.X)
	y0, y1 := max(int(math.Floor(cy-out)), b.Min.Y), min(int(math.Ceil(cy+out)), b.Max.Y)
	// A pixel's coverage of a disc is about how far inside the edge its
	// centre lies, clamped to one pixel; of a ring, its coverage of the
	// outer disc less that of the inner.
	inside := func(r, d float64) float64 { return math.Max(0, math.Min(1, r-d+0.5)) }
	for py := y0; py < y1; py++ {
		row := c.img.Pix[(py-b.Min.Y)*c.img.Stride-b.Min.X:]
		for px := x0; px < x1; px++ {
			d := math.Hypot(float64(px)+0.5-cx, float64(py)+0.5-cy)
			cov := inside(out, d)
			if in >= 0 {
				cov -= inside(in, d)
			}
			c.blendAt(row, px, cov, ink)
		}
	}
}
