package engine

import (
	"math/rand/v2"
	"runtime"
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

// BenchmarkKillerUnique measures the uniqueness check (count to two) on
// generated zero-given 9x9 killers, 8 of every level: "killer" is the
// layered solver every check goes through (Geometry.count), "generic" the
// generic solver that made them before, for a paired ratio in one run.
// Besides the mean wall ns/op and the mean CPU time (cpu-ns/op), which on
// a loaded machine is the fairer figure, it reports the median check in
// wall time and in the thread's CPU time (median-cpu-ns, Linux).
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
	ks := newLayerSolver()
	gs := newGenericSolver(Classic9)
	for _, solver := range []struct {
		name  string
		count func(p Puzzle) int
	}{
		{"killer", func(p Puzzle) int { ks.reset(p.Geo); return ks.run(p.Givens, 2) }},
		{"generic", func(p Puzzle) int { gs.reset(p.Geo); return gs.run(p.Givens, 2) }},
	} {
		b.Run(solver.name, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var wall, cpuEach []time.Duration
			i := 0
			cpu := cputime.Start()
			for b.Loop() {
				p := ps[i%len(ps)]
				t0, c0 := time.Now(), cputime.Thread()
				if n := solver.count(p); n != 1 {
					b.Fatalf("%d solutions", n)
				}
				cpuEach = append(cpuEach, cputime.Thread()-c0)
				wall = append(wall, time.Since(t0))
				i++
			}
			cpu.Report(b)
			slices.Sort(wall)
			slices.Sort(cpuEach)
			b.ReportMetric(float64(wall[len(wall)/2].Nanoseconds()), "median-ns")
			if cpuEach[len(cpuEach)-1] > 0 {
				b.ReportMetric(float64(cpuEach[len(cpuEach)/2].Nanoseconds()), "median-cpu-ns")
			}
		})
	}
}
