package engine

// The kakuro solver: the exact solver of a kakuro (kakuro.go), used for
// every uniqueness proof of one (Geometry.count chooses it). A kakuro has
// up to 196 white cells, more than the layered solver's 81, and no
// houses, so its state is its own: each cell's candidates and digit, 400
// bytes for the largest, copied whole at a branch.
//
// Its propagation is a run's: of the run's digit sets (those of its length
// adding up to its clue), the live ones hold every digit placed in the
// run and can put each other digit in an open cell that still has it, so
// that every open cell has one of them; an open cell keeps the digits of
// the live sets. A digit every live set needs with one open cell left
// for it goes there; a placed digit leaves the run's other cells. A cell
// changed queues its two runs. The search branches on the open cell with
// the fewest candidates and tries its digits in order (at random when
// filling).

import (
	"math/bits"
	"math/rand/v2"
	"sync"
)

// kakuroState is the search state: candidates of open cells (0 once
// placed) and placed digits.
type kakuroState struct {
	cands [maxKakuroCells]uint16
	cells [maxKakuroCells]uint8
	empty int
}

// kakuroSolver counts solutions of kakuros. It keeps its buffers between
// calls; it is not safe for concurrent use.
type kakuroSolver struct {
	g  *Geometry
	sh *kakuroShape
	// combos per run; nil to solve for distinct digits only (a fill).
	combos [][]uint32
	stack  []kakuroState
	queue  []int16 // runs to prune
	queued []bool
	cellQ  []int16 // cells left one candidate
	count  int
	limit  int
	nodes  int
	budget int // nodes before giving up, 0 for none
	rng    *rand.Rand
	// bias, when filling, leans each cell's digits high (above 0) or low
	// (below 0), so that a fill's runs add up to totals few sets make.
	bias []int8
	// reach, when set, is the runs prune reads (the grader's contradiction
	// rungs look only so far); broke is the run whose prune or clearing
	// found the contradiction, -1 for none.
	reach []bool
	broke int
	first []uint8
	// second, when set, takes the second solution found (the generator
	// changes a digit where two solutions differ).
	second []uint8
}

var kakuroSolvers = sync.Pool{New: func() any { return new(kakuroSolver) }}

// reset points s at g, a kakuro (with its clues, or a bare shape to fill).
func (s *kakuroSolver) reset(g *Geometry) {
	s.g, s.sh = g, g.kakuro
	s.combos = nil
	if k := g.kakuroRunsOf(); k != nil {
		s.combos = k.combos
	}
	if cap(s.stack) < g.Cells+1 {
		s.stack = make([]kakuroState, g.Cells+1)
	}
	s.stack = s.stack[:g.Cells+1]
	if cap(s.queued) < len(s.sh.runs) {
		s.queued = make([]bool, len(s.sh.runs))
	}
	s.queued = s.queued[:len(s.sh.runs)]
	if cap(s.first) < g.Cells {
		s.first = make([]uint8, g.Cells)
	}
	s.first = s.first[:g.Cells]
	s.rng, s.budget, s.second, s.bias, s.reach = nil, 0, nil, nil, nil
}

// loadBoard sets the first state to a grader's board, as it is: its
// placed digits and its candidates.
func (s *kakuroSolver) loadBoard(b *Board) {
	st := &s.stack[0]
	st.empty = 0
	for i := range s.g.Cells {
		st.cells[i], st.cands[i] = b.Cells[i], uint16(b.Cands[i])
		if b.Cells[i] == 0 {
			st.empty++
		}
	}
	s.clearQueues()
	s.broke = -1
}

// suppose reports whether putting d in open cell i of the loaded state
// leads, by the propagation over the runs within reach, to a
// contradiction (in run s.broke). The loaded state is kept.
func (s *kakuroSolver) suppose(i int, d uint8) bool {
	next := &s.stack[1]
	*next = s.stack[0]
	s.broke = -1
	if !s.place(next, i, d) {
		s.clearQueues()
		return true
	}
	return !s.propagate(next)
}

// run counts the solutions of cells up to limit, the first into s.first.
// It returns 0 when the budget ran out before a proof.
func (s *kakuroSolver) run(cells []uint8, limit int) int {
	s.count, s.limit, s.nodes = 0, limit, 0
	if !s.load(cells) {
		return 0
	}
	s.search(0)
	if s.budget > 0 && s.nodes >= s.budget {
		return 0
	}
	return s.count
}

