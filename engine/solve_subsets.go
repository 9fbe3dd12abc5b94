package engine

// The generic solver's subset pass (see solve_generic.go): naked and
// hidden subsets in every house that changed since the last pass, when
// singles and locked candidates are stuck. Puzzles dug with the ladder at
// medium and above need subsets, and without them the search guessed its
// way through: a 16x16 medium puzzle took 50 search nodes at the median
// and 1.3 ms of CPU, with subsets one node and 0.1 ms.
//
// Measured (BenchmarkUniqueKinds, CPU): on 9x9 grids the search is
// cheaper than the pass (X hard 20 -> 50 us a check with it), so it is
// off there; on the multi-grid figures, whose houses have nine cells,
// pairs pay (samurai hard mean 1.5 ms -> 0.3 ms) and larger subsets cost
// more than they save; on 12x12 and 16x16 subsets of up to four pay.

import "math/bits"

// maxSubset is the largest subset the pass looks for on g, naked or
// hidden (a naked subset of k among n open cells is a hidden one of n-k),
// and 0 for no pass.
func maxSubset(g *Geometry) int {
	switch {
	case g.Cells <= 81:
		return 0
	case g.N >= 12:
		return 4
	}
	return 2
}

// subsets runs the pass and reports whether a candidate went; a cell left
// with one is queued.
func (s *genericSolver) subsets(st *genState) bool {
	g := s.g
	maxK := maxSubset(g)
	if maxK == 0 {
		return false
	}
	changed := false
	touched := st.subDirty
	st.subDirty = 0
	for u, h := range g.Houses {
		if touched&houseBit(u) == 0 {
			continue
		}
		var cells [MaxSide]int
		var masks [MaxSide]uint32
		n := 0
		for _, c := range h {
			if st.cells[c] == 0 {
				cells[n], masks[n] = c, st.cands[c]
				n++
			}
		}
		if n < 3 {
			continue
		}
		// Naked: k cells holding k digits; the digits leave the others.
		if set, digits, ok := findSubset(masks[:n], min(maxK, n-1)); ok {
			for j := range n {
				if set&(1<<j) == 0 && masks[j]&digits != 0 {
					s.restrict(st, cells[j], masks[j]&^digits)
					changed = true
				}
			}
			continue
		}
		// Hidden: k digits with k places; those cells keep only them.
		var places [MaxSide]uint32
		var digs [MaxSide]uint32
		nd := 0
		for open := g.All &^ st.placed[u]; open != 0; open &= open - 1 {
			b := open & -open
			var p uint32
			for j := range n {
				if masks[j]&b != 0 {
					p |= 1 << j
				}
			}
			places[nd], digs[nd] = p, b
			nd++
		}
		if set, at, ok := findSubset(places[:nd], min(maxK, nd-1)); ok {
			var keep uint32
			for k := range nd {
				if set&(1<<k) != 0 {
					keep |= digs[k]
				}
			}
			for ; at != 0; at &= at - 1 {
				j := bits.TrailingZeros32(at)
				if masks[j]&^keep != 0 {
					s.restrict(st, cells[j], masks[j]&keep)
					changed = true
				}
			}
		}
	}
	return changed
}

// restrict sets cell c's candidates to m, marks its houses and queues it
// when one is left (none: the propagation finds the contradiction).
func (s *genericSolver) restrict(st *genState, c int, m uint32) {
	st.cands[c] = m
	st.touch(s.g, c)
	if m&(m-1) == 0 {
		s.queue = append(s.queue, int16(c))
	}
}

// findSubset looks for k masks (2 <= k <= maxK) whose union has k bits
// and that some other mask meets (a subset that removes nothing is no
// news). It returns the masks' indexes as bits and the union.
func findSubset(masks []uint32, maxK int) (set, union uint32, ok bool) {
	f := subsetSearch{all: masks, maxK: maxK}
	for j, m := range masks {
		if bits.OnesCount32(m) <= maxK {
			f.masks[f.n], f.idx[f.n] = m, uint8(j)
			f.n++
		}
	}
	if f.n < 2 {
		return 0, 0, false
	}
	return f.search(0, 0, 0, 0)
}

// subsetSearch is findSubset's depth-first search over the masks of at
// most maxK bits, in index order, pruned when the union outgrows maxK.
type subsetSearch struct {
	all   []uint32
	masks [MaxSide]uint32
	idx   [MaxSide]uint8
	n     int
	maxK  int
}

func (f *subsetSearch) search(from, size int, set, union uint32) (uint32, uint32, bool) {
	for j := from; j < f.n; j++ {
		u := union | f.masks[j]
		c := bits.OnesCount32(u)
		if c > f.maxK {
			continue
		}
		s := set | 1<<f.idx[j]
		if c == size+1 {
			// k masks, k bits: a subset (k >= 2, as one mask alone
			// has two bits at least). Adding a mask cannot make a
			// new one, so it is news or a dead end.
			for k, m := range f.all {
				if s&(1<<k) == 0 && m&u != 0 {
					return s, u, true
				}
			}
			continue
		}
		if size+1 < f.maxK {
			if s, u, ok := f.search(j+1, size+1, s, u); ok {
				return s, u, true
			}
		}
	}
	return 0, 0, false
}
