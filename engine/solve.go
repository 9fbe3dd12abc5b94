package engine

// The exact solver: how it sees the grid, and why that is fast.
//
// A human solver looks at cells and asks "which digits fit here?". This
// solver mostly looks at digits and asks "where can this digit still go?".
// The grid is cut into three bands of three rows. For every digit and every
// band one 27-bit word holds the cells of that band where the digit is still
// possible (or already placed):
//
//	band 0 = rows 1-3       bit  0 .. 8   row 1 of the band
//	band 1 = rows 4-6       bit  9 .. 17  row 2
//	band 2 = rows 7-9       bit 18 .. 26  row 3
//
//	           box 0   box 1   box 2
//	  row 0   0  1  2  3  4  5  6  7  8
//	  row 1   9 10 11 12 13 14 15 16 17
//	  row 2  18 19 20 21 22 23 24 25 26
//
// A column has the same three bits (c, c+9, c+18) in every band. The whole
// state is 27 such words (9 digits x 3 bands) plus a word of empty cells per
// band: 144 bytes, so the search backtracks by copying a saved state back
// rather than by undoing moves.
//
// The band rule. Inside one band a digit sits exactly once in each of the
// three rows and once in each of the three boxes. Cut the band into nine
// row-by-box segments of three cells: the segments the digit ends up using
// form one of the six 3x3 permutation matrices. Three table look-ups (one
// per row) say which segments are still live, and a 512-entry table maps
// that 9-bit pattern to the cells of the segments that lie on some complete
// permutation; one AND applies it. That step covers what a human calls
// pointing and claiming inside the band, sees a row or box with no place
// left (the table answers 0), and leaves a row with a single cell whenever
// the digit must go there, be it a hidden single of the row or of a box.
//
// The stack rule is the same rule turned on its side. Folding a band word's
// three rows onto each other gives the columns the digit still uses in that
// band. In each stack of three columns the digit takes one column per band
// and one band per column, again a 3x3 permutation, so the same kind of
// table prunes whole columns out of the band words. It covers pointing and
// claiming along columns and hidden singles of a column (the band rule then
// turns them into a row with one cell). Both rules are applied to a digit's
// three words until neither changes them.
//
// Placing a digit clears its row and box inside the band with one mask, its
// column in every band with one mask each, and the cell's bit in the eight
// other digits' words, all without a jump: which words a placement touches
// is as good as random, and mispredicted jumps would cost more than the
// arithmetic. Each digit with a word that changed sets a bit in a 9-bit
// "changed" mask; only those digits are looked at again.
//
// Naked singles are found a band at a time by counting in bit slices:
// OR-ing the nine digit words gives "at least one candidate", carrying gives
// "at least two" and "at least three". An empty cell with no candidate is a
// contradiction, a cell with exactly one is a single, and the cells with
// exactly two are where the search branches once the singles run out. It
// takes the two-candidate cell that sees the most other two-candidate
// cells; once a search has branched eight times it is a hard one, and the
// score turns finer: peers that share a candidate with the cell, two-
// candidate ones counting three (sharingPeers), which cuts the branches of
// the hardest puzzles by two fifths. With no two-candidate cell it takes
// the cell with the fewest candidates, and the choice becomes "this digit"
// or "not this digit". Either way the branch is binary.
//
// The search is iterative: each branch pushes a copy of the state before the
// choice onto a fixed stack inside the solver, and a dead end pops it and
// takes the other side. Every frame on the stack holds more solved cells
// than the one below it, so 81 frames always suffice and a search never
// allocates. The work is a handful of table look-ups and masks per changed
// digit and no loop over cells, which is why a uniqueness check of a 17-clue
// puzzle takes a few microseconds (see BenchmarkUnique).

import (
	"encoding/binary"
	"errors"
	"math/bits"
	"math/rand/v2"
	"sync"
)

