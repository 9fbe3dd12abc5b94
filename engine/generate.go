package engine

// How the generator works
//
// Every attempt starts from a random complete grid (classicSolver.FillRandom) and
// takes clues away. Clues go a whole symmetry orbit at a time, orbits in a
// random order, each orbit tried once: if the puzzle without it still passes
// the keep rule the orbit stays out, otherwise it goes back. Digging stops
// at a clue floor, or when no orbit can go (the puzzle is then minimal for
// that rule).
//
//	solution            after digging
//	534 678 912         5.. .7. ...       easy:   keep while naked and hidden
//	672 195 348   -->   6.. 195 ...               singles alone solve it
//	198 342 567         .98 ... .6.       others: keep while the solver finds
//	...                 ...                       exactly one solution
//
// Easy digging needs neither the solver nor the grader: a puzzle that
// singles fill in has one solution and is easy by definition, and the
// singles check is a few microseconds of propagation. The floor is drawn
// inside the quota's clue band (or is its MinClues when the band is open
// above), so an easy section does not come out with one clue count
// throughout.
//
// The other levels dig to a minimal puzzle and grade it with Cap set to the
// level wanted, so a puzzle that needs more is given up on at the first
// technique above it. Minimal puzzles dug at random land all over the
// ladder (measured over 1000 of each):
//
//	             easy  medium  hard  expert  extreme
//	no symmetry   40%    19%    18%     7%      15%
//	rotational    66%    11%    13%     5%       5%
//
// A puzzle that is too hard is steered back:
//
//   - put removed orbits back, in random order, re-grading after each. A clue
//     taken from the solution keeps the puzzle unique and can only make it
//     easier. An orbit after which the puzzle is still too hard stays in;
//     one that makes it too easy goes out again (the cheap singles check
//     catches most of those), so the walk does not step over the level. Only
//     three still-too-hard gradings are allowed: they are the dearest step,
//     and past that a fresh attempt finds the level sooner. Off classic 9x9
//     the walk resumes the ladder where it got stuck instead of grading
//     afresh, which is cheaper, and allows eight (see stuckAgain).
//
// Measured over 800 attempts per level, this lifts the hit rate from 18% to
// 26% for medium, 17% to 27% for hard and 7% to 16% for expert (with
// rotational symmetry: 10 to 14%, 12 to 20%, 4 to 9%), and cuts the cost of
// a hit by 15 to 40%.
//
// A puzzle that is too easy is not worth saving. A hill-climb was tried and
// measured: swap a given for another cell's solution digit (one the second
// solution disagrees with, so the swap often stays unique), dig, re-grade.
// Only one swap in seven stayed unique, and of those only one in ten or
// twenty hit the level, against one fresh attempt in four to seven, so a
// hit cost several times more than starting afresh. A miss is not wasted by
// Fill either: its exact grading may fit another quota (a hard puzzle from
// an expert attempt fills a hard quota).
//
// On classic 9x9 a level is its rating's band (see Level), and medium and
// tough, whose bands end at 3.1 and 4.1, steer by it instead (steerBand):
// a ladder medium puzzle often rates 1.7 (SE's direct pointing) and a
// tough one 2.0 (its direct hidden pair), so steering by the ladder and
// rejecting after lost about half the hits. The test there is a solve
// with SE's rungs up to the band's top (Grader.rated), no dearer than a
// capped ladder solve. Minimal puzzles fall about half below medium's
// band, 9% in it, 2% in tough's and 39% above (1000 measured). From hard
// up the ladder steers and the rating's band decides the hit.
//
// When the quota's clue band starts above the puzzle's count, orbits are
// padded back in the same way, keeping each only while the puzzle stays
// above the level below; that is how a medium puzzle with 45 clues is made.
//
// Finally the solver proves once more that the puzzle has exactly the
// solution it was dug from, and the grading decides whether the attempt hit
// the quota (level, clue band, score band, symmetry). Everything random
// comes from the *rand.Rand passed in, so the same rng state gives the same
// puzzle.

import (
	"math/bits"
	"math/rand/v2"
	"slices"
)

// addBackBudget is how many still-too-hard puzzles the add-back walk may
// grade before the attempt gives up. Those gradings are the dearest step of
// all (the grader tries every technique up to the cap, and then looks for
// the one above it), and past a few a fresh attempt finds the level sooner.
const addBackBudget = 3

