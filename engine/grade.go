package engine

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
)

// Placement puts Digit in Cell.
type Placement struct {
	Cell  int
	Digit uint8
}

// Elimination removes candidate Digit from Cell.
type Elimination struct {
	Cell  int
	Digit uint8
}

// Step is one application of a technique: what it placed or eliminated,
// the pattern it found, and explain's sentence for it ("in box 5, 7 fits
// only in r4c6"), worded from the pattern (notes.go).
type Step struct {
	Technique    Technique
	Placements   []Placement
	Eliminations []Elimination
	Note         string
	// Pattern is what the step found, by role (see Role), from which
	// every reader words the step; set, like Note, only when notes are
	// wanted.
	Pattern Pattern
	// Length measures a chain or a trial for the rating: the links of a
	// chain, the singles a trial followed to its contradiction; zero for
	// patterns of fixed size.
	Length int
	// Rating is the step's difficulty on the SE scale (see Rating).
	Rating Rating

	// explain is set by the grader when notes are wanted; finders build
	// the Pattern only then, and the grader words the Note from it, so
	// grading in bulk does no string work.
	explain bool
	// extra is what the finder adds to its technique's base rating for
	// the shape it found.
	extra Rating
}

// Explain reports whether the caller wants the step's pattern built (and so
// its note worded).
func (s *Step) Explain() bool { return s.explain }

// Grading is the result of grading a puzzle: a value, never state to query.
type Grading struct {
	Level   Level     // fixed by Hardest
	Score   int       // sum of the weights of every step taken
	Hardest Technique // hardest technique the solve needed
	Rating  Rating    // SE-scale rating: that of the hardest step taken
	Counts  [NumTechniques]int
	Steps   []Step // only when GradeOptions.Steps is set
}

// GradeOptions tunes a grading.
type GradeOptions struct {
	// Steps keeps every step with its note (for explain); off it costs nothing.
	Steps bool
	// Cap, when above zero, stops the grading as soon as the solve needs a
	// technique above this level; the Grading then reports Level Cap+1 and
	// the technique that crossed it. Generators use it to reject early. Easy
	// is the zero Level and so cannot be a cap: cap at Medium instead and
	// reject anything whose Level is not Easy.
	Cap Level
	// trial is the generator's grading of a candidate it may still change:
	// on classic 9x9 it leaves SE's path out, so Rating is only the
	// ladder's part; the generator rates the puzzle it keeps in full.
	trial bool
}

// ErrStuck reports that no technique of the ladder made progress. With the
// whole ladder in place it cannot happen on a puzzle with one solution,
// because bifurcation always finds a wrong candidate; it signals a bug or a
// finder missing from the table.
var ErrStuck = errors.New("no technique makes progress")

// Grader grades puzzles one at a time with a human-style solver. It keeps its
// buffers between calls, so grading in bulk allocates next to nothing; a
// Grader is not safe for concurrent use, so give each worker its own.
type Grader struct {
	solver classicSolver
	board  Board
	step   Step
	cages  cageMemo // see findSome
	// sePath's start: the board before the first ladder step that SE's
	// order might have taken differently, and the rating up to it.
	seBoard  Board
	seRating Rating
	seFrom   bool
	// top is the technique of the hardest rated step (the ladder's up to
	// seBoard, then SE's path), for the calibration tests' bias by technique.
	top, seTop Technique
	// trialOf is the puzzle of the last grading, when it was a trial one
	// (trialDone): its SE path's start is still in seBoard for rate.
	trialOf   Grid
	trialDone bool
}

// NewGrader returns a Grader ready for use.
func NewGrader() *Grader {
	g := &Grader{}
	g.step.Placements = make([]Placement, 0, 16)
	g.step.Eliminations = make([]Elimination, 0, 64)
	return g
}

var graders = sync.Pool{New: func() any { return NewGrader() }}

