package engine

import (
	"fmt"
	"testing"
)

// TestTrialBySolver checks the fallback on its own: on a unique puzzle a
// candidate fails the trial exactly when it is wrong, so the fallback must
// remove the first wrong candidate in its order (fewest candidates first,
// then cell, then digit).
func TestTrialBySolver(t *testing.T) {
	for _, set := range []string{"top95", "hardest1106"} {
		for k, p := range sample(loadPuzzleSet(t, set), 40) {
			t.Run(fmt.Sprintf("%s #%d", set, k*40+1), func(t *testing.T) {
				_, sol := countGrid(p, 2)
				b := NewBoard(p)
				want := ""
			search:
				for n := 2; n <= 9; n++ {
					for i := 0; i < 81; i++ {
						if Count(b.Cands[i]) != n {
							continue
						}
						for _, d := range Digits(b.Cands[i]) {
							if d != sol[i] {
								want = fmt.Sprintf("%s-%d", CellName(i), d)
								break search
							}
						}
					}
				}
				var s Step
				if !trialBySolver(&b, &s) {
					t.Fatalf("no step, want %s", want)
				}
				if got := movesString(&s); got != want {
					t.Fatalf("got %s, want %s", got, want)
				}
			})
		}
	}
}

// TestPropagateKeepsTheTruth checks that a forcing-chain branch never
// reports a contradiction after a right supposition and never removes an
// answer: otherwise forcing chains would eliminate right candidates.
func TestPropagateKeepsTheTruth(t *testing.T) {
	for _, set := range []string{"top95", "hardest1106"} {
		for _, p := range sample(loadPuzzleSet(t, set), 20) {
			_, sol := countGrid(p, 2)
			start := NewBoard(p)
			for i := 0; i < 81; i++ {
				if p[i] != 0 {
					continue
				}
				br := branch{b: start}
				br.b.Place(i, sol[i])
				b := &br.b
				if !br.run(&start, true) {
					t.Fatalf("%s: %s=%d, the answer, reported as a contradiction", p, CellName(i), sol[i])
				}
				for c := 0; c < 81; c++ {
					if b.Cells[c] != 0 && b.Cells[c] != sol[c] || b.Cells[c] == 0 && b.Cands[c]&Bit(sol[c]) == 0 {
						t.Fatalf("%s: after %s=%d, %s lost its answer %d", p, CellName(i), sol[i], CellName(c), sol[c])
					}
				}
			}
		}
	}
}
