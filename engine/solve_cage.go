package engine

// The cage constraint's propagation in the exact solvers.
//
// The generic solver's cage pass (see solve_generic.go): for each sum with
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

import "math/bits"

// passGeneric prunes every sum once. It reports whether it changed
// anything and false in ok on a contradiction.
func (KillerCages) passGeneric(s *genericSolver, st *genState) (changed, ok bool) {
	g := s.g
	news := st.layerDirty
	st.layerDirty = [2]uint64{}
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

// loadGeneric works out each sum's cells as a bit set for passGeneric.
// It runs on every load: the generator changes a killer geometry's cages
// in place between solves.
func (KillerCages) loadGeneric(s *genericSolver) {
	s.sumAt = s.sumAt[:0]
	for _, c := range s.g.sums {
		var at [2]uint64
		for _, x := range c.cells {
			at[x>>6] |= 1 << (x & 63)
		}
		s.sumAt = append(s.sumAt, at)
	}
}

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

// The cage constraint in the layered solver (solve_layer.go): its items
// are sums, sets of cells with a known total. A sum whose cells all see
// each other keeps only the digits of the combinations of its open cells'
// count and remaining total that its cells can still hold, each open cell
// one of the combination's digits; a digit every combination needs goes
// to its only place there, or leaves every cell that sees all its places.
// A sum whose cells may repeat a digit bounds each cell by the least and
// most the others can make.
//
// The sums are the cages, the innies and outies of every group of houses
// the grader reads, and what one of those leaves of another that holds it
// (derive). Measured on generated zero-given killers
// (BenchmarkKillerUnique): the derived sums are what makes it fast
// (without them a check took twenty times longer, and the splits took a
// tenth off); pointing and claiming in the houses cost more than they
// saved once the sums' own eliminations were in.

// sumProp is the cage constraint's propagator. Its items are numbered
// from lo; item k's total is total[k-lo] and distinct[k-lo] says whether
// its digits differ (else only its total binds).
type sumProp struct {
	lo         int
	total      []uint8
	distinct   []bool
	cages      []cellBits // each cage's cells
	cageHouses []uint32   // the houses each cage has a cell in
	areas      []derived  // scratch for derive
}

// propagator returns the cage constraint's propagator, old's buffers
// reused when it is one.
func (KillerCages) propagator(old propagator) propagator {
	if p, ok := old.(*sumProp); ok {
		return p
	}
	return new(sumProp)
}

// reset registers the cages, then the sums derived from them, as items.
func (p *sumProp) reset(s *layerSolver) {
	g := s.g
	p.lo = s.nitems
	p.total, p.distinct = p.total[:0], p.distinct[:0]
	p.cages, p.cageHouses = p.cages[:0], p.cageHouses[:0]
	for _, c := range g.Cages {
		var m cellBits
		var hs uint32
		for _, x := range c.Cells {
			m.add(x)
			hs |= s.cellHouses[x]
		}
		p.cages = append(p.cages, m)
		p.cageHouses = append(p.cageHouses, hs)
		p.add(s, m, c.Sum, true)
	}
	p.derive(s)
}

// add registers a sum over the cells of set.
func (p *sumProp) add(s *layerSolver, set cellBits, sum int, distinct bool) {
	if _, ok := s.addItemSet(p, set); ok {
		p.total = append(p.total, uint8(sum))
		p.distinct = append(p.distinct, distinct)
	}
}

// derive adds the rule of 45 on every group of houses the grader reads
// (one house, two or three adjacent rows or columns, two boxes side by
// side): the group's cells outside the cages wholly inside it (innies)
// add up to 45 a house less those cages, and the cells outside it of the
// cages only partly in it (outies) to those cages less 45 a house. Sets of
// up to maxDerived cells are kept; their digits differ when their cells
// all see each other, else only their total binds them. Worked out on
// every reset from bit sets, without allocating: the generator changes a
// geometry's cages between checks.
func (p *sumProp) derive(s *layerSolver) {
	g := s.g
	total := g.N * (g.N + 1) / 2
	p.areas = p.areas[:0]
	area := func(set cellBits, sum int) {
		if n := set.count(); n > 0 && n <= maxDerived {
			p.areas = append(p.areas, derived{set, sum, n})
		}
	}
	for _, grp := range g.houseGroups() {
		var in cellBits
		var us uint32
		for _, u := range grp {
			in[0] |= s.houses[u][0]
			in[1] |= s.houses[u][1]
			us |= 1 << u
		}
		var whole, part cellBits
		inSum, touchSum := 0, 0
		for ci, c := range p.cages {
			if p.cageHouses[ci]&us == 0 {
				continue
			}
			touchSum += g.Cages[ci].Sum
			if c[0]&^in[0]|c[1]&^in[1] == 0 {
				whole[0] |= c[0]
				whole[1] |= c[1]
				inSum += g.Cages[ci].Sum
			} else {
				part[0] |= c[0]
				part[1] |= c[1]
			}
		}
		all := total * len(grp)
		if !whole.empty() {
			area(cellBits{in[0] &^ whole[0], in[1] &^ whole[1]}, all-inSum)
		}
		area(cellBits{part[0] &^ in[0], part[1] &^ in[1]}, touchSum-all)
	}
	for _, a := range p.areas {
		p.addDerived(s, a.set, a.sum)
	}
	// Splitting: an area holding another leaves the difference of their
	// totals to its other cells. (Cages hold no area of the rule of 45 on
	// whole houses that helps: measured, they only cost passes.)
	for _, b := range p.areas {
		for _, a := range p.areas {
			if a.n > b.n && b.set[0]&^a.set[0]|b.set[1]&^a.set[1] == 0 {
				p.addDerived(s, cellBits{a.set[0] &^ b.set[0], a.set[1] &^ b.set[1]}, a.sum-b.sum)
			}
		}
	}
}

// derived is an area the rule of 45 gives, before it is a sum.
type derived struct {
	set    cellBits
	sum, n int
}

// maxDerived is the most cells a derived sum may have: larger ones cost
// more passes than they save (measured).
const maxDerived = 6

// addDerived adds a derived sum unless it is empty, too large or cannot
// be met (a set no digits reach: the puzzle then has no solution, which
// the search finds without it).
func (p *sumProp) addDerived(s *layerSolver, set cellBits, sum int) {
	n := set.count()
	if n == 0 || n > maxDerived || s.nitems >= maxLayerItems {
		return
	}
	distinct := true
	for w := range set {
		for m := set[w]; m != 0; m &= m - 1 {
			x := w<<6 | bits.TrailingZeros64(m)
			var self cellBits
			self.add(x)
			if (cellBits{set[0] &^ s.peers[x][0], set[1] &^ s.peers[x][1]}) != self {
				distinct = false
			}
		}
	}
	if distinct {
		if sum < 0 || sum > 45 || len(combos[n][sum]) == 0 {
			return
		}
	} else if sum < n || sum > s.g.N*n {
		return
	}
	p.add(s, set, sum, distinct)
}

// prune applies sum k once: its open cells keep the digits of the
// combinations still possible, a digit every one needs goes to its only
// place or leaves every cell that sees all its places.
func (p *sumProp) prune(s *layerSolver, st *layerState, k int) (changed, ok bool) {
	members := s.item(k)
	var open [maxLayerDigits]uint8
	var placed, union uint16
	n, rest := 0, int(p.total[k-p.lo])
	for _, x := range members {
		if v := st.cells[x]; v != 0 {
			placed |= 1 << v
			rest -= int(v)
		} else {
			union |= st.cands[x]
			open[n] = x
			n++
		}
	}
	if n == 0 {
		return false, rest == 0
	}
	if !p.distinct[k-p.lo] {
		return bounds(s, st, open[:n], rest)
	}
	if rest <= 0 || rest > 45 {
		return false, false
	}
	if n == 1 {
		if rest > 9 {
			return false, false
		}
		return s.keep(st, int(open[0]), 1<<rest)
	}
	union &^= placed
	allowed, must := uint16(0), ^uint16(0)
next:
	for _, m32 := range combos[n][rest] {
		m := uint16(m32)
		if m&^union != 0 {
			continue
		}
		for _, x := range open[:n] {
			if st.cands[x]&m == 0 {
				continue next
			}
		}
		allowed |= m
		must &= m
	}
	if allowed == 0 {
		return false, false
	}
	here := s.itemBits[k] // the planes hold open cells only
	for _, x := range open[:n] {
		c, ok := s.keep(st, int(x), allowed)
		if !ok {
			return true, false
		}
		changed = changed || c
	}
	for ; must != 0; must &= must - 1 {
		d := bits.TrailingZeros16(must)
		at := st.planes[d].and(here)
		if at.empty() {
			return changed, false
		}
		// The digit goes in one of its places here: a cell seeing them
		// all loses it (with one place, every other candidate of that
		// cell goes too).
		x := bits.TrailingZeros64(at[0])
		if at[0] == 0 {
			x = 64 + bits.TrailingZeros64(at[1])
		}
		if at.count() == 1 {
			c, ok := s.keep(st, x, 1<<d)
			if !ok {
				return true, false
			}
			changed = changed || c
			continue
		}
		// Only cells with d that see the first place can see them all.
		see := s.peers[x].and(st.planes[d])
		if see.empty() {
			continue
		}
		for w := range at {
			for m := at[w]; m != 0; m &= m - 1 {
				see = see.and(s.peers[w<<6|bits.TrailingZeros64(m)])
			}
		}
		c, ok := s.clear(st, see, d)
		if !ok {
			return true, false
		}
		changed = changed || c
	}
	return changed, true
}

// bounds prunes a sum whose cells may repeat a digit: each open cell is at
// least the rest less the most the others can make, at most the rest less
// the least they can make.
func bounds(s *layerSolver, st *layerState, open []uint8, rest int) (changed, ok bool) {
	lo, hi := 0, 0
	for _, x := range open {
		m := st.cands[x]
		lo += bits.TrailingZeros16(m)
		hi += 15 - bits.LeadingZeros16(m)
	}
	if rest < lo || rest > hi {
		return false, false
	}
	for _, x := range open {
		m := st.cands[x]
		l, h := bits.TrailingZeros16(m), 15-bits.LeadingZeros16(m)
		a := rest - (hi - h) // at least
		b := rest - (lo - l) // at most
		if a <= l && b >= h {
			continue
		}
		keep := uint16(0xffff)
		if a > 0 {
			keep &^= uint16(1)<<a - 1
		}
		if b < 15 {
			keep &= uint16(1)<<(b+1) - 1
		}
		c, ok := s.keep(st, int(x), keep)
		if !ok {
			return true, false
		}
		changed = changed || c
	}
	return changed, true
}
