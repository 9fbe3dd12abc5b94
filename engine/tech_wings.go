package engine

import (
	"math/bits"
)

// Wings are short chains through cells with two or three candidates. Each
// ends in two cells that cannot both lack a digit z, so any cell seeing both
// (or, for the XYZ-Wing, all three) cannot be z.

func init() {
	register(XYWing, findXYWing)
	register(XYZWing, findXYZWing)
	register(WWing, findWWing)
}

// findXYWing: a pivot {x,y} sees two pincers {x,z} and {y,z}. Whichever
// digit the pivot takes, one pincer loses its first digit and becomes z, so a
// cell seeing both pincers cannot be z.
//
//	pivot {x,y} ---- pincer {x,z}
//	    |                 .
//	pincer {y,z} . . . . target: not z
func findXYWing(b *Board, s *Step) bool {
	peerSets := b.geo().peerSets
	bv := bivalueSets(b)
	dm := digitCellSets(b)
	for piv := bv[0]; !piv.empty(); {
		p := piv.pop()
		pm := b.Cands[p]
		x, y := FirstDigit(pm), FirstDigit(pm&(pm-1))
		// Pincers hold exactly one of the pivot's digits.
		xs := peerSets[p].and(bv[x]).andNot(bv[y])
		ys := peerSets[p].and(bv[y]).andNot(bv[x])
		for ax := xs; !ax.empty(); {
			a := ax.pop()
			z := FirstDigit(b.Cands[a] &^ Bit(x))
			for by := ys.and(bv[z]); !by.empty(); {
				c := by.pop()
				elim := peerSets[a].and(peerSets[c]).and(dm[z])
				if elim.empty() {
					continue
				}
				return wingStep(b, s, XYWing, p, a, c, z, elim)
			}
		}
	}
	return false
}

// findXYZWing: a pivot {x,y,z} sees two pincers {x,z} and {y,z}. Of the
// three cells one must be z (if the pivot is x or y, a pincer is z), so a
// cell seeing all three cannot be z; such cells lie in the pivot's box, on
// the line it shares with a pincer.
func findXYZWing(b *Board, s *Step) bool {
	peerSets := b.geo().peerSets
	bv := bivalueSets(b)
	dm := digitCellSets(b)
	for p := 0; p < b.geo().Cells; p++ {
		pm := b.Cands[p]
		if bits.OnesCount32(pm) != 3 {
			continue
		}
		// Pincers: bivalue peers whose two digits both belong to the pivot.
		var pincers [MaxPeers]int
		n := 0
		for ps := peerSets[p].and(bv[0]); !ps.empty(); {
			a := ps.pop()
			if b.Cands[a]&^pm == 0 {
				pincers[n] = a
				n++
			}
		}
		for i := 0; i < n; i++ {
			a := pincers[i]
			for j := i + 1; j < n; j++ {
				c := pincers[j]
				zm := b.Cands[a] & b.Cands[c]
				if b.Cands[a] == b.Cands[c] || zm == 0 {
					continue
				}
				z := FirstDigit(zm)
				elim := peerSets[p].and(peerSets[a]).and(peerSets[c]).and(dm[z])
				if elim.empty() {
					continue
				}
				return wingStep(b, s, XYZWing, p, a, c, z, elim)
			}
		}
	}
	return false
}

// wingStep records an XY- or XYZ-Wing t with pivot p and pincers a and c
// that removes z from the cells of elim.
func wingStep(b *Board, s *Step, t Technique, p, a, c int, z uint8, elim cellSet) bool {
	startStep(s, t)
	addElims(s, elim, z)
	if s.Explain() {
		s.cand(b, RolePivot, p)
		s.cand(b, RolePincer, a)
		s.cand(b, RolePincer, c)
	}
	return true
}

// findWWing: two cells {x,y} that do not see each other, and a strong link
// on x whose ends see one cell each. If neither cell were y both would be x,
// and x would be gone from both ends of the strong link. So one of them is y,
// and a cell seeing both loses y.
//
//	{x,y} . . . . . . {x,y}
//	  |                 |
//	  x ===strong=====  x
func findWWing(b *Board, s *Step) bool {
	g := b.geo()
	peerSets := g.peerSets
	bv := bivalueSets(b)
	dm := digitCellSets(b)
	for as := bv[0]; !as.empty(); {
		a := as.pop()
		m := b.Cands[a]
		for cs := as; !cs.empty(); {
			c := cs.pop()
			if b.Cands[c] != m || peerSets[a].has(c) {
				continue
			}
			for _, x := range [2]uint8{FirstDigit(m), FirstDigit(m & (m - 1))} {
				y := FirstDigit(m &^ Bit(x))
				elim := peerSets[a].and(peerSets[c]).and(dm[y])
				if elim.empty() {
					continue
				}
				near, far, ok := wLink(g, dm[x], a, c)
				if !ok {
					continue
				}
				startStep(s, WWing)
				addElims(s, elim, y)
				if s.Explain() {
					s.set(RoleBase, m, a, c)
					s.cells(RoleLink, near, far)
					s.digit(x)
					s.digit(y)
				}
				return true
			}
		}
	}
	return false
}

// wLink finds a conjugate pair of the digit with places cells whose one end
// sees a and whose other end sees c.
func wLink(g *Geometry, cells cellSet, a, c int) (near, far int, ok bool) {
	peerSets := g.peerSets
	for p, q := range conjugatePairs(g, cells) {
		switch {
		case peerSets[a].has(p) && peerSets[c].has(q):
			return p, q, true
		case peerSets[a].has(q) && peerSets[c].has(p):
			return q, p, true
		}
	}
	return 0, 0, false
}