// Grade grades p on geo with a pooled Grader; see Grader.Grade.
func Grade(geo *Geometry, p []uint8, opt GradeOptions) (Grading, error) {
	g := graders.Get().(*Grader)
	defer graders.Put(g)
	return g.Grade(geo, p, opt)
}

// Grade solves p, the givens of a puzzle on geo, as a person would and
// reports how hard that was.
//
// The givens must not conflict (a *ConflictError otherwise) and p must have
// exactly one solution, which the exact solver proves first (an error
// wrapping ErrNoSolution or ErrMultipleSolutions otherwise): several
// techniques, the uniqueness ones in particular, are sound only then. The
// solution itself is Solve's to give: a Grading holds no grid, so grading
// in bulk allocates nothing.
//
// The solve walks the technique table cheapest first, applies the first step
// found and starts again from the cheapest, until the grid is full. Every
// step adds its technique's weight to Score and one to its Count; Hardest is
// the costliest technique used and fixes Level.
//
// With opt.Cap set, the solve stops as soon as no technique at or below the
// cap makes progress: the Grading then has Level opt.Cap+1 (meaning "above
// the cap"), Hardest the cheapest technique up to expert that makes
// progress there or else bifurcation (the extreme chains are not searched:
// the level is all a cap asks), and Score and Counts cover the steps taken
// so far. Because Easy is the zero Level, a cap cannot be Easy; to check for
// an easy puzzle cap at Medium and compare the Level.
//
// Classic 9x9 takes the fast bitboard solver for the proof; this is the one
// place a grading chooses it.
func (g *Grader) Grade(geo *Geometry, p []uint8, opt GradeOptions) (Grading, error) {
	if geo.classic {
		return g.gradeClassic(Grid(p), opt)
	}
	var res Grading
	if err := geo.Validate(p); err != nil {
		return res, err
	}
	switch geo.count(p, 2, nil) {
	case 0:
		return res, fmt.Errorf("cannot grade %s: %w", geo.Format(p), ErrNoSolution)
	case 1:
	default:
		return res, fmt.Errorf("cannot grade %s: %w", geo.Format(p), ErrMultipleSolutions)
	}
	g.board.reset(geo, p)
	if err := g.climb(&res, opt); err != nil {
		return res, fmt.Errorf("grading %s: %w", geo.Format(p), err)
	}
	return res, nil
}

// gradeClassic is Grade on classic 9x9, proved by the bitboard solver.
func (g *Grader) gradeClassic(p Grid, opt GradeOptions) (Grading, error) {
	var res Grading
	if err := p.Validate(); err != nil {
		return res, err
	}
	switch n, _ := g.solver.Count(p, 2); n {
	case 0:
		return res, fmt.Errorf("cannot grade %s: %w", p, ErrNoSolution)
	case 1:
	default:
		return res, fmt.Errorf("cannot grade %s: %w", p, ErrMultipleSolutions)
	}
	g.board.reset(Classic9, p[:])
	if err := g.climb(&res, opt); err != nil {
		return res, fmt.Errorf("grading %s: %w", p, err)
	}
	g.trialOf, g.trialDone = p, opt.trial
	return res, nil
}

// gradeUnique is Grade for a puzzle already known to have exactly one
// solution: it skips the proof.
func (g *Grader) gradeUnique(geo *Geometry, p []uint8, opt GradeOptions) (Grading, error) {
	var res Grading
	g.board.reset(geo, p)
	if err := g.climb(&res, opt); err != nil {
		return res, fmt.Errorf("grading %s: %w", geo.Format(p), err)
	}
	return res, nil
}

// solves reports whether the ladder up to level top, without the rungs
// that lean on uniqueness, fills in p on geo. Every step left is then
// forced in every solution, so a full solve also proves p has exactly one:
// the generator digs with it instead of the solver, which on large grids
// near the fewest clues is the dearer test.
func (g *Grader) solves(geo *Geometry, p []uint8, top Level) bool {
	g.board.reset(geo, p)
	return g.ladderSolves(top, false)
}

