package engine

import (
	"math/rand/v2"
	"testing"
)

// benchLines makes b.N puzzles of a line kind at level l and reports the
// attempts per puzzle and the givens.
func benchLines(b *testing.B, n int, lay lineMaker, l Level) {
	g := NewGenerator()
	rng := rand.New(rand.NewPCG(7, 11))
	q := Quota{Kind: Kind{Variant: Classic, Size: n}, Level: l}
	attempts, givens := 0, 0
	for b.Loop() {
		for {
			attempts++
			p, ok := g.lineAttempt(rng, q, lay)
			if ok && p.Grading.Level == l {
				givens += CountClues(p.Givens)
				break
			}
		}
	}
	b.ReportMetric(float64(attempts)/float64(b.N), "attempts/op")
	b.ReportMetric(float64(givens)/float64(b.N), "givens/op")
}

func BenchmarkThermoEasy(b *testing.B)   { benchLines(b, 9, layThermos, Easy) }
func BenchmarkThermoMedium(b *testing.B) { benchLines(b, 9, layThermos, Medium) }
func BenchmarkThermoHard(b *testing.B)   { benchLines(b, 9, layThermos, Hard) }
func BenchmarkThermo6Easy(b *testing.B)  { benchLines(b, 6, layThermos, Easy) }
func BenchmarkArrowEasy(b *testing.B)    { benchLines(b, 9, layArrows, Easy) }
func BenchmarkArrowMedium(b *testing.B)  { benchLines(b, 9, layArrows, Medium) }
func BenchmarkArrowHard(b *testing.B)    { benchLines(b, 9, layArrows, Hard) }
