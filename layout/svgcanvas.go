package layout

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/golang/freetype/truetype"
	"github.com/sudokubook/sudokubook/book"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// SVGText says how an SVG sets its text.
type SVGText int

const (
	// SVGTextAsText sets every digit and cage sum as a <text> element in
	// the face's family (see svgFamily), which a page-layout program can
	// restyle and a screen reader can read; the reader's machine needs
	// the font, or a metric-compatible one, to show it as drawn.
	SVGTextAsText SVGText = iota
	// SVGTextOutlined draws every glyph as a filled path from the face's
	// own outlines: the file looks the same everywhere, with no font.
	SVGTextOutlined
)

// svgCanvas writes a page as SVG elements. Its user unit is the point, so
// the coordinates are the canvas's own; the document's width and height
// carry the unit (see RenderSVG). Text is placed where the other back ends
// place it: the aligned x is resolved with the face's advance widths, and
// the element starts there.
type svgCanvas struct {
	b       bytes.Buffer
	outline bool
}

// svgNum writes v with at most three decimals (a thousandth of a point is
// far below any device's resolution) and no trailing zeros, so the file is
// the same on every platform.
func svgNum(v float64) string {
	s := strconv.FormatFloat(v, 'f', 3, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		return "0"
	}
	return s
}

// svgGrey is a grey level as an sRGB colour, with the same rounding as
// the PDF's and the PNG's (grey255).
func svgGrey(g Grey) string {
	v := grey255(g)
	return fmt.Sprintf("#%02x%02x%02x", v, v, v)
}

