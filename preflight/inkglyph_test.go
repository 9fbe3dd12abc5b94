package preflight

import (
	"fmt"
	"strings"
	"testing"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"
)

// glyphTop is how far the tallest glyph of s in the Go font reaches above
// the baseline, in em, read with freetype rather than by the code under
// test.
func glyphTop(t *testing.T, s string) float64 {
	t.Helper()
	f, err := truetype.Parse(goregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	var gb truetype.GlyphBuf
	top := 0.0
	for _, r := range s {
		if err := gb.Load(f, fixed.Int26_6(f.FUnitsPerEm()), f.Index(r), 0); err != nil {
			t.Fatal(err)
		}
		top = max(top, float64(gb.Bounds.Max.Y)/float64(f.FUnitsPerEm()))
	}
	return top
}

// TestInkMarginByGlyphs: a heading of capitals whose ink stops just short
// of a half-inch top margin passes, though the font's Ascent (room for
// accents over capitals) would reach into the margin; the same heading
// set a little higher, its real ink in the margin, still fails, by the
// distance its ink comes from the top. sudokubook sets its heads so, by
// the tallest glyph its languages use (layout.headAt), and the build's
// preflight failed every Lulu interior on them.
func TestInkMarginByGlyphs(t *testing.T) {
	const head, size = "PUZZLE 3", 24.0
	top := glyphTop(t, head) * size
	tests := []struct {
		name  string
		inkIn float64 // the heading's highest ink, inches inside the printer's least top margin
		pass  bool
	}{
		{"ink 0.01in inside the margin", 0.01, true},
		{"ink 0.05in into the margin", -0.05, false},
		{"ink on the trim", -1, false},
	}
	for _, p := range Printers() {
		for _, tt := range tests {
			t.Run(p.String()+"/"+tt.name, func(t *testing.T) {
				b, e := conforming(), expect()
				inkTop := max(0, p.MinMargin(e.Bleed)+tt.inkIn*inch)
				b.head, b.headBase = head, inkTop+top
				pdf := b.pdf(t)
				r, _ := check(t, pdf, p, e).Rule(RuleMargins)
				if r.Pass != tt.pass {
					t.Errorf("margins pass %v, want %v: %s", r.Pass, tt.pass, r.Measured)
				}
				if want := fmt.Sprintf("the ink comes within top %s in on page 3", in3(inkTop)); !tt.pass && !strings.Contains(r.Measured, want) {
					t.Errorf("margins measured %q, want it to say %q", r.Measured, want)
				}
				// Without the design, the ink's clear space is the measure.
				e.Gutter, e.Outside, e.Top, e.Bottom = 0, 0, 0, 0
				r, _ = check(t, pdf, p, e).Rule(RuleMargins)
				if want := fmt.Sprintf("top %s in", in3(inkTop)); r.Pass != tt.pass || !strings.Contains(r.Measured, want) {
					t.Errorf("no design: margins pass %v, measured %q; want pass %v and %q", r.Pass, r.Measured, tt.pass, want)
				}
			})
		}
	}
}