// ErrNoSolution is returned by Solve for a puzzle without a solution.
var ErrNoSolution = errors.New("puzzle has no solution")

// ErrMultipleSolutions is returned by Solve for a puzzle with more than one
// solution.
var ErrMultipleSolutions = errors.New("puzzle has more than one solution")

// Band geometry, built by buildBandTables on the first load.
var (
	// bandRowBoxes maps the 9 bits of one row to the 3 boxes where that
	// row has at least one bit.
	bandRowBoxes [512]uint8
	// bandAllowed maps a 9-bit pattern of live segments (bit r*3+box) to
	// the cells of the segments that lie on a complete permutation; 0 when
	// no permutation is complete.
	bandAllowed [512]uint32
	// bandPeers holds a band cell's peers inside its band: its row and box.
	// This and the next table are 32 long so that p&31 needs no bounds check.
	bandPeers [32]uint32
	// bandColumn holds a band cell's column: the same three bits in every band.
	bandColumn [32]uint32
	// stackAllowed maps a 9-bit pattern of live band-by-column segments of
	// one stack (bit band*3+column) to those that lie on a complete
	// permutation, laid out as in a folded word (bit band*9+column); 0 when
	// no permutation is complete.
	stackAllowed [512]uint32
	// columnCells expands 9 column bits to their 27 cells in a band.
	columnCells [512]uint32
)

// rowMask is the first row of a band; shift by 9 or 18 for the others.
const rowMask = 0x1FF

// allCells is every cell of a band.
const allCells = 1<<27 - 1

// stackCells is the first stack's columns in a folded word.
const stackCells = 7 | 7<<9 | 7<<18

// bandTables builds the band geometry once, when a solver first loads a
// grid rather than in the package's init: every command of the binary runs
// that init, `sudokubook version` included, and these loops were a third
// of its cost there. Every path into the tables starts at load.
var bandTables sync.Once

func buildBandTables() {
	for m := range 512 {
		var boxes uint8
		for box := range 3 {
			if m>>(box*3)&7 != 0 {
				boxes |= 1 << box
			}
		}
		bandRowBoxes[m] = boxes
	}
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for live := range 512 {
		var segs uint32
		for _, p := range perms {
			var m uint32
			for r, box := range p {
				m |= 1 << (r*3 + box)
			}
			if uint32(live)&m == m {
				segs |= m
			}
		}
		var cells uint32
		for s := range 9 {
			if segs>>s&1 != 0 {
				r, box := s/3, s%3
				cells |= 7 << (r*9 + box*3)
			}
		}
		bandAllowed[live] = cells
		var folded uint32
		for s := range 9 {
			if segs>>s&1 != 0 {
				folded |= 1 << (s/3*9 + s%3)
			}
		}
		stackAllowed[live] = folded
	}
	for m := range 512 {
		var cells uint32
		for c := range 9 {
			if m>>c&1 != 0 {
				cells |= 1<<c | 1<<(c+9) | 1<<(c+18)
			}
		}
		columnCells[m] = cells
	}
	for p := range 27 {
		r, c := p/9, p%9
		var peers uint32
		for q := range 27 {
			if q != p && (q/9 == r || (q%9)/3 == c/3) {
				peers |= 1 << q
			}
		}
		bandPeers[p] = peers
		bandColumn[p] = 1<<c | 1<<(c+9) | 1<<(c+18)
	}
}

// solveState is everything the search copies when it branches.
type solveState struct {
	// cand[b*9+d] holds the cells of band b where digit d+1 is possible or
	// placed, so a band's nine words sit side by side. Words 27-31 stay
	// zero; the array is 32 long so that indexes masked with 31 need no
	// bounds check.
	cand [32]uint32
	// unsolved[b] holds the empty cells of band b; unsolved[3] stays zero.
	unsolved [4]uint32
}

// band returns the nine digit words of band b.
func (st *solveState) band(b uint) *[9]uint32 {
	return (*[9]uint32)(st.cand[b*9 : b*9+9])
}