func (c *svgCanvas) Line(x1, y1, x2, y2, width float64, g Grey) {
	fmt.Fprintf(&c.b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="%s" stroke-linecap="square"/>`+"\n",
		svgNum(x1), svgNum(y1), svgNum(x2), svgNum(y2), svgGrey(g), svgNum(width))
}

func (c *svgCanvas) Rect(x, y, w, h float64, g Grey) {
	if w < 0 {
		x, w = x+w, -w
	}
	if h < 0 {
		y, h = y+h, -h
	}
	fmt.Fprintf(&c.b, `<rect x="%s" y="%s" width="%s" height="%s" fill="%s"/>`+"\n",
		svgNum(x), svgNum(y), svgNum(w), svgNum(h), svgGrey(g))
}

func (c *svgCanvas) Disc(cx, cy, r float64, g Grey) {
	fmt.Fprintf(&c.b, `<circle cx="%s" cy="%s" r="%s" fill="%s"/>`+"\n", svgNum(cx), svgNum(cy), svgNum(r), svgGrey(g))
}

func (c *svgCanvas) Circle(cx, cy, r, w float64, g Grey) {
	fmt.Fprintf(&c.b, `<circle cx="%s" cy="%s" r="%s" fill="none" stroke="%s" stroke-width="%s"/>`+"\n",
		svgNum(cx), svgNum(cy), svgNum(r), svgGrey(g), svgNum(w))
}

func (c *svgCanvas) Text(x, y float64, s string, f Font, size float64, g Grey, a Align) {
	if s == "" {
		return
	}
	x = alignX(x, s, f, size, a)
	if c.outline {
		if d := outlinePath(f, x, y, size, s); d != "" {
			fmt.Fprintf(&c.b, `<path d="%s" fill="%s"/>`+"\n", d, svgGrey(g))
		}
		return
	}
	fam, weight, style := svgFamily(f)
	fmt.Fprintf(&c.b, `<text x="%s" y="%s" font-family="%s" font-size="%s"`, svgNum(x), svgNum(y), fam, svgNum(size))
	if weight != "" {
		fmt.Fprintf(&c.b, ` font-weight="%s"`, weight)
	}
	if style != "" {
		fmt.Fprintf(&c.b, ` font-style="%s"`, style)
	}
	fmt.Fprintf(&c.b, ` fill="%s">`, svgGrey(g))
	xmlEscape(&c.b, s)
	c.b.WriteString("</text>\n")
}

// xmlEscape writes s as XML character data.
func xmlEscape(w *bytes.Buffer, s string) {
	for _, r := range s {
		switch r {
		case '&':
			w.WriteString("&amp;")
		case '<':
			w.WriteString("&lt;")
		case '>':
			w.WriteString("&gt;")
		case '"':
			w.WriteString("&quot;")
		case '\'':
			w.WriteString("&apos;")
		default:
			w.WriteRune(r)
		}
	}
}

// metricTwins are the faces each Liberation family is metric-compatible
// with, named after it in an SVG's font-family: a machine without
// Liberation that has Arial sets the digits on the same advances.
var metricTwins = map[string]string{
	"Liberation Sans":  "Arial, Helvetica, sans-serif",
	"Liberation Serif": "'Times New Roman', Times, serif",
	"Liberation Mono":  "'Courier New', Courier, monospace",
}

// svgFamily is the font-family (quoted, escaped for an attribute),
// font-weight and font-style that name face f in CSS, from its name table:
// "Liberation Sans" bold for LiberationSans-Bold. A face with no family
// name is named by its PDF name.
func svgFamily(f Font) (family, weight, style string) {
	fam := f.tt.Name(truetype.NameIDFontFamily)
	if fam == "" {
		fam = f.name
	}
	sub := strings.ToLower(f.tt.Name(truetype.NameIDFontSubfamily))
	if strings.Contains(sub, "bold") {
		weight = "bold"
	}
	if strings.Contains(sub, "italic") || strings.Contains(sub, "oblique") {
		style = "italic"
	}
	var b bytes.Buffer
	xmlEscape(&b, "'"+strings.ReplaceAll(fam, "'", "")+"'")
	family = b.String()
	if twin, ok := metricTwins[fam]; ok {
		xmlEscape(&b, ", "+twin)
		family = b.String()
	}
	return family, weight, style
}

// outlinePath is s set in f at size with its baseline starting at (x, y),
// as SVG path data: each glyph's TrueType contours, unhinted, in the
// face's own units scaled to the size. TrueType's curves are quadratic
// Béziers whose off-curve points may follow one another with an implied
// on-curve point half way between, which is what SVG's Q draws.
func outlinePath(f Font, x, y, size float64, s string) string {
	var gb truetype.GlyphBuf
	upe := fixed.Int26_6(f.tt.FUnitsPerEm())
	k := size / float64(upe)
	var d strings.Builder
	for _, r := range s {
		idx := f.tt.Index(r)
		if err := gb.Load(f.tt, upe, idx, font.HintingNone); err == nil {
			at := func(p truetype.Point) (float64, float64) {
				return x + float64(p.X)*k, y - float64(p.Y)*k
			}
			start := 0
			for _, end := range gb.Ends {
				contour(&d, gb.Points[start:end], at)
				start = end
			}
		}
		x += f.runeAdvance(r) * size
	}
	return strings.TrimSpace(d.String())
}

// contour writes one closed TrueType contour as path data.
func contour(d *strings.Builder, pts []truetype.Point, at func(truetype.Point) (float64, float64)) {
	n := len(pts)
	if n == 0 {
		return
	}
	on := func(p truetype.Point) bool { return p.Flags&1 != 0 }
	mid := func(a, b truetype.Point) truetype.Point {
		return truetype.Point{X: (a.X + b.X) / 2, Y: (a.Y + b.Y) / 2, Flags: 1}
	}
	// Start on an on-curve point: the first one, or the midpoint of the
	// first two off-curve points of a contour that has none.
	first := -1
	for i, p := range pts {
		if on(p) {
			first = i
			break
		}
	}
	var start truetype.Point
	if first < 0 {
		start, first = mid(pts[0], pts[1%n]), 0
	} else {
		start = pts[first]
	}
	sx, sy := at(start)
	fmt.Fprintf(d, "M%s %s", svgNum(sx), svgNum(sy))
	var ctrl *truetype.Point
	for j := 1; j <= n; j++ {
		p := pts[(first+j)%n]
		if !on(p) {
			if ctrl != nil {
				m := mid(*ctrl, p)
				cx, cy := at(*ctrl)
				mx, my := at(m)
				fmt.Fprintf(d, "Q%s %s %s %s", svgNum(cx), svgNum(cy), svgNum(mx), svgNum(my))
			}
			q := p
			ctrl = &q
			continue
		}
		px, py := at(p)
		if ctrl != nil {
			cx, cy := at(*ctrl)
			fmt.Fprintf(d, "Q%s %s %s %s", svgNum(cx), svgNum(cy), svgNum(px), svgNum(py))
			ctrl = nil
		} else {
			fmt.Fprintf(d, "L%s %s", svgNum(px), svgNum(py))
		}
	}
	if ctrl != nil {
		cx, cy := at(*ctrl)
		fmt.Fprintf(d, "Q%s %s %s %s", svgNum(cx), svgNum(cy), svgNum(sx), svgNum(sy))
	}
	d.WriteString("Z ")
}

// RenderSVG writes one grid of any kind as a standalone SVG document for a
// page-layout program or an app: its width and height are side in points
// (the unit written, so it is placed at its real size) over a viewBox in
// points, the frame's ink running along its edges, as RenderSinglePDF.
// It is the grid the PNG and PDF singles draw, through the same routine.
func RenderSVG(w io.Writer, fig Figure, showSolution bool, side book.Length, style book.Style, text SVGText) error {
	return renderSVG(w, fig, showSolution, side, styleFor(style), text)
}

// RenderSpecSVG is RenderSVG as a book's spec asks for its exports: its
// png size, its style, its digit font and its png.svg_text.
func RenderSpecSVG(w io.Writer, s *book.Spec, fig Figure, showSolution bool) error {
	st, err := specGridStyle(s)
	if err != nil {
		return err
	}
	text := SVGTextAsText
	if s.PNG.SVGOutline {
		text = SVGTextOutlined
	}
	return renderSVG(w, fig, showSolution, s.PNG.Size, st.withPictures(fig), text)
}

func renderSVG(w io.Writer, fig Figure, showSolution bool, side book.Length, st gridStyle, text SVGText) error {
	if side < 36 || side > 14400 {
		return fmt.Errorf("%w: SVG grid side %.1fpt, want 36pt to 200in", ErrSize, float64(side))
	}
	s := float64(side)
	if err := fig.fitsSingle(st, s, showSolution); err != nil {
		return err
	}
	c := &svgCanvas{outline: text == SVGTextOutlined}
	fmt.Fprintf(&c.b, `<?xml version="1.0" encoding="UTF-8"?>`+"\n"+
		`<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="%spt" height="%spt" viewBox="0 0 %s %s">`+"\n",
		svgNum(s), svgNum(s), svgNum(s), svgNum(s))
	// Paper: a layout program places the grid on its own page, but an app
	// shows the file on whatever its screen is.
	c.Rect(0, 0, s, s, White)
	givens, solution := fig.shown(showSolution)
	drawCells(c, 0, 0, s, fig.Geo, givens, solution, st)
	c.b.WriteString("</svg>\n")
	_, err := w.Write(c.b.Bytes())
	return err
}
