package layout

import (
	"math"

	"codeberg.org/go-pdf/fpdf"
)

// pdfCanvas draws on the current page of an fpdf document whose unit is the
// point. Fonts are embedded on first use, so a PDF carries only the faces it
// shows. fpdf keeps its own error; the owner checks it once at Output.
type pdfCanvas struct {
	pdf   *fpdf.Fpdf
	added map[Font]bool

	// The last state set, to skip repeated operators in the content stream.
	width      float64
	draw, fill Grey
	text       Grey
}

func newPDFCanvas(pdf *fpdf.Fpdf) *pdfCanvas {
	pdf.SetLineCapStyle("square")
	pdf.SetLineJoinStyle("miter")
	// fpdf starts with black ink and a 0.567pt line (0.2mm); record that.
	return &pdfCanvas{pdf: pdf, added: map[Font]bool{}, width: -1, draw: -1, fill: -1, text: -1}
}

// grey255 maps a grey level to the 0-255 value fpdf takes for each channel.
// Equal channels make fpdf write the DeviceGray operators g and G.
func grey255(g Grey) int {
	return int(math.Round(math.Max(0, math.Min(1, float64(g))) * 255))
}

func (c *pdfCanvas) Line(x1, y1, x2, y2, width float64, g Grey) {
	if width != c.width {
		c.pdf.SetLineWidth(width)
		c.width = width
	}
	if g != c.draw {
		v := grey255(g)
		c.pdf.SetDrawColor(v, v, v)
		c.draw = g
	}
	c.pdf.Line(x1, y1, x2, y2)
}

func (c *pdfCanvas) Rect(x, y, w, h float64, g Grey) {
	if g != c.fill {
		v := grey255(g)
		c.pdf.SetFillColor(v, v, v)
		c.fill = g
	}
	c.pdf.Rect(x, y, w, h, "F")
}

func (c *pdfCanvas) Text(x, y float64, s string, f Font, size float64, g Grey, a Align) {
	if s == "" {
		return
	}
	c.textState(f, size, g)
	c.pdf.Text(alignX(x, s, f, size, a), y, s)
}

// TextDown sets s turned a quarter turn clockwise, as on a book's spine: it
// reads from top to bottom starting at (x, y), its baseline is the vertical
// line through x, and the tops of its letters face right (the front cover).
func (c *pdfCanvas) TextDown(x, y float64, s string, f Font, size float64, g Grey) {
	if s == "" {
		return
	}
	c.textState(f, size, g)
	c.pdf.TransformBegin()
	c.pdf.TransformRotate(-90, x, y)
	c.pdf.Text(x, y, s)
	c.pdf.TransformEnd()
}

// textState embeds f on first use and sets the font and the text ink.
func (c *pdfCanvas) textState(f Font, size float64, g Grey) {
	if !c.added[f] {
		c.pdf.AddUTF8FontFromBytes(f.name, "", f.ttf)
		c.added[f] = true
	}
	c.pdf.SetFont(f.name, "", size)
	if g != c.text {
		v := grey255(g)
		c.pdf.SetTextColor(v, v, v)
		c.text = g
	}
}