// resumeBudget is addBackBudget for the walk that resumes the ladder where
// it got stuck (see stuckAgain), which pays for a still-too-hard puzzle
// only from there on. The minimal X and hyper puzzles are nearly all
// beyond expert, so the walk often needs more than three orbits back.
// Measured at expert (-cpu 1, CPU puzzles a second, X / hyper): 3 gave 92-98 / 105-111, 6 gave 119-121 / 121-122, 8 gave
// 121-122 / 116-123, 12 and 20 about 123 / 122-125: 8 sits on the plateau
// with a shorter walk than 20.
const resumeBudget = 8

// Generator makes candidate puzzles aimed at a Quota, of any kind. It keeps
// solvers, a grader and scratch space between calls, so reuse one per
// goroutine; it is not safe for concurrent use.
type Generator struct {
	solver  *classicSolver
	grader  *Grader
	generic *genericSolver
	layer   *layerSolver         // for kinds with a constraint, made on first use
	kakuro  *kakuroSolver        // for kakuro, made on first use
	orbits  map[orbitKey][][]int // by symmetry, side and multi-grid figure
	order   []int
	// stuck is the grader's board where the ladder last got stuck on the
	// puzzle being steered (see addBack).
	stuck Board
}

// NewGenerator returns a generator with its own solvers and grader.
func NewGenerator() *Generator {
	return &Generator{solver: newClassicSolver(), grader: NewGrader(), generic: newGenericSolver(Classic9),
		orbits: map[orbitKey][][]int{}}
}

// Generate makes one candidate aimed at q and reports whether it fits q: the
// kind, the level, the clue band, the score band and the symmetry. A miss is
// normal (ok false); callers simply try again with the same rng, which has
// moved on. The candidate is returned either way, but after a miss its
// grading may have been cut short by the cap. The same rng state always
// gives the same puzzle.
func (g *Generator) Generate(rng *rand.Rand, q Quota) (Puzzle, bool) {
	p, exact := g.candidate(rng, q)
	return p, exact && q.Accepts(p)
}

// candidate makes one candidate for q by the way its kind is made: a kind
// with a layer by its layer's maker (killer grows cages over a filled
// grid), every other digs.
func (g *Generator) candidate(rng *rand.Rand, q Quota) (Puzzle, bool) {
	if q.Kind.Layer != NoLayer {
		if k := q.Kind.Layer.kindOf(); k != nil && k.make != nil {
			return k.make(g, rng, q)
		}
		return Puzzle{}, false
	}
	return g.attempt(rng, q)
}

// Dig removes the orbits of sym from solution in random order, each orbit
// tried once and left out only if the solver still finds exactly one
// solution, until minClues is reached or nothing more can go. solution may
// be any uniquely solvable grid, complete or not.
func (g *Generator) Dig(rng *rand.Rand, solution Grid, sym Symmetry, minClues int) Grid {
	if sym < 0 || sym >= NumSymmetries {
		sym = SymNone
	}
	x := g.exactFor(Classic9)
	p := solution
	g.dig(rng, x, p[:], g.orbitsOf(sym, Classic9), minClues, keepUnique, Extreme)
	return p
}

// exact is what the generator asks of the solvers on one geometry: a random
// solution, the number of solutions, whether singles alone solve a puzzle,
// and a capped grading.
type exact interface {
	fill(rng *rand.Rand) ([]uint8, bool)
	count(p, sol []uint8) int // up to 2; the first solution goes to sol when not nil
	singles(p []uint8) bool
	grade(p []uint8, cap Level) (Grading, error)
	// digRule is the keep rule for digging a puzzle aimed at level l.
	digRule(l Level) keepRule
	// within reports whether the ladder up to l, without uniqueness
	// rungs, solves p (keepWithin).
	within(p []uint8, l Level) bool
	// resumes reports whether the add-back walk may resume the ladder
	// where it got stuck instead of grading afresh (see addBack).
	resumes() bool
	// rate completes gr, the grading of p that the generator keeps, with
	// what trial gradings leave out (the classic rating); it returns gr
	// as it is where grade already rates.
	rate(p []uint8, gr Grading, cap Level) (Grading, error)
}

// exactFor chooses the solvers for geo: the classic fast paths for classic
// 9x9, the generic ones for every other geometry. It is the one place the
// generator makes that choice.
func (g *Generator) exactFor(geo *Geometry) exact {
	if geo.classic {
		return classicExact{g}
	}
	g.generic.reset(geo)
	return genericExact{g, geo}
}

type classicExact struct{ g *Generator }

