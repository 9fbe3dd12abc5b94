package engine

// The generic exact solver: any geometry, up to 16 digits.
//
// The classic 9x9 solver (solve.go) packs the grid into band words and is
// specialised for 3x3 boxes; everything else comes here. The state is one
// candidate bitset per cell (bit d for digit d) and one bitset per house of
// the digits already placed in it. Propagation is the one a person does
// with a pencil, to a fixed point:
//
//   - naked singles: placing a digit clears it from the cell's peers, and a
//     peer left with one candidate is queued and placed in turn;
//   - hidden singles: a digit with one place left in a house goes there; a
//     digit with none, or a cell with no candidate, is a contradiction.
//
// A constraint (constraint.go) is checked on every full grid, and one
// that has a pass of its own here (genericPasser: the cages) prunes
// after the singles.
//
// When propagation stops, the search branches on the empty cell with the
// fewest candidates, trying each digit on a copy of the state (about 1.3 KB
// at most, so copying back beats undoing moves). Counting stops at the
// limit, so a uniqueness check stops at the second solution.
//
import (
	"math/bits"
	"math/rand/v2"
	"sync"
)

// genState is the search state of the generic solver.
type genState struct {
	cands  [MaxCells]uint32
	cells  [MaxCells]uint8
	placed [maxHouses]uint32
	empty  int
	// dirty marks the houses whose cells changed since their last scan for
	// hidden singles, lockDirty since the last locked-candidates pass, so
	// each pass reads only houses that can have news.
	dirty, lockDirty uint64
	subDirty         uint64 // houses changed since the last subset pass
	// layerDirty marks the cells (a constraint's grids have at most 81)
	// changed since the last constraint pass, which reads only the items
	// they are in.
	layerDirty [2]uint64
	depth      int // in the search: the root is 0, s.stack[depth] the others
}

// genericPasser is a constraint's part in the generic solver. It is
// optional: the solver checks every constraint on full grids, which is
// exact, and a pass only makes it quicker. loadGeneric reads the
// constraint when the solver loads a puzzle; passGeneric prunes once,
// reporting whether a candidate went and false in ok on a contradiction.
type genericPasser interface {
	loadGeneric(s *genericSolver)
	passGeneric(s *genericSolver, st *genState) (changed, ok bool)
}

// genericSolver counts the solutions of a puzzle on any geometry without
// constraints past its houses. It keeps
// its buffers between calls; it is not safe for concurrent use.
type genericSolver struct {
	g      *Geometry
	st     genState
	queue  []int16
	count  int
	limit  int
	first  []uint8
	rng    *rand.Rand
	nodes  int
	budget int         // maximum nodes per search, 0 for none
	segU   []uint32    // scratch: the candidates of each segment (locked)
	stack  []*genState // the search's states, by depth (see child)
	sumAt  [][2]uint64 // the cells of each of g.sums, for the cage pass
	// passes are the constraints' passes in this solver (genericPasser).
	passes []genericPasser
	// singlesOnly leaves locked candidates out of the propagation, for
	// SinglesSolve: a puzzle that needs them is not easy.
	singlesOnly bool
}

// newGenericSolver returns a solver for puzzles on g.
func newGenericSolver(g *Geometry) *genericSolver {
	return &genericSolver{g: g, queue: make([]int16, 0, MaxCells), first: make([]uint8, g.Cells, MaxCells)}
}

// Count returns how many solutions cells has, stopping at limit, and the
// first solution found (nil when there is none).
func (s *genericSolver) Count(cells []uint8, limit int) (int, []uint8) {
	s.rng, s.budget = nil, 0
	n := s.run(cells, limit)
	if n == 0 {
		return 0, nil
	}
	return n, append([]uint8(nil), s.first...)
}