// solveFrame is one pending branch: the state before a choice, and the other
// side of the choice to take when the first side fails or is exhausted.
type solveFrame struct {
	st    solveState
	band  uint8
	pos   uint8
	digit uint8 // 0-8
	place bool  // true: place digit (the cell had two candidates); false: eliminate it
}

// classicSolver counts the solutions of classic 9x9 grids: the fast path
// of Solve and CountSolutions, which geo.count chooses. The zero value is
// ready to use; it is reusable but not safe for concurrent use. It allocates nothing
// while solving, so a worker keeps one and calls it for every candidate
// puzzle.
type classicSolver struct {
	st      solveState
	changed uint32    // digits to re-examine, bit d
	pairs   [4]uint32 // two-candidate cells per band, from the last singles pass
	first   solveState
	stack   [81]solveFrame
}

// newClassicSolver returns a ready classicSolver.
func newClassicSolver() *classicSolver { return new(classicSolver) }

// Count searches g for solutions and stops once it has found limit of them
// (a limit below 1 counts as 1). It returns how many it found and the first
// one; first is the zero Grid when n is 0. Givens that conflict, or cells
// holding a value above 9, give n == 0; call g.Validate to tell those apart
// from a puzzle that merely has no solution. Count(g, 2) == 1 is the
// uniqueness check.
func (s *classicSolver) Count(g Grid, limit int) (n int, first Grid) {
	if limit < 1 {
		limit = 1
	}
	if !s.load(g) {
		return 0, Grid{}
	}
	n = s.search(limit, nil)
	if n > 0 {
		first = s.first.grid()
	}
	return n, first
}

// solvableWithout reports whether g has a solution with digit d ruled out
// of cell c, an empty cell.
func (s *classicSolver) solvableWithout(g Grid, c int, d uint8) bool {
	if !s.load(g) {
		return false
	}
	k := (uint(c/27)*9 + uint(d) - 1) & 31
	s.st.cand[k] &^= 1 << (uint(c%27) & 31)
	return s.search(1, nil) > 0
}

// Unique reports whether g has exactly one solution.
func (s *classicSolver) Unique(g Grid) bool {
	n, _ := s.Count(g, 2)
	return n == 1
}

// FillRandom completes g to a full grid, choosing at each branch a random
// candidate of the most constrained cell and taking the others in turn when
// that fails. Started from the empty grid it gives a random complete grid.
// The result depends only on g and the state of rng (a nil rng always tries
// the lowest digit first). It reports false when g cannot be completed.
func (s *classicSolver) FillRandom(g Grid, rng *rand.Rand) (Grid, bool) {
	if !s.load(g) || s.search(1, rng) == 0 {
		return Grid{}, false
	}
	return s.first.grid(), true
}

var solverPool = sync.Pool{New: func() any { return new(classicSolver) }}

// countGrid is classicSolver.Count with a pooled solver.
func countGrid(g Grid, limit int) (int, Grid) {
	s := solverPool.Get().(*classicSolver)
	n, first := s.Count(g, limit)
	solverPool.Put(s)
	return n, first
}

// uniqueGrid reports whether g has exactly one solution, with a pooled
// solver.
func uniqueGrid(g Grid) bool {
	n, _ := countGrid(g, 2)
	return n == 1
}

// solveGrid returns the one solution of g. It returns the *ConflictError from
// g.Validate for givens that break the rules, ErrNoSolution when nothing
// fits, and ErrMultipleSolutions when more than one grid fits.
func solveGrid(g Grid) (Grid, error) {
	if err := g.Validate(); err != nil {
		return Grid{}, err
	}
	n, sol := countGrid(g, 2)
	switch n {
	case 0:
		return Grid{}, ErrNoSolution
	case 1:
		return sol, nil
	}
	return Grid{}, ErrMultipleSolutions
}

