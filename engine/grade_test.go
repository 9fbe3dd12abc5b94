package engine

import (
	"errors"
	"strings"
	"testing"
)

func TestLadderLevelsRise(t *testing.T) {
	// Level = Hardest.Level() is only the puzzle's level if the ladder never
	// steps down a level as it climbs.
	for tc := Technique(1); tc < NumTechniques; tc++ {
		if tc.Level() < (tc - 1).Level() {
			t.Errorf("%s is %s but comes after %s at %s", tc, tc.Level(), tc-1, (tc - 1).Level())
		}
	}
}

func TestGradeErrors(t *testing.T) {
	easy := loadPuzzleSet(t, "easy50")[0]
	conflict := easy
	conflict[1] = conflict[2] // r1c2 takes r1c3's digit
	// r1c9 must be 9 by its row, but column 9 already has a 9: no solution
	// although no two givens clash.
	noSolution := MustParseGrid("12345678." + "........9" + strings.Repeat(".", 63))
	multi := loadPuzzleSet(t, "multi_solution")[0]
	tests := []struct {
		name string
		grid Grid
		want error
	}{
		{"conflict", conflict, ErrConflict},
		{"no solution", noSolution, ErrNoSolution},
		{"several solutions", multi, ErrMultipleSolutions},
		{"blank grid", Grid{}, ErrMultipleSolutions},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Grade(Classic9, tc.grid.Cells(), GradeOptions{})
			if !errors.Is(err, tc.want) {
				t.Fatalf("got error %v, want %v", err, tc.want)
			}
		})
	}
	var ce *ConflictError
	if _, err := Grade(Classic9, conflict.Cells(), GradeOptions{}); !errors.As(err, &ce) || ce.A != 1 || ce.B != 2 {
		t.Errorf("got %v, want a *ConflictError for r1c2 and r1c3", err)
	}
}

// sample takes every step-th puzzle of a set, so tests stay fast but see the
// whole file.
func sample(ps []Grid, step int) []Grid {
	var out []Grid
	for i := 0; i < len(ps); i += step {
		out = append(out, ps[i])
	}
	return out
}

// soundnessSets are the shared sets the grading tests walk, sampled.
var soundnessSets = []struct {
	name string
	step int
}{
	{"easy50", 1},
	{"top95", 1},
	{"top1465", 15},
	{"hardest1106", 8},
	{"puzzles17", 500},
}

// TestGradeSound replays every step of every graded puzzle against the
// solver's solution: placements must be right, eliminations must never
// remove the answer, each step must make progress, and the totals in the
// Grading must add up.
func TestGradeSound(t *testing.T) {
	g := NewGrader()
	for _, set := range soundnessSets {
		step := set.step
		if testing.Short() {
			step *= 10 // the full tier grades the whole sample
		}
		t.Run(set.name, func(t *testing.T) {
			for k, p := range sample(loadPuzzleSet(t, set.name), step) {
				var sv classicSolver
				_, sol := sv.Count(p, 2)
				res, err := g.Grade(Classic9, p.Cells(), GradeOptions{Steps: true})
				if err != nil {
					t.Fatalf("puzzle %d %s: %v", k, p, err)
				}
				checkGrading(t, p, sol, res)
				again, err := NewGrader().Grade(Classic9, p.Cells(), GradeOptions{})
				if err != nil {
					t.Fatalf("puzzle %d %s, second grading: %v", k, p, err)
				}
				if again.Score != res.Score || again.Counts != res.Counts || again.Hardest != res.Hardest || again.Level != res.Level {
					t.Fatalf("puzzle %s: grading not deterministic: got %v/%d then %v/%d", p, res.Hardest, res.Score, again.Hardest, again.Score)
				}
			}
		})
	}
}

