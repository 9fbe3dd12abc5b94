package engine

import "fmt"

// Bifurcation is the last resort, so that every unique puzzle gets a grade:
// suppose a candidate is the answer and see what follows. If placing d in a
// cell and then filling in every single (and every locked candidate) it leads
// to runs the board into a contradiction - a cell with no candidate, a digit
// with no place in a house - then d cannot go there and leaves the cell.
//
// Cells with two candidates are tried first, as a person with a pencil
// would: one of the two is wrong, and the chain of singles from a wrong guess
// is often short.
//
// When no short contradiction exists, the finder falls back to a full trial:
// the solver searches the grid with d placed, and if that has no solution d
// leaves the cell. On a puzzle with one solution every wrong candidate fails
// this test, so the grader always makes progress and never gives up.

func init() {
	register(Bifurcation, findBifurcation)
}

func findBifurcation(b *Board, s *Step) bool {
	for n := 2; n <= 9; n++ {
		for i := 0; i < 81; i++ {
			m := b.Cands[i]
			if Count(m) != n {
				continue
			}
			for ; m != 0; m &= m - 1 {
				d := FirstDigit(m)
				trial := *b
				trial.Place(i, d)
				if !propagate(&trial) {
					s.Technique = Bifurcation
					s.Eliminations = append(s.Eliminations, Elimination{i, d})
					if s.Explain() {
						s.Note = fmt.Sprintf("bifurcation: if %s were %d, singles would lead to a contradiction, so %d leaves %s",
							CellName(i), d, d, CellName(i))
					}
					return true
				}
			}
		}
	}
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

// propagate fills in singles and applies locked candidates on b until
// nothing changes. It returns false as soon as b contradicts itself.
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
		if changed {
			continue
		}
		for k := range crossings {
			x := &crossings[k]
			seg := orCands(b, x.seg[:])
			line := orCands(b, x.lineRest[:])
			box := orCands(b, x.boxRest[:])
			if ds := seg &^ box & line; ds != 0 {
				clearCands(b, x.lineRest[:], ds)
				changed = true
			}
			if ds := seg &^ line & box; ds != 0 {
				clearCands(b, x.boxRest[:], ds)
				changed = true
			}
		}
		if !changed {
			return true
		}
	}
}

func clearCands(b *Board, cells []uint8, ds uint16) {
	for _, c := range cells {
		b.Cands[c] &^= ds
	}
}
