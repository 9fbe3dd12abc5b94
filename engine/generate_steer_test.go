package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSteeredKindsGradeAsTheySay generates expert X and hyper puzzles, the
// kinds whose steering resumes the ladder where it got stuck, and grades
// each afresh with the uniqueness proof: the level, score, hardest
// technique and solution must be the ones the generator reported.
func TestSteeredKindsGradeAsTheySay(t *testing.T) {
	for _, k := range []Kind{{Variant: X, Size: 9}, {Variant: Hyper, Size: 9}} {
		t.Run(k.String(), func(t *testing.T) {
			gen := NewGenerator()
			rng := rand.New(rand.NewPCG(5, uint64(k.Variant)))
			q := Quota{Kind: k, Level: Expert}
			for range 3 {
				p := generateHit(t, gen, rng, q, 40)
				gr, err := NewGrader().Grade(p.Geometry(), p.Cells(), GradeOptions{})
				if err != nil {
					t.Fatalf("%s: regrading: %v", p.Geometry().Format(p.Cells()), err)
				}
				if gr.Level != Expert || gr.Score != p.Grading.Score || gr.Hardest != p.Grading.Hardest {
					t.Errorf("%s: regraded %s, score %d, hardest %s; generator said %s, %d, %s",
						p.Geometry().Format(p.Cells()), gr.Level, gr.Score, gr.Hardest,
						p.Grading.Level, p.Grading.Score, p.Grading.Hardest)
				}
				sol, err := Solve(p.Geometry(), p.Cells())
				if err != nil || !slices.Equal(sol, p.SolutionCells()) {
					t.Errorf("%s: solver gives %v (%v), want the recorded solution", p.Geometry().Format(p.Cells()), sol, err)
				}
			}
		})
	}
}

// TestStuckAgainKeepsTheSolution puts the orbits of minimal X and hyper
// puzzles back one by one with stuckAgain, as the add-back walk does, and
// checks after each that the resumed board still holds the solution: every
// filled cell right and every empty cell allowing its digit. A board the
// ladder fills in must be the solution itself.
func TestStuckAgainKeepsTheSolution(t *testing.T) {
	for _, k := range []Kind{{Variant: X, Size: 9}, {Variant: Hyper, Size: 9}} {
		t.Run(k.String(), func(t *testing.T) {
			gen := NewGenerator()
			rng := rand.New(rand.NewPCG(8, uint64(k.Variant)))
			stuck, solved := 0, 0
			for range 6 {
				geo, err := k.geometry(rng)
				if err != nil {
					t.Fatal(err)
				}
				x := gen.exactFor(geo)
				sol, ok := x.fill(rng)
				if !ok {
					t.Fatalf("%s: no fill", k)
				}
				p := slices.Clone(sol)
				orbits := gen.orbitsOf(SymNone, geo)
				gen.dig(rng, x, p, orbits, 0, keepUnique, Expert)
				if _, exact := gen.grade(x, p, Expert); exact {
					continue // not too hard: nothing to steer
				}
				gen.stuck = gen.grader.board
				for _, o := range orbits {
					if p[o[0]] != 0 {
						continue
					}
					for _, c := range o {
						p[c] = sol[c]
					}
					again := gen.stuckAgain(o, sol, Expert)
					b := &gen.grader.board
					for i := range geo.Cells {
						if v := b.Cells[i]; v != 0 && v != sol[i] || v == 0 && b.Cands[i]&Bit(sol[i]) == 0 {
							t.Fatalf("%s: after %s the board lost the solution at %s", geo.Format(p), geo.CellName(o[0]), geo.CellName(i))
						}
					}
					if !again {
						if !slices.Equal(b.Cells[:geo.Cells], sol) {
							t.Fatalf("%s: resumed ladder filled in something else than the solution", geo.Format(p))
						}
						solved++
						break
					}
					stuck++
				}
			}
			if stuck == 0 || solved == 0 {
				t.Errorf("got %d stuck and %d solved resumptions, want some of each", stuck, solved)
			}
		})
	}
}

// TestSteeringDeterministic checks that the resumed steering depends on the
// rng alone: a generator that already made other puzzles (and so holds an
// older stuck board) gives the same X and hyper expert attempts as a new one.
func TestSteeringDeterministic(t *testing.T) {
	for _, k := range []Kind{{Variant: X, Size: 9}, {Variant: Hyper, Size: 9}} {
		t.Run(k.String(), func(t *testing.T) {
			q := Quota{Kind: k, Level: Expert}
			a, b := NewGenerator(), NewGenerator()
			for range 3 {
				a.Generate(rand.New(rand.NewPCG(9, 9)), q)
			}
			ra, rb := rand.New(rand.NewPCG(3, 4)), rand.New(rand.NewPCG(3, 4))
			for n := range 6 {
				pa, oka := a.Generate(ra, q)
				pb, okb := b.Generate(rb, q)
				if !slices.Equal(pa.Cells(), pb.Cells()) || oka != okb || pa.Grading.Score != pb.Grading.Score {
					t.Fatalf("attempt %d: got %v (%v) and %v (%v) from the same rng state", n, pa.Cells(), oka, pb.Cells(), okb)
				}
			}
		})
	}
}
