package engine

import (
	"math/bits"
	"slices"
)

// Canonical form
//
// Two puzzles are the same puzzle when one turns into the other by moves that
// keep every Sudoku a Sudoku. For classic 9x9 those are: relabelling the
// digits, permuting the rows within a band, the columns within a stack, the
// bands, the stacks, and transposing. They make a group of
// 2 x 6^8 = 3,359,232 grid moves (times 9! relabellings). The canonical form
// of a puzzle is the least grid, read row by row as 81 numbers with 0 for a
// blank, that any of those moves makes of it; equal forms mean the same
// puzzle, and the form itself is the key a puzzle bank stores.
//
// Relabelling needs no search: for a fixed grid move the least relabelling
// numbers the digits 1, 2, 3... in the order they first appear. So the search
// is over the grid moves only, and it goes one result row at a time, keeping
// every partial move whose rows so far equal the least rows seen:
//
//	result row 0   the least first row: a row with the fewest givens,
//	               its blanks first. Every transposition, source row and
//	               column order that gives it is kept (ties are common:
//	               blank columns can swap freely so far).
//	result row r   each kept move tries the source rows it may take next
//	               (the rest of its band, or any row of an unused band when
//	               r is 0, 3 or 6), with its columns fixed; only the least
//	               row survives, with every move that gives it.
//
// The first row pins most of the column order, so after a row or two only a
// handful of moves are left and the rest costs a few hundred byte compares.
// A puzzle with an empty row is the slow case: its first row pins nothing, so
// all 1296 column orders go on to the second row.
//
// Variants keep their houses only under part of this group (X needs moves
// that keep both diagonals, a jigsaw's region map must move with the grid);
// their keys are the least form under that part of the group, and are never
// compared with classic keys (a bank stores the variant beside the key).

// canonMove is one partial grid move during the search: the grid it reads
// (the puzzle or its transpose), the source column for each result column,
// which result columns may still swap, the source rows taken so far, and
// the relabelling built so far.
//
// Columns that every row so far leaves blank may still swap freely among
// themselves (within their stack), so they stay one group and the next row
// orders them; this keeps a first row with many blanks from multiplying the
// search. Columns holding a digit never share a group: which digit gets which
// label depends on their order, so each order is its own move.
type canonMove struct {
	src  uint8  // 0: the puzzle, 1: its transpose
	next uint8  // last label handed out
	last uint8  // source row of the latest result row
	used uint16 // bit r set once source row r is taken
	ends uint16 // bit j set when result column j ends its group
	cols [9]uint8
	// label[d] is source digit d's label, 0 while unseen.
	label [10]uint8
}

// stackEnds marks the last column of each stack: groups never span two.
const stackEnds = 1<<2 | 1<<5 | 1<<8

// Canonicalizer computes canonical forms, reusing its scratch space between
// calls. It is not safe for concurrent use; give each goroutine its own.
type Canonicalizer struct {
	grids [2]Grid
	cur   []canonMove
	nxt   []canonMove
	best  [9]uint8
	have  bool
}

// NewCanonicalizer returns a Canonicalizer with room for the usual search.
func NewCanonicalizer() *Canonicalizer {
	return &Canonicalizer{cur: make([]canonMove, 0, 64), nxt: make([]canonMove, 0, 64)}
}

// Canonical returns the canonical form of a classic 9x9 puzzle: the least
// grid under relabelling, row and column moves within bands and stacks, band
// and stack moves, and transposition. Two puzzles are the same puzzle exactly
// when their canonical forms are equal. A complete grid works too. g must
// not hold a digit twice in one row or column (Grid.Validate): the search
// labels each digit of a row as it meets it.
func Canonical(g Grid) Grid { return NewCanonicalizer().Canonical(g) }

// Canonical is the package-level Canonical on c's scratch space.
func (c *Canonicalizer) Canonical(g Grid) Grid {
	c.grids[0] = g
	for r := 0; r < 9; r++ {
		for col := 0; col < 9; col++ {
			c.grids[1][col*9+r] = g[r*9+col]
		}
	}
	var out Grid
	c.firstRow()
	copy(out[:9], c.best[:])
	for r := 1; r < 9; r++ {
		c.nextRow(r)
		copy(out[r*9:], c.best[:])
	}
	return out
}

// rowShape is the least first row a source row can give, as a 9-bit mask
// read from the left (1 for a given): its stacks in order of fewest givens,
// each with its blanks first. A smaller shape is a smaller row, because
// every first row numbers its givens 1, 2, 3... from the left. counts are
// the givens in each stack. Both come from a table indexed by the row's
// mask of givens.
func rowShape(row []uint8) (shape uint16, counts [3]uint8) {
	mask := 0
	for j, v := range row[:9] {
		if v != 0 {
			mask |= 1 << j
		}
	}
	e := shapeTable[mask]
	return e.shape, e.counts
}

type shapeEntry struct {
	shape  uint16
	counts [3]uint8
}

var shapeTable = func() (t [512]shapeEntry) {
	for mask := range t {
		var e shapeEntry
		for s := 0; s < 3; s++ {
			e.counts[s] = uint8(bits.OnesCount(uint(mask >> (3 * s) & 7)))
		}
		sorted := e.counts
		slices.Sort(sorted[:])
		for _, n := range sorted {
			e.shape = e.shape<<3 | (1<<n - 1)
		}
		t[mask] = e
	}
	return t
}()

