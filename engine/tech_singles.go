package engine

import (
	"fmt"
	"math/bits"
)

// The singles place digits; everything further up the ladder only removes
// candidates so that a single appears.
//
// A full house is the last empty cell of a row, column or box: it takes the
// one digit the house is missing. A naked single is a cell with one candidate
// left. A hidden single is a digit with one place left in a house, however
// many candidates that cell has:
//
//	box 5      . 7 .     7 is ruled out of every other cell of box 5
//	           x x x     by 7s in the rows and columns around it, so
//	           x x x     it must go in the one cell left.
//
// Hidden singles are looked for in boxes first, then rows, then columns,
// because that is how people scan a grid.

func init() {
	register(FullHouse, findFullHouse)
	register(HiddenSingle, findHiddenSingle)
	register(NakedSingle, findNakedSingle)
}

// scanOrder is the order in which the singles and subsets visit the houses:
// boxes, then rows, then columns.
var scanOrder = [27]uint8{
	18, 19, 20, 21, 22, 23, 24, 25, 26,
	0, 1, 2, 3, 4, 5, 6, 7, 8,
	9, 10, 11, 12, 13, 14, 15, 16, 17,
}

func findFullHouse(b *Board, s *Step) bool {
	// The empty cells as an 81-bit set; a house whose share of it is one
	// bit has one empty cell left.
	var lo, hi uint64
	for i := 0; i < 64; i++ {
		lo |= isEmpty(b.Cells[i]) << i
	}
	for i := 64; i < 81; i++ {
		hi |= isEmpty(b.Cells[i]) << (i - 64)
	}
	for _, u := range scanOrder {
		h := &houseSets[u]
		if bits.OnesCount64(lo&h.lo)+bits.OnesCount64(hi&h.hi) != 1 {
			continue
		}
		last := bits.TrailingZeros64(lo & h.lo)
		if last == 64 {
			last = 64 + bits.TrailingZeros64(hi&h.hi)
		}
		var have uint16
		for _, c := range Units[u] {
			have |= bitOf(b.Cells[c])
		}
		missing := AllDigits &^ have
		// The candidate is checked too, so that a board already broken by a
		// wrong elimination is never "repaired" by a placement.
		if b.Cands[last]&missing == 0 {
			continue
		}
		d := FirstDigit(missing)
		s.Technique = FullHouse
		s.Placements = append(s.Placements, Placement{last, d})
		if s.Explain() {
			s.Note = fmt.Sprintf("full house: %s is the last empty cell of %s, so it takes %d",
				CellName(last), houseName(int(u)), d)
		}
		return true
	}
	return false
}

// isEmpty is 1 for a blank cell value and 0 for a digit, without a branch:
// on a half-filled grid a branch here is mispredicted half the time.
func isEmpty(v uint8) uint64 { return (uint64(v) - 1) >> 63 }

// bitOf is the candidate bit of a cell's value, or 0 for an empty cell.
func bitOf(v uint8) uint16 {
	if v == 0 {
		return 0
	}
	return Bit(v)
}

func findNakedSingle(b *Board, s *Step) bool {
	for i := 0; i < 81; i++ {
		m := b.Cands[i]
		if m == 0 || m&(m-1) != 0 {
			continue
		}
		d := FirstDigit(m)
		s.Technique = NakedSingle
		s.Placements = append(s.Placements, Placement{i, d})
		if s.Explain() {
			s.Note = fmt.Sprintf("naked single: %s can only be %d", CellName(i), d)
		}
		return true
	}
	return false
}

// houseSingles returns the digits that have exactly one place left among the
// empty cells of house u.
func houseSingles(b *Board, u int) uint16 {
	var once, twice uint16
	for _, c := range Units[u] {
		m := b.Cands[c]
		twice |= once & m
		once |= m
	}
	return once &^ twice
}

func findHiddenSingle(b *Board, s *Step) bool {
	for _, u := range scanOrder {
		uniq := houseSingles(b, int(u))
		if uniq == 0 {
			continue
		}
		d := uint8(bits.TrailingZeros16(uniq))
		for _, c := range Units[u] {
			if b.Cands[c]&Bit(d) == 0 {
				continue
			}
			s.Technique = HiddenSingle
			s.Placements = append(s.Placements, Placement{int(c), d})
			if u < 18 {
				s.extra = 3 // SE: 1.5 in a row or column, 1.2 in a box
			}
			if s.Explain() {
				s.Note = fmt.Sprintf("hidden single: in %s, %d fits only in %s",
					houseName(int(u)), d, CellName(int(c)))
			}
			return true
		}
	}
	return false
}
