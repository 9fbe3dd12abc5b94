package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/engine"
)

// TestVariantsExampleUnique: the variants example builds (its preflight
// passing, as build requires), has a section of every kind it names, and
// every puzzle its manifest records is unique by solve on its line form,
// read back from the record's marks alone, with the record's solution.
func TestVariantsExampleUnique(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	dir := t.TempDir()
	buildInto(t, "../../examples/variants.yaml", dir)
	m := readManifest(t, dir)
	var in []string
	kinds := map[string]bool{}
	for _, p := range m.Puzzles {
		geo, givens, _, err := p.Grids()
		if err != nil {
			t.Fatalf("puzzle %d: %v", p.Number, err)
		}
		if geo.Layer() == engine.NoLayer {
			t.Errorf("puzzle %d (%s): the record's geometry carries no marks", p.Number, p.Variant)
		}
		kinds[p.Variant] = true
		in = append(in, fmt.Sprintf("%s\tvariant=%s size=%d", engine.FormatLine(geo, givens), p.Variant, p.Size))
	}
	for _, v := range []string{"thermo", "thermo-x", "arrow", "kropki", "kropki-some", "xv", "consecutive", "greater-than", "even-odd", "anti-knight", "anti-king"} {
		if !kinds[v] {
			t.Errorf("no %s puzzle in the variants example", v)
		}
	}
	out, stderr, code := runCmd(t, strings.Join(in, "\n")+"\n", "solve")
	if code != 0 {
		t.Fatalf("solve exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != len(m.Puzzles) {
		t.Fatalf("solve printed %d lines for %d puzzles", len(lines), len(m.Puzzles))
	}
	for i, p := range m.Puzzles {
		got, _, _ := strings.Cut(lines[i], "/")
		if got != p.Solution {
			t.Errorf("puzzle %d (%s): solve says %q, the record's solution is %q", p.Number, p.Variant, lines[i], p.Solution)
		}
	}
}
