package engine

// The exact solver's cage pass (see solve_generic.go): for each cage with
// an empty cell, keep only the digit sets of its (sum, size) that hold
// every digit already placed in it and whose other digits the empty cells
// can still take, each empty cell at least one of them. Then
//
//   - each empty cell keeps only the digits of those sets;
//   - a digit every set needs, with one place left in the cage, goes there.
//
// A cage left with no set, or a full cage with the wrong sum, is a
// contradiction. Cage mates are peers, so naked singles already keep the
// digits of a cage apart.

// cagePass prunes every cage once. It reports whether it changed anything
// and false in ok on a contradiction.
func (s *GenericSolver) cagePass(st *genState) (changed, ok bool) {
	g := s.g
	news := st.cageDirty
	st.cageDirty = [2]uint64{}
	for k, c := range g.sums {
		// A sum none of whose cells changed since the last pass would
		// find what it found then, which is in the state already.
		if at := s.sumAt[k]; at[0]&news[0]|at[1]&news[1] == 0 {
			continue
		}
		allowed, must, open, n, full := cageSets(&st.cells, &st.cands, c.cells, c.sum, c.combos, nil)
		if open == 0 {
			if !full {
				return changed, false
			}
			continue
		}
		if n == 0 {
			return changed, false
		}
		for _, x := range c.cells {
			if st.cells[x] != 0 {
				continue
			}
			m := st.cands[x]
			if m&^allowed == 0 {
				continue
			}
			m &= allowed
			st.cands[x] = m
			st.touch(g, x)
			changed = true
			if m&(m-1) == 0 {
				s.queue = append(s.queue, int16(x))
			}
		}
		for ; must != 0; must &= must - 1 {
			b := must & -must
			at, n := -1, 0
			for _, x := range c.cells {
				if st.cells[x] == 0 && st.cands[x]&b != 0 {
					at = x
					n++
				}
			}
			if n == 0 {
				return changed, false
			}
			if n == 1 && st.cands[at] != b {
				st.cands[at] = b
				st.touch(g, at)
				s.queue = append(s.queue, int16(at))
				changed = true
			}
		}
	}
	return changed, true
}

// loadSums works out each sum's cells as a bit set for cagePass. It runs
// on every load: the generator changes a killer geometry's cages in place
// between solves.
func (s *GenericSolver) loadSums() {
	s.sumAt = s.sumAt[:0]
	for _, c := range s.g.sums {
		var at [2]uint64
		for _, x := range c.cells {
			at[x>>6] |= 1 << (x & 63)
		}
		s.sumAt = append(s.sumAt, at)
	}
}

// sumsHold reports whether every cage of a full grid has its sum: singles
// can fill a grid before the cage pass has looked at it.
func (s *GenericSolver) sumsHold(st *genState) bool { return cagesAddUp(s.g.Cages, st.cells[:]) }

// cagesAddUp reports whether the digits of cells add up to every cage's
// sum.
func cagesAddUp(cages []Cage, cells []uint8) bool {
	for _, c := range cages {
		sum := 0
		for _, x := range c.Cells {
			sum += int(cells[x])
		}
		if sum != c.Sum {
			return false
		}
	}
	return true
}
