package engine

import (
	"flag"
	"fmt"
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
	ps := readKindLines(t, "testdata/kinds.txt")
	ps = append(ps, sampleGrids(t, "top1465.txt", 40)...)
	ps = append(ps, sampleGrids(t, "hardest1106.txt", 30)...)
	ps = append(ps, sampleGrids(t, "se_rated.tsv", 60)...)
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
