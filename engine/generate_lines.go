package engine

// How thermo and arrow puzzles are made
//
// Every attempt starts from a random complete grid and lays its marks on
// it: thermometers grown along rising runs of the solution, arrows whose
// shafts add up to their circles (see growThermos and growArrows). The
// marks carry much of what the givens would say, so the givens are then
// dug as for any other kind (generate.go), orbit by orbit, each kept out
// only while the keep rule of the level holds, with the layered solver
// (which knows the marks) proving uniqueness and the ladder, which has the
// marks' own rungs, deciding the level:
//
//	solution + marks        after digging
//	534 678 912  (O)==>     5.. ... ...      easy:   the easy rungs (singles,
//	672 195 348             ... ... ..8              thermo and arrow bounds)
//	...                     ...                      solve it
//	                                         others: the ladder up to the
//	                                                 level solves it
//
// Hard puzzles need the house rungs past medium, which the marks' bounds
// seldom leave: fewer marks give them room, so the number of marks falls
// with the level (lineMarks).
//
// The same rng state gives the same marks and the same puzzle.

import "math/rand/v2"

// lineMaker lays a constraint's marks on base over the solution sol.
type lineMaker func(rng *rand.Rand, base *Geometry, sol []uint8, l Level) (*Geometry, error)

// lineAttempt makes one candidate for q by laying marks with lay on a
// random solution and digging givens (digFrom) with lineExact's rules;
// exact is false when the attempt failed or its grading was cut short.
func (g *Generator) lineAttempt(rng *rand.Rand, q Quota, lay lineMaker) (Puzzle, bool) {
	if q.Level < 0 || q.Level >= NumLevels || q.Symmetry < 0 || q.Symmetry >= NumSymmetries {
		return Puzzle{}, false
	}
	base, err := Lookup(q.Kind.Variant, q.Kind.Side())
	if err != nil {
		return Puzzle{}, false
	}
	sol, ok := g.exactFor(base).fill(rng)
	if !ok {
		return Puzzle{}, false
	}
	geo, err := lay(rng, base, sol, q.Level)
	if err != nil {
		return Puzzle{}, false
	}
	return g.digFrom(rng, q, geo, lineExact{g, geo}, sol)
}

// lineExact is what the generator asks of the solvers on a geometry with
// marks (see exact in generate.go): the layered solver for uniqueness, the
// ladder for the level. Its "singles" are the easy rungs, the marks'
// bounds among them: an easy thermo is one a reader solves with singles
// and the thermometers.
type lineExact struct {
	g   *Generator
	geo *Geometry
}

func (x lineExact) fill(rng *rand.Rand) ([]uint8, bool) {
	return nil, false // the solution comes before the marks
}

func (x lineExact) count(p, sol []uint8) int { return x.geo.count(p, 2, sol) }

func (x lineExact) singles(p []uint8) bool { return x.g.grader.solves(x.geo, p, Easy) }

// grade skips Grade's proof of uniqueness: the dig rules prove it, and
// the attempt proves it once more at its end.
func (x lineExact) grade(p []uint8, c Level) (Grading, error) {
	return x.g.grader.gradeUnique(x.geo, p, GradeOptions{Cap: c})
}

// digRule: up to hard a given goes only while the ladder up to the level
// solves the puzzle, so digging stops at the level; past it the solver
// decides and the grading steers.
func (x lineExact) digRule(l Level) keepRule {
	switch {
	case l == Easy:
		return keepSingles
	case l >= Expert:
		return keepUnique
	}
	return keepWithin
}

// within asks the solver first: it shows a puzzle with several solutions
// in microseconds, where the ladder tries every rung up to the level
// before it gives up.
func (x lineExact) within(p []uint8, l Level) bool {
	if x.count(p, nil) != 1 {
		return false
	}
	return x.g.grader.solves(x.geo, p, l)
}

func (x lineExact) resumes() bool { return true }

// rate: grade rates already.
func (x lineExact) rate(_ []uint8, gr Grading, _ Level) (Grading, error) { return gr, nil }

// lineEdges records the steps of the lines drawn so far, so that a
// diagonal step never crosses another: a step from (r,c) to (r+1,c+1)
// crosses one from (r,c+1) to (r+1,c).
type lineEdges struct {
	n    int
	used []bool
	// steps holds each drawn step as the pair of its cells, lower first.
	steps map[[2]int]bool
}

func newLineEdges(n int) *lineEdges {
	return &lineEdges{n: n, used: make([]bool, n*n), steps: map[[2]int]bool{}}
}

// free reports whether a line may step from a to b: b is unused and the
// step crosses no other.
func (e *lineEdges) free(a, b int) bool {
	if e.used[b] {
		return false
	}
	n := e.n
	ra, ca, rb, cb := a/n, a%n, b/n, b%n
	if ra == rb || ca == cb {
		return true
	}
	x, y := ra*n+cb, rb*n+ca
	return !e.steps[[2]int{min(x, y), max(x, y)}]
}

// step records a step of a line from a to b, b now used.
func (e *lineEdges) step(a, b int) {
	e.used[b] = true
	e.steps[[2]int{min(a, b), max(a, b)}] = true
}

// erase takes back a line that was not kept: its cells and its steps.
func (e *lineEdges) erase(cells []int) {
	for k, c := range cells {
		e.used[c] = false
		if k > 0 {
			a := cells[k-1]
			delete(e.steps, [2]int{min(a, c), max(a, c)})
		}
	}
}

// neighbours lists the eight neighbours of cell c on an n x n grid.
func neighbours(n, c int, buf []int) []int {
	buf = buf[:0]
	r, col := c/n, c%n
	for dr := -1; dr <= 1; dr++ {
		for dc := -1; dc <= 1; dc++ {
			if (dr != 0 || dc != 0) && r+dr >= 0 && r+dr < n && col+dc >= 0 && col+dc < n {
				buf = append(buf, (r+dr)*n+col+dc)
			}
		}
	}
	return buf
}
