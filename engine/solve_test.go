package engine

import (
	"errors"
	"math/bits"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
)

// solvedGrid is Project Euler 96's first grid, solved.
const solvedGrid = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"

// checkSolution fails the test unless sol is a complete, valid grid that keeps
// every given of g.
func checkSolution(t *testing.T, g, sol Grid) {
	t.Helper()
	if !sol.Complete() {
		t.Fatalf("puzzle %s: solution %s is not complete", g, sol)
	}
	if err := sol.Validate(); err != nil {
		t.Fatalf("puzzle %s: solution %s breaks the rules: %v", g, sol, err)
	}
	for i, v := range g {
		if v != 0 && sol[i] != v {
			t.Fatalf("puzzle %s: solution %s has %d at %s, the given is %d", g, sol, sol[i], CellName(i), v)
		}
	}
}

// naiveCount is a plain reference counter to check the fast solver against:
// recursive search on the empty cell with the fewest candidates, candidates
// recomputed from the peers every time.
func naiveCount(g Grid, limit int) int {
	best, bestN := -1, 10
	var bestM uint32
	for i, v := range g {
		if v != 0 {
			continue
		}
		m := AllDigits
		for _, p := range Peers[i] {
			m &^= Bit(g[p])
		}
		if n := bits.OnesCount32(m); n < bestN {
			best, bestN, bestM = i, n, m
		}
	}
	if best < 0 {
		return 1
	}
	n := 0
	for _, d := range Digits(bestM) {
		g[best] = d
		n += naiveCount(g, limit-n)
		if n >= limit {
			break
		}
	}
	return n
}

// uniqueRectangle finds four cells of a solved grid in two rows, two columns
// and two boxes holding a b / b a. Cleared, they leave exactly two solutions.
func uniqueRectangle(sol Grid) (cells [4]int, ok bool) {
	for r1 := 0; r1 < 9; r1++ {
		for r2 := r1 + 1; r2 < r1/3*3+3; r2++ {
			for c1 := 0; c1 < 9; c1++ {
				for c2 := c1/3*3 + 3; c2 < 9; c2++ {
					a, b, c, d := r1*9+c1, r1*9+c2, r2*9+c1, r2*9+c2
					if sol[a] == sol[d] && sol[b] == sol[c] {
						return [4]int{a, b, c, d}, true
					}
				}
			}
		}
	}
	return cells, false
}

func TestCountSharedSets(t *testing.T) {
	// Every puzzle of every set, puzzles17 included: the whole run takes
	// well under a second of solver time.
	for _, tc := range []struct {
		set  string
		want int
	}{
		{"puzzles17", 1},
		{"top1465", 1},
		{"hardest1106", 1},
		{"top95", 1},
		{"easy50", 1},
		{"multi_solution", 2},
	} {
		t.Run(tc.set, func(t *testing.T) {
			s := newClassicSolver()
			for i, g := range loadPuzzleSet(t, tc.set) {
				n, sol := s.Count(g, 2)
				if n != tc.want {
					t.Fatalf("puzzle %d %s: got %d solutions (limit 2), want %d", i+1, g, n, tc.want)
				}
				checkSolution(t, g, sol)
			}
		})
	}
}

func TestCountTable(t *testing.T) {
	solved := MustParseGrid(solvedGrid)
	oneHole := solved
	oneHole[40] = 0
	noCandidate := MustParseGrid(".12345678" + "9........" + strings.Repeat(".", 63))
	rowClash := MustParseGrid("1.......1" + strings.Repeat(".", 72))
	colClash := MustParseGrid("5" + strings.Repeat(".", 26) + "5" + strings.Repeat(".", 53))
	boxClash := MustParseGrid("7.........7" + strings.Repeat(".", 70))
	outOfRange := solved
	outOfRange[3] = 10
	oneClue := MustParseGrid(strings.Repeat(".", 80) + "1")

	for _, tc := range []struct {
		name  string
		g     Grid
		limit int
		want  int
	}{
		{"empty grid, limit 2", Grid{}, 2, 2},
		{"empty grid, limit 1000", Grid{}, 1000, 1000},
		{"one clue, limit 50", oneClue, 50, 50},
		{"solved grid", solved, 2, 1},
		{"solved grid, limit 1", solved, 1, 1},
		{"solved grid less one cell", oneHole, 2, 1},
		{"limit 0 counts as 1", Grid{}, 0, 1},
		{"cell with no candidate", noCandidate, 2, 0},
		{"two equal givens in a row", rowClash, 2, 0},
		{"two equal givens in a column", colClash, 2, 0},
		{"two equal givens in a box", boxClash, 2, 0},
		{"value above 9", outOfRange, 2, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var s classicSolver
			n, first := s.Count(tc.g, tc.limit)
			if n != tc.want {
				t.Fatalf("Count(%s, %d): got %d, want %d", tc.g, tc.limit, n, tc.want)
			}
			if n == 0 {
				if first != (Grid{}) {
					t.Fatalf("Count found nothing but returned first = %s, want the zero grid", first)
				}
				return
			}
			checkSolution(t, tc.g, first)
		})
	}
}

