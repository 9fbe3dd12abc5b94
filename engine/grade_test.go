package engine

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// finderCase is a position and what one finder must do there. A position is
// a grid of filled cells plus the candidates removed beyond what the filled
// cells rule out. Cases taken from real puzzles are checked against the
// solver's solution; synthetic cases (patterns drawn on a mostly blank grid,
// with many solutions) carry the argument for their soundness in a comment.
type finderCase struct {
	name      string
	grid      string // 81 characters; "" for a blank grid
	elims     string // "r3c7-3 r8c5-79": r8c5 loses 7 and 9
	want      string // exact moves in the finder's order, "r4c6=7 r2c5-3"; "" means it must not fire
	note      string // the exact note, when given
	synthetic bool   // not from a unique puzzle
	// cheapest says no technique of this package's own lower rungs (see
	// ownTechniques) applies here: the position is one where the grader
	// reaches for this technique.
	cheapest bool
}

// ownTechniques are the rungs whose finders this branch wrote, cheapest
// first; the cheapest check of a case uses only these, so that it does not
// depend on finders written elsewhere.
var ownTechniques = []Technique{
	FullHouse, NakedSingle, HiddenSingle, Pointing, Claiming,
	NakedPair, HiddenPair, NakedTriple, HiddenTriple, NakedQuad, HiddenQuad,
	XWing, Swordfish, Jellyfish, FinnedXWing, FinnedSwordfish, Bifurcation,
}

// onlyIn writes the eliminations that leave digit d, within house ("r2",
// "c5" or "b1"), only in the cells keep: for drawing patterns on a blank
// grid.
func onlyIn(d uint8, house string, keep ...string) string {
	n := int(house[1] - '1')
	u := map[byte]int{'r': 0, 'c': 9, 'b': 18}[house[0]] + n
	var out []string
	for _, c := range Units[u] {
		if !slices.Contains(keep, CellName(int(c))) {
			out = append(out, fmt.Sprintf("%s-%d", CellName(int(c)), d))
		}
	}
	return strings.Join(out, " ")
}

// parseMoves reads "r4c6=7 r2c5-39" into placements and eliminations.
func parseMoves(tb testing.TB, s string) ([]Placement, []Elimination) {
	tb.Helper()
	var pl []Placement
	var el []Elimination
	for _, f := range strings.Fields(s) {
		k := strings.IndexAny(f, "=-")
		if len(f) < 6 || f[0] != 'r' || f[2] != 'c' || k != 4 {
			tb.Fatalf("bad move %q", f)
		}
		r, err1 := strconv.Atoi(f[1:2])
		c, err2 := strconv.Atoi(f[3:4])
		if err1 != nil || err2 != nil || r < 1 || c < 1 {
			tb.Fatalf("bad cell in move %q", f)
		}
		cell := (r-1)*9 + c - 1
		for _, ch := range f[5:] {
			if ch < '1' || ch > '9' {
				tb.Fatalf("bad digit in move %q", f)
			}
			d := uint8(ch - '0')
			if f[k] == '=' {
				pl = append(pl, Placement{cell, d})
			} else {
				el = append(el, Elimination{cell, d})
			}
		}
	}
	return pl, el
}

// movesString writes a step's moves in the form parseMoves reads, one digit
// per move.
func movesString(s *Step) string {
	var parts []string
	for _, p := range s.Placements {
		parts = append(parts, fmt.Sprintf("%s=%d", CellName(p.Cell), p.Digit))
	}
	for _, e := range s.Eliminations {
		parts = append(parts, fmt.Sprintf("%s-%d", CellName(e.Cell), e.Digit))
	}
	return strings.Join(parts, " ")
}

// caseBoard builds the position of c.
func caseBoard(tb testing.TB, c finderCase) (Grid, Board) {
	tb.Helper()
	g := Grid{}
	if c.grid != "" {
		var err error
		if g, err = ParseGrid(c.grid); err != nil {
			tb.Fatalf("grid: %v", err)
		}
	}
	b := NewBoard(g)
	_, el := parseMoves(tb, c.elims)
	for k, e := range el {
		// Patterns drawn with onlyIn may overlap; anything else that
		// removes nothing is a typo.
		if !b.Eliminate(e.Cell, e.Digit) && !slices.Contains(el[:k], e) {
			tb.Fatalf("elimination %s-%d removes nothing", CellName(e.Cell), e.Digit)
		}
	}
	return g, b
}

