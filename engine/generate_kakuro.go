package engine

// How kakuro puzzles are made
//
// A shape first: the box within the frame starts white, and black cells
// go in pairs turned half a turn about its centre (the symmetry the books
// print). A pair goes where a run is longer than the shape's side allows
// (about half the side, 9 at most) or a 3x3 block is all white (room for
// a second solution), then anywhere while more than about two thirds of
// the box is white. A white cell a pair leaves alone across or down goes
// black with it, and a change that would cut the white cells apart is
// undone; so every shape on the way is a kakuro's.
//
// Then the digits: the kakuro solver fills the shape at random, digits
// apart in every run, each run leaning to low digits, high ones or
// neither (kakuroBias), so that runs add up to totals few sets make; each
// run's clue is the sum of its digits. While the solver finds a second
// solution, a cell where it differs from the fill takes another digit,
// one its runs do not hold, and its two clues are summed again (a change
// cuts off the second solution, and mostly leaves fewer): of the changes
// open, those after which the solver's propagation leaves the fewest
// candidates are counted, and the one leaving the fewest solutions is
// taken; a cell just changed waits a few turns (kakuroTabu), or two
// changes undo each other. Then the puzzle is graded, and when it misses
// the level it walks towards it: a digit changed at random, the clues of
// its two runs summed again, the change kept when the puzzle stays unique
// and grades no further from the level, up to kakuroWalk changes. A
// random unique kakuro of 12x12 needs hard's wide run contradiction about
// once in a hundred; the walk makes one in a few tries, and takes the
// larger sides, whose puzzles come out tough, down to easy. It is kept
// when it lands on the level.

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
)

// kakuroLayerQuota is how a kakuro quota reads: it has no givens, so a
// clue band means nothing, and its shape has its own symmetry.
var kakuroLayerQuota = &layerQuota{
	placed: true,
	validate: func(q Quota) error {
		if q.MinClues > 0 || q.MaxClues > 0 {
			return fmt.Errorf("kakuro has no givens: a clue band %d-%d cannot be kept (want none)", q.MinClues, q.MaxClues)
		}
		if q.Symmetry != SymNone {
			return fmt.Errorf("kakuro has no givens: symmetry %s cannot be kept (want none; its shape is always turned half a turn)", q.Symmetry)
		}
		return nil
	},
	accepts: func(Quota, Puzzle) bool { return true },
	clues:   func(int) (int, int) { return 0, 0 },
}

// makeKakuro makes kakuro candidates.
func makeKakuro(g *Generator, rng *rand.Rand, q Quota) (Puzzle, bool) { return g.Kakuro(rng, q) }

// kakuroFixes bounds the digit changes an attempt makes before it gives
// up; kakuroBudget the solver's nodes for one count.
const (
	kakuroFixes  = 60
	kakuroBudget = 200000
)

// Kakuro makes one kakuro candidate of q's side and reports whether it
// lands on q's level.
func (g *Generator) Kakuro(rng *rand.Rand, q Quota) (Puzzle, bool) {
	n := q.Kind.Side()
	if q.Level < 0 || q.Level >= NumLevels || kakuroAllowed(n) != nil {
		return Puzzle{}, false
	}
	geo, sol, sums, ok := g.kakuroUnique(rng, n)
	if !ok {
		return Puzzle{}, false
	}
	blank := make([]uint8, geo.Cells)
	opt := GradeOptions{Cap: capFor(q.Level)}
	gr, err := g.grader.Grade(geo, blank, opt)
	if err != nil {
		return Puzzle{}, false
	}
	// A walk towards the level: a digit changed at random, its runs'
	// clues summed again, kept when the puzzle stays unique and grades no
	// further from the level (a harder technique, or the same one with as
	// high a score, on the way up; the reverse on the way down).
	base := geo.kakuroBase()
	for range kakuroWalk {
		if gr.Level == q.Level {
			break
		}
		ng, nsol, ok := g.kakuroStep(rng, base, sol, sums)
		if !ok {
			continue
		}
		ngr, err := g.grader.Grade(ng, blank, opt)
		if err != nil || !closer(ngr, gr, q.Level) {
			continue
		}
		geo, sol, gr = ng, nsol, ngr
		sums = kakuroSums(base, sol)
	}
	return Puzzle{Geo: geo, Givens: blank, Answer: sol, Grading: gr}, gr.Level == q.Level
}

