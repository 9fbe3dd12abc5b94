package layout

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image"
	"image/png"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
)

// svgFigures is one figure of every kind the grid routine draws, killer
// included.
func svgFigures(t *testing.T) map[string]Figure {
	t.Helper()
	figs := map[string]Figure{"killer": testKiller(t), "thermo": lineFixture(t, false, false), "arrow": lineFixture(t, true, true)}
	for name, g := range testGeometries(t) {
		figs[name] = kindFixture(g)
	}
	return figs
}

// svgElement is one drawing element read back from an SVG.
type svgElement struct {
	name  string
	attrs map[string]string
	text  string
}

// readSVG parses doc as XML, failing the test on any error, and returns
// the root's attributes and the elements inside it in order.
func readSVG(t *testing.T, doc []byte) (root map[string]string, els []svgElement) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(doc))
	d.Strict = true
	depth := 0
	var cur *svgElement
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not valid XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			attrs := map[string]string{}
			for _, a := range tok.Attr {
				attrs[a.Name.Local] = a.Value
			}
			if depth == 0 {
				if tok.Name.Space != "http://www.w3.org/2000/svg" || tok.Name.Local != "svg" {
					t.Fatalf("root element %s %s, want svg in the SVG namespace", tok.Name.Space, tok.Name.Local)
				}
				root = attrs
			} else {
				els = append(els, svgElement{name: tok.Name.Local, attrs: attrs})
				cur = &els[len(els)-1]
			}
			depth++
		case xml.CharData:
			if cur != nil && depth == 2 {
				cur.text += string(tok)
			}
		case xml.EndElement:
			depth--
			cur = nil
		}
	}
	if depth != 0 || root == nil {
		t.Fatal("the document does not close its root element")
	}
	return root, els
}

// replay draws what an SVG's elements say on c, reading fonts back by
// their CSS names: the SVG holds the drawing only if this gives the
// canvas's own picture.
func replay(t *testing.T, els []svgElement, c canvas, faces []Font) {
	t.Helper()
	num := func(e svgElement, k string) float64 {
		v, err := strconv.ParseFloat(e.attrs[k], 64)
		if err != nil {
			t.Fatalf("<%s %s=%q>: %v", e.name, k, e.attrs[k], err)
		}
		return v
	}
	grey := func(e svgElement, k string) Grey {
		var r, g, b int
		if _, err := fmt.Sscanf(e.attrs[k], "#%02x%02x%02x", &r, &g, &b); err != nil || r != g || g != b {
			t.Fatalf("<%s %s=%q>: want a grey #rrggbb", e.name, k, e.attrs[k])
		}
		return Grey(float64(r) / 255)
	}
	face := func(e svgElement) Font {
		for _, f := range faces {
			fam, w, s := svgFamily(f)
			// The decoder unescaped the attribute; escape it back.
			var b bytes.Buffer
			xmlEscape(&b, e.attrs["font-family"])
			if b.String() == fam && e.attrs["font-weight"] == w && e.attrs["font-style"] == s {
				return f
			}
		}
		t.Fatalf("<text> in %q %q %q, which is none of the book's faces", e.attrs["font-family"], e.attrs["font-weight"], e.attrs["font-style"])
		return Font{}
	}
	for _, e := range els {
		switch e.name {
		case "line":
			if e.attrs["stroke-linecap"] != "square" {
				t.Fatalf("line with caps %q, want square as every back end draws", e.attrs["stroke-linecap"])
			}
			c.Line(num(e, "x1"), num(e, "y1"), num(e, "x2"), num(e, "y2"), num(e, "stroke-width"), grey(e, "stroke"))
		case "rect":
			c.Rect(num(e, "x"), num(e, "y"), num(e, "width"), num(e, "height"), grey(e, "fill"))
		case "circle":
			if e.attrs["fill"] == "none" {
				circleLine(c, num(e, "cx"), num(e, "cy"), num(e, "r"), num(e, "stroke-width"), grey(e, "stroke"))
			} else {
				disc(c, num(e, "cx"), num(e, "cy"), num(e, "r"), grey(e, "fill"))
			}
		case "text":
			c.Text(num(e, "x"), num(e, "y"), e.text, face(e), num(e, "font-size"), grey(e, "fill"), AlignLeft)
		default:
			t.Fatalf("unexpected element <%s>", e.name)
		}
	}
}

