package book

import (
	"strings"
	"testing"
)

// TestLatinSections: a futoshiki or calcudoku section takes the odd sides
// of a Latin square, and a web edition holding calcudoku, which the page
// does not draw, is refused by name before any puzzle is made.
func TestLatinSections(t *testing.T) {
	for _, c := range []struct {
		spec, want string
	}{
		{"sections:\n  - {level: easy, count: 2, variant: futoshiki, size: 5}\n  - {level: easy, count: 2, variant: calcudoku, size: 7}\n", ""},
		{"sections:\n  - {level: easy, count: 2, variant: futoshiki, size: 10}\n", "sections[0].size: 10 is not allowed (want 3, 4, 5, 6, 7, 8 or 9)"},
		{"sections:\n  - {level: easy, count: 2, variant: classic, size: 5}\n", "sections[0].size: 5 is not allowed"},
		{"html: true\nsections:\n  - {level: easy, count: 2, variant: futoshiki, size: 5}\n  - {level: easy, count: 2, variant: calcudoku, size: 4}\n", "calcudoku 4x4 is not played in the web edition yet (want html: false, or html.puzzles leaving out puzzles 3-4)"},
		{"html: {puzzles: 1-2}\nsections:\n  - {level: easy, count: 2, variant: futoshiki, size: 5}\n  - {level: easy, count: 2, variant: calcudoku, size: 4}\n", ""},
	} {
		_, err := Load(strings.NewReader("title: T\nauthor: A\n"+c.spec), "spec.yaml")
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%q: %v, want it read", c.spec, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%q: got %v, want an error with %q", c.spec, err, c.want)
		}
	}
}