// grid reads a complete state back into a Grid.
func (st *solveState) grid() Grid {
	var g Grid
	for k := range 27 {
		d := uint8(k%9) + 1
		base := k / 9 * 27
		for x := st.cand[k]; x != 0; x &= x - 1 {
			g[base+bits.TrailingZeros32(x)] = d
		}
	}
	return g
}

// load resets the solver to g's givens. It reports false when a given is out
// of range or sees an equal given. Givens go in all at once rather than
// through place: clear every given cell from every digit, then give each
// given back its own cell and take its row, box and column from its digit.
func (s *classicSolver) load(g Grid) bool {
	bandTables.Do(buildBandTables)
	st := &s.st
	// The filled cells, eight at a time: bit i of lo is cell i, bit i of
	// hi cell 64+i. A byte-by-byte loop was a tenth of a uniqueness check
	// on multi_solution, where the search is short.
	var lo, hi uint64
	for i := range 8 {
		lo |= nonZeroBytes(binary.LittleEndian.Uint64(g[i*8:])) << (i * 8)
	}
	hi = nonZeroBytes(binary.LittleEndian.Uint64(g[64:])) |
		nonZeroBytes(binary.LittleEndian.Uint64(g[72:]))<<8 | uint64((uint32(g[80])+255)>>8)<<16
	filled := [3]uint32{uint32(lo) & allCells, uint32(lo>>27) & allCells, uint32(lo>>54|hi<<10) & allCells}
	for b := range 3 {
		st.unsolved[b] = allCells &^ filled[b]
		w := st.band(uint(b))
		for e := range w {
			w[e] = allCells &^ filled[b]
		}
	}
	var seen [32]uint32 // givens per band word, to spot two that see each other
	for b := range 3 {
		for f := filled[b]; f != 0; f &= f - 1 {
			p := uint(bits.TrailingZeros32(f)) & 31
			d := uint(g[b*27+int(p)]) - 1
			if d > 8 {
				return false
			}
			k := (uint(b)*9 + d) & 31
			col := bandColumn[p]
			if seen[k]&bandPeers[p] != 0 ||
				(seen[d]|seen[(d+9)&31]|seen[(d+18)&31])&col != 0 {
				return false
			}
			seen[k] |= 1 << p
			st.cand[d] &^= col
			st.cand[(d+9)&31] &^= col
			st.cand[(d+18)&31] &^= col
			st.cand[k] &^= bandPeers[p]
		}
	}
	st.unsolved[3] = 0
	for k, x := range seen {
		st.cand[k] |= x
	}
	// Every word gets one look even if no given touched it, so that the
	// band and stack rules run at least once everywhere.
	s.changed = rowMask
	return true
}

// nonZeroBytes packs "byte i of x is not zero" into bit i, without a jump.
func nonZeroBytes(x uint64) uint64 {
	const low7, high = 0x7F7F7F7F7F7F7F7F, 0x8080808080808080
	h := ((x & low7) + low7 | x) & high
	// Gather bit 8i+7 into bit i: the products land on 56+i only.
	return (h >> 7) * 0x0102040810204080 >> 56
}

