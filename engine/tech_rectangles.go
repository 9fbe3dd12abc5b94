package engine

import (
	"math/bits"
)

// More uniqueness rungs on the rectangle of tech_uniqueness.go: four cells
// on two rows, two columns and two boxes (swappable) that must not end up
// holding a, b, b, a, or a and b could trade places for a second solution.

func init() {
	register(UniqueRectangle3, findUniqueRectangle3)
	register(HiddenRectangle, findHiddenRectangle)
	register(UniqueRectangle5, findUniqueRectangle5)
	register(UniqueRectangle6, findUniqueRectangle6)
}

// findUniqueRectangle3: the roof cells hold a, b and extra digits E
// between them. One of them holds a digit of E (or the four could swap a
// and b), so together they act as one cell with candidates E. If, in a
// house holding both, k other cells hold only digits of E and k more (k+1
// digits with the roof), those digits are locked in the roof and the k
// cells, and leave the rest of the house.
//
//	{a,b}   . . {a,b}
//	{a,b,x} . . {a,b,y}  . {x,y}   ->  x and y leave the rest of the row
func findUniqueRectangle3(b *Board, s *Step) bool {
	g := b.geo()
	return eachURRoof(b, func(r urRectangle) bool {
		x, y := r.roof[0], r.roof[1]
		extra := (b.Cands[x] | b.Cands[y]) &^ r.m
		if bits.OnesCount32(extra) > 4 {
			return false
		}
		for _, u := range g.CellHouses[x] {
			if !g.houseSets[u].has(y) {
				continue
			}
			var others [MaxSide]int
			n := 0
			for _, c := range g.Houses[u] {
				if c != x && c != y && b.Cands[c] != 0 {
					others[n] = c
					n++
				}
			}
			var set cellSet
			if ur3Subset(b, others[:n], 0, extra, 0, &set) {
				lock := extra
				for cs := set; !cs.empty(); {
					lock |= b.Cands[cs.pop()]
				}
				startStep(s, UniqueRectangle3)
				for _, c := range g.Houses[u] {
					if c == x || c == y || set.has(c) {
						continue
					}
					for m := b.Cands[c] & lock; m != 0; m &= m - 1 {
						s.Eliminations = append(s.Eliminations, Elimination{Cell: c, Digit: uint8(bits.TrailingZeros32(m))})
					}
				}
				if len(s.Eliminations) == 0 {
					continue
				}
				k := set.count()
				s.extra = Rating(k - 1)
				if s.Explain() {
					var cells []int
					for cs := set; !cs.empty(); {
						cells = append(cells, cs.pop())
					}
					s.set(RoleBase, r.m, r.floor[0], r.floor[1])
					s.set(RoleCover, extra, x, y)
					s.digits(r.m)
					s.set(RoleCells, lock, cells...)
					s.houses(RoleHouse, u)
				}
				return true
			}
		}
		return false
	})
}

// ur3Subset looks among cells[from:] for up to three cells, none holding
// a digit outside a mask that grows to one more digit than the cells, in
// cell order; it leaves the first such set in set.
func ur3Subset(b *Board, cells []int, from int, mask uint32, k int, set *cellSet) bool {
	for i := from; i < len(cells); i++ {
		c := cells[i]
		m := mask | b.Cands[c]
		if bits.OnesCount32(m) > 4 {
			continue
		}
		set.add(c)
		if bits.OnesCount32(m) == k+2 {
			return true
		}
		if k+1 < 3 && ur3Subset(b, cells, i+1, m, k+1, set) {
			return true
		}
		set.remove(c)
	}
	return false
}

// findHiddenRectangle: a rectangle of four cells holding a and b, one
// corner F with only {a,b}. In the row and the column through the
// opposite corner D, b has no place outside the rectangle. Were D a, both
// of its neighbours in the rectangle would be b (the only other places of
// b on their lines), and F, seeing a b on its row, would be a: the deadly
// a, b, b, a. So D is not a.
//
//	F {a,b} . . {a,b,..}
//	{a,b,..} . . D {a,b,..}   b only at the corners in D's row and column
func findHiddenRectangle(b *Board, s *Step) bool {
	g := b.geo()
	dm := digitCellSets(b)
	return eachCornerRectangle(b, func(r cornerRectangle) bool {
		return hiddenRectangleStep(g, b, s, &dm, r.f, r.k, r.rr, r.d, r.rows[1], r.cols[1])
	})
}

// cornerRectangle is a swappable rectangle of a plane with a bivalue
// corner f: k shares f's row, rr f's column, d is opposite; every corner
// holds f's two digits. rows and cols are the houses of its lines, f's
// first.
type cornerRectangle struct {
	f, k, rr, d int
	rows, cols  [2]int
}

