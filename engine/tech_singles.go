package engine

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
// Hidden singles are looked for in boxes (or regions) first, then rows,
// then columns, then the variant's extra houses, because that is how people
// scan a grid (Geometry.scan).

func init() {
	register(FullHouse, findFullHouse)
	register(HiddenSingle, findHiddenSingle)
	register(NakedSingle, findNakedSingle)
}

func findFullHouse(b *Board, s *Step) bool {
	g := b.geo()
	for _, u := range g.scan {
		if b.open[u] != 1 {
			continue
		}
		last := -1
		var have uint32
		for _, c := range g.Houses[u] {
			if b.Cells[c] == 0 {
				last = c
			}
			have |= bitOf(b.Cells[c])
		}
		missing := g.All &^ have
		// The candidate is checked too, so that a board already broken by a
		// wrong elimination is never "repaired" by a placement.
		if b.Cands[last]&missing == 0 {
			continue
		}
		d := FirstDigit(missing)
		s.Technique = FullHouse
		s.Placements = append(s.Placements, Placement{last, d})
		if s.Explain() {
			s.cells(RoleTarget, last)
			s.houses(RoleHouse, u)
			s.digit(d)
		}
		return true
	}
	return false
}

// isEmpty is 1 for a blank cell value and 0 for a digit, without a branch:
// on a half-filled grid a branch here is mispredicted half the time.
func isEmpty(v uint8) uint64 { return (uint64(v) - 1) >> 63 }

// bitOf is the candidate bit of a cell's value, or 0 for an empty cell.
func bitOf(v uint8) uint32 {
	if v == 0 {
		return 0
	}
	return Bit(v)
}

func findNakedSingle(b *Board, s *Step) bool {
	for i := 0; i < b.geo().Cells; i++ {
		m := b.Cands[i]
		if m == 0 || m&(m-1) != 0 {
			continue
		}
		d := FirstDigit(m)
		s.Technique = NakedSingle
		s.Placements = append(s.Placements, Placement{i, d})
		if s.Explain() {
			s.cells(RoleTarget, i)
			s.digit(d)
		}
		return true
	}
	return false
}

// houseSingles returns the digits that have exactly one place left among the
// empty cells of house u.
func houseSingles(b *Board, u int) uint32 {
	var once, twice uint32
	for _, c := range b.geo().Houses[u] {
		m := b.Cands[c]
		twice |= once & m
		once |= m
	}
	return once &^ twice
}

func findHiddenSingle(b *Board, s *Step) bool {
	g := b.geo()
	for _, u := range g.scan {
		uniq := houseSingles(b, u)
		if uniq == 0 {
			continue
		}
		d := FirstDigit(uniq)
		for _, c := range g.Houses[u] {
			if b.Cands[c]&Bit(d) == 0 {
				continue
			}
			s.Technique = HiddenSingle
			s.Placements = append(s.Placements, Placement{c, d})
			if g.IsLine(u) {
				s.extra = 3 // SE: 1.5 in a row or column, 1.2 in a box
			}
			if s.Explain() {
				s.houses(RoleHouse, u)
				s.digit(d)
				s.cells(RoleTarget, c)
			}
			return true
		}
	}
	return false
}
