package engine

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/internal/puzzlesets"
)

// techniquesB are the finders of tech_single_digit.go, tech_wings.go,
// tech_colouring.go, tech_uniqueness.go, tech_chains.go and tech_aic.go, in
// ladder order.
var techniquesB = []Technique{
	Skyscraper, TwoStringKite, EmptyRectangle,
	XYWing, XYZWing, WWing,
	SimpleColouring, UniqueRectangle1, BUGPlus1,
	XChain, XYChain, AIC,
}

// soundnessSample is a deterministic slice of a shared set: every step-th
// puzzle, so the test stays at a few seconds.
type soundnessSample struct {
	set  string
	step int
}

var soundnessSamples = []soundnessSample{
	{"top95", 1},
	{"easy50", 1},
	{"top1465", 4},
	{"hardest1106", 2},
}

// TestSoundnessB solves sample puzzles of the shared sets with singles and
// these finders only ("bare": the finders meet boards full of candidates
// simpler techniques would have removed) and again with the whole ladder
// below bifurcation ("ladder": the boards the grader shows them). Where a
// mode is stuck, the test places one cell's true digit and goes on, as
// bifurcation would but without its cost, so the finders also meet the late,
// nearly solved boards where BUG+1 lives. Every step is checked against the
// true solution; every finder must fire somewhere, must leave the board
// alone, and must make progress.
func TestSoundnessB(t *testing.T) {
	if testing.Short() {
		t.Skip("solves samples of four shared sets twice, checking every step: the full tier (go test without -short) runs it")
	}
	modes := []struct {
		name   string
		order  []Technique
		oracle bool
	}{
		{"bare", append([]Technique{FullHouse, NakedSingle, HiddenSingle}, techniquesB...), true},
		{"ladder", ladderBelow(Bifurcation), true},
	}
	var puzzles []Grid
	for _, sm := range soundnessSamples {
		puzzles = append(puzzles, sample(loadPuzzleSet(t, sm.set), sm.step)...)
	}
	// Each finder must fire in one mode at least: BUG+1 needs boards
	// cleaned by the whole ladder, colouring mostly fires on bare ones.
	var total [NumTechniques]int
	for _, mode := range modes {
		t.Run(mode.name, func(t *testing.T) {
			var fired [NumTechniques]int
			solved := 0
			for n, p := range puzzles {
				sol, err := solveGrid(p)
				if err != nil {
					t.Fatalf("puzzle %s: %v", p, err)
				}
				if solveChecked(t, p, sol, mode.order, mode.oracle, n%2 == 1, &fired) {
					solved++
				}
			}
			for tech, n := range fired {
				total[tech] += n
			}
			t.Logf("%d puzzles, %d solved without help; fired: %s", len(puzzles), solved, firedText(&fired))
		})
	}
	for _, tech := range techniquesB {
		if total[tech] == 0 {
			t.Errorf("%s never fired on %d puzzles in any mode", tech, len(puzzles))
		}
	}
}

// ladderBelow lists the techniques cheaper than last, in ladder order.
func ladderBelow(last Technique) []Technique {
	var out []Technique
	for tech := Technique(0); tech < last; tech++ {
		out = append(out, tech)
	}
	return out
}

// solveChecked runs the finders of order, cheapest first and restarting
// after each step, until the board is solved or stuck; with oracle, a stuck
// board gets the true digit of its first cell with fewest candidates. It
// fails t on any step that removes a true digit, places a wrong one, makes
// no progress or changes the board inside the finder. It reports whether p
// got solved by the finders alone.
func solveChecked(t *testing.T, p, sol Grid, order []Technique, oracle, explain bool, fired *[NumTechniques]int) bool {
	t.Helper()
	b := NewBoard(p)
	s := Step{explain: explain}
	helped := false
	for steps := 0; !b.Solved(); steps++ {
		if steps > 2000 {
			t.Fatalf("puzzle %s: no end after %d steps", p, steps)
		}
		progress := false
		for _, tech := range order {
			f := finders[tech]
			if f == nil {
				t.Fatalf("%s has no finder", tech)
			}
			// As Grader.find does, hand each finder an empty step.
			s.Placements, s.Eliminations, s.Note, s.Pattern = s.Placements[:0], s.Eliminations[:0], "", Pattern{}
			before := b
			if !f(&b, &s) {
				continue
			}
			if b != before {
				t.Fatalf("puzzle %s: %s changed the board", p, tech)
			}
			if explain {
				writeNote(&b, &s)
			}
			if s.Technique != tech {
				t.Fatalf("puzzle %s: finder of %s reported %s", p, tech, s.Technique)
			}
			if msg := checkStep(&b, &s, sol); msg != "" {
				t.Fatalf("puzzle %s at %s: %s: %s (note %q)", p, b.Grid(), tech, msg, s.Note)
			}
			if explain && s.Note == "" {
				t.Fatalf("puzzle %s: %s wrote no note", p, tech)
			}
			fired[tech]++
			b.Apply(&s)
			progress = true
			break
		}
		if progress {
			continue
		}
		if !oracle {
			return false
		}
		i := fewestCandidates(&b)
		b.Place(i, sol[i])
		helped = true
	}
	if b.Grid() != sol {
		t.Fatalf("puzzle %s: solved to %s, want %s", p, b.Grid(), sol)
	}
	return !helped
}

