package engine

import (
	"fmt"
	"math/bits"
)

// Uniqueness techniques lean on the promise that the puzzle has exactly one
// solution: they rule out positions that would leave two. The grader proves
// uniqueness with the solver before it grades, so the promise holds
// whenever these run; on a puzzle with several solutions they may remove a
// digit some solution needs.

func init() {
	register(UniqueRectangle1, findUniqueRectangle1)
	register(BUGPlus1, findBUGPlus1)
}

// findUniqueRectangle1: four unsolved cells on two rows and two columns,
// lying in exactly two boxes, three of them holding only {a,b}. If the
// fourth were also a or b, the four could swap a and b with every house
// still complete: two solutions. So the fourth cell is neither a nor b.
//
//	{a,b} . . {a,b}        same band, two boxes
//	{a,b} . . {a,b,c}  ->  r?c? loses a and b
func findUniqueRectangle1(b *Board, s *Step) bool {
	bv := bivalueSets(b)
	for r1 := 0; r1 < 9; r1++ {
		row := bv[0].and(houseSets[r1])
		for as := row; !as.empty(); {
			a := as.pop()
			m := b.Cands[a]
			for cs := as; !cs.empty(); {
				c := cs.pop()
				if b.Cands[c] != m {
					continue
				}
				c1, c2 := Col(a), Col(c)
				sameStack := c1/3 == c2/3
				for r2 := 0; r2 < 9; r2++ {
					if r2 == r1 || (r2/3 == r1/3) == sameStack {
						continue // one box or four, not two
					}
					x, y := r2*9+c1, r2*9+c2
					var roof int // the cell with extra candidates
					switch {
					case b.Cands[x] == m && b.Cands[y]&m == m && b.Cands[y] != m:
						roof = y
					case b.Cands[y] == m && b.Cands[x]&m == m && b.Cands[x] != m:
						roof = x
					default:
						continue
					}
					startStep(s, UniqueRectangle1)
					for _, d := range [2]uint8{FirstDigit(m), FirstDigit(m & (m - 1))} {
						s.Eliminations = append(s.Eliminations, Elimination{Cell: roof, Digit: d})
					}
					if s.Explain() {
						floor := x + y - roof
						s.Note = fmt.Sprintf("unique rectangle type 1: %s, %s and %s hold only %s; if %s were %d or %d the four cells could trade them for a second solution: %s",
							CellName(a), CellName(c), CellName(floor), digitsText(m), CellName(roof),
							FirstDigit(m), FirstDigit(m&(m-1)), elimText(s.Eliminations))
					}
					return true
				}
			}
		}
	}
	return false
}

// findBUGPlus1: every unsolved cell has two candidates but one, which has
// three. If that cell lost the right one of its three, every house would
// hold each remaining candidate exactly twice (or not at all): a "bivalue
// universal grave", which never has exactly one solution, since its digits
// pair up around cycles that can each be flipped. So that candidate is the
// cell's digit. It is the one that appears three times in the cell's row,
// column and box.
func findBUGPlus1(b *Board, s *Step) bool {
	tri := -1
	var count [27][10]uint8
	for i := 0; i < 81; i++ {
		m := b.Cands[i]
		if m == 0 {
			continue
		}
		switch bits.OnesCount16(m) {
		case 2:
		case 3:
			if tri >= 0 {
				return false
			}
			tri = i
		default:
			return false
		}
		for ; m != 0; m &= m - 1 {
			d := bits.TrailingZeros16(m)
			for _, u := range CellUnits[i] {
				count[u][d]++
			}
		}
	}
	if tri < 0 {
		return false
	}
	// Every house away from the trivalue cell must already be a grave.
	for u := 0; u < 27; u++ {
		if houseSets[u].has(tri) {
			continue
		}
		for d := 1; d <= 9; d++ {
			if count[u][d] != 0 && count[u][d] != 2 {
				return false
			}
		}
	}
	// Exactly one of the three candidates must leave a grave when removed.
	var want uint8
	for m := b.Cands[tri]; m != 0; m &= m - 1 {
		e := uint8(bits.TrailingZeros16(m))
		if graveWithout(&count, tri, e) {
			if want != 0 {
				return false
			}
			want = e
		}
	}
	if want == 0 {
		return false
	}
	startStep(s, BUGPlus1)
	s.Placements = append(s.Placements, Placement{Cell: tri, Digit: want})
	if s.Explain() {
		s.Note = fmt.Sprintf("bug+1: every unsolved cell but %s has two candidates, and %d appears three times in its houses; without %d the grid would have no unique solution, so %s is %d",
			CellName(tri), want, want, CellName(tri), want)
	}
	return true
}

// graveWithout reports whether the houses of cell tri would hold every
// candidate zero or two times once e is removed from tri.
func graveWithout(count *[27][10]uint8, tri int, e uint8) bool {
	for _, u := range CellUnits[tri] {
		for d := uint8(1); d <= 9; d++ {
			n := count[u][d]
			if d == e {
				n--
			}
			if n != 0 && n != 2 {
				return false
			}
		}
	}
	return true
}
