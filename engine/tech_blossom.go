package engine

import (
	"math/bits"
)

// Death blossom. A stem cell with digits d1..dk, and for each di a petal:
// an almost locked set holding di, every one of its di cells seeing the
// stem. Whichever digit the stem takes, its petal loses that digit and is
// locked with the rest; so a digit z that every petal holds (and the stem
// does not) is in one of the petals, and leaves every cell that sees all
// the z cells of all the petals:
//
//	stem r5c5 {1,2,3}
//	petal 1: r5c1 r5c2 {1,4,7}   (its 1s see r5c5)
//	petal 2: r1c5 {2,7}          (sees r5c5)
//	petal 3: r6c6 r4c6 {3,5,7}   (its 3s see r5c5)
//	z = 7: a cell seeing every 7 of the three petals is not 7
//
// ALS-XY-wing is the blossom of a stem with two digits; this rung looks at
// stems of three or four, where SE would need a long forcing chain. Its
// rating is ours (SE has no blossom): 7.6 plus SE's charge for the cells
// of the petals, fitted on the fitting half of se_rated.tsv (7.2 rated
// such puzzles 0.4 below SE).

func init() {
	register(DeathBlossom, findDeathBlossom)
}

// blossom is the search state for one stem: the petals chosen so far and
// the cells still open to elimination.
type blossom struct {
	t      *alsTable
	digits []uint8 // the stem's digits, a petal each
	petals [][]int32
	chosen [MaxSide]int32
	cells  cellSet // the cells of the chosen petals
}

func findDeathBlossom(b *Board, s *Step) bool {
	g := b.geo()
	t := alsBufs.Get().(*alsTable)
	defer alsBufs.Put(t)
	t.collect(b)
	var digits [MaxSide]uint8
	petals := &t.petals
	for stem := 0; stem < g.Cells; stem++ {
		m := b.Cands[stem]
		if n := bits.OnesCount32(m); b.Cells[stem] != 0 || n < 3 || n > 4 {
			continue
		}
		k := 0
		for r := m; r != 0; r &= r - 1 {
			digits[k] = uint8(bits.TrailingZeros32(r))
			k++
		}
		// A petal's cells of a stem digit all see the stem, so it has a
		// cell among the stem's peers.
		t.touching(g.peerSets[stem])
		for z := uint8(1); int(z) <= g.N; z++ {
			if m&Bit(z) != 0 {
				continue
			}
			// Petals for each stem digit that also hold z.
			ok := true
			for i := range k {
				petals[i] = petals[i][:0]
				d := digits[i]
				for w, x := range t.near {
					for ; x != 0; x &= x - 1 {
						j := w*64 + bits.TrailingZeros64(x)
						a := &t.list[j]
						if a.mask&Bit(d) != 0 && a.mask&Bit(z) != 0 && !a.cells.has(stem) && t.seesDigit(a, int(d)).has(stem) {
							petals[i] = append(petals[i], int32(j))
						}
					}
				}
				if len(petals[i]) == 0 {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			bl := blossom{t: t, digits: digits[:k], petals: petals[:k]}
			if elim, found := bl.grow(0, z, t.dm[z]); found {
				startStep(s, DeathBlossom)
				addElims(s, elim, z)
				for i := range k {
					s.Length += t.list[bl.chosen[i]].size
				}
				if s.Explain() {
					bl.pattern(g, stem, z, s)
				}
				return true
			}
		}
	}
	return false
}

// grow picks a petal for stem digit i on, disjoint from those chosen,
// keeping in open the z cells that see every z cell of the petals so far;
// found reports a full blossom that leaves some cell to eliminate.
func (bl *blossom) grow(i int, z uint8, open cellSet) (cellSet, bool) {
	if i == len(bl.digits) {
		return open, !open.empty()
	}
	for _, j := range bl.petals[i] {
		a := &bl.t.list[j]
		if !a.cells.and(bl.cells).empty() {
			continue
		}
		next := open.and(bl.t.seesDigit(a, int(z)))
		if next.empty() {
			continue
		}
		bl.chosen[i] = j
		saved := bl.cells
		bl.cells = bl.cells.or(a.cells)
		if elim, ok := bl.grow(i+1, z, next); ok {
			return elim, true
		}
		bl.cells = saved
	}
	return cellSet{}, false
}

// pattern adds the blossom to s's pattern: the stem, each petal after
// the stem digit that joins it, and z.
func (bl *blossom) pattern(g *Geometry, stem int, z uint8, s *Step) {
	s.set(RolePivot, stemMask(bl.digits), stem)
	for i, d := range bl.digits {
		s.part(Part{Role: RoleLink, Digits: Bit(d)})
		s.part(alsPart(g, RoleSet, &bl.t.list[bl.chosen[i]]))
	}
	s.digit(z)
}

func stemMask(ds []uint8) uint32 {
	var m uint32
	for _, d := range ds {
		m |= Bit(d)
	}
	return m
}
