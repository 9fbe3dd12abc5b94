package engine

import (
	"fmt"
	"strings"
	"sync"
)

// Grouped alternating inference chains. An AIC's node may also be a group:
// the places of one digit where a box crosses a row or a column, two or
// three cells taken together. "The group is true" says the digit is in one
// of its cells; "false" says in none. The links are the AIC's:
//
//   - strong: when a group, or a cell, and what is left of the digit's
//     places in a house it lies in (one cell or one group) are all the
//     places there, one of the two is true;
//   - weak: a true group takes the digit from every cell that sees all of
//     its cells, and from every group made of such cells.
//
//	. . . | 7 . . |          box 2 holds 7 only in r1c4 and r2c4 (a group),
//	. . . | 7 . . |          row 1 holds it only in r1c4 and r1c8 ...
//
// Groups let a chain pass through a box where the digit still has two or
// three places in a line, which plain AICs cannot cross: the puzzles that
// need them otherwise fall to forcing chains. The search is breadth first
// from every candidate in both senses, as for AICs, with the groups as
// extra nodes; the shortest loops win and everything they prove goes in
// one step. SE has no grouped chains: it needs forcing chains for these
// puzzles, and the rating (7.8 plus SE's charge for length, as SE's
// forcing chains start) was fitted on the fitting half of se_rated.tsv,
// where 7.0 rated such puzzles 0.8 below SE.

func init() {
	register(GroupedAIC, findGroupedAIC)
}

const groupedBase = 78

// gnode is one node of the grouped graph: a candidate (one cell) or a
// group of cells of one digit.
type gnode struct {
	cells cellSet
	cell  int // the cell of a candidate node; -1 for a group
	digit uint8
}

// groupedGraph is the grouped inference graph of one board: the nodes and,
// for each, the nodes it makes false when true (weak) and true when false
// (strong), as index ranges into one edge list each.
type groupedGraph struct {
	nodes  []gnode
	cellAt []int32 // cell*(MaxSide+1)+digit -> node, -1 when none
	// firstGroup is the first group's node: the candidates come first.
	firstGroup int32
	inHouse    [maxHouses][]int32 // the groups lying in each house
	sees       []cellSet          // the cells seeing all of a node's cells

	// The edges from node i are weakTo[weakAt[i]:weakAt[i+1]], and so for
	// strong: links fills them node by node.
	weakAt, strongAt []int32
	weakTo, strongTo []int32

	parent []int32 // loop's: state -> state it came from
	queue  []int32
	path   []int32 // loop's result
	best   []int32 // the shortest loop so far
}

var groupedBufs = sync.Pool{New: func() any { return new(groupedGraph) }}

// groupIn is the group of digit d made of exactly cells among those
// lying in house u, or -1.
func (gg *groupedGraph) groupIn(u int, d uint8, cells cellSet) int32 {
	for _, id := range gg.inHouse[u] {
		if nd := &gg.nodes[id]; nd.digit == d && nd.cells == cells {
			return id
		}
	}
	return -1
}

// build reads b into the graph.
func (gg *groupedGraph) build(b *Board) {
	g := b.geo()
	places := digitCellSets(b)
	gg.nodes = gg.nodes[:0]
	gg.cellAt = gg.cellAt[:0]
	for range g.Cells * (MaxSide + 1) {
		gg.cellAt = append(gg.cellAt, -1)
	}
	for u := range g.Houses {
		gg.inHouse[u] = gg.inHouse[u][:0]
	}
	for c := 0; c < g.Cells; c++ {
		for m := b.Cands[c]; m != 0 && b.Cells[c] == 0; m &= m - 1 {
			d := FirstDigit(m)
			var cs cellSet
			cs.add(c)
			gg.cellAt[c*(MaxSide+1)+int(d)] = int32(len(gg.nodes))
			gg.nodes = append(gg.nodes, gnode{cs, c, d})
		}
	}
	gg.firstGroup = int32(len(gg.nodes))
	// Groups: where a box of a plane crosses one of its lines. Each is
	// listed under both houses, once whatever the planes sharing it.
	for pi := range g.planes {
		pl := &g.planes[pi]
		for _, box := range pl.boxes {
			for side := range 2 {
				for _, line := range pl.lines[side] {
					cross := g.houseSets[box].and(g.houseSets[line])
					for d := 1; d <= g.N; d++ {
						x := cross.and(places[d])
						if x.count() < 2 {
							continue
						}
						if gg.groupIn(box, uint8(d), x) >= 0 {
							continue
						}
						id := int32(len(gg.nodes))
						gg.nodes = append(gg.nodes, gnode{x, -1, uint8(d)})
						gg.inHouse[box] = append(gg.inHouse[box], id)
						gg.inHouse[line] = append(gg.inHouse[line], id)
					}
				}
			}
		}
	}
	gg.links(b, &places)
}

