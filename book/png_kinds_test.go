package book

import (
	"strings"
	"testing"
)

// TestPNGSizeForKinds refuses a png.size whose exported grids of some
// section would have cells under MinCell, naming the field, the section
// and the size it needs; the default 3in takes every kind.
func TestPNGSizeForKinds(t *testing.T) {
	for _, c := range []struct {
		name, section, png, want string
	}{
		{"16x16 PNGs at an inch", "{level: easy, count: 1, size: 16}", "{puzzles: true, size: 1in}",
			"png.size: 1in would export the classic 16x16 grids of sections[0] with cells of 4.5pt (want at least 10pt, a png.size of 2.23in)"},
		{"samurai single PDFs at 2in", "{level: easy, count: 1, variant: samurai}", "{pdf_singles: true, size: 2in}",
			"png.size: 2in would export the samurai grids of sections[0] with cells of 6.86pt (want at least 8pt"},
		{"16x16 at the default size", "{level: easy, count: 1, size: 16}", "{puzzles: true, solutions: true}", ""},
		{"classic at an inch", "{level: easy, count: 1}", "{puzzles: true, size: 1in}", ""},
		{"no exports", "{level: easy, count: 1, size: 16}", "{size: 1in}", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Load(strings.NewReader("title: T\npuzzles_per_page: 1\nsolutions_per_page: 4\npng: "+c.png+"\nsections:\n  - "+c.section+"\n"), "spec.yaml")
			switch {
			case c.want == "" && err != nil:
				t.Errorf("got %v, want no error", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Errorf("got %v\nwant an error containing %q", err, c.want)
			}
		})
	}
}