func (x classicExact) fill(rng *rand.Rand) ([]uint8, bool) {
	sol, ok := x.g.solver.FillRandom(Grid{}, rng)
	return sol[:], ok
}

func (x classicExact) count(p, sol []uint8) int {
	n, first := x.g.solver.Count(Grid(p), 2)
	if sol != nil {
		copy(sol, first[:])
	}
	return n
}

// uniqueWithout reports whether p, a puzzle with one solution from which
// the cells o, holding digits ds in it, were just taken, still has one.
// Its solution is still one, so the question is whether another exists:
// one that differs in some cell of o. The first cell that differs is
// o[i], with o[:i] as they were, and each i is one search for any
// solution with ds[i] ruled out of o[i], which stops at the first it
// finds; counting to two finds the known one first and then looks for
// another, and proves a puzzle unique by searching the whole tree.
func (x classicExact) uniqueWithout(p []uint8, o []int, ds []uint8) bool {
	g := Grid(p)
	for i, c := range o {
		if x.g.solver.solvableWithout(g, c, ds[i]) {
			return false
		}
		g[c] = ds[i]
	}
	return true
}

func (x classicExact) singles(p []uint8) bool { return singlesSolve(Grid(p)) }

func (x classicExact) grade(p []uint8, c Level) (Grading, error) {
	return x.g.grader.gradeClassic(Grid(p), GradeOptions{Cap: c, trial: true})
}

// rate completes gr, the trial grading of p, a candidate the generator
// keeps, with its rating: digging and steering grade many candidates and
// throw most away, and SE's path, which only the rating needs, would cost
// more than all of them. When the grader's last grading was p's it walks
// SE's path from where that grading left it; otherwise it grades p again.
func (x classicExact) rate(p []uint8, gr Grading, c Level) (Grading, error) {
	g := x.g.grader
	if !g.trialDone || g.trialOf != Grid(p) {
		return g.gradeClassic(Grid(p), GradeOptions{Cap: c})
	}
	g.trialDone = false
	if g.seFrom {
		r, err := g.sePath()
		if err != nil {
			return gr, err
		}
		gr.Rating = max(g.seRating, r)
	}
	gr.Level = BandLevel(gr.Rating)
	return gr, nil
}

// digRule on classic 9x9: dig to a minimal unique puzzle and steer after;
// the fast solver makes each uniqueness test a few microseconds.
func (x classicExact) digRule(l Level) keepRule {
	if l == Easy {
		return keepSingles
	}
	return keepUnique
}

// rated reports whether p's rating is top or below, top from 2.5 to 4.1
// (see Grader.rated).
func (x classicExact) rated(p []uint8, top Rating) bool {
	return x.g.grader.rated(Classic9, p, top)
}

func (x classicExact) within(p []uint8, l Level) bool { return x.g.grader.solves(Classic9, p, l) }

// resumes is false on classic 9x9: its steering keeps the measured path,
// and so its puzzles.
func (x classicExact) resumes() bool { return false }

// seReaches reports whether p's rating by SE's path alone, walked from
// the givens, is floor or more; the walk stops as soon as it is (see
// sePathTo).
func (x classicExact) seReaches(p []uint8, floor Rating) (bool, error) {
	g := x.g.grader
	g.board.reset(Classic9, p)
	g.seBoard, g.seRating, g.seTop, g.trialDone = g.board, 0, FullHouse, false
	r, err := g.sePathTo(floor)
	return r >= floor, err
}

// steersByBand tells the levels whose candidates classic 9x9 steers by
// their rating's band rather than by the ladder: those whose band's top
// rated answers for. A ladder medium puzzle may rate easy on SE's scale
// (a direct pointing, 1.7), a tough one medium or easy (a direct hidden
// pair, 2.0), and a hard one tough (an xy-wing where SE finds an x-wing
// first): steering by the ladder would land on the wrong band, and
// rejecting those after would cost about half the puzzles.
func (x classicExact) steersByBand(l Level) bool {
	_, hi := l.Band()
	return l > Easy && hi > 0 && hi <= bandTop
}

type genericExact struct {
	g   *Generator
	geo *Geometry
}

// fillBudget bounds the search for a random solution: a jigsaw region set
// that admits no filling (or one hard to find) is dropped after it.
const fillBudget = 2000

func (x genericExact) fill(rng *rand.Rand) ([]uint8, bool) {
	return x.g.generic.FillRandom(make([]uint8, x.geo.Cells), rng, fillBudget)
}