// TestSVGKinds renders every kind's puzzle and solution as SVG, with text
// as text and outlined, and checks each is valid XML in the SVG namespace
// sized in points, that its text is the grid's digits in the digit faces,
// and that drawing its elements back on the PNG raster gives the PNG the
// same grid renders: the SVG is the same drawing, not a second one.
func TestSVGKinds(t *testing.T) {
	const side, dpi = 240, 150
	faces := []Font{defaultFonts().Given, defaultFonts().Filled}
	for name, fig := range svgFigures(t) {
		for _, show := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s solution=%v", name, show), func(t *testing.T) {
				var doc, outlined, pngBuf bytes.Buffer
				if err := RenderSVG(&doc, fig, show, side, testStyle, SVGTextAsText); err != nil {
					t.Fatal(err)
				}
				if err := RenderSVG(&outlined, fig, show, side, testStyle, SVGTextOutlined); err != nil {
					t.Fatal(err)
				}
				preview(t, strings.ReplaceAll(fmt.Sprintf("svg-%s-%v.svg", name, show), " ", "_"), doc.Bytes())
				root, els := readSVG(t, doc.Bytes())
				if root["width"] != "240pt" || root["height"] != "240pt" || root["viewBox"] != "0 0 240 240" {
					t.Errorf("root sized %q x %q over %q, want 240pt square over a viewBox in points", root["width"], root["height"], root["viewBox"])
				}
				// The text is the digits, as the cells hold them.
				want := 0
				for i, d := range fig.Givens {
					if d != 0 || show && fig.Solution[i] != 0 {
						want++
					}
				}
				var digits, texts int
				for _, e := range els {
					if e.name == "text" {
						texts++
						if v, err := strconv.Atoi(e.text); err == nil && v >= 1 && v <= fig.Geo.N {
							digits++
						}
					}
				}
				if digits < want || !show && fig.Geo.Constraints() == nil && texts != want {
					t.Errorf("%d text elements, %d of them a digit, want %d digits", texts, digits, want)
				}
				_, outEls := readSVG(t, outlined.Bytes())
				for _, e := range outEls {
					if e.name == "text" {
						t.Fatalf("outlined SVG sets text %q", e.text)
					}
				}
				if paths := count(outEls, "path"); paths != texts {
					t.Errorf("outlined SVG has %d paths, want one per text, %d", paths, texts)
				}

				if err := RenderPNG(&pngBuf, fig, show, side, dpi, testStyle); err != nil {
					t.Fatal(err)
				}
				img, err := png.Decode(&pngBuf)
				if err != nil {
					t.Fatal(err)
				}
				want2 := img.(*image.Gray)
				n := want2.Rect.Dx()
				c := newGrayCanvas(n, n, dpi)
				replay(t, els, c, faces)
				// Coordinates are written to a thousandth of a point, which
				// may move a glyph across one of the rasteriser's quarter
				// pixel steps: a few edge pixels by a quarter of black.
				if d, at, off := rasterDiff(c.img, want2); d > 70 || off > n*n/500 {
					t.Errorf("the SVG drawn back differs from the PNG in %d pixels, by up to %d grey levels (at %v): want under %d, by at most 70", off, d, at, n*n/500)
				}
				c.release()
			})
		}
	}
}

func count(els []svgElement, name string) int {
	n := 0
	for _, e := range els {
		if e.name == name {
			n++
		}
	}
	return n
}

// rasterDiff is the largest difference between two rasters of one size,
// where it is, and how many pixels differ by more than 2 levels.
func rasterDiff(a, b *image.Gray) (int, image.Point, int) {
	best, at, off := 0, image.Point{}, 0
	for y := range a.Rect.Dy() {
		for x := range a.Rect.Dx() {
			d := int(a.GrayAt(x, y).Y) - int(b.GrayAt(x, y).Y)
			if d < 0 {
				d = -d
			}
			if d > 2 {
				off++
			}
			if d > best {
				best, at = d, image.Pt(x, y)
			}
		}
	}
	return best, at, off
}

func TestSVGText(t *testing.T) {
	fam, w, s := svgFamily(defaultFonts().Given)
	if fam != "&apos;Liberation Sans&apos;, Arial, Helvetica, sans-serif" || w != "bold" || s != "" {
		t.Errorf("given face named %q %q %q, want Liberation Sans bold with its metric twins", fam, w, s)
	}
	fam, w, s = svgFamily(defaultFonts().Italic)
	if !strings.HasPrefix(fam, "&apos;Liberation Serif&apos;") || w != "" || s != "italic" {
		t.Errorf("italic face named %q %q %q, want Liberation Serif italic", fam, w, s)
	}
	for _, tc := range []struct {
		v    float64
		want string
	}{{0, "0"}, {1.5, "1.5"}, {-0.0001, "0"}, {2.0004, "2"}, {12.3456, "12.346"}} {
		if got := svgNum(tc.v); got != tc.want {
			t.Errorf("svgNum(%v) = %q, want %q", tc.v, got, tc.want)
		}
	}
	var b bytes.Buffer
	xmlEscape(&b, `<&"'>`)
	if b.String() != "&lt;&amp;&quot;&apos;&gt;" {
		t.Errorf("escaped %q", b.String())
	}
}

func TestRenderSVGErrors(t *testing.T) {
	givens, solution := fixturePuzzle(1)
	fig := ClassicFigure(givens, solution)
	if err := RenderSVG(io.Discard, fig, false, 10, testStyle, SVGTextAsText); err == nil {
		t.Error("a 10pt SVG was drawn, want ErrSize")
	}
	bad := Figure{Geo: engine.Classic9, Givens: givens[:40]}
	if err := RenderSVG(io.Discard, bad, false, 216, testStyle, SVGTextAsText); err == nil {
		t.Error("a figure of 40 cells was drawn as 9x9, want an error")
	}
	spec := testSpec()
	spec.PNG = book.PNGSpec{Size: 180, SVG: true, SVGOutline: true}
	var out bytes.Buffer
	if err := RenderSpecSVG(&out, spec, fig, false); err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(out.Bytes(), []byte("<text")) || !bytes.Contains(out.Bytes(), []byte(`width="180pt"`)) {
		t.Error("the spec's outlined 180pt SVG has text elements or another size")
	}
}
