package layout

import (
	"bytes"
	"fmt"
	"math"

	"codeberg.org/go-pdf/fpdf"
	"github.com/sudokubook/sudokubook/book"
)

// pdfCanvas draws on the current page of an fpdf document whose unit is the
// point. Fonts are embedded on first use, so a PDF carries only the faces it
// shows. fpdf keeps its own error; the owner checks it once at Output.
type pdfCanvas struct {
	pdf      *fpdf.Fpdf
	added    map[Font]bool
	pictures map[string]bool // the pictures registered

	// The last state set, to skip repeated operators in the content stream.
	width      float64
	draw, fill rgb
	text       rgb
}

func newPDFCanvas(pdf *fpdf.Fpdf) *pdfCanvas {
	pdf.SetLineCapStyle("square")
	pdf.SetLineJoinStyle("miter")
	// fpdf starts with black ink and a 0.567pt line (0.2mm); record that.
	unset := rgb{-1, -1, -1}
	return &pdfCanvas{pdf: pdf, added: map[Font]bool{}, width: -1, draw: unset, fill: unset, text: unset}
}

// grey255 maps a grey level to the 0-255 value fpdf takes for each channel.
// Equal channels make fpdf write the DeviceGray operators g and G.
func grey255(g Grey) int {
	return int(math.Round(math.Max(0, math.Min(1, float64(g))) * 255))
}

func (c *pdfCanvas) Line(x1, y1, x2, y2, width float64, g Grey) {
	c.LineRGB(x1, y1, x2, y2, width, greyRGB(g))
}

func (c *pdfCanvas) Rect(x, y, w, h float64, g Grey) { c.RectRGB(x, y, w, h, greyRGB(g)) }

func (c *pdfCanvas) Text(x, y float64, s string, f Font, size float64, g Grey, a Align) {
	c.TextRGB(x, y, s, f, size, greyRGB(g), a)
}

// The colour forms of the drawing calls, for the cover: a grey is the
// colour with equal channels, which fpdf writes with the DeviceGray
// operators (g, G), so interior pages stay greyscale.

func (c *pdfCanvas) LineRGB(x1, y1, x2, y2, width float64, k rgb) {
	if width != c.width {
		c.pdf.SetLineWidth(width)
		c.width = width
	}
	if k != c.draw {
		c.pdf.SetDrawColor(k.ints())
		c.draw = k
	}
	c.pdf.Line(x1, y1, x2, y2)
}

func (c *pdfCanvas) RectRGB(x, y, w, h float64, k rgb) {
	if k != c.fill {
		c.pdf.SetFillColor(k.ints())
		c.fill = k
	}
	c.pdf.Rect(x, y, w, h, "F")
}

func (c *pdfCanvas) TextRGB(x, y float64, s string, f Font, size float64, k rgb, a Align) {
	if s == "" {
		return
	}
	c.textState(f, size, k)
	c.pdf.Text(alignX(x, s, f, size, a), y, s)
}

// TextDownRGB sets s turned a quarter turn clockwise, as on a book's spine:
// it reads from top to bottom starting at (x, y), its baseline is the
// vertical line through x, and the tops of its letters face right (the
// front cover).
func (c *pdfCanvas) TextDownRGB(x, y float64, s string, f Font, size float64, k rgb) {
	if s == "" {
		return
	}
	c.textState(f, size, k)
	c.pdf.TransformBegin()
	c.pdf.TransformRotate(-90, x, y)
	c.pdf.Text(x, y, s)
	c.pdf.TransformEnd()
}

// Image draws a registered image into the box (x, y, w, h), clipped to the
// rectangle clip.
func (c *pdfCanvas) Image(name string, x, y, w, h float64, clip rect) {
	c.pdf.ClipRect(clip.X, clip.Y, clip.W, clip.H, false)
	c.pdf.ImageOptions(name, x, y, w, h, false, fpdf.ImageOptions{ImageType: "PNG"}, 0, "")
	c.pdf.ClipEnd()
}

// Picture draws picture p (symbol k+1's), registered with fpdf as an
// 8-bit grey PNG on its first use.
func (c *pdfCanvas) Picture(k int, p *picture, x, y, w, h float64) {
	name := fmt.Sprintf("picture-%d", k+1)
	if !c.pictures[name] {
		if c.pictures == nil {
			c.pictures = map[string]bool{}
		}
		c.pdf.RegisterImageOptionsReader(name, fpdf.ImageOptions{ImageType: "PNG"}, bytes.NewReader(p.asPNG()))
		c.pictures[name] = true
	}
	c.pdf.ImageOptions(name, x, y, w, h, false, fpdf.ImageOptions{ImageType: "PNG"}, 0, "")
}

// textState embeds f on first use and sets the font and the text ink.
func (c *pdfCanvas) textState(f Font, size float64, k rgb) {
	if !c.added[f] {
		c.pdf.AddUTF8FontFromBytes(f.name, "", f.ttf)
		c.added[f] = true
	}
	c.pdf.SetFont(f.name, "", size)
	if k != c.text {
		c.pdf.SetTextColor(k.ints())
		c.text = k
	}
}

// rgb is a colour with channels from 0 to 1. Only the cover sets colours;
// interior pages set greys (see Grey).
type rgb struct{ r, g, b float64 }

func greyRGB(g Grey) rgb { return rgb{float64(g), float64(g), float64(g)} }

func rgbOf(c book.Colour) rgb { return rgb{float64(c.R) / 255, float64(c.G) / 255, float64(c.B) / 255} }

// mix is k moved the share t of the way to o.
func (k rgb) mix(o rgb, t float64) rgb {
	return rgb{k.r + t*(o.r-k.r), k.g + t*(o.g-k.g), k.b + t*(o.b-k.b)}
}

// ints are the 0-255 channels fpdf takes; equal channels make it write a
// grey.
func (k rgb) ints() (int, int, int) {
	return grey255(Grey(k.r)), grey255(Grey(k.g)), grey255(Grey(k.b))
}

// luminance is the colour's relative luminance (sRGB, WCAG), for contrast.
func (k rgb) luminance() float64 {
	lin := func(v float64) float64 {
		if v <= 0.04045 {
			return v / 12.92
		}
		return math.Pow((v+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(k.r) + 0.7152*lin(k.g) + 0.0722*lin(k.b)
}

// contrast is the WCAG contrast ratio of two colours, 1 to 21.
func contrast(a, b rgb) float64 {
	la, lb := a.luminance(), b.luminance()
	return (math.Max(la, lb) + 0.05) / (math.Min(la, lb) + 0.05)
}