// proofBudget bounds the generic solver's search in the generator. A few
// 16x16 puzzles send it into a search of seconds; such a puzzle is treated
// as unproved (a clue kept, an attempt missed) rather than waited for.
const proofBudget = 20000

func (x genericExact) count(p, sol []uint8) int {
	if layerFits(x.geo) {
		// A constraint's own propagation is the layered solver's.
		return x.geo.count(p, 2, sol)
	}
	s := x.g.generic
	s.budget = proofBudget
	n := s.run(p, 2)
	over := s.nodes >= proofBudget
	s.budget = 0
	if over {
		return 0
	}
	if n > 0 && sol != nil {
		copy(sol, s.first)
	}
	return n
}

func (x genericExact) singles(p []uint8) bool { return x.g.generic.SinglesSolve(p) }

// grade skips Grade's uniqueness proof: every puzzle the generator
// grades was dug from its solution by a rule that proves one solution
// (singles, the ladder without uniqueness rungs, or the solver), or is
// such a puzzle with clues of the solution added back. The solver proves
// the result once more at the end of the attempt.
func (x genericExact) grade(p []uint8, c Level) (Grading, error) {
	return x.g.grader.gradeUnique(x.geo, p, GradeOptions{Cap: c})
}

// digRule on other geometries: a clue goes only while the ladder up to the
// level still solves the puzzle, so digging stops at the level instead of
// overshooting it (minimal puzzles of a 6x6 are seldom medium, those of a
// 16x16 nearly always beyond hard), and the generic solver is spared the
// sparse grids where it is slowest. Extreme needs the solver.
func (x genericExact) digRule(l Level) keepRule {
	switch {
	case l == Easy:
		return keepSingles
	case l == Extreme, l == Expert && x.geo.Cells <= 81:
		// Up to 9x9 the solver proves a minimal puzzle in microseconds,
		// and grading at every clue up to expert costs more than
		// steering a minimal puzzle: X expert went from 64 to 101 a CPU
		// second, hyper from 36 to 77 (at hard the ladder wins).
		return keepUnique
	}
	return keepWithin
}

// within runs the ladder only on a puzzle the solver does not show to have
// several solutions: the ladder solves no such puzzle, and on grids up to
// 9x9 the solver says so in a few microseconds, where a ladder solve that
// fails tries every rung up to the level first (X and hyper hard went from
// about 180 and 157 to 285 and 319 a CPU second). Up to medium the ladder
// fails fast, and the solver first made X medium slower (1,166 -> 874). On
// larger grids the solver is the dearer test in the sparse grids digging
// reaches.
func (x genericExact) within(p []uint8, l Level) bool {
	if l >= Hard && x.geo.Cells <= 81 && x.count(p, nil) > 1 {
		return false
	}
	return x.g.grader.solves(x.geo, p, l)
}

func (x genericExact) resumes() bool { return true }

// rate: the generic grade rates already.
func (x genericExact) rate(_ []uint8, gr Grading, _ Level) (Grading, error) { return gr, nil }

