package engine

import (
	"context"
	"math/rand/v2"
	"testing"
)

// BenchmarkGenerate measures, per level, how many puzzles that satisfy the
// level one core makes per second from a fixed seed. One iteration is one
// hit: Generate is called until it returns a puzzle of the level, so the
// misses are paid for. hits/attempt is the share of attempts that hit.
func BenchmarkGenerate(b *testing.B) {
	for _, sym := range []Symmetry{SymNone, SymRotational} {
		for _, l := range Levels() {
			name := l.String()
			if sym != SymNone {
				name += "/" + sym.String()
			}
			b.Run(name, func(b *testing.B) {
				gen := NewGenerator()
				rng := rand.New(rand.NewPCG(1, uint64(l)))
				q := Quota{Level: l, Symmetry: sym}
				hits, attempts := 0, 0
				for b.Loop() {
					for {
						attempts++
						if _, ok := gen.Generate(rng, q); ok {
							break
						}
					}
					hits++
				}
				b.ReportMetric(float64(hits)/b.Elapsed().Seconds(), "puzzles/s")
				b.ReportMetric(float64(hits)/float64(attempts), "hits/attempt")
			})
		}
	}
}

// BenchmarkFill measures the quota filler on one worker for a small mixed
// book, so its overhead over bare Generate calls shows.
func BenchmarkFill(b *testing.B) {
	quotas := []Quota{
		{Level: Easy, Count: 20, Symmetry: SymRotational},
		{Level: Medium, Count: 20},
		{Level: Hard, Count: 10},
		{Level: Expert, Count: 4},
	}
	n := 0
	for _, q := range quotas {
		n += q.Count
	}
	seed := uint64(0)
	for b.Loop() {
		seed++ // a new book each time, so the count of books made is seed
		if _, err := Fill(context.Background(), quotas, FillOptions{Seed: seed, Workers: 1}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n)*float64(seed)/b.Elapsed().Seconds(), "puzzles/s")
}
