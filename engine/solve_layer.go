package engine

// The layered solver: the exact solver for every geometry that carries a
// constraint besides its houses (constraint.go), up to 9x9, used for
// every uniqueness check of such a puzzle (Geometry.count). It counts
// solutions like the generic solver (solve_generic.go) and stops at the
// limit, but its state is small and fixed (about 500 bytes for a 9x9, so
// a branch copies it whole), and it keeps each digit's places as a bit
// set besides each cell's candidates. Its own propagation is the houses':
//
//   - naked singles: a placed digit leaves the cell's peers (its houses'
//     cells and whatever cells a constraint says differ from it, a cage's
//     mates); a peer left with one candidate is queued;
//   - hidden singles: a digit with one place left in a house goes there.
//
// Everything else comes from the constraints, as items: a constraint
// registers sets of cells when the solver is pointed at a geometry
// (propagator.reset, addItem), and the solver calls its prune on every
// item with a cell changed since the item's last pass. The cage
// constraint's items are its sums (solve_cage.go); a thermometer, an
// arrow or a dot would be one item each.
//
// Singles go first, then the items, then hidden singles. Measured on
// generated zero-given killers (BenchmarkKillerUnique): reading the items
// before the hidden singles took a fifth off a check, and returning to
// the singles as soon as an item leaves a cell one candidate is cheaper
// than reading the other items on the old state.
//
// The search branches on the open cell with the fewest candidates, then
// the most open peers, and copies the state for each digit.

import (
	"math/bits"
	"sync"
)

const (
	maxLayerCells  = 81
	maxLayerHouses = 32
	maxLayerDigits = 9
	// maxLayerItems bounds the constraints' items: the cage constraint
	// has a sum per cage, a cage per cell at most, plus its derived sums
	// (see sumProp.derive), which it leaves out past the bound.
	maxLayerItems = 256
	itemWords     = (maxLayerItems + 63) / 64
)

// cellBits is a set of cells of a grid of up to 128 cells.
type cellBits [2]uint64

func (a cellBits) and(b cellBits) cellBits { return cellBits{a[0] & b[0], a[1] & b[1]} }
func (a cellBits) empty() bool             { return a[0]|a[1] == 0 }
func (a cellBits) count() int              { return bits.OnesCount64(a[0]) + bits.OnesCount64(a[1]) }
func (a *cellBits) add(c int)              { a[c>>6] |= 1 << (c & 63) }

// layerState is the search state of the layered solver.
type layerState struct {
	cands [maxLayerCells]uint16 // candidates of the open cells, 0 once placed
	cells [maxLayerCells]uint8  // placed digits, 0 for open
	// planes[d] holds the open cells with candidate d, so a digit's places
	// in a house, or among the cells a placement clears, are two ANDs.
	planes [maxLayerDigits + 1]cellBits
	placed [maxLayerHouses]uint16
	empty  int
	// dirtyH marks the houses with a cell changed since their last scan for
	// hidden singles, dirtyI the items since their last pass.
	dirtyH uint32
	dirtyI [itemWords]uint64
}

// propagator is a constraint's part in the layered solver. reset reads
// the constraint on s.g and registers its items with s.addItem; prune
// applies item k once, narrowing candidates with s.keep and s.clear, and
// reports whether a candidate went and false in ok on a contradiction.
type propagator interface {
	reset(s *layerSolver)
	prune(s *layerSolver, st *layerState, k int) (changed, ok bool)
}

// layerSolver counts the solutions of puzzles whose geometry carries
// constraints. It keeps its buffers between calls; it is not safe for
// concurrent use.
type layerSolver struct {
	g *Geometry
	// The items, flattened: item k's cells are itemCells[itemStart[k]:
	// itemStart[k+1]] in the order they were given, itemBits[k] the same
	// as a set, itemProp[k] the propagator that prunes it. cellItems marks
	// each cell's items, cellHouses its houses, peers its peers.
	itemStart  []int32
	itemCells  []uint8
	itemBits   []cellBits
	itemProp   []propagator
	nitems     int
	cellItems  [maxLayerCells][itemWords]uint64
	cellHouses [maxLayerCells]uint32
	peers      [maxLayerCells]cellBits
	houses     [maxLayerHouses]cellBits
	nhouses    int
	// banned[d] holds the cells whose domain lacks d (parity marks).
	banned [maxLayerDigits + 1]cellBits
	// props holds a propagator per constraint of g, kept between resets
	// with their buffers when the next geometry's constraints are alike.
	props []propagator

	stack [maxLayerCells + 1]layerState
	queue []uint8
	count int
	limit int
	nodes int
	first []uint8
	// second, when set, takes the second solution found (the calcudoku
	// generator cuts a cage where two solutions differ).
	second []uint8
}

