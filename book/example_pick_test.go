package book

import (
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/engine"
)

// TestExamplePicksARealSingle: the example is the first puzzle with a cell
// its givens settle, the digit is the puzzle's own solution there, and the
// givens of the cell's row, column and box show every other digit.
func TestExamplePicksARealSingle(t *testing.T) {
	// The first puzzle has every cell blank but one row, so no cell is
	// settled by its givens; the second is a real puzzle with one solution.
	first := engine.MustParseGrid("123456789" + strings.Repeat(".", 72))
	real := engine.MustParseGrid("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
	sol, err := engine.Solve(engine.Classic9, real.Cells())
	if err != nil {
		t.Fatalf("Solve: %v", err)
	}
	b := &Book{Sections: []Section{{Puzzles: []Puzzle{
		{Number: 1, Givens: first[:]},
		{Number: 2, Givens: real[:], Answer: sol[:]},
	}}}}
	ex, ok := b.Example()
	if !ok {
		t.Fatal("no example found in a book with a real easy puzzle")
	}
	if ex.Puzzle.Number != 2 {
		t.Fatalf("example from puzzle %d, want 2 (puzzle 1 has no settled cell)", ex.Puzzle.Number)
	}
	if real[ex.Cell] != 0 {
		t.Fatalf("example cell %s holds given %d, want a blank", engine.CellName(ex.Cell), real[ex.Cell])
	}
	if ex.Digit != sol[ex.Cell] {
		t.Errorf("example digit %d at %s, solution has %d", ex.Digit, engine.CellName(ex.Cell), sol[ex.Cell])
	}
	seen := map[uint8]bool{}
	for _, q := range engine.Peers[ex.Cell] {
		seen[real[q]] = true
	}
	for d := uint8(1); d <= 9; d++ {
		if seen[d] == (d == ex.Digit) {
			t.Errorf("digit %d seen by %s: %v, want %v", d, engine.CellName(ex.Cell), seen[d], d != ex.Digit)
		}
	}
	if _, ok := (&Book{Sections: []Section{{Puzzles: []Puzzle{{Number: 1, Givens: first[:]}}}}}).Example(); ok {
		t.Error("found an example in a book with no settled cell")
	}
}
