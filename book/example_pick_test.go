package book

import (
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/engine"
)

// TestSettledCellIsARealSingle: the cell picked is blank, its digit is
// the puzzle's own solution there, and the givens of the cell's row,
// column and box show every other digit; a grid with no such cell gives
// none.
func TestSettledCellIsARealSingle(t *testing.T) {
	real := engine.MustParseGrid("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
	sol, err := engine.Solve(engine.Classic9, real.Cells())
	if err != nil {
		t.Fatalf("Solve: %v", err)
	}
	cell, digit, ok := settledCell(engine.Classic9, real[:])
	if !ok {
		t.Fatal("no settled cell in a real easy puzzle")
	}
	if real[cell] != 0 {
		t.Fatalf("cell %s holds given %d, want a blank", engine.CellName(cell), real[cell])
	}
	if digit != sol[cell] {
		t.Errorf("digit %d at %s, solution has %d", digit, engine.CellName(cell), sol[cell])
	}
	seen := map[uint8]bool{}
	for _, q := range engine.Peers[cell] {
		seen[real[q]] = true
	}
	for d := uint8(1); d <= 9; d++ {
		if seen[d] == (d == digit) {
			t.Errorf("digit %d seen by %s: %v, want %v", d, engine.CellName(cell), seen[d], d != digit)
		}
	}
	first := engine.MustParseGrid("123456789" + strings.Repeat(".", 72))
	if _, _, ok := settledCell(engine.Classic9, first[:]); ok {
		t.Error("found a settled cell in a grid with none")
	}
}
