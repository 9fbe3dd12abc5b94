package engine

import (
	"fmt"
	"math/bits"
	"slices"
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
	g      *Geometry
	cands  *[MaxCells]uint32
	places [MaxSide + 1]cellSet // the cells holding each digit
	paired [MaxSide + 1]cellSet // the cells in a conjugate pair of each digit
	net    candidateNet
}

// init reads the board; im keeps a pointer to b's candidates.
func (im *implications) init(b *Board) {
	im.g = b.geo()
	im.cands = &b.Cands
	im.places = digitCellSets(b)
	for d := 1; d <= im.g.N; d++ {
		im.paired[d] = cellSet{}
		for _, h := range im.g.houseSets {
			if x := im.places[d].and(h); x.count() == 2 {
				im.paired[d] = im.paired[d].or(x)
			}
		}
	}
	im.net.build(im)
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

// candidateNet is the inference graph of one board, with a node for each
// candidate taken true and one for it taken false. Candidate k, cell by
// cell and digit by digit within a cell, is (cell[k], digit[k]); its node
// 2k is the candidate true and 2k+1 false, and the inferences from node u
// lead to the nodes edges[from[u]:from[u+1]].
//
// The search from a start (a node: the search from candidate u/2 taken
// true when u is even, false when odd) goes breadth first, and every node
// it reaches at depth k (by k links, alternately weak and strong) is in
// its level k. The searches run 64 at a time (see search), each node of a
// level holding a bit for every search of the batch that reaches it there:
// one search at a time, a candidate's cell sets per digit at each depth,
// cost the rung nearly all its time, mostly in searches that close no loop.
type candidateNet struct {
	cell  []int16
	digit []uint8
	at    [MaxCells][MaxSide + 1]int32 // candidate of (cell, digit); only candidates' entries are written
	from  []int32
	edges []int32
	// hit is, for each start of the batch, the depth at which its search
	// first reaches its candidate the other way, closing a loop, or -1.
	hit [64]int8
	// level[k] holds, node by node, the batch's searches that reach it
	// at depth k; seen, those that reached it at any depth so far.
	level [maxAICNodes][]uint64
	seen  []uint64
}

// node is the node of candidate (c, d), true or false.
func (net *candidateNet) node(c int, d uint8, on bool) int {
	u := 2 * int(net.at[c][d])
	if !on {
		u++
	}
	return u
}

// nodes is the number of nodes, and so of starts.
func (net *candidateNet) nodes() int { return len(net.from) - 1 }

// build reads im's board into the graph.
func (net *candidateNet) build(im *implications) {
	g := im.g
	net.cell, net.digit = net.cell[:0], net.digit[:0]
	for c := 0; c < g.Cells; c++ {
		for m := im.cands[c]; m != 0; m &= m - 1 {
			d := FirstDigit(m)
			net.at[c][d] = int32(len(net.cell))
			net.cell = append(net.cell, int16(c))
			net.digit = append(net.digit, d)
		}
	}
	net.from, net.edges = net.from[:0], net.edges[:0]
	for k := range net.cell {
		c, d := int(net.cell[k]), net.digit[k]
		// True: every candidate that sees it is false.
		net.from = append(net.from, int32(len(net.edges)))
		for _, p := range g.Peers[c] {
			if im.cands[p]&Bit(d) != 0 {
				net.edges = append(net.edges, 2*net.at[p][d]+1)
			}
		}
		for m := im.cands[c] &^ Bit(d); m != 0; m &= m - 1 {
			net.edges = append(net.edges, 2*net.at[c][FirstDigit(m)]+1)
		}
		// False: the other half of each strong link is true.
		net.from = append(net.from, int32(len(net.edges)))
		for cs := im.conjugates(c, d); !cs.empty(); {
			net.edges = append(net.edges, 2*net.at[cs.pop()][d])
		}
		if m := im.cands[c]; Count(m) == 2 {
			net.edges = append(net.edges, 2*net.at[c][FirstDigit(m&^Bit(d))])
		}
	}
	net.from = append(net.from, int32(len(net.edges)))
	n := net.nodes()
	net.seen = slices.Grow(net.seen[:0], n)[:n]
	for k := range net.level {
		net.level[k] = net.level[k][:0]
	}
}

// search runs the searches from the w starts at base together, to depth
// last at most, and leaves in hit when each loop closes and in level the
// levels up to then. A search stops when its loop closes: the levels
// past it are not needed.
func (net *candidateNet) search(base, w, last int) {
	n := net.nodes()
	seen := net.seen
	clear(seen)
	lv := &net.level
	lv[0] = slices.Grow(lv[0][:0], n)[:n]
	clear(lv[0])
	live := ^uint64(0) >> (64 - w)
	for k := range w {
		lv[0][base+k] = 1 << k
		seen[base+k] = 1 << k
		net.hit[k] = -1
	}
	for depth := 1; depth <= last && live != 0; depth++ {
		front := lv[depth-1]
		next := slices.Grow(lv[depth][:0], n)[:n]
		lv[depth] = next
		clear(next)
		for u, f := range front {
			if f &= live; f != 0 {
				for _, v := range net.edges[net.from[u]:net.from[u+1]] {
					next[v] |= f
				}
			}
		}
		var any uint64
		for v, x := range next {
			x &^= seen[v]
			seen[v] |= x
			next[v] = x
			any |= x
		}
		if any == 0 {
			return
		}
		for l := live; l != 0; l &= l - 1 {
			k := bits.TrailingZeros64(l)
			if next[(base+k)^1]>>k&1 != 0 {
				net.hit[k] = int8(depth)
				live &^= 1 << k
			}
		}
	}
}

// chainNode is one candidate of a traced chain and whether it is true.
type chainNode struct {
	cell  int
	digit uint8
	on    bool
}

// trace walks back from end at depth to the start of the batch's
// search number search, choosing at each depth the first candidate (same cell first,
// then lowest cell) that implies the one after it. It reports which kinds
// of link the chain used, as SE tells its chains apart: conjugate pairs
// in a house (house) and links inside a cell (cell). A chain with only one
// kind is an X-chain (one digit) or a Y-chain (bivalue cells); one with
// both is SE's forcing chain.
func (im *implications) trace(search int, end chainNode, depth int, path []chainNode) (house, cell bool) {
	net := &im.net
	bit := uint64(1) << search
	path[depth] = end
	for k := depth; k > 0; k-- {
		n := path[k]
		prev := net.level[k-1]
		at := func(c int, d uint8) bool { return prev[net.node(c, d, !n.on)]&bit != 0 }
		var p chainNode
		found := false
		if n.on { // reached by a strong link from a false candidate
			if m := im.cands[n.cell]; Count(m) == 2 {
				e := FirstDigit(m &^ Bit(n.digit))
				if at(n.cell, e) {
					p, found = chainNode{n.cell, e, false}, true
					cell = true
				}
			}
			if !found {
				p = net.before(n, prev, bit)
				house = true
			}
		} else { // reached by a weak link from a true candidate
			for m := im.cands[n.cell] &^ Bit(n.digit); m != 0 && !found; m &= m - 1 {
				if e := FirstDigit(m); at(n.cell, e) {
					p, found = chainNode{n.cell, e, true}, true
					cell = true
				}
			}
			if !found {
				p = net.before(n, prev, bit)
			}
		}
		path[k-1] = p
	}
	return house, cell
}

// before is the lowest cell whose candidate of n's digit, in the other
// sense, implies n by a link between cells and is in prev for the search
// of bit: a conjugate when n is true, a peer when n is false. Inferences
// are two-way between cells (a conjugate pair, two peers), so these are
// the targets of n's own node taken the other way, and build lists
// those of one digit first, in cell order.
func (net *candidateNet) before(n chainNode, prev []uint64, bit uint64) chainNode {
	u := net.node(n.cell, n.digit, !n.on)
	for _, v := range net.edges[net.from[u]:net.from[u+1]] {
		if k := v / 2; net.digit[k] == n.digit && prev[v^1]&bit != 0 {
			return chainNode{int(net.cell[k]), n.digit, !n.on}
		}
	}
	return chainNode{-1, n.digit, !n.on}
}

// aicFound is the cheapest loop found so far.
type aicFound struct {
	rating Rating
	mixed  bool
	nodes  int
	path   [maxAICNodes]chainNode
}

func findAIC(b *Board, s *Step) bool {
	// Pooled, not zeroed per call: the graph's tables are tens of KB, and
	// init rewrites all it reads.
	im := implBufs.Get().(*implications)
	defer implBufs.Put(im)
	im.init(b)
	net := &im.net
	best := aicFound{rating: 1 << 20}
	startStep(s, AIC)
	var path [maxAICNodes]chainNode
	for base := 0; base < net.nodes(); base += 64 {
		w := min(64, net.nodes()-base)
		// A loop dearer than the cheapest so far is of no use, so the
		// searches stop where every one would be.
		last := maxAICNodes - 1
		for last > 0 && aicPureBase+lengthRating(last+1) > best.rating {
			last--
		}
		net.search(base, w, last)
		for k := range w {
			// A loop back to the start closes at an odd depth (true ...
			// false) or at an even one (false ... true); every start
			// that closes one no dearer than the cheapest so far goes in
			// the step.
			hit := int(net.hit[k])
			if hit < 0 || aicPureBase+lengthRating(hit+1) > best.rating {
				continue
			}
			start := base + k
			startOn := start%2 == 0
			c, d := int(net.cell[start/2]), net.digit[start/2]
			x, y := im.trace(k, chainNode{c, d, !startOn}, hit, path[:])
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
