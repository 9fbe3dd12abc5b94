package engine

// How killer puzzles are made
//
// Every attempt starts from a random complete grid and cuts it into
// dominoes (and the single cells the dominoes leave), a puzzle so tight it
// is nearly always unique. Then cages merge, two neighbours at a time, in
// random order but single cells first (so few are left), each merge kept
// only while the merged cage stays within the size bounds, holds no digit
// twice in the solution, and the puzzle stays unique (proved by the exact
// solver, which knows cage sums) and no harder than the level asked for.
// Passes repeat until none merges, so the cages are as large as uniqueness
// and the level allow:
//
//	after cutting        after merging
//	AA B CC DD           AAABBB CC
//	E FF G HH      -->   AAEBBB CC      each cage as large as the level,
//	...                  ...            the size bounds and uniqueness allow
//
// Simon Tatham's Solo grows cages the same way but judges only uniqueness
// and its own levels at the end; here the level is the keep rule of every
// merge, so an attempt lands on a level far more often.
//
// The cages being grown live in a private geometry that the generator
// changes in place (a merge touches only the peers of the merged cells); the
// puzzle it returns carries a fresh, immutable copy built by WithCages.

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// KillerQuota is what a killer attempt aims at.
type KillerQuota struct {
	Kind  Kind // a kind with cages, or the grid they are laid on (classic or x)
	Level Level
	// MinCage and MaxCage bound the cage sizes; zero means the default
	// 2-5 (single cells only where a domino cannot form).
	MinCage, MaxCage int
	// MinGivens and MaxGivens bound the givens; zero for none.
	MinGivens, MaxGivens int
}

// cageBounds is the quota's cage size band with the defaults filled in.
func (q KillerQuota) cageBounds() (lo, hi int) {
	lo, hi = q.MinCage, q.MaxCage
	if hi == 0 {
		lo, hi = max(lo, 2), min(5, q.Kind.Side())
	}
	return max(lo, 1), max(hi, lo)
}

// Validate reports whether q can be made.
func (q KillerQuota) Validate() error {
	k := q.Kind
	k.Layer = CageLayer
	if err := k.Validate(); err != nil {
		return err
	}
	n := k.Side()
	lo, hi := q.cageBounds()
	if lo > hi || hi > n || q.MinCage < 0 {
		return fmt.Errorf("%w: cage sizes %d-%d (want 1 <= A <= B <= %d)", ErrGeometry, lo, hi, n)
	}
	if q.MinGivens < 0 || q.MaxGivens < q.MinGivens || q.MaxGivens > n*n/2 {
		return fmt.Errorf("%w: givens %d-%d (want 0 <= A <= B <= %d)", ErrGeometry, q.MinGivens, q.MaxGivens, n*n/2)
	}
	if q.Level < 0 || q.Level >= NumLevels {
		return fmt.Errorf("%w: level %d", ErrGeometry, int(q.Level))
	}
	return nil
}

// Killer makes one killer candidate aimed at q and reports whether it
// fits: cages within the bounds, unique, graded at q.Level. A miss is
// normal; try again with the same rng.
func (g *Generator) Killer(rng *rand.Rand, q KillerQuota) (Puzzle, bool) {
	if q.Validate() != nil {
		return Puzzle{}, false
	}
	base, err := q.Kind.geometry(rng)
	if err != nil {
		return Puzzle{}, false
	}
	sol, ok := g.exactFor(base).fill(rng)
	if !ok {
		return Puzzle{}, false
	}
	givens := make([]uint8, base.Cells)
	if q.MaxGivens > 0 {
		k := q.MinGivens + rng.IntN(q.MaxGivens-q.MinGivens+1)
		for _, i := range rng.Perm(base.Cells)[:k] {
			givens[i] = sol[i]
		}
	}
	lo, hi := q.cageBounds()
	x := killerCheck{g: g, lo: lo, level: q.Level}
	// Dominoes can swap their digits (two across a rectangle of two
	// boxes), and an easy level may not solve the first cut: a few fresh
	// cuts cost microseconds.
	var cut *cageCut
	for range 4 {
		c, err := newCageCut(base, dominoes(rng, base.N, min(hi, 2)), sol)
		if err == nil && x.keep(c.geo, givens) {
			cut = c
			break
		}
	}
	if cut == nil {
		return Puzzle{}, false
	}
	keep := func() bool { return x.keep(cut.geo, givens) }
	cut.grow(rng, hi, keep)
	if lo >= 2 {
		cut.pairSingles(rng, lo, keep)
	}
	for _, c := range cut.geo.Cages {
		if len(c.Cells) < lo {
			return Puzzle{}, false
		}
	}
	geo, err := base.WithCages(cut.geo.Cages)
	if err != nil {
		return Puzzle{}, false
	}
	// The keep rule proved uniqueness on the private geometry; the solver
	// proves it again on the one the puzzle carries, against the solution.
	check := make([]uint8, geo.Cells)
	if geo.count(givens, 2, check) != 1 || !slices.Equal(check, sol) {
		return Puzzle{}, false
	}
	gr, err := g.grader.Grade(geo, givens, GradeOptions{})
	if err != nil {
		return Puzzle{}, false
	}
	return Puzzle{Geo: geo, Givens: givens, Answer: sol, Grading: gr}, gr.Level == q.Level
}

