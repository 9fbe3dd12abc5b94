package engine

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/sudokubook/sudokubook/internal/cputime"
)

// BenchmarkGenerateMulti measures, per multi-grid figure and level, the
// CPU time one core spends per puzzle that lands on the level (misses
// paid for), from a fixed seed. Run it with -cpu 1: the metric is the
// process's CPU time, so a loaded machine does not inflate it much.
func BenchmarkGenerateMulti(b *testing.B) {
	for _, v := range []Variant{Samurai, Twin, Butterfly} {
		for _, l := range []Level{Easy, Medium, Hard} {
			b.Run(fmt.Sprintf("%s/%s", v, l), func(b *testing.B) {
				gen := NewGenerator()
				rng := rand.New(rand.NewPCG(1, uint64(l)))
				q := Quota{Kind: Kind{Variant: v, Size: 9}, Level: l}
				hits, attempts := 0, 0
				meter := cputime.Start()
				for b.Loop() {
					for {
						attempts++
						if _, ok := gen.Generate(rng, q); ok {
							break
						}
					}
					hits++
				}
				b.ReportMetric(meter.Elapsed().Seconds()/float64(hits), "cpu-s/puzzle")
				b.ReportMetric(float64(hits)/float64(attempts), "hits/attempt")
			})
		}
	}
}

// BenchmarkSamuraiUnique times the uniqueness check (the generic solver
// counting to two over the union) of generated samurai puzzles of every
// level, and reports the median CPU time of one check.
func BenchmarkSamuraiUnique(b *testing.B) {
	gen := NewGenerator()
	rng := rand.New(rand.NewPCG(7, 7))
	var ps [][]uint8
	for _, l := range []Level{Easy, Medium, Hard, Expert} {
		for made := 0; made < 5; {
			if p, ok := gen.Generate(rng, Quota{Kind: Kind{Variant: Samurai, Size: 9}, Level: l}); ok {
				ps = append(ps, p.Cells())
				made++
			}
		}
	}
	g, _ := Lookup(Samurai, 9)
	s := NewGenericSolver(g)
	var cpu []time.Duration
	n := 0
	b.ResetTimer()
	for b.Loop() {
		c0 := cputime.Used()
		if k, _ := s.Count(ps[n%len(ps)], 2); k != 1 {
			b.Fatalf("%d solutions", k)
		}
		cpu = append(cpu, cputime.Used()-c0)
		n++
	}
	var total time.Duration
	for _, d := range cpu {
		total += d
	}
	slices.Sort(cpu)
	b.ReportMetric(float64(cpu[len(cpu)/2].Nanoseconds())/1e3, "median-cpu-us")
	b.ReportMetric(float64(total.Nanoseconds())/1e3/float64(len(cpu)), "mean-cpu-us")
	b.ReportMetric(float64(cpu[len(cpu)*9/10].Nanoseconds())/1e3, "p90-cpu-us")
}
