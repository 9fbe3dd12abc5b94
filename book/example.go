package book

import "github.com/sudokubook/sudokubook/engine"

// Example is the worked example the front matter shows: one of the book's
// own puzzles, so it is always a real puzzle with one solution, and a cell
// of it whose digit a reader can see at once because the givens in its
// row, column and box already hold every other digit.
type Example struct {
	Puzzle Puzzle
	Cell   int   // the cell to point at, 0-80
	Digit  uint8 // the only digit it can hold
}

// Example picks the front matter's worked example: the first puzzle in
// print order (so the easiest, as sections run easy to hard) that has a
// cell its givens settle alone, and of those cells the one nearest the
// middle of the grid, where the eye looks first. ok is false when no
// puzzle of the book has such a cell; the caller then shows no example.
func (b *Book) Example() (ex Example, ok bool) {
	for _, p := range b.Puzzles() {
		if p.Geo != nil {
			continue // the front matter's example is a classic grid
		}
		best, bestDist := -1, 0
		var digit uint8
		for i := range 81 {
			if p.Grid[i] != 0 {
				continue
			}
			var seen uint32
			for _, q := range engine.Peers[i] {
				seen |= engine.Bit(p.Grid[q])
			}
			free := ^seen & 0x3fe // digits 1-9 not seen
			if engine.Count(free) != 1 {
				continue
			}
			dr, dc := engine.Row(i)-4, engine.Col(i)-4
			if d := dr*dr + dc*dc; best < 0 || d < bestDist {
				best, bestDist, digit = i, d, engine.FirstDigit(free)
			}
		}
		if best >= 0 {
			return Example{Puzzle: p, Cell: best, Digit: digit}, true
		}
	}
	return Example{}, false
}
