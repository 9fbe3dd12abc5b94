package engine

// The killer solver: the exact solver for geometries with cages (up to
// 9x9, classic or X houses), used for every killer uniqueness check
// (Geometry.count). It counts solutions like the generic solver
// (solve_generic.go) and stops at the limit, but its state is small and
// fixed (about 500 bytes for a 9x9, so a branch copies it whole), it keeps
// each digit's places as a bit set besides each cell's candidates, and its
// propagation is built around the sums:
//
//   - naked singles: a placed digit leaves the cell's peers (houses and
//     cage mates); a peer left with one candidate is queued;
//   - hidden singles: a digit with one place left in a house goes there;
//   - sums: the cages, the innies and outies of every group of houses the
//     grader reads, and what one of those leaves of another that holds it
//     (deriveSums). A sum whose cells all see each other
//     keeps only the digits of the combinations of its open cells' count
//     and remaining total that its cells can still hold, each open cell
//     one of the combination's digits; a digit every combination needs
//     goes to its only place there, or leaves every cell that sees all
//     its places. A sum whose cells may repeat a digit bounds each cell by
//     the least and most the others can make. Only the sums with a cell
//     changed since their last pass are read again.
//
// Singles go first, then sums, then hidden singles. Measured on generated
// zero-given killers (BenchmarkKillerUnique): the derived sums are what
// makes it fast (without them a check took twenty times longer, and the
// splits took a tenth off); pointing and claiming in the houses cost more
// than they saved once the sums' own eliminations were in.
//
// The search branches on the open cell with the fewest candidates, then
// the most open peers, and copies the state for each digit.

import (
	"math/bits"
	"sync"
)

const (
	maxKillerCells  = 81
	maxKillerHouses = 32
	// maxKillerSums bounds the sum sets: a cage per cell at most, plus an
	// innie and an outie set per group of houses (see deriveSums); past it
	// derived sums are left out, which only weakens the propagation.
	maxKillerSums = 256
	sumWords      = (maxKillerSums + 63) / 64
)

// cellBits is a set of cells of a grid of up to 128 cells.
type cellBits [2]uint64

func (a cellBits) and(b cellBits) cellBits { return cellBits{a[0] & b[0], a[1] & b[1]} }
func (a cellBits) empty() bool             { return a[0]|a[1] == 0 }
func (a cellBits) count() int              { return bits.OnesCount64(a[0]) + bits.OnesCount64(a[1]) }
func (a *cellBits) add(c int)              { a[c>>6] |= 1 << (c & 63) }

// killerState is the search state of the killer solver.
type killerState struct {
	cands [maxKillerCells]uint16 // candidates of the open cells, 0 once placed
	cells [maxKillerCells]uint8  // placed digits, 0 for open
	// planes[d] holds the open cells with candidate d, so a digit's places
	// in a house, or among the cells a placement clears, are two ANDs.
	planes [MaxCageDigits + 1]cellBits
	placed [maxKillerHouses]uint16
	empty  int
	// dirtyH marks the houses with a cell changed since their last scan for
	// hidden singles, dirtyS the sums since their last pass.
	dirtyH uint32
	dirtyS [sumWords]uint64
}

// killerSolver counts the solutions of killer puzzles. It keeps its
// buffers between calls; it is not safe for concurrent use.
type killerSolver struct {
	g *Geometry
	// The sums of g, flattened: sum k's cells are sumCells[sumStart[k]:
	// sumStart[k+1]] and its total sumTotal[k]. cellSums marks each cell's
	// sums, cellHouses its houses, peers its peers (cage mates included).
	sumStart   []int32
	sumCells   []uint8
	sumTotal   []uint8
	distinct   []bool     // whether sum k's digits differ (else only its total binds)
	cages      []cellBits // each cage's cells
	sumBits    []cellBits // each sum's cells
	areas      []derived  // scratch for deriveSums
	cageHouses []uint32   // the houses each cage has a cell in
	cellSums   [maxKillerCells][sumWords]uint64
	cellHouses [maxKillerCells]uint32
	peers      [maxKillerCells]cellBits
	houses     [maxKillerHouses]cellBits
	nhouses    int
	nsums      int

	stack [maxKillerCells + 1]killerState
	queue []uint8
	count int
	limit int
	nodes int
	first []uint8
}

// killerFits reports whether the killer solver takes g.
func killerFits(g *Geometry) bool {
	return len(g.Cages) > 0 && g.Cells <= maxKillerCells && len(g.Houses) <= maxKillerHouses && g.N <= MaxCageDigits
}

func newKillerSolver() *killerSolver {
	return &killerSolver{queue: make([]uint8, 0, 4*maxKillerCells), first: make([]uint8, maxKillerCells)}
}

// killerSolvers keeps solvers between checks: one is about 50 KB, most of
// it the search stack.
var killerSolvers = sync.Pool{New: func() any { return newKillerSolver() }}

