package engine

import (
	"math/bits"
)

// Uniqueness techniques lean on the promise that the puzzle has exactly one
// solution: they rule out positions that would leave two. The grader proves
// uniqueness with the solver before it grades, so the promise holds
// whenever these run; on a puzzle with several solutions they may remove a
// digit some solution needs.

// leansOnUniqueness reports whether t is sound only on a puzzle with one
// solution. A new uniqueness rung must be added here.
func (t Technique) leansOnUniqueness() bool {
	switch t {
	case UniqueRectangle1, UniqueRectangle2, UniqueRectangle3, UniqueRectangle4, UniqueRectangle5, UniqueRectangle6, HiddenRectangle, BUGPlus1:
		return true
	}
	return false
}

func init() {
	register(UniqueRectangle1, findUniqueRectangle1)
	register(UniqueRectangle2, findUniqueRectangle2)
	register(UniqueRectangle4, findUniqueRectangle4)
	register(BUGPlus1, findBUGPlus1)
}

// findUniqueRectangle1: four unsolved cells on two rows and two columns,
// three of them holding only {a,b}, and every house meeting the four in
// none of them or in two on one row or column (on a regular grid: the four
// lie in exactly two boxes). If the fourth were also a or b, the four could
// swap a and b with every house still complete: two solutions. So the
// fourth cell is neither a nor b.
//
//	{a,b} . . {a,b}        same band, two boxes
//	{a,b} . . {a,b,c}  ->  r?c? loses a and b
//
// The house test is what keeps this sound on every geometry: an X diagonal
// or a hyper window that holds one or three of the four cells would break
// the swap, and such a rectangle is passed over.
func findUniqueRectangle1(b *Board, s *Step) bool {
	g := b.geo()
	if !g.Uniqueness() {
		return false
	}
	// Floors along rows only: a column floor is the same rectangle turned.
	return eachRectangle(b, 1, func(a, c, x, y int, m uint32) bool {
		var roof int // the cell with extra candidates
		switch {
		case b.Cands[x] == m && b.Cands[y]&m == m && b.Cands[y] != m:
			roof = y
		case b.Cands[y] == m && b.Cands[x]&m == m && b.Cands[x] != m:
			roof = x
		default:
			return false
		}
		if !swappable(g, a, c, x, y) {
			return false // one box or four, not two
		}
		startStep(s, UniqueRectangle1)
		for _, d := range [2]uint8{FirstDigit(m), FirstDigit(m & (m - 1))} {
			s.Eliminations = append(s.Eliminations, Elimination{Cell: roof, Digit: d})
		}
		if s.Explain() {
			floor := x + y - roof
			s.set(RoleBase, m, a, c, floor)
			s.cells(RoleCover, roof)
			s.digits(m)
		}
		return true
	})
}

// eachRectangle calls f with every rectangle of a plane whose floor a, c is
// two cells of one line holding the same two candidates m, and whose roof
// x, y lies on a parallel line of the plane at the same places: floors
// along rows, then (sides 2) along columns, until f returns true.
func eachRectangle(b *Board, sides int, f func(a, c, x, y int, m uint32) bool) bool {
	g := b.geo()
	n := g.N
	bv := bivalueSets(b)
	for pi := range g.planes {
		pl := &g.planes[pi]
		for side, lines := range pl.lines[:sides] {
			for at, u := range lines {
				for as := bv[0].and(g.houseSets[u]); !as.empty(); {
					a := as.pop()
					m := b.Cands[a]
					for cs := as; !cs.empty(); {
						c := cs.pop()
						if b.Cands[c] != m {
							continue
						}
						ra, ca := pl.local(g, a)
						rc, cc := pl.local(g, c)
						for other := 0; other < n; other++ {
							if other == at {
								continue
							}
							x, y := pl.cell(n, other, ca), pl.cell(n, other, cc)
							if side == 1 {
								x, y = pl.cell(n, ra, other), pl.cell(n, rc, other)
							}
							if f(a, c, x, y, m) {
								return true
							}
						}
					}
				}
			}
		}
	}
	return false
}

// swappable reports whether the rectangle a c (one row) over x y (another
// row, same columns) can swap two digits with every house still complete:
// each house holds none of its cells, or two on one row or column.
func swappable(g *Geometry, a, c, x, y int) bool {
	var rect cellSet
	rect.add(a)
	rect.add(c)
	rect.add(x)
	rect.add(y)
	for _, corner := range [4]int{a, c, x, y} {
		for _, u := range g.CellHouses[corner] {
			in := rect.and(g.houseSets[u])
			if in.count() != 2 {
				return false
			}
			// The two must share a row or a column: opposite corners
			// would hold the same digit.
			p := in.pop()
			q := in.first()
			if g.Row(p) != g.Row(q) && g.Col(p) != g.Col(q) {
				return false
			}
		}
	}
	return true
}