// FillRandom completes cells at random, trying digits in random order. It
// gives up (false) when the search needs more than budget nodes (0 for no
// limit): a jigsaw region set that admits no filling shows up that way
// quickly, and a fresh set is cheaper than proving it.
func (s *genericSolver) FillRandom(cells []uint8, rng *rand.Rand, budget int) ([]uint8, bool) {
	s.rng, s.budget = rng, budget
	n := s.run(cells, 1)
	s.rng, s.budget = nil, 0
	if n == 0 {
		return nil, false
	}
	return append([]uint8(nil), s.first...), true
}

func (s *genericSolver) run(cells []uint8, limit int) int {
	s.count, s.limit, s.nodes = 0, limit, 0
	if !s.load(cells) || !s.propagate(&s.st) {
		return 0
	}
	s.search(&s.st)
	return s.count
}

// load sets up the state from the givens; false if two givens clash.
func (s *genericSolver) load(cells []uint8) bool {
	g := s.g
	if segs := g.segments(); cap(s.segU) < len(segs) {
		s.segU = make([]uint32, len(segs))
	}
	st := &s.st
	st.empty = 0
	st.dirty = ^uint64(0) // every house
	st.lockDirty = st.dirty
	st.subDirty = st.dirty
	st.layerDirty = [2]uint64{^uint64(0), ^uint64(0)}
	s.passes = s.passes[:0]
	for _, c := range g.layers {
		if p, ok := c.(genericPasser); ok {
			p.loadGeneric(s)
			s.passes = append(s.passes, p)
		}
	}
	for u := range g.Houses {
		st.placed[u] = 0
	}
	s.queue = s.queue[:0]
	for i := range g.Cells {
		st.cells[i] = cells[i]
		st.cands[i] = 0
		v := cells[i]
		if v == 0 {
			st.empty++
			continue
		}
		for _, u := range g.CellHouses[i] {
			if st.placed[u]&Bit(v) != 0 {
				return false
			}
			st.placed[u] |= Bit(v)
		}
	}
	for i := range g.Cells {
		if cells[i] != 0 {
			continue
		}
		m := g.domainOf(i)
		for _, u := range g.CellHouses[i] {
			m &^= st.placed[u]
		}
		st.cands[i] = m
	}
	if g.givenPeers && !s.clearGivenPeers(cells) {
		return false
	}
	for i := range g.Cells {
		if m := st.cands[i]; cells[i] == 0 && m&(m-1) == 0 {
			s.queue = append(s.queue, int16(i))
		}
	}
	return true
}

// clearGivenPeers takes each given's digit from its peers outside its
// houses (see Geometry.givenPeers); false when a peer holds it too.
func (s *genericSolver) clearGivenPeers(cells []uint8) bool {
	g, st := s.g, &s.st
	for i, v := range cells[:g.Cells] {
		if v == 0 {
			continue
		}
		for _, p := range g.Peers[i] {
			if cells[p] == v {
				return false
			}
			st.cands[p] &^= Bit(v)
		}
	}
	return true
}

// touch marks the houses of cell c as changed for every pass.
func (st *genState) touch(g *Geometry, c int) {
	m := g.houseMask[c]
	st.dirty |= m
	st.lockDirty |= m
	st.subDirty |= m
	if c < 128 {
		st.layerDirty[c>>6] |= 1 << (c & 63)
	}
}

// place puts d in cell i, clearing it from the peers; a peer left with one
// candidate is queued. It reports false on a contradiction.
func (s *genericSolver) place(st *genState, i int, d uint8) bool {
	g := s.g
	b := Bit(d)
	for _, u := range g.CellHouses[i] {
		if st.placed[u]&b != 0 {
			return false
		}
		st.placed[u] |= b
	}
	st.cells[i] = d
	st.cands[i] = 0
	st.empty--
	st.touch(g, i)
	for _, p := range g.Peers[i] {
		m := st.cands[p]
		if m&b == 0 {
			continue
		}
		m &^= b
		st.cands[p] = m
		st.touch(g, p)
		if m&(m-1) == 0 {
			if m == 0 {
				return false
			}
			s.queue = append(s.queue, int16(p))
		}
	}
	return true
}

