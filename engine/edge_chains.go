package engine

// Inequality chains: the signs inside a box order its cells, and the
// cells of a box differ, so a cell with k cells below it along chains of
// signs is above k different digits: more than the least that k
// different digits over their lower bounds can reach as their largest.
// With lower bounds 1, 1 and 3 on its three cells below, the largest of
// the three is at least max(1+2, 1+1, 3+0) = 3, so the cell is at least
// 4. The same from above. Arc consistency on each sign (edgeProp) moves
// a bound one cell a pass; this reads a whole chain at once, as a person
// does, and the inequality-chain rung (tech_edges.go) words the same
// bound.

import (
	"math/bits"
	"slices"
)

// boxChain is the order the signs put on one box: cells its cells, and
// below[i] (above[i]) the positions in cells that chains of signs put
// under (over) position i.
type boxChain struct {
	house        int
	cells        []int
	below, above [maxLayerDigits]uint16
}

// boxChains works out the order of every box with a sign inside it; on
// a Latin square, which has no boxes, of every row and column (its signs
// chain along them).
func boxChains(g *Geometry, e *EdgeMarks) []boxChain {
	var out []boxChain
	for u, h := range g.Houses {
		if g.Kinds[u] != BoxHouse && g.Variant != Latin {
			continue
		}
		pos := make(map[int]int, len(h))
		for i, x := range h {
			pos[x] = i
		}
		c := boxChain{house: u, cells: h}
		var less [maxLayerDigits]uint16 // positions directly below i
		any := false
		for k, ed := range e.edges {
			m := e.marks[k]
			ia, okA := pos[ed.A]
			ib, okB := pos[ed.B]
			if m == 0 || !okA || !okB {
				continue
			}
			any = true
			if e.rule.ok(m, 1, 2) { // A is the smaller
				less[ib] |= 1 << ia
			} else {
				less[ia] |= 1 << ib
			}
		}
		if !any {
			continue
		}
		c.below = less
		for changed := true; changed; {
			changed = false
			for i := range h {
				m := c.below[i]
				for r := c.below[i]; r != 0; r &= r - 1 {
					m |= c.below[bits.TrailingZeros16(r)]
				}
				if m != c.below[i] {
					c.below[i], changed = m, true
				}
			}
		}
		for i := range h {
			for r := c.below[i]; r != 0; r &= r - 1 {
				c.above[bits.TrailingZeros16(r)] |= 1 << i
			}
		}
		out = append(out, c)
	}
	return out
}

// chainBounds is the least and most digit of a cell with the cells of
// below under it and those of above over it, all of one box, given each
// position's lowest and highest candidate lo and hi, on digits 1..n.
func chainBounds(n int, lo, hi *[maxLayerDigits]int, below, above uint16) (least, most int) {
	var buf [maxLayerDigits]int
	least, most = 1, n
	if below != 0 {
		b := buf[:0]
		for r := below; r != 0; r &= r - 1 {
			b = append(b, lo[bits.TrailingZeros16(r)])
		}
		slices.Sort(b)
		top := 0
		for j, l := range b {
			top = max(top, l+len(b)-1-j)
		}
		least = top + 1
	}
	if above != 0 {
		b := buf[:0]
		for r := above; r != 0; r &= r - 1 {
			b = append(b, hi[bits.TrailingZeros16(r)])
		}
		slices.Sort(b)
		bottom := n + 1
		for j, h := range b {
			bottom = min(bottom, h-j)
		}
		most = bottom - 1
	}
	return least, most
}

// rangeMask is the digits least..most.
func rangeMask(least, most int) uint16 {
	if least > most {
		return 0
	}
	return (uint16(1)<<(most+1) - 1) &^ (uint16(1)<<least - 1)
}

// chainProp is the chains' part of edgeProp: an item per box with a
// sign, numbered from hi, chains[k-hi] its order.
type chainProp struct {
	hi     int
	chains []boxChain
}

func (c *chainProp) reset(s *layerSolver, p *edgeProp, e *EdgeMarks) {
	c.chains = c.chains[:0]
	var cells [maxLayerDigits]uint8
	for _, bc := range e.chains {
		for i, x := range bc.cells {
			cells[i] = uint8(x)
		}
		if _, ok := s.addItem(p, cells[:len(bc.cells)]); ok {
			c.chains = append(c.chains, bc)
		}
	}
}

// prune bounds every open cell of box item k by its chains.
func (c *chainProp) prune(s *layerSolver, st *layerState, k int) (changed, ok bool) {
	bc := &c.chains[k-c.hi]
	var lo, hi [maxLayerDigits]int
	for i, x := range bc.cells {
		m := cellMask(st, x)
		lo[i], hi[i] = bits.TrailingZeros16(m), 15-bits.LeadingZeros16(m)
	}
	for i, x := range bc.cells {
		if st.cells[x] != 0 || bc.below[i]|bc.above[i] == 0 {
			continue
		}
		keep := rangeMask(chainBounds(s.g.N, &lo, &hi, bc.below[i], bc.above[i]))
		ch, ok := s.keep(st, x, keep)
		if !ok {
			return true, false
		}
		changed = changed || ch
	}
	return changed, true
}
