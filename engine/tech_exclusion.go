package engine

import (
	"math/bits"
)

// Aligned pair exclusion. Two cells P and Q that see each other cannot take
// the same digit, and they cannot take the two digits of a bivalue cell that
// sees them both (it would be left with nothing). List every pair of digits
// P and Q could take; a candidate of P that belongs to no pair left is not
// P's digit.
//
//	P {1,2,3}  Q {1,2}       in one box
//	{1,3} and {2,3} see both:  P=3 leaves Q nothing (1 spoils {1,3},
//	2 spoils {2,3}), so 3 leaves P

func init() {
	register(AlignedPairExclusion, findAlignedPairExclusion)
}

func findAlignedPairExclusion(b *Board, s *Step) bool {
	g := b.geo()
	bv := bivalueSets(b)
	for p := 0; p < g.Cells; p++ {
		if bits.OnesCount32(b.Cands[p]) < 2 {
			continue
		}
		for qs := g.peerSets[p]; !qs.empty(); {
			q := qs.pop()
			if q < p || bits.OnesCount32(b.Cands[q]) < 2 {
				continue
			}
			// The bivalue cells seeing both spoil pairs of digits.
			both := g.peerSets[p].and(g.peerSets[q]).and(bv[0])
			if both.empty() {
				continue
			}
			var spoilt [MaxSide + 1]uint32 // digit of P -> digits of Q it cannot go with
			for es := both; !es.empty(); {
				m := b.Cands[es.pop()]
				u, v := FirstDigit(m), FirstDigit(m&(m-1))
				spoilt[u] |= Bit(v)
				spoilt[v] |= Bit(u)
			}
			var keepP, keepQ uint32
			for mp := b.Cands[p]; mp != 0; mp &= mp - 1 {
				d := uint8(bits.TrailingZeros32(mp))
				if ok := b.Cands[q] &^ Bit(d) &^ spoilt[d]; ok != 0 {
					keepP |= Bit(d)
					keepQ |= ok
				}
			}
			dropP, dropQ := b.Cands[p]&^keepP, b.Cands[q]&^keepQ
			if dropP|dropQ == 0 {
				continue
			}
			startStep(s, AlignedPairExclusion)
			for _, c := range [2]struct {
				cell int
				m    uint32
			}{{p, dropP}, {q, dropQ}} {
				for m := c.m; m != 0; m &= m - 1 {
					s.Eliminations = append(s.Eliminations, Elimination{Cell: c.cell, Digit: uint8(bits.TrailingZeros32(m))})
				}
			}
			if s.Explain() {
				var cells []int
				for es := both; !es.empty(); {
					cells = append(cells, es.pop())
				}
				s.cand(b, RoleBase, p)
				s.cand(b, RoleBase, q)
				for _, c := range cells {
					s.cand(b, RoleCells, c)
				}
			}
			return true
		}
	}
	return false
}