// layerFits reports whether the layered solver takes g.
func layerFits(g *Geometry) bool {
	return len(g.layers) > 0 && g.Cells <= maxLayerCells && len(g.Houses) <= maxLayerHouses && g.N <= maxLayerDigits
}

func newLayerSolver() *layerSolver {
	return &layerSolver{queue: make([]uint8, 0, 4*maxLayerCells), first: make([]uint8, maxLayerCells)}
}

// layerSolvers keeps solvers between checks: one is about 50 KB, most of
// it the search stack.
var layerSolvers = sync.Pool{New: func() any { return newLayerSolver() }}

// reset points s at g, which layerFits, and has its constraints register
// their items.
func (s *layerSolver) reset(g *Geometry) {
	s.g = g
	s.first = s.first[:g.Cells]
	s.nhouses = len(g.Houses)
	s.itemStart, s.itemCells, s.itemBits, s.itemProp = s.itemStart[:0], s.itemCells[:0], s.itemBits[:0], s.itemProp[:0]
	s.nitems = 0
	for i := range g.Cells {
		s.cellItems[i] = [itemWords]uint64{}
		s.cellHouses[i] = 0
	}
	for u, h := range g.Houses {
		var m cellBits
		for _, c := range h {
			s.cellHouses[c] |= 1 << u
			m.add(c)
		}
		s.houses[u] = m
	}
	// A cell's peers: its houses and the cells its constraints keep
	// apart from it (a cage's mates), less itself.
	for i := range g.Cells {
		s.peers[i] = cellBits{g.peerSets[i][0], g.peerSets[i][1]}
	}
	s.banned = [maxLayerDigits + 1]cellBits{}
	if g.domain != nil {
		for i, m := range g.domain {
			for d := 1; d <= g.N; d++ {
				if m&(1<<d) == 0 {
					s.banned[d].add(i)
				}
			}
		}
	}
	for j, c := range g.layers {
		if j == len(s.props) {
			s.props = append(s.props, nil)
		}
		s.props[j] = c.propagator(s.props[j])
		s.props[j].reset(s)
	}
	s.itemStart = append(s.itemStart, int32(len(s.itemCells)))
}

// addItem registers an item of p over cells, in their order, and
// returns its index; false when the solver holds maxLayerItems already
// (an item left out only weakens the propagation).
func (s *layerSolver) addItem(p propagator, cells []uint8) (int, bool) {
	if s.nitems >= maxLayerItems {
		return 0, false
	}
	k := s.nitems
	s.nitems++
	s.itemStart = append(s.itemStart, int32(len(s.itemCells)))
	s.itemProp = append(s.itemProp, p)
	var set cellBits
	for _, x := range cells {
		s.itemCells = append(s.itemCells, x)
		s.cellItems[x][k>>6] |= 1 << (k & 63)
		set.add(int(x))
	}
	s.itemBits = append(s.itemBits, set)
	return k, true
}

// addItemSet is addItem over the cells of set in increasing order.
func (s *layerSolver) addItemSet(p propagator, set cellBits) (int, bool) {
	if s.nitems >= maxLayerItems {
		return 0, false
	}
	k := s.nitems
	s.nitems++
	s.itemStart = append(s.itemStart, int32(len(s.itemCells)))
	s.itemProp = append(s.itemProp, p)
	for w := range set {
		for m := set[w]; m != 0; m &= m - 1 {
			x := w<<6 | bits.TrailingZeros64(m)
			s.itemCells = append(s.itemCells, uint8(x))
			s.cellItems[x][k>>6] |= 1 << (k & 63)
		}
	}
	s.itemBits = append(s.itemBits, set)
	return k, true
}

// item is the cells of item k.
func (s *layerSolver) item(k int) []uint8 { return s.itemCells[s.itemStart[k]:s.itemStart[k+1]] }

// run counts the solutions of cells up to limit; the first goes to
// s.first.
func (s *layerSolver) run(cells []uint8, limit int) int {
	s.count, s.limit, s.nodes = 0, limit, 0
	st := &s.stack[0]
	if !s.load(st, cells) || !s.propagate(st) {
		return 0
	}
	s.search(0)
	return s.count
}

