package book

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCoverSpec reads the cover's fields and refuses bad ones, each named
// with its line.
func TestCoverSpec(t *testing.T) {
	s := load(t, `title: T
sections: [{level: easy, count: 1}]
cover:
  theme: navy
  colours: {accent: "#C0392B", ink: fafafa}
  badge: LARGE PRINT
  blurb: |
    One.
    Two.
`)
	c := s.Cover
	if c.Theme != "navy" || c.Badge != "LARGE PRINT" || c.Blurb != "One.\nTwo.\n" {
		t.Errorf("cover %+v, want navy, the badge and the blurb as written", c)
	}
	p := c.Palette()
	if p.Accent != (Colour{0xc0, 0x39, 0x2b}) || p.Ink != (Colour{0xfa, 0xfa, 0xfa}) || p.Ground != CoverThemes["navy"].Ground {
		t.Errorf("palette %+v, want navy's ground with the custom accent and ink", p)
	}
	dir := t.TempDir()
	notImage := filepath.Join(dir, "notes.png")
	if err := os.WriteFile(notImage, []byte("hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ yaml, want string }{
		{"cover: {theme: neon}", `spec.yaml:3: cover.theme: unknown theme "neon" (want one of berry, charcoal, coral, forest, mint, navy, paper, sky, sunshine)`},
		{"cover: {colours: {ground: red}}", `spec.yaml:3: cover.colours.ground`},
		{"cover: {badge: A BADGE FAR TOO LONG TO FIT}", `cover.badge: 27 characters is too long`},
		{"cover: {art: missing.png}", `cover.art: cannot read`},
		{"cover: {art: " + notImage + "}", `is not a PNG or JPEG image`},
		{"cover: {art_as: sideways}", `cover.art_as`},
	} {
		_, err := Load(strings.NewReader("title: T\nsections: [{level: easy, count: 1}]\n"+tc.yaml+"\n"), "spec.yaml")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want it to contain %q", tc.yaml, err, tc.want)
		}
	}
}

// TestCoverPalettePreset: a cover that names no theme takes its preset's
// (a children's book is bright), one that names a theme keeps it, and
// every preset theme is a theme of the table.
func TestCoverPalettePreset(t *testing.T) {
	for preset, theme := range PresetThemes {
		if _, ok := CoverThemes[theme]; !ok {
			t.Errorf("preset %s takes theme %q, which is not in CoverThemes", preset, theme)
		}
	}
	kids := &Spec{Template: "kids", Cover: &CoverSpec{}}
	if got := kids.CoverPalette(); got != CoverThemes["sunshine"] {
		t.Errorf("a kids book's cover without a theme is %v, want sunshine", got)
	}
	kids.Cover.Theme = "forest"
	if got := kids.CoverPalette(); got != CoverThemes["forest"] {
		t.Errorf("a kids book's cover with theme forest is %v, want forest", got)
	}
	plain := &Spec{Cover: &CoverSpec{}}
	if got := plain.CoverPalette(); got != CoverThemes["charcoal"] {
		t.Errorf("a cover with no theme and no preset is %v, want charcoal", got)
	}
	red := Colour{200, 0, 0}
	kids.Cover = &CoverSpec{Colours: CoverColours{Accent: &red}}
	if got := kids.CoverPalette(); got.Accent != red || got.Ground != CoverThemes["sunshine"].Ground {
		t.Errorf("a kids cover with its own accent is %v, want sunshine with accent %v", got, red)
	}
}
