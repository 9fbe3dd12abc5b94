package engine

import (
	"flag"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/internal/puzzlesets"
)

func TestParseRating(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Rating
		ok   bool
	}{
		{"7.2", 72, true}, {"7", 70, true}, {" 1.5 ", 15, true}, {"0.0", 0, true}, {"11.9", 119, true},
		{"7.25", 0, false}, {"-1", 0, false}, {"+7", 0, false}, {"7.", 0, false}, {"x", 0, false},
		{"7.x", 0, false}, {"", 0, false}, {"100", 0, false},
	} {
		got, err := ParseRating(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseRating(%q) = %v, %v; want %v, ok %v", tc.in, got, err, tc.want, tc.ok)
		}
		if tc.ok && got.String() != strings.TrimSpace(tc.in) && got.String() != strings.TrimSpace(tc.in)+".0" {
			t.Errorf("ParseRating(%q).String() = %q", tc.in, got.String())
		}
	}
}

// TestLengthRating: SE's marks 4, 6, 8, 12, 16, 24, 32 each add a tenth.
func TestLengthRating(t *testing.T) {
	for n, want := range map[int]Rating{0: 0, 4: 0, 5: 1, 6: 1, 7: 2, 8: 2, 9: 3, 12: 3, 13: 4, 16: 4, 17: 5, 24: 5, 25: 6, 32: 6, 33: 7} {
		if got := lengthRating(n); got != want {
			t.Errorf("lengthRating(%d) = %d, want %d", n, got, want)
		}
	}
}

