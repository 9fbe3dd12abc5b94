package book

import (
	"strings"
	"testing"
)

// TestSectionRatingCeiling: a rating band no puzzle of the kind and level
// can reach is refused before work, naming the field.
func TestSectionRatingCeiling(t *testing.T) {
	for _, c := range []struct{ section, err string }{
		{"{level: extreme, count: 2, rating: 11.9}", "sections[0].rating: 11.9 cannot be reached: no extreme classic 9x9 puzzle rates above 9.9"},
		{"{level: easy, count: 2, size: 4, rating: 3.0-4.0}", "sections[0].rating: 3.0-4.0 cannot be reached: no easy classic 4x4 puzzle rates above 2.3"},
		{"{level: extreme, count: 2, rating: 9.0}", ""},
		{"{level: easy, count: 2, size: 4, rating: 1.2-2.3}", ""},
	} {
		_, err := Load(strings.NewReader("title: T\nsections:\n  - "+c.section+"\n"), "spec.yaml")
		switch {
		case c.err == "" && err != nil:
			t.Errorf("%s: %v, want no error", c.section, err)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s: got %v, want %q", c.section, err, c.err)
		}
	}
}
