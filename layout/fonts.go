package layout

import (
	"fmt"
	"math"
	"sync"

	"github.com/go-fonts/liberation/liberationsansbold"
	"github.com/go-fonts/liberation/liberationsansregular"
	"github.com/go-fonts/liberation/liberationserifbold"
	"github.com/go-fonts/liberation/liberationserifitalic"
	"github.com/go-fonts/liberation/liberationserifregular"
	"github.com/golang/freetype/truetype"
	"github.com/sudokubook/sudokubook/internal/ttfsubset"
	"golang.org/x/image/math/fixed"
)

// Font is one loaded typeface: its bytes, embedded (and subset) in
// every PDF that shows it, and its metrics. A book is set in a fontSet of
// them; the zero Font is not usable.
type Font struct{ *metrics }

func (f Font) String() string {
	if f.metrics == nil {
		return "Font(nil)"
	}
	return f.name
}

// fontSet is the faces a book is set in, by role. Every text the layout
// draws takes its face from the book's set, so a user's fonts (book.Fonts)
// replace the defaults everywhere they are used.
type fontSet struct {
	Regular, Bold, Medium, Italic Font // running text, titles, heads, captions
	Given, Filled                 Font // the digits of a grid: givens and solved cells
	// Display is the heavy face of titles and grid labels (the cover's
	// and title page's title, a section opener's, "Puzzle 12"): the sans
	// of the givens by default, the user's text face where the book has
	// one (whose script the digits' face may not have). So a page reads
	// in two families by role: heads, titles and labels in the sans,
	// running text in the serif.
	Display Font
}

// The default faces are Liberation (SIL Open Font License), packaged as Go
// modules by go-fonts: Liberation Serif for running text, a plain book face
// whose zero has no slash or dot and whose hyphen is short; Liberation
// Sans for heads and for the digits, the open face metric-compatible with
// the Helvetica/Arial figures newspapers set their puzzles in.
//
// They are parsed and measured on first use rather than in an init: every
// command of the binary runs this package's init, and measuring five faces
// there cost `sudokubook version` and `solve` about half a millisecond of
// CPU for a package they do not use (TestInitCost in cmd/sudokubook).
var defaultFonts = sync.OnceValue(func() fontSet {
	fs := fontSet{
		Regular: mustFace("LiberationSerif", liberationserifregular.TTF),
		Bold:    mustFace("LiberationSerif-Bold", liberationserifbold.TTF),
		Medium:  mustFace("LiberationSans", liberationsansregular.TTF),
		Italic:  mustFace("LiberationSerif-Italic", liberationserifitalic.TTF),
		Given:   mustFace("LiberationSans-Bold", liberationsansbold.TTF),
	}
	fs.Filled = fs.Medium
	fs.Display = fs.Given
	return fs
})

// mustFace parses an embedded font. The default faces are part of the
// binary, so a parse failure is a broken build, reported like a bad regexp
// literal.
func mustFace(name string, ttf []byte) Font {
	f, err := parseFace(name, ttf)
	if err != nil {
		panic(fmt.Sprintf("layout: embedded font %s: %v", name, err))
	}
	return f
}

// metrics are a typeface's measurements in em units (1 em = the font size).
// Both back ends and the page planner measure text with them, so a line
// breaks at the same word in the PDF, the PNG and the page count.
type metrics struct {
	name     string // the family name given to the PDF writers
	ttf      []byte
	tt       *truetype.Font
	upe      float64
	advance  map[rune]float64 // memoised advance widths, em
	digitTop float64          // height of the digits above the baseline, em
	capTop   float64          // cap height, em
	top      float64          // highest ink of the Latin letters, accents included, em
	bottom   float64          // lowest ink (descenders), em, positive
	digitMid [10]float64      // x of the middle of each digit's ink, em
	mu       sync.Mutex
	glyphs   glyphCache           // the PNG raster's glyph masks
	boxes    []ttfsubset.GlyphBox // each glyph's box as the font gives it; nil if unread
}

// parseFace reads a TrueType font and measures it. name is the family name
// given to the PDF writers, unique within a PDF.
func parseFace(name string, ttf []byte) (Font, error) {
	tt, err := truetype.Parse(ttf)
	if err != nil {
		return Font{}, err
	}
	m := &metrics{name: name, ttf: ttf, tt: tt, upe: float64(tt.FUnitsPerEm()), advance: map[rune]float64{}}
	if _, boxes, err := ttfsubset.Boxes(ttf); err == nil {
		m.boxes = boxes
	}
	m.digitTop, _ = m.ink("0123456789")
	m.capTop, _ = m.ink("HXEI")
	m.top, _ = m.ink(tallGlyphs)
	_, m.bottom = m.ink(deepGlyphs)
	for d := range m.digitMid {
		m.digitMid[d] = m.inkMid(rune('0' + d))
	}
	return Font{m}, nil
}

