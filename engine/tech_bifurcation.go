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
	g := b.geo()
	for i := 0; i < g.Cells; i++ {
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
			s.Length = trial.clues() - b.clues()
			if s.Explain() {
				s.Note = fmt.Sprintf("bifurcation: if %s were %d, singles and locked candidates would run into a contradiction, so %d leaves %s",
					g.CellName(i), d, d, g.CellName(i))
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
	g := b.geo()
	for n := 2; n <= g.N; n++ {
		for i := 0; i < g.Cells; i++ {
			m := b.Cands[i]
			if Count(m) != n {
				continue
			}
			for ; m != 0; m &= m - 1 {
				d := FirstDigit(m)
				cells := b.Cells
				cells[i] = d
				if g.count(cells[:g.Cells], 1, nil) == 0 {
					s.Technique = Bifurcation
					s.Eliminations = append(s.Eliminations, Elimination{i, d})
					s.Length = g.Cells // longer than any contradiction propagation finds
					if s.Explain() {
						s.Note = fmt.Sprintf("bifurcation: with %d in %s the puzzle has no solution (found by trial and error), so %d leaves %s",
							d, g.CellName(i), d, g.CellName(i))
					}
					return true
				}
			}
		}
	}
	return false
}

// propagate fills in singles and applies locked candidates on b until
// nothing more follows. It returns false as soon as b contradicts itself.
func propagate(b *Board) bool {
	g := b.geo()
	for {
		changed := false
		for i := 0; i < g.Cells; i++ {
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
		for u, h := range g.Houses {
			var once, twice, placed uint32
			for _, c := range h {
				m := b.Cands[c]
				twice |= once & m
				once |= m
				if v := b.Cells[c]; v != 0 {
					placed |= Bit(v)
				}
			}
			if once|placed != g.All {
				return false
			}
			for uniq := once &^ twice; uniq != 0; uniq &= uniq - 1 {
				d := FirstDigit(uniq)
				at := -1
				for _, c := range g.Houses[u] {
					if b.Cands[c]&Bit(d) != 0 {
						at = c
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
// and reports whether any candidate went. Each crossing is read once, as the
// sweep reaches it; a removal made earlier in the sweep is seen by the
// crossings after it.
func lockedPass(b *Board) bool {
	changed := false
	for k := range b.geo().locks {
		x := &b.geo().locks[k]
		seg := orCands(b, x.seg)
		ds := seg &^ orCands(b, x.aRest)
		if ds == 0 {
			continue
		}
		if ds &= orCands(b, x.bRest); ds != 0 {
			clearCands(b, x.bRest, ds)
			changed = true
		}
	}
	return changed
}

func clearCands(b *Board, cells []int, ds uint32) {
	for _, c := range cells {
		b.Cands[c] &^= ds
	}
}
