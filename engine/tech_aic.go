package engine

import (
	"fmt"
	"strings"
)

// Alternating inference chains (AICs) join candidates by two kinds of
// inference and so cover, in one search, the X-cycles, XY-chains, nice
// loops and every mixture of them:
//
//   - a weak inference: if a candidate is true, every candidate that sees it
//     (same digit in a peer cell, other digit in the same cell) is false;
//   - a strong inference: if a candidate is false and its cell has only one
//     other candidate (a bivalue cell), that one is true; if it is false and
//     its digit has only one other place in a house (a conjugate pair), that
//     place is true.
//
// Suppose a candidate true and follow the inferences, alternating weak and
// strong; if they come back to the candidate as false, it was false:
//
//	(5)r1c1 - (5)r1c7 = (5)r3c8 - (2)r3c8 = (2)r2c2 - (5)r2c2 ... - (5)r1c1
//
// written as SE and the forums write nice loops: "-" a weak link ("not"),
// "=" a strong one ("so"). Such a loop is a discontinuous nice loop; every
// AIC elimination (a candidate that sees both ends of a chain) is one of
// them, and so is every X-cycle or XY-chain elimination. Supposing a
// candidate false and coming back to it as true proves it instead.
//
// The search is breadth first from every candidate, in both senses, with
// the inferences on the board as it stands (static chains, as SE's
// "forcing chains"). It keeps the cheapest loops on SE's scale: 6.6 for a
// loop on one digit or through bivalue cells only, 7.0 for a mixed one, plus
// SE's charge for length; every candidate that a loop that cheap removes
// goes in the one step, so the grader's path and rating do not depend on
// the order of equally cheap loops.

func init() {
	register(AIC, findAIC)
}

const (
	// maxAICNodes bounds a loop: beyond it chains are hard to follow and a
	// puzzle that needs them falls to the forcing-chain rungs.
	maxAICNodes = 24
	aicPureBase = 66 // SE's forcing X-chain or Y-chain
	aicMixBase  = 70 // SE's forcing chain with both kinds of links
)

// implications is the static inference graph of one board.
type implications struct {
	g       *Geometry
	cands   *[MaxCells]uint32
	places  [MaxSide + 1]cellSet // the cells holding each digit
	paired  [MaxSide + 1]cellSet // the cells in a conjugate pair of each digit
	bivalue cellSet              // the cells with two candidates
	// pairs holds every conjugate pair, digit by digit: those of digit d
	// are pairs[pairFrom[d]:pairFrom[d+1]].
	pairs    [maxHouses * MaxSide]cellSet
	pairFrom [MaxSide + 2]int
	seen     [2][MaxSide + 1]cellSet // spread's scratch
}

// init reads the board; im keeps a pointer to b's candidates.
func (im *implications) init(b *Board) {
	im.g = b.geo()
	im.cands = &b.Cands
	im.places = digitCellSets(b)
	im.bivalue = bivalueSets(b)[0]
	k := 0
	for d := 1; d <= im.g.N; d++ {
		im.pairFrom[d] = k
		im.paired[d] = cellSet{}
		for _, h := range im.g.houseSets {
			if x := im.places[d].and(h); x.count() == 2 {
				im.paired[d] = im.paired[d].or(x)
				im.pairs[k] = x
				k++
			}
		}
	}
	im.pairFrom[im.g.N+1] = k
}

// conjugates is the set of cells that form a conjugate pair with c for
// digit d in some house: if c loses d, the other cell takes it.
func (im *implications) conjugates(c int, d uint8) cellSet {
	var out cellSet
	if !im.paired[d].has(c) {
		return out
	}
	for _, u := range im.g.CellHouses[c] {
		if h := im.places[d].and(im.g.houseSets[u]); h.count() == 2 {
			h.remove(c)
			out = out.or(h)
		}
	}
	return out
}

// chainLevels are the candidates reached at each depth of a search, per
// digit: even depths hold true candidates, odd depths false ones.
type chainLevels [maxAICNodes][MaxSide + 1]cellSet

// spread fills levels[1:] from levels[0] up to depth max-1 and stops early
// at the depth where stop reports true; it returns the last depth filled.
func (im *implications) spread(lv *chainLevels, startOn bool, max int, stop func(depth int) bool) int {
	n := im.g.N
	// Only digits 1..n are ever read, so only they are cleared: with cell
	// sets six words wide, clearing whole tables per call cost classic
	// grading more than the spreading.
	seen := &im.seen // [on][digit]
	on := 0
	if startOn {
		on = 1
	}
	for d := 1; d <= n; d++ {
		seen[on][d] = lv[0][d]
		seen[1-on][d] = cellSet{}
	}
	for depth := 1; depth < max; depth++ {
		prev, next := &lv[depth-1], &lv[depth]
		for d := 1; d <= n; d++ {
			next[d] = cellSet{}
		}
		any := false
		if on == 1 { // true candidates: everything they see is false
			for d := 1; d <= n; d++ {
				for cs := prev[d]; !cs.empty(); {
					c := cs.pop()
					next[d] = next[d].or(im.g.peerSets[c].and(im.places[d]))
					for m := im.cands[c] &^ Bit(uint8(d)); m != 0; m &= m - 1 {
						next[FirstDigit(m)].add(c)
					}
				}
			}
		} else { // false candidates: the other half of a strong link is true
			for d := 1; d <= n; d++ {
				off := prev[d]
				if off.empty() {
					continue
				}
				// A pair with one cell false makes the other true; with
				// both false, each makes the other true.
				if !off.and(im.paired[d]).empty() {
					for _, p := range im.pairs[im.pairFrom[d]:im.pairFrom[d+1]] {
						if x := p.and(off); !x.empty() {
							if x == p {
								next[d] = next[d].or(p)
							} else {
								next[d] = next[d].or(p.andNot(x))
							}
						}
					}
				}
				for cs := off.and(im.bivalue); !cs.empty(); {
					c := cs.pop()
					next[FirstDigit(im.cands[c]&^Bit(uint8(d)))].add(c)
				}
			}
		}
		on ^= 1
		for d := 1; d <= n; d++ {
			next[d] = next[d].andNot(seen[on][d])
			seen[on][d] = seen[on][d].or(next[d])
			any = any || !next[d].empty()
		}
		if !any {
			return depth - 1
		}
		if stop(depth) {
			return depth
		}
	}
	return max - 1
}