// fewestCandidates is the first empty cell with the fewest candidates.
func fewestCandidates(b *Board) int {
	best, n := -1, 10
	for i := 0; i < 81; i++ {
		if c := Count(b.Cands[i]); b.Cells[i] == 0 && c < n {
			best, n = i, c
		}
	}
	return best
}

// checkStep says what is wrong with s on b given the solution, or "".
func checkStep(b *Board, s *Step, sol Grid) string {
	if len(s.Placements)+len(s.Eliminations) == 0 {
		return "step with nothing in it"
	}
	for _, pl := range s.Placements {
		if sol[pl.Cell] != pl.Digit {
			return fmt.Sprintf("places %d in %s, solution has %d", pl.Digit, CellName(pl.Cell), sol[pl.Cell])
		}
		if b.Cands[pl.Cell]&Bit(pl.Digit) == 0 {
			return fmt.Sprintf("places %d in %s, not a candidate", pl.Digit, CellName(pl.Cell))
		}
	}
	for _, e := range s.Eliminations {
		if sol[e.Cell] == e.Digit {
			return fmt.Sprintf("removes %d from %s, the solution's digit", e.Digit, CellName(e.Cell))
		}
		if b.Cands[e.Cell]&Bit(e.Digit) == 0 {
			return fmt.Sprintf("removes %d from %s, not a candidate", e.Digit, CellName(e.Cell))
		}
	}
	return ""
}

func firedText(fired *[NumTechniques]int) string {
	out := ""
	for tech, n := range fired {
		if n > 0 {
			out += fmt.Sprintf("%s %d, ", Technique(tech), n)
		}
	}
	return out
}

// BenchmarkFindersB times each finder of this group on the boards where the
// grader's solve of top95 reached past the subsets, the positions these
// finders meet in real use. ns/op is per board.
func BenchmarkFindersB(b *testing.B) {
	var boards []Board
	for _, p := range loadPuzzleSet(b, "top95") {
		board := NewBoard(p)
		var s Step
		for !board.Solved() {
			fired := false
			for tech := Technique(0); tech < NumTechniques; tech++ {
				s.Placements, s.Eliminations = s.Placements[:0], s.Eliminations[:0]
				if finders[tech](&board, &s) {
					if tech >= XWing {
						boards = append(boards, board)
					}
					board.Apply(&s)
					fired = true
					break
				}
			}
			if !fired {
				b.Fatalf("puzzle %s: stuck", p)
			}
		}
	}
	for _, tech := range techniquesB {
		b.Run(tech.String(), func(b *testing.B) {
			s := Step{Eliminations: make([]Elimination, 0, 64), Placements: make([]Placement, 0, 4)}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				finders[tech](&boards[i], &s)
				if i++; i == len(boards) {
					i = 0
				}
			}
		})
	}
}

// checkRungsOn solves puzzles with the techniques of order only (see
// solveChecked), checking every step against the solution, and fails t
// if one of rungs never fires.
func checkRungsOn(t *testing.T, puzzles []Grid, order, rungs []Technique) {
	t.Helper()
	var fired [NumTechniques]int
	for n, p := range puzzles {
		sol, err := solveGrid(p)
		if err != nil {
			t.Fatalf("puzzle %s: %v", p, err)
		}
		solveChecked(t, p, sol, order, true, n%2 == 1, &fired)
	}
	t.Logf("%d puzzles; fired: %s", len(puzzles), firedText(&fired))
	for _, tech := range rungs {
		if fired[tech] == 0 {
			t.Errorf("%s never fired on %d puzzles", tech, len(puzzles))
		}
	}
}

// seRatedSample is every step-th puzzle of se_rated.tsv.
func seRatedSample(t *testing.T, step int) []Grid {
	t.Helper()
	var puzzles []Grid
	for i, line := range puzzlesets.Lines(t, "se_rated.tsv") {
		if i%step != 0 {
			continue
		}
		grid, _, _ := strings.Cut(line, "\t")
		p, err := ParseGrid(grid)
		if err != nil {
			t.Fatal(err)
		}
		puzzles = append(puzzles, p)
	}
	return puzzles
}

// rungsOnSubsets is the order of the rung soundness runs: singles, locked
// candidates and subsets, then the rungs under test.
func rungsOnSubsets(rungs ...Technique) []Technique {
	return append([]Technique{FullHouse, NakedSingle, HiddenSingle, Pointing, Claiming,
		NakedPair, HiddenPair, NakedTriple, HiddenTriple}, rungs...)
}
