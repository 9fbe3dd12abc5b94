package engine

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// testKinds is one geometry of every kind the package makes.
var testKinds = []Kind{
	{Variant: Classic, Size: 4}, {Variant: Classic, Size: 6}, {Variant: Classic, Size: 8}, {Variant: Classic, Size: 9}, {Variant: Classic, Size: 12}, {Variant: Classic, Size: 16},
	{Variant: X, Size: 4}, {Variant: X, Size: 6}, {Variant: X, Size: 8}, {Variant: X, Size: 9}, {Variant: X, Size: 12}, {Variant: X, Size: 16},
	{Variant: Hyper, Size: 9}, {Variant: Jigsaw, Size: 4}, {Variant: Jigsaw, Size: 6}, {Variant: Jigsaw, Size: 8}, {Variant: Jigsaw, Size: 9}, {Variant: Jigsaw, Size: 12},
}

// kindSolution draws a geometry of kind k (jigsaw regions included) and a
// random solution on it, retrying region sets that admit none.
func kindSolution(t testing.TB, rng *rand.Rand, k Kind) (*Geometry, []uint8) {
	t.Helper()
	for range 50 {
		geo, err := k.geometry(rng)
		if err != nil {
			t.Fatalf("%s: %v", k, err)
		}
		if sol, ok := newGenericSolver(geo).FillRandom(make([]uint8, geo.Cells), rng, fillBudget); ok {
			return geo, sol
		}
	}
	t.Fatalf("%s: no solvable geometry in 50 tries", k)
	return nil, nil
}

// naiveCountOn counts the solutions of cells on geo up to limit by plain
// backtracking: first empty cell, every digit its peers allow. It shares
// nothing with the solvers but the geometry's peer lists, which
// TestGeometryHouses checks on their own.
func naiveCountOn(geo *Geometry, cells []uint8, limit int) int {
	i := slices.Index(cells, 0)
	if i < 0 {
		return 1
	}
	n := 0
	for d := uint8(1); int(d) <= geo.N && n < limit; d++ {
		ok := true
		for _, p := range geo.Peers[i] {
			if cells[p] == d {
				ok = false
				break
			}
		}
		if ok {
			cells[i] = d
			n += naiveCountOn(geo, cells, limit-n)
			cells[i] = 0
		}
	}
	return n
}

// TestGenericSolverAgainstNaive cross-checks the generic solver's count and
// solution with naiveCountOn on random puzzles of every kind: solutions with
// random cells cleared (one, several or, with a given changed, no solution).
func TestGenericSolverAgainstNaive(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	all := map[int]int{}
	for _, k := range testKinds {
		t.Run(k.String(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(k.Side()), uint64(k.Variant)))
			counts := map[int]int{}
			for trial := range 30 {
				geo, sol := kindSolution(t, rng, k)
				p := slices.Clone(sol)
				// Keep enough givens that naive backtracking stays quick.
				clear := geo.Cells * (30 + rng.IntN(35)) / 100
				if geo.N >= 12 {
					clear = geo.Cells * (20 + rng.IntN(20)) / 100
				}
				for _, i := range rng.Perm(geo.Cells)[:clear] {
					p[i] = 0
				}
				if trial%5 == 4 {
					// Change a given: usually no solution is left.
					for i := range p {
						if p[i] != 0 {
							p[i] = p[i]%uint8(geo.N) + 1
							break
						}
					}
				}
				if geo.Validate(p) != nil {
					continue
				}
				want := naiveCountOn(geo, slices.Clone(p), 2)
				got, first := newGenericSolver(geo).Count(p, 2)
				if got != want {
					t.Fatalf("%s %s: generic solver counts %d, naive %d", k, geo.Format(p), got, want)
				}
				counts[got]++
				if got == 0 {
					continue
				}
				if err := geo.Validate(first); err != nil || slices.Contains(first, 0) {
					t.Fatalf("%s %s: solution %s is not a filled grid (%v)", k, geo.Format(p), geo.Format(first), err)
				}
				for i, v := range p {
					if v != 0 && first[i] != v {
						t.Fatalf("%s %s: solution %s changes a given", k, geo.Format(p), geo.Format(first))
					}
				}
				if got == 1 && trial%5 != 4 && !slices.Equal(first, sol) {
					t.Fatalf("%s %s: unique solution %s, want %s", k, geo.Format(p), geo.Format(first), geo.Format(sol))
				}
			}
			if counts[1] == 0 {
				t.Fatalf("%s: counts %v: the sample must hold unique puzzles", k, counts)
			}
			for n, c := range counts {
				all[n] += c
			}
		})
	}
	if all[0] == 0 || all[2] == 0 {
		t.Fatalf("counts %v: the sample must hold puzzles without and with several solutions", all)
	}
}