// place puts digit d (0-8) in cell p of band b, which must be empty and
// still allow d, and queues every word it changes. It has no branches and
// few variable shifts: which words a placement touches is as good as random,
// and mispredicted jumps cost more than the arithmetic.
func (s *classicSolver) place(d, b, p uint) {
	st := &s.st
	p &= 31
	bit := uint32(1) << p
	st.unsolved[b&3] &^= bit
	k := (b*9 + d) & 31
	mine := st.cand[k]
	// The cell takes no other digit. Gather which digit words had the cell
	// (bit p+e for digit e) before clearing it from all nine.
	w := st.band(b)
	had := uint64(w[0]&bit) | uint64(w[1]&bit)<<1 | uint64(w[2]&bit)<<2 |
		uint64(w[3]&bit)<<3 | uint64(w[4]&bit)<<4 | uint64(w[5]&bit)<<5 |
		uint64(w[6]&bit)<<6 | uint64(w[7]&bit)<<7 | uint64(w[8]&bit)<<8
	w[0] &^= bit
	w[1] &^= bit
	w[2] &^= bit
	w[3] &^= bit
	w[4] &^= bit
	w[5] &^= bit
	w[6] &^= bit
	w[7] &^= bit
	w[8] &^= bit
	// The digit leaves the cell's column in every band and its row and
	// box in this band, keeping the cell itself; it is queued whatever
	// that took.
	col := bandColumn[p]
	st.cand[d&31] &^= col
	st.cand[(d+9)&31] &^= col
	st.cand[(d+18)&31] &^= col
	st.cand[k] = mine &^ bandPeers[p]
	s.changed |= uint32(had>>p) | 1<<d
}

// fill places digit d (0-8) in the cells h of band b, whose words for d
// already hold no peer of them (the hidden singles propagate finds), and
// returns the queue bits of the other digits that lose a cell.
// Like place it has no branches.
func (s *classicSolver) fill(b, d uint, h uint32) uint32 {
	st := &s.st
	st.unsolved[b&3] &^= h
	w := st.band(b)
	mine := w[d%9]
	changed := nonZero(w[0]&h) | nonZero(w[1]&h)<<1 | nonZero(w[2]&h)<<2 |
		nonZero(w[3]&h)<<3 | nonZero(w[4]&h)<<4 | nonZero(w[5]&h)<<5 |
		nonZero(w[6]&h)<<6 | nonZero(w[7]&h)<<7 | nonZero(w[8]&h)<<8
	w[0] &^= h
	w[1] &^= h
	w[2] &^= h
	w[3] &^= h
	w[4] &^= h
	w[5] &^= h
	w[6] &^= h
	w[7] &^= h
	w[8] &^= h
	w[d%9] = mine
	return changed &^ (1 << d)
}

// nonZero is 1 for a non-zero 27-bit value and 0 for zero, without a jump.
func nonZero(x uint32) uint32 { return (x + allCells) >> 27 }

// propagate applies the band and stack rules to every digit with a queued
// word and places hidden and naked singles until nothing changes. It reports
// false on a contradiction. On success s.pairs holds the two-candidate cells.
func (s *classicSolver) propagate() bool {
	st := &s.st
	for {
		// The queue stays in a register while only fill adds to it.
		changed := s.changed
		s.changed = 0
		for changed != 0 {
			d := uint(bits.TrailingZeros32(changed))
			changed &= changed - 1
			w0, w1, w2 := st.cand[d&31], st.cand[(d+9)&31], st.cand[(d+18)&31]
			// Both rules are idempotent, so once the band rule leaves
			// the stack rule's output alone, neither has more to say.
			// The stack rule reads only the columns, so a band rule that
			// leaves every column it had is as good as no change: the
			// second round, looked up in full, was mostly that.
			cols := fold(w0) | fold(w1)<<9 | fold(w2)<<18
			for {
				keep := stackRule(cols)
				if keep == 0 {
					return false
				}
				if keep != cols {
					w0 &= columnCells[keep&rowMask]
					w1 &= columnCells[keep>>9&rowMask]
					w2 &= columnCells[keep>>18&rowMask]
				}
				v0, v1, v2 := w0, w1, w2
				w0, w1, w2 = bandRule(v0), bandRule(v1), bandRule(v2)
				if w0 == 0 || w1 == 0 || w2 == 0 {
					return false
				}
				if v0 == w0 && v1 == w1 && v2 == w2 {
					break
				}
				if cols = fold(w0) | fold(w1)<<9 | fold(w2)<<18; cols == keep {
					break
				}
			}
			st.cand[d&31], st.cand[(d+9)&31], st.cand[(d+18)&31] = w0, w1, w2
			// Rows left with one cell that is still empty are hidden
			// singles. At the fixpoint of the two rules the digit's own
			// words already hold no peer of such a cell: a row with one
			// cell leaves that cell alone in its box (band rule), so alone
			// in its column of the stack (stack rule), and so no other
			// band offers its column. Placing them only takes the cells
			// from the band's other digits, all of a band's at once.
			if h := singleRows(w0) & st.unsolved[0]; h != 0 {
				changed |= s.fill(0, d, h)
			}
			if h := singleRows(w1) & st.unsolved[1]; h != 0 {
				changed |= s.fill(1, d, h)
			}
			if h := singleRows(w2) & st.unsolved[2]; h != 0 {
				changed |= s.fill(2, d, h)
			}
		}
		placed, ok := s.nakedSingles()
		if !ok {
			return false
		}
		if !placed {
			return true
		}
	}
}