// load sets up the root state from the givens; false if two clash.
func (s *layerSolver) load(st *layerState, cells []uint8) bool {
	g := s.g
	st.empty = 0
	st.dirtyH = uint32(1)<<s.nhouses - 1
	for w := range st.dirtyI {
		st.dirtyI[w] = ^uint64(0)
	}
	st.planes = [maxLayerDigits + 1]cellBits{}
	for u := range s.nhouses {
		st.placed[u] = 0
	}
	s.queue = s.queue[:0]
	// Each digit's places: the open cells less the peers of the cells
	// given it. A given with a peer given the same digit is a clash:
	// peers that share no house (cage mates) are caught here.
	var open cellBits
	var given [maxLayerDigits + 1]cellBits
	for i := range g.Cells {
		v := cells[i]
		st.cells[i], st.cands[i] = v, 0
		if v == 0 {
			st.empty++
			open.add(i)
			continue
		}
		for hs := s.cellHouses[i]; hs != 0; hs &= hs - 1 {
			u := bits.TrailingZeros32(hs)
			if st.placed[u]&(1<<v) != 0 {
				return false
			}
			st.placed[u] |= 1 << v
		}
		given[v].add(i)
	}
	for d := 1; d <= g.N; d++ {
		p := open
		for w := range given[d] {
			for m := given[d][w]; m != 0; m &= m - 1 {
				x := w<<6 | bits.TrailingZeros64(m)
				if !s.peers[x].and(given[d]).empty() {
					return false
				}
				p[0] &^= s.peers[x][0]
				p[1] &^= s.peers[x][1]
			}
		}
		p[0] &^= s.banned[d][0]
		p[1] &^= s.banned[d][1]
		st.planes[d] = p
	}
	for i := range g.Cells {
		if cells[i] != 0 {
			continue
		}
		var m uint16
		for d := 1; d <= g.N; d++ {
			m |= uint16(st.planes[d][i>>6]>>(i&63)&1) << d
		}
		st.cands[i] = m
		if m&(m-1) == 0 {
			s.queue = append(s.queue, uint8(i))
		}
	}
	return true
}

// mark records that cell c changed, for the passes that read it.
func (s *layerSolver) mark(st *layerState, c int) {
	st.dirtyH |= s.cellHouses[c]
	for w := range st.dirtyI {
		st.dirtyI[w] |= s.cellItems[c][w]
	}
}

// keep narrows the candidates of open cell x to those in keep. A cell left
// with one is queued; ok is false when none is left.
func (s *layerSolver) keep(st *layerState, x int, keep uint16) (changed, ok bool) {
	old := st.cands[x]
	m := old & keep
	if m == old {
		return false, true
	}
	for r := old &^ m; r != 0; r &= r - 1 {
		st.planes[bits.TrailingZeros16(r)][x>>6] &^= 1 << (x & 63)
	}
	st.cands[x] = m
	s.mark(st, x)
	if m&(m-1) == 0 {
		if m == 0 {
			return true, false
		}
		s.queue = append(s.queue, uint8(x))
	}
	return true, true
}

// clear removes digit d from the cells of set; see keep.
func (s *layerSolver) clear(st *layerState, set cellBits, d int) (changed, ok bool) {
	set = set.and(st.planes[d])
	for w := range set {
		for m := set[w]; m != 0; m &= m - 1 {
			if _, ok := s.keep(st, w<<6|bits.TrailingZeros64(m), ^uint16(1<<d)); !ok {
				return true, false
			}
			changed = true
		}
	}
	return changed, true
}

// place puts d in open cell i and clears it from the peers. It reports
// false on a contradiction.
func (s *layerSolver) place(st *layerState, i int, d uint8) bool {
	b := uint16(1) << d
	for hs := s.cellHouses[i]; hs != 0; hs &= hs - 1 {
		u := bits.TrailingZeros32(hs)
		if st.placed[u]&b != 0 {
			return false
		}
		st.placed[u] |= b
	}
	for r := st.cands[i]; r != 0; r &= r - 1 {
		st.planes[bits.TrailingZeros16(r)][i>>6] &^= 1 << (i & 63)
	}
	st.cells[i], st.cands[i] = d, 0
	st.empty--
	s.mark(st, i)
	_, ok := s.clear(st, s.peers[i], int(d))
	return ok
}