// firstRow finds the least first row and keeps every move that gives it:
// each source row of the least shape, in each stack order that puts its
// stacks in that shape, with each stack's columns one group for extend to
// order.
func (c *Canonicalizer) firstRow() {
	best := uint16(1 << 9)
	c.cur = c.cur[:0]
	c.nxt = c.nxt[:0]
	c.have = false
	for src := uint8(0); src < 2; src++ {
		for r := uint8(0); r < 9; r++ {
			row := c.grids[src][r*9 : r*9+9]
			shape, counts := rowShape(row)
			if shape > best {
				continue
			}
			if shape < best {
				best = shape
				c.cur = c.cur[:0]
			}
			for _, order := range &perms3 {
				if counts[order[0]] > counts[order[1]] || counts[order[1]] > counts[order[2]] {
					continue
				}
				m := canonMove{src: src, last: r, used: 1 << r, ends: stackEnds}
				for k, s := range order {
					m.cols[3*k], m.cols[3*k+1], m.cols[3*k+2] = 3*s, 3*s+1, 3*s+2
				}
				c.cur = append(c.cur, m)
			}
		}
	}
	for _, m := range c.cur {
		c.extend(&m, m.last)
	}
	c.cur, c.nxt = c.nxt, c.cur
}

// nextRow extends every kept move by result row r and keeps the least.
func (c *Canonicalizer) nextRow(r int) {
	c.nxt = c.nxt[:0]
	c.have = false
	for i := range c.cur {
		m := &c.cur[i]
		// The rest of the current band, or at a band boundary any row
		// of a band not yet used.
		lo, hi := 3*(m.last/3), 3*(m.last/3)+2
		if r%3 == 0 {
			lo, hi = 0, 8
		}
		for sr := lo; sr <= hi; sr++ {
			if m.used&(1<<sr) != 0 || (r%3 == 0 && m.used&(7<<(3*(sr/3))) != 0) {
				continue
			}
			c.extend(m, sr)
		}
	}
	c.cur, c.nxt = c.nxt, c.cur
}

// extend lays source row sr of m's grid as the next result row, each group
// of columns in its least order: blanks first (they stay one group), then
// digits already labelled, by label, then new digits, which take the next
// labels from the left. If that row is no greater than the least row so
// far, m extended goes to c.nxt, once for each order of every run of new
// digits (each order labels them differently).
func (c *Canonicalizer) extend(m *canonMove, sr uint8) {
	row := c.grids[m.src][int(sr)*9 : int(sr)*9+9]
	n := *m
	n.last = sr
	n.used |= 1 << sr
	n.ends = 0
	var vals [9]uint8
	var runs [3][2]uint8 // start and length of each run of 2 or more new digits
	nruns := 0
	a := 0
	equal := c.have // equal to the least row so far, up to column a
	for b := 0; b < 9; b++ {
		if m.ends&(1<<b) == 0 {
			continue
		}
		// Group a..b: blanks, then labelled digits by label, then new.
		var zeros, known, fresh [3]uint8
		nz, nk, nf := 0, 0, 0
		for j := a; j <= b; j++ {
			col := m.cols[j]
			switch v := row[col]; {
			case v == 0:
				zeros[nz] = col
				nz++
			case m.label[v] != 0:
				// Insertion by label: at most three.
				k := nk
				for k > 0 && m.label[row[known[k-1]]] > m.label[v] {
					known[k] = known[k-1]
					k--
				}
				known[k] = col
				nk++
			default:
				fresh[nf] = col
				nf++
			}
		}
		j := a
		for _, col := range zeros[:nz] {
			n.cols[j] = col
			j++
		}
		if nz > 0 {
			n.ends |= 1 << (j - 1)
		}
		for _, col := range known[:nk] {
			n.cols[j], vals[j] = col, m.label[row[col]]
			n.ends |= 1 << j
			j++
		}
		if nf > 1 {
			runs[nruns] = [2]uint8{uint8(j), uint8(nf)}
			nruns++
		}
		for _, col := range fresh[:nf] {
			n.next++
			n.cols[j], vals[j] = col, n.next
			n.label[row[col]] = n.next
			n.ends |= 1 << j
			j++
		}
		// Most rows tried lose to the least row within a group or two:
		// stop as soon as this one does.
		if equal {
			for ; a < j; a++ {
				if vals[a] != c.best[a] {
					if vals[a] > c.best[a] {
						return
					}
					equal = false
					break
				}
			}
		}
		a = b + 1
	}
	if !equal {
		c.best = vals
		c.have = true
		c.nxt = c.nxt[:0]
	}
	c.emit(&n, row, &vals, runs[:nruns])
}

// emit appends n to c.nxt once for each order of the columns in each run
// of new digits, each order giving its digits the run's labels from the
// left.
func (c *Canonicalizer) emit(n *canonMove, row []uint8, vals *[9]uint8, runs [][2]uint8) {
	if len(runs) == 0 {
		c.nxt = append(c.nxt, *n)
		return
	}
	start, k := runs[0][0], runs[0][1]
	orig := n.cols
	orders := perms3[:]
	if k == 2 {
		orders = perms2[:]
	}
	for _, p := range orders {
		for i := uint8(0); i < k; i++ {
			col := orig[start+p[i]]
			n.cols[start+i] = col
			n.label[row[col]] = vals[start+i]
		}
		c.emit(n, row, vals, runs[1:])
	}
	n.cols = orig
}

// perms3 are the six orders of three stacks, or of three columns within a
// stack; perms2 the two orders of the first two.
var (
	perms3 = [6][3]uint8{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	perms2 = [2][3]uint8{{0, 1, 2}, {1, 0, 2}}
)
