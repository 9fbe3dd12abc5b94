package engine

// How calcudoku puzzles are made
//
// An attempt fills a Latin square at random and cuts it into cages: cells
// in random order each start a cage and grow it into free neighbours up
// to a size drawn for it (two and three cells the most, as the books
// print them, a few of one and four). Each cage takes an operation its
// digits allow, drawn the books' way: a two-cell cage a division where its
// digits divide, else mostly a difference; a larger one a sum or a product.
// While the layered solver finds a second solution, a cell where it
// differs from the first is cut out of its cage as a cage of its own (a
// given), and what is left of that cage takes a fresh operation; then the
// puzzle is graded and kept when it lands on the level. Most cuts grade
// easy, the cage rung reading each cage whole; for hard and up, a cut
// that is too easy is steered (calcSteer): its one-cell cages join a
// neighbouring cage, one by one, while it stays unique and no harder than
// the level. There are no givens but the cages of one cell.

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// calcSizes is the share of each cage size, one to five cells, in
// twentieths.
var calcSizes = [maxCalcCage + 1]int{0, 1, 9, 7, 3, 0}

// Calcudoku makes one calcudoku candidate of q's side (noOps: the
// no-operation form) and reports whether it lands on q's level.
func (g *Generator) Calcudoku(rng *rand.Rand, q Quota, noOps bool) (Puzzle, bool) {
	if q.Level < 0 || q.Level >= NumLevels {
		return Puzzle{}, false
	}
	base, sol, ok := g.latinSquare(rng, q)
	if !ok {
		return Puzzle{}, false
	}
	n := base.N
	cageOf := cutCalcCages(rng, n)
	blank := make([]uint8, base.Cells)
	other := make([]uint8, base.Cells)
	for range base.Cells {
		geo, err := base.WithCalcCages(calcCagesFor(rng, base, cageOf, sol), noOps)
		if err != nil {
			return Puzzle{}, false
		}
		if g.layer == nil {
			g.layer = newLayerSolver()
		}
		g.layer.reset(geo)
		g.layer.second = other
		count := g.layer.run(blank, 2)
		g.layer.second = nil
		if count == 1 {
			check := make([]uint8, base.Cells)
			if geo.count(blank, 2, check) != 1 || !slices.Equal(check, sol) {
				return Puzzle{}, false
			}
			gr, err := g.grader.Grade(geo, blank, GradeOptions{Cap: capFor(q.Level)})
			if err != nil {
				return Puzzle{}, false
			}
			if gr.Level < q.Level && q.Level >= Hard {
				if sg, sgr, ok := g.calcSteer(rng, geo, sol, q.Level); ok {
					geo, gr = sg, sgr
				}
			}
			return Puzzle{Geo: geo, Givens: blank, Answer: sol, Grading: gr}, gr.Level == q.Level
		}
		// Two solutions: cut a cell where one differs from sol out of
		// its cage.
		if !slices.Equal(g.layer.first, sol) {
			copy(other, g.layer.first)
		}
		var diff []int
		for i := range other {
			if other[i] != sol[i] {
				diff = append(diff, i)
			}
		}
		if len(diff) == 0 {
			return Puzzle{}, false
		}
		splitCalcCage(n, cageOf, diff[rng.IntN(len(diff))])
	}
	return Puzzle{}, false
}

// cutCalcCages cuts an n x n grid into connected cages, cage numbers by
// cell (see the file's comment).
func cutCalcCages(rng *rand.Rand, n int) []int {
	cageOf := make([]int, n*n)
	for i := range cageOf {
		cageOf[i] = -1
	}
	next := 0
	for _, start := range rng.Perm(n * n) {
		if cageOf[start] >= 0 {
			continue
		}
		size, r := 1, rng.IntN(20)
		for s := 1; s <= maxCalcCage; s++ {
			if r < calcSizes[s] {
				size = s
				break
			}
			r -= calcSizes[s]
		}
		cells := []int{start}
		cageOf[start] = next
		for len(cells) < size {
			var free []int
			for _, c := range cells {
				for _, o := range orthogonal(n, c) {
					if o >= 0 && cageOf[o] < 0 && !slices.Contains(free, o) {
						free = append(free, o)
					}
				}
			}
			if len(free) == 0 {
				break
			}
			c := free[rng.IntN(len(free))]
			cageOf[c] = next
			cells = append(cells, c)
		}
		next++
	}
	return cageOf
}

// splitCalcCage cuts cell x out of its cage as a cage of its own, and
// numbers each connected piece of what is left as a cage.
func splitCalcCage(n int, cageOf []int, x int) {
	old := cageOf[x]
	top := slices.Max(cageOf) + 1
	cageOf[x] = top
	top++
	for i, c := range cageOf {
		if c != old || i == x {
			continue
		}
		// Flood the piece of i with a fresh number.
		stack := []int{i}
		cageOf[i] = top
		for len(stack) > 0 {
			c := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, o := range orthogonal(n, c) {
				if o >= 0 && cageOf[o] == old {
					cageOf[o] = top
					stack = append(stack, o)
				}
			}
		}
		top++
	}
}

