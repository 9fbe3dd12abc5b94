package engine

// Bifurcation is the last resort, so that every unique puzzle gets a grade,
// and the one rung that is trial and error rather than logic: it tries a
// candidate with the exact solver, and if the grid then has no solution
// the candidate leaves its cell. On a puzzle with one solution every wrong
// candidate fails this test, so the grader always makes progress. The
// forcing chains below it follow a supposition only as far as singles and
// locked candidates take it, which a person can check with a pencil; this
// search may go as deep as the puzzle needs, which no person would.

func init() {
	register(Bifurcation, trialBySolver)
}

// trialBySolver removes the first candidate, bivalue cells first,
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
						s.digit(d)
						s.cells(RoleTarget, i)
					}
					return true
				}
			}
		}
	}
	return false
}

// lockedPass applies every pointing and claiming move it sees in one sweep
// and reports whether any candidate went. Each crossing is read once, as the
// sweep reaches it; a removal made earlier in the sweep is seen by the
// crossings after it.
func lockedPass(b *Board) bool {
	changed := false
	locks := b.geo().crossings()
	for k := range locks {
		x := &locks[k]
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
