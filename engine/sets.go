package engine

import (
	"iter"
	"math/bits"
	"sync"
)

// Cell sets and per-digit maps: the working material of the finders that
// reason about where one digit can go (single-digit patterns, wings,
// colouring, uniqueness, chains, fish and subsets).

// cellWords is the number of 64-bit words a cell set needs for MaxCells.
const cellWords = MaxCells / 64

// cellSet is a set of cells as a MaxCells-bit mask, cell i at bit i%64 of
// word i/64. It is a plain value, so finders keep their sets on the stack.
type cellSet [cellWords]uint64

// The operations are written out word by word: the compiler inlines them
// and keeps the words in registers, where a loop over the array costs the
// classic finders about twice as much. A change of cellWords (six for a
// samurai's 369 cells in play) must extend them. A short array literal
// still compiles (the missing words are zero), so the two declarations
// below are what stop the build when cellWords changes without them.

var _ [cellWords - 6]struct{}
var _ [6 - cellWords]struct{}

func (a cellSet) and(b cellSet) cellSet {
	return cellSet{a[0] & b[0], a[1] & b[1], a[2] & b[2], a[3] & b[3], a[4] & b[4], a[5] & b[5]}
}

func (a cellSet) or(b cellSet) cellSet {
	return cellSet{a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3], a[4] | b[4], a[5] | b[5]}
}

func (a cellSet) andNot(b cellSet) cellSet {
	return cellSet{a[0] &^ b[0], a[1] &^ b[1], a[2] &^ b[2], a[3] &^ b[3], a[4] &^ b[4], a[5] &^ b[5]}
}

func (a cellSet) empty() bool { return a[0]|a[1]|a[2]|a[3]|a[4]|a[5] == 0 }

func (a cellSet) count() int {
	n := bits.OnesCount64(a[0]) + bits.OnesCount64(a[1])
	if a[2]|a[3]|a[4]|a[5] != 0 { // never on grids of up to 128 cells
		n += bits.OnesCount64(a[2]) + bits.OnesCount64(a[3]) + bits.OnesCount64(a[4]) + bits.OnesCount64(a[5])
	}
	return n
}

// one reports whether the set holds exactly one cell, cheaper than count:
// the OR of the words has one bit, and only one word has it.
func (a cellSet) one() bool {
	x := a[0] | a[1] | a[2] | a[3] | a[4] | a[5]
	if x == 0 || x&(x-1) != 0 {
		return false
	}
	n := 0
	for _, w := range a {
		if w != 0 {
			n++
		}
	}
	return n == 1
}

func (a cellSet) has(i int) bool { return a[i>>6]&(1<<uint(i&63)) != 0 }

func (a *cellSet) add(i int) { a[i>>6] |= 1 << uint(i&63) }

func (a *cellSet) remove(i int) { a[i>>6] &^= 1 << uint(i&63) }

// first is the lowest cell in the set, or -1.
func (a cellSet) first() int {
	for k, w := range a {
		if w != 0 {
			return k<<6 + bits.TrailingZeros64(w)
		}
	}
	return -1
}

// pop removes and returns the lowest cell; the set must not be empty.
func (a *cellSet) pop() int {
	i := a.first()
	a.remove(i)
	return i
}

// digitCellSets maps each digit to the cells that still have it.
func digitCellSets(b *Board) [MaxSide + 1]cellSet {
	var dm [MaxSide + 1]cellSet
	for i := 0; i < b.geo().Cells; i++ {
		for m := b.Cands[i]; m != 0; m &= m - 1 {
			dm[bits.TrailingZeros32(m)].add(i)
		}
	}
	return dm
}

// bivalueSets maps each digit to the cells with exactly two candidates, one
// of them that digit; index 0 holds every bivalue cell.
func bivalueSets(b *Board) [MaxSide + 1]cellSet {
	var bv [MaxSide + 1]cellSet
	for i := 0; i < b.geo().Cells; i++ {
		m := b.Cands[i]
		if bits.OnesCount32(m) != 2 {
			continue
		}
		bv[0].add(i)
		for ; m != 0; m &= m - 1 {
			bv[bits.TrailingZeros32(m)].add(i)
		}
	}
	return bv
}

// conjugatePairs yields, house by house, the two cells of every house of g
// that holds exactly two of cells (the places of one digit): the strong
// links.
func conjugatePairs(g *Geometry, cells cellSet) iter.Seq2[int, int] {
	return func(yield func(a, c int) bool) {
		for u := range g.houseSets {
			h := cells.and(g.houseSets[u])
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

// strongLinksInto fills sl, for each cell of cells (the places of one
// digit), with the cells it forms a conjugate pair with in some house.
// Only the entries of cells are written (and so may be read): clearing all
// of sl for each digit cost the colouring and chain finders more than
// their search.
func strongLinksInto(g *Geometry, cells cellSet, sl *[MaxCells]cellSet) {
	for w, x := range cells {
		for ; x != 0; x &= x - 1 {
			sl[w<<6+bits.TrailingZeros64(x)] = cellSet{}
		}
	}
	for a, c := range conjugatePairs(g, cells) {
		sl[a].add(c)
		sl[c].add(a)
	}
}

// digitPlaces gives, for every house at once, the positions (bit k for the
// k-th cell of the house in g.Houses) of the cells that still hold a digit,
// from the digit's cell set.
func digitPlaces(g *Geometry, cells cellSet) [maxHouses]uint16 {
	var places [maxHouses]uint16
	for w, x := range cells {
		for ; x != 0; x &= x - 1 {
			sl := &g.slots[w<<6+bits.TrailingZeros64(x)]
			for k := range sl.n {
				places[sl.house[k]] |= 1 << sl.pos[k]
			}
		}
	}
	return places
}

// digitHousePlaces gives, for each digit, its places in every house as
// a scan of each house would give, computed in one sweep of the board.
func digitHousePlaces(b *Board) [MaxSide + 1][maxHouses]uint16 {
	var out [MaxSide + 1][maxHouses]uint16
	cells := digitCellSets(b)
	for d := 1; d <= b.geo().N; d++ {
		out[d] = digitPlaces(b.geo(), cells[d])
	}
	return out
}

// addElims removes d from every cell of set, in cell order.
func addElims(s *Step, set cellSet, d uint8) {
	for w, x := range set {
		for ; x != 0; x &= x - 1 {
			s.Eliminations = append(s.Eliminations, Elimination{Cell: w<<6 + bits.TrailingZeros64(x), Digit: d})
		}
	}
}

// linkBufs holds the strong-link tables of the colouring and chain finders
// between calls, and implBufs the alternating chains' inference graph.
// Both are tens of KB since cell sets grew to a samurai's 384 cells, and
// zeroing them on every call cost classic grading more than the searches;
// the finders never read an entry they have not written in the same call
// (see strongLinksInto and candidateNet.build), so stale contents are
// harmless.
var (
	linkBufs = sync.Pool{New: func() any { return new([MaxCells]cellSet) }}
	implBufs = sync.Pool{New: func() any { return new(implications) }}
)