// open is how many candidates the open cells of cells keep once the
// propagation has done, -1 for a contradiction: how far a kakuro is from
// solving itself.
func (s *kakuroSolver) open(cells []uint8) int {
	if !s.load(cells) {
		return -1
	}
	st := &s.stack[0]
	n := 0
	for i := range s.g.Cells {
		n += bits.OnesCount16(st.cands[i])
	}
	return n
}

// load sets the first state to cells, propagated; false on a
// contradiction.
func (s *kakuroSolver) load(cells []uint8) bool {
	st := &s.stack[0]
	st.empty = 0
	for i := range s.g.Cells {
		st.cells[i], st.cands[i] = 0, 0x3FE
		st.empty++
	}
	s.queue, s.cellQ = s.queue[:0], s.cellQ[:0]
	for r := range s.queued {
		s.queued[r] = false
	}
	for i, d := range cells {
		if d == 0 {
			continue
		}
		if st.cands[i]&(1<<d) == 0 || !s.place(st, i, d) {
			s.clearQueues()
			return false
		}
	}
	for r := range s.sh.runs {
		s.push(int16(r))
	}
	return s.propagate(st)
}

func (s *kakuroSolver) push(r int16) {
	if !s.queued[r] && (s.reach == nil || s.reach[r]) {
		s.queued[r] = true
		s.queue = append(s.queue, r)
	}
}

// place puts d in open cell i and clears it from the cell's run mates.
func (s *kakuroSolver) place(st *kakuroState, i int, d uint8) bool {
	st.cells[i], st.cands[i] = d, 0
	st.empty--
	bit := uint16(1) << d
	for dir := range 2 {
		r := s.sh.runOf[i][dir]
		s.push(r)
		for _, x := range s.sh.runs[r] {
			if st.cells[x] != 0 {
				if x != i && st.cells[x] == d {
					s.broke = int(r)
					return false
				}
				continue
			}
			if st.cands[x]&bit == 0 {
				continue
			}
			st.cands[x] &^= bit
			switch bits.OnesCount16(st.cands[x]) {
			case 0:
				s.broke = int(r)
				return false
			case 1:
				s.cellQ = append(s.cellQ, int16(x))
			}
			s.push(s.sh.runOf[x][1-dir])
		}
	}
	return true
}

// propagate places the queued singles and prunes the queued runs until
// nothing changes; false on a contradiction (the queues are then cleared).
func (s *kakuroSolver) propagate(st *kakuroState) bool {
	ok := s.settle(st)
	if !ok {
		s.clearQueues()
	}
	return ok
}

func (s *kakuroSolver) clearQueues() {
	for _, r := range s.queue {
		s.queued[r] = false
	}
	s.queue, s.cellQ = s.queue[:0], s.cellQ[:0]
}

func (s *kakuroSolver) settle(st *kakuroState) bool {
	for {
		for len(s.cellQ) > 0 {
			x := int(s.cellQ[len(s.cellQ)-1])
			s.cellQ = s.cellQ[:len(s.cellQ)-1]
			if st.cells[x] != 0 {
				continue
			}
			m := st.cands[x]
			if m == 0 || m&(m-1) != 0 {
				if m == 0 {
					return false
				}
				continue
			}
			if !s.place(st, x, uint8(bits.TrailingZeros16(m))) {
				return false
			}
		}
		if len(s.queue) == 0 {
			return true
		}
		r := s.queue[len(s.queue)-1]
		s.queue = s.queue[:len(s.queue)-1]
		s.queued[r] = false
		if !s.prune(st, int(r)) {
			s.broke = int(r)
			return false
		}
	}
}