// propagate places naked and hidden singles until none is left; false on a
// contradiction.
func (s *genericSolver) propagate(st *genState) bool {
	g := s.g
	for {
		for len(s.queue) > 0 {
			i := int(s.queue[len(s.queue)-1])
			s.queue = s.queue[:len(s.queue)-1]
			if st.cells[i] != 0 {
				continue
			}
			m := st.cands[i]
			if m == 0 || !s.place(st, i, FirstDigit(m)) {
				s.queue = s.queue[:0]
				return false
			}
		}
		if st.empty == 0 {
			return g.keeps(st.cells[:g.Cells])
		}
		found := false
		for dirty := st.dirty; dirty != 0; dirty &= dirty - 1 {
			bit := bits.TrailingZeros64(dirty)
			st.dirty &^= 1 << bit
			// The houses of this bit (see houseBit): one unless the
			// geometry has more than 64.
			for u := bit; u < len(g.Houses); u += 64 {
				h := g.Houses[u]
				var once, twice uint32
				for _, c := range h {
					m := st.cands[c]
					twice |= once & m
					once |= m
				}
				if once|st.placed[u] != g.All {
					return false
				}
				for uniq := once &^ twice; uniq != 0; uniq &= uniq - 1 {
					d := uint8(bits.TrailingZeros32(uniq))
					for _, c := range h {
						if st.cands[c]&Bit(d) != 0 {
							if !s.place(st, c, d) {
								s.queue = s.queue[:0]
								return false
							}
							found = true
							break
						}
					}
				}
			}
		}
		if len(s.passes) > 0 && !found && len(s.queue) == 0 {
			for _, p := range s.passes {
				changed, ok := p.passGeneric(s, st)
				if !ok {
					s.queue = s.queue[:0]
					return false
				}
				found = found || changed
			}
		}
		if !found && len(s.queue) == 0 {
			if s.plain() || !s.locked(st) && !s.subsets(st) {
				return true
			}
		}
	}
}

// locked applies pointing and claiming on every crossing of two houses
// once and reports whether a candidate went; a cell left with one is
// queued. Without it the search guesses wrong on large grids and learns it
// only deep down: a 16x16 medium puzzle took a hundred times longer.
func (s *genericSolver) locked(st *genState) bool {
	changed := false
	g := s.g
	touched := st.lockDirty
	st.lockDirty = 0
	// The candidates of every segment, once: a crossing's seg and aRest
	// are then a few ORs. Eliminations below leave these unions supersets
	// of the truth, which can only hide a deduction until the next pass
	// (the houses are marked) or find one in a house that has already
	// lost a digit altogether, a dead state whatever is eliminated.
	segs, locks := g.segments(), g.crossings()
	segU := s.segU[:len(segs)]
	for k, seg := range segs {
		var m uint32
		for _, c := range seg {
			m |= st.cands[c]
		}
		segU[k] = m
	}
	for k := range locks {
		x := &locks[k]
		if touched&(houseBit(x.a)|houseBit(x.b)) == 0 {
			continue
		}
		seg := segU[x.segID]
		if seg == 0 {
			continue
		}
		var aRest uint32
		for _, r := range x.restSegs {
			aRest |= segU[r]
		}
		for _, c := range x.aLeft {
			aRest |= st.cands[c]
		}
		ds := seg &^ aRest
		if ds == 0 {
			continue
		}
		for _, c := range x.bRest {
			m := st.cands[c]
			if m&ds == 0 {
				continue
			}
			m &^= ds
			st.cands[c] = m
			changed = true
			st.touch(g, c)
			if m&(m-1) == 0 {
				s.queue = append(s.queue, int16(c))
			}
		}
	}
	return changed
}