// kakuroWalk bounds the steps of Kakuro's walk towards its level.
const kakuroWalk = 400

// closer reports whether grading a is no further from level l than b:
// a level nearer, or the same level with a score no further (as high on
// the way up, as low on the way down). A level as far on the other side
// is not taken, so the walk does not swing past l and back.
func closer(a, b Grading, l Level) bool {
	da, db := max(a.Level-l, l-a.Level), max(b.Level-l, l-b.Level)
	switch {
	case da != db:
		return da < db
	case a.Level != b.Level:
		return false
	case b.Level < l:
		return a.Score >= b.Score
	}
	return a.Score <= b.Score
}

// kakuroStep changes the digit of a cell of sol at random to one its runs
// do not hold and returns the puzzle its clues make, and its solution,
// when that solution is its only one.
func (g *Generator) kakuroStep(rng *rand.Rand, base *Geometry, sol []uint8, sums []int) (*Geometry, []uint8, bool) {
	sh := base.kakuro
	i := rng.IntN(len(sol))
	var used uint32
	for _, r := range sh.runOf[i] {
		for _, y := range sh.runs[r] {
			used |= Bit(sol[y])
		}
	}
	free := 0x3FE &^ used
	if free == 0 {
		return nil, nil, false
	}
	v := uint8(bits.TrailingZeros32(selectBit(free, rng.IntN(bits.OnesCount32(free)))))
	geo, ok := kakuroChanged(base, sums, sol, i, v)
	if !ok {
		return nil, nil, false
	}
	next := slices.Clone(sol)
	next[i] = v
	s := g.kakuro
	s.reset(geo)
	s.budget = kakuroBudget
	if s.run(make([]uint8, geo.Cells), 2) != 1 || !slices.Equal(s.first, next) {
		return nil, nil, false
	}
	return geo, next, true
}

// selectBit is the k-th set bit of m, from the lowest.
func selectBit(m uint32, k int) uint32 {
	for ; k > 0; k-- {
		m &= m - 1
	}
	return m & -m
}

// kakuroSums are the clues of base's runs for the digits sol.
func kakuroSums(base *Geometry, sol []uint8) []int {
	sh := base.kakuro
	sums := make([]int, len(sh.runs))
	for r, run := range sh.runs {
		for _, x := range run {
			sums[r] += int(sol[x])
		}
	}
	return sums
}

// kakuroUnique makes a kakuro of side n with one solution, sol, and its
// runs' clues (see the file's comment); false when the attempt gave up.
func (g *Generator) kakuroUnique(rng *rand.Rand, n int) (*Geometry, []uint8, []int, bool) {
	base, ok := kakuroShapeFor(rng, n)
	if !ok {
		return nil, nil, nil, false
	}
	if g.kakuro == nil {
		g.kakuro = new(kakuroSolver)
	}
	s := g.kakuro
	blank := make([]uint8, base.Cells)
	s.reset(base)
	s.rng, s.budget = rng, kakuroBudget
	s.bias = kakuroBias(rng, base)
	if s.run(blank, 1) != 1 {
		return nil, nil, nil, false
	}
	sol := slices.Clone(s.first)
	sums := kakuroSums(base, sol)
	other := make([]uint8, base.Cells)
	var tabu []int
	for range kakuroFixes {
		geo, err := base.WithKakuroSums(sums)
		if err != nil {
			return nil, nil, nil, false
		}
		s.reset(geo)
		s.budget, s.second = kakuroBudget, other
		count := s.run(blank, 2)
		s.second = nil
		switch count {
		case 0:
			return nil, nil, nil, false // out of budget
		case 1:
			if !slices.Equal(s.first, sol) || !geo.keeps(sol) {
				return nil, nil, nil, false
			}
			return geo, sol, sums, true
		}
		if !slices.Equal(s.first, sol) {
			copy(other, s.first)
		}
		x := g.kakuroChange(rng, base, sol, other, sums, tabu)
		if x < 0 {
			return nil, nil, nil, false
		}
		if len(tabu) == kakuroTabu {
			tabu = tabu[1:]
		}
		tabu = append(tabu, x)
	}
	return nil, nil, nil, false
}

