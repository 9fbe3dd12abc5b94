package book

import (
	"errors"
	"strings"
	"testing"
)

// TestNewcomerYAML: the YAML mistakes a newcomer makes get a line and a
// hint, as field errors do, instead of the parser's terse words.
func TestNewcomerYAML(t *testing.T) {
	cases := []struct{ name, yaml, want string }{
		{"colon in the title", "title: Sudoku: The Book\nsections:\n  - level: easy\n    count: 4\n",
			`spec.yaml:1: title: the value holds a colon and a space, which YAML reads as a new field; put the value in quotes: title: "Sudoku: The Book"`},
		{"colon in a section title", "title: T\nsections:\n  - level: easy\n    title: Part 1: Warm-up\n    count: 4\n",
			`spec.yaml:4: title: the value holds a colon and a space, which YAML reads as a new field; put the value in quotes:     title: "Part 1: Warm-up"`},
		{"tab in the indentation", "title: T\nsections:\n\t- level: easy\n    count: 4\n",
			"spec.yaml:3: a tab in the indentation: YAML indents with spaces only"},
		{"key one space short", "title: T\nsections:\n  - level: easy\n    count: 4\n   title: X\n",
			`spec.yaml:5: "title: X" is indented 3 spaces, which lines up with no field above it: indent it 4 spaces`},
		{"key at the dashes", "title: T\nsections:\n  - level: easy\n    count: 4\n  title: X\n",
			`spec.yaml:5: "title: X" is indented 2 spaces, at the column of the list's dashes`},
		{"top-level key indented", "title: T\n author: X\nsections:\n  - level: easy\n    count: 4\n",
			`spec.yaml:2: "author: X" is indented 1 space, which lines up with no field above it: indent it 0 spaces`},
		{"block text is not structure", "title: T\nintro: |\n  Dear reader: hello\n     indented: text\nsections:\n  - level: easy\n    count: 4\n   title: X\n",
			`spec.yaml:8: "title: X" is indented 3 spaces`},
		{"digit size without unit", "title: T\nstyle:\n  digit_size: 18\nsections:\n  - level: easy\n    count: 4\n",
			`spec.yaml:3: style.digit_size: "18" has no unit (want in, mm, cm or pt, e.g. 18pt or 18mm)`},
		{"margin without unit", "title: T\nmargins: {top: 0.5}\nsections:\n  - level: easy\n    count: 4\n",
			`e.g. 0.5in)`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Load(strings.NewReader(c.yaml), "spec.yaml")
			if err == nil || !errors.Is(err, ErrSpec) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v\nwant an ErrSpec containing\n%s", err, c.want)
			}
		})
	}
}

// TestCommentedValueWarns: "subtitle: #1 bestseller" is valid YAML for an
// empty subtitle; the spec loads, with a warning that says why and how to
// quote it.
func TestCommentedValueWarns(t *testing.T) {
	s, err := Load(strings.NewReader("title: T\nsubtitle: #1 bestseller\nsections:\n  - level: easy\n    count: 4\n    title: # Warm-up\n"), "spec.yaml")
	if err != nil {
		t.Fatal(err)
	}
	w := strings.Join(s.Warnings(), "\n")
	for _, want := range []string{
		`spec.yaml:2: subtitle is empty: YAML reads #1 bestseller as a comment; to print it, quote it: subtitle: "#1 bestseller"`,
		`spec.yaml:6: sections[0].title is empty`,
	} {
		if !strings.Contains(w, want) {
			t.Errorf("warnings:\n%s\nwant:\n%s", w, want)
		}
	}
	s, err = Load(strings.NewReader("title: T # the working title\nsubtitle: \"#1\"\nsections:\n  - level: easy\n    count: 4\n"), "spec.yaml")
	if err != nil || len(s.Warnings()) != 0 {
		t.Errorf("a comment after a value, or a quoted #: got %v, %q, want no warning", err, s.Warnings())
	}
}

// TestCaseOfNames: language: EN is taken as level: Easy is.
func TestCaseOfNames(t *testing.T) {
	s, err := Load(strings.NewReader("title: T\nlanguage: EN\nsections:\n  - level: Easy\n    count: 4\n"), "spec.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if s.Language != "en" {
		t.Errorf("language: got %q, want en", s.Language)
	}
}

// TestEveryTypeErrorReported: one value of the wrong type does not hide
// the file's other mistakes, of either kind.
func TestEveryTypeErrorReported(t *testing.T) {
	_, err := Load(strings.NewReader("title: [a, b]\nseed: abc\nstyle: 12pt\ntrim: 6x9\nsections:\n  - level: easy\n    count: many\n  - level: hardd\n    count: 0\n"), "spec.yaml")
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{"spec.yaml:1: title:", "spec.yaml:2: seed:", "spec.yaml:3: style:", "spec.yaml:4: trim:", "spec.yaml:7: sections[0].count:", "spec.yaml:8: sections[1].level:", "spec.yaml:9: sections[1].count:"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error:\n%v\nlacks %q", err, want)
		}
	}
}