func checkGrading(t *testing.T, p, sol Grid, res Grading) {
	t.Helper()
	b := NewBoard(p)
	var counts [NumTechniques]int
	score, hardest := 0, FullHouse
	for n, s := range res.Steps {
		progress := false
		for _, pl := range s.Placements {
			if sol[pl.Cell] != pl.Digit {
				t.Fatalf("puzzle %s step %d (%s): placed %d in %s, answer %d", p, n, s.Note, pl.Digit, CellName(pl.Cell), sol[pl.Cell])
			}
			progress = progress || b.Cells[pl.Cell] == 0
		}
		for _, e := range s.Eliminations {
			if sol[e.Cell] == e.Digit {
				t.Fatalf("puzzle %s step %d (%s): removed the answer %d from %s", p, n, s.Note, e.Digit, CellName(e.Cell))
			}
			progress = progress || b.Cands[e.Cell]&Bit(e.Digit) != 0
		}
		if !progress {
			t.Fatalf("puzzle %s step %d (%s) changes nothing", p, n, s.Note)
		}
		if !namesTechnique(s.Note, s.Technique) {
			t.Fatalf("puzzle %s step %d: note %q does not name %s", p, n, s.Note, s.Technique)
		}
		b.Apply(&s)
		counts[s.Technique]++
		score += s.Technique.Weight()
		hardest = max(hardest, s.Technique)
	}
	if b.Grid() != sol {
		t.Fatalf("puzzle %s: replaying the steps gives %s, want %s", p, b.Grid(), sol)
	}
	// A classic puzzle's level is its rating's band.
	if counts != res.Counts || score != res.Score || hardest != res.Hardest || res.Level != BandLevel(res.Rating) {
		t.Fatalf("puzzle %s: totals %v score %d hardest %s level %s, steps give %v, %d, %s, rating %s gives %s",
			p, res.Counts, res.Score, res.Hardest, res.Level, counts, score, hardest, res.Rating, BandLevel(res.Rating))
	}
}

func levelCounts(t *testing.T, ps []Grid) [NumLevels]int {
	t.Helper()
	var n [NumLevels]int
	g := NewGrader()
	for _, p := range ps {
		res, err := g.Grade(Classic9, p.Cells(), GradeOptions{})
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		n[res.Level]++
	}
	return n
}

func TestGradeLevels(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	t.Run("easy50 is easy", func(t *testing.T) {
		// Project Euler's set is mostly singles; a few need locked
		// candidates or a pair, one an x-wing.
		n := levelCounts(t, loadPuzzleSet(t, "easy50"))
		if n[Easy] < 35 || n[Expert]+n[Extreme] > 0 {
			t.Errorf("levels %v, want at least 35 easy and none above hard", n)
		}
	})
	t.Run("hardest1106 is expert or extreme", func(t *testing.T) {
		n := levelCounts(t, sample(loadPuzzleSet(t, "hardest1106"), 4))
		total := 0
		for _, c := range n {
			total += c
		}
		if top := n[Expert] + n[Extreme]; top*10 < total*9 {
			t.Errorf("levels %v, want at least 90%% expert or extreme", n)
		}
	})
}

func TestGradeCap(t *testing.T) {
	easy50 := loadPuzzleSet(t, "easy50")
	g := NewGrader()
	var needsXWing, easyOne Grid
	for _, p := range easy50 {
		res, err := g.Grade(Classic9, p.Cells(), GradeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Hardest == XWing {
			needsXWing = p
		}
		if res.Hardest.Level() == Easy {
			easyOne = p
		}
	}
	if needsXWing == (Grid{}) || easyOne == (Grid{}) {
		t.Fatalf("easy50 lacks a puzzle that needs an x-wing or one that is easy")
	}
	hardest := loadPuzzleSet(t, "hardest1106")[0]
	tests := []struct {
		name        string
		grid        Grid
		cap         Level
		wantLevel   Level
		wantHardest func(Technique) bool
	}{
		{"under the cap grades in full", easyOne, Medium, Easy, func(h Technique) bool { return h.Level() == Easy }},
		{"x-wing crosses a medium cap", needsXWing, Medium, Tough, func(h Technique) bool { return h.Level() == Tough }},
		{"hardest crosses a hard cap", hardest, Hard, Expert, func(h Technique) bool { return h.Level() >= Expert }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			full, err := g.Grade(Classic9, tc.grid.Cells(), GradeOptions{})
			if err != nil {
				t.Fatal(err)
			}
			res, err := g.Grade(Classic9, tc.grid.Cells(), GradeOptions{Cap: tc.cap})
			if err != nil {
				t.Fatal(err)
			}
			if res.Level != tc.wantLevel || !tc.wantHardest(res.Hardest) {
				t.Fatalf("got level %s hardest %s, want level %s", res.Level, res.Hardest, tc.wantLevel)
			}
			if full.Level <= tc.cap && res.Score != full.Score {
				t.Errorf("under the cap: score %d, want the full grading's %d", res.Score, full.Score)
			}
			if full.Level > tc.cap && res.Score >= full.Score {
				t.Errorf("capped score %d, want less than the full %d", res.Score, full.Score)
			}
		})
	}
}

