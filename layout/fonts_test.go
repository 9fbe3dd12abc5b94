package layout

import (
	"image"
	"testing"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// TestDefaultFaces holds the default faces to what a typographer asks of a
// book face: a zero with an open counter (no slash or dot to read as an 8
// or a Ø in "100 puzzles", years and folios) and a hyphen no longer than a
// third of an em or so (Liberation Serif's is 0.333 em; the Go fonts'
// slashed zero and long hyphen were sent back).
func TestDefaultFaces(t *testing.T) {
	fs := defaultFonts()
	for role, f := range map[string]Font{
		"Regular": fs.Regular, "Bold": fs.Bold, "Medium": fs.Medium, "Italic": fs.Italic,
		"Given": fs.Given, "Filled": fs.Filled,
	} {
		if ink := zeroCounterInk(t, f); ink > 0 {
			t.Errorf("%s (%s): %d inked pixels in the middle of the zero, want an open counter", role, f, ink)
		}
		if w := f.runeAdvance('-'); w > 0.36 {
			t.Errorf("%s (%s): hyphen %.3f em wide, want at most 0.36", role, f, w)
		}
	}
}

// zeroCounterInk draws a 0 at 200 pixels and counts inked pixels in the
// middle fifth of its ink box, where a slash or a dot would sit.
func zeroCounterInk(t *testing.T, f Font) int {
	t.Helper()
	face := truetype.NewFace(f.tt, &truetype.Options{Size: 200, DPI: 72, Hinting: font.HintingNone})
	img := image.NewAlpha(image.Rect(0, 0, 300, 300))
	d := font.Drawer{Dst: img, Src: image.Opaque, Face: face, Dot: fixed.P(50, 250)}
	d.DrawString("0")
	b := alphaBox(img)
	if b.Empty() {
		t.Fatalf("%s: the zero drew no ink", f)
	}
	mid := image.Rect(b.Min.X+2*b.Dx()/5, b.Min.Y+2*b.Dy()/5, b.Max.X-2*b.Dx()/5, b.Max.Y-2*b.Dy()/5)
	n := 0
	for y := mid.Min.Y; y < mid.Max.Y; y++ {
		for x := mid.Min.X; x < mid.Max.X; x++ {
			if img.AlphaAt(x, y).A > 64 {
				n++
			}
		}
	}
	return n
}

func alphaBox(img *image.Alpha) image.Rectangle {
	var b image.Rectangle
	for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
		for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
			if img.AlphaAt(x, y).A > 64 {
				b = b.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return b
}