// ladderSolves runs the ladder up to level top on g.board as it stands,
// with the rungs that lean on uniqueness only when unique is set, and
// reports whether it fills the board in. When it does not, g.board is left
// where the ladder got stuck.
func (g *Grader) ladderSolves(top Level, unique bool) bool {
	g.step.explain = false
	return g.solveBy(func() bool { return g.findSome(Easy, top, unique) })
}

// solveBy applies the steps find leaves in g.step to g.board until the
// board is full (true) or find finds none or one changes nothing (false,
// the board left where it got stuck).
func (g *Grader) solveBy(find func() bool) bool {
	b := &g.board
	empty := 0
	for _, v := range b.Cells[:b.geo().Cells] {
		if v == 0 {
			empty++
		}
	}
	for empty > 0 {
		if !find() {
			return false
		}
		placed, progress := g.applyStep()
		empty -= placed
		if !progress {
			return false
		}
	}
	return true
}

// applyStep carries out g.step on g.board and reports how many cells it
// filled and whether it changed anything at all. It is applied here rather
// than with Board.Apply to see that the step changed something: a finder
// that reports a step that changes nothing would otherwise send a solve
// loop round for ever.
func (g *Grader) applyStep() (placed int, progress bool) {
	b, s := &g.board, &g.step
	for _, pl := range s.Placements {
		if b.Cells[pl.Cell] == 0 {
			b.Place(pl.Cell, pl.Digit)
			placed++
			progress = true
		}
	}
	for _, e := range s.Eliminations {
		progress = b.Eliminate(e.Cell, e.Digit) || progress
	}
	return placed, progress
}

// climb runs the ladder on g.board, a puzzle with exactly one solution,
// and fills in res (all but Solution); see Grade.
func (g *Grader) climb(res *Grading, opt GradeOptions) error {
	b, s := &g.board, &g.step
	s.explain = opt.Steps
	top := Extreme
	if opt.Cap > 0 && opt.Cap < Extreme {
		top = opt.Cap
	}
	geo := b.geo()
	empty := 0
	for _, v := range b.Cells[:geo.Cells] {
		if v == 0 {
			empty++
		}
	}
	g.seFrom, g.top, g.trialDone = false, FullHouse, false
	for empty > 0 {
		if !g.find(Easy, top) {
			// Above the cap only the level matters: the extreme rungs'
			// chain searches are skipped for bifurcation, which always
			// makes progress and is far cheaper than a fruitless search.
			if top < Extreme && (g.find(top+1, Expert) || g.findOnly(Bifurcation)) {
				res.Level = top + 1
				res.Hardest = s.Technique
				return nil
			}
			return fmt.Errorf("at %s: %w", geo.Format(b.Cells[:geo.Cells]), ErrStuck)
		}
		if opt.Steps {
			writeNote(b, s)
		}
		if !g.seFrom && geo.classic && seMayPart[s.Technique] {
			// Finders leave the board alone: it is still as the step found it.
			g.seBoard, g.seRating, g.seFrom, g.seTop = *b, res.Rating, true, g.top
		}
		placed, progress := g.applyStep()
		empty -= placed
		if !progress {
			return fmt.Errorf("%s step changes nothing: %w", s.Technique, ErrStuck)
		}
		s.Rating = s.rating()
		res.Counts[s.Technique]++
		res.Score += s.Technique.Weight()
		res.Hardest = max(res.Hardest, s.Technique)
		if s.Rating > res.Rating || res.Rating == 0 {
			g.top = s.Technique
		}
		res.Rating = max(res.Rating, s.Rating)
		if opt.Steps {
			kept := *s
			kept.Placements = slices.Clone(s.Placements)
			kept.Eliminations = slices.Clone(s.Eliminations)
			kept.explain = false
			kept.extra = 0
			res.Steps = append(res.Steps, kept)
		}
	}
	res.Level = res.Hardest.Level()
	if g.seFrom && !opt.trial {
		r, err := g.sePath()
		if err != nil {
			return err
		}
		res.Rating = max(g.seRating, r)
	}
	if geo.classic && !opt.trial {
		res.Level = BandLevel(res.Rating)
	}
	return nil
}

