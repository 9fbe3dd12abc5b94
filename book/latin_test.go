package book

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/engine"
)

// TestLatinSections: a futoshiki or calcudoku section takes the odd sides
// of a Latin square, and a web edition may hold either.
func TestLatinSections(t *testing.T) {
	for _, c := range []struct {
		spec, want string
	}{
		{"sections:\n  - {level: easy, count: 2, variant: futoshiki, size: 5}\n  - {level: easy, count: 2, variant: calcudoku, size: 7}\n", ""},
		{"sections:\n  - {level: easy, count: 2, variant: futoshiki, size: 10}\n", "sections[0].size: 10 is not allowed (want 3, 4, 5, 6, 7, 8 or 9)"},
		{"sections:\n  - {level: easy, count: 2, variant: classic, size: 5}\n", "sections[0].size: 5 is not allowed"},
		{"html: true\nsections:\n  - {level: easy, count: 2, variant: futoshiki, size: 5}\n  - {level: easy, count: 2, variant: calcudoku, size: 4}\n", ""},
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

// TestLatinManifest: a book of futoshiki and calcudoku, with and without
// operations, writes the same manifest whatever the worker count, and
// each record reads back to the book's grids and marks, its line to the
// same puzzle, with the one solution the solver proves.
func TestLatinManifest(t *testing.T) {
	spec := "title: T\nauthor: A\nseed: 4\nsections:\n" +
		"  - {level: medium, count: 2, variant: futoshiki, size: 5}\n" +
		"  - {level: easy, count: 2, variant: calcudoku, size: 4}\n" +
		"  - {level: medium, count: 2, variant: calcudoku-no-op, size: 7}\n"
	build := func(workers int) (*Book, []byte) {
		s, err := Load(strings.NewReader(spec), "spec.yaml")
		if err != nil {
			t.Fatal(err)
		}
		found, err := engine.Fill(context.Background(), s.Quotas(), engine.FillOptions{Seed: uint64(s.Seed), Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		b, err := Assemble(s, found)
		if err != nil {
			t.Fatal(err)
		}
		pm := PageMap{Puzzle: map[int]int{}, Solution: map[int]int{}, Pages: 20}
		for p := range b.All() {
			pm.Puzzle[p.Number], pm.Solution[p.Number] = p.Number, 10+p.Number
		}
		var buf bytes.Buffer
		if err := WriteManifest(&buf, b, pm, ManifestFiles{}); err != nil {
			t.Fatal(err)
		}
		return b, buf.Bytes()
	}
	b, one := build(1)
	if _, three := build(3); !bytes.Equal(one, three) {
		t.Error("the manifest differs between 1 and 3 workers")
	}
	m, err := ReadManifest(bytes.NewReader(one))
	if err != nil {
		t.Fatal(err)
	}
	ps := slices.Collect(b.All())
	for i, r := range m.Puzzles {
		p := ps[i]
		geo, givens, sol, err := r.Grids()
		if err != nil {
			t.Fatalf("puzzle %d: %v", r.Number, err)
		}
		line := engine.FormatLine(p.Geometry(), p.Cells())
		if got := engine.FormatLine(geo, givens); got != line || !slices.Equal(sol, p.SolutionCells()) {
			t.Errorf("puzzle %d: the record reads as %s, the book has %s", r.Number, got, line)
		}
		if (len(r.Edges) > 0) != (r.Variant == "futoshiki") || (len(r.CalcCages) > 0) != strings.HasPrefix(r.Variant, "calcudoku") {
			t.Errorf("puzzle %d (%s): %d edges, %d calc cages", r.Number, r.Variant, len(r.Edges), len(r.CalcCages))
		}
		lg, lc, err := engine.ParseLine(engine.Latin, 0, line)
		if err != nil || engine.FormatLine(lg, lc) != line {
			t.Errorf("puzzle %d: line %s reads back as %v", r.Number, line, err)
			continue
		}
		if proved, err := engine.Solve(lg, lc); err != nil || !slices.Equal(proved, sol) {
			t.Errorf("puzzle %d: the solver gives %v (%v)", r.Number, proved, err)
		}
	}
}
