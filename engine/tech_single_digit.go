package engine

import (
	"fmt"
	"math/bits"
)

// Single-digit patterns look at one digit at a time. Their raw material is
// the strong link: a house where the digit has exactly two places left (a
// conjugate pair), so exactly one of the two cells holds it. Two strong links
// whose near ends see each other (a weak link: at most one of them holds the
// digit) form a chain A = B - C = D, and then A or D holds the digit: if A
// does not, B does, so C does not, so D does. Any cell seeing both A and D
// loses the digit. Skyscraper and 2-String Kite are the two named shapes of
// that chain; the X-Chain in tech_chains.go is its long form.

func init() {
	register(Skyscraper, findSkyscraper)
	register(TwoStringKite, findTwoStringKite)
	register(EmptyRectangle, findEmptyRectangle)
}

// findSkyscraper: two parallel lines (rows, or columns) each hold the digit
// in exactly two cells, and one end of each lies in the same cross line (the
// base). The other two ends (the tops) are then not both empty of the digit,
// so a cell seeing both tops loses it. Here with rows, digit 4:
//
//	r1 . 4 . | . . . | 4 . .     tops r1c7 and r5c8, base c2
//	r5 . 4 . | . . . | . 4 .     r2c8, r3c8 (box 3) and r4c7, r6c7
//	                             (box 6) see both tops and lose 4
//
// When both pairs share both cross lines the shape is an X-Wing, left to
// that technique.
func findSkyscraper(b *Board, s *Step) bool {
	dm := digitCellSets(b)
	for d := uint8(1); d <= 9; d++ {
		cells := dm[d]
		places := digitPlaces(cells)
		for first := 0; first < 18; first += 9 { // rows, then columns
			for l1 := 0; l1 < 9; l1++ {
				p1 := places[first+l1]
				if bits.OnesCount16(p1) != 2 {
					continue
				}
				for l2 := l1 + 1; l2 < 9; l2++ {
					p2 := places[first+l2]
					if bits.OnesCount16(p2) != 2 || bits.OnesCount16(p1&p2) != 1 {
						continue
					}
					base := p1 & p2
					top1 := int(Units[first+l1][bits.TrailingZeros16(p1&^base)])
					top2 := int(Units[first+l2][bits.TrailingZeros16(p2&^base)])
					elim := peerSets[top1].and(peerSets[top2]).and(cells)
					if elim.empty() {
						continue
					}
					startStep(s, Skyscraper)
					addElims(s, elim, d)
					if s.Explain() {
						k := bits.TrailingZeros16(base)
						b1, b2 := int(Units[first+l1][k]), int(Units[first+l2][k])
						s.Note = fmt.Sprintf("skyscraper on %d: the %s pairs %s and %s stand on %s, so %s or %s holds %d: %s",
							d, lineKind(first), pairText(b1, top1), pairText(b2, top2), houseName(crossLine(first, k)),
							CellName(top1), CellName(top2), d, elimText(s.Eliminations))
					}
					return true
				}
			}
		}
	}
	return false
}

// findTwoStringKite: a row and a column each hold the digit in exactly two
// cells, and one end of the row pair shares a box with one end of the column
// pair (the two are different cells). The far ends cannot both lack the
// digit, so a cell seeing both far ends (usually the one where the far row
// and the far column cross) loses it. Digit 5:
//
//	r1 . 5 . | . . . | . 5 .     row pair r1c2 - r1c8
//	r2 5 . . | . . . | . . .     column pair r2c1 - r8c1
//	 ...                         r1c2 and r2c1 share box 1;
//	r8 5 . . | . . . | . x .     the far ends r1c8 and r8c1 both see r8c8
func findTwoStringKite(b *Board, s *Step) bool {
	dm := digitCellSets(b)
	for d := uint8(1); d <= 9; d++ {
		cells := dm[d]
		places := digitPlaces(cells)
		for r := 0; r < 9; r++ {
			rp := places[r]
			if bits.OnesCount16(rp) != 2 {
				continue
			}
			rowEnds := pairCells(r, rp)
			for c := 0; c < 9; c++ {
				cp := places[9+c]
				if bits.OnesCount16(cp) != 2 {
					continue
				}
				colEnds := pairCells(9+c, cp)
				for i := 0; i < 2; i++ {
					for j := 0; j < 2; j++ {
						x, xFar := rowEnds[i], rowEnds[1-i]
						y, yFar := colEnds[j], colEnds[1-j]
						if x == y || Box(x) != Box(y) || Box(xFar) == Box(x) || Box(yFar) == Box(y) {
							continue
						}
						elim := peerSets[xFar].and(peerSets[yFar]).and(cells)
						if elim.empty() {
							continue
						}
						startStep(s, TwoStringKite)
						addElims(s, elim, d)
						if s.Explain() {
							s.Note = fmt.Sprintf("2-string kite on %d: the row pair %s and the column pair %s meet in box %d, so %s or %s holds %d: %s",
								d, pairText(x, xFar), pairText(y, yFar), Box(x)+1, CellName(xFar), CellName(yFar), d, elimText(s.Eliminations))
						}
						return true
					}
				}
			}
		}
	}
	return false
}

