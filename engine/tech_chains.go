package engine

import (
	"fmt"
	"slices"
	"strings"
)

// Chains string implications together. Each link says "if this end is
// false the next is true" (a strong link) or "if this end is true the next
// is false" (a weak link); a chain that starts and ends on strong links
// proves that one of its two ends is true, so a cell seeing both ends loses
// the digit they share.
//
// Both finders search breadth first from every start and keep the shortest
// chain that removes something (ties go to the lowest digit, then start
// cell), so the chain a solver is shown is the plainest one and the result
// never depends on map order or timing. Lengths are capped: longer chains
// are rare, hard for a person to spot and slow to search, and a puzzle that
// needs them falls through to the next rung.

func init() {
	register(XChain, findXChain)
	register(XYChain, findXYChain)
}

const (
	// maxXChainLinks bounds an X-Chain: 5 strong and 4 weak links.
	maxXChainLinks = 9
	// maxXYChainCells bounds an XY-Chain: 8 bivalue cells, 15 links.
	maxXYChainCells = 8
	// maxChainPath is the room for a chain's cells, above both caps so
	// tests can search a little further than the ladder does.
	maxChainPath = 16
)

// findXChain: one digit, links alternating strong (conjugate pair) and weak
// (two cells that see each other), strong at both ends:
//
//	A ==== B ---- C ==== D ---- E ==== F     A or F holds the digit
//
// If A does not hold it, B does, so C does not, so D does, ... so F does.
// The three-link chains are skyscrapers, kites and turbot fish.
func findXChain(b *Board, s *Step) bool { return xChainUpTo(b, s, maxXChainLinks) }

// xChainUpTo is findXChain with chains of up to maxLinks links.
func xChainUpTo(b *Board, s *Step, maxLinks int) bool {
	g := b.geo()
	maxLinks = min(maxLinks, maxChainPath-1)
	dm := digitCellSets(b)
	var best xChain
	best.links = maxLinks + 2
	links := linkBufs.Get().(*[MaxCells]cellSet)
	defer linkBufs.Put(links)
	var w bfsWork
	for d := uint8(1); int(d) <= g.N; d++ {
		cells := dm[d]
		strongLinksInto(g, cells, links)
		var nodes cellSet
		for rest := cells; !rest.empty(); {
			c := rest.pop()
			if !links[c].empty() {
				nodes.add(c)
			}
		}
		for starts := nodes; !starts.empty(); {
			start := starts.pop()
			if c, ok := searchXChain(g, &w, links, nodes, cells, d, start, best.links-2); ok {
				best = c
			}
		}
	}
	if best.links > maxLinks {
		return false
	}
	startStep(s, XChain)
	addElims(s, best.elims, best.digit)
	s.Length = best.links
	if s.Explain() {
		var sb strings.Builder
		for i, c := range best.path[:best.links+1] {
			if i > 0 {
				sb.WriteString([2]string{"-", "="}[i%2])
			}
			sb.WriteString(g.CellName(c))
		}
		first, last := best.path[0], best.path[best.links]
		s.digit(best.digit)
		s.part(Part{Role: RoleLink, Cells: slices.Clone(best.path[:best.links+1]), Text: sb.String()})
		s.cells(RoleEnds, first, last)
		s.digit(best.digit)
	}
	return true
}

// bfsWork is the room of one breadth-first chain search: two states per
// cell. A finder declares it once and its searches share it, since only
// dist needs resetting between them (a fresh array for each of a hundred
// searches cost more than the searches on classic grids).
type bfsWork struct {
	dist   [2 * MaxCells]int8
	parent [2 * MaxCells]int16
	queue  [2 * MaxCells]int16
}

// xChain is a found X-Chain: path[0..links] alternate strong and weak links.
type xChain struct {
	digit uint8
	links int
	path  [maxChainPath]int
	elims cellSet
}

// searchXChain walks breadth first from start over states (cell, on): a
// cell reached by a strong link holds the digit (on) and continues along a
// weak link; one reached by a weak link or the start lacks it and continues
// along a strong link. It returns the first productive chain of at most
// maxLinks links.
func searchXChain(g *Geometry, w *bfsWork, links *[MaxCells]cellSet, nodes, cells cellSet, d uint8, start, maxLinks int) (xChain, bool) {
	const none = -1
	peerSets := g.peerSets
	dist, parent, queue := &w.dist, &w.parent, &w.queue
	for i := range dist[:2*g.Cells] {
		dist[i] = none
	}
	dist[start*2] = 0
	queue[0] = int16(start * 2)
	head, tail := 0, 1
	for head < tail {
		st := int(queue[head])
		head++
		c, on := st/2, st%2
		depth := int(dist[st])
		if depth >= maxLinks {
			break
		}
		next := links[c]
		if on == 1 {
			next = peerSets[c].and(nodes)
		}
		for !next.empty() {
			n := next.pop()
			ns := n*2 + (on ^ 1)
			if dist[ns] != none {
				continue
			}
			dist[ns] = int8(depth + 1)
			parent[ns] = int16(st)
			queue[tail] = int16(ns)
			tail++
			if on == 1 || depth+1 < 3 || n == start {
				continue
			}
			elims := peerSets[start].and(peerSets[n]).and(cells)
			if elims.empty() {
				continue
			}
			ch := xChain{digit: d, links: depth + 1, elims: elims}
			if !tracePath(ch.path[:ch.links+1], ns, parent[:], 2) {
				continue
			}
			return ch, true
		}
	}
	return xChain{}, false
}