// search counts the solutions below st, up to s.limit.
func (s *genericSolver) search(st *genState) {
	if s.budget > 0 && s.nodes >= s.budget {
		return
	}
	s.nodes++
	if st.empty == 0 {
		if s.count == 0 {
			copy(s.first, st.cells[:s.g.Cells])
		}
		s.count++
		return
	}
	// Branch on the empty cell with the fewest candidates; with none down
	// to two, on a digit with two places left in some house if there is
	// one, which splits the search just as well.
	best, bestN := -1, 99
	for i := 0; i < s.g.Cells; i++ {
		m := st.cands[i]
		if m == 0 {
			continue
		}
		if n := bits.OnesCount32(m); n < bestN {
			best, bestN = i, n
			if n == 2 {
				break
			}
		}
	}
	if bestN > 2 && !s.plain() {
		if u, d, ok := s.twoPlaces(st); ok {
			s.branchPlaces(st, u, d)
			return
		}
	}
	m := st.cands[best]
	var order [MaxSide]uint8
	k := 0
	for ; m != 0; m &= m - 1 {
		order[k] = uint8(bits.TrailingZeros32(m))
		k++
	}
	if s.rng != nil {
		s.rng.Shuffle(k, func(a, b int) { order[a], order[b] = order[b], order[a] })
	}
	next := s.child(st)
	for _, d := range order[:k] {
		s.copyState(next, st)
		if s.place(next, best, d) && s.propagate(next) {
			s.search(next)
		} else {
			s.queue = s.queue[:0]
		}
		if s.count >= s.limit || (s.budget > 0 && s.nodes >= s.budget) {
			return
		}
	}
}

// child returns the state one level below st, from a stack the solver
// keeps: a state is up to 2.5 KB (sized for a samurai), and a frame's own
// would be zeroed on every call.
func (s *genericSolver) child(st *genState) *genState {
	d := st.depth + 1
	for len(s.stack) <= d {
		s.stack = append(s.stack, new(genState))
	}
	next := s.stack[d]
	next.depth = d
	return next
}

// copyState copies the part of src the geometry uses into dst: a 9x9's
// is a fifth of the whole.
func (s *genericSolver) copyState(dst, src *genState) {
	n, h := s.g.Cells, len(s.g.Houses)
	copy(dst.cands[:n], src.cands[:n])
	copy(dst.cells[:n], src.cells[:n])
	copy(dst.placed[:h], src.placed[:h])
	dst.empty, dst.dirty, dst.lockDirty, dst.subDirty = src.empty, src.dirty, src.lockDirty, src.subDirty
	dst.layerDirty = src.layerDirty
}

// plain reports whether the search runs with singles and cell branches
// only: for SinglesSolve, and for random fills, whose grids for a given
// seed are those the books and tests were made with before locked
// candidates and the two-place branch (which only speed up proofs) came.
func (s *genericSolver) plain() bool { return s.singlesOnly || s.rng != nil }

// twoPlaces finds a house and a digit with exactly two places left.
func (s *genericSolver) twoPlaces(st *genState) (u int, d uint8, ok bool) {
	for u, h := range s.g.Houses {
		var once, twice, more uint32
		for _, c := range h {
			m := st.cands[c]
			more |= twice & m
			twice |= once & m
			once |= m
		}
		if two := twice &^ more; two != 0 {
			return u, FirstDigit(two), true
		}
	}
	return 0, 0, false
}

// branchPlaces tries digit d in each of its two places in house u, in
// random order when filling at random.
func (s *genericSolver) branchPlaces(st *genState, u int, d uint8) {
	var at [2]int
	k := 0
	for _, c := range s.g.Houses[u] {
		if st.cands[c]&Bit(d) != 0 && k < 2 {
			at[k] = c
			k++
		}
	}
	if s.rng != nil && s.rng.IntN(2) == 1 {
		at[0], at[1] = at[1], at[0]
	}
	next := s.child(st)
	for _, c := range at {
		s.copyState(next, st)
		if s.place(next, c, d) && s.propagate(next) {
			s.search(next)
		} else {
			s.queue = s.queue[:0]
		}
		if s.count >= s.limit || (s.budget > 0 && s.nodes >= s.budget) {
			return
		}
	}
}