// findEmptyRectangle: inside one box the digit's places all lie on one row r
// and one column c of the box (a cross, with places off the crossing cell on
// both arms, else it is plain pointing). Take a column x outside the box
// whose only two places are (r,x) and (y,x), y outside the box's band. Then
// (y,c) cannot hold the digit: it would clear (y,x), force (r,x), and row r
// and column c would leave the box no place for the digit. The same with a
// row pair on the column arm. Digit 3, box 1 crossing at r2, c2:
//
//	r2 3 3 . | . . . | . 3 .     conjugate pair in c8: r2c8 and r7c8
//	r3 . 3 . | . . . | . . .     r7c2 would see r7c8 and, with it, empty
//	r7 . x . | . . . | . 3 .     box 1: r7c2 loses 3
func findEmptyRectangle(b *Board, s *Step) bool {
	dm := digitCellSets(b)
	for d := uint8(1); d <= 9; d++ {
		cells := dm[d]
		places := digitPlaces(cells)
		for bx := 0; bx < 9; bx++ {
			bm := places[18+bx]
			if bits.OnesCount16(bm) < 2 {
				continue
			}
			band, stack := bx/3, bx%3
			for rr := 0; rr < 3; rr++ {
				rowArm := uint16(7) << (3 * rr)
				for cc := 0; cc < 3; cc++ {
					colArm := uint16(1|8|64) << cc
					if bm&^(rowArm|colArm) != 0 || bm&^rowArm == 0 || bm&^colArm == 0 {
						continue
					}
					r, c := band*3+rr, stack*3+cc
					// Column pairs (r,x)-(y,x) hit (y,c); row pairs (y,c)-(y,x) hit (r,x).
					for x := 0; x < 9; x++ {
						if x/3 == stack {
							continue
						}
						if cp := places[9+x]; bits.OnesCount16(cp) == 2 && cp&(1<<r) != 0 {
							y := bits.TrailingZeros16(cp &^ (1 << r))
							if y/3 != band && cells.has(y*9+c) {
								return emptyRectangleStep(s, d, bx, r, c, r*9+x, y*9+x, y*9+c)
							}
						}
					}
					for y := 0; y < 9; y++ {
						if y/3 == band {
							continue
						}
						if rp := places[y]; bits.OnesCount16(rp) == 2 && rp&(1<<c) != 0 {
							x := bits.TrailingZeros16(rp &^ (1 << c))
							if x/3 != stack && cells.has(r*9+x) {
								return emptyRectangleStep(s, d, bx, r, c, y*9+c, y*9+x, r*9+x)
							}
						}
					}
				}
			}
		}
	}
	return false
}

// emptyRectangleStep records an empty rectangle in box bx crossing at row r
// and column c, with the conjugate pair near-far and the target cell.
func emptyRectangleStep(s *Step, d uint8, bx, r, c, near, far, target int) bool {
	startStep(s, EmptyRectangle)
	s.Eliminations = append(s.Eliminations, Elimination{Cell: target, Digit: d})
	if s.Explain() {
		s.Note = fmt.Sprintf("empty rectangle on %d: in box %d, %d lies only on row %d and column %d; with the pair %s, %s would leave box %d without %d: %s",
			d, bx+1, d, r+1, c+1, pairText(near, far), CellName(target), bx+1, d, elimText(s.Eliminations))
	}
	return true
}

// pairCells returns the two cells of house u at the positions set in p.
func pairCells(u int, p uint16) [2]int {
	a := bits.TrailingZeros16(p)
	c := bits.TrailingZeros16(p &^ (1 << a))
	return [2]int{int(Units[u][a]), int(Units[u][c])}
}

// lineKind names the kind of house that starts at unit first (0 or 9).
func lineKind(first int) string {
	if first == 0 {
		return "row"
	}
	return "column"
}

// crossLine is the unit crossing the lines of family first at position k:
// column k for rows, row k for columns.
func crossLine(first, k int) int {
	if first == 0 {
		return 9 + k
	}
	return k
}