// chainNode is one candidate of a traced chain and whether it is true.
type chainNode struct {
	cell  int
	digit uint8
	on    bool
}

// trace walks back from node at depth to the start, choosing at each depth
// the first candidate (same cell first, then lowest cell) that implies the
// one after it. It reports which kinds of link the chain used, as SE tells
// its chains apart: conjugate pairs in a house (house) and links inside a
// cell (cell). A chain with only one kind is an X-chain (one digit) or a
// Y-chain (bivalue cells); one with both is SE's forcing chain.
func (im *implications) trace(lv *chainLevels, end chainNode, depth int, path []chainNode) (house, cell bool) {
	path[depth] = end
	for k := depth; k > 0; k-- {
		n := path[k]
		prev := &lv[k-1]
		var p chainNode
		found := false
		if n.on { // reached by a strong link from a false candidate
			if m := im.cands[n.cell]; Count(m) == 2 {
				e := FirstDigit(m &^ Bit(n.digit))
				if prev[e].has(n.cell) {
					p, found = chainNode{n.cell, e, false}, true
					cell = true
				}
			}
			if !found {
				c := im.conjugates(n.cell, n.digit).and(prev[n.digit]).first()
				p, found = chainNode{c, n.digit, false}, true
				house = true
			}
		} else { // reached by a weak link from a true candidate
			for m := im.cands[n.cell] &^ Bit(n.digit); m != 0 && !found; m &= m - 1 {
				if e := FirstDigit(m); prev[e].has(n.cell) {
					p, found = chainNode{n.cell, e, true}, true
					cell = true
				}
			}
			if !found {
				c := im.g.peerSets[n.cell].and(prev[n.digit]).first()
				p = chainNode{c, n.digit, true}
			}
		}
		path[k-1] = p
	}
	return house, cell
}

// aicFound is the cheapest loop found so far.
type aicFound struct {
	rating Rating
	mixed  bool
	nodes  int
	path   [maxAICNodes]chainNode
}

func findAIC(b *Board, s *Step) bool {
	// Pooled, not zeroed per call: the pair table alone is 100 KB since
	// cell sets grew for samurai, and init rewrites all it reads.
	im := implBufs.Get().(*implications)
	defer implBufs.Put(im)
	im.init(b)
	lv := levelBufs.Get().(*chainLevels)
	defer levelBufs.Put(lv)
	best := aicFound{rating: 1 << 20}
	startStep(s, AIC)
	var path [maxAICNodes]chainNode
	for c := 0; c < im.g.Cells; c++ {
		for m := b.Cands[c]; m != 0; m &= m - 1 {
			d := FirstDigit(m)
			for _, startOn := range [2]bool{true, false} {
				lv[0] = [MaxSide + 1]cellSet{}
				lv[0][d].add(c)
				// A loop back to the start closes at an odd depth
				// (true ... false) or at an even one (false ... true).
				hit := -1
				im.spread(lv, startOn, maxAICNodes, func(depth int) bool {
					if aicPureBase+lengthRating(depth+1) > best.rating {
						return true // nothing cheaper lies further out
					}
					if lv[depth][d].has(c) {
						hit = depth
						return true
					}
					return false
				})
				if hit < 0 {
					continue
				}
				x, y := im.trace(lv, chainNode{c, d, !startOn}, hit, path[:])
				r := Rating(aicPureBase)
				if x && y {
					r = aicMixBase
				}
				r += lengthRating(hit + 1)
				switch {
				case r > best.rating:
					continue
				case r < best.rating:
					best = aicFound{rating: r, mixed: x && y, nodes: hit + 1, path: path}
					s.Placements, s.Eliminations = s.Placements[:0], s.Eliminations[:0]
				}
				if startOn {
					s.Eliminations = append(s.Eliminations, Elimination{c, d})
				} else {
					s.Placements = append(s.Placements, Placement{c, d})
				}
			}
		}
	}
	if best.nodes == 0 {
		return false
	}
	s.Length = best.nodes
	if best.mixed {
		s.extra = aicMixBase - aicPureBase
	}
	if s.Explain() {
		path := best.path[:best.nodes]
		s.part(aicChain(im.g, path))
		s.set(RoleTarget, Bit(path[0].digit), path[0].cell)
	}
	return true
}

// aicChain is a loop as a part: its cells in order and its nice-loop
// notation.
func aicChain(g *Geometry, path []chainNode) Part {
	var sb strings.Builder
	p := Part{Role: RoleLink}
	for i, n := range path {
		if i > 0 {
			if n.on {
				sb.WriteString(" = ")
			} else {
				sb.WriteString(" - ")
			}
		}
		fmt.Fprintf(&sb, "(%c)%s", Symbol(n.digit), g.CellName(n.cell))
		p.Cells = append(p.Cells, n.cell)
	}
	p.Text = sb.String()
	return p
}
