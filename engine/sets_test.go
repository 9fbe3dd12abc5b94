package engine

import (
	"testing"

	"github.com/sudokubook/sudokubook/internal/puzzlesets"
)

// loadPuzzleSet reads one of the public puzzle sets (puzzles17, top1465,
// hardest1106, multi_solution, top95, easy50): the full set when
// ../shared/data is beside the repository, its sample in
// internal/puzzlesets otherwise. A bad line fails the test.
func loadPuzzleSet(tb testing.TB, name string) []Grid {
	tb.Helper()
	var out []Grid
	for i, line := range puzzlesets.Lines(tb, name+".txt") {
		g, err := ParseGrid(line)
		if err != nil {
			tb.Fatalf("%s puzzle %d: %v", name, i+1, err)
		}
		out = append(out, g)
	}
	return out
}
