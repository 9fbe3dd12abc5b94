package engine

import (
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
	g := b.geo()
	dm := digitCellSets(b)
	for d := uint8(1); int(d) <= g.N; d++ {
		cells := dm[d]
		places := digitPlaces(g, cells)
		for pi := range g.planes {
			for side := range 2 { // rows, then columns
				lines, cross := g.planes[pi].lines[side], g.planes[pi].lines[1-side]
				if skyscraperIn(g, s, d, cells, &places, lines, cross) {
					return true
				}
			}
		}
	}
	return false
}

// skyscraperIn looks for a skyscraper on d standing on two of lines, its
// base in one of cross.
func skyscraperIn(g *Geometry, s *Step, d uint8, cells cellSet, places *[maxHouses]uint16, lines, cross []int) bool {
	for l1, u1 := range lines {
		p1 := places[u1]
		if bits.OnesCount16(p1) != 2 {
			continue
		}
		for _, u2 := range lines[l1+1:] {
			p2 := places[u2]
			if bits.OnesCount16(p2) != 2 || bits.OnesCount16(p1&p2) != 1 {
				continue
			}
			base := p1 & p2
			top1 := g.Houses[u1][bits.TrailingZeros16(p1&^base)]
			top2 := g.Houses[u2][bits.TrailingZeros16(p2&^base)]
			elim := g.peerSets[top1].and(g.peerSets[top2]).and(cells)
			if elim.empty() {
				continue
			}
			startStep(s, Skyscraper)
			addElims(s, elim, d)
			if s.Explain() {
				k := bits.TrailingZeros16(base)
				b1, b2 := g.Houses[u1][k], g.Houses[u2][k]
				s.digit(d)
				s.houses(RoleBase, u1, u2)
				s.cells(RoleLink, b1, top1)
				s.cells(RoleLink, b2, top2)
				s.houses(RoleHouse, cross[k])
				s.cells(RoleEnds, top1, top2)
			}
			return true
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
	g := b.geo()
	box := func(c int) uint8 { return g.Regions[c] }
	dm := digitCellSets(b)
	for d := uint8(1); int(d) <= g.N; d++ {
		cells := dm[d]
		places := digitPlaces(g, cells)
		for pi := range g.planes {
			pl := &g.planes[pi]
			for _, ru := range pl.lines[0] {
				rp := places[ru]
				if bits.OnesCount16(rp) != 2 {
					continue
				}
				rowEnds := pairCells(g, ru, rp)
				for _, cu := range pl.lines[1] {
					cp := places[cu]
					if bits.OnesCount16(cp) != 2 {
						continue
					}
					colEnds := pairCells(g, cu, cp)
					for i := 0; i < 2; i++ {
						for j := 0; j < 2; j++ {
							x, xFar := rowEnds[i], rowEnds[1-i]
							y, yFar := colEnds[j], colEnds[1-j]
							if x == y || box(x) != box(y) || box(xFar) == box(x) || box(yFar) == box(y) {
								continue
							}
							elim := g.peerSets[xFar].and(g.peerSets[yFar]).and(cells)
							if elim.empty() {
								continue
							}
							startStep(s, TwoStringKite)
							addElims(s, elim, d)
							if s.Explain() {
								s.digit(d)
								s.cells(RoleLink, x, xFar)
								s.cells(RoleLink, y, yFar)
								s.houses(RoleHouse, g.regionHouse(x))
								s.cells(RoleEnds, xFar, yFar)
							}
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// findEmptyRectangle: inside one box the digit's places all lie on one row r
// and one column c of the box (a cross, with places off the crossing cell on
// both arms, else it is plain pointing). Take a column x that misses the box
// whose only two places are (r,x) and (y,x), with row y missing the box too.
// Then (y,c) cannot hold the digit: it would clear (y,x), force (r,x), and
// row r and column c would leave the box no place for the digit. The same
// with a row pair on the column arm. Digit 3, box 1 crossing at r2, c2:
//
//	r2 3 3 . | . . . | . 3 .     conjugate pair in c8: r2c8 and r7c8
//	r3 . 3 . | . . . | . . .     r7c2 would see r7c8 and, with it, empty
//	r7 . x . | . . . | . 3 .     box 1: r7c2 loses 3
//
// The box may be any region, a jigsaw piece too: the argument only needs
// the arms to be the region's cells on row r and on column c.
func findEmptyRectangle(b *Board, s *Step) bool {
	g := b.geo()
	n := g.N
	dm := digitCellSets(b)
	for d := uint8(1); int(d) <= n; d++ {
		cells := dm[d]
		places := digitPlaces(g, cells)
		for pi := range g.planes {
			pl := &g.planes[pi]
			rows, cols := pl.lines[0], pl.lines[1]
			at := func(r, c int) int { return pl.cell(n, r, c) }
			for _, box := range pl.boxes {
				in := cells.and(g.houseSets[box])
				if in.count() < 2 {
					continue
				}
				// The plane's rows and columns the region reaches, as
				// position masks.
				var rowsIn, colsIn uint16
				for _, c := range g.Houses[box] {
					r, c := pl.local(g, c)
					rowsIn |= 1 << r
					colsIn |= 1 << c
				}
				for rm := rowsIn; rm != 0; rm &= rm - 1 {
					r := bits.TrailingZeros16(rm)
					rowArm := g.houseSets[rows[r]]
					for cm := colsIn; cm != 0; cm &= cm - 1 {
						c := bits.TrailingZeros16(cm)
						colArm := g.houseSets[cols[c]]
						if !in.andNot(rowArm.or(colArm)).empty() || in.andNot(rowArm).empty() || in.andNot(colArm).empty() {
							continue
						}
						// Column pairs (r,x)-(y,x) hit (y,c); row pairs (y,c)-(y,x) hit (r,x).
						for x := 0; x < n; x++ {
							if colsIn&(1<<x) != 0 {
								continue
							}
							if cp := places[cols[x]]; bits.OnesCount16(cp) == 2 && cp&(1<<r) != 0 {
								y := bits.TrailingZeros16(cp &^ (1 << r))
								if rowsIn&(1<<y) == 0 && cells.has(at(y, c)) {
									return emptyRectangleStep(g, s, d, box, at(r, c), at(r, x), at(y, x), at(y, c))
								}
							}
						}
						for y := 0; y < n; y++ {
							if rowsIn&(1<<y) != 0 {
								continue
							}
							if rp := places[rows[y]]; bits.OnesCount16(rp) == 2 && rp&(1<<c) != 0 {
								x := bits.TrailingZeros16(rp &^ (1 << c))
								if colsIn&(1<<x) == 0 && cells.has(at(r, x)) {
									return emptyRectangleStep(g, s, d, box, at(r, c), at(y, c), at(y, x), at(r, x))
								}
							}
						}
					}
				}
			}
		}
	}
	return false
}

// emptyRectangleStep records an empty rectangle in house box crossing at
// the row and column of cell cross, with the conjugate pair near-far and
// the target cell.
func emptyRectangleStep(g *Geometry, s *Step, d uint8, box, cross, near, far, target int) bool {
	startStep(s, EmptyRectangle)
	s.Eliminations = append(s.Eliminations, Elimination{Cell: target, Digit: d})
	if s.Explain() {
		s.digit(d)
		s.houses(RoleHouse, box)
		s.houses(RoleBase, lineOf(g, cross, RowHouse), lineOf(g, cross, ColumnHouse))
		s.cells(RoleLink, near, far)
		s.cells(RoleTarget, target)
	}
	return true
}

// lineOf is the first house of kind k through cell c (a row or a
// column), or -1.
func lineOf(g *Geometry, c int, k HouseKind) int {
	for _, u := range g.CellHouses[c] {
		if g.Kinds[u] == k {
			return u
		}
	}
	return -1
}

// pairCells returns the two cells of house u at the positions set in p.
func pairCells(g *Geometry, u int, p uint16) [2]int {
	a := bits.TrailingZeros16(p)
	c := bits.TrailingZeros16(p &^ (1 << a))
	return [2]int{g.Houses[u][a], g.Houses[u][c]}
}

// lineKind names the kind of line house u is.
func lineKind(g *Geometry, u int) string {
	if g.Kinds[u] == RowHouse {
		return "row"
	}
	return "column"
}