// has reports whether the face has a glyph for r.
func (m *metrics) has(r rune) bool { return m.tt.Index(r) != 0 }

// ink is how far the glyphs of s reach above the baseline (top) and below
// it (bottom, as a positive number), in em. Digits are centred in a cell
// by their top rather than by the font's ascent, which includes room for
// accents and would set them too low.
//
// The boxes are the font's own (its glyf headers), which the preflight
// measures a PDF's ink by and PDF readers draw to: golang/freetype rounds
// a composite glyph's parts to 64 font units, so it set Liberation
// Serif's accented capitals 14 units lower than they print, and a head in
// that font touched the margin 0.002in inside it.
func (m *metrics) ink(s string) (top, bottom float64) {
	var gb truetype.GlyphBuf
	scale := fixed.Int26_6(m.tt.FUnitsPerEm())
	high, low := 0.0, 0.0
	for _, r := range s {
		g := m.tt.Index(r)
		if int(g) < len(m.boxes) {
			if b := m.boxes[g]; b.Ink {
				high, low = math.Max(high, float64(b.Y1)), math.Min(low, float64(b.Y0))
			}
			continue
		}
		if err := gb.Load(m.tt, scale, g, 0); err != nil {
			continue
		}
		high = math.Max(high, float64(gb.Bounds.Max.Y))
		low = math.Min(low, float64(gb.Bounds.Min.Y))
	}
	return high / m.upe, -low / m.upe
}

// overhang is how far the ink of r reaches left of its origin, in em: a
// j's tail, an italic A's foot; 0 for a glyph whose ink starts
// at or after the origin, or whose box the font does not give.
func (m *metrics) overhang(r rune) float64 {
	if g := m.tt.Index(r); int(g) < len(m.boxes) && m.boxes[g].Ink && m.boxes[g].X0 < 0 {
		return -float64(m.boxes[g].X0) / m.upe
	}
	return 0
}

// inkMid is the x of the middle of r's ink from its origin, in em. Centring
// the ink rather than the advance box keeps a 1, whose ink sits off the
// middle of its box, visibly in the middle of its cell.
func (m *metrics) inkMid(r rune) float64 {
	var gb truetype.GlyphBuf
	if err := gb.Load(m.tt, fixed.Int26_6(m.tt.FUnitsPerEm()), m.tt.Index(r), 0); err != nil {
		return 0
	}
	return float64(gb.Bounds.Min.X+gb.Bounds.Max.X) / 2 / m.upe
}

func (m *metrics) runeAdvance(r rune) float64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	if a, ok := m.advance[r]; ok {
		return a
	}
	scale := fixed.Int26_6(m.tt.FUnitsPerEm())
	a := float64(m.tt.HMetric(scale, m.tt.Index(r)).AdvanceWidth) / m.upe
	m.advance[r] = a
	return a
}

// textWidth is the advance width of s set in f at size points. There is no
// kerning, as neither PDF writer sets any.
func textWidth(f Font, size float64, s string) float64 {
	m := f.metrics
	w := 0.0
	for _, r := range s {
		w += m.runeAdvance(r)
	}
	return w * size
}

// digitHeight is how far digits of f at size points rise above the baseline.
func digitHeight(f Font, size float64) float64 { return f.digitTop * size }

// capHeight is how far capitals of f at size points rise above the baseline.
func capHeight(f Font, size float64) float64 { return f.capTop * size }

// inkExtent is how far the ink of text in f at size may reach above and
// below the baseline, for the letters of the book's languages.
func inkExtent(f Font, size float64) (above, below float64) {
	return f.top * size, f.bottom * size
}

// The glyphs that reach highest and lowest in es, fr, it and de text.
const (
	tallGlyphs = "ÁÀÂÄÉÈÊËÍÎÏÓÔÖÚÙÛÜÑÇbdfhklt©«»“”‘’"
	deepGlyphs = "gjpqyÇç,;()[]"
)

// digitMid is the x of the middle of digit d's ink from its origin at size.
func digitMid(f Font, size float64, d uint8) float64 { return f.digitMid[d] * size }