func TestCountExactSmallCounts(t *testing.T) {
	var s classicSolver
	rng := rand.New(rand.NewPCG(7, 7))
	found := 0
	for seed := 0; seed < 40 && found < 10; seed++ {
		full, ok := s.FillRandom(Grid{}, rng)
		if !ok {
			t.Fatal("FillRandom(empty) failed")
		}
		cells, ok := uniqueRectangle(full)
		if !ok {
			continue
		}
		found++
		g := full
		for _, c := range cells {
			g[c] = 0
		}
		n, first := s.Count(g, 10)
		if n != 2 {
			t.Fatalf("solved grid %s with the rectangle %v cleared: got %d solutions, want 2", full, cells, n)
		}
		checkSolution(t, g, first)
	}
	if found == 0 {
		t.Fatal("no random grid had a unique rectangle to clear")
	}
}

// TestCountAgainstNaive compares the counts of the fast solver with the plain
// reference on puzzles made by clearing random cells of random grids (one
// solution to many) and on random scatters of givens (often broken).
func TestCountAgainstNaive(t *testing.T) {
	var s classicSolver
	rng := rand.New(rand.NewPCG(3, 14))
	const limit = 20
	for i := range 300 {
		var g Grid
		switch i % 3 {
		case 1:
			// Random givens that never clash outright: mostly no
			// solution, found only by search.
			for want := 24 + rng.IntN(8); g.Clues() < want; {
				c, d := rng.IntN(81), uint8(1+rng.IntN(9))
				g[c] = d
				if g.Validate() != nil {
					g[c] = 0
				}
			}
		case 2:
			// Random givens, clashes allowed.
			for range 10 + rng.IntN(10) {
				g[rng.IntN(81)] = uint8(1 + rng.IntN(9))
			}
		default:
			full, ok := s.FillRandom(Grid{}, rng)
			if !ok {
				t.Fatal("FillRandom(empty) failed")
			}
			g = full
			for _, c := range rng.Perm(81)[:40+rng.IntN(20)] {
				g[c] = 0
			}
		}
		want := 0
		if g.Validate() == nil {
			want = naiveCount(g, limit)
		}
		n, first := s.Count(g, limit)
		if n != want {
			t.Fatalf("puzzle %d %s: got %d solutions (limit %d), want %d", i, g, n, limit, want)
		}
		if n > 0 {
			checkSolution(t, g, first)
		}
	}
}

func TestSolve(t *testing.T) {
	easy := loadPuzzleSet(t, "easy50")[0]
	multi := loadPuzzleSet(t, "multi_solution")[0]
	noCandidate := MustParseGrid(".12345678" + "9........" + strings.Repeat(".", 63))
	clash := MustParseGrid("..3......" + "........." + "3" + strings.Repeat(".", 62))
	for _, tc := range []struct {
		name    string
		g       Grid
		wantErr error
	}{
		{"unique", easy, nil},
		{"many solutions", multi, ErrMultipleSolutions},
		{"empty grid", Grid{}, ErrMultipleSolutions},
		{"no solution", noCandidate, ErrNoSolution},
		{"conflicting givens", clash, ErrConflict},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sol, err := solveGrid(tc.g)
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("Solve(%s): got error %v, want %v", tc.g, err, tc.wantErr)
			}
			if err != nil {
				if sol != (Grid{}) {
					t.Fatalf("Solve failed but returned %s, want the zero grid", sol)
				}
				return
			}
			checkSolution(t, tc.g, sol)
		})
	}
	t.Run("conflict names the pair", func(t *testing.T) {
		_, err := solveGrid(clash)
		var ce *ConflictError
		if !errors.As(err, &ce) {
			t.Fatalf("Solve: got %v (%T), want a *ConflictError", err, err)
		}
		if ce.A != 2 || ce.B != 18 || ce.Digit != 3 {
			t.Fatalf("got conflict %d/%d digit %d, want cells 2 and 18, digit 3", ce.A, ce.B, ce.Digit)
		}
	})
}