// kakuroChange changes the digit of a cell where other differs from sol
// (see the file's comment) and sums its runs again; false when no such
// cell can take another digit. It returns the cell changed, -1 for none;
// last is the cell it changed before, which it changes again only when
// nothing else does as well. Of the changes open, it takes the one
// that leaves the fewest solutions (counted up to kakuroClimb), drawn at
// random among the best.
func (g *Generator) kakuroChange(rng *rand.Rand, base *Geometry, sol, other []uint8, sums []int, tabu []int) int {
	sh := base.kakuro
	s := g.kakuro
	blank := make([]uint8, base.Cells)
	type change struct {
		cell int
		v    uint8
		open int
	}
	var opts []change
	for i := range sol {
		if sol[i] == other[i] || slices.Contains(tabu, i) {
			continue
		}
		a, d := sh.runOf[i][0], sh.runOf[i][1]
		var used uint32
		for _, r := range [2]int16{a, d} {
			for _, y := range sh.runs[r] {
				used |= Bit(sol[y])
			}
		}
		for m := 0x3FE &^ used; m != 0; m &= m - 1 {
			v := uint8(bits.TrailingZeros32(m))
			geo, ok := kakuroChanged(base, sums, sol, i, v)
			if !ok {
				continue
			}
			s.reset(geo)
			if o := s.open(blank); o >= 0 {
				opts = append(opts, change{i, v, o})
			}
		}
	}
	if len(opts) == 0 {
		return -1
	}
	// The changes that leave the fewest candidates, counted; ties at
	// random.
	rng.Shuffle(len(opts), func(a, b int) { opts[a], opts[b] = opts[b], opts[a] })
	slices.SortStableFunc(opts, func(a, b change) int { return a.open - b.open })
	best, pick := kakuroClimb+1, opts[0]
	for _, c := range opts[:min(len(opts), kakuroTries)] {
		geo, _ := kakuroChanged(base, sums, sol, c.cell, c.v)
		s.reset(geo)
		s.budget = kakuroBudget / 20
		if n := s.run(blank, kakuroClimb); n > 0 && n < best {
			best, pick = n, c
		}
	}
	delta := int(pick.v) - int(sol[pick.cell])
	sums[sh.runOf[pick.cell][0]] += delta
	sums[sh.runOf[pick.cell][1]] += delta
	sol[pick.cell] = pick.v
	return pick.cell
}

// kakuroChanged is base with the clues sums would have were v in cell i
// of sol; sums is left as it was.
func kakuroChanged(base *Geometry, sums []int, sol []uint8, i int, v uint8) (*Geometry, bool) {
	sh := base.kakuro
	a, d := sh.runOf[i][0], sh.runOf[i][1]
	delta := int(v) - int(sol[i])
	sums[a] += delta
	sums[d] += delta
	geo, err := base.WithKakuroSums(sums)
	sums[a] -= delta
	sums[d] -= delta
	return geo, err == nil
}

// kakuroClimb is how far kakuroChange counts solutions, kakuroTries how
// many cells it tries.
const (
	kakuroClimb = 4
	kakuroTries = 4
)

// kakuroTabu is how many cells changed last kakuroChange leaves alone.
const kakuroTabu = 8

