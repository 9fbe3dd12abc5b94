package layout

import (
	"fmt"
	"math"
	"sync"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"
)

// Font names one of the embedded Go typefaces. Every font the layout uses is
// one of these, so every PDF embeds its fonts (no PDF core fonts) and every
// accented letter of es, fr, it and de has a glyph.
type Font int

const (
	Regular Font = iota
	Bold
	Medium
	Italic
	numFonts
)

var fontData = [numFonts]struct {
	name string // the family name given to fpdf
	ttf  []byte
}{
	Regular: {"GoRegular", goregular.TTF},
	Bold:    {"GoBold", gobold.TTF},
	Medium:  {"GoMedium", gomedium.TTF},
	Italic:  {"GoItalic", goitalic.TTF},
}

func (f Font) String() string {
	if f >= 0 && f < numFonts {
		return fontData[f].name
	}
	return fmt.Sprintf("Font(%d)", int(f))
}

// metrics are a typeface's measurements in em units (1 em = the font size).
// Both back ends and the page planner measure text with them, so a line
// breaks at the same word in the PDF, the PNG and the page count.
type metrics struct {
	tt       *truetype.Font
	upe      float64
	advance  map[rune]float64 // memoised advance widths, em
	digitTop float64          // height of the digits above the baseline, em
	capTop   float64          // cap height, em
	top      float64          // highest ink of the Latin letters, accents included, em
	bottom   float64          // lowest ink (descenders), em, positive
	digitMid [10]float64      // x of the middle of each digit's ink, em
	mu       sync.Mutex
}

// fonts holds the parsed embedded fonts. They are part of the binary, so a
// parse failure is a broken build, reported like a bad regexp literal.
var fonts = func() (out [numFonts]*metrics) {
	for i := range out {
		tt, err := truetype.Parse(fontData[i].ttf)
		if err != nil {
			panic(fmt.Sprintf("layout: embedded font %s: %v", fontData[i].name, err))
		}
		m := &metrics{tt: tt, upe: float64(tt.FUnitsPerEm()), advance: map[rune]float64{}}
		m.digitTop, _ = m.ink("0123456789")
		m.capTop, _ = m.ink("HXEI")
		m.top, _ = m.ink(tallGlyphs)
		_, m.bottom = m.ink(deepGlyphs)
		for d := range m.digitMid {
			m.digitMid[d] = m.inkMid(rune('0' + d))
		}
		out[i] = m
	}
	return out
}()

// ink is how far the glyphs of s reach above the baseline (top) and below
// it (bottom, as a positive number), in em. Digits are centred in a cell
// by their top rather than by the font's ascent, which includes room for
// accents and would set them too low.
func (m *metrics) ink(s string) (top, bottom float64) {
	var gb truetype.GlyphBuf
	scale := fixed.Int26_6(m.tt.FUnitsPerEm())
	high, low := 0.0, 0.0
	for _, r := range s {
		if err := gb.Load(m.tt, scale, m.tt.Index(r), 0); err != nil {
			continue
		}
		high = math.Max(high, float64(gb.Bounds.Max.Y))
		low = math.Min(low, float64(gb.Bounds.Min.Y))
	}
	return high / m.upe, -low / m.upe
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
// kerning, as fpdf sets none.
func textWidth(f Font, size float64, s string) float64 {
	m := fonts[f]
	w := 0.0
	for _, r := range s {
		w += m.runeAdvance(r)
	}
	return w * size
}

// digitHeight is how far digits of f at size points rise above the baseline.
func digitHeight(f Font, size float64) float64 { return fonts[f].digitTop * size }

// capHeight is how far capitals of f at size points rise above the baseline.
func capHeight(f Font, size float64) float64 { return fonts[f].capTop * size }

// inkExtent is how far the ink of text in f at size may reach above and
// below the baseline, for the letters of the book's languages.
func inkExtent(f Font, size float64) (above, below float64) {
	return fonts[f].top * size, fonts[f].bottom * size
}

// The glyphs that reach highest and lowest in es, fr, it and de text.
const (
	tallGlyphs = "ÁÀÂÄÉÈÊËÍÎÏÓÔÖÚÙÛÜÑÇbdfhklt©«»“”‘’"
	deepGlyphs = "gjpqyÇç,;()[]"
)

// digitMid is the x of the middle of digit d's ink from its origin at size.
func digitMid(f Font, size float64, d uint8) float64 { return fonts[f].digitMid[d] * size }