// bandRule keeps the cells of a band word that lie on a segment of a
// complete row-by-box permutation. It returns 0 when none is complete.
func bandRule(w uint32) uint32 {
	live := uint32(bandRowBoxes[w&rowMask]) |
		uint32(bandRowBoxes[w>>9&rowMask])<<3 |
		uint32(bandRowBoxes[w>>18&rowMask])<<6
	return w & bandAllowed[live&511]
}

// stackRule is the band rule turned on its side: in each stack of three
// columns a digit takes one column per band and one band per column. Given
// the columns a digit's band words still use (bit band*9+column, as fold
// gives them), it returns those that lie on a complete band-by-column
// permutation in every stack, or 0 when some stack has none.
func stackRule(cols uint32) uint32 {
	x0, x1, x2 := cols&stackCells, cols>>3&stackCells, cols>>6&stackCells
	a0 := stackAllowed[x0&7|x0>>6&0x38|x0>>12&0x1C0]
	a1 := stackAllowed[x1&7|x1>>6&0x38|x1>>12&0x1C0]
	a2 := stackAllowed[x2&7|x2>>6&0x38|x2>>12&0x1C0]
	if a0 == 0 || a1 == 0 || a2 == 0 {
		return 0
	}
	return a0 | a1<<3 | a2<<6
}

// fold gives the columns (bits 0-8) a band word still uses.
func fold(w uint32) uint32 { return (w | w>>9 | w>>18) & rowMask }

// singleRows returns the rows of a band word that hold exactly one cell.
// Every row is non-empty after the band rule, so subtracting one from each
// row never borrows from the next.
func singleRows(w uint32) uint32 {
	z := w & (w - (1 | 1<<9 | 1<<18))
	var out uint32
	if z&rowMask == 0 {
		out |= w & rowMask
	}
	if z&(rowMask<<9) == 0 {
		out |= w & (rowMask << 9)
	}
	if z&(rowMask<<18) == 0 {
		out |= w & (rowMask << 18)
	}
	return out
}

// nakedSingles places every cell that has one candidate left, band by band,
// and records the cells with two. It reports whether it placed anything and
// false for ok when an empty cell has no candidate.
func (s *classicSolver) nakedSingles() (placed, ok bool) {
	st := &s.st
	for b := range uint(3) {
		u := st.unsolved[b]
		if u == 0 {
			s.pairs[b] = 0
			continue
		}
		var one, two, three uint32
		for _, x := range st.band(b) {
			three |= two & x
			two |= one & x
			one |= x
		}
		if u&^one != 0 {
			return placed, false
		}
		s.pairs[b] = u & two &^ three
		single := u &^ two
		if single == 0 {
			continue
		}
		// A single's digit, read from four bit planes of the digit
		// index rather than by a search over the nine words, whose
		// jumps mispredict.
		w := st.band(b)
		i0 := w[1] | w[3] | w[5] | w[7]
		i1 := w[2] | w[3] | w[6] | w[7]
		i2 := w[4] | w[5] | w[6] | w[7]
		i3 := w[8]
		for ; single != 0; single &= single - 1 {
			p := uint(bits.TrailingZeros32(single)) & 31
			d := uint(i0>>p&1 | i1>>p&1<<1 | i2>>p&1<<2 | i3>>p&1<<3)
			if st.cand[(b*9+d)&31]>>p&1 == 0 {
				// An earlier single in this pass took its last digit.
				return placed, false
			}
			s.place(d, b, p)
			placed = true
		}
	}
	return placed, true
}