// eachCornerRectangle calls fn with every corner rectangle, plane by plane
// and corner by corner, until fn returns true.
func eachCornerRectangle(b *Board, fn func(r cornerRectangle) bool) bool {
	g := b.geo()
	if !g.Uniqueness() {
		return false
	}
	n := g.N
	for pi := range g.planes {
		pl := &g.planes[pi]
		for f0 := range n * n {
			f := pl.cells[f0]
			m := b.Cands[f]
			if bits.OnesCount32(m) != 2 {
				continue
			}
			r1, c1 := f0/n, f0%n
			for r2 := range n {
				for c2 := range n {
					if r2 == r1 || c2 == c1 {
						continue
					}
					k, rr, d := pl.cell(n, r1, c2), pl.cell(n, r2, c1), pl.cell(n, r2, c2)
					if b.Cands[k]&m != m || b.Cands[rr]&m != m || b.Cands[d]&m != m || !swappable(g, f, k, rr, d) {
						continue
					}
					r := cornerRectangle{f: f, k: k, rr: rr, d: d,
						rows: [2]int{pl.lines[0][r1], pl.lines[0][r2]}, cols: [2]int{pl.lines[1][c1], pl.lines[1][c2]}}
					if fn(r) {
						return true
					}
				}
			}
		}
	}
	return false
}

// findUniqueRectangle5: the corners hold a and b, and the ones with more
// hold one same extra digit c, two or three of them (on a diagonal too,
// which type 2 does not reach). Were none of them c, the four would hold
// only a and b and could swap them; so c leaves every cell that sees each
// corner holding it.
//
//	{a,b}   . . {a,b,c}
//	{a,b,c} . . {a,b}     ->  c leaves the cells seeing both c corners
func findUniqueRectangle5(b *Board, s *Step) bool {
	g := b.geo()
	dm := digitCellSets(b)
	return eachCornerRectangle(b, func(r cornerRectangle) bool {
		m := b.Cands[r.f]
		corners := [4]int{r.f, r.k, r.rr, r.d}
		var extra uint32
		var with cellSet
		for _, c := range corners {
			if x := b.Cands[c] &^ m; x != 0 {
				extra |= x
				with.add(c)
			}
		}
		if bits.OnesCount32(extra) != 1 || with.count() < 2 {
			return false
		}
		z := FirstDigit(extra)
		targets := dm[z].and(seesAll(g, with))
		if targets.empty() {
			return false
		}
		startStep(s, UniqueRectangle5)
		addElims(s, targets, z)
		if s.Explain() {
			var cs []int
			for w := with; !w.empty(); {
				cs = append(cs, w.pop())
			}
			s.set(RoleBase, m, r.f, r.k, r.rr, r.d)
			s.digit(z)
			s.cells(RoleCover, cs...)
			s.digit(z)
			s.digits(m)
		}
		return true
	})
}

// findUniqueRectangle6: two opposite corners f and d hold only {a,b}, and
// one of the digits, e, goes only in the rectangle in both its rows (or in
// both its columns). Then e sits on one diagonal: were it k and rr, f and d
// would both be the other digit, a pattern that could swap. So e leaves k
// and rr.
//
//	{a,b}    . . {a,b,..}    e only at the corners in both rows
//	{a,b,..} . . {a,b}     ->  e leaves the two corners with more
func findUniqueRectangle6(b *Board, s *Step) bool {
	g := b.geo()
	dm := digitCellSets(b)
	return eachCornerRectangle(b, func(r cornerRectangle) bool {
		m := b.Cands[r.f]
		if b.Cands[r.d] != m || r.d < r.f {
			return false // d bivalue too; each diagonal once
		}
		for _, e := range [2]uint8{FirstDigit(m), FirstDigit(m & (m - 1))} {
			for _, lines := range [2][2]int{r.rows, r.cols} {
				if dm[e].and(g.houseSets[lines[0]]).count() != 2 || dm[e].and(g.houseSets[lines[1]]).count() != 2 {
					continue
				}
				startStep(s, UniqueRectangle6)
				s.Eliminations = append(s.Eliminations, Elimination{Cell: min(r.k, r.rr), Digit: e}, Elimination{Cell: max(r.k, r.rr), Digit: e})
				if s.Explain() {
					s.set(RoleBase, m, r.f, r.d)
					s.digit(e)
					s.houses(RoleHouse, lines[0], lines[1])
					s.cells(RoleCover, r.k, r.rr)
					s.digit(e)
					s.digits(m)
				}
				return true
			}
		}
		return false
	})
}

// hiddenRectangleStep checks the rectangle with bivalue corner f, opposite
// corner d, k on f's row and rr on f's column, row and col the houses of
// d's row and column, for a digit of f whose only places on both of d's
// lines are the rectangle's; it records the step.
func hiddenRectangleStep(g *Geometry, b *Board, s *Step, dm *[MaxSide + 1]cellSet, f, k, rr, d, row, col int) bool {
	m := b.Cands[f]
	for _, e := range [2]uint8{FirstDigit(m), FirstDigit(m & (m - 1))} {
		a := FirstDigit(m &^ Bit(e))
		inRow, inCol := dm[e].and(g.houseSets[row]), dm[e].and(g.houseSets[col])
		if inRow.count() != 2 || !inRow.has(rr) || inCol.count() != 2 || !inCol.has(k) {
			continue
		}
		startStep(s, HiddenRectangle)
		s.Eliminations = append(s.Eliminations, Elimination{Cell: d, Digit: a})
		if s.Explain() {
			s.set(RoleBase, m, f)
			s.digit(e)
			s.cells(RoleLink, rr, d)
			s.houses(RoleHouse, row)
			s.cells(RoleLink, k, d)
			s.houses(RoleHouse, col)
			s.cells(RoleTarget, d)
			s.digit(a)
			s.digits(m)
		}
		return true
	}
	return false
}
