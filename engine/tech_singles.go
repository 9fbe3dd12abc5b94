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
	register(NakedSingle, findNakedSingle)
	register(HiddenSingle, findHiddenSingle)
}

// scanOrder is the order in which the singles and subsets visit the houses:
// boxes, then rows, then columns.
var scanOrder = [27]uint8{
	18, 19, 20, 21, 22, 23, 24, 25, 26,
	0, 1, 2, 3, 4, 5, 6, 7, 8,
	9, 10, 11, 12, 13, 14, 15, 16, 17,
}

func findFullHouse(b *Board, s *Step) bool {
	// The last cell of a house can only hold the missing digit, so it is a
	// naked single too: looking at those first spares a count of every
	// house on each step.
	for i := 0; i < 81; i++ {
		m := b.Cands[i]
		if m == 0 || m&(m-1) != 0 {
			continue
		}
		for k := 2; k >= 0; k-- { // box, column, row: boxes read best
			u := int(CellUnits[i][k])
			if !lastEmpty(b, u, i) {
				continue
			}
			d := FirstDigit(m)
			s.Technique = FullHouse
			s.Placements = append(s.Placements, Placement{i, d})
			if s.Explain() {
				s.Note = fmt.Sprintf("full house: %s is the last empty cell of %s, so it takes %d",
					CellName(i), houseName(u), d)
			}
			return true
		}
	}
	return false
}

// lastEmpty reports whether cell i is the only empty cell of house u.
func lastEmpty(b *Board, u, i int) bool {
	for _, c := range Units[u] {
		if int(c) != i && b.Cells[c] == 0 {
			return false
		}
	}
	return true
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
			if s.Explain() {
				s.Note = fmt.Sprintf("hidden single: in %s, %d fits only in %s",
					houseName(int(u)), d, CellName(int(c)))
			}
			return true
		}
	}
	return false
}
