package engine

import (
	"math/bits"
	"sync"
)

// SE's direct techniques. Before a naked single (2.3), Sudoku Explainer
// 1.2.1 looks for an elimination that at once leaves a hidden single, and
// takes the single at the elimination's own figure, below the naked
// single's:
//
//	direct pointing      1.7   a digit locked in a box segment leaves a
//	                           single in another box on that line
//	direct claiming      1.9   a digit locked in a line segment leaves a
//	                           single in a parallel line through that box
//	direct hidden pair   2.0   a hidden pair's cells lose their other
//	direct hidden triple 2.5   digits and leave one of them a single in
//	                           the same house (the triple after the naked
//	                           single)
//
// SE places only the single; the elimination itself is not made, and a
// later step finds it again if it is needed. Its path tries, in turn: full
// house 1.0, hidden single in a box 1.2 and in a line 1.5, direct pointing,
// direct claiming, direct hidden pair, naked single, direct hidden triple,
// then pointing 2.6 and on (seOrder). A puzzle the ladder solves with a
// pointing (2.6) may so rate 1.7 on SE's scale, and one that needs a
// hidden pair (3.4) 2.0.
//
// These are rungs of SE's path only: a person who sees the elimination
// has used a locked candidate or a hidden pair, and the ladder, which
// fixes the level, counts it as one.

// seRung is one rung of SE's path: a ladder technique, or a direct one
// that finds a single as a case of technique t and rates it se.
type seRung struct {
	t      Technique
	direct func(b *Board, s *Step) bool
	se     Rating
}

// seRungs is SE's path: seOrder with the direct rungs where SE tries them.
var seRungs = func() []seRung {
	var rs []seRung
	for _, t := range seOrder {
		rs = append(rs, seRung{t: t})
		switch t {
		case HiddenSingle:
			rs = append(rs,
				seRung{Pointing, findDirectPointing, 17},
				seRung{Claiming, findDirectClaiming, 19},
				seRung{HiddenPair, findDirectHiddenPair, 20})
		case NakedSingle:
			rs = append(rs, seRung{HiddenTriple, findDirectHiddenTriple, 25})
		}
	}
	return rs
}()

// seDirectLow is the lowest figure of a direct rung: a ladder step rated
// above it may be one SE's path takes another way.
const seDirectLow Rating = 17

func findDirectPointing(b *Board, s *Step) bool { return findDirectLocked(b, s, false) }

func findDirectClaiming(b *Board, s *Step) bool { return findDirectLocked(b, s, true) }

// findDirectLocked looks for a digit locked where house a meets house b
// (a a box for pointing, a line for claiming) with two or more places in
// a, such that a house parallel to a through b is left one place for it
// outside b: the digit goes there.
func findDirectLocked(b *Board, s *Step, claiming bool) bool {
	g := b.geo()
	locks := g.crossings()
	sib := crossingSiblings(g)
	for k := range locks {
		x := &locks[k]
		if g.IsLine(x.a) != claiming {
			continue
		}
		ds := orCands(b, x.seg) &^ orCands(b, x.aRest)
		for ; ds != 0; ds &= ds - 1 {
			d := uint8(bits.TrailingZeros32(ds))
			if countDigit(b, x.seg, d) < 2 {
				continue // a hidden single, taken before
			}
			for _, j := range sib[k] {
				y := &locks[j]
				if orCands(b, y.seg)&Bit(d) == 0 {
					continue // nothing to remove in that house
				}
				cell, n := -1, 0
				for _, c := range y.aRest {
					if b.Cands[c]&Bit(d) != 0 {
						cell, n = c, n+1
					}
				}
				if n == 1 {
					s.Placements = append(s.Placements, Placement{cell, d})
					return true
				}
			}
		}
	}
	return false
}

// countDigit counts the cells of cells that still have candidate d.
func countDigit(b *Board, cells []int, d uint8) int {
	n := 0
	for _, c := range cells {
		if b.Cands[c]&Bit(d) != 0 {
			n++
		}
	}
	return n
}