// cellDigits returns the candidates of cell p of band b, bit d for digit d+1.
func (st *solveState) cellDigits(b, p uint) uint16 {
	var m uint16
	for d, x := range st.band(b) {
		m |= uint16(x>>(p&31)&1) << d
	}
	return m
}

// choose picks the cell to branch on. Among the two-candidate cells it takes
// the one that sees the most other two-candidate cells: whichever digit goes
// in, the peers that share it drop to a single, so the branch resolves or
// dies sooner. On the hard sets this cuts the branches by a third for a few
// popcounts per cell. With sharing it scores by sharingPeers instead. With
// no two-candidate cell it takes an empty cell with the fewest candidates.
func (s *classicSolver) choose(sharing bool) (b, p uint) {
	if s.pairs[0]|s.pairs[1]|s.pairs[2] != 0 {
		best := -1
		if sharing {
			for bb := range uint(3) {
				for u := s.pairs[bb]; u != 0; u &= u - 1 {
					pp := uint(bits.TrailingZeros32(u))
					if n := s.sharingPeers(bb, pp); n > best {
						best, b, p = n, bb, pp
					}
				}
			}
			return b, p
		}
		p0, p1, p2 := s.pairs[0], s.pairs[1], s.pairs[2]
		for bb := range uint(3) {
			mine := s.pairs[bb]
			for u := mine; u != 0; u &= u - 1 {
				pp := uint(bits.TrailingZeros32(u)) & 31
				col := bandColumn[pp]
				// The column's pair cells, the cell itself included, and
				// those of its row and box off the column.
				n := bits.OnesCount64(uint64(p0&col|p1&col<<1|p2&col<<2) | uint64(mine&bandPeers[pp]&^col)<<32)
				if n > best {
					best, b, p = n, bb, pp
				}
			}
		}
		return b, p
	}
	// Count every cell's candidates at once, in 4-bit counters held as
	// bit planes, then look for the smallest count any empty cell has.
	var planes [3][4]uint32
	for bb := range uint(3) {
		var c0, c1, c2, c3 uint32
		for _, x := range s.st.band(bb) {
			k0 := c0 & x
			c0 ^= x
			k1 := c1 & k0
			c1 ^= k0
			c3 |= c2 & k1
			c2 ^= k1
		}
		planes[bb] = [4]uint32{c0, c1, c2, c3}
	}
	for n := uint32(3); n <= 9; n++ {
		for bb := range uint(3) {
			c := &planes[bb]
			m := s.st.unsolved[bb] & (c[0] ^ (n&1 - 1)) & (c[1] ^ (n>>1&1 - 1)) &
				(c[2] ^ (n>>2&1 - 1)) & (c[3] ^ (n>>3&1 - 1))
			if m != 0 {
				return bb, uint(bits.TrailingZeros32(m))
			}
		}
	}
	// Not reached after a successful propagate: every empty cell then has
	// three to nine candidates.
	for bb := range uint(3) {
		if u := s.st.unsolved[bb]; u != 0 {
			return bb, uint(bits.TrailingZeros32(u))
		}
	}
	return 0, 0
}