// findOnly runs t's finder alone.
func (g *Grader) findOnly(t Technique) bool {
	startStep(&g.step, t)
	return finders[t](&g.board, &g.step)
}

// find runs the finders whose level lies between lo and hi, cheapest first,
// and leaves the first step found in g.step.
func (g *Grader) find(lo, hi Level) bool { return g.findSome(lo, hi, true) }

// findSome is find, leaving out the rungs that lean on uniqueness unless
// unique is set.
func (g *Grader) findSome(lo, hi Level, unique bool) bool {
	return g.findIn(ladderOrder[:], lo, hi, unique)
}

// findIn is findSome trying the techniques in the given order.
func (g *Grader) findIn(order []Technique, lo, hi Level, unique bool) bool {
	s := &g.step
	for _, t := range order {
		f := finders[t]
		if f == nil || t.Level() < lo || t.Level() > hi || !unique && t.leansOnUniqueness() {
			continue
		}
		startStep(s, t)
		// The cage combination, scanned at every step, skips the cages
		// still as they were when it last found nothing there.
		if t == CageCombination && cageCombination(&g.board, s, &g.cages) || t != CageCombination && f(&g.board, s) {
			return true
		}
	}
	return false
}

// The helpers below write the parts of step notes shared by the techniques.

// cellNames lists cells as "r1c1, r2c5".
func cellNames(g *Geometry, cells []int) string {
	var sb strings.Builder
	for k, c := range cells {
		if k > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(g.CellName(c))
	}
	return sb.String()
}

// cellsAnd lists cells as "r1c1, r2c5 and r3c3".
func cellsAnd(g *Geometry, cells []int) string {
	names := make([]string, len(cells))
	for k, c := range cells {
		names[k] = g.CellName(c)
	}
	return andList(names)
}

// cellsAt returns the cells of house u at the positions in mask.
func cellsAt(g *Geometry, u int, mask uint16) []int {
	var out []int
	for p, c := range g.Houses[u] {
		if mask&(1<<p) != 0 {
			out = append(out, c)
		}
	}
	return out
}

// cellList names the cells of elims, in order, each once.
func cellList(g *Geometry, elims []Elimination) string {
	var cells []int
	for _, e := range elims {
		if !slices.Contains(cells, e.Cell) {
			cells = append(cells, e.Cell)
		}
	}
	return cellNames(g, cells)
}

// digitList names the digits of m as "3", "3 and 7" or "1, 3 and 7".
func digitList(m uint32) string {
	var ds []string
	for _, d := range Digits(m) {
		ds = append(ds, fmt.Sprint(d))
	}
	return andList(ds)
}

// elimText says what elims remove, digit by digit:
// "3 leaves r1c4; 7 leaves r1c4, r1c8".
func elimText(g *Geometry, elims []Elimination) string {
	var parts []string
	for d := uint8(1); d <= MaxSide; d++ {
		var cells []int
		for _, e := range elims {
			if e.Digit == d {
				cells = append(cells, e.Cell)
			}
		}
		if len(cells) > 0 {
			parts = append(parts, fmt.Sprintf("%d leaves %s", d, cellNames(g, cells)))
		}
	}
	return strings.Join(parts, "; ")
}

// andList joins "a", "b", "c" as "a, b and c".
func andList(items []string) string {
	if len(items) <= 1 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// pairText writes a strong link as "r1c2=r1c7".
func pairText(g *Geometry, a, b int) string { return g.CellName(a) + "=" + g.CellName(b) }

// digitsText writes a candidate set as "{4,7}".
func digitsText(m uint32) string {
	var sb strings.Builder
	sb.WriteByte('{')
	for i, d := range Digits(m) {
		if i > 0 {
			sb.WriteByte(',')
		}
		fmt.Fprint(&sb, d)
	}
	sb.WriteByte('}')
	return sb.String()
}
