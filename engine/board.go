package engine

import "math/bits"

// Board is the human solver's state on a geometry: the digits placed so far
// and, for every empty cell, its candidates as a bitset (bit d set means
// digit d, 1 to G.N, is still possible). Filled cells have no candidates.
// Only the first G.Cells entries of Cells and Cands are used. A nil G means
// classic 9x9, so the zero Board is an empty classic board.
type Board struct {
	G     *Geometry
	Cells [MaxCells]uint8
	Cands [MaxCells]uint32

	// open counts the empty cells of each house, kept by reset and Place,
	// so a full house is found without counting cells.
	open [maxHouses]uint8
}

// geo is the board's geometry; the zero Board is a classic 9x9 board.
func (b *Board) geo() *Geometry {
	if b.G == nil {
		return Classic9
	}
	return b.G
}

// AllDigits is the candidate set {1..9} of classic 9x9; other geometries
// use their own G.All.
const AllDigits uint32 = 0x3FE

// Bit returns the candidate bit of digit d.
func Bit(d uint8) uint32 { return 1 << d }

// Digits lists the digits of a candidate set in increasing order.
func Digits(m uint32) []uint8 {
	out := make([]uint8, 0, bits.OnesCount32(m))
	for m != 0 {
		d := uint8(bits.TrailingZeros32(m))
		out = append(out, d)
		m &= m - 1
	}
	return out
}

// Count is the number of candidates in m.
func Count(m uint32) int { return bits.OnesCount32(m) }

// FirstDigit is the lowest digit in m (0 if m is empty).
func FirstDigit(m uint32) uint8 {
	if m == 0 {
		return 0
	}
	return uint8(bits.TrailingZeros32(m))
}

// NewBoard is NewBoardOn for a classic 9x9 grid.
func NewBoard(g Grid) Board { return NewBoardOn(Classic9, g[:]) }

// NewBoardOn fills in the candidates of every empty cell of cells, a puzzle
// on geo, from the givens. It does not check the givens; call
// Geometry.Validate first.
func NewBoardOn(geo *Geometry, cells []uint8) Board {
	var b Board
	b.reset(geo, cells)
	return b
}

// reset makes b the board of cells on geo, in place.
func (b *Board) reset(geo *Geometry, cells []uint8) {
	b.G = geo
	n := geo.Cells
	copy(b.Cells[:n], cells)
	// Each house's placed digits, then each cell's candidates from its
	// houses: fewer reads than going through every cell's peers.
	var placed [maxHouses]uint32
	for u, h := range geo.Houses {
		var m uint32
		open := 0
		for _, c := range h {
			m |= bitOf(cells[c])
			open += int(isEmpty(cells[c]))
		}
		placed[u] = m
		b.open[u] = uint8(open)
	}
	for i := 0; i < n; i++ {
		if cells[i] != 0 {
			b.Cands[i] = 0
			continue
		}
		m := geo.domainOf(i)
		for _, u := range geo.CellHouses[i] {
			m &^= placed[u]
		}
		b.Cands[i] = m
	}
	if geo.givenPeers {
		b.clearGivenPeers(geo, cells)
	}
}

// clearGivenPeers takes each given's digit from its peers outside its
// houses (a knight's move away), which the houses' pass above missed.
func (b *Board) clearGivenPeers(geo *Geometry, cells []uint8) {
	for i, v := range cells[:geo.Cells] {
		if v == 0 {
			continue
		}
		for _, p := range geo.Peers[i] {
			b.Cands[p] &^= Bit(v)
		}
	}
}

// Grid returns the cells of a classic 9x9 board as a Grid.
func (b *Board) Grid() Grid {
	var g Grid
	copy(g[:], b.Cells[:81])
	return g
}

// Filled returns a copy of the board's cells, G.Cells of them.
func (b *Board) Filled() []uint8 { return append([]uint8(nil), b.Cells[:b.geo().Cells]...) }

// Place puts d in cell i and removes d from the candidates of its peers.
func (b *Board) Place(i int, d uint8) {
	g := b.geo()
	if b.Cells[i] == 0 {
		for _, u := range g.CellHouses[i] {
			b.open[u]--
		}
	}
	b.Cells[i] = d
	b.Cands[i] = 0
	for _, p := range g.Peers[i] {
		b.Cands[p] &^= Bit(d)
	}
}

// Eliminate removes candidate d from cell i and reports whether it was there.
func (b *Board) Eliminate(i int, d uint8) bool {
	if b.Cands[i]&Bit(d) == 0 {
		return false
	}
	b.Cands[i] &^= Bit(d)
	return true
}

// Apply carries out a step's placements and eliminations.
func (b *Board) Apply(s *Step) {
	for _, p := range s.Placements {
		b.Place(p.Cell, p.Digit)
	}
	for _, e := range s.Eliminations {
		b.Eliminate(e.Cell, e.Digit)
	}
}

// clues counts the filled cells.
func (b *Board) clues() int {
	n := 0
	for _, v := range b.Cells[:b.geo().Cells] {
		if v != 0 {
			n++
		}
	}
	return n
}

// Solved reports whether every cell is filled.
func (b *Board) Solved() bool {
	for _, v := range b.Cells[:b.geo().Cells] {
		if v == 0 {
			return false
		}
	}
	return true
}

// Sees reports whether cells a and b share a house (a cell does not see itself).
func Sees(a, b int) bool {
	return a != b && (Row(a) == Row(b) || Col(a) == Col(b) || Box(a) == Box(b))
}

// finder looks for one application of a technique on b. When it finds one it
// fills s (technique, placements or eliminations, note) and returns true. It
// must not change b: the grader applies the step. Every finder must report
// only steps that make progress (at least one placement or elimination).
type finder func(b *Board, s *Step) bool

// finders is the technique table the grader walks, cheapest first. Each
// technique's file registers its finder in an init function, so the table
// and the techniques stay in one place each.
var finders [NumTechniques]finder

func register(t Technique, f finder) {
	if finders[t] != nil {
		panic("engine: technique registered twice: " + t.String())
	}
	finders[t] = f
}

// startStep readies s for a new finding of t, keeping the capacity of its
// slices so bulk grading allocates nothing. The grader calls it before each
// finder, so s arrives empty; the finders of the later rungs call it again
// as they fill s, which keeps them sound when called on their own.
func startStep(s *Step, t Technique) {
	s.Technique = t
	s.Placements = s.Placements[:0]
	s.Eliminations = s.Eliminations[:0]
	s.Note = ""
	s.Pattern = Pattern{}
	s.Length = 0
	s.Rating = 0
	s.extra = 0
}