// links fills the weak and strong edges, node by node.
func (gg *groupedGraph) links(b *Board, places *[MaxSide + 1]cellSet) {
	g := b.geo()
	n := int32(len(gg.nodes))
	gg.sees = gg.sees[:0]
	for _, nd := range gg.nodes {
		gg.sees = append(gg.sees, seesAll(g, nd.cells))
	}
	gg.weakAt, gg.strongAt = gg.weakAt[:0], gg.strongAt[:0]
	gg.weakTo, gg.strongTo = gg.weakTo[:0], gg.strongTo[:0]
	for i := range n {
		nd := &gg.nodes[i]
		d := nd.digit
		gg.weakAt = append(gg.weakAt, int32(len(gg.weakTo)))
		gg.strongAt = append(gg.strongAt, int32(len(gg.strongTo)))
		// Weak: a true node takes d from every node of d made of cells
		// that see all of its cells.
		for cs := gg.sees[i].and(places[d]); !cs.empty(); {
			gg.weakTo = append(gg.weakTo, gg.cellAt[cs.pop()*(MaxSide+1)+int(d)])
		}
		for id := gg.firstGroup; id < n; id++ {
			if k := &gg.nodes[id]; k.digit == d && id != i && k.cells.andNot(gg.sees[i]).empty() {
				gg.weakTo = append(gg.weakTo, id)
			}
		}
		if c := nd.cell; c >= 0 {
			// A true candidate takes the cell's other digits.
			for m := b.Cands[c] &^ Bit(d); m != 0; m &= m - 1 {
				gg.weakTo = append(gg.weakTo, gg.cellAt[c*(MaxSide+1)+int(FirstDigit(m))])
			}
			// A false one of a bivalue cell leaves the other.
			if m := b.Cands[c]; Count(m) == 2 {
				gg.strongTo = append(gg.strongTo, gg.cellAt[c*(MaxSide+1)+int(FirstDigit(m&^Bit(d)))])
			}
		}
		// Strong: in a house holding the node, the rest of d's places
		// is one cell or one group.
		for _, u := range g.CellHouses[nd.cells.first()] {
			h := g.houseSets[u]
			if !nd.cells.andNot(h).empty() {
				continue
			}
			rest := places[d].and(h).andNot(nd.cells)
			switch {
			case rest.empty():
			case rest.one():
				gg.strongTo = append(gg.strongTo, gg.cellAt[rest.first()*(MaxSide+1)+int(d)])
			default:
				if id := gg.groupIn(u, d, rest); id >= 0 {
					gg.strongTo = append(gg.strongTo, id)
				}
			}
		}
	}
	gg.weakAt = append(gg.weakAt, int32(len(gg.weakTo)))
	gg.strongAt = append(gg.strongAt, int32(len(gg.strongTo)))
}