// calcCagesFor makes the cages of cageOf over solution sol, each with an
// operation its digits allow (see the file's comment).
func calcCagesFor(rng *rand.Rand, g *Geometry, cageOf []int, sol []uint8) []CalcCage {
	byCage := map[int][]int{}
	var ids []int
	for i, c := range cageOf {
		if _, ok := byCage[c]; !ok {
			ids = append(ids, c)
		}
		byCage[c] = append(byCage[c], i)
	}
	out := make([]CalcCage, 0, len(ids))
	for _, id := range ids {
		cells := byCage[id]
		ds := make([]int, len(cells))
		for j, x := range cells {
			ds[j] = int(sol[x])
		}
		out = append(out, calcOpFor(rng, cells, ds))
	}
	return out
}

// calcOpFor draws a cage's operation and target from its digits ds.
func calcOpFor(rng *rand.Rand, cells, ds []int) CalcCage {
	c := CalcCage{Cells: cells}
	switch len(ds) {
	case 1:
		c.Op, c.Target = OpGiven, ds[0]
		return c
	case 2:
		a, b := max(ds[0], ds[1]), min(ds[0], ds[1])
		r := rng.IntN(10)
		switch {
		case a%b == 0 && r < 6:
			c.Op, c.Target = OpDiv, a/b
		case r < 6:
			c.Op, c.Target = OpSub, a-b
		case r < 8:
			c.Op, c.Target = OpAdd, a+b
		default:
			c.Op, c.Target = OpMul, a*b
		}
		return c
	}
	if rng.IntN(2) == 0 {
		c.Op, c.Target = OpAdd, 0
		for _, d := range ds {
			c.Target += d
		}
		return c
	}
	c.Op, c.Target = OpMul, 1
	for _, d := range ds {
		c.Target *= d
	}
	return c
}

// makeCalcudoku makes calcudoku puzzles, every operation printed or
// (noOps) none.
func makeCalcudoku(noOps bool) layerMaker {
	return func(g *Generator, rng *rand.Rand, q Quota) (Puzzle, bool) { return g.Calcudoku(rng, q, noOps) }
}

// calcLayerQuota is how a calcudoku quota reads: there are no givens but
// the cages of one cell, so a clue band means nothing, and nor does a
// symmetry of givens.
var calcLayerQuota = &layerQuota{
	placed: true,
	validate: func(q Quota) error {
		if q.MinClues > 0 || q.MaxClues > 0 {
			return fmt.Errorf("calcudoku has no givens but its one-cell cages: a clue band %d-%d cannot be kept (want none)", q.MinClues, q.MaxClues)
		}
		if q.Symmetry != SymNone {
			return fmt.Errorf("calcudoku has no givens: symmetry %s cannot be kept (want none)", q.Symmetry)
		}
		return nil
	},
	accepts: func(q Quota, p Puzzle) bool { return true },
	clues:   func(cells int) (int, int) { return 0, 0 },
}

// calcSteer takes geo, a unique calcudoku too easy for level l (over
// solution sol), harder: one-cell cages, in random order, join a
// neighbouring cage of at most three cells, which takes a fresh
// operation (the other cages keep theirs), where the puzzle stays unique
// and no harder than l. It returns the first geometry graded at l, and
// false when none is.
func (g *Generator) calcSteer(rng *rand.Rand, geo *Geometry, sol []uint8, l Level) (*Geometry, Grading, bool) {
	k := geo.calcCagesOf()
	base, err := Lookup(Latin, geo.N)
	if err != nil || k == nil {
		return nil, Grading{}, false
	}
	n := geo.N
	cages := slices.Clone(k.Cages())
	at := make([]int, geo.Cells) // each cell's cage in cages
	for ci, c := range cages {
		for _, x := range c.Cells {
			at[x] = ci
		}
	}
	blank := make([]uint8, geo.Cells)
	for _, x := range rng.Perm(geo.Cells) {
		a := at[x]
		if len(cages[a].Cells) != 1 {
			continue
		}
		o := orthogonal(n, x)[rng.IntN(4)]
		if o < 0 {
			continue
		}
		b := at[o]
		if len(cages[b].Cells) > 3 {
			continue
		}
		cells := append(slices.Clone(cages[b].Cells), x)
		ds := make([]int, len(cells))
		for j, c := range cells {
			ds[j] = int(sol[c])
		}
		next := slices.Clone(cages)
		next[b] = calcOpFor(rng, cells, ds)
		next = slices.Delete(next, a, a+1)
		trial, err := base.WithCalcCages(next, k.NoOps())
		if err != nil {
			continue
		}
		g.layer.reset(trial)
		if g.layer.run(blank, 2) != 1 {
			continue
		}
		gr, err := g.grader.Grade(trial, blank, GradeOptions{Cap: capFor(l)})
		if err != nil || gr.Level > l {
			continue
		}
		cages = slices.Clone(trial.calcCagesOf().Cages())
		for ci, c := range cages {
			for _, y := range c.Cells {
				at[y] = ci
			}
		}
		if gr.Level == l {
			return trial, gr, true
		}
	}
	return nil, Grading{}, false
}
