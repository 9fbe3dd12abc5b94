package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokubook/sudokubook/internal/cputime"
)

// BenchmarkUnique runs the uniqueness check (stop at the second solution)
// over each shared set, one puzzle per iteration, cycling through the set.
// us/puzzle is the figure the solver's speed target is stated in;
// cpu-us/puzzle is the same from the process's CPU time, the one to quote
// when the machine is shared.
func BenchmarkUnique(b *testing.B) {
	for _, name := range []string{"puzzles17", "top1465", "hardest1106", "multi_solution", "top95", "easy50"} {
		b.Run(name, func(b *testing.B) {
			set := loadPuzzleSet(b, name)
			s := newClassicSolver()
			b.ReportAllocs()
			b.ResetTimer()
			cpu := cputime.Used()
			i := 0
			for b.Loop() {
				s.Count(set[i], 2)
				i++
				if i == len(set) {
					i = 0
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1e3/float64(b.N), "us/puzzle")
			if cpu != 0 {
				b.ReportMetric(float64((cputime.Used()-cpu).Nanoseconds())/1e3/float64(b.N), "cpu-us/puzzle")
			}
		})
	}
}

// BenchmarkFillRandom makes random complete grids from the empty grid, the
// generator's first step for every puzzle.
func BenchmarkFillRandom(b *testing.B) {
	s := newClassicSolver()
	rng := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := s.FillRandom(Grid{}, rng); !ok {
			b.Fatal("FillRandom(empty) failed")
		}
	}
}