// kakuroBias leans each run of base high or low or neither, at random,
// and each cell by the sum of its two runs' leanings.
func kakuroBias(rng *rand.Rand, base *Geometry) []int8 {
	sh := base.kakuro
	lean := make([]int8, len(sh.runs))
	for r := range lean {
		lean[r] = int8(rng.IntN(3)) - 1
	}
	bias := make([]int8, base.Cells)
	for i, ru := range sh.runOf {
		bias[i] = lean[ru[0]] + lean[ru[1]]
	}
	return bias
}

// kakuroWhite is the share of the box within the frame, in hundredths,
// that a shape leaves white at most: books' shapes are 55 to 70 white.
const kakuroWhite = 66

// kakuroShapeFor lays a kakuro shape of side n (see the file's comment);
// false when the one drawn was dropped.
func kakuroShapeFor(rng *rand.Rand, n int) (*Geometry, bool) {
	white := make([]bool, n*n)
	inner := func(p int) bool { return p/n > 0 && p%n > 0 }
	// The half-turn within the frame: (r, c) to (n-r, n-c), r and c
	// from 1.
	mirror := func(p int) int { return (n-p/n)*n + (n - p%n) }
	count := 0
	for p := range white {
		white[p] = inner(p)
		if white[p] {
			count++
		}
	}
	longest := min(maxRun, n/2+2)
	target := kakuroWhite - rng.IntN(8)
	// runLen is the length of the run through p along step.
	runLen := func(p, step int) int {
		a := p
		for white[a-step] {
			a -= step
		}
		k := 0
		for q := a; q < n*n && white[q] && (step == n || q/n == a/n); q += step {
			k++
		}
		return k
	}
	// connected reports whether the white cells are connected.
	connected := func() bool {
		cellAt := make([]int, n*n)
		var pos []int
		for q := range white {
			cellAt[q] = -1
			if white[q] {
				cellAt[q] = len(pos)
				pos = append(pos, q)
			}
		}
		return len(pos) > 0 && whiteConnected(n, cellAt, pos)
	}
	// try makes p and its partner black, then every white cell left
	// alone across or down beside a cell made black (and its partner),
	// a few at most, and keeps them so when the white cells stay
	// connected.
	try := func(p int) bool {
		if !white[p] {
			return false
		}
		var made []int
		blacken := func(p int) {
			for _, q := range [2]int{p, mirror(p)} {
				if white[q] {
					white[q] = false
					made = append(made, q)
				}
			}
		}
		blacken(p)
		for k := 0; k < len(made) && len(made) <= 8; k++ {
			for _, o := range orthogonal(n, made[k]) {
				if o >= 0 && white[o] && (runLen(o, 1) < minRun || runLen(o, n) < minRun) {
					blacken(o)
				}
			}
		}
		if len(made) <= 8 && connected() {
			count -= len(made)
			return true
		}
		for _, q := range made {
			white[q] = true
		}
		return false
	}
	for range 4 * n * n {
		// The places that must go: a run too long, a 3x3 block all
		// white; then any, while the shape is too white.
		var must []int
		for p := range white {
			if !white[p] {
				continue
			}
			if runLen(p, 1) > longest || runLen(p, n) > longest {
				must = append(must, p)
				continue
			}
			if p/n <= n-3 && p%n <= n-3 {
				full := true
				for k := 0; k < 9 && full; k++ {
					full = white[p+k/3*n+k%3]
				}
				if full {
					for k := range 9 {
						must = append(must, p+k/3*n+k%3)
					}
				}
			}
		}
		switch {
		case len(must) > 0:
			// The first of them that can go; when none can, any place,
			// which may open the way.
			rng.Shuffle(len(must), func(a, b int) { must[a], must[b] = must[b], must[a] })
			done := false
			for _, p := range must {
				if done = try(p); done {
					break
				}
			}
			if !done {
				try(n + 1 + rng.IntN(n*n-n-1))
			}
		case 100*count > target*(n-1)*(n-1):
			try(n + 1 + rng.IntN(n*n-n-1))
		default:
			g, err := NewKakuro(n, white)
			return g, err == nil
		}
	}
	return nil, false
}
