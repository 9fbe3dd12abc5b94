package book

import (
	"strings"
	"testing"
)

func TestLoadHTML(t *testing.T) {
	for _, c := range []struct {
		yaml string
		want HTMLSpec
	}{
		{"", HTMLSpec{}},
		{"html: true\n", HTMLSpec{On: true}},
		{"html: false\n", HTMLSpec{}},
		{"html:\n", HTMLSpec{}},
		{"html: {puzzles: 2-5}\n", HTMLSpec{On: true, Puzzles: Range{Min: 2, Max: 5, Set: true}}},
		{"html:\n  puzzles: 10\n", HTMLSpec{On: true, Puzzles: Range{Min: 10, Max: 10, Set: true}}},
		{"html: {}\n", HTMLSpec{On: true}},
	} {
		if got := load(t, base+c.yaml).HTML; got != c.want {
			t.Errorf("%q: got %+v, want %+v", c.yaml, got, c.want)
		}
	}
}

func TestLoadHTMLBad(t *testing.T) {
	for _, c := range []struct{ yaml, want string }{
		{"html: maybe\n", `spec.yaml:5: html: "maybe" is not allowed (want true, false or a mapping of puzzles)`},
		{"html: [1, 2]\n", "spec.yaml:5: html: want true, false or a mapping of puzzles"},
		{"html: {pages: 1-3}\n", `spec.yaml:5: html: unknown field "pages" (want puzzles)`},
		{"html: {puzzles: some}\n", `spec.yaml:5: html.puzzles: "some" is not a range`},
		{"html: {puzzles: 0-3}\n", "spec.yaml:5: html.puzzles: 0-3 is not allowed (want puzzle numbers within 1-10, the smaller first)"},
		{"html: {puzzles: 5-11}\n", "spec.yaml:5: html.puzzles: 5-11 is not allowed"},
		{"html: {puzzles: 6-2}\n", "spec.yaml:5: html.puzzles: 6-2 is not allowed"},
		{"html: {puzzles: [1]}\n", "spec.yaml:5: html.puzzles: want puzzle numbers such as 1-10"},
	} {
		_, err := Load(strings.NewReader(base+c.yaml), "spec.yaml")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want one containing %q", c.yaml, err, c.want)
		}
	}
}