// runFinderCases checks one finder on each case: the exact moves, the
// technique it reports, that it leaves the board alone, that it writes a
// note only when asked, and, for positions from unique puzzles, that the
// position and every move agree with the solution.
func runFinderCases(t *testing.T, tech Technique, cases []finderCase) {
	t.Helper()
	f := finders[tech]
	if f == nil {
		t.Fatalf("%s has no finder", tech)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, b := caseBoard(t, c)
			if !c.synthetic {
				var sv Solver
				n, sol := sv.Count(g, 2)
				if n != 1 {
					t.Fatalf("grid has %d solutions, want 1 (mark synthetic cases)", n)
				}
				for i := 0; i < 81; i++ {
					if b.Cells[i] == 0 && b.Cands[i]&Bit(sol[i]) == 0 {
						t.Fatalf("position is wrong: %s lost its answer %d", CellName(i), sol[i])
					}
				}
				pl, el := parseMoves(t, c.want)
				for _, p := range pl {
					if sol[p.Cell] != p.Digit {
						t.Errorf("wanted placement %s=%d is wrong: answer %d", CellName(p.Cell), p.Digit, sol[p.Cell])
					}
				}
				for _, e := range el {
					if sol[e.Cell] == e.Digit {
						t.Errorf("wanted elimination %s-%d removes the answer", CellName(e.Cell), e.Digit)
					}
				}
			}
			if c.cheapest {
				for _, lower := range ownTechniques {
					var s Step
					if lower < tech && finders[lower](&b, &s) {
						t.Errorf("cheaper %s applies: %s", lower, movesString(&s))
					}
				}
			}
			for _, explain := range []bool{true, false} {
				before := b
				s := Step{explain: explain}
				found := f(&b, &s)
				if b != before {
					t.Fatalf("finder changed the board")
				}
				if got := movesString(&s); got != c.want {
					t.Fatalf("explain=%v: got moves %q, want %q", explain, got, c.want)
				}
				if found != (c.want != "") {
					t.Fatalf("explain=%v: finder returned %v with moves %q", explain, found, c.want)
				}
				if !found {
					continue
				}
				if explain && c.note != "" && s.Note != c.note {
					t.Errorf("got note %q, want %q", s.Note, c.note)
				}
				if s.Technique != tech {
					t.Errorf("step technique %s, want %s", s.Technique, tech)
				}
				switch {
				case explain && !namesTechnique(s.Note, tech):
					t.Errorf("note %q does not start with %q", s.Note, tech)
				case !explain && s.Note != "":
					t.Errorf("note %q written without being asked for", s.Note)
				}
			}
		})
	}
}

// namesTechnique reports whether a note starts by naming its technique, as
// in "hidden single: ..." or "x-wing on 4 ...".
func namesTechnique(note string, tech Technique) bool {
	rest, ok := strings.CutPrefix(note, tech.String())
	return ok && (strings.HasPrefix(rest, ": ") || strings.HasPrefix(rest, " on "))
}

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
			_, err := Grade(tc.grid, GradeOptions{})
			if !errors.Is(err, tc.want) {
				t.Fatalf("got error %v, want %v", err, tc.want)
			}
		})
	}
	var ce *ConflictError
	if _, err := Grade(conflict, GradeOptions{}); !errors.As(err, &ce) || ce.A != 1 || ce.B != 2 {
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
		t.Run(set.name, func(t *testing.T) {
			for k, p := range sample(loadPuzzleSet(t, set.name), set.step) {
				var sv Solver
				_, sol := sv.Count(p, 2)
				res, err := g.Grade(p, GradeOptions{Steps: true})
				if err != nil {
					t.Fatalf("puzzle %d %s: %v", k, p, err)
				}
				checkGrading(t, p, sol, res)
				again, err := NewGrader().Grade(p, GradeOptions{})
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
	if res.Solution != sol {
		t.Fatalf("puzzle %s: Solution %s, want the solver's %s", p, res.Solution, sol)
	}
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
	if b.Cells != sol {
		t.Fatalf("puzzle %s: replaying the steps gives %s, want %s", p, b.Cells, sol)
	}
	if counts != res.Counts || score != res.Score || hardest != res.Hardest || res.Level != hardest.Level() {
		t.Fatalf("puzzle %s: totals %v score %d hardest %s level %s, steps give %v, %d, %s, %s",
			p, res.Counts, res.Score, res.Hardest, res.Level, counts, score, hardest, hardest.Level())
	}
}

func levelCounts(t *testing.T, ps []Grid) [NumLevels]int {
	t.Helper()
	var n [NumLevels]int
	g := NewGrader()
	for _, p := range ps {
		res, err := g.Grade(p, GradeOptions{})
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		n[res.Level]++
	}
	return n
}

func TestGradeLevels(t *testing.T) {
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
		res, err := g.Grade(p, GradeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Hardest == XWing {
			needsXWing = p
		}
		if res.Level == Easy {
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
		{"x-wing crosses a medium cap", needsXWing, Medium, Hard, func(h Technique) bool { return h == XWing }},
		{"hardest crosses a hard cap", hardest, Hard, Expert, func(h Technique) bool { return h.Level() >= Expert }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			full, err := g.Grade(tc.grid, GradeOptions{})
			if err != nil {
				t.Fatal(err)
			}
			res, err := g.Grade(tc.grid, GradeOptions{Cap: tc.cap})
			if err != nil {
				t.Fatal(err)
			}
			if res.Level != tc.wantLevel || !tc.wantHardest(res.Hardest) {
				t.Fatalf("got level %s hardest %s, want level %s", res.Level, res.Hardest, tc.wantLevel)
			}
			if res.Solution != full.Solution {
				t.Errorf("capped Solution %s, want %s", res.Solution, full.Solution)
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
	res, err := Grade(p, GradeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Steps != nil {
		t.Errorf("got %d steps without asking, want none", len(res.Steps))
	}
	res, err = Grade(p, GradeOptions{Steps: true})
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
		if _, err := g.Grade(p, GradeOptions{}); err != nil {
			t.Fatal(err)
		}
		if n := testing.AllocsPerRun(5, func() { g.Grade(p, GradeOptions{}) }); n != 0 {
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
		if _, err := Grade(p, GradeOptions{}); !errors.Is(err, ErrStuck) {
			t.Fatalf("got %v, want ErrStuck", err)
		}
	})
	t.Run("no last resort", func(t *testing.T) {
		swap(t, Bifurcation, nil)
		hardest := loadPuzzleSet(t, "hardest1106")[0]
		if _, err := Grade(hardest, GradeOptions{}); !errors.Is(err, ErrStuck) {
			t.Fatalf("got %v, want ErrStuck", err)
		}
		if finders[Pointing] == nil || finders[Bifurcation] != nil {
			t.Fatalf("table not as the test set it up")
		}
	})
}
