package engine

import (
	"math/bits"
)

// Sue de Coq works where two houses cross (a box and a row, say). Take two
// or three open cells C of the crossing, some cells L of the first house
// outside it and some cells B of the second, so that L and B share no
// digit and the cells, all together, hold exactly as many digits as there
// are cells. A digit of L's can only be once in C and L (one house), a
// digit of B's once in C and B, any other digit only in C: each digit is
// at most once among the cells, so each is there exactly once. Then L's
// digits leave the rest of the first house, B's the rest of the second,
// and C's own the rest of both.
//
//	box 1 / row 1:   C = r1c1 r1c2 {1,2,3,4}
//	L = r1c7 {1,2}   B = r3c3 {3,4}
//	-> 1 and 2 leave row 1, 3 and 4 leave box 1

func init() {
	register(SueDeCoq, findSueDeCoq)
}

// sdcMaxSide bounds the cells each side may add.
const sdcMaxSide = 2

func findSueDeCoq(b *Board, s *Step) bool {
	g := b.geo()
	for u := range g.Houses {
		for v := u + 1; v < len(g.Houses); v++ {
			cross := g.houseSets[u].and(g.houseSets[v])
			if cross.count() < 2 {
				continue
			}
			var open [MaxSide]int
			n := 0
			for cs := cross; !cs.empty(); {
				if c := cs.pop(); b.Cands[c] != 0 {
					open[n] = c
					n++
				}
			}
			// C: every two or three open cells of the crossing.
			for mask := 1; mask < 1<<n; mask++ {
				k := bits.OnesCount(uint(mask))
				if k < 2 || k > 3 {
					continue
				}
				var cells cellSet
				var digits uint32
				for i := range n {
					if mask&(1<<i) != 0 {
						cells.add(open[i])
						digits |= b.Cands[open[i]]
					}
				}
				if bits.OnesCount32(digits) < k+2 {
					continue
				}
				if sdcSides(b, s, u, v, cross, cells, digits, k) {
					return true
				}
			}
		}
	}
	return false
}

// sdcSides tries every choice of up to sdcMaxSide cells of house u and of
// house v outside the crossing for crossing cells c holding digits.
func sdcSides(b *Board, s *Step, u, v int, cross, c cellSet, digits uint32, k int) bool {
	g := b.geo()
	var lu, lv [2 * MaxSide]int
	nu, nv := sdcOpen(b, g.houseSets[u].andNot(cross), &lu), sdcOpen(b, g.houseSets[v].andNot(cross), &lv)
	var subsU, subsV [MaxSide * MaxSide]sdcSide
	mu, mv := sdcSubsets(b, lu[:nu], digits, &subsU), sdcSubsets(b, lv[:nv], digits, &subsV)
	for _, su := range subsU[:mu] {
		for _, sv := range subsV[:mv] {
			if su.digits&sv.digits != 0 {
				continue
			}
			all := digits | su.digits | sv.digits
			if bits.OnesCount32(all) != k+su.n+sv.n {
				continue
			}
			startStep(s, SueDeCoq)
			inU, inV := all&^sv.digits, all&^su.digits // digits held in u's part, v's part
			keepU, keepV := c.or(su.cells), c.or(sv.cells)
			for i := 0; i < g.Cells; i++ {
				var drop uint32
				if g.houseSets[u].has(i) && !keepU.has(i) {
					drop |= inU
				}
				if g.houseSets[v].has(i) && !keepV.has(i) {
					drop |= inV
				}
				for m := b.Cands[i] & drop; m != 0; m &= m - 1 {
					s.Eliminations = append(s.Eliminations, Elimination{Cell: i, Digit: uint8(bits.TrailingZeros32(m))})
				}
			}
			if len(s.Eliminations) == 0 {
				continue
			}
			if s.Explain() {
				s.set(RoleBase, digits, c.list()...)
				s.houses(RoleHouse, u)
				s.houses(RoleHouse, v)
				s.set(RoleSet, su.digits, su.cells.list()...)
				s.set(RoleSet, sv.digits, sv.cells.list()...)
			}
			return true
		}
	}
	return false
}

// sdcSide is a choice of cells on one side with their digits.
type sdcSide struct {
	cells  cellSet
	digits uint32
	n      int
}

// sdcOpen lists the open cells of set into out and returns how many.
func sdcOpen(b *Board, set cellSet, out *[2 * MaxSide]int) int {
	n := 0
	for cs := set; !cs.empty(); {
		if c := cs.pop(); b.Cands[c] != 0 {
			out[n] = c
			n++
		}
	}
	return n
}

// sdcSubsets lists the choices of one or two cells of open that share a
// digit with the crossing's digits and hold no more digits than cells plus
// one (more could never balance the count).
func sdcSubsets(b *Board, open []int, digits uint32, out *[MaxSide * MaxSide]sdcSide) int {
	n := 0
	for i, a := range open {
		ma := b.Cands[a]
		if ma&digits == 0 || bits.OnesCount32(ma) > 2 {
			continue
		}
		var one sdcSide
		one.cells.add(a)
		one.digits, one.n = ma, 1
		out[n] = one
		n++
		for _, c := range open[i+1:] {
			m := ma | b.Cands[c]
			if b.Cands[c]&digits == 0 || bits.OnesCount32(m) > 3 {
				continue
			}
			two := one
			two.cells.add(c)
			two.digits, two.n = m, 2
			out[n] = two
			n++
		}
	}
	return n
}
