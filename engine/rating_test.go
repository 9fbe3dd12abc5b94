package engine

import (
	"flag"
	"math"
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

// seSolve solves p from the start in seOrder and returns its hardest
// step's rating.
func seSolve(t *testing.T, p Grid) Rating {
	t.Helper()
	g := NewGrader()
	g.board.reset(Classic9, p[:])
	var top Rating
	for g.board.clues() < 81 {
		if !g.findIn(seOrder[:], Easy, Extreme, true) {
			t.Fatalf("%s: stuck on SE's path", p)
		}
		g.applyStep()
		top = max(top, g.step.rating())
	}
	return top
}

// TestSEPathOrder: SE's path tries the cheaper rated techniques first, so
// an x-wing (3.2) comes before a hidden pair (3.4) and an xy-wing (4.2)
// before a skyscraper (5.6); only the ladder's steps of techniques that
// something after them in the ladder undercuts may part the two paths.
func TestSEPathOrder(t *testing.T) {
	rank := map[Technique]int{}
	for i, tech := range seOrder {
		rank[tech] = i
	}
	for _, pair := range [][2]Technique{{XWing, HiddenPair}, {XYWing, Skyscraper}, {WXYZWing, WWing}, {AIC, XYChain}} {
		if rank[pair[0]] > rank[pair[1]] {
			t.Errorf("SE's path tries %s after %s", pair[0], pair[1])
		}
	}
	if seOrder[NumTechniques-1] != Bifurcation {
		t.Errorf("SE's path ends with %s, want bifurcation", seOrder[NumTechniques-1])
	}
	if seMayPart[FullHouse] || seMayPart[HiddenSingle] || !seMayPart[Skyscraper] {
		t.Errorf("seMayPart: full house %v, hidden single %v, skyscraper %v; want false, false, true",
			seMayPart[FullHouse], seMayPart[HiddenSingle], seMayPart[Skyscraper])
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
		if res.Hardest <= NakedSingle && res.Rating != want {
			t.Errorf("%s: singles puzzle rated %s, want %s", p, res.Rating, want)
		}
	}
}

// ratedSet is one of the shared SE-rated sets with what the rating must
// reach on its held-out half (every second line, never used in fitting the
// ladder's SE column). The thresholds are what the model reaches with some
// room, so a change that makes the rating worse fails here.
type ratedSet struct {
	file          string
	minSpearman   float64
	maxMeanAbsDif float64
	// sample holds the thresholds for the repository's sample of the set
	// (its first 300 lines, so 150 held-out puzzles), read on a clone
	// without ../shared: so few puzzles rank less steadily than the full
	// set's 5,000, and the bar is set from what the sample measured.
	sample struct{ minSpearman, maxMeanAbsDif float64 }
}

var ratedSets = []ratedSet{
	// Standard SE 1.2.1 scale, 1.2-8.5, mostly easy puzzles.
	{"se_rated_low.tsv", 0.96, 0.45, struct{ minSpearman, maxMeanAbsDif float64 }{0.96, 0.45}},
	// SukakuExplainer's extended scale, 5.0-9.0 only: a narrow band, so
	// rank agreement is much harder (the two SE scales themselves agree
	// only at 0.78 on it). The default fifth of the held-out half gave
	// 0.866 and 0.26 once SE's own path took the rating.
	// The sample's 150 held-out puzzles measured 0.825 and 0.23.
	{"se_rated.tsv", 0.84, 0.32, struct{ minSpearman, maxMeanAbsDif float64 }{0.80, 0.30}},
}

// ratingAll makes TestRatingCalibration grade the whole held-out half of
// se_rated.tsv (5,000 puzzles, some 20 s) rather than every fifth of it.
var ratingAll = flag.Bool("rating.all", false, "rate every held-out SE-rated puzzle")

// ratingFit makes TestRatingCalibration grade the fitting half (the even
// lines) instead of the held-out one, to fit the ladder's SE column
// without looking at the puzzles that judge it. The thresholds still apply.
var ratingFit = flag.Bool("rating.fit", false, "rate the fitting half of the SE-rated sets instead of the held-out half")

// TestRatingCalibration grades the held-out half of each SE-rated set and
// checks the Spearman rank correlation and the mean absolute difference
// with the published ratings; it logs both, with the bias per hardest
// technique, for the README and for the next fit.
func TestRatingCalibration(t *testing.T) {
	g := NewGrader()
	var allSE, allOurs []float64
	for _, set := range ratedSets {
		t.Run(set.file, func(t *testing.T) {
			var se, ours []float64
			var bias, n [NumTechniques]float64
			lines := puzzlesets.Lines(t, set.file)
			for i, line := range lines {
				if (i%2 == 0) != *ratingFit {
					continue // the other half
				}
				if !*ratingAll && len(lines) > 1000 && (i/2)%5 != 0 {
					continue // a fifth of the held-out half keeps the test short
				}
				grid, rating, ok := strings.Cut(line, "\t")
				if !ok {
					t.Fatalf("%s line %d: no rating", set.file, i+1)
				}
				want, err := ParseRating(rating)
				if err != nil {
					t.Fatalf("%s line %d: %v", set.file, i+1, err)
				}
				p, err := ParseGrid(grid)
				if err != nil {
					t.Fatalf("%s line %d: %v", set.file, i+1, err)
				}
				res, err := g.Grade(Classic9, p.Cells(), GradeOptions{})
				if err != nil {
					t.Fatalf("%s line %d: %v", set.file, i+1, err)
				}
				se = append(se, want.Float())
				ours = append(ours, res.Rating.Float())
				bias[res.Hardest] += res.Rating.Float() - want.Float()
				n[res.Hardest]++
			}
			rho, mad := spearman(se, ours), meanAbsDiff(se, ours)
			t.Logf("%d held-out puzzles: Spearman %.3f, mean absolute difference %.2f", len(se), rho, mad)
			// Named logic solves nearly all of them: SE rates them all
			// 9.1 or less, and bifurcation is the last resort.
			if share := n[Bifurcation] / float64(len(se)); share > 0.01 {
				t.Errorf("%.1f%% of the puzzles need bifurcation, want at most 1%%", 100*share)
			} else {
				t.Logf("bifurcation: %.0f puzzles (%.2f%%)", n[Bifurcation], 100*share)
			}
			for tech := range NumTechniques {
				if n[tech] > 0 {
					t.Logf("  hardest %-24s %5.0f puzzles, mean error %+.2f", tech, n[tech], bias[tech]/n[tech])
				}
			}
			minSpearman, maxMeanAbsDif := set.minSpearman, set.maxMeanAbsDif
			if !puzzlesets.Full() {
				minSpearman, maxMeanAbsDif = set.sample.minSpearman, set.sample.maxMeanAbsDif
			}
			if rho < minSpearman {
				t.Errorf("Spearman %.3f, want at least %.2f", rho, minSpearman)
			}
			if mad > maxMeanAbsDif {
				t.Errorf("mean absolute difference %.2f, want at most %.2f", mad, maxMeanAbsDif)
			}
			allSE, allOurs = append(allSE, se...), append(allOurs, ours...)
		})
	}
	t.Logf("both sets: %d puzzles, Spearman %.3f, mean absolute difference %.2f",
		len(allSE), spearman(allSE, allOurs), meanAbsDiff(allSE, allOurs))
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