// prune narrows run r's open cells to its live sets (see the file's
// comment).
func (s *kakuroSolver) prune(st *kakuroState, r int) bool {
	run := s.sh.runs[r]
	var placed, avail uint16
	open := 0
	for _, x := range run {
		if d := st.cells[x]; d != 0 {
			placed |= 1 << d
		} else {
			avail |= st.cands[x]
			open++
		}
	}
	if open == 0 {
		// Filled: its digits must be one of its sets (cells placed in
		// one pass may not have been pruned between).
		if s.combos == nil {
			return true
		}
		for _, c := range s.combos[r] {
			if uint16(c) == placed {
				return true
			}
		}
		return false
	}
	if s.combos == nil {
		return bits.OnesCount16(avail) >= open // distinct digits only
	}
	union, must := uint16(0), uint16(0x3FE)
	for _, c32 := range s.combos[r] {
		c := uint16(c32)
		if c&placed != placed {
			continue
		}
		rest := c &^ placed
		if rest&^avail != 0 {
			continue
		}
		live := true
		for _, x := range run {
			if st.cells[x] == 0 && st.cands[x]&rest == 0 {
				live = false
				break
			}
		}
		if live {
			union |= rest
			must &= rest
		}
	}
	if union == 0 {
		return false
	}
	for _, x := range run {
		if st.cells[x] != 0 {
			continue
		}
		m := st.cands[x] & union
		if m == st.cands[x] {
			continue
		}
		if m == 0 {
			return false
		}
		st.cands[x] = m
		if m&(m-1) == 0 {
			s.cellQ = append(s.cellQ, int16(x))
		}
		s.push(s.sh.runOf[x][0])
		s.push(s.sh.runOf[x][1])
	}
	// A digit every live set needs, with one open cell left for it.
	for m := must; m != 0; m &= m - 1 {
		d := uint16(1) << bits.TrailingZeros16(m)
		at, n := -1, 0
		for _, x := range run {
			if st.cells[x] == 0 && st.cands[x]&d != 0 {
				at, n = x, n+1
			}
		}
		switch {
		case n == 0:
			return false
		case n == 1 && st.cands[at] != d:
			st.cands[at] = d
			s.cellQ = append(s.cellQ, int16(at))
		}
	}
	return true
}

// search counts the solutions below state depth.
func (s *kakuroSolver) search(depth int) {
	st := &s.stack[depth]
	if st.empty == 0 {
		s.count++
		if s.count == 1 {
			copy(s.first, st.cells[:s.g.Cells])
		} else if s.count == 2 && s.second != nil {
			copy(s.second, st.cells[:s.g.Cells])
		}
		return
	}
	s.nodes++
	if s.budget > 0 && s.nodes >= s.budget {
		return
	}
	best, bn := -1, 10
	for i := range s.g.Cells {
		if st.cells[i] != 0 {
			continue
		}
		if n := bits.OnesCount16(st.cands[i]); n < bn {
			best, bn = i, n
			if n == 2 {
				break
			}
		}
	}
	m := st.cands[best]
	var order [9]uint8
	k := 0
	for ; m != 0; m &= m - 1 {
		order[k] = uint8(bits.TrailingZeros16(m))
		k++
	}
	if s.rng != nil {
		s.rng.Shuffle(k, func(a, b int) { order[a], order[b] = order[b], order[a] })
		if s.bias != nil && s.bias[best] != 0 {
			// Leaning digits first, the shuffle breaking ties among
			// digits two apart.
			b := int(s.bias[best])
			var key [9]int
			for j, d := range order[:k] {
				key[j] = -b*int(d)/2*2 + j
			}
			for a := 1; a < k; a++ {
				for c := a; c > 0 && key[c] < key[c-1]; c-- {
					key[c], key[c-1] = key[c-1], key[c]
					order[c], order[c-1] = order[c-1], order[c]
				}
			}
		}
	}
	next := &s.stack[depth+1]
	for _, d := range order[:k] {
		*next = *st
		if !s.place(next, best, d) {
			s.clearQueues()
		} else if s.propagate(next) {
			s.search(depth + 1)
		}
		if s.count >= s.limit || (s.budget > 0 && s.nodes >= s.budget) {
			return
		}
	}
}

// countKakuro solves cells on g, a kakuro with its clues, up to limit
// solutions, the first into sol when sol is not nil.
func countKakuro(g *Geometry, cells []uint8, limit int, sol []uint8) int {
	s := kakuroSolvers.Get().(*kakuroSolver)
	defer kakuroSolvers.Put(s)
	s.reset(g)
	n := s.run(cells, limit)
	if n > 0 && sol != nil {
		copy(sol, s.first)
	}
	return n
}
