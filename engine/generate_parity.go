package engine

// How even-odd and anti-knight (anti-king) puzzles are made
//
// Even-odd: a random solution of the plain grid first, then parity marks
// read off it: a random share of the cells, each marked with its own
// digit's parity (a shaded square for even, a circle for odd), so the
// marks are true by construction. Then the givens are dug as for any
// kind (generate.go), on the geometry that carries the marks, with the
// layered solver (which starts every marked cell on its parity's digits)
// proving each step unique. The marks carry about a bit a cell, so the
// puzzle needs fewer givens than a classic one of its level.
//
// Anti-knight and anti-king: the geometry carries the extra peers from
// the start, so the random solution is drawn on it (the generic solver
// places no digit a move away from itself), and digging follows.
//
// Everything random comes from the rng passed in.

import "math/rand/v2"

// parityShare is the share of cells an even-odd puzzle marks, in
// hundredths: about a third, enough to carry the puzzle past singles
// with few givens, few enough that the grid reads as a Sudoku.
const parityShare = 35

// ParityMarks chooses the marked cells of an even-odd puzzle with
// solution sol on an n-grid: share hundredths of them at random, each
// marked with its digit's parity.
func ParityMarks(rng *rand.Rand, sol []uint8, share int) []uint8 {
	marks := make([]uint8, len(sol))
	k := max(1, len(sol)*share/100)
	for _, i := range rng.Perm(len(sol))[:k] {
		marks[i] = sol[i]%2 + EvenCell // even: EvenCell, odd: OddCell
	}
	return marks
}

// evenOdd makes one even-odd candidate for q, whose Kind is the grid the
// marks lie on.
func (g *Generator) evenOdd(rng *rand.Rand, q Quota) (Puzzle, bool) {
	base, err := q.Kind.geometry(rng)
	if err != nil {
		return Puzzle{}, false
	}
	sol, ok := g.exactFor(base).fill(rng)
	if !ok {
		return Puzzle{}, false
	}
	geo, err := base.WithParity(ParityMarks(rng, sol, parityShare))
	if err != nil {
		return Puzzle{}, false
	}
	return g.digFrom(rng, q, geo, g.exactFor(geo), sol)
}

// apart makes one anti-knight or anti-king candidate for q, whose Kind
// is the grid the rule is laid on.
func (g *Generator) apart(rng *rand.Rand, q Quota, m Move) (Puzzle, bool) {
	base, err := q.Kind.geometry(rng)
	if err != nil {
		return Puzzle{}, false
	}
	geo, err := base.WithApart(m)
	if err != nil {
		return Puzzle{}, false
	}
	x := g.exactFor(geo)
	sol, ok := x.fill(rng)
	if !ok {
		return Puzzle{}, false
	}
	return g.digFrom(rng, q, geo, x, sol)
}