// findBUGPlus1: every unsolved cell has two candidates but one, which has
// three. If that cell lost the right one of its three, every house would
// hold each remaining candidate exactly twice (or not at all): a "bivalue
// universal grave", which never has exactly one solution, since its digits
// pair up around cycles that can each be flipped. So that candidate is the
// cell's digit. It is the one that appears three times in the cell's row,
// column and box.
//
// The grave argument holds on every geometry whose constraints are all
// houses of N cells (Geometry.Uniqueness): given one solution, the other
// candidate of every unsolved cell is a second one, since each house holds
// each of its open digits in exactly two cells.
func findBUGPlus1(b *Board, s *Step) bool {
	g := b.geo()
	if !g.Uniqueness() {
		return false
	}
	tri := -1
	var count [maxHouses][MaxSide + 1]uint8
	for i := 0; i < g.Cells; i++ {
		m := b.Cands[i]
		if m == 0 {
			continue
		}
		switch bits.OnesCount32(m) {
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
			d := bits.TrailingZeros32(m)
			for _, u := range g.CellHouses[i] {
				count[u][d]++
			}
		}
	}
	if tri < 0 {
		return false
	}
	// Every house away from the trivalue cell must already be a grave.
	for u := range g.Houses {
		if g.houseSets[u].has(tri) {
			continue
		}
		for d := 1; d <= g.N; d++ {
			if count[u][d] != 0 && count[u][d] != 2 {
				return false
			}
		}
	}
	// Exactly one of the three candidates must leave a grave when removed.
	var want uint8
	for m := b.Cands[tri]; m != 0; m &= m - 1 {
		e := uint8(bits.TrailingZeros32(m))
		if graveWithout(g, &count, tri, e) {
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
		s.cells(RoleTarget, tri)
		s.digit(want)
	}
	return true
}

// graveWithout reports whether the houses of cell tri would hold every
// candidate zero or two times once e is removed from tri.
func graveWithout(g *Geometry, count *[maxHouses][MaxSide + 1]uint8, tri int, e uint8) bool {
	for _, u := range g.CellHouses[tri] {
		for d := uint8(1); int(d) <= g.N; d++ {
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

// urRectangle is a rectangle with a floor of two cells holding only {a,b}
// (mask m) on one line and a roof of two cells on a parallel line, both
// holding a and b and more, that could swap a and b (swappable).
type urRectangle struct {
	floor, roof [2]int
	m           uint32
}

// eachURRoof calls f with every such rectangle, floors along rows and then
// along columns, in cell order, until f returns true.
func eachURRoof(b *Board, f func(r urRectangle) bool) bool {
	g := b.geo()
	if !g.Uniqueness() {
		return false
	}
	return eachRectangle(b, 2, func(a, c, x, y int, m uint32) bool {
		mx, my := b.Cands[x], b.Cands[y]
		if mx&m != m || my&m != m || mx == m || my == m || !swappable(g, a, c, x, y) {
			return false
		}
		return f(urRectangle{floor: [2]int{a, c}, roof: [2]int{x, y}, m: m})
	})
}

// findUniqueRectangle2: the two roof cells hold a, b and one same digit z.
// Were neither z, the four cells would hold only a and b and could swap
// them: two solutions. So one roof cell is z, and z leaves every cell that
// sees both.
//
//	{a,b}   . . {a,b}
//	{a,b,z} . . {a,b,z}   ->  z leaves the cells seeing both roof cells
func findUniqueRectangle2(b *Board, s *Step) bool {
	g := b.geo()
	return eachURRoof(b, func(r urRectangle) bool {
		x, y := r.roof[0], r.roof[1]
		extra := b.Cands[x] &^ r.m
		if b.Cands[y] != b.Cands[x] || Count(extra) != 1 {
			return false
		}
		z := FirstDigit(extra)
		targets := g.peerSets[x].and(g.peerSets[y]).and(digitCellSets(b)[z])
		if targets.empty() {
			return false
		}
		startStep(s, UniqueRectangle2)
		addElims(s, targets, z)
		if s.Explain() {
			s.set(RoleBase, r.m, r.floor[0], r.floor[1])
			s.set(RoleCover, b.Cands[x], x, y)
			s.digit(z)
			s.digits(r.m)
		}
		return true
	})
}

// findUniqueRectangle4: in a house holding both roof cells, one of a and b
// has no other place (a conjugate pair on the roof). That digit is in one
// roof cell; were the other digit of the floor in the other roof cell the
// four could swap them, so it leaves both roof cells.
//
//	{a,b}    . . {a,b}
//	{a,b,..} . . {a,b,..}   a only here in their house  ->  b leaves both
func findUniqueRectangle4(b *Board, s *Step) bool {
	g := b.geo()
	return eachURRoof(b, func(r urRectangle) bool {
		x, y := r.roof[0], r.roof[1]
		places := digitCellSets(b)
		for _, u := range g.CellHouses[x] {
			if !g.houseSets[u].has(y) {
				continue
			}
			for _, d := range [2]uint8{FirstDigit(r.m), FirstDigit(r.m & (r.m - 1))} {
				if places[d].and(g.houseSets[u]).count() != 2 {
					continue
				}
				other := FirstDigit(r.m &^ Bit(d))
				startStep(s, UniqueRectangle4)
				s.Eliminations = append(s.Eliminations, Elimination{Cell: min(x, y), Digit: other}, Elimination{Cell: max(x, y), Digit: other})
				if s.Explain() {
					s.set(RoleBase, r.m, r.floor[0], r.floor[1])
					s.houses(RoleHouse, u)
					s.digit(d)
					s.cells(RoleCover, x, y)
					s.digit(other)
				}
				return true
			}
		}
		return false
	})
}