// propagate runs singles and the item pass to a fixed point;
// false on a contradiction (the queue is then empty).
func (s *layerSolver) propagate(st *layerState) bool {
	if !s.fixpoint(st) {
		s.queue = s.queue[:0]
		return false
	}
	return true
}

func (s *layerSolver) fixpoint(st *layerState) bool {
	for {
		for len(s.queue) > 0 {
			i := int(s.queue[len(s.queue)-1])
			s.queue = s.queue[:len(s.queue)-1]
			if st.cells[i] != 0 {
				continue
			}
			m := st.cands[i]
			if m == 0 || !s.place(st, i, uint8(bits.TrailingZeros16(m))) {
				return false
			}
		}
		if st.empty == 0 {
			// Singles can fill a grid before the items read it.
			return s.g.keeps(st.cells[:s.g.Cells])
		}
		changed, ok := s.itemPass(st)
		if !ok {
			return false
		}
		if changed || len(s.queue) > 0 {
			continue
		}
		if !s.hiddenSingles(st) {
			return false
		}
		if len(s.queue) == 0 {
			return true
		}
	}
}

// hiddenSingles queues every digit with one place left in a house that
// changed; false if a digit has none.
func (s *layerSolver) hiddenSingles(st *layerState) bool {
	all := uint16(s.g.All)
	for st.dirtyH != 0 {
		u := bits.TrailingZeros32(st.dirtyH)
		st.dirtyH &^= 1 << u
		h := s.houses[u]
		for ds := all &^ st.placed[u]; ds != 0; ds &= ds - 1 {
			d := bits.TrailingZeros16(ds)
			at := st.planes[d].and(h)
			switch {
			case at.empty():
				return false
			case at.count() == 1:
				x := bits.TrailingZeros64(at[0])
				if at[0] == 0 {
					x = 64 + bits.TrailingZeros64(at[1])
				}
				if st.cands[x] != 1<<d {
					if _, ok := s.keep(st, x, 1<<d); !ok {
						return false
					}
				}
			}
		}
	}
	return true
}

// itemPass prunes the items with a cell changed since their last pass,
// and returns as soon as a cell is down to one candidate. It reports
// whether a candidate went and false in ok on a contradiction.
func (s *layerSolver) itemPass(st *layerState) (changed, ok bool) {
	for w := range st.dirtyI {
		for st.dirtyI[w] != 0 {
			bit := bits.TrailingZeros64(st.dirtyI[w])
			st.dirtyI[w] &^= 1 << bit
			k := w<<6 | bit
			if k >= s.nitems {
				st.dirtyI[w] = 0
				break
			}
			c, ok := s.itemProp[k].prune(s, st, k)
			if !ok {
				return changed, false
			}
			changed = changed || c
			if len(s.queue) > 0 {
				return changed, true
			}
		}
	}
	return changed, true
}

// search counts the solutions below s.stack[depth], up to s.limit.
func (s *layerSolver) search(depth int) {
	st := &s.stack[depth]
	s.nodes++
	if st.empty == 0 {
		if s.count == 0 {
			copy(s.first, st.cells[:s.g.Cells])
		} else if s.count == 1 && s.second != nil {
			copy(s.second, st.cells[:s.g.Cells])
		}
		s.count++
		return
	}
	best := s.branchCell(st)
	next := &s.stack[depth+1]
	for m := st.cands[best]; m != 0; m &= m - 1 {
		*next = *st
		if s.place(next, best, uint8(bits.TrailingZeros16(m))) && s.propagate(next) {
			s.search(depth + 1)
		} else {
			s.queue = s.queue[:0]
		}
		if s.count >= s.limit {
			return
		}
	}
}

// branchCell picks the open cell to branch on: the fewest candidates,
// then the most open peers (measured: a third fewer nodes than the first
// cell with the fewest).
func (s *layerSolver) branchCell(st *layerState) int {
	var open cellBits
	for d := 1; d <= s.g.N; d++ {
		open[0] |= st.planes[d][0]
		open[1] |= st.planes[d][1]
	}
	best, bestScore := -1, 1<<30
	for i := range s.g.Cells {
		m := st.cands[i]
		if m == 0 {
			continue
		}
		if score := bits.OnesCount16(m)<<7 - s.peers[i].and(open).count(); score < bestScore {
			best, bestScore = i, score
		}
	}
	return best
}
