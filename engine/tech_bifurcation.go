package engine

import "fmt"

// Bifurcation is the last resort, so that every unique puzzle gets a grade:
// suppose a candidate is the answer and see what follows. If placing d in a
// cell and then filling in every single and locked candidate that follows
// runs the board into a contradiction - a cell with no candidate, a digit
// with no place in a house - then d cannot go there and leaves the cell.
//
//	r3c4 is 5 or 8. Suppose 5: then r3c7 = 2, r8c7 = 6, ... and r9c9 has
//	no candidate left. So r3c4 is not 5.
//
// Only cells with two candidates are tried this way, as a person with a
// pencil would: one of the two is wrong, and a wrong guess often breaks
// down quickly. Trying every candidate of every cell finds a contradiction
// more often but costs several times as much on the hardest puzzles.
//
// When that finds nothing, the finder falls back to a full trial: the
// solver searches the grid with d placed, and if that has no solution d
// leaves the cell. On a puzzle with one solution every wrong candidate fails
// this test, so the grader always makes progress and never gives up.

func init() {
	register(Bifurcation, findBifurcation)
}

func findBifurcation(b *Board, s *Step) bool {
	for i := 0; i < 81; i++ {
		m := b.Cands[i]
		if Count(m) != 2 {
			continue
		}
		for ; m != 0; m &= m - 1 {
			d := FirstDigit(m)
			trial := *b
			trial.Place(i, d)
			if propagate(&trial) {
				continue
			}
			s.Technique = Bifurcation
			s.Eliminations = append(s.Eliminations, Elimination{i, d})
			s.Length = trial.Cells.Clues() - b.Cells.Clues()
			if s.Explain() {
				s.Note = fmt.Sprintf("bifurcation: if %s were %d, singles and locked candidates would run into a contradiction, so %d leaves %s",
					CellName(i), d, d, CellName(i))
			}
			return true
		}
	}
	return trialBySolver(b, s)
}

// trialBySolver is the fallback: the first candidate, bivalue cells first,
// whose placement leaves the grid without a solution. The grid ignores the
// eliminations made so far, which costs the solver time but keeps the test
// sound on any board.
func trialBySolver(b *Board, s *Step) bool {
	for n := 2; n <= 9; n++ {
		for i := 0; i < 81; i++ {
			m := b.Cands[i]
			if Count(m) != n {
				continue
			}
			for ; m != 0; m &= m - 1 {
				d := FirstDigit(m)
				g := b.Cells
				g[i] = d
				if n, _ := CountSolutions(g, 1); n == 0 {
					s.Technique = Bifurcation
					s.Eliminations = append(s.Eliminations, Elimination{i, d})
					s.Length = trialBySolverLength
					if s.Explain() {
						s.Note = fmt.Sprintf("bifurcation: with %d in %s the puzzle has no solution (found by trial and error), so %d leaves %s",
							d, CellName(i), d, CellName(i))
					}
					return true
				}
			}
		}
	}
	return false
}

// trialBySolverLength is the Length of a step found by the solver's full
// trial: longer than any contradiction found by propagation.
const trialBySolverLength = 81

// propagate fills in singles and applies locked candidates on b until
// nothing more follows. It returns false as soon as b contradicts itself.
func propagate(b *Board) bool {
	for {
		changed := false
		for i := 0; i < 81; i++ {
			if b.Cells[i] != 0 {
				continue
			}
			m := b.Cands[i]
			if m == 0 {
				return false
			}
			if m&(m-1) == 0 {
				b.Place(i, FirstDigit(m))
				changed = true
			}
		}
		for u := 0; u < 27; u++ {
			var once, twice, placed uint16
			for _, c := range Units[u] {
				m := b.Cands[c]
				twice |= once & m
				once |= m
				if v := b.Cells[c]; v != 0 {
					placed |= Bit(v)
				}
			}
			if once|placed != AllDigits {
				return false
			}
			for uniq := once &^ twice; uniq != 0; uniq &= uniq - 1 {
				d := FirstDigit(uniq)
				at := -1
				for _, c := range Units[u] {
					if b.Cands[c]&Bit(d) != 0 {
						at = int(c)
						break
					}
				}
				if at < 0 {
					// An earlier single of this house took the only cell.
					return false
				}
				b.Place(at, d)
				changed = true
			}
		}
		if !changed && !lockedPass(b) {
			return true
		}
	}
}

// lockedPass applies every pointing and claiming move it sees in one sweep
// and reports whether any candidate went. It ORs each three-cell segment
// once up front; later removals in the sweep leave those values a little
// too large, which can only hide a move, never invent one.
func lockedPass(b *Board) bool {
	var seg [54]uint16 // crossings order
	for k := range crossings {
		seg[k] = orCands(b, crossings[k].seg[:])
	}
	changed := false
	for k := range crossings {
		x := &crossings[k]
		var line, box uint16
		for _, o := range lineMates[k] {
			line |= seg[o]
		}
		for _, o := range boxMates[k] {
			box |= seg[o]
		}
		if ds := seg[k] &^ box & line; ds != 0 {
			clearCands(b, x.lineRest[:], ds)
			changed = true
		}
		if ds := seg[k] &^ line & box; ds != 0 {
			clearCands(b, x.boxRest[:], ds)
			changed = true
		}
	}
	return changed
}

func clearCands(b *Board, cells []uint8, ds uint16) {
	for _, c := range cells {
		b.Cands[c] &^= ds
	}
}