var siblings sync.Map // *Geometry -> [][]int

// crossingSiblings lists, for each crossing (a, b) of g, the crossings
// (a', b) whose a' is another house of a's kind, disjoint from a: the
// houses where a locked digit's removal from b may leave a single.
func crossingSiblings(g *Geometry) [][]int {
	if v, ok := siblings.Load(g); ok {
		return v.([][]int)
	}
	locks := g.crossings()
	out := make([][]int, len(locks))
	for k := range locks {
		x := &locks[k]
		for j := range locks {
			y := &locks[j]
			if j == k || y.b != x.b || g.IsLine(y.a) != g.IsLine(x.a) || g.Kinds[y.a] != g.Kinds[x.a] || shareCell(x.seg, y.seg) {
				continue
			}
			out[k] = append(out[k], j)
		}
	}
	v, _ := siblings.LoadOrStore(g, out)
	return v.([][]int)
}

func shareCell(a, b []int) bool {
	for _, c := range a {
		for _, d := range b {
			if c == d {
				return true
			}
		}
	}
	return false
}

func findDirectHiddenPair(b *Board, s *Step) bool { return findDirectHidden(b, s, 2) }

func findDirectHiddenTriple(b *Board, s *Step) bool { return findDirectHidden(b, s, 3) }

// findDirectHidden looks, in a house with more than n empty cells, for n
// digits that each have two or more places there, all within the same n
// cells, such that another digit of the house has one place left outside
// them: that digit goes there.
func findDirectHidden(b *Board, s *Step, n int) bool {
	g := b.geo()
	var pos [MaxSide + 1]uint16
	for _, u := range g.scan {
		if int(b.open[u]) <= n {
			continue
		}
		house := g.Houses[u]
		pos = [MaxSide + 1]uint16{}
		for i, c := range house {
			for m := b.Cands[c]; m != 0; m &= m - 1 {
				pos[bits.TrailingZeros32(m)] |= 1 << i
			}
		}
		// The set's n digits have 2..n places, and the single's digit,
		// outside the set, 2..n+1: a house without n+1 digits of 2..n+1
		// places has no direct hidden set.
		var fit uint32 // digits with 2..n places
		near := 0
		for d := 1; d <= g.N; d++ {
			if k := bits.OnesCount16(pos[d]); k >= 2 && k <= n+1 {
				near++
				if k <= n {
					fit |= 1 << d
				}
			}
		}
		if bits.OnesCount32(fit) < n || near <= n {
			continue
		}
		if cell, d, ok := directHiddenSet(&pos, g.N, fit, n, 0, 0, 0); ok {
			s.Placements = append(s.Placements, Placement{house[cell], d})
			return true
		}
	}
	return false
}

// directHiddenSet tries the sets of n digits of fit above digit from whose
// places, with those of set (places, k digits chosen), cover n cells, and
// returns a single they leave: the position in the house and the digit.
func directHiddenSet(pos *[MaxSide + 1]uint16, side int, fit uint32, n, k, from int, places uint16) (int, uint8, bool) {
	if k == n {
		if bits.OnesCount16(places) != n {
			return 0, 0, false
		}
		// The set's own digits have no place outside it.
		for d := 1; d <= side; d++ {
			if p := pos[d]; bits.OnesCount16(p) > 1 && bits.OnesCount16(p&^places) == 1 {
				return bits.TrailingZeros16(p &^ places), uint8(d), true
			}
		}
		return 0, 0, false
	}
	for d := from + 1; d <= side; d++ {
		if fit&(1<<d) == 0 {
			continue
		}
		u := places | pos[d]
		if bits.OnesCount16(u) > n {
			continue
		}
		if cell, dd, ok := directHiddenSet(pos, side, fit, n, k+1, d, u); ok {
			return cell, dd, ok
		}
	}
	return 0, 0, false
}
