package engine

import (
	"iter"
	"math/bits"
)

// Cell sets and per-digit maps: the working material of the finders that
// reason about where one digit can go (single-digit patterns, wings,
// colouring, uniqueness, chains, fish and subsets).

// cellSet is a set of cells as an 81-bit mask: cells 0-63 in lo, 64-80 in
// hi. It is a plain value, so finders keep their sets on the stack.
type cellSet struct{ lo, hi uint64 }

func (a cellSet) and(b cellSet) cellSet    { return cellSet{a.lo & b.lo, a.hi & b.hi} }
func (a cellSet) or(b cellSet) cellSet     { return cellSet{a.lo | b.lo, a.hi | b.hi} }
func (a cellSet) andNot(b cellSet) cellSet { return cellSet{a.lo &^ b.lo, a.hi &^ b.hi} }
func (a cellSet) empty() bool              { return a.lo|a.hi == 0 }
func (a cellSet) count() int               { return bits.OnesCount64(a.lo) + bits.OnesCount64(a.hi) }

func (a cellSet) has(i int) bool {
	if i < 64 {
		return a.lo&(1<<uint(i)) != 0
	}
	return a.hi&(1<<uint(i-64)) != 0
}

func (a *cellSet) add(i int) {
	if i < 64 {
		a.lo |= 1 << uint(i)
	} else {
		a.hi |= 1 << uint(i-64)
	}
}

func (a *cellSet) remove(i int) {
	if i < 64 {
		a.lo &^= 1 << uint(i)
	} else {
		a.hi &^= 1 << uint(i-64)
	}
}

// first is the lowest cell in the set, or -1.
func (a cellSet) first() int {
	if a.lo != 0 {
		return bits.TrailingZeros64(a.lo)
	}
	if a.hi != 0 {
		return 64 + bits.TrailingZeros64(a.hi)
	}
	return -1
}

// pop removes and returns the lowest cell; the set must not be empty.
func (a *cellSet) pop() int {
	i := a.first()
	a.remove(i)
	return i
}

// peerSets and houseSets are Peers and Units as cell sets.
var peerSets [81]cellSet
var houseSets [27]cellSet

func init() {
	for i := 0; i < 81; i++ {
		for _, p := range Peers[i] {
			peerSets[i].add(int(p))
		}
	}
	for u := 0; u < 27; u++ {
		for _, c := range Units[u] {
			houseSets[u].add(int(c))
		}
	}
}

// digitCellSets maps each digit to the cells that still have it.
func digitCellSets(b *Board) [10]cellSet {
	var dm [10]cellSet
	for i := 0; i < 81; i++ {
		for m := b.Cands[i]; m != 0; m &= m - 1 {
			dm[bits.TrailingZeros16(m)].add(i)
		}
	}
	return dm
}

// bivalueSets maps each digit to the cells with exactly two candidates, one
// of them that digit; index 0 holds every bivalue cell.
func bivalueSets(b *Board) [10]cellSet {
	var bv [10]cellSet
	for i := 0; i < 81; i++ {
		m := b.Cands[i]
		if bits.OnesCount16(m) != 2 {
			continue
		}
		bv[0].add(i)
		for ; m != 0; m &= m - 1 {
			bv[bits.TrailingZeros16(m)].add(i)
		}
	}
	return bv
}

// conjugatePairs yields, house by house, the two cells of every house that
// holds exactly two of cells (the places of one digit): the strong links.
func conjugatePairs(cells cellSet) iter.Seq2[int, int] {
	return func(yield func(a, c int) bool) {
		for u := 0; u < 27; u++ {
			h := cells.and(houseSets[u])
			if h.count() != 2 {
				continue
			}
			a := h.pop()
			if !yield(a, h.first()) {
				return
			}
		}
	}
}

// strongLinks gives, for each cell of cells (the places of one digit), the
// cells it forms a conjugate pair with in some house.
func strongLinks(cells cellSet) [81]cellSet {
	var sl [81]cellSet
	for a, c := range conjugatePairs(cells) {
		sl[a].add(c)
		sl[c].add(a)
	}
	return sl
}

// digitPlaces gives, for every house at once, the positions (bits 0-8 in
// the order of Units) of the cells that still hold a digit, from the digit's
// cell set: bit k of house u is set when the k-th cell of Units[u] is in
// cells.
func digitPlaces(cells cellSet) [27]uint16 {
	var places [27]uint16
	for !cells.empty() {
		c := cells.pop()
		r, col := Row(c), Col(c)
		places[r] |= 1 << col
		places[9+col] |= 1 << r
		places[18+Box(c)] |= 1 << ((r%3)*3 + col%3)
	}
	return places
}

// digitHousePlaces gives, for each digit, its places in every house as
// a scan of each house would give, computed in one sweep of the board.
func digitHousePlaces(b *Board) [10][27]uint16 {
	var out [10][27]uint16
	cells := digitCellSets(b)
	for d := 1; d <= 9; d++ {
		out[d] = digitPlaces(cells[d])
	}
	return out
}

// addElims removes d from every cell of set, in cell order.
func addElims(s *Step, set cellSet, d uint8) {
	for !set.empty() {
		s.Eliminations = append(s.Eliminations, Elimination{Cell: set.pop(), Digit: d})
	}
}