// killerCheck is the keep rule of a merge.
type killerCheck struct {
	g     *Generator
	lo    int
	level Level
}

func (x killerCheck) keep(geo *Geometry, givens []uint8) bool {
	if x.level < Extreme {
		return x.g.grader.solves(geo, givens, x.level)
	}
	s := x.g.generic
	s.reset(geo)
	s.budget = killerBudget
	n := s.run(givens, 2)
	return n == 1 && s.nodes < killerBudget
}

// killerBudget bounds the search nodes of one uniqueness check while cages
// grow. Nearly every check needs fewer than ten; the rare merge that sends
// the solver past the budget is refused, as it would make the puzzle too
// hard to reason through anyway, and such checks were most of the time
// spent (one in a few hundred took a second).
const killerBudget = 200

// dominoes cuts an n x n grid into pieces of up to size cells (1 or 2):
// cells in random order each take a random free neighbour.
func dominoes(rng *rand.Rand, n, size int) []int {
	cage := make([]int, n*n)
	for i := range cage {
		cage[i] = -1
	}
	next := 0
	for _, i := range rng.Perm(n * n) {
		if cage[i] >= 0 {
			continue
		}
		cage[i] = next
		if size >= 2 {
			nb := orthogonal(n, i)
			for _, k := range rng.Perm(4) {
				if o := nb[k]; o >= 0 && cage[o] < 0 {
					cage[o] = next
					break
				}
			}
		}
		next++
	}
	return cage
}

// cageCut is a killer geometry being grown by merges.
type cageCut struct {
	base *Geometry
	geo  *Geometry // private: changed in place
	sol  []uint8
	// spare is a sums buffer no layout uses, so a merge can derive its
	// sums without overwriting those its undo keeps.
	spare []sumSet
}

func newCageCut(base *Geometry, cageMap []int, sol []uint8) (*cageCut, error) {
	geo, err := base.WithCages(CagesOf(cageMap, sol))
	if err != nil {
		return nil, err
	}
	return &cageCut{base: base, geo: geo, sol: sol}, nil
}

// digits is the solution's digit set of cage ci.
func (c *cageCut) digits(ci int) uint32 {
	var m uint32
	for _, x := range c.geo.Cages[ci].Cells {
		m |= Bit(c.sol[x])
	}
	return m
}

// grow merges neighbouring cages while keep holds, single cells first,
// until a pass merges nothing.
func (c *cageCut) grow(rng *rand.Rand, hi int, keep func() bool) {
	n := c.base.N
	for {
		merged := false
		// Every cell border between two cages, as the pair of cells.
		var pairs [][2]int
		for i := range c.base.Cells {
			for _, o := range [2]int{i + 1, i + n} {
				if (o == i+1 && i%n == n-1) || o >= c.base.Cells {
					continue
				}
				if c.geo.cageOf[i] != c.geo.cageOf[o] {
					pairs = append(pairs, [2]int{i, o})
				}
			}
		}
		rng.Shuffle(len(pairs), func(a, b int) { pairs[a], pairs[b] = pairs[b], pairs[a] })
		single := func(p [2]int) bool {
			return len(c.geo.Cages[c.geo.cageOf[p[0]]].Cells) == 1 || len(c.geo.Cages[c.geo.cageOf[p[1]]].Cells) == 1
		}
		slices.SortStableFunc(pairs, func(a, b [2]int) int {
			sa, sb := single(a), single(b)
			switch {
			case sa && !sb:
				return -1
			case sb && !sa:
				return 1
			}
			return 0
		})
		for _, p := range pairs {
			a, b := int(c.geo.cageOf[p[0]]), int(c.geo.cageOf[p[1]])
			if a == b || len(c.geo.Cages[a].Cells)+len(c.geo.Cages[b].Cells) > hi || c.digits(a)&c.digits(b) != 0 {
				continue
			}
			undo := c.merge(a, b)
			if keep() {
				merged = true
				continue
			}
			c.restore(undo)
		}
		if !merged {
			return
		}
	}
}

