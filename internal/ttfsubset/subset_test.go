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

// TestBoxes: a simple glyph's box is the one freetype loads unhinted
// (what the layout places text by), in the whole font and in a subset of
// it, where a glyph cut out has no ink; a font cut short is refused.
//
// A composite's (É: E and an acute) is the box its glyf header gives,
// which holds freetype's: golang/freetype rounds a component's offset to
// 64 font units when the font asks to round it to the pixel grid, even
// unhinted, so it draws Liberation Serif's acute 14 units lower than the
// font has it (and than a PDF reader draws it, unhinted at print sizes).
func TestBoxes(t *testing.T) {
	ttf := liberationserifregular.TTF
	f, err := truetype.Parse(ttf)
	if err != nil {
		t.Fatal(err)
	}
	sub, err := Subset(ttf, []uint16{uint16(f.Index('H')), uint16(f.Index('É')), uint16(f.Index('g'))})
	if err != nil {
		t.Fatal(err)
	}
	for _, font := range [][]byte{ttf, sub} {
		upe, boxes, err := Boxes(font)
		if err != nil {
			t.Fatal(err)
		}
		maxp, err := Table(font, "maxp")
		if err != nil {
			t.Fatal(err)
		}
		if n := int(binary.BigEndian.Uint16(maxp[4:])); upe != int(f.FUnitsPerEm()) || len(boxes) != n {
			t.Fatalf("%d units per em, %d glyphs; want %d and %d", upe, len(boxes), f.FUnitsPerEm(), n)
		}
		for _, r := range "HÉg " {
			var gb truetype.GlyphBuf
			if err := gb.Load(f, fixed.Int26_6(f.FUnitsPerEm()), f.Index(r), 0); err != nil {
				t.Fatal(err)
			}
			b := gb.Bounds
			want := GlyphBox{int16(b.Min.X), int16(b.Min.Y), int16(b.Max.X), int16(b.Max.Y), len(gb.Points) > 0}
			got := boxes[f.Index(r)]
			if r == 'É' {
				if got.X0 > want.X0 || got.Y0 > want.Y0 || got.X1 < want.X1 || got.Y1 < want.Y1 || got.Y1-want.Y1 >= 64 || !got.Ink {
					t.Errorf("%q: box %+v, want one holding %+v, at most 63 units taller", r, got, want)
				}
				continue
			}
			if got != want {
				t.Errorf("%q: box %+v, want %+v", r, got, want)
			}
		}
		if cut := boxes[f.Index('Q')]; cut.Ink != bytes.Equal(font, ttf) {
			t.Errorf("Q in the %d-byte font: ink %v", len(font), cut.Ink)
		}
	}
	if _, _, err := Boxes(ttf[:len(ttf)/2]); !errors.Is(err, ErrFont) {
		t.Errorf("half a font: error %v, want ErrFont", err)
	}
}