// stepMistake checks a step against the solution: every placement right,
// no elimination of the solution's digit. It returns "" when sound.
func stepMistake(geo *Geometry, s *Step, sol []uint8) string {
	for _, pl := range s.Placements {
		if sol[pl.Cell] != pl.Digit {
			return fmt.Sprintf("places %d in %s, the solution has %d", pl.Digit, geo.CellName(pl.Cell), sol[pl.Cell])
		}
	}
	for _, e := range s.Eliminations {
		if sol[e.Cell] == e.Digit {
			return fmt.Sprintf("removes %d from %s, the solution's digit", e.Digit, geo.CellName(e.Cell))
		}
	}
	if len(s.Placements)+len(s.Eliminations) == 0 {
		return "makes no move"
	}
	return ""
}

// walkAllFinders solves p (unique, solution sol) on geo step by step. At
// every position it runs every finder of the ladder, checks each move it
// reports against the solution and that it left the board alone, then
// applies the cheapest. The dear rungs (expert and above: chains, forcing,
// the last resort) run only where nothing cheaper applies, which keeps the
// walk fast and still checks them wherever a solve needs them. It counts
// how often each technique fired.
func walkAllFinders(t testing.TB, geo *Geometry, p, sol []uint8, fired *[NumTechniques]int) {
	t.Helper()
	b := NewBoardOn(geo, p)
	var s Step
	s.explain = true
	for steps := 0; !b.Solved(); steps++ {
		if steps > 4*geo.Cells*geo.N {
			t.Fatalf("%s: no end after %d steps", geo.Format(p), steps)
		}
		var first *Step
		for tech := range NumTechniques {
			f := finders[tech]
			if f == nil || tech.Level() >= Expert && first != nil {
				continue
			}
			startStep(&s, tech)
			before := b
			if !f(&b, &s) {
				continue
			}
			if b != before {
				t.Fatalf("%s %s: %s changed the board", geo.Variant, geo.Format(p), tech)
			}
			writeNote(&b, &s)
			if msg := stepMistake(geo, &s, sol); msg != "" {
				t.Fatalf("%s %dx%d %s at %s: %s %s (note %q)", geo.Variant, geo.N, geo.N, geo.Format(p),
					geo.Format(b.Cells[:geo.Cells]), tech, msg, s.Note)
			}
			if s.Note == "" {
				t.Fatalf("%s: %s wrote no note", geo.Format(p), tech)
			}
			fired[tech]++
			if first == nil {
				kept := s
				kept.Placements = slices.Clone(s.Placements)
				kept.Eliminations = slices.Clone(s.Eliminations)
				first = &kept
			}
		}
		if first == nil {
			t.Fatalf("%s at %s: no technique applies", geo.Format(p), geo.Format(b.Cells[:geo.Cells]))
		}
		b.Apply(first)
	}
	if !slices.Equal(b.Cells[:geo.Cells], sol) {
		t.Fatalf("%s: solved to %s, want %s", geo.Format(p), geo.Format(b.Cells[:geo.Cells]), geo.Format(sol))
	}
}

// TestTechniquesSoundOnEveryKind digs minimal unique puzzles of every kind
// and runs every technique at every position of their solve (see
// walkAllFinders). The sample is small per kind; FuzzGradeKinds goes
// further.
func TestTechniquesSoundOnEveryKind(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	var fired [NumTechniques]int
	gen := NewGenerator()
	for _, k := range testKinds {
		t.Run(k.String(), func(t *testing.T) {
			n, floor := 3, 0
			if k.Side() >= 12 {
				// Digging a large grid to the minimum takes long; half its
				// cells and a tenth still leave work for the rungs above singles.
				n, floor = 1, k.Side()*k.Side()*2/5
			}
			rng := rand.New(rand.NewPCG(7, uint64(k.Side())*10+uint64(k.Variant)))
			for range n {
				geo, sol := kindSolution(t, rng, k)
				p := slices.Clone(sol)
				gen.dig(rng, gen.exactFor(geo), p, gen.orbitsOf(SymNone, geo), floor, keepUnique, Extreme)
				walkAllFinders(t, geo, p, sol, &fired)
			}
		})
	}
	// The sample must reach beyond the singles, or it proves little.
	for _, tech := range []Technique{HiddenSingle, NakedSingle, Pointing, Claiming, NakedPair, HiddenPair, XWing, XYWing} {
		if fired[tech] == 0 {
			t.Errorf("%s never fired on the sample", tech)
		}
	}
}

// FuzzGradeKinds grades a random minimal puzzle of a kind chosen by the
// seed and checks every technique at every step against the solution.
func FuzzGradeKinds(f *testing.F) {
	for i := range uint64(len(testKinds)) {
		f.Add(i)
	}
	f.Fuzz(func(t *testing.T, seed uint64) {
		k := testKinds[seed%uint64(len(testKinds))]
		if k.Side() >= 12 {
			k = testKinds[seed%5] // the large kinds are slow to dig under the fuzzer
		}
		rng := rand.New(rand.NewPCG(seed, 3))
		gen := NewGenerator()
		geo, sol := kindSolution(t, rng, k)
		p := slices.Clone(sol)
		gen.dig(rng, gen.exactFor(geo), p, gen.orbitsOf(Symmetry(seed%uint64(NumSymmetries)), geo), 0, keepUnique, Extreme)
		var fired [NumTechniques]int
		walkAllFinders(t, geo, p, sol, &fired)
	})
}