// attempt makes one candidate for q. exact is false when the attempt failed
// or when the grading was cut short by the cap, so the level it reports is
// only a lower bound; such a candidate fits no quota.
func (g *Generator) attempt(rng *rand.Rand, q Quota) (Puzzle, bool) {
	if q.Level < 0 || q.Level >= NumLevels || q.Symmetry < 0 || q.Symmetry >= NumSymmetries {
		return Puzzle{}, false
	}
	geo, err := q.Kind.geometry(rng)
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

// digFrom digs a candidate for q out of sol, a solution on geo, whose
// solvers are x: the second half of attempt, and all of it for a kind
// whose constraint is made from the solution (parity marks).
func (g *Generator) digFrom(rng *rand.Rand, q Quota, geo *Geometry, x exact, sol []uint8) (Puzzle, bool) {
	orbits := g.orbitsOf(q.Symmetry, geo)
	if orbits == nil {
		return Puzzle{}, false // the symmetry does not fit the figure
	}
	p := append([]uint8(nil), sol...)
	rule := x.digRule(q.Level)
	cx, band := x.(classicExact)
	band = band && !q.TechniqueSet
	switch rule {
	case keepSingles:
		g.dig(rng, x, p, orbits, clueTarget(rng, q, geo.Cells), rule, q.Level)
	default:
		g.dig(rng, x, p, orbits, 0, rule, q.Level)
	}
	if band && cx.steersByBand(q.Level) {
		gr, exact := g.steerBand(rng, cx, p, sol, orbits, q)
		return g.finish(x, geo, p, sol, Tough, gr, exact)
	}
	if band && q.Level == Extreme {
		// Extreme's band has no top, so nothing steers there, and most
		// minimal puzzles rate below it: SE's path alone, without the
		// ladder's grading (most of an attempt's time), tells them,
		// walked only until it reaches the band.
		if ok, err := cx.seReaches(p, levelBands[Extreme]); err != nil || !ok {
			return newPuzzle(geo, p, sol, Grading{}), false
		}
	}
	gr, exact := g.grade(x, p, q.Level)
	if !exact && q.Level >= Medium {
		p, gr, exact = g.addBack(rng, x, p, sol, orbits, q)
		if p == nil {
			p = make([]uint8, geo.Cells) // nothing landed: an empty miss
		}
	}
	if exact && q.Level >= Medium && gr.Level == q.Level && CountClues(p) < q.MinClues {
		gr, exact = g.pad(rng, x, p, sol, orbits, q, gr)
	}
	return g.finish(x, geo, p, sol, capFor(q.Level), gr, exact)
}

// steerBand lands p, a minimal puzzle dug from sol, in q.Level's band of
// the rating, the way addBack lands a puzzle on a ladder level: orbits go
// back in random order, one after which the rating is still above the
// band stays in, one that takes it below goes out again, and the walk
// gives up after bandBudget still-too-hard puzzles. Each test is a solve
// with SE's rungs up to the band's top (rated), about the cost of a
// capped ladder solve. Once in the band, p is padded to q's clue band and
// graded by the ladder, which needs nothing above tough there (SE's rungs
// up to 4.1 are cases of the ladder's up to tough).
func (g *Generator) steerBand(rng *rand.Rand, x classicExact, p, sol []uint8, orbits [][]int, q Quota) (Grading, bool) {
	lo, hi := q.Level.Band()
	if x.singles(p) {
		return Grading{}, false // singles rate 2.3 at most
	}
	in := x.rated(p, hi)
	if in && x.rated(p, lo-1) {
		return Grading{}, false // below the band: clues only lower it
	}
	n, tries := CountClues(p), 0
	for _, k := range g.shuffled(rng, len(orbits)) {
		if in || tries == bandBudget {
			break
		}
		o := orbits[k]
		if !putBack(p, sol, o, n, q) {
			continue
		}
		if !x.rated(p, hi) {
			tries++
			n += len(o)
			continue // still above the band: keep the orbit in
		}
		if !x.singles(p) && !x.rated(p, lo-1) {
			in = true
			break
		}
		for _, c := range o {
			p[c] = 0
		}
	}
	if !in {
		return Grading{}, false
	}
	if CountClues(p) < q.MinClues {
		g.padRated(rng, x, p, sol, orbits, q)
	}
	return g.grade(x, p, Tough)
}

// bandBudget is addBackBudget for steerBand, whose tests cost a capped
// solve rather than a grading.
const bandBudget = 3

// padRated adds orbits of the solution to p (in place) until it has a
// clue count inside q's band, keeping only orbits after which the rating
// stays above the band below q.Level's: clues only lower a rating.
func (g *Generator) padRated(rng *rand.Rand, x classicExact, p, sol []uint8, orbits [][]int, q Quota) {
	lo, _ := q.Level.Band()
	g.padOrbits(rng, p, sol, orbits, q, func() bool { return !x.singles(p) && !x.rated(p, lo-1) })
}

// finish checks a candidate dug out of sol and graded gr with cap c (exact
// when not cut short by it), and rates it in full when it is kept.
func (g *Generator) finish(x exact, geo *Geometry, p, sol []uint8, c Level, gr Grading, exact bool) (Puzzle, bool) {
	out := newPuzzle(geo, p, sol, gr)
	if !exact || !geo.Balanced(p) {
		return out, false
	}
	// The keep rules already imply one solution; the solver confirms it so a
	// bug in a technique can never let a broken puzzle through.
	check := make([]uint8, geo.Cells)
	if n := x.count(p, check); n != 1 || !slices.Equal(check, sol) {
		return out, false
	}
	gr, err := x.rate(p, gr, c)
	if err != nil {
		return out, false
	}
	out.Grading = gr
	return out, true
}

// clueTarget draws the clue count to dig down or pad up to: uniform over
// the part of q's clue band that the level can reach, or q.MinClues when
// the band has no upper end.
func clueTarget(rng *rand.Rand, q Quota, cells int) int {
	lo, _ := q.Kind.feasibleClues(q.Level)
	lo = max(lo, q.MinClues)
	if q.MaxClues < lo {
		return q.MinClues
	}
	return lo + rng.IntN(q.MaxClues-lo+1)
}

// keepRule decides whether a puzzle may lose the orbit just taken out.
type keepRule int

const (
	keepUnique  keepRule = iota // exactly one solution
	keepSingles                 // naked and hidden singles solve it
	keepWithin                  // the ladder up to the level solves it
)

func keeps(x exact, p []uint8, r keepRule, l Level) bool {
	switch r {
	case keepSingles:
		return x.singles(p)
	case keepWithin:
		// The ladder tries singles before anything else at every step,
		// so when singles alone fill p in, the ladder does too: the
		// answer is the same, and the event-driven singles solver gives
		// it for a fraction of a ladder solve (most orbits dug early on).
		return x.singles(p) || x.within(p, l)
	}
	return x.count(p, nil) == 1
}

// orbitsOf returns the orbits of s on geo, nil when s does not fit it. A
// multi-grid figure's orbits are listed fullest sub-grid first by dig.
func (g *Generator) orbitsOf(s Symmetry, geo *Geometry) [][]int {
	k := orbitKey{s, geo.N, geo.Variant}
	if geo.pos == nil {
		k.v = 0 // one table for every variant of a side
	}
	if _, ok := g.orbits[k]; !ok {
		g.orbits[k] = geo.orbits(s)
	}
	return g.orbits[k]
}

type orbitKey struct {
	s Symmetry
	n int
	v Variant
}

// dig tries each orbit of p once, in random order, and leaves it out when
// rule r still holds without it, stopping at minClues clues. It changes p
// in place.
func (g *Generator) dig(rng *rand.Rand, x exact, p []uint8, orbits [][]int, minClues int, r keepRule, l Level) {
	order := g.shuffled(rng, len(orbits))
	var multi *Geometry
	if ge, ok := x.(genericExact); ok && ge.geo.pos != nil {
		multi = ge.geo
	}
	n := CountClues(p)
	for step, k := range order {
		if n <= minClues {
			break
		}
		if multi != nil {
			// Dig the fullest sub-grid first, so the clues stay balanced.
			k = multi.fullestFirst(p, orbits, order[step:])
		}
		o := orbits[k]
		if p[o[0]] == 0 || n-len(o) < minClues {
			continue
		}
		var saved [4]uint8
		for j, c := range o {
			saved[j], p[c] = p[c], 0
		}
		var kept bool
		if cx, ok := x.(classicExact); ok && r == keepUnique {
			kept = cx.uniqueWithout(p, o, saved[:len(o)])
		} else {
			kept = keeps(x, p, r, l)
		}
		if kept {
			n -= len(o)
			continue
		}
		for j, c := range o {
			p[c] = saved[j]
		}
	}
}

// shuffled returns 0..n-1 in random order in the generator's scratch slice.
func (g *Generator) shuffled(rng *rand.Rand, n int) []int {
	if cap(g.order) < n {
		g.order = make([]int, n)
	}
	order := g.order[:n]
	for i := range order {
		order[i] = i
	}
	rng.Shuffle(n, func(a, b int) { order[a], order[b] = order[b], order[a] })
	return order
}

// capFor is the grading cap used when aiming at level l: grading stops at
// the first technique above l. Easy puzzles are dug so that they cannot
// need more, and extreme has nothing above it, so those run uncapped.
func capFor(l Level) Level {
	if l == Medium || l == Tough || l == Hard || l == Expert {
		return l
	}
	return 0
}

// grade grades p capped for level target and reports whether the grading is
// exact (not cut short by the cap, no error).
func (g *Generator) grade(x exact, p []uint8, target Level) (Grading, bool) {
	c := capFor(target)
	gr, err := x.grade(p, c)
	if err != nil {
		return gr, false
	}
	return gr, c == 0 || gr.Level <= c
}

// addBack restores removed orbits of p, a puzzle too hard for q.Level, one
// at a time and in random order, until the puzzle lands on the level. An
// orbit after which the puzzle is still too hard stays in; one that makes it
// too easy goes out again, so the walk does not step over the level. It
// gives up after addBackBudget still-too-hard gradings, or when every orbit
// was tried, and then returns the first too-easy puzzle it met (exactly
// graded, so it may still fit another quota), if any.
func (g *Generator) addBack(rng *rand.Rand, x exact, p, sol []uint8, orbits [][]int, q Quota) ([]uint8, Grading, bool) {
	var fallback []uint8
	var fallbackGr Grading
	found := false
	n, grades := CountClues(p), 0
	resume, budget := x.resumes(), addBackBudget
	if resume {
		g.stuck = g.grader.board // where the grading of p just got stuck
		budget = resumeBudget
	}
	for _, k := range g.shuffled(rng, len(orbits)) {
		if grades == budget {
			break
		}
		o := orbits[k]
		if !putBack(p, sol, o, n, q) {
			continue
		}
		// Singles solving it means easy, below any level steered here: the
		// grader is asked only for the fallback's grading.
		if !x.singles(p) || !found {
			if resume && g.stuckAgain(o, sol, q.Level) {
				grades++
				n += len(o)
				continue // still too hard: keep the orbit in
			}
			gr, exact := g.grade(x, p, q.Level)
			switch {
			case !exact:
				if resume {
					g.stuck = g.grader.board
				}
				grades++
				n += len(o)
				continue // still too hard: keep the orbit in
			case gr.Level == q.Level:
				return p, gr, true
			case !found:
				fallback, fallbackGr, found = slices.Clone(p), gr, true
			}
		}
		for _, c := range o {
			p[c] = 0
		}
	}
	return fallback, fallbackGr, found
}

// putBack puts orbit o of sol back into p, which holds n clues, unless it
// is in already or would take p past q's clue band.
func putBack(p, sol []uint8, o []int, n int, q Quota) bool {
	if p[o[0]] != 0 || (q.MaxClues > 0 && n+len(o) > q.MaxClues) {
		return false
	}
	for _, c := range o {
		p[c] = sol[c]
	}
	return true
}

// stuckAgain puts the clues of orbit o back on the board where the ladder
// up to l last got stuck and reports whether the ladder, resumed from
// there, gets stuck again; g.stuck then moves to the new place.
//
// Grading afresh after each orbit repeats every step up to the place the
// ladder got stuck, then tries every rung once more to fail: at expert that
// was most of an X or hyper attempt, as their minimal puzzles are nearly
// all beyond expert and the walk meets several still-too-hard puzzles. The
// board there holds only sound deductions (the puzzle has one solution and
// an orbit of it only narrows it), so resuming asks the same question with
// more known. It is a filter, not a grading: a puzzle it lets through is
// graded afresh, so what it lands on grades as it says. The grader's path
// depends on where it starts, so a rare puzzle one would call too hard the
// other would not: the walk, and so the puzzle, can differ from grading
// afresh every time, which is why classic 9x9 keeps the older walk.
func (g *Generator) stuckAgain(o []int, sol []uint8, l Level) bool {
	b := &g.grader.board
	*b = g.stuck
	for _, c := range o {
		if b.Cells[c] == 0 {
			b.Place(c, sol[c])
		}
	}
	if g.grader.ladderSolves(l, true) {
		return false
	}
	g.stuck = *b
	return true
}

// pad adds orbits of the solution to p (in place), a puzzle of level
// q.Level, until it has a clue count inside q's band, keeping only orbits
// after which the level holds. Clues only make a puzzle easier, so the test
// is whether it is still above the level below: for medium that is the
// singles check alone, for the others a grading capped one level down.
func (g *Generator) pad(rng *rand.Rand, x exact, p, sol []uint8, orbits [][]int, q Quota, gr Grading) (Grading, bool) {
	if !g.padOrbits(rng, p, sol, orbits, q, func() bool { return g.above(x, p, q.Level-1) }) {
		return gr, true
	}
	// The grader's path can change with the new clues; grade afresh.
	return g.grade(x, p, q.Level)
}

// padOrbits adds orbits of sol to p, in random order, until p has a clue
// count drawn from q's band, keeping each only while holds says the
// puzzle keeps its level; it reports whether any went in.
func (g *Generator) padOrbits(rng *rand.Rand, p, sol []uint8, orbits [][]int, q Quota, holds func() bool) bool {
	target := clueTarget(rng, q, len(p))
	n := CountClues(p)
	added := false
	for _, k := range g.shuffled(rng, len(orbits)) {
		if n >= target {
			break
		}
		o := orbits[k]
		if !putBack(p, sol, o, n, q) {
			continue
		}
		if holds() {
			n += len(o)
			added = true
			continue
		}
		for _, c := range o {
			p[c] = 0
		}
	}
	return added
}

// above reports whether p needs a technique above level l.
func (g *Generator) above(x exact, p []uint8, l Level) bool {
	if l == Easy {
		return !x.singles(p)
	}
	gr, err := x.grade(p, l)
	return err == nil && gr.Level > l
}

// singlesSolve reports whether naked and hidden singles alone fill in p.
// Such a puzzle has exactly one solution and is easy. Easy digging asks this
// after every orbit, and the steering asks it before grading; it costs a few
// microseconds, a small part of a grading.
//
// It is event driven rather than a scan until nothing changes: every house
// keeps, per digit, how many of its cells still allow the digit. Removing a
// candidate updates three counts, and a count that drops to one queues a
// hidden single, a cell left with one candidate queues a naked single. The
// work is then proportional to the candidates removed, not to the number of
// passes times 81 cells.
func singlesSolve(p Grid) bool {
	var s singles
	return s.solve(p)
}

type singles struct {
	cells  Grid
	cands  [81]uint32
	placed [27]uint32   // digits already placed, per house
	left   [27][10]int8 // cells of the house still allowing each digit
	queue  [512]uint16  // pending singles: a cell (< 81) or 81 + house*10 + digit
	n      int
	empty  int
}

func (s *singles) push(e int) { s.queue[s.n] = uint16(e); s.n++ }

func (s *singles) solve(p Grid) bool {
	s.cells = p
	for i, v := range p {
		if v == 0 {
			s.empty++
			continue
		}
		b := Bit(v)
		for _, u := range CellUnits[i] {
			if s.placed[u]&b != 0 {
				return false
			}
			s.placed[u] |= b
		}
	}
	for i, v := range p {
		if v != 0 {
			continue
		}
		u := CellUnits[i]
		m := AllDigits &^ (s.placed[u[0]] | s.placed[u[1]] | s.placed[u[2]])
		s.cands[i] = m
		if m&(m-1) == 0 {
			s.push(i) // a naked single, or no candidate at all
		}
		for ; m != 0; m &= m - 1 {
			d := bits.TrailingZeros32(m)
			s.left[u[0]][d]++
			s.left[u[1]][d]++
			s.left[u[2]][d]++
		}
	}
	for u := range 27 {
		for d := 1; d <= 9; d++ {
			if s.placed[u]&Bit(uint8(d)) == 0 && s.left[u][d] <= 1 {
				s.push(81 + u*10 + d) // a hidden single, or no place at all
			}
		}
	}
	for s.n > 0 {
		s.n--
		e := int(s.queue[s.n])
		if e < 81 {
			if s.cells[e] != 0 {
				continue
			}
			m := s.cands[e]
			if m == 0 || !s.place(e, uint8(bits.TrailingZeros32(m))) {
				return false
			}
			continue
		}
		u, d := (e-81)/10, uint8((e-81)%10)
		if s.placed[u]&Bit(d) != 0 {
			continue
		}
		cell := -1
		for _, c := range Units[u] {
			if s.cands[c]&Bit(d) != 0 {
				cell = int(c)
				break
			}
		}
		if cell < 0 || !s.place(cell, d) {
			return false
		}
	}
	return s.empty == 0
}

// place puts d in cell i and reports false on a contradiction: a cell or a
// house left without any place for a digit.
func (s *singles) place(i int, d uint8) bool {
	b := Bit(d)
	s.cells[i] = d
	s.empty--
	others := s.cands[i] &^ b
	s.cands[i] = 0
	for _, u := range CellUnits[i] {
		s.placed[u] |= b
	}
	for ; others != 0; others &= others - 1 {
		if !s.lost(i, uint8(bits.TrailingZeros32(others))) {
			return false
		}
	}
	for _, q := range Peers[i] {
		m := s.cands[q]
		if m&b == 0 {
			continue
		}
		m &^= b
		s.cands[q] = m
		if m == 0 {
			return false
		}
		if m&(m-1) == 0 {
			s.push(int(q))
		}
		if !s.lost(int(q), d) {
			return false
		}
	}
	return true
}

// lost books that cell i no longer allows d in its three houses.
func (s *singles) lost(i int, d uint8) bool {
	for _, u := range CellUnits[i] {
		if s.placed[u]&Bit(d) != 0 {
			continue
		}
		s.left[u][d]--
		switch s.left[u][d] {
		case 0:
			return false
		case 1:
			s.push(81 + int(u)*10 + int(d))
		}
	}
	return true
}
