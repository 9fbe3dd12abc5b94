package book

import (
	"errors"
	"strings"
	"testing"
)

// Every number a spec gives is range-checked before use, and a fraction
// where a whole number is wanted is an error naming the field and line
// (yaml.v3 alone truncates count: 2.5 to 2).
func TestNumbersChecked(t *testing.T) {
	const head = "title: T\n"
	sec := "sections:\n  - level: easy\n    count: 2\n"
	cases := []struct{ yaml, want string }{
		{head + "sections:\n  - level: easy\n    count: 2.5\n", "spec.yaml:4: sections[0].count: \"2.5\" is not allowed (want a whole number)"},
		{head + "sections:\n  - level: easy\n    count: 2.0\n", "sections[0].count: \"2.0\" is not allowed"},
		{head + "sections:\n  - level: easy\n    count: 1e3\n", "sections[0].count: \"1e3\" is not allowed"},
		{head + "sections:\n  - level: easy\n    count: 0\n", "sections[0].count: 0 is not allowed"},
		{head + "sections:\n  - level: easy\n    count: 5001\n", "sections[0].count: 5001 is not allowed"},
		{head + "sections:\n  - level: easy\n    count: -3\n", "sections[0].count: -3 is not allowed"},
		{head + "sections:\n  - level: easy\n    count: 99999999999999999999\n", "sections[0].count: \"99999999999999999999\" is not allowed (too large a number)"},
		{head + "puzzles_per_page: 2.5\n" + sec, "spec.yaml:2: puzzles_per_page: \"2.5\" is not allowed"},
		{head + "puzzles_per_page: 3\n" + sec, "puzzles_per_page: 3 is not allowed"},
		{head + "solutions_per_page: 13\n" + sec, "solutions_per_page: 13 is not allowed"},
		{head + "solutions_per_page: 3\n" + sec, "solutions_per_page: 3 is not allowed"},
		{head + "year: 2026.5\n" + sec, "year: \"2026.5\" is not allowed"},
		{head + "year: 99999\n" + sec, "year: 99999 is not allowed"},
		{head + "seed: 1.5\n" + sec, "seed: \"1.5\" is not allowed"},
		{head + "seed: 9223372036854775808\n" + sec, "seed: \"9223372036854775808\" is not allowed (too large a number)"},
		{head + "png: {puzzles: true, dpi: 71}\n" + sec, "png.dpi: 71 is not allowed"},
		{head + "png: {puzzles: true, dpi: 300.5}\n" + sec, "png.dpi: \"300.5\" is not allowed"},
		{head + "sections:\n  - level: easy\n    count: 2\n    clues: 17.5-30\n", "sections[0].clues"},
		{head + "sections:\n  - level: easy\n    count: 2\n    score: 5000-6000\n", "spec.yaml:5: sections[0].score: 5000-6000 cannot be reached for easy puzzles"},
		{head + "sections:\n  - level: expert\n    count: 2\n    score: 1-10\n", "sections[0].score: 1-10 cannot be reached for expert puzzles"},
		{head + "margins: {top: 1e400in}\n" + sec, "margins.top"},
		{head + "margins: {top: -1in}\n" + sec, "margins.top"},
		{head + "trim: 0x0in\n" + sec, "trim"},
		{head + "trim: 1e9x1e9in\n" + sec, "trim"},
		{head + "style: {text_size: 1000pt}\n" + sec, "style.text_size"},
		{head + "style: {thin_line: -1pt}\n" + sec, "style.thin_line"},
		{head + "png: {puzzles: true, size: 0in}\n" + sec, "png.size"},
	}
	for _, c := range cases {
		_, err := Load(strings.NewReader(c.yaml), "spec.yaml")
		if !errors.Is(err, ErrSpec) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want a spec error with %q", c.yaml, err, c.want)
		}
	}
	// Whole numbers in range, and a reachable score band, still load.
	for _, ok := range []string{
		head + "year: 2026\nseed: -5\npuzzles_per_page: 4\nsolutions_per_page: 12\n" + sec,
		head + "sections:\n  - level: easy\n    count: 5000\n    score: 100-400\n",
	} {
		if _, err := Load(strings.NewReader(ok), "spec.yaml"); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
}

// FuzzUnits feeds the parsers of lengths, sizes and bands anything: no
// panic, lengths and sizes finite, bands that print back as themselves.
func FuzzUnits(f *testing.F) {
	for _, s := range []string{"3in", "76.2mm", "1e400in", "-1pt", "nanin", "6x9in", "a4", "210x297mm", "17-30", "30-17", "5", "0x10pt"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if l, err := ParseLength(s); err == nil && bad(l) {
			t.Errorf("ParseLength(%q) = %v", s, l)
		}
		if z, err := ParseSize(s); err == nil && (bad(z.W) || bad(z.H)) {
			t.Errorf("ParseSize(%q) = %+v", s, z)
		}
		// An upside-down band parses; validation refuses it, naming the
		// field. What parses prints back as itself.
		if r, err := ParseRange(s); err == nil {
			if r2, err := ParseRange(r.String()); err != nil || r2 != r {
				t.Errorf("ParseRange(%q) = %v, which reads back as %v, %v", s, r, r2, err)
			}
		}
	})
}