// TestUniqueRectangleOnX checks the house test of the unique rectangle: on
// X the same pattern fires where no diagonal meets the rectangle, and not
// where a diagonal holds one of its cells (the swap would break it).
func TestUniqueRectangleOnX(t *testing.T) {
	x, _ := Lookup(X, 9)
	cases := []struct {
		name  string
		geo   *Geometry
		cells [4]int // a c on one row, x y below; y holds the extra digit
		fires bool
	}{
		{"classic", Classic9, [4]int{2, 4, 11, 13}, true},
		{"x, off the diagonals", x, [4]int{2, 4, 11, 13}, true},
		{"x, r2c2 on the main diagonal", x, [4]int{1, 4, 10, 13}, false},
		{"classic, same cells", Classic9, [4]int{1, 4, 10, 13}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := NewBoardOn(c.geo, make([]uint8, 81))
			ab := Bit(3) | Bit(7)
			for _, i := range c.cells[:3] {
				b.Cands[i] = ab
			}
			b.Cands[c.cells[3]] = ab | Bit(5)
			var s Step
			got := findUniqueRectangle1(&b, &s)
			if got != c.fires {
				t.Fatalf("fired %v, want %v (%v)", got, c.fires, s.Eliminations)
			}
			if got && (len(s.Eliminations) != 2 || s.Eliminations[0].Cell != c.cells[3]) {
				t.Fatalf("eliminations %v, want 3 and 7 from cell %d", s.Eliminations, c.cells[3])
			}
		})
	}
}

// TestFillMixedKinds fills quotas of several kinds at once: every puzzle is
// of its quota's kind and level, unique, and the result is the same for one
// worker and for three.
func TestFillMixedKinds(t *testing.T) {
	quotas := []Quota{
		{Kind: Kind{Variant: Classic, Size: 6}, Level: Easy, Count: 3, Symmetry: SymRotational},
		{Kind: Kind{Variant: X, Size: 9}, Level: Easy, Count: 2},
		{Kind: Kind{Variant: Jigsaw, Size: 9}, Level: Easy, Count: 2},
		{Kind: Kind{Variant: Hyper, Size: 9}, Level: Medium, Count: 1},
		{Level: Easy, Count: 2},
	}
	var runs [2][][]Puzzle
	for r, workers := range []int{1, 3} {
		got, err := Fill(t.Context(), quotas, FillOptions{Seed: 5, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		runs[r] = got
	}
	for k, q := range quotas {
		if len(runs[0][k]) != q.Count {
			t.Fatalf("quota %d: %d puzzles, want %d", k, len(runs[0][k]), q.Count)
		}
		for j, p := range runs[0][k] {
			geo := p.Geometry()
			if p.Kind() != q.Kind.sized() || p.Grading.Level != q.Level {
				t.Fatalf("quota %d: got a %s %s puzzle, want %s %s", k, p.Kind(), p.Grading.Level, q.Kind, q.Level)
			}
			if n, sol := newGenericSolver(geo).Count(p.Cells(), 2); n != 1 || !slices.Equal(sol, p.SolutionCells()) {
				t.Fatalf("quota %d: %s has %d solutions", k, geo.Format(p.Cells()), n)
			}
			if !q.Symmetry.HoldsOn(geo.N, p.Cells()) {
				t.Fatalf("quota %d: %s breaks %s symmetry", k, geo.Format(p.Cells()), q.Symmetry)
			}
			if other := runs[1][k][j]; puzzleKey(other) != puzzleKey(p) {
				t.Fatalf("quota %d puzzle %d differs between 1 and 3 workers", k, j)
			}
		}
	}
}

// TestSinglesSolveIsSinglesOnly checks the easy test of the generic solver
// against the grader on dug puzzles of several kinds: singles alone solve a
// puzzle exactly when the grader rates it easy.
func TestSinglesSolveIsSinglesOnly(t *testing.T) {
	gen := NewGenerator()
	both := map[bool]int{}
	for _, k := range []Kind{{Variant: X, Size: 9}, {Variant: Classic, Size: 6}, {Variant: Jigsaw, Size: 9}, {Variant: Classic, Size: 12}} {
		rng := rand.New(rand.NewPCG(21, uint64(k.Side())))
		for range 6 {
			geo, sol := kindSolution(t, rng, k)
			p := slices.Clone(sol)
			gen.dig(rng, gen.exactFor(geo), p, gen.orbitsOf(SymNone, geo), geo.Cells*2/5, keepUnique, Extreme)
			gr, err := NewGrader().Grade(geo, p, GradeOptions{})
			if err != nil {
				t.Fatal(err)
			}
			got := newGenericSolver(geo).SinglesSolve(p)
			if got != (gr.Level == Easy) {
				t.Fatalf("%s %s: SinglesSolve %v, grader %s (%s)", k, geo.Format(p), got, gr.Level, gr.Hardest)
			}
			both[got]++
		}
	}
	if both[true] == 0 || both[false] == 0 {
		t.Fatalf("sample %v: want easy and harder puzzles", both)
	}
}
