package engine

import (
	"fmt"
	"testing"
)

func TestBifurcation(t *testing.T) {
	runFinderCases(t, Bifurcation, []finderCase{
		{
			name:     "top95 #4, 43 empty",
			grid:     "4873...9....6..271126.9.3847.5...162...2..8..........9..1.769233..1..45.....53.18",
			elims:    "r1c6-5 r2c6-5 r4c2-9 r4c4-4 r5c6-1 r5c6-4 r5c6-9 r6c1-6 r6c3-3 r6c3-4 r6c4-4 r6c4-8 r6c5-8 r6c6-5 r6c6-7 r6c6-8 r8c2-9 r8c3-2",
			want:     "r1c5-2",
			note:     "bifurcation: if r1c5 were 2, singles and locked candidates would run into a contradiction, so 2 leaves r1c5",
			cheapest: true,
		},
		{
			name:     "top95 #4, 38 empty",
			grid:     "487312.9....6..271126.9.3847.5...162.1.2..8.......1..9..1.769233..12.45.....53.18",
			elims:    "r2c6-5 r4c2-9 r4c4-4 r5c6-4 r5c6-9 r6c1-6 r6c3-3 r6c3-4 r6c4-4 r6c4-8 r6c5-8 r8c2-9",
			want:     "r1c7-5",
			note:     "bifurcation: if r1c7 were 5, singles and locked candidates would run into a contradiction, so 5 leaves r1c7",
			cheapest: true,
		},
		{
			// Every guess on a blank grid leads somewhere.
			name:      "blank grid",
			synthetic: true,
		},
	})
}

// TestTrialBySolver checks the fallback on its own: on a unique puzzle a
// candidate fails the trial exactly when it is wrong, so the fallback must
// remove the first wrong candidate in its order (fewest candidates first,
// then cell, then digit).
func TestTrialBySolver(t *testing.T) {
	for _, set := range []string{"top95", "hardest1106"} {
		for k, p := range sample(loadPuzzleSet(t, set), 40) {
			t.Run(fmt.Sprintf("%s #%d", set, k*40+1), func(t *testing.T) {
				_, sol := CountSolutions(p, 2)
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

// TestPropagateKeepsTheTruth checks that the propagation behind bifurcation
// never reports a contradiction after a right guess and never removes an
// answer: otherwise bifurcation would eliminate right candidates.
func TestPropagateKeepsTheTruth(t *testing.T) {
	for _, set := range []string{"top95", "hardest1106"} {
		for _, p := range sample(loadPuzzleSet(t, set), 20) {
			_, sol := CountSolutions(p, 2)
			start := NewBoard(p)
			for i := 0; i < 81; i++ {
				if p[i] != 0 {
					continue
				}
				b := start
				b.Place(i, sol[i])
				if !propagate(&b) {
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