// pairSingles gives each single-cell cage that growing left a neighbour
// taken from a cage that can spare one (it keeps lo cells and stays
// connected), keeping the first such move after which keep holds. Growing
// tries every merge of a single cell, so one left over is a cell no merge
// could take; without this an attempt ended there (14 of 16 missed easy
// attempts, measured), after paying for the whole growth.
func (c *cageCut) pairSingles(rng *rand.Rand, lo int, keep func() bool) {
	n := c.base.N
	for i := range c.base.Cells {
		a := int(c.geo.cageOf[i])
		if len(c.geo.Cages[a].Cells) != 1 {
			continue
		}
		nb := orthogonal(n, i)
		for _, k := range rng.Perm(4) {
			o := nb[k]
			if o < 0 {
				continue
			}
			b := int(c.geo.cageOf[o])
			rest := slices.DeleteFunc(slices.Clone(c.geo.Cages[b].Cells), func(x int) bool { return x == o })
			if len(rest) < lo || !cageConnected(n, rest) || c.digits(a)&Bit(c.sol[o]) != 0 {
				continue
			}
			undo := c.move(o, a)
			if keep() {
				break
			}
			c.restore(undo)
		}
	}
}

// move takes cell o out of its cage into cage a and returns how to undo
// it; the cage o leaves must stay non-empty.
func (c *cageCut) move(o, a int) cutState {
	k := c.geo
	b := int(k.cageOf[o])
	undo := cutState{cages: slices.Clone(k.Cages), combos: slices.Clone(k.cageCombos), cageOf: slices.Clone(k.cageOf)}
	from := slices.DeleteFunc(slices.Clone(k.Cages[b].Cells), func(x int) bool { return x == o })
	to := append(slices.Clone(k.Cages[a].Cells), o)
	slices.Sort(to)
	v := int(c.sol[o])
	k.Cages[b] = Cage{Sum: k.Cages[b].Sum - v, Cells: from}
	k.Cages[a] = Cage{Sum: k.Cages[a].Sum + v, Cells: to}
	k.cageCombos[b] = Combinations(k.N, len(from), k.Cages[b].Sum)
	k.cageCombos[a] = Combinations(k.N, len(to), k.Cages[a].Sum)
	k.cageOf[o] = int16(a)
	undo.cells = append(slices.Clone(from), to...)
	c.refreshPeers(undo.cells)
	c.rederive(&undo)
	return undo
}

// cutState is what a merge changes, to put back.
type cutState struct {
	cages  []Cage
	combos [][]uint32
	cageOf []int16
	cells  []int
	// The sums and areas derived from the layout before the change: a
	// refused merge puts them back instead of deriving them again (a
	// fifth of easy generation was deriving sums), with whatever areas
	// the grader had already worked out for that layout.
	sums  []sumSet
	areas *areaTable
}

// rederive derives the sums of the changed layout into the spare buffer,
// keeping the old ones and their areas in u.
func (c *cageCut) rederive(u *cutState) {
	k := c.geo
	u.sums, u.areas = k.sums, k.areaTab
	k.sums, c.spare = c.spare[:0], nil
	k.deriveSums()
}

// merge joins cage b into cage a and returns how to undo it.
func (c *cageCut) merge(a, b int) cutState {
	k := c.geo
	undo := cutState{cages: slices.Clone(k.Cages), combos: slices.Clone(k.cageCombos), cageOf: slices.Clone(k.cageOf)}
	cells := append(slices.Clone(k.Cages[a].Cells), k.Cages[b].Cells...)
	slices.Sort(cells)
	sum := k.Cages[a].Sum + k.Cages[b].Sum
	k.Cages[a] = Cage{Sum: sum, Cells: cells}
	k.cageCombos[a] = Combinations(k.N, len(cells), sum)
	last := len(k.Cages) - 1
	k.Cages[b], k.cageCombos[b] = k.Cages[last], k.cageCombos[last]
	k.Cages, k.cageCombos = k.Cages[:last], k.cageCombos[:last]
	for ci, cg := range k.Cages {
		for _, x := range cg.Cells {
			k.cageOf[x] = int16(ci)
		}
	}
	undo.cells = cells
	c.refreshPeers(cells)
	c.rederive(&undo)
	return undo
}

func (c *cageCut) restore(u cutState) {
	k := c.geo
	k.Cages, k.cageCombos, k.cageOf = u.cages, u.combos, u.cageOf
	c.refreshPeers(u.cells)
	c.spare = k.sums
	k.sums, k.areaTab = u.sums, u.areas
}

// refreshPeers rebuilds the peers of cells: their houses' cells and their
// cage mates.
func (c *cageCut) refreshPeers(cells []int) {
	k := c.geo
	for _, i := range cells {
		ps := c.base.peerSets[i]
		for _, m := range k.Cages[k.cageOf[i]].Cells {
			if m != i {
				ps.add(m)
			}
		}
		k.peerSets[i] = ps
		k.Peers[i] = k.Peers[i][:0]
		for set := ps; !set.empty(); {
			k.Peers[i] = append(k.Peers[i], set.pop())
		}
	}
}
