package engine

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"runtime/metrics"
	"testing"
	"time"

	"github.com/sudokubook/sudokubook/internal/cputime"
)

// BenchmarkGenerate measures, per level, how many puzzles that satisfy the
// level one core makes per second from a fixed seed. One iteration is one
// hit: Generate is called until it returns a puzzle of the level, so the
// misses are paid for. hits/attempt is the share of attempts that hit;
// cpu-puzzles/s counts CPU seconds rather than wall-clock ones, the figure
// to read on a shared machine.
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
				hits, cpu := benchHits(b, func() bool { _, ok := gen.Generate(rng, q); return ok })
				if cpu > 0 {
					b.ReportMetric(float64(hits)/cpu.Seconds(), "cpu-puzzles/s")
				}
			})
		}
	}
}

// benchHits calls try until it succeeds, once per benchmark iteration, so
// the misses a generator throws away are paid for. It reports puzzles/s
// and hits/attempt and returns the hits and the CPU time they cost, for
// the caller to report in the unit its figures are quoted in.
func benchHits(b *testing.B, try func() bool) (hits int, cpu time.Duration) {
	attempts := 0
	m := cputime.Start()
	for b.Loop() {
		for attempts++; !try(); attempts++ {
		}
		hits++
	}
	b.ReportMetric(float64(hits)/b.Elapsed().Seconds(), "puzzles/s")
	b.ReportMetric(float64(hits)/float64(attempts), "hits/attempt")
	return hits, m.Elapsed()
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

// BenchmarkFillWorkers is the -j scaling figure: Fill of 100 hard and 40
// expert puzzles with one and with two workers. On a machine shared with
// other work the wall clock (puzzles/s) is not the figure to read:
// cpu-ns/puzzle, all threads' CPU per puzzle, shows what two workers cost
// over one; with it equal, two workers on two idle cores make twice the
// puzzles per second unless one waits on the other. busy-procs says
// whether one waits: the average number of the runtime's processors (Ps)
// that had Go code to run during the fills, from the runtime's own
// accounting, which counts a P as busy while its thread waits for a core
// of the loaded machine and as idle only when it has nothing to run. With
// two workers that never wait for a job it is near 2, and as one worker's
// attempts run one after another, the speed-up on two idle cores is about
// busy-procs(j2) x cpu-ns(j1) / cpu-ns(j2). (With one worker it reads
// above 1 on a loaded machine: a P woken to hand over a job or a result
// counts as busy while its thread waits for a core.)
func BenchmarkFillWorkers(b *testing.B) {
	for _, bc := range []struct {
		level Level
		count int
	}{{Hard, 100}, {Expert, 40}} {
		for _, workers := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/j%d", bc.level, workers), func(b *testing.B) {
				quotas := []Quota{{Level: bc.level, Count: bc.count}}
				seed := uint64(0)
				busy0, start := busyProcSeconds(), time.Now()
				cpu := cputime.Start()
				for b.Loop() {
					seed++
					if _, err := Fill(context.Background(), quotas, FillOptions{Seed: seed, Workers: workers}); err != nil {
						b.Fatal(err)
					}
				}
				n := float64(bc.count) * float64(seed)
				b.ReportMetric(n/b.Elapsed().Seconds(), "puzzles/s")
				b.ReportMetric(float64(cpu.Elapsed().Nanoseconds())/n, "cpu-ns/puzzle")
				b.ReportMetric((busyProcSeconds()-busy0)/time.Since(start).Seconds(), "busy-procs")
			})
		}
	}
}

// busyProcSeconds is the runtime's estimate of the time its processors
// (Ps) have spent with Go code to run, summed over the Ps. The runtime
// brings the estimate up to date at each collection, so one is forced.
func busyProcSeconds() float64 {
	runtime.GC()
	s := []metrics.Sample{{Name: "/cpu/classes/total:cpu-seconds"}, {Name: "/cpu/classes/idle:cpu-seconds"}}
	metrics.Read(s)
	return s[0].Value.Float64() - s[1].Value.Float64()
}