// reset points s at g, which killerFits, and flattens its sums.
func (s *killerSolver) reset(g *Geometry) {
	s.g = g
	s.first = s.first[:g.Cells]
	s.nhouses = len(g.Houses)
	s.sumStart, s.sumCells, s.sumTotal = s.sumStart[:0], s.sumCells[:0], s.sumTotal[:0]
	for i := range g.Cells {
		s.cellSums[i] = [sumWords]uint64{}
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
	s.distinct, s.sumBits = s.distinct[:0], s.sumBits[:0]
	s.nsums = 0
	s.cages, s.cageHouses = s.cages[:0], s.cageHouses[:0]
	for _, c := range g.Cages {
		var m cellBits
		for _, x := range c.Cells {
			m.add(x)
		}
		var hs uint32
		for _, x := range c.Cells {
			hs |= s.cellHouses[x]
		}
		s.cages = append(s.cages, m)
		s.cageHouses = append(s.cageHouses, hs)
		s.addSum(m, c.Sum, true)
	}
	// A cell's peers: its houses and its cage, less itself.
	for i := range g.Cells {
		m := s.cages[g.cageOf[i]]
		for hs := s.cellHouses[i]; hs != 0; hs &= hs - 1 {
			h := &s.houses[bits.TrailingZeros32(hs)]
			m[0] |= h[0]
			m[1] |= h[1]
		}
		m[i>>6] &^= 1 << (i & 63)
		s.peers[i] = m
	}
	s.deriveSums()
	s.sumStart = append(s.sumStart, int32(len(s.sumCells)))
}

// deriveSums adds the rule of 45 on every group of houses the grader
// reads (one house, two or three adjacent rows or columns, two boxes side
// by side): the group's cells outside the cages wholly inside it (innies)
// add up to 45 a house less those cages, and the cells outside it of the
// cages only partly in it (outies) to those cages less 45 a house. Sets of
// up to maxDerived cells are kept; their digits differ when their cells
// all see each other, else only their total binds them. Worked out on
// every reset from bit sets, without allocating: the generator changes a
// geometry's cages between checks.
func (s *killerSolver) deriveSums() {
	g := s.g
	total := g.N * (g.N + 1) / 2
	s.areas = s.areas[:0]
	area := func(set cellBits, sum int) {
		if n := set.count(); n > 0 && n <= maxDerived {
			s.areas = append(s.areas, derived{set, sum, n})
		}
	}
	for _, grp := range g.houseGroups() {
		var in cellBits
		var us uint32
		for _, u := range grp {
			in[0] |= s.houses[u][0]
			in[1] |= s.houses[u][1]
			us |= 1 << u
		}
		var whole, part cellBits
		inSum, touchSum := 0, 0
		for ci, c := range s.cages {
			if s.cageHouses[ci]&us == 0 {
				continue
			}
			touchSum += g.Cages[ci].Sum
			if c[0]&^in[0]|c[1]&^in[1] == 0 {
				whole[0] |= c[0]
				whole[1] |= c[1]
				inSum += g.Cages[ci].Sum
			} else {
				part[0] |= c[0]
				part[1] |= c[1]
			}
		}
		all := total * len(grp)
		if !whole.empty() {
			area(cellBits{in[0] &^ whole[0], in[1] &^ whole[1]}, all-inSum)
		}
		area(cellBits{part[0] &^ in[0], part[1] &^ in[1]}, touchSum-all)
	}
	for _, a := range s.areas {
		s.addDerived(a.set, a.sum)
	}
	// Splitting: an area holding another leaves the difference of their
	// totals to its other cells. (Cages hold no area of the rule of 45 on
	// whole houses that helps: measured, they only cost passes.)
	for _, b := range s.areas {
		for _, a := range s.areas {
			if a.n > b.n && b.set[0]&^a.set[0]|b.set[1]&^a.set[1] == 0 {
				s.addDerived(cellBits{a.set[0] &^ b.set[0], a.set[1] &^ b.set[1]}, a.sum-b.sum)
			}
		}
	}
}

// derived is an area the rule of 45 gives, before it is a sum.
type derived struct {
	set    cellBits
	sum, n int
}

// maxDerived is the most cells a derived sum may have: larger ones cost
// more passes than they save (measured).
const maxDerived = 6

// addDerived adds a derived sum unless it is empty, too large or cannot
// be met (a set no digits reach: the puzzle then has no solution, which
// the search finds without it).
func (s *killerSolver) addDerived(set cellBits, sum int) {
	n := set.count()
	if n == 0 || n > maxDerived || s.nsums >= maxKillerSums {
		return
	}
	distinct := true
	for w := range set {
		for m := set[w]; m != 0; m &= m - 1 {
			x := w<<6 | bits.TrailingZeros64(m)
			var self cellBits
			self.add(x)
			if (cellBits{set[0] &^ s.peers[x][0], set[1] &^ s.peers[x][1]}) != self {
				distinct = false
			}
		}
	}
	if distinct {
		if sum < 0 || sum > 45 || len(combos[n][sum]) == 0 {
			return
		}
	} else if sum < n || sum > s.g.N*n {
		return
	}
	s.addSum(set, sum, distinct)
}

// addSum appends a sum over the cells of set.
func (s *killerSolver) addSum(set cellBits, sum int, distinct bool) {
	k := s.nsums
	s.nsums++
	s.sumStart = append(s.sumStart, int32(len(s.sumCells)))
	s.sumTotal = append(s.sumTotal, uint8(sum))
	s.sumBits = append(s.sumBits, set)
	s.distinct = append(s.distinct, distinct)
	for w := range set {
		for m := set[w]; m != 0; m &= m - 1 {
			x := w<<6 | bits.TrailingZeros64(m)
			s.sumCells = append(s.sumCells, uint8(x))
			s.cellSums[x][k>>6] |= 1 << (k & 63)
		}
	}
}

// run counts the solutions of cells up to limit; the first goes to
// s.first.
func (s *killerSolver) run(cells []uint8, limit int) int {
	s.count, s.limit, s.nodes = 0, limit, 0
	st := &s.stack[0]
	if !s.load(st, cells) || !s.propagate(st) {
		return 0
	}
	s.search(0)
	return s.count
}

// load sets up the root state from the givens; false if two clash.
func (s *killerSolver) load(st *killerState, cells []uint8) bool {
	g := s.g
	st.empty = 0
	st.dirtyH = uint32(1)<<s.nhouses - 1
	for w := range st.dirtyS {
		st.dirtyS[w] = ^uint64(0)
	}
	st.planes = [MaxCageDigits + 1]cellBits{}
	for u := range s.nhouses {
		st.placed[u] = 0
	}
	s.queue = s.queue[:0]
	for i := range g.Cells {
		v := cells[i]
		st.cells[i], st.cands[i] = v, 0
		if v == 0 {
			st.empty++
			continue
		}
		for hs := s.cellHouses[i]; hs != 0; hs &= hs - 1 {
			u := bits.TrailingZeros32(hs)
			if st.placed[u]&(1<<v) != 0 {
				return false
			}
			st.placed[u] |= 1 << v
		}
	}
	// Cage mates given the same digit see each other but may share no
	// house.
	for _, c := range g.Cages {
		var seen uint16
		for _, x := range c.Cells {
			if v := cells[x]; v != 0 {
				if seen&(1<<v) != 0 {
					return false
				}
				seen |= 1 << v
			}
		}
	}
	// Each digit's places: the open cells less the houses and cages of the
	// cells given it.
	var open cellBits
	for i := range g.Cells {
		if cells[i] == 0 {
			open.add(i)
		}
	}
	for d := 1; d <= g.N; d++ {
		st.planes[d] = open
	}
	for i := range g.Cells {
		v := cells[i]
		if v == 0 {
			continue
		}
		p := &st.planes[v]
		for hs := s.cellHouses[i]; hs != 0; hs &= hs - 1 {
			h := &s.houses[bits.TrailingZeros32(hs)]
			p[0] &^= h[0]
			p[1] &^= h[1]
		}
		c := &s.cages[g.cageOf[i]]
		p[0] &^= c[0]
		p[1] &^= c[1]
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
func (s *killerSolver) mark(st *killerState, c int) {
	st.dirtyH |= s.cellHouses[c]
	for w := range st.dirtyS {
		st.dirtyS[w] |= s.cellSums[c][w]
	}
}

// keep narrows the candidates of open cell x to those in keep. A cell left
// with one is queued; ok is false when none is left.
func (s *killerSolver) keep(st *killerState, x int, keep uint16) (changed, ok bool) {
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
func (s *killerSolver) clear(st *killerState, set cellBits, d int) (changed, ok bool) {
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
func (s *killerSolver) place(st *killerState, i int, d uint8) bool {
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

// propagate runs singles and the sum pass to a fixed point;
// false on a contradiction (the queue is then empty).
func (s *killerSolver) propagate(st *killerState) bool {
	if !s.fixpoint(st) {
		s.queue = s.queue[:0]
		return false
	}
	return true
}

func (s *killerSolver) fixpoint(st *killerState) bool {
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
			return cagesAddUp(s.g.Cages, st.cells[:]) // singles can fill a grid before the sum pass reads it
		}
		// Sums before hidden singles: they find more, and the houses
		// they leave dirty are scanned once, not after every placement
		// (measured: a fifth less time a check).
		changed, ok := s.sumPass(st)
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
func (s *killerSolver) hiddenSingles(st *killerState) bool {
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

// sumPass prunes the sums with a cell changed since their last pass, and
// returns as soon as a cell is down to one candidate: placing it first
// (measured) is cheaper than reading the other sums on the old state. It
// reports whether a candidate went and false in ok on a contradiction.
func (s *killerSolver) sumPass(st *killerState) (changed, ok bool) {
	for w := range st.dirtyS {
		for st.dirtyS[w] != 0 {
			bit := bits.TrailingZeros64(st.dirtyS[w])
			st.dirtyS[w] &^= 1 << bit
			k := w<<6 | bit
			if k >= s.nsums {
				st.dirtyS[w] = 0
				break
			}
			c, ok := s.prune(st, k)
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

// prune applies sum k once: its open cells keep the digits of the
// combinations still possible, a digit every one needs goes to its only
// place or leaves every cell that sees all its places.
func (s *killerSolver) prune(st *killerState, k int) (changed, ok bool) {
	members := s.sumCells[s.sumStart[k]:s.sumStart[k+1]]
	var open [MaxCageDigits]uint8
	var placed, union uint16
	n, rest := 0, int(s.sumTotal[k])
	for _, x := range members {
		if v := st.cells[x]; v != 0 {
			placed |= 1 << v
			rest -= int(v)
		} else {
			union |= st.cands[x]
			open[n] = x
			n++
		}
	}
	if n == 0 {
		return false, rest == 0
	}
	if !s.distinct[k] {
		return s.bounds(st, open[:n], rest)
	}
	if rest <= 0 || rest > 45 {
		return false, false
	}
	if n == 1 {
		if rest > 9 {
			return false, false
		}
		return s.keep(st, int(open[0]), 1<<rest)
	}
	union &^= placed
	allowed, must := uint16(0), ^uint16(0)
next:
	for _, m32 := range combos[n][rest] {
		m := uint16(m32)
		if m&^union != 0 {
			continue
		}
		for _, x := range open[:n] {
			if st.cands[x]&m == 0 {
				continue next
			}
		}
		allowed |= m
		must &= m
	}
	if allowed == 0 {
		return false, false
	}
	here := s.sumBits[k] // the planes hold open cells only
	for _, x := range open[:n] {
		c, ok := s.keep(st, int(x), allowed)
		if !ok {
			return true, false
		}
		changed = changed || c
	}
	for ; must != 0; must &= must - 1 {
		d := bits.TrailingZeros16(must)
		at := st.planes[d].and(here)
		if at.empty() {
			return changed, false
		}
		// The digit goes in one of its places here: a cell seeing them
		// all loses it (with one place, every other candidate of that
		// cell goes too).
		x := bits.TrailingZeros64(at[0])
		if at[0] == 0 {
			x = 64 + bits.TrailingZeros64(at[1])
		}
		if at.count() == 1 {
			c, ok := s.keep(st, x, 1<<d)
			if !ok {
				return true, false
			}
			changed = changed || c
			continue
		}
		// Only cells with d that see the first place can see them all.
		see := s.peers[x].and(st.planes[d])
		if see.empty() {
			continue
		}
		for w := range at {
			for m := at[w]; m != 0; m &= m - 1 {
				see = see.and(s.peers[w<<6|bits.TrailingZeros64(m)])
			}
		}
		c, ok := s.clear(st, see, d)
		if !ok {
			return true, false
		}
		changed = changed || c
	}
	return changed, true
}

// search counts the solutions below s.stack[depth], up to s.limit.
func (s *killerSolver) search(depth int) {
	st := &s.stack[depth]
	s.nodes++
	if st.empty == 0 {
		if s.count == 0 {
			copy(s.first, st.cells[:s.g.Cells])
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
func (s *killerSolver) branchCell(st *killerState) int {
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

// bounds prunes a sum whose cells may repeat a digit: each open cell is at
// least the rest less the most the others can make, at most the rest less
// the least they can make.
func (s *killerSolver) bounds(st *killerState, open []uint8, rest int) (changed, ok bool) {
	lo, hi := 0, 0
	for _, x := range open {
		m := st.cands[x]
		lo += bits.TrailingZeros16(m)
		hi += 15 - bits.LeadingZeros16(m)
	}
	if rest < lo || rest > hi {
		return false, false
	}
	for _, x := range open {
		m := st.cands[x]
		l, h := bits.TrailingZeros16(m), 15-bits.LeadingZeros16(m)
		a := rest - (hi - h) // at least
		b := rest - (lo - l) // at most
		if a <= l && b >= h {
			continue
		}
		keep := uint16(0xffff)
		if a > 0 {
			keep &^= uint16(1)<<a - 1
		}
		if b < 15 {
			keep &= uint16(1)<<(b+1) - 1
		}
		c, ok := s.keep(st, int(x), keep)
		if !ok {
			return true, false
		}
		changed = changed || c
	}
	return changed, true
}