func TestUnique(t *testing.T) {
	easy := loadPuzzleSet(t, "easy50")[1]
	multi := loadPuzzleSet(t, "multi_solution")[1]
	var s classicSolver
	for _, tc := range []struct {
		name string
		g    Grid
		want bool
	}{
		{"unique", easy, true},
		{"many", multi, false},
		{"empty", Grid{}, false},
		{"broken", MustParseGrid("11" + strings.Repeat(".", 79)), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := s.Unique(tc.g); got != tc.want {
				t.Fatalf("Solver.Unique(%s): got %v, want %v", tc.g, got, tc.want)
			}
			if got := uniqueGrid(tc.g); got != tc.want {
				t.Fatalf("Unique(%s): got %v, want %v", tc.g, got, tc.want)
			}
		})
	}
}

// TestPooledConcurrent runs the package-level helpers from several
// goroutines: each must get a solver of its own from the pool.
func TestPooledConcurrent(t *testing.T) {
	set := loadPuzzleSet(t, "top1465")[:200]
	var wg sync.WaitGroup
	errs := make(chan string, 4)
	for w := range 4 {
		wg.Go(func() {
			for i := w; i < len(set); i += 4 {
				n, sol := countGrid(set[i], 2)
				if n != 1 || !sol.Complete() || sol.Validate() != nil {
					errs <- set[i].String()
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for g := range errs {
		t.Errorf("puzzle %s: pooled CountSolutions gave a wrong answer", g)
	}
}

func TestCountAllocatesNothing(t *testing.T) {
	var s classicSolver
	set := loadPuzzleSet(t, "top95")
	i := 0
	allocs := testing.AllocsPerRun(200, func() {
		s.Count(set[i%len(set)], 2)
		i++
	})
	if allocs != 0 {
		t.Fatalf("Solver.Count: got %v allocations per call, want 0", allocs)
	}
	rng := rand.New(rand.NewPCG(1, 1))
	allocs = testing.AllocsPerRun(50, func() { s.FillRandom(Grid{}, rng) })
	if allocs != 0 {
		t.Fatalf("Solver.FillRandom: got %v allocations per call, want 0", allocs)
	}
}

func TestFillRandom(t *testing.T) {
	var s classicSolver
	t.Run("valid and deterministic", func(t *testing.T) {
		seen := map[Grid]bool{}
		var firstDigits uint32
		for seed := range uint64(200) {
			g, ok := s.FillRandom(Grid{}, rand.New(rand.NewPCG(seed, 1)))
			if !ok {
				t.Fatalf("seed %d: FillRandom(empty) reported failure", seed)
			}
			checkSolution(t, Grid{}, g)
			again, _ := s.FillRandom(Grid{}, rand.New(rand.NewPCG(seed, 1)))
			if again != g {
				t.Fatalf("seed %d: got %s then %s, want the same grid twice", seed, g, again)
			}
			seen[g] = true
			firstDigits |= Bit(g[0])
		}
		if len(seen) != 200 {
			t.Fatalf("200 seeds gave %d different grids, want 200", len(seen))
		}
		if firstDigits != AllDigits {
			t.Fatalf("r1c1 over 200 seeds took digits %v, want all of 1-9", Digits(firstDigits))
		}
	})
	t.Run("keeps the givens", func(t *testing.T) {
		rng := rand.New(rand.NewPCG(5, 5))
		for _, g := range loadPuzzleSet(t, "multi_solution")[:50] {
			sol, ok := s.FillRandom(g, rng)
			if !ok {
				t.Fatalf("FillRandom(%s) reported failure, want a completion", g)
			}
			checkSolution(t, g, sol)
		}
	})
	t.Run("unique puzzle gives its solution", func(t *testing.T) {
		g := loadPuzzleSet(t, "top95")[0]
		want, err := solveGrid(g)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := s.FillRandom(g, rand.New(rand.NewPCG(9, 9)))
		if !ok || got != want {
			t.Fatalf("FillRandom(%s): got %s, %v, want %s, true", g, got, ok, want)
		}
	})
	t.Run("broken grid", func(t *testing.T) {
		g := MustParseGrid(".12345678" + "9........" + strings.Repeat(".", 63))
		if got, ok := s.FillRandom(g, rand.New(rand.NewPCG(1, 2))); ok || got != (Grid{}) {
			t.Fatalf("FillRandom(%s): got %s, %v, want the zero grid, false", g, got, ok)
		}
	})
}