func TestGradeStepsOnlyWhenAsked(t *testing.T) {
	p := loadPuzzleSet(t, "top95")[0]
	res, err := Grade(Classic9, p.Cells(), GradeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Steps != nil {
		t.Errorf("got %d steps without asking, want none", len(res.Steps))
	}
	res, err = Grade(Classic9, p.Cells(), GradeOptions{Steps: true})
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, c := range res.Counts {
		total += c
	}
	if len(res.Steps) != total || total == 0 {
		t.Errorf("got %d steps, want the %d the counts add up to", len(res.Steps), total)
	}
}

func TestGradeNoAllocs(t *testing.T) {
	// Bulk grading must not allocate once the Grader is warm: the generator
	// grades thousands of candidates a second.
	g := NewGrader()
	for _, set := range []string{"easy50", "top95"} {
		p := loadPuzzleSet(t, set)[1]
		if _, err := g.Grade(Classic9, p.Cells(), GradeOptions{}); err != nil {
			t.Fatal(err)
		}
		if n := testing.AllocsPerRun(5, func() { g.Grade(Classic9, p.Cells(), GradeOptions{}) }); n != 0 {
			t.Errorf("%s: %v allocations per grading, want 0", set, n)
		}
	}
}

// TestGradeStuck swaps finders out of the table for the length of the test
// (no test of this package runs in parallel) to check that the grader
// reports ErrStuck instead of looping when a finder misbehaves or the ladder
// runs out.
func TestGradeStuck(t *testing.T) {
	p := loadPuzzleSet(t, "top95")[0]
	swap := func(t *testing.T, tc Technique, f finder) {
		old := finders[tc]
		finders[tc] = f
		t.Cleanup(func() { finders[tc] = old })
	}
	t.Run("step that changes nothing", func(t *testing.T) {
		// Pointing re-reports a removal already made: a repeated step.
		swap(t, Pointing, func(b *Board, s *Step) bool {
			for i := 0; i < 81; i++ {
				if b.Cells[i] == 0 {
					for d := uint8(1); d <= 9; d++ {
						if b.Cands[i]&Bit(d) == 0 {
							s.Technique = Pointing
							s.Eliminations = append(s.Eliminations, Elimination{i, d})
							return true
						}
					}
				}
			}
			return false
		})
		if _, err := Grade(Classic9, p.Cells(), GradeOptions{}); !errors.Is(err, ErrStuck) {
			t.Fatalf("got %v, want ErrStuck", err)
		}
	})
	t.Run("no last resort", func(t *testing.T) {
		swap(t, Bifurcation, nil)
		hardest := loadPuzzleSet(t, "hardest1106")[0]
		if _, err := Grade(Classic9, hardest.Cells(), GradeOptions{}); !errors.Is(err, ErrStuck) {
			t.Fatalf("got %v, want ErrStuck", err)
		}
		if finders[Pointing] == nil || finders[Bifurcation] != nil {
			t.Fatalf("table not as the test set it up")
		}
	})
}