// sharingPeers scores pair cell p of band b by the peers that share a
// candidate with it: whichever way the branch goes, each loses that
// candidate, and a two-candidate one drops to a single. Two-candidate
// peers count three, others one (the weights that cut branches most on
// the shared sets: hardest1106 198 to 120 a puzzle, top1465 11.7 to 9.9).
func (s *classicSolver) sharingPeers(b, p uint) int {
	st := &s.st
	p &= 31
	w := st.band(b)
	ds := w[0]>>p&1 | w[1]>>p&1<<1 | w[2]>>p&1<<2 | w[3]>>p&1<<3 | w[4]>>p&1<<4 |
		w[5]>>p&1<<5 | w[6]>>p&1<<6 | w[7]>>p&1<<7 | w[8]>>p&1<<8
	d1 := uint(bits.TrailingZeros32(ds))
	d2 := uint(bits.TrailingZeros32(ds & (ds - 1)))
	// The peers in every band are the cell's column; in its own band its
	// row and box as well, the cell itself left out.
	col := bandColumn[p]
	var peers [3]uint32
	peers[0], peers[1], peers[2] = col, col, col
	peers[b%3] = (bandPeers[p] | col) &^ (1 << p)
	x0 := peers[0] & (st.cand[d1&31] | st.cand[(d2)&31])
	x1 := peers[1] & (st.cand[(d1+9)&31] | st.cand[(d2+9)&31])
	x2 := peers[2] & (st.cand[(d1+18)&31] | st.cand[(d2+18)&31])
	pairs := bits.OnesCount64(uint64(x0&s.pairs[0])|uint64(x1&s.pairs[1])<<32) + bits.OnesCount32(x2&s.pairs[2])
	open := bits.OnesCount64(uint64(x0&st.unsolved[0])|uint64(x1&st.unsolved[1])<<32) + bits.OnesCount32(x2&st.unsolved[2])
	return 2*pairs + open
}

// sharingAfter is the branch after which search picks branch cells by
// sharingPeers rather than by two-candidate peers alone. The finer score
// costs more per branch and pays only on long searches: from the first
// branch it made multi_solution, whose searches end within a few branches,
// 12% slower.
const sharingAfter = 8

// search runs the propagate-and-branch loop from the loaded state until it
// has found limit solutions or exhausted the tree, and returns the count.
// With rng set, the digit tried first at each branch is chosen at random.
func (s *classicSolver) search(limit int, rng *rand.Rand) int {
	n, sp, nodes := 0, 0, 0
	ok := s.propagate()
	for {
		if ok {
			if s.st.unsolved[0]|s.st.unsolved[1]|s.st.unsolved[2] == 0 {
				n++
				if n == 1 {
					s.first = s.st
				}
				if n >= limit {
					return n
				}
			} else {
				nodes++
				// FillRandom (rng set) keeps the first score, so a
				// seed's random grids, and the generator's puzzles,
				// stay what they were.
				b, p := s.choose(rng == nil && nodes > sharingAfter)
				digits := s.st.cellDigits(b, p)
				pick := digits
				if rng != nil {
					for i := rng.IntN(bits.OnesCount16(digits)); i > 0; i-- {
						pick &= pick - 1
					}
				}
				d := uint(bits.TrailingZeros16(pick))
				f := &s.stack[sp]
				sp++
				f.st = s.st
				f.band, f.pos = uint8(b), uint8(p)
				if rest := digits &^ (1 << d); rest&(rest-1) == 0 {
					f.digit, f.place = uint8(bits.TrailingZeros16(rest)), true
				} else {
					f.digit, f.place = uint8(d), false
				}
				s.place(d, b, p)
				ok = s.propagate()
				continue
			}
		}
		if sp == 0 {
			return n
		}
		sp--
		f := &s.stack[sp]
		s.st = f.st
		s.changed = 0
		b, p, d := uint(f.band), uint(f.pos), uint(f.digit)
		if f.place {
			s.place(d, b, p)
		} else {
			k := (b*9 + d) & 31
			s.st.cand[k] &^= 1 << (p & 31)
			s.changed = 1 << d
		}
		ok = s.propagate()
	}
}
