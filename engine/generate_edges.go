package engine

// How edge-marked puzzles are made
//
// Every attempt fills a grid of the kind's houses at random and reads the
// marks off the solution's neighbours: a white dot where two neighbours
// differ by 1, a black one where one is twice the other (1 and 2 take
// either, at random), an X where they add up to 10, a V to 5, a bar
// where they differ by 1, a sign on every edge inside a box. With every
// mark given the marks are then the solution's, edge for edge; a kropki
// with only some of its dots keeps a random two thirds of them. Then the
// givens are dug as for every kind (generate.go), the keep rule reading
// the marks: the ladder with the marks' rungs up to the level, or the
// layered solver with their propagation (solve_layer.go). So the puzzle
// needs fewer givens than a classic one of its level, and none where the
// marks suffice; the solver proves it unique at the end.

import "math/rand/v2"

// EdgeMarked makes one candidate of q's houses and side carrying the
// marks of the rule named rule (all says whether every mark is given)
// and reports whether it fits q's level, clue band and symmetry. A miss
// is normal; try again with the same rng.
func (g *Generator) EdgeMarked(rng *rand.Rand, q Quota, rule string, all bool) (Puzzle, bool) {
	r := ruleNamed(rule)
	if r == nil || all && !r.negative || q.Level < 0 || q.Level >= NumLevels || q.Symmetry < 0 || q.Symmetry >= NumSymmetries {
		return Puzzle{}, false
	}
	base, err := Lookup(q.Kind.Variant, q.Kind.Side())
	if err != nil || base.N > maxLayerDigits || base.pos != nil {
		return Puzzle{}, false
	}
	sol, ok := g.exactFor(base).fill(rng)
	if !ok {
		return Puzzle{}, false
	}
	geo, err := base.WithEdgeMarks(rule, solutionMarks(rng, r, base, sol, all), all)
	if err != nil {
		return Puzzle{}, false
	}
	p, ok := g.digFrom(rng, q, geo, g.layerExactFor(geo, base), sol)
	return p, ok && p.Grading.Level == q.Level && CountClues(p.Givens) >= q.MinClues && (q.MaxClues == 0 || CountClues(p.Givens) <= q.MaxClues) && geo.holds(q.Symmetry, p.Givens)
}

// solutionMarks reads rule r's marks off sol's neighbours (see the
// file's comment).
func solutionMarks(rng *rand.Rand, r *edgeRule, g *Geometry, sol []uint8, all bool) []uint8 {
	edges := GridEdges(g.N)
	marks := make([]uint8, len(edges))
	for k, e := range edges {
		a, b := int(sol[e.A]), int(sol[e.B])
		if r.ordered {
			if g.Regions[e.A] == g.Regions[e.B] {
				marks[k] = 1
				if a > b {
					marks[k] = 2
				}
			}
			continue
		}
		// Every mark the pair keeps; 1 and 2 keep two kropki dots.
		var fits []uint8
		for m := uint8(1); int(m) <= r.marks(); m++ {
			if r.ok(m, a, b) {
				fits = append(fits, m)
			}
		}
		switch len(fits) {
		case 0:
			continue
		case 1:
			marks[k] = fits[0]
		default:
			marks[k] = fits[rng.IntN(len(fits))]
		}
		if !all && rng.IntN(3) == 0 {
			marks[k] = 0
		}
	}
	return marks
}

// layerExact is what the generator asks of the solvers on a geometry
// with a constraint: the layered solver counts, the ladder with the
// constraint's rungs grades and keeps; the plain houses' singles, which
// never read the marks, are a cheap sufficient test (a grid singles fill
// from the houses alone is the one solution, and easy).
type layerExact struct {
	g         *Generator
	geo, base *Geometry
}

// layerExactFor points the generator's layered solver at geo, whose
// houses are base's.
func (g *Generator) layerExactFor(geo, base *Geometry) layerExact {
	if g.layer == nil {
		g.layer = newLayerSolver()
	}
	g.layer.reset(geo)
	if !base.classic {
		g.generic.reset(base)
	}
	return layerExact{g, geo, base}
}

func (x layerExact) fill(rng *rand.Rand) ([]uint8, bool) { return nil, false }

func (x layerExact) count(p, sol []uint8) int {
	n := x.g.layer.run(p, 2)
	if n > 0 && sol != nil {
		copy(sol, x.g.layer.first)
	}
	return n
}

func (x layerExact) singles(p []uint8) bool {
	if x.base.classic {
		return singlesSolve(Grid(p))
	}
	return x.g.generic.SinglesSolve(p)
}

func (x layerExact) grade(p []uint8, c Level) (Grading, error) {
	return x.g.grader.gradeUnique(x.geo, p, GradeOptions{Cap: c})
}

// digRule: up to hard a clue goes only while the ladder up to the level,
// the marks' rungs among its steps, still solves the puzzle, so digging
// stops at the level; above it the solver keeps the puzzle unique and
// the steering finds the level.
func (x layerExact) digRule(l Level) keepRule {
	if l >= Expert {
		return keepUnique
	}
	return keepWithin
}

func (x layerExact) within(p []uint8, l Level) bool {
	if l >= Hard && x.count(p, nil) > 1 {
		return false
	}
	return x.g.grader.solves(x.geo, p, l)
}

func (x layerExact) resumes() bool { return true }

// rate: grade rates already.
func (x layerExact) rate(_ []uint8, gr Grading, _ Level) (Grading, error) { return gr, nil }
