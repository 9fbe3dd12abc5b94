package engine

import "math/bits"

// Board is the human solver's state: the digits placed so far and, for every
// empty cell, its candidates as a bitset (bit d set means digit d, 1-9, is
// still possible). Filled cells have no candidates.
type Board struct {
	Cells Grid
	Cands [81]uint16
}

// AllDigits is the candidate set {1..9}.
const AllDigits uint16 = 0x3FE

// Bit returns the candidate bit of digit d.
func Bit(d uint8) uint16 { return 1 << d }

// Digits lists the digits of a candidate set in increasing order.
func Digits(m uint16) []uint8 {
	out := make([]uint8, 0, bits.OnesCount16(m))
	for m != 0 {
		d := uint8(bits.TrailingZeros16(m))
		out = append(out, d)
		m &= m - 1
	}
	return out
}

// Count is the number of candidates in m.
func Count(m uint16) int { return bits.OnesCount16(m) }

// FirstDigit is the lowest digit in m (0 if m is empty).
func FirstDigit(m uint16) uint8 {
	if m == 0 {
		return 0
	}
	return uint8(bits.TrailingZeros16(m))
}

// NewBoard fills in the candidates of every empty cell from the givens. It
// does not check the givens; call Grid.Validate first.
func NewBoard(g Grid) Board {
	var b Board
	b.Cells = g
	for i := 0; i < 81; i++ {
		if g[i] != 0 {
			continue
		}
		m := AllDigits
		for _, p := range Peers[i] {
			if v := g[p]; v != 0 {
				m &^= Bit(v)
			}
		}
		b.Cands[i] = m
	}
	return b
}

// Place puts d in cell i and removes d from the candidates of its peers.
func (b *Board) Place(i int, d uint8) {
	b.Cells[i] = d
	b.Cands[i] = 0
	for _, p := range Peers[i] {
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

// Solved reports whether every cell is filled.
func (b *Board) Solved() bool { return b.Cells.Complete() }

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
	s.Length = 0
	s.Rating = 0
	s.extra = 0
}
