package book

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/wording"
)

// TestLessonPatternApartFromTargets: for every technique a lesson can
// teach that the committed hard sets' solves meet, the lesson's grid
// draws the pattern's cells (grey) and the cells that lose a candidate
// (framed, the candidate crossed), neither set empty, a cell in both only
// where the pattern names it (a hidden pair's own cells), a fish's
// corners apart from its targets; every crossed candidate is on the
// board the page shows, and the step is told.
func TestLessonPatternApartFromTargets(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	words, err := wording.New("en")
	if err != nil {
		t.Fatal(err)
	}
	met := map[engine.Technique]bool{}
	for _, set := range []string{"top1465.txt", "se_rated.tsv"} {
		data, err := os.ReadFile("../internal/puzzlesets/testdata/" + set)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.SplitN(string(data), "\n", 41)[:40] {
			line, _, _ = strings.Cut(line, "\t")
			g, err := engine.ParseGrid(line)
			if err != nil {
				t.Fatalf("%s: %v", set, err)
			}
			res, err := engine.NewGrader().Grade(engine.Classic9, g[:], engine.GradeOptions{Steps: true})
			if err != nil {
				t.Fatal(err)
			}
			var want []engine.Technique
			for _, s := range res.Steps {
				if s.Technique > engine.NakedSingle && !s.Technique.Guesses() && !met[s.Technique] && !slices.Contains(want, s.Technique) {
					want = append(want, s.Technique)
				}
			}
			if len(want) == 0 {
				continue
			}
			ls, err := lessonsFrom(Puzzle{Geo: engine.Classic9, Givens: g[:]}, want, words)
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range ls {
				met[l.Technique] = true
				if len(l.Pattern) == 0 || len(l.Targets) == 0 {
					t.Errorf("%v: pattern %v, targets %v: want both drawn", l.Technique, l.Pattern, l.Targets)
				}
				named := l.Step.Pattern.Cells()
				for _, c := range l.Pattern {
					if slices.Contains(l.Targets, c) && !slices.Contains(named, c) {
						t.Errorf("%v: %s is grey and framed, and its pattern does not name it", l.Technique, engine.CellName(c))
					}
				}
				if fish[l.Technique] && !slices.ContainsFunc(l.Pattern, func(c int) bool { return !slices.Contains(l.Targets, c) }) {
					t.Errorf("%v: no corner drawn apart from the targets", l.Technique)
				}
				for _, e := range l.Step.Eliminations {
					if l.Board.Cands[e.Cell]&engine.Bit(e.Digit) == 0 {
						t.Errorf("%v: crosses %d in %s, which the board does not show", l.Technique, e.Digit, engine.CellName(e.Cell))
					}
				}
				if l.Told == "" {
					t.Errorf("%v: no sentence", l.Technique)
				}
			}
		}
	}
	if len(met) < 10 {
		t.Errorf("only %d techniques met: %v", len(met), met)
	}
	t.Logf("%d techniques met", len(met))
}
