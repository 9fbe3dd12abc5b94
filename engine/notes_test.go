package engine

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/internal/golden"
)

var updateNotes = flag.Bool("update-notes", false, "rewrite testdata/notes.golden")

// TestNotesGolden holds explain's words, the notes rendered from the
// steps' patterns, to testdata/notes.golden: the first 40 notes of each
// technique over puzzles of every kind (testdata/kinds.txt) and the
// committed samples of the hard classic sets.
func TestNotesGolden(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	type puzzle struct {
		geo   *Geometry
		cells []uint8
	}
	var ps []puzzle
	kinds, err := os.ReadFile("testdata/kinds.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(kinds)), "\n") {
		f := strings.Split(line, "\t")
		v, err := ParseVariant(f[0])
		if err != nil {
			t.Fatal(err)
		}
		n, _ := strconv.Atoi(f[1])
		geo, cells, err := ParseLine(v, n, f[2])
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		ps = append(ps, puzzle{geo, cells})
	}
	for _, set := range []struct {
		file string
		n    int
	}{{"top1465.txt", 40}, {"hardest1106.txt", 30}, {"se_rated.tsv", 60}} {
		data, err := os.ReadFile("../internal/puzzlesets/testdata/" + set.file)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.SplitN(string(data), "\n", set.n+1)[:set.n] {
			line, _, _ = strings.Cut(line, "\t")
			g, err := ParseGrid(line)
			if err != nil {
				t.Fatal(err)
			}
			ps = append(ps, puzzle{Classic9, g[:]})
		}
	}
	var sb strings.Builder
	var seen [NumTechniques]int
	gr := NewGrader()
	for _, p := range ps {
		res, err := gr.Grade(p.geo, p.cells, GradeOptions{Steps: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range res.Steps {
			if seen[s.Technique]++; seen[s.Technique] <= 40 {
				fmt.Fprintf(&sb, "%s\t%s\n", s.Technique, s.Note)
			}
		}
	}
	golden.Lines(t, "testdata/notes.golden", sb.String(), *updateNotes)
}