// tracePath fills path (start first) by following parent from state st,
// where a state's cell is st/per (the searches pack a second value into the
// state), and reports whether the cells are all
// different (a chain that passes a cell twice reads badly, so it is skipped).
func tracePath(path []int, st int, parent []int16, per int) bool {
	for i := len(path) - 1; i >= 0; i-- {
		path[i] = st / per
		st = int(parent[st])
	}
	for i := range path {
		for j := i + 1; j < len(path); j++ {
			if path[i] == path[j] {
				return false
			}
		}
	}
	return true
}

// findXYChain: bivalue cells, each seeing the next and sharing a digit with
// it, from a cell {z,a} to a cell {b,z}:
//
//	{z,a} -a- {a,c} -c- {c,b} -b- {b,z}     first or last cell is z
//
// If the first cell is not z it is a, so the second is c, the third b and
// the last z. A cell seeing both ends cannot be z. Three cells make an
// XY-Wing, which has its own rung.
func findXYChain(b *Board, s *Step) bool { return xyChainUpTo(b, s, maxXYChainCells) }

// xyChainUpTo is findXYChain with chains of up to maxCells cells.
func xyChainUpTo(b *Board, s *Step, maxCells int) bool {
	g := b.geo()
	maxCells = min(maxCells, maxChainPath)
	bv := bivalueSets(b)
	dm := digitCellSets(b)
	var best xyChain
	best.cells = maxCells + 1
	var w bfsWork
	for starts := bv[0]; !starts.empty(); {
		start := starts.pop()
		m := b.Cands[start]
		for _, z := range [2]uint8{FirstDigit(m), FirstDigit(m & (m - 1))} {
			if c, ok := searchXYChain(b, &w, &bv, &dm, start, z, best.cells-1); ok {
				best = c
			}
		}
	}
	if best.cells > maxCells {
		return false
	}
	startStep(s, XYChain)
	addElims(s, best.elims, best.digit)
	s.Length = 2*best.cells - 1
	if s.Explain() {
		// Each cell shows its digits in chain order, the one ruled out
		// first: "r1c9 {2,3}" after "-2-" reads "not 2, so 3".
		var sb strings.Builder
		on := best.digit
		for i, c := range best.path[:best.cells] {
			m := b.Cands[c]
			off := on
			on = FirstDigit(m &^ Bit(off))
			if i > 0 {
				fmt.Fprintf(&sb, " -%d- ", off)
			}
			fmt.Fprintf(&sb, "%s {%d,%d}", g.CellName(c), off, on)
		}
		first, last := best.path[0], best.path[best.cells-1]
		s.part(Part{Role: RoleLink, Cells: slices.Clone(best.path[:best.cells]), Text: sb.String()})
		s.cells(RoleEnds, first, last)
		s.digit(best.digit)
	}
	return true
}

// xyChain is a found XY-Chain: cells bivalue cells in path, both ends able
// to hold digit.
type xyChain struct {
	digit uint8
	cells int
	path  [maxChainPath]int
	elims cellSet
}

// searchXYChain walks breadth first from start assuming it is not z, over
// states (cell, digit the cell is forced to), and returns the first chain of
// at most maxCells cells that forces z at its far end and removes something.
// A state is 2*cell plus 0 or 1 for the lower or higher of the cell's two
// digits.
func searchXYChain(b *Board, w *bfsWork, bv, dm *[MaxSide + 1]cellSet, start int, z uint8, maxCells int) (xyChain, bool) {
	const none = -1
	g := b.geo()
	dist, parent, queue := &w.dist, &w.parent, &w.queue
	for i := range dist[:2*g.Cells] {
		dist[i] = none
	}
	// state gives the state of cell c forced to t, and forced the digit of
	// a state.
	state := func(c int, t uint8) int {
		if t == FirstDigit(b.Cands[c]) {
			return 2 * c
		}
		return 2*c + 1
	}
	forced := func(st int) uint8 {
		m := b.Cands[st/2]
		if st%2 == 1 {
			m &= m - 1
		}
		return FirstDigit(m)
	}
	first := state(start, FirstDigit(b.Cands[start]&^Bit(z)))
	dist[first] = 1
	queue[0] = int16(first)
	head, tail := 0, 1
	for head < tail {
		st := int(queue[head])
		head++
		c, t := st/2, forced(st)
		depth := int(dist[st])
		if depth >= maxCells {
			break
		}
		for next := g.peerSets[c].and(bv[t]); !next.empty(); {
			n := next.pop()
			to := FirstDigit(b.Cands[n] &^ Bit(t))
			ns := state(n, to)
			if dist[ns] != none {
				continue
			}
			dist[ns] = int8(depth + 1)
			parent[ns] = int16(st)
			queue[tail] = int16(ns)
			tail++
			if to != z || depth+1 < 3 || n == start {
				continue
			}
			elims := g.peerSets[start].and(g.peerSets[n]).and(dm[z])
			if elims.empty() {
				continue
			}
			ch := xyChain{digit: z, cells: depth + 1, elims: elims}
			if !tracePath(ch.path[:ch.cells], ns, parent[:], 2) {
				continue
			}
			return ch, true
		}
	}
	return xyChain{}, false
}
