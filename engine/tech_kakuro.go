package engine

// The kakuro rungs, as a person climbs them (kakuro.go has the rules):
//
// Run combination (easy). A run's clue and length allow only some digit
// sets, and its placed digits and its cells' candidates rule out more;
// its cells keep the digits of the sets left, and a digit every set left
// needs, with one cell left for it, goes there. The unique sums come
// first: 3 over two cells is 1+2, 4 is 1+3, 16 is 7+9, 17 is 8+9; 6 over
// three is 1+2+3, 7 is 1+2+4, 23 is 6+8+9, 24 is 7+8+9; 10 over four is
// 1+2+3+4, 11 is 1+2+3+5, 29 is 5+7+8+9, 30 is 6+7+8+9; and so on to 45
// over nine. Where an across run and a down run cross, the cell keeps
// only what both allow: 16 across (7+9) over 23 down (6+8+9) leaves 9.
//
// Combination elimination (medium). A set left may still not fit: its
// digits must go one a cell, each where it is a candidate. A digit that
// no such placing of any set left puts in a cell leaves it: 10 over two
// cells with one cell 1 or 2 and the other 8 or 9 (1+9, 2+8) keeps both
// sets, but a 3 in the second cell goes, and so would a 7 (it takes a 3).
//
// Run contradiction (tough). A digit in a cell is tried, as a person
// pencils it in: the run combinations of the cell's two runs and of the
// runs that cross them, followed, leave one of those runs no way (or a
// cell of them no digit), so the digit goes.
//
// Wide run contradiction (hard). The same, followed one crossing further:
// the runs that cross the runs that cross the cell's two.

import "math/bits"

func init() {
	register(RunCombination, findRunCombination)
	register(RunPermutation, findRunPermutation)
	register(RunContradiction, func(b *Board, s *Step) bool { return findRunContradiction(b, s, 1) })
	register(RunContradictionWide, func(b *Board, s *Step) bool { return findRunContradiction(b, s, 2) })
}

// findRunCombination is the run combination rung: the killer's cage
// combination read on a run.
func findRunCombination(b *Board, s *Step) bool {
	k := b.geo().kakuroRunsOf()
	if k == nil {
		return false
	}
	for r, run := range k.sh.runs {
		if !sumStep(b, s, run, k.sums[r], k.combos[r]) {
			continue
		}
		if s.Explain() {
			s.part(k.runPart(b, r))
		}
		return true
	}
	return false
}

// runPart is run r as a pattern's part: a cage whose form says its way
// (FormDown for down), with its sets left.
func (k *KakuroRuns) runPart(b *Board, r int) Part {
	p := Part{Role: RoleCage, Cells: k.sh.runs[r], Sum: k.sums[r], Sets: liveSets(b, k.sh.runs[r], k.sums[r], k.combos[r])}
	if r >= k.sh.across {
		p.Form = FormDown
	}
	return p
}

// findRunPermutation is the combination elimination rung.
func findRunPermutation(b *Board, s *Step) bool {
	k := b.geo().kakuroRunsOf()
	if k == nil {
		return false
	}
	var open [maxRun]int
	var dom, keep [maxRun]uint16
	for r, run := range k.sh.runs {
		var placed uint32
		n := 0
		for _, x := range run {
			if d := b.Cells[x]; d != 0 {
				placed |= Bit(d)
			} else {
				open[n], dom[n], keep[n] = x, uint16(b.Cands[x]), 0
				n++
			}
		}
		if n < 2 {
			continue
		}
		for _, m := range k.combos[r] {
			if m&placed != placed {
				continue
			}
			rest := uint16(m &^ placed)
			for j := range n {
				for c := dom[j] & rest &^ keep[j]; c != 0; c &= c - 1 {
					d := uint16(1) << bits.TrailingZeros16(c)
					if placeable(dom[:n], rest&^d, j) {
						keep[j] |= d
					}
				}
			}
		}
		for j := range n {
			for m := dom[j] &^ keep[j]; m != 0; m &= m - 1 {
				s.Eliminations = append(s.Eliminations, Elimination{open[j], uint8(bits.TrailingZeros16(m))})
			}
		}
		if len(s.Eliminations) == 0 {
			continue
		}
		if s.Explain() {
			s.part(k.runPart(b, r))
		}
		return true
	}
	return false
}

// placeable reports whether digits, one each, can go in the cells of dom
// but skip, each digit where it is a candidate (a perfect matching).
func placeable(dom []uint16, digits uint16, skip int) bool {
	// The cells in order, each taking a digit still free: at most eight
	// cells and eight digits, so a plain search with the fewest choices
	// first is quick.
	var cells [maxRun]uint16
	n := 0
	for j, m := range dom {
		if j != skip {
			cells[n] = m & digits
			if cells[n] == 0 {
				return false
			}
			n++
		}
	}
	if bits.OnesCount16(digits) != n {
		return false
	}
	var walk func(left uint16, used uint16) bool
	walk = func(left, used uint16) bool {
		if left == 0 {
			return true
		}
		// The open cell with the fewest free digits.
		best, bc := -1, 10
		for j := range n {
			if left&(1<<j) == 0 {
				continue
			}
			if c := bits.OnesCount16(cells[j] &^ used); c < bc {
				best, bc = j, c
			}
		}
		if bc == 0 {
			return false
		}
		for m := cells[best] &^ used; m != 0; m &= m - 1 {
			d := m & -m
			if walk(left&^(1<<best), used|d) {
				return true
			}
		}
		return false
	}
	return walk(uint16(1)<<n-1, 0)
}

// findRunContradiction is the run contradiction rung looking depth
// crossings past the cell's two runs.
func findRunContradiction(b *Board, s *Step, depth int) bool {
	g := b.geo()
	k := g.kakuroRunsOf()
	if k == nil {
		return false
	}
	ks := kakuroSolvers.Get().(*kakuroSolver)
	defer kakuroSolvers.Put(ks)
	ks.reset(g)
	ks.loadBoard(b)
	reach := make([]bool, len(k.sh.runs))
	ks.reach = reach
	// Cells with fewest candidates first, as a person tries them.
	for want := 2; want <= 9; want++ {
		for i := range g.Cells {
			if b.Cells[i] != 0 || Count(b.Cands[i]) != want {
				continue
			}
			k.reachOf(reach, i, depth)
			for m := b.Cands[i]; m != 0; m &= m - 1 {
				d := FirstDigit(m)
				if !ks.suppose(i, d) {
					continue
				}
				s.Eliminations = append(s.Eliminations, Elimination{i, d})
				if s.Explain() {
					s.part(Part{Role: RoleTarget, Cells: []int{i}, Digits: Bit(d)})
					if ks.broke >= 0 {
						s.part(k.runPart(b, ks.broke))
					}
				}
				return true
			}
		}
	}
	return false
}

// reachOf marks in reach the runs through cell i and those depth
// crossings from them.
func (k *KakuroRuns) reachOf(reach []bool, i, depth int) {
	for r := range reach {
		reach[r] = false
	}
	front := []int{int(k.sh.runOf[i][0]), int(k.sh.runOf[i][1])}
	for _, r := range front {
		reach[r] = true
	}
	for range depth {
		var next []int
		for _, r := range front {
			for _, x := range k.sh.runs[r] {
				for _, o := range k.sh.runOf[x] {
					if !reach[o] {
						reach[o] = true
						next = append(next, int(o))
					}
				}
			}
		}
		front = next
	}
}