// count solves cells on g with the solver that fits it: the classic fast
// path for classic 9x9 (the one place it is chosen), the layered solver
// (solve_layer.go) for constraints besides the houses, the generic solver otherwise. It returns
// the number of solutions up to limit and copies the first into sol when
// sol is not nil.
func (g *Geometry) count(cells []uint8, limit int, sol []uint8) int {
	if g.classic {
		var p Grid
		copy(p[:], cells)
		n, first := countGrid(p, limit)
		if n > 0 && sol != nil {
			copy(sol, first[:])
		}
		return n
	}
	if g.kakuro != nil {
		return countKakuro(g, cells, limit, sol)
	}
	if layerFits(g) {
		k := layerSolvers.Get().(*layerSolver)
		defer layerSolvers.Put(k)
		k.reset(g)
		n := k.run(cells, limit)
		if n > 0 && sol != nil {
			copy(sol, k.first)
		}
		return n
	}
	s := genericSolvers.Get().(*genericSolver)
	defer genericSolvers.Put(s)
	s.reset(g)
	n := s.run(cells, limit)
	if n > 0 && sol != nil {
		copy(sol, s.first)
	}
	return n
}

var genericSolvers = sync.Pool{New: func() any { return &genericSolver{queue: make([]int16, 0, MaxCells), first: make([]uint8, MaxCells)} }}

// reset points s at geometry g.
func (s *genericSolver) reset(g *Geometry) {
	s.g = g
	s.first = s.first[:cap(s.first)][:g.Cells]
	s.rng, s.budget = nil, 0
}

// SinglesSolve reports whether naked and hidden singles alone fill in
// cells. Such a puzzle has exactly one solution and is easy; the generator
// asks it after every clue it digs out of an easy puzzle.
func (s *genericSolver) SinglesSolve(cells []uint8) bool {
	s.count, s.limit, s.nodes = 0, 1, 0
	s.singlesOnly = true
	defer func() { s.singlesOnly = false }()
	if !s.load(cells) || !s.propagate(&s.st) {
		return false
	}
	return s.st.empty == 0
}

// CountSolutions counts the solutions of cells on geo, stopping at limit
// (below 1 counts as 1), and returns the first found (nil for none).
// Givens that conflict give 0; geo.Validate tells those apart.
func CountSolutions(geo *Geometry, cells []uint8, limit int) (int, []uint8) {
	sol := make([]uint8, geo.Cells)
	n := geo.count(cells, max(limit, 1), sol)
	if n == 0 {
		return 0, nil
	}
	return n, sol
}

// Unique reports whether cells on geo have exactly one solution.
func Unique(geo *Geometry, cells []uint8) bool { return geo.count(cells, 2, nil) == 1 }

// Solve returns the one solution of cells on geo, or an error: a
// *ConflictError for clashing givens, ErrNoSolution or
// ErrMultipleSolutions.
//
// Every exact solve goes through geo.count, the one place the solver is
// chosen: the bitboard solver for classic 9x9, the layered one for a
// geometry with constraints (killer cages), the generic one otherwise.
func Solve(geo *Geometry, cells []uint8) ([]uint8, error) {
	// The classic solver finds clashing givens and digits out of range
	// itself (no solution), so only a puzzle without one pays for
	// Validate's error; the other solvers need valid cells.
	fast := geo.classic && len(cells) == geo.Cells
	if !fast {
		if err := geo.Validate(cells); err != nil {
			return nil, err
		}
	}
	sol := make([]uint8, geo.Cells)
	switch geo.count(cells, 2, sol) {
	case 0:
		if err := geo.Validate(cells); err != nil {
			return nil, err
		}
		return nil, ErrNoSolution
	case 1:
		return sol, nil
	}
	return nil, ErrMultipleSolutions
}
