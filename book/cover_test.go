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
		{"cover: {theme: neon}", `spec.yaml:3: cover.theme: unknown theme "neon" (want one of berry, charcoal, forest, navy, paper)`},
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
