package engine

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestQuotaValidate(t *testing.T) {
	cases := []struct {
		name string
		q    Quota
		want string // part of the error; empty for a good quota
	}{
		{"plain", Quota{Level: Easy, Count: 1}, ""},
		{"bands", Quota{Level: Hard, Count: 5, MinClues: 24, MaxClues: 30, MinScore: 100, MaxScore: 2000, Symmetry: SymMirror}, ""},
		{"band reaching into feasible", Quota{Level: Expert, Count: 1, MinClues: 10, MaxClues: 24}, ""},
		{"band just below feasible", Quota{Level: Expert, Count: 1, MinClues: 10, MaxClues: 23}, "expert puzzles with 10-23 clues"},
		{"zero count", Quota{Level: Easy}, "count 0"},
		{"negative count", Quota{Level: Easy, Count: -2}, "count -2"},
		{"level out of range", Quota{Level: NumLevels, Count: 1}, "level 6"},
		{"symmetry out of range", Quota{Level: Easy, Count: 1, Symmetry: -1}, "symmetry -1"},
		{"negative min clues", Quota{Level: Easy, Count: 1, MinClues: -1}, "min clues -1"},
		{"max clues over 81", Quota{Level: Easy, Count: 1, MaxClues: 90}, "max clues 90"},
		{"empty clue band", Quota{Level: Easy, Count: 1, MinClues: 40, MaxClues: 30}, "clue band 40-30"},
		{"empty score band", Quota{Level: Easy, Count: 1, MinScore: 500, MaxScore: 100}, "score band 500-100"},
		{"negative score", Quota{Level: Easy, Count: 1, MinScore: -5}, "negative"},
		{"expert with many clues", Quota{Level: Expert, Count: 1, MinClues: 60, MaxClues: 70}, "expert puzzles with 60-70 clues"},
		{"extreme below feasible", Quota{Level: Extreme, Count: 1, MaxClues: 18}, "extreme puzzles with 0-18 clues"},
		{"rating band", Quota{Level: Extreme, Count: 1, MinRating: 70, MaxRating: 75}, ""},
		{"empty rating band", Quota{Level: Extreme, Count: 1, MinRating: 75, MaxRating: 70}, "rating band 7.5-7.0"},
		{"technique", Quota{Level: Tough, Count: 1, Technique: XWing, TechniqueSet: true}, ""},
		{"full house is a technique too", Quota{Level: Easy, Count: 1, TechniqueSet: true}, ""},
		{"technique of another level", Quota{Level: Expert, Count: 1, Technique: XWing, TechniqueSet: true}, "x-wing is tough, not expert"},
		{"trial and error", Quota{Level: Extreme, Count: 1, Technique: Bifurcation, TechniqueSet: true}, "trial and error"},
		{"swordfish on 6x6", Quota{Kind: Kind{Size: 6}, Level: Tough, Count: 1, Technique: Swordfish, TechniqueSet: true}, "more than 6"},
		{"x-wing on 6x6", Quota{Kind: Kind{Size: 6}, Level: Tough, Count: 1, Technique: XWing, TechniqueSet: true}, ""},
		{"grouped chain on 16x16", Quota{Kind: Kind{Size: 16}, Level: Extreme, Count: 1, Technique: GroupedAIC, TechniqueSet: true}, "up to 9x9 only"},
		{"grouped chain on 9x9", Quota{Level: Extreme, Count: 1, Technique: GroupedAIC, TechniqueSet: true}, ""},
		{"technique out of range", Quota{Level: Hard, Count: 1, Technique: NumTechniques, TechniqueSet: true}, "out of range"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.q.Validate()
			if tc.want == "" {
				if err != nil {
					t.Fatalf("got %v, want no error", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("got no error, want one containing %q", tc.want)
			}
			if !errors.Is(err, ErrQuota) {
				t.Errorf("got %v, want it to wrap ErrQuota", err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %q, want it to contain %q", err, tc.want)
			}
		})
	}
}

func TestQuotaAccepts(t *testing.T) {
	// 28 givens in rotational symmetry: cells 0..13 and their mirrors 80-i.
	var g Grid
	for i := range 14 {
		g[i], g[80-i] = 1, 1
	}
	p := Puzzle{Geo: Classic9, Givens: g[:], Grading: Grading{Level: Medium, Score: 400, Rating: 28, Hardest: Claiming}}
	cases := []struct {
		name string
		q    Quota
		want bool
	}{
		{"level only", Quota{Level: Medium}, true},
		{"other level", Quota{Level: Hard}, false},
		{"clue band holds", Quota{Level: Medium, MinClues: 28, MaxClues: 28}, true},
		{"too few clues", Quota{Level: Medium, MinClues: 29}, false},
		{"too many clues", Quota{Level: Medium, MaxClues: 27}, false},
		{"score band holds", Quota{Level: Medium, MinScore: 400, MaxScore: 400}, true},
		{"score too low", Quota{Level: Medium, MinScore: 401}, false},
		{"score too high", Quota{Level: Medium, MaxScore: 399}, false},
		{"symmetry kept", Quota{Level: Medium, Symmetry: SymRotational}, true},
		{"symmetry broken", Quota{Level: Medium, Symmetry: SymMirror}, false},
		{"rating band holds", Quota{Level: Medium, MinRating: 28, MaxRating: 28}, true},
		{"rating too low", Quota{Level: Medium, MinRating: 29}, false},
		{"rating too high", Quota{Level: Medium, MaxRating: 27}, false},
		{"its technique", Quota{Level: Medium, Technique: Claiming, TechniqueSet: true}, true},
		{"another technique", Quota{Level: Medium, Technique: Pointing, TechniqueSet: true}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.q.Accepts(p); got != tc.want {
				t.Errorf("Accepts = %v, want %v", got, tc.want)
			}
		})
	}
}

// mixedQuotas is a small book: two easy sections (one with a clue band that
// an unbanded easy candidate may or may not fit), medium and hard.
var mixedQuotas = []Quota{
	{Level: Easy, Count: 5, Symmetry: SymRotational},
	{Level: Easy, Count: 3, MinClues: 30, MaxClues: 34},
	{Level: Medium, Count: 4},
	{Level: Hard, Count: 2, Symmetry: SymMirror},
}

func TestFillSameForAnyWorkerCount(t *testing.T) {
	var first [][]Puzzle
	var firstProgress [][]int
	for _, workers := range []int{1, 2, 4} {
		t.Run(fmt.Sprintf("workers=%d", workers), func(t *testing.T) {
			var progress [][]int
			got, err := Fill(context.Background(), mixedQuotas, FillOptions{Seed: 42, Workers: workers,
				Progress: func(found []int) { progress = append(progress, found) }})
			if err != nil {
				t.Fatalf("Fill: %v", err)
			}
			seen := map[Grid]bool{}
			for k, q := range mixedQuotas {
				if len(got[k]) != q.Count {
					t.Fatalf("quota %d: got %d puzzles, want %d", k, len(got[k]), q.Count)
				}
				for _, p := range got[k] {
					checkPuzzle(t, p, q)
					if !q.Accepts(p) {
						t.Errorf("quota %d holds %s, which it does not accept", k, Grid(p.Givens))
					}
					if seen[Grid(p.Givens)] {
						t.Errorf("puzzle %s twice in the result", Grid(p.Givens))
					}
					seen[Grid(p.Givens)] = true
				}
			}
			if last := progress[len(progress)-1]; !slices.Equal(last, []int{5, 3, 4, 2}) {
				t.Errorf("last progress %v, want [5 3 4 2]", last)
			}
			if first == nil {
				first, firstProgress = got, progress
				return
			}
			for k := range got {
				for j := range got[k] {
					if Grid(got[k][j].Givens) != Grid(first[k][j].Givens) {
						t.Errorf("quota %d puzzle %d: got %s, want %s as with 1 worker", k, j, Grid(got[k][j].Givens), Grid(first[k][j].Givens))
					}
				}
			}
			if !slices.EqualFunc(progress, firstProgress, slices.Equal) {
				t.Errorf("progress %v, want %v as with 1 worker", progress, firstProgress)
			}
		})
	}
	t.Run("other seed", func(t *testing.T) {
		got, err := Fill(context.Background(), mixedQuotas, FillOptions{Seed: 43, Workers: 2})
		if err != nil {
			t.Fatalf("Fill: %v", err)
		}
		if Grid(got[0][0].Givens) == Grid(first[0][0].Givens) {
			t.Errorf("seeds 42 and 43 both start with %s", Grid(got[0][0].Givens))
		}
	})
}

// TestFillFirstFit uses two easy quotas where every candidate aimed at the
// second (30-34 clues) also fits the first (any clue count). First fit means
// the second gains nothing until the first is full, and the first takes
// some candidates that were aimed at the second.
func TestFillFirstFit(t *testing.T) {
	quotas := []Quota{
		{Level: Easy, Count: 4},
		{Level: Easy, Count: 3, MinClues: 30, MaxClues: 34},
	}
	var progress [][]int
	got, err := Fill(context.Background(), quotas, FillOptions{Seed: 1, Workers: 2,
		Progress: func(found []int) { progress = append(progress, found) }})
	if err != nil {
		t.Fatalf("Fill: %v", err)
	}
	prev := []int{0, 0}
	for _, p := range progress {
		if p[1] > prev[1] && p[0] < quotas[0].Count {
			t.Errorf("progress %v: the banded quota grew while the first was not full", p)
		}
		prev = p
	}
	banded := 0
	for _, p := range got[0] {
		if c := Grid(p.Givens).Clues(); c >= 30 && c <= 34 {
			banded++
		}
	}
	if banded == 0 {
		t.Errorf("first quota holds no 30-34 clue puzzle (clues %v); want candidates aimed at the second to land there first", clueCounts(got[0]))
	}
	for _, p := range got[1] {
		if c := Grid(p.Givens).Clues(); c < 30 || c > 34 {
			t.Errorf("second quota holds a %d clue puzzle", c)
		}
	}
}

func clueCounts(ps []Puzzle) []int {
	n := make([]int, len(ps))
	for i, p := range ps {
		n[i] = Grid(p.Givens).Clues()
	}
	return n
}

func TestFillCancel(t *testing.T) {
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	quotas := []Quota{{Level: Easy, Count: 1_000_000}, {Level: Hard, Count: 1_000_000}}
	var cancelled time.Time
	got, err := Fill(ctx, quotas, FillOptions{Seed: 7, Workers: 3, Progress: func(found []int) {
		if found[0] >= 5 && cancelled.IsZero() {
			cancelled = time.Now()
			cancel()
		}
	}})
	if took := time.Since(cancelled); took > time.Second {
		t.Errorf("Fill returned %v after the cancel, want well under a second", took)
	}
	var short *ShortfallError
	if !errors.As(err, &short) {
		t.Fatalf("got %v, want a *ShortfallError", err)
	}
	if !errors.Is(err, context.Canceled) {
		t.Errorf("got %v, want it to wrap context.Canceled", err)
	}
	if len(short.Short) != 2 {
		t.Fatalf("got %d short quotas, want 2: %v", len(short.Short), err)
	}
	for k, s := range short.Short {
		if s.Quota != k || s.Needed != quotas[k].Count || s.Found != len(got[k]) || s.Level != quotas[k].Level {
			t.Errorf("shortfall %d: got %+v, want quota %d, %s, found %d of %d", k, s, k, quotas[k].Level, len(got[k]), quotas[k].Count)
		}
	}
	if len(got[0]) < 5 {
		t.Errorf("got %d easy puzzles, want at least the 5 seen before cancelling", len(got[0]))
	}
	waitGoroutines(t, before)
}

func TestFillUnmeetableQuota(t *testing.T) {
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	quotas := []Quota{
		{Level: Easy, Count: 2},
		// Within FeasibleScores (4-464), so Fill must try, but 460 needs 23
		// clues and nearly every step a naked single: never met in 300 ms.
		{Level: Easy, Count: 1, MinScore: 460},
	}
	start := time.Now()
	got, err := Fill(ctx, quotas, FillOptions{Seed: 3, Workers: 2})
	if took := time.Since(start); took > 1300*time.Millisecond {
		t.Errorf("Fill took %v with a 300ms deadline", took)
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("got %v, want it to wrap context.DeadlineExceeded", err)
	}
	var short *ShortfallError
	if !errors.As(err, &short) {
		t.Fatalf("got %T %v, want a *ShortfallError", err, err)
	}
	want := []Shortfall{{Quota: 1, Level: Easy, Found: 0, Needed: 1}}
	if !slices.Equal(short.Short, want) {
		t.Errorf("shortfall %+v, want %+v", short.Short, want)
	}
	if !strings.Contains(err.Error(), "quota 2 (easy) found 0 of 1") {
		t.Errorf("message %q does not name quota 2", err)
	}
	if len(got[0]) != 2 {
		t.Errorf("got %d puzzles for the meetable quota, want 2", len(got[0]))
	}
	waitGoroutines(t, before)
}

func TestFillRejectsBadQuota(t *testing.T) {
	_, err := Fill(context.Background(), []Quota{{Level: Easy, Count: 1}, {Level: Hard, Count: 0}}, FillOptions{})
	if !errors.Is(err, ErrQuota) {
		t.Fatalf("got %v, want an error wrapping ErrQuota", err)
	}
	if !strings.Contains(err.Error(), "quota 2") {
		t.Errorf("got %q, want it to name quota 2", err)
	}
}

func TestFillNoQuotas(t *testing.T) {
	got, err := Fill(context.Background(), nil, FillOptions{})
	if err != nil || len(got) != 0 {
		t.Errorf("got %v, %v; want an empty result and no error", got, err)
	}
}

// TestCollector checks the collector's bookkeeping directly, with results
// made by hand: duplicates, by givens or by key, are dropped, candidates go to the first quota
// that fits and has room, and results that are not ok are skipped.
func TestCollector(t *testing.T) {
	quotas := []Quota{
		{Level: Easy, Count: 1},
		{Level: Easy, Count: 2},
		{Level: Medium, Count: 1},
	}
	c := newCollector(quotas)
	// mk(n) has clues 1..n+1 along the first row, so each n is its own key.
	mk := func(n int, l Level) fillResult {
		var g Grid
		for c := 0; c <= n; c++ {
			g[c] = uint8(c + 1)
		}
		return fillResult{ok: true, puzzle: Puzzle{Geo: Classic9, Givens: g[:], Grading: Grading{Level: l}}}
	}
	var turned Grid // mk(0) turned half round and relabelled: its key
	turned[80] = 7
	steps := []struct {
		r     fillResult
		added bool
		want  []int
	}{
		{mk(0, Easy), true, []int{1, 0, 0}},
		{mk(0, Easy), false, []int{1, 0, 0}}, // same grid again
		{fillResult{ok: true, puzzle: Puzzle{Geo: Classic9, Givens: turned[:], Grading: Grading{Level: Easy}}}, false, []int{1, 0, 0}}, // same key
		{mk(1, Easy), true, []int{1, 1, 0}},  // first quota full: next fit
		{mk(2, Hard), false, []int{1, 1, 0}}, // fits nothing
		{fillResult{}, false, []int{1, 1, 0}},
		{mk(3, Medium), true, []int{1, 1, 1}},
		{mk(4, Easy), true, []int{1, 2, 1}},
	}
	for i, s := range steps {
		if added, _ := c.commit(s.r); added != s.added {
			t.Errorf("step %d: commit added %v, want %v", i, added, s.added)
		}
		if got := c.counts(); !slices.Equal(got, s.want) {
			t.Errorf("step %d: counts %v, want %v", i, got, s.want)
		}
		if c.committed != i+1 {
			t.Errorf("step %d: committed %d, want %d", i, c.committed, i+1)
		}
	}
	if !c.full() {
		t.Errorf("collector not full after every quota got its count")
	}
}

// TestCollectorAim checks that job targets spread over the open quotas in
// proportion to the attempts they still need, and skip full quotas.
func TestCollectorAim(t *testing.T) {
	quotas := []Quota{
		{Level: Easy, Count: 10},
		{Level: Expert, Count: 10},
		{Level: Medium, Count: 1},
	}
	c := newCollector(quotas)
	per := make([]int, len(quotas))
	for i := range fillWindow {
		per[c.target(i)]++
	}
	if per[1] <= per[0] || per[0] <= per[2] || per[2] == 0 {
		t.Errorf("first window aimed %v at easy/expert/medium; want expert most, then easy, then medium, none left out", per)
	}
	// Fill the medium quota: no job after that commit may aim at it.
	var g Grid
	g[0] = 1
	c.commit(fillResult{ok: true, puzzle: Puzzle{Geo: Classic9, Givens: g[:], Grading: Grading{Level: Medium}}})
	if got := c.target(fillWindow); got == 2 {
		t.Errorf("job %d aimed at the full medium quota", fillWindow)
	}
}

// waitGoroutines fails the test if goroutines started by Fill are still
// running shortly after it returned.
func waitGoroutines(t *testing.T, before int) {
	t.Helper()
	deadline := time.Now().Add(time.Second)
	for runtime.NumGoroutine() > before {
		if time.Now().After(deadline) {
			t.Errorf("%d goroutines running after Fill returned, want %d", runtime.NumGoroutine(), before)
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func ExampleFill() {
	quotas := []Quota{
		{Level: Easy, Count: 3, MinClues: 30, MaxClues: 36, Symmetry: SymRotational},
		{Level: Hard, Count: 2},
	}
	book, err := Fill(context.Background(), quotas, FillOptions{Seed: 2026, Workers: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	for k, puzzles := range book {
		for _, p := range puzzles {
			c := Grid(p.Givens).Clues()
			fmt.Printf("%s: unique %v, %s kept %v, clues in band %v\n", p.Grading.Level, uniqueGrid(Grid(p.Givens)),
				quotas[k].Symmetry, quotas[k].Symmetry.Holds(Grid(p.Givens)), c >= quotas[k].MinClues && (quotas[k].MaxClues == 0 || c <= quotas[k].MaxClues))
		}
	}
	// Output:
	// easy: unique true, rotational kept true, clues in band true
	// easy: unique true, rotational kept true, clues in band true
	// easy: unique true, rotational kept true, clues in band true
	// hard: unique true, none kept true, clues in band true
	// hard: unique true, none kept true, clues in band true
}

// Emit streams exactly the puzzles Fill would return, in the same order,
// keeps none, and stops Fill with its error.
func TestFillEmit(t *testing.T) {
	want, err := Fill(context.Background(), mixedQuotas, FillOptions{Seed: 42, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, workers := range []int{1, 3} {
		got := make([][]Grid, len(mixedQuotas))
		res, err := Fill(context.Background(), mixedQuotas, FillOptions{Seed: 42, Workers: workers,
			Emit: func(k int, p Puzzle) error { got[k] = append(got[k], Grid(p.Givens)); return nil }})
		if err != nil {
			t.Fatal(err)
		}
		for k := range want {
			if len(res[k]) != 0 {
				t.Errorf("workers=%d: quota %d kept %d puzzles under Emit", workers, k, len(res[k]))
			}
			if len(got[k]) != len(want[k]) {
				t.Fatalf("workers=%d: quota %d emitted %d, want %d", workers, k, len(got[k]), len(want[k]))
			}
			for j := range want[k] {
				if got[k][j] != Grid(want[k][j].Givens) {
					t.Errorf("workers=%d: quota %d puzzle %d: emitted %s, want %s", workers, k, j, got[k][j], Grid(want[k][j].Givens))
				}
			}
		}
	}
	stop := errors.New("stop")
	n := 0
	_, err = Fill(context.Background(), mixedQuotas, FillOptions{Seed: 42, Workers: 2,
		Emit: func(int, Puzzle) error { n++; return stop }})
	if !errors.Is(err, stop) || n != 1 {
		t.Errorf("got %v after %d puzzles, want the Emit error after 1", err, n)
	}
}

// FeasibleScores holds for real puzzles of every level (a bound that
// cut off a puzzle the generator makes would refuse a good spec), and
// refuses an easy 5000-6000, which no easy puzzle can score, before any
// work.
func TestFeasibleScores(t *testing.T) {
	for _, l := range Levels() {
		lo, hi := FeasibleScores(l)
		if lo < 1 || hi <= lo {
			t.Errorf("%s: bounds %d-%d", l, lo, hi)
		}
		if l == Extreme {
			continue // slow to generate; its bounds are checked above
		}
		got, err := Fill(context.Background(), []Quota{{Level: l, Count: 3}}, FillOptions{Seed: 7, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range got[0] {
			if s := p.Grading.Score; s < lo || s > hi {
				t.Errorf("%s puzzle %s scores %d, outside the feasible %d-%d", l, Grid(p.Givens), s, lo, hi)
			}
		}
	}
	_, err := Fill(context.Background(), []Quota{{Level: Easy, Count: 1, MinScore: 5000, MaxScore: 6000}}, FillOptions{})
	if !errors.Is(err, ErrQuota) || !strings.Contains(err.Error(), "cannot score 5000-6000") {
		t.Errorf("easy 5000-6000: got %v, want ErrQuota saying it cannot be scored", err)
	}
}

// TestFillSkip leaves out the puzzles of a first run by their canonical
// keys: the second run holds none of them, and is the same for any worker
// count.
func TestFillSkip(t *testing.T) {
	q := []Quota{{Level: Easy, Count: 8}}
	first, err := Fill(context.Background(), q, FillOptions{Seed: 5, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	printed := map[Grid]bool{}
	for _, p := range first[0] {
		printed[classicKey(Grid(p.Givens))] = true
	}
	skip := func(p Puzzle) bool { return printed[classicKey(Grid(p.Givens))] }
	var again [][]Puzzle
	for _, workers := range []int{1, 3} {
		got, err := Fill(context.Background(), q, FillOptions{Seed: 5, Workers: workers, Skip: skip})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range got[0] {
			if printed[classicKey(Grid(p.Givens))] {
				t.Fatalf("workers=%d: %s was skipped yet is in the result", workers, Grid(p.Givens))
			}
		}
		if again != nil && !slices.EqualFunc(got[0], again[0], func(a, b Puzzle) bool { return Grid(a.Givens) == Grid(b.Givens) }) {
			t.Fatalf("workers=%d: result differs from 1 worker's", workers)
		}
		again = got
	}
}

// A panic inside an attempt comes back as an error from Fill's worker,
// not as the end of the program (a nil generator stands in for a bug).
func TestAttemptPanicIsError(t *testing.T) {
	res := guardedAttempt(nil, jobRand(1, 3), fillJob{index: 3, quota: Quota{Level: Easy, Count: 1}})
	if res.err == nil || !strings.Contains(res.err.Error(), "internal error generating job 3") || res.index != 3 {
		t.Errorf("got %+v, want an internal error for job 3", res.err)
	}
	if res := guardedAttempt(NewGenerator(), jobRand(1, 3), fillJob{index: 3, quota: Quota{Level: Easy, Count: 1}}); res.err != nil {
		t.Errorf("a sound attempt: %v", res.err)
	}
}

// TestFillKinds fills a book of mixed kinds, killer among them: the same
// seed gives the same puzzles with one worker or three, and every puzzle
// is of its quota's kind, proved unique by the solver against its answer,
// and a killer's sums are its answer's.
func TestFillKinds(t *testing.T) {
	quotas := []Quota{
		{Level: Easy, Count: 2, Symmetry: SymRotational},
		{Kind: Kind{Variant: X}, Level: Easy, Count: 2, Symmetry: SymRotational},
		{Kind: Kind{Variant: Jigsaw, Size: 6}, Level: Easy, Count: 2},
		{Kind: Kind{Size: 4}, Level: Easy, Count: 1},
		{Kind: Kind{Layer: CageLayer}, Level: Easy, Count: 2, MinCage: 2, MaxCage: 4},
		{Kind: Kind{Variant: X, Layer: CageLayer}, Level: Easy, Count: 1, MinClues: 1, MaxClues: 3},
	}
	var first []string
	for _, workers := range []int{1, 3} {
		got, err := Fill(context.Background(), quotas, FillOptions{Seed: 7, Workers: workers})
		if err != nil {
			t.Fatalf("workers=%d: Fill: %v", workers, err)
		}
		var keys []string
		for k, q := range quotas {
			if len(got[k]) != q.Count {
				t.Fatalf("workers=%d: quota %d: %d puzzles, want %d", workers, k, len(got[k]), q.Count)
			}
			for _, p := range got[k] {
				if !q.Accepts(p) {
					t.Errorf("quota %d holds a %s it does not accept", k, p.Kind())
				}
				if p.Kind() != q.Kind.sized() {
					t.Errorf("quota %d (%s) holds a %s with %d cages", k, q.Kind, p.Kind(), len(p.Geometry().Cages))
				}
				sol, err := Solve(p.Geometry(), p.Cells())
				if err != nil || !slices.Equal(sol, p.SolutionCells()) {
					t.Errorf("quota %d: solver says %v, %v; want the answer %v", k, err, sol, p.SolutionCells())
				}
				for _, c := range p.Geometry().Cages {
					sum := 0
					for _, i := range c.Cells {
						sum += int(p.SolutionCells()[i])
					}
					if sum != c.Sum {
						t.Errorf("quota %d: cage at %d sums to %d in the answer, says %d", k, c.Cells[0], sum, c.Sum)
					}
				}
				keys = append(keys, FormatLine(p.Geometry(), p.Cells()))
			}
		}
		if first == nil {
			first = keys
		} else if !slices.Equal(keys, first) {
			t.Errorf("workers=%d gave other puzzles than workers=1:\n%v\nwant\n%v", workers, keys, first)
		}
	}
}