// TestRatingIsHardestStep: a classic puzzle's rating is that of the
// hardest step on SE's path (every step the lowest rated technique that
// applies, see rating_path.go), solved here from the start; the ladder's
// steps are each rated at least their technique's base.
func TestRatingIsHardestStep(t *testing.T) {
	for _, p := range sample(loadPuzzleSet(t, "top95"), 5) {
		res, err := Grade(Classic9, p.Cells(), GradeOptions{Steps: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range res.Steps {
			if s.Rating < s.Technique.SE() {
				t.Fatalf("%s: %s step rated %s, below its base %s", p, s.Technique, s.Rating, s.Technique.SE())
			}
		}
		if top := seSolve(t, p); top != res.Rating {
			t.Fatalf("%s: rating %s, hardest step of SE's path %s", p, res.Rating, top)
		}
		bare, _ := Grade(Classic9, p.Cells(), GradeOptions{})
		if bare.Rating != res.Rating {
			t.Fatalf("%s: rating %s without steps, %s with", p, bare.Rating, res.Rating)
		}
	}
}

// seSolve solves p from the start by SE's rungs and returns its hardest
// step's rating.
func seSolve(t *testing.T, p Grid) Rating {
	t.Helper()
	g := NewGrader()
	g.board.reset(Classic9, p[:])
	var top Rating
	for g.board.clues() < 81 {
		r, ok := g.seStep(0)
		if !ok {
			t.Fatalf("%s: stuck on SE's path", p)
		}
		g.applyStep()
		top = max(top, r)
	}
	return top
}

// TestSEPathOrder: SE's path tries the cheaper rated techniques first, so
// an x-wing (3.2) comes before a hidden pair (3.4) and an xy-wing (4.2)
// before a skyscraper (6.6); it leaves out what SE 1.2.1 lacks (a w-wing,
// a finned fish, an x-chain), which its chains find instead, and every
// ladder step of such a technique may part the two paths.
func TestSEPathOrder(t *testing.T) {
	rank := map[Technique]int{}
	for i, tech := range seOrder {
		rank[tech] = i + 1
	}
	for _, pair := range [][2]Technique{{XWing, HiddenPair}, {XYWing, Skyscraper}, {Skyscraper, AIC}, {AIC, ForcingChain}} {
		if rank[pair[0]] == 0 || rank[pair[1]] == 0 || rank[pair[0]] > rank[pair[1]] {
			t.Errorf("SE's path ranks %s %d, %s %d", pair[0], rank[pair[0]], pair[1], rank[pair[1]])
		}
	}
	for _, tech := range []Technique{WWing, FinnedXWing, XChain, XYChain, GroupedAIC, UniqueRectangle6} {
		if rank[tech] != 0 || !seMayPart[tech] {
			t.Errorf("SE's path takes %s (rank %d, may part %v); SE 1.2.1 has no such rule", tech, rank[tech], seMayPart[tech])
		}
	}
	if seOrder[len(seOrder)-1] != Bifurcation {
		t.Errorf("SE's path ends with %s, want bifurcation", seOrder[len(seOrder)-1])
	}
	if seMayPart[FullHouse] || seMayPart[HiddenSingle] || !seMayPart[HiddenPair] {
		t.Errorf("seMayPart: full house %v, hidden single %v, hidden pair %v; want false, false, true",
			seMayPart[FullHouse], seMayPart[HiddenSingle], seMayPart[HiddenPair])
	}
}

// TestSinglesRating: SE rates a puzzle that needs only hidden singles in
// boxes 1.2, hidden singles in rows or columns 1.5, naked singles 2.3.
func TestSinglesRating(t *testing.T) {
	for _, p := range loadPuzzleSet(t, "easy50")[:10] {
		res, err := Grade(Classic9, p.Cells(), GradeOptions{Steps: true})
		if err != nil {
			t.Fatal(err)
		}
		want := Rating(10)
		for _, s := range res.Steps {
			switch {
			case s.Technique == NakedSingle:
				want = max(want, 23)
			case s.Technique == HiddenSingle && strings.Contains(s.Note, "in box"):
				want = max(want, 12)
			case s.Technique == HiddenSingle:
				want = max(want, 15)
			case s.Technique > NakedSingle:
				want = max(want, s.Technique.SE())
			}
		}
		// SE's direct rungs may take a single below a naked single's 2.3.
		if res.Hardest <= NakedSingle && (res.Rating > want || res.Rating != seSolve(t, p)) {
			t.Errorf("%s: singles puzzle rated %s, want at most %s and SE's path's %s", p, res.Rating, want, seSolve(t, p))
		}
	}
}

// TestDirectRungs: puzzles the ladder solves with locked candidates or a
// hidden subset, which SE 1.2.1's standard set rates by a direct rung
// (serate's figures, from a build by scripts/serate-std), rate the same.
func TestDirectRungs(t *testing.T) {
	for _, tc := range []struct {
		grid    string
		se      Rating
		hardest Technique
	}{
		{"2..48....6.....7..9...36...7.1.....4.2.14.........8..647..2.6.........1..9.5.3...", 17, Pointing},
		{"..6813....4......8.5.4.23..9...2.61....1...4.6...7...5.......7..1......6...2.8.3.", 17, Pointing},
		{"46.2............65.....97..2.....8.1.4..8..5...8.4.3....7........5.68..7...17....", 20, HiddenPair},
		{".487.35..6...4.3.7..3..2.....4....26.7.....5.58...47...2...5..9.......7....32..84", 20, HiddenPair},
		{"........8..9..167....89...........847...3.95....6.47..8..52.....51.4.....6...3...", 25, HiddenTriple},
		{"9..8...1.52...1.......9..72.96..82..3.41.5..8........4.1....8294...1.............", 25, HiddenTriple},
	} {
		p, err := ParseGrid(tc.grid)
		if err != nil {
			t.Fatal(err)
		}
		g := NewGrader()
		res, err := g.Grade(Classic9, p.Cells(), GradeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Rating != tc.se || g.top != tc.hardest || res.Hardest < Pointing {
			t.Errorf("%s: rating %s by %s (ladder's hardest %s), want SE's %s by direct %s", tc.grid, res.Rating, g.top, res.Hardest, tc.se, tc.hardest)
		}
	}
}

// TestDirectRungsSound: every single a direct rung places is the
// solution's digit, on SE's path from the start of sample puzzles.
func TestDirectRungsSound(t *testing.T) {
	direct := 0
	for _, set := range []string{"top95", "easy50"} {
		for _, p := range loadPuzzleSet(t, set) {
			sol, err := Solve(Classic9, p.Cells())
			if err != nil {
				t.Fatal(err)
			}
			g := NewGrader()
			g.board.reset(Classic9, p[:])
			for g.board.clues() < 81 {
				r, ok := g.seStep(0)
				if !ok {
					t.Fatalf("%s: stuck on SE's path", p)
				}
				if r == 17 || r == 19 || r == 20 || r == 25 && g.step.Technique == HiddenTriple {
					direct++
					for _, pl := range g.step.Placements {
						if sol[pl.Cell] != pl.Digit {
							t.Fatalf("%s: direct %s places %d in %s, the solution has %d", p, g.step.Technique, pl.Digit, Classic9.CellName(pl.Cell), sol[pl.Cell])
						}
					}
				}
				g.applyStep()
			}
		}
	}
	if direct == 0 {
		t.Error("no direct step taken on the samples")
	}
	t.Logf("%d direct steps checked", direct)
}

// ratedSet is one of the shared sets rated on Sudoku Explainer 1.2.1's
// standard scale, with what the rating must reach on its held-out part:
// the puzzles whose FNV-1a hash is 0 mod 3 (heldOut), never used in
// fitting the ladder's SE column. The thresholds are what the model
// reaches with some room, so a change that makes the rating worse fails.
type ratedSet struct {
	file string
	col  int // the tab-separated column of the standard rating
	// the thresholds on the full set and on the repository's sample of it
	// (few puzzles rank less steadily, the bar is set from what it measured)
	minSpearman, maxMeanAbsDif             float64
	sampleMinSpearman, sampleMaxMeanAbsDif float64
}

var ratedSets = []ratedSet{
	// 4,000 bank puzzles, 5.0-9.0 on the standard scale: a narrow band,
	// so rank agreement is much harder than over the whole range. The
	// held-out third measured 0.810 and 0.094; the test's default rates a
	// fifth of it.
	{"se121_rated.tsv", 2, 0.76, 0.13, 0.70, 0.15},
	// 1,500 generated puzzles, 300 of each level, 1.2-9.0: the whole
	// range the generator makes; held out 0.988 and 0.04 (0.980 and 0.13
	// before SE's direct rungs).
	{"se121_generated.tsv", 1, 0.98, 0.08, 0.97, 0.10},
	// QQWing puzzles, 1.2-8.5, mostly easy; held out 0.998 and 0.05.
	{"se_rated_low.tsv", 1, 0.99, 0.08, 0.98, 0.10},
}

// heldOut tells the puzzles kept out of every fit: FNV-1a of the grid's
// 81 characters is 0 mod 3.
func heldOut(grid string) bool {
	h := fnv.New32a()
	h.Write([]byte(grid))
	return h.Sum32()%3 == 0
}

// ratingAll makes TestRatingCalibration grade every held-out puzzle of
// se121_rated.tsv (1,338) rather than every fifth of them.
var ratingAll = flag.Bool("rating.all", false, "rate every held-out SE-rated puzzle")

// ratingFit makes TestRatingCalibration grade the fitting part (hash not 0
// mod 3) instead of the held-out one, to fit the ladder's SE column
// without looking at the puzzles that judge it. The thresholds still apply.
var ratingFit = flag.Bool("rating.fit", false, "rate the fitting part of the SE-rated sets instead of the held-out one")

// TestRatingCalibration grades the held-out part of each set rated on the
// standard SE scale and checks the Spearman rank correlation and the mean
// absolute difference with SE's ratings; it logs both, the difference on
// SE 5-9, and the bias per technique of the hardest rated step, for
// docs/levels.md and for the next fit.
func TestRatingCalibration(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	g := NewGrader()
	var allSE, allOurs []float64
	// The two standard-scale sets pooled, and their SE 5-9 part.
	var stdSE, stdOurs []float64
	var stdHi, stdHiN float64
	for _, set := range ratedSets {
		t.Run(set.file, func(t *testing.T) {
			var se, ours []float64
			var bias, n [NumTechniques]float64
			var hiDiff, hiN float64
			kept := 0
			for i, line := range puzzlesets.Lines(t, set.file) {
				f := strings.Split(line, "\t")
				if len(f) <= set.col {
					t.Fatalf("%s line %d: no rating in column %d", set.file, i+1, set.col+1)
				}
				if heldOut(f[0]) == *ratingFit {
					continue // the other part
				}
				if kept++; !*ratingAll && puzzlesets.Full() && set.file == "se121_rated.tsv" && kept%5 != 1 {
					continue // a fifth of the held-out part keeps the test short
				}
				want, err := ParseRating(f[set.col])
				if err != nil {
					t.Fatalf("%s line %d: %v", set.file, i+1, err)
				}
				p, err := ParseGrid(f[0])
				if err != nil {
					t.Fatalf("%s line %d: %v", set.file, i+1, err)
				}
				res, err := g.Grade(Classic9, p.Cells(), GradeOptions{})
				if err != nil {
					t.Fatalf("%s line %d: %v", set.file, i+1, err)
				}
				d := res.Rating.Float() - want.Float()
				se = append(se, want.Float())
				ours = append(ours, res.Rating.Float())
				bias[g.top] += d
				n[g.top]++
				if want >= 50 {
					hiDiff += math.Abs(d)
					hiN++
				}
			}
			rho, mad := spearman(se, ours), meanAbsDiff(se, ours)
			t.Logf("%d held-out puzzles: Spearman %.3f, mean absolute difference %.2f (%.0f rated SE 5-9: %.2f)",
				len(se), rho, mad, hiN, hiDiff/max(1, hiN))
			for tech := range NumTechniques {
				if n[tech] > 0 {
					t.Logf("  hardest step %-24s %5.0f puzzles, mean error %+.2f", tech, n[tech], bias[tech]/n[tech])
				}
			}
			minSpearman, maxMeanAbsDif := set.minSpearman, set.maxMeanAbsDif
			if !puzzlesets.Full() {
				minSpearman, maxMeanAbsDif = set.sampleMinSpearman, set.sampleMaxMeanAbsDif
			}
			if rho < minSpearman {
				t.Errorf("Spearman %.3f, want at least %.2f", rho, minSpearman)
			}
			if mad > maxMeanAbsDif {
				t.Errorf("mean absolute difference %.2f, want at most %.2f", mad, maxMeanAbsDif)
			}
			if hiN > 0 && hiDiff/hiN > 0.40 {
				t.Errorf("mean absolute difference on SE 5-9 %.2f, want at most 0.40", hiDiff/hiN)
			}
			allSE, allOurs = append(allSE, se...), append(allOurs, ours...)
			if strings.HasPrefix(set.file, "se121_") {
				stdSE, stdOurs = append(stdSE, se...), append(stdOurs, ours...)
				stdHi, stdHiN = stdHi+hiDiff, stdHiN+hiN
			}
		})
	}
	t.Logf("all sets: %d puzzles, Spearman %.3f, mean absolute difference %.2f",
		len(allSE), spearman(allSE, allOurs), meanAbsDiff(allSE, allOurs))
	if len(stdSE) > 0 {
		t.Logf("se121 sets pooled: %d puzzles, Spearman %.3f, mean absolute difference %.2f (%.0f rated SE 5-9: %.2f)",
			len(stdSE), spearman(stdSE, stdOurs), meanAbsDiff(stdSE, stdOurs), stdHiN, stdHi/max(1, stdHiN))
	}
}

// spearman is the rank correlation of a and b, ties given their mean rank.
func spearman(a, b []float64) float64 { return pearson(ranks(a), ranks(b)) }

func ranks(x []float64) []float64 {
	idx := make([]int, len(x))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(i, j int) int {
		switch {
		case x[i] < x[j]:
			return -1
		case x[i] > x[j]:
			return 1
		}
		return 0
	})
	r := make([]float64, len(x))
	for i := 0; i < len(idx); {
		j := i
		for j+1 < len(idx) && x[idx[j+1]] == x[idx[i]] {
			j++
		}
		for k := i; k <= j; k++ {
			r[idx[k]] = float64(i+j)/2 + 1
		}
		i = j + 1
	}
	return r
}

func pearson(a, b []float64) float64 {
	var ma, mb float64
	for i := range a {
		ma += a[i]
		mb += b[i]
	}
	ma /= float64(len(a))
	mb /= float64(len(b))
	var ab, aa, bb float64
	for i := range a {
		ab += (a[i] - ma) * (b[i] - mb)
		aa += (a[i] - ma) * (a[i] - ma)
		bb += (b[i] - mb) * (b[i] - mb)
	}
	return ab / math.Sqrt(aa*bb)
}

func meanAbsDiff(a, b []float64) float64 {
	var s float64
	for i := range a {
		s += math.Abs(a[i] - b[i])
	}
	return s / float64(len(a))
}

func TestSpearman(t *testing.T) {
	if got := spearman([]float64{1, 2, 3, 4}, []float64{10, 20, 30, 40}); math.Abs(got-1) > 1e-12 {
		t.Errorf("spearman of one order = %v, want 1", got)
	}
	if got := spearman([]float64{1, 2, 3, 4}, []float64{4, 3, 2, 1}); math.Abs(got+1) > 1e-12 {
		t.Errorf("spearman of reversed order = %v, want -1", got)
	}
	if got := ranks([]float64{5, 1, 5, 3}); !slices.Equal(got, []float64{3.5, 1, 3.5, 2}) {
		t.Errorf("ranks with a tie = %v, want [3.5 1 3.5 2]", got)
	}
}

// TestGeneratedRatingIsGrades: the generator rates the puzzle it keeps
// only at the end, walking SE's path from where its last trial grading
// left it; the rating must be the one Grade gives the same puzzle.
func TestGeneratedRatingIsGrades(t *testing.T) {
	gen := NewGenerator()
	for _, l := range Levels() {
		rng := rand.New(rand.NewPCG(7, uint64(l)))
		for made, tries := 0, 0; made < 4 && tries < 400; tries++ {
			p, ok := gen.Generate(rng, Quota{Level: l})
			if !ok {
				continue
			}
			made++
			want, err := Grade(Classic9, p.Givens, GradeOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if p.Grading.Rating != want.Rating || p.Grading.Level != want.Level || p.Grading.Score != want.Score {
				t.Errorf("%s: generated %s %s score %d, Grade says %s %s score %d", Classic9.Format(p.Givens),
					p.Grading.Level, p.Grading.Rating, p.Grading.Score, want.Level, want.Rating, want.Score)
			}
		}
	}
}

// TestSEPathFloor: a walk of SE's path stopped at a floor says whether the
// rating reaches it exactly as the whole walk does. That rests on seRungs
// going by base rating, which the first part checks; the second compares
// the two walks on minimal puzzles dug at random and on hard set puzzles.
func TestSEPathFloor(t *testing.T) {
	for i := 1; i < len(seRungs); i++ {
		if a, b := seRungs[i-1].base(), seRungs[i].base(); b < a {
			t.Fatalf("seRungs: %s (base %s) after %s (base %s)", seRungs[i].t, b, seRungs[i-1].t, a)
		}
	}
	var puzzles []Grid
	gen := NewGenerator()
	rng := rand.New(rand.NewPCG(7, 11))
	n := 60
	if testing.Short() {
		n = 20
	}
	for range n {
		sol, _ := gen.solver.FillRandom(Grid{}, rng)
		puzzles = append(puzzles, gen.Dig(rng, sol, SymNone, 0))
	}
	for _, p := range sample(loadPuzzleSet(t, "top95"), 5) {
		puzzles = append(puzzles, p)
	}
	g := NewGrader()
	reached := map[Rating]int{}
	for _, p := range puzzles {
		g.board.reset(Classic9, p[:])
		g.seBoard, g.seRating, g.seTop = g.board, 0, FullHouse
		full, err := g.sePath()
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		for _, floor := range []Rating{26, 42, 71, 75, 80} {
			g.board.reset(Classic9, p[:])
			g.seBoard = g.board
			r, err := g.sePathTo(floor)
			if err != nil {
				t.Fatalf("%s, floor %s: %v", p, floor, err)
			}
			if (r >= floor) != (full >= floor) {
				t.Fatalf("%s: rating %s, walk to floor %s gave %s", p, full, floor, r)
			}
			if r < floor && r != full {
				t.Fatalf("%s: rating %s, walk to floor %s gave %s below it", p, full, floor, r)
			}
			if r >= floor {
				reached[floor]++
			}
		}
	}
	if reached[75] == 0 || reached[75] == len(puzzles) {
		t.Errorf("%d of %d puzzles reach 7.5: the test tells nothing", reached[75], len(puzzles))
	}
}
