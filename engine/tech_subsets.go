package engine

import (
	"math/bits"
)

// Naked and hidden subsets are one idea seen from two sides. In a house, if
// k cells (k = 2, 3, 4) hold between them only k digits, those digits are
// shared out among those cells, so no other cell of the house can take them
// (naked). If k digits fit between them in only k cells, those cells hold
// those digits, so they lose every other candidate (hidden):
//
//	naked pair in row 1          hidden pair in row 1
//	{3 7} {3 7} {1 3 8} ...      {1 2 6} {2 4 6 9} {1 4 5} ...
//	  -> 3 and 7 leave r1c3        2 and 6 nowhere else in the row
//	                               -> r1c1 loses 1, r1c2 loses 4 and 9
//
// The same search over "k sets whose union has k members" also finds the
// basic fish (tech_fish.go), with rows as the sets and columns as members.

func init() {
	register(NakedPair, nakedSubset(NakedPair, 2))
	register(NakedTriple, nakedSubset(NakedTriple, 3))
	register(NakedQuad, nakedSubset(NakedQuad, 4))
	register(HiddenPair, hiddenSubset(HiddenPair, 2))
	register(HiddenTriple, hiddenSubset(HiddenTriple, 3))
	register(HiddenQuad, hiddenSubset(HiddenQuad, 4))
}

// lockedSets looks for k of the sets (at most 16), each with 2 to k
// members, whose union has exactly k members. For each such selection (a
// mask of set indexes) it calls try, and it stops at the first try that
// returns true.
func lockedSets(sets []uint16, k int, try func(sel, union uint16) bool) bool {
	return chooseSets(sets, k, 2, k, func(sel, union uint16) bool {
		return bits.OnesCount16(union) == k && try(sel, union)
	})
}

// chooseSets calls try for every choice of need sets, each with at least
// least members, whose union has at most most members, and stops at the
// first try that returns true. Choices come in increasing order of their
// index masks (the largest index decides first), so which pattern is found
// first does not depend on the pruning.
func chooseSets(sets []uint16, need, least, most int, try func(sel, union uint16) bool) bool {
	var live [MaxSide]uint8
	n := 0
	for i, m := range sets {
		if c := bits.OnesCount16(m); c >= least && c <= most {
			live[n] = uint8(i)
			n++
		}
	}
	return chooseFrom(sets, live[:n], need, most, 0, 0, try)
}

// chooseFrom is chooseSets' search: every choice of need more sets from
// live whose union with union stays within most members.
func chooseFrom(sets []uint16, live []uint8, need, most int, sel, union uint16, try func(sel, union uint16) bool) bool {
	if need == 0 {
		return try(sel, union)
	}
	for j := need - 1; j < len(live); j++ {
		i := live[j]
		u := union | sets[i]
		if bits.OnesCount16(u) > most {
			continue
		}
		if chooseFrom(sets, live[:j], need-1, most, sel|1<<i, u, try) {
			return true
		}
	}
	return false
}

func nakedSubset(t Technique, k int) finder {
	return func(b *Board, s *Step) bool {
		g := b.geo()
		var buf [MaxSide]uint16
		for _, u := range g.scan {
			sets := buf[:len(g.Houses[u])]
			empty := 0
			for p, c := range g.Houses[u] {
				// A house has at most 16 digits, so its candidate sets fit
				// the 16-bit sets of the search, digit d at bit d-1.
				sets[p] = uint16(b.Cands[c] >> 1)
				if sets[p] != 0 {
					empty++
				}
			}
			// With only k empty cells the subset is the whole house and
			// there is nothing left to remove.
			if empty <= k {
				continue
			}
			var chosen uint16
			var held uint32
			found := lockedSets(sets, k, func(sel, digits uint16) bool {
				chosen, held = sel, uint32(digits)<<1
				for p, c := range g.Houses[u] {
					if sel&(1<<p) != 0 {
						continue
					}
					for m := b.Cands[c] & held; m != 0; m &= m - 1 {
						s.Eliminations = append(s.Eliminations, Elimination{c, FirstDigit(m)})
					}
				}
				return len(s.Eliminations) > 0
			})
			if !found {
				continue
			}
			s.Technique = t
			if s.Explain() {
				s.houses(RoleHouse, u)
				s.set(RoleBase, held, cellsAt(g, u, chosen)...)
			}
			return true
		}
		return false
	}
}

func hiddenSubset(t Technique, k int) finder {
	return func(b *Board, s *Step) bool {
		g := b.geo()
		var buf [MaxSide]uint16
		sets := buf[:g.N]
		places := digitHousePlaces(b)
		for _, u := range g.scan {
			open := 0
			for d := 1; d <= g.N; d++ {
				sets[d-1] = places[d][u]
				if sets[d-1] != 0 {
					open++
				}
			}
			if open <= k {
				continue
			}
			var digits uint32
			var where uint16
			found := lockedSets(sets, k, func(sel, places uint16) bool {
				digits, where = uint32(sel)<<1, places
				for m := places; m != 0; m &= m - 1 {
					c := g.Houses[u][bits.TrailingZeros16(m)]
					for x := b.Cands[c] &^ digits; x != 0; x &= x - 1 {
						s.Eliminations = append(s.Eliminations, Elimination{c, FirstDigit(x)})
					}
				}
				return len(s.Eliminations) > 0
			})
			if !found {
				continue
			}
			s.Technique = t
			if s.Explain() {
				s.houses(RoleHouse, u)
				s.set(RoleBase, digits, cellsAt(g, u, where)...)
			}
			return true
		}
		return false
	}
}
