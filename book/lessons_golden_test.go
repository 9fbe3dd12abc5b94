package book

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/internal/golden"
)

var updateLessons = flag.Bool("update", false, "rewrite testdata/lessons.golden")

// TestLessonCellsGolden holds what a lesson takes from every step of a
// solve, the cells it shades and a killer step's sums, to those in
// testdata/lessons.golden, over some 9x9 killers and the committed samples of
// the hard classic sets.
func TestLessonCellsGolden(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	var sb strings.Builder
	grader := engine.NewGrader()
	lesson := func(name string, geo *engine.Geometry, givens []uint8) {
		res, err := grader.Grade(geo, givens, engine.GradeOptions{Steps: true})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		fmt.Fprintf(&sb, "# %s\n", name)
		board := engine.NewBoardOn(geo, givens)
		for _, s := range res.Steps {
			if s.Technique <= engine.NakedSingle {
				// No lesson teaches a single.
				board.Apply(&s)
				continue
			}
			fmt.Fprintf(&sb, "%s\t%v", s.Technique, stepCells(geo, &board, s))
			if k := sumLesson(geo, s, 45); k != nil {
				fmt.Fprintf(&sb, "\t%+v", *k)
			}
			sb.WriteByte('\n')
			board.Apply(&s)
		}
	}
	for _, f := range []string{"../web/testdata/killer.json", "../web/testdata/kinds.json"} {
		r, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		m, err := ReadManifest(r)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range m.Puzzles {
			geo, givens, _, err := p.Grids()
			if err != nil {
				t.Fatal(err)
			}
			if len(geo.Cages) > 0 && p.Number%3 == 0 {
				lesson(fmt.Sprintf("%s %d", f, p.Number), geo, givens)
			}
		}
	}
	for _, set := range []struct {
		file string
		n    int
	}{{"top1465.txt", 30}, {"se_rated.tsv", 40}} {
		data, err := os.ReadFile("../internal/puzzlesets/testdata/" + set.file)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.SplitN(string(data), "\n", set.n+1)[:set.n] {
			line, _, _ = strings.Cut(line, "\t")
			g, err := engine.ParseGrid(line)
			if err != nil {
				t.Fatalf("%s: %v", set.file, err)
			}
			lesson(set.file+" "+line, engine.Classic9, g[:])
		}
	}
	golden.Lines(t, "testdata/lessons.golden", sb.String(), *updateLessons)
}
