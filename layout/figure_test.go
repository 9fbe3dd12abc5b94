package layout

import (
	"fmt"
	"testing"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
)

// TestSolutionRuns: figures' solutions go two a page and never share a
// page with single grids, which keep the book's count a page; print order
// is kept.
func TestSolutionRuns(t *testing.T) {
	sam, err := engine.Lookup(engine.Samurai, 9)
	if err != nil {
		t.Fatal(err)
	}
	// c: classic, s: samurai, in print order.
	kinds := "cccsssccccccccsc"
	var ps []book.Puzzle
	for _, k := range kinds {
		var p book.Puzzle
		if k == 's' {
			p.Geo = sam
		}
		ps = append(ps, p)
	}
	runs, figure := solutionRuns(&book.Book{Sections: []book.Section{{Puzzles: ps}}}, 6)
	got := fmt.Sprint(runs, figure)
	want := "[[0 1 2] [3 4] [5] [6 7 8 9 10 11] [12 13] [14] [15]] [false true true false false true false]"
	if got != want {
		t.Errorf("runs %s, want %s", got, want)
	}
}
