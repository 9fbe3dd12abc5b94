package engine

// The even-odd rung reads the parity of candidates; it runs only on a
// geometry with parity marks, so every other kind grades as before.
//
// Parity set (medium). A house of a 9x9 holds four even digits and five
// odd ones (a 6x6 three of each). When as many of its open cells as it
// has even digits still to place can hold nothing but an even digit (a
// shaded cell, or one whose odd candidates are gone), those cells take
// every even digit left: the house's other cells are odd. The same holds
// with odd and even swapped:
//
//	row 4:  [e][e][ ][e][ ][e][ ][ ][ ]   four even cells: the other
//	                                      five lose 2, 4, 6 and 8
//
// It is a naked quad (or quint) of a digit class, seen at a glance from
// the shading, where the quad itself needs the digits.

import "fmt"

func init() {
	register(ParitySet, findParitySet)
	// notes.go's init fills the table before this file's runs (files
	// initialise in name order).
	wordings[ParitySet] = parityWords
}

// findParitySet finds a house whose even (or odd) digits left are locked
// into as many cells and strikes them from its other cells.
func findParitySet(b *Board, s *Step) bool {
	g := b.geo()
	if g.parity == nil {
		return false
	}
	for _, u := range g.scan {
		var placed uint32
		for _, c := range g.Houses[u] {
			placed |= Bit(b.Cells[c])
		}
		for cls := range 2 {
			want := parityMask(g.N, uint8(cls)+1)
			left := want &^ placed
			if left == 0 {
				continue
			}
			var locked []int
			for _, c := range g.Houses[u] {
				if b.Cells[c] == 0 && b.Cands[c]&^want == 0 {
					locked = append(locked, c)
				}
			}
			if len(locked) != Count(left) {
				continue
			}
			for _, c := range g.Houses[u] {
				if b.Cells[c] != 0 || b.Cands[c]&^want == 0 {
					continue
				}
				for m := b.Cands[c] & want; m != 0; m &= m - 1 {
					s.Eliminations = append(s.Eliminations, Elimination{c, FirstDigit(m)})
				}
			}
			if len(s.Eliminations) > 0 {
				if s.Explain() {
					s.houses(RoleHouse, u)
					s.set(RoleBase, left, locked...)
				}
				return true
			}
		}
	}
	return false
}

// parityWords: "parity set: in row 4, r4c1, r4c2, r4c4 and r4c6 can
// hold only even digits, and 2, 4, 6 and 8 are left: the other cells are
// odd; 2 leaves r4c3; ...".
func parityWords(g *Geometry, _ *Board, s *Step) string {
	p := s.Pattern.Parts // the house, the locked cells with the digits left
	class := "odd"
	if p[1].Digits&0x15554 != 0 {
		class = "even"
	}
	return fmt.Sprintf("parity set: in %s, %s can hold only %s digits, and %s are left: the other cells are not %s; %s",
		g.HouseName(p[0].Houses[0]), cellNames(g, p[1].Cells), class, digitList(p[1].Digits), class, elimText(g, s.Eliminations))
}
