package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/sudokubook/sudokubook/internal/cputime"
)

// BenchmarkKillerGenerate measures, per level, how many 9x9 killers that
// land on the level one core makes per second from a fixed seed (the
// misses are paid for).
func BenchmarkKillerGenerate(b *testing.B) {
	for _, l := range Levels() {
		b.Run(l.String(), func(b *testing.B) {
			gen := NewGenerator()
			rng := rand.New(rand.NewPCG(1, uint64(l)))
			q := KillerQuota{Level: l}
			hits, cpu := benchHits(b, func() bool { _, ok := gen.Killer(rng, q); return ok })
			if cpu > 0 {
				b.ReportMetric(float64(hits)/cpu.Seconds(), "cpu-puzzles/s")
			}
		})
	}
}

// BenchmarkKillerUnique measures the exact solver's uniqueness check
// (count to two) on generated zero-given 9x9 killers of every level; it
// reports the median wall time besides the mean ns/op and the mean CPU
// time (cpu-ns/op), which on a loaded machine is the fairer figure.
func BenchmarkKillerUnique(b *testing.B) {
	gen := NewGenerator()
	rng := rand.New(rand.NewPCG(7, 7))
	var ps []Puzzle
	for _, l := range Levels() {
		for n := 0; n < 8; {
			if p, ok := gen.Killer(rng, KillerQuota{Level: l}); ok {
				ps = append(ps, p)
				n++
			}
		}
	}
	s := NewGenericSolver(Classic9)
	var times []time.Duration
	i := 0
	cpu := cputime.Start()
	for b.Loop() {
		p := ps[i%len(ps)]
		t0 := time.Now()
		s.reset(p.Geo)
		if n := s.run(p.Givens, 2); n != 1 {
			b.Fatalf("%d solutions", n)
		}
		times = append(times, time.Since(t0))
		i++
	}
	cpu.Report(b)
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Nanoseconds()), "median-ns")
}
