package ttfsubset

import (
	"bytes"
	"encoding/binary"
	"errors"
	"reflect"
	"testing"

	"github.com/go-fonts/liberation/liberationserifregular"
	"github.com/golang/freetype/truetype"
	"golang.org/x/image/math/fixed"
)

// outline is a glyph's points and contour ends at the font's own scale,
// or nil when the glyph is empty.
func outline(t *testing.T, f *truetype.Font, g truetype.Index) []truetype.Point {
	t.Helper()
	var gb truetype.GlyphBuf
	if err := gb.Load(f, fixed.Int26_6(f.FUnitsPerEm()), g, 0); err != nil {
		t.Fatalf("glyph %d: %v", g, err)
	}
	return append([]truetype.Point(nil), gb.Points...)
}

func TestSubsetKeepsOnlyWantedGlyphs(t *testing.T) {
	ttf := liberationserifregular.TTF
	orig, err := truetype.Parse(ttf)
	if err != nil {
		t.Fatal(err)
	}
	// é is a composite in Liberation (e and an acute): it must bring its
	// components along without their being asked for.
	const shown, absent = "0123456789Sé", "QWZ"
	var gids []uint16
	for _, r := range shown {
		gids = append(gids, uint16(orig.Index(r)))
	}
	sub, err := Subset(ttf, gids)
	if err != nil {
		t.Fatal(err)
	}
	if len(sub) >= len(ttf)/2 {
		t.Errorf("subset is %d bytes of the font's %d, want far fewer", len(sub), len(ttf))
	}
	got, err := truetype.Parse(sub)
	if err != nil {
		t.Fatalf("the subset is not a readable font: %v", err)
	}
	if got.FUnitsPerEm() != orig.FUnitsPerEm() {
		t.Fatalf("units per em %d, want %d", got.FUnitsPerEm(), orig.FUnitsPerEm())
	}
	for _, r := range shown {
		g := orig.Index(r)
		if got.Index(r) != g {
			t.Errorf("%q is glyph %d in the subset, %d in the font: numbers must not change", r, got.Index(r), g)
		}
		if a, b := outline(t, got, g), outline(t, orig, g); len(a) == 0 || !reflect.DeepEqual(a, b) {
			t.Errorf("%q: outline of %d points, want the font's %d", r, len(a), len(b))
		}
		scale := fixed.Int26_6(orig.FUnitsPerEm())
		if a, b := got.HMetric(scale, g), orig.HMetric(scale, g); a != b {
			t.Errorf("%q: metrics %+v, want %+v", r, a, b)
		}
	}
	for _, r := range absent {
		if pts := outline(t, got, orig.Index(r)); len(pts) != 0 {
			t.Errorf("%q was not asked for but kept %d points", r, len(pts))
		}
	}
	if sum := checksum(sub); sum != 0xB1B0AFBA {
		t.Errorf("whole-file checksum %#x, want 0xB1B0AFBA (head's checkSumAdjustment)", sum)
	}
	again, err := Subset(ttf, gids)
	if err != nil || !bytes.Equal(again, sub) {
		t.Errorf("a second subset of the same glyphs differs (err %v)", err)
	}
}

func TestSubsetRefusesDamagedFonts(t *testing.T) {
	ttf := liberationserifregular.TTF
	cutLoca := bytes.Clone(ttf)
	// Point every table past the end of the file.
	n := int(binary.BigEndian.Uint16(cutLoca[4:]))
	for i := range n {
		binary.BigEndian.PutUint32(cutLoca[12+16*i+8:], uint32(len(ttf)))
	}
	for name, in := range map[string][]byte{
		"empty":           nil,
		"not a font":      []byte("%PDF-1.4 not a font at all"),
		"CFF outlines":    append([]byte("OTTO"), ttf[4:]...),
		"tables past end": cutLoca,
		"directory cut":   ttf[:40],
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := Subset(in, []uint16{1}); !errors.Is(err, ErrFont) {
				t.Errorf("got %v, want ErrFont", err)
			}
		})
	}
}