// loop searches breadth first from node start (true when on) for the
// same node in the other sense, within limit nodes, and returns the
// nodes of the loop found, start first, or nil.
func (gg *groupedGraph) loop(start int32, on bool, limit int) []int32 {
	n := int32(len(gg.nodes))
	gg.parent = gg.parent[:0]
	for range 2 * n {
		gg.parent = append(gg.parent, -2)
	}
	state := func(node int32, on bool) int32 {
		if on {
			return 2*node + 1
		}
		return 2 * node
	}
	s0 := state(start, on)
	goal := state(start, !on)
	gg.parent[s0] = -1
	gg.queue = append(gg.queue[:0], s0)
	// The queue is read from head on, one depth at a time, and never
	// resliced at the front, so it keeps its capacity between calls.
	head := 0
	for depth := 1; head < len(gg.queue) && depth < limit; depth++ {
		end := len(gg.queue)
		for ; head < end; head++ {
			s := gg.queue[head]
			node, isOn := s/2, s%2 == 1
			next, nextOn := gg.strongTo[gg.strongAt[node]:gg.strongAt[node+1]], true
			if isOn {
				next, nextOn = gg.weakTo[gg.weakAt[node]:gg.weakAt[node+1]], false
			}
			for _, to := range next {
				t := state(to, nextOn)
				if gg.parent[t] != -2 {
					continue
				}
				gg.parent[t] = s
				if t == goal {
					path := gg.path[:0]
					for x := t; x >= 0; x = gg.parent[x] {
						path = append(path, x)
					}
					gg.path = path
					// path runs goal .. start; the loop is start .. goal.
					for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
						path[i], path[j] = path[j], path[i]
					}
					return path
				}
				gg.queue = append(gg.queue, t)
			}
		}
	}
	return nil
}

func findGroupedAIC(b *Board, s *Step) bool {
	// The search is a breadth-first walk from every candidate over an
	// explicit graph: on 12x12 and 16x16 grids, with up to 4,096
	// candidates, it would take seconds a step, so those grids go on to
	// the forcing chains as before.
	if b.geo().N > 9 {
		return false
	}
	gg := groupedBufs.Get().(*groupedGraph)
	defer groupedBufs.Put(gg)
	gg.build(b)
	startStep(s, GroupedAIC)
	best := maxAICNodes
	gg.best = gg.best[:0]
	for i, nd := range gg.nodes {
		if nd.cell < 0 {
			break // the groups come after every candidate
		}
		for _, on := range [2]bool{true, false} {
			path := gg.loop(int32(i), on, best)
			if path == nil {
				continue
			}
			if len(path) < best {
				best, gg.best = len(path), append(gg.best[:0], path...)
				s.Placements, s.Eliminations = s.Placements[:0], s.Eliminations[:0]
			}
			if on {
				s.Eliminations = append(s.Eliminations, Elimination{nd.cell, nd.digit})
			} else {
				s.Placements = append(s.Placements, Placement{nd.cell, nd.digit})
			}
		}
	}
	if len(gg.best) == 0 {
		return false
	}
	s.Length = best
	if s.Explain() {
		start := gg.nodes[gg.best[0]/2]
		s.part(gg.chain(b.geo(), gg.best))
		s.set(RoleTarget, Bit(start.digit), int(start.cell))
	}
	return true
}

// chain is a grouped loop as a part: its cells in order, a group's in
// increasing order, and its notation.
func (gg *groupedGraph) chain(g *Geometry, path []int32) Part {
	var sb strings.Builder
	p := Part{Role: RoleLink}
	for i, st := range path {
		nd := gg.nodes[st/2]
		if i > 0 {
			if st%2 == 1 {
				sb.WriteString(" = ")
			} else {
				sb.WriteString(" - ")
			}
		}
		if nd.cell >= 0 {
			fmt.Fprintf(&sb, "(%c)%s", Symbol(nd.digit), g.CellName(int(nd.cell)))
			p.Cells = append(p.Cells, int(nd.cell))
			continue
		}
		var names []string
		for cs := nd.cells; !cs.empty(); {
			c := cs.pop()
			names = append(names, g.CellName(c))
			p.Cells = append(p.Cells, c)
		}
		fmt.Fprintf(&sb, "(%c){%s}", Symbol(nd.digit), strings.Join(names, " "))
	}
	p.Text = sb.String()
	return p
}
