package engine

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/sudokubook/sudokubook/internal/cputime"
)

// benchKinds are the kinds BenchmarkGenerateKinds measures, with the
// levels each reaches in reasonable time.
var benchKinds = []struct {
	kind   Kind
	levels []Level
}{
	{Kind{Variant: Classic, Size: 4}, []Level{Easy}},
	{Kind{Variant: Classic, Size: 6}, []Level{Easy, Medium, Hard}},
	{Kind{Variant: Classic, Size: 8}, []Level{Easy, Medium, Hard}},
	{Kind{Variant: X, Size: 9}, []Level{Easy, Medium, Hard, Expert}},
	{Kind{Variant: Hyper, Size: 9}, []Level{Easy, Medium, Hard, Expert}},
	{Kind{Variant: Jigsaw, Size: 9}, []Level{Easy, Medium, Hard}},
	{Kind{Variant: Classic, Size: 12}, []Level{Easy, Medium, Hard}},
	{Kind{Variant: Classic, Size: 16}, []Level{Easy, Medium, Hard}},
	{Kind{Variant: Samurai, Size: 9}, []Level{Easy, Medium, Hard}},
	{Kind{Variant: Twin, Size: 9}, []Level{Easy, Medium, Hard}},
	{Kind{Variant: Butterfly, Size: 9}, []Level{Easy, Medium, Hard}},
	{Kind{Variant: Sohei, Size: 9}, []Level{Easy, Medium, Hard}},
	{Kind{Variant: Flower, Size: 9}, []Level{Easy, Medium, Hard}},
	{Kind{Variant: Classic, Size: 9, Layer: "thermo"}, []Level{Medium, Hard}},
	{Kind{Variant: Classic, Size: 6, Layer: "thermo"}, []Level{Medium}},
	{Kind{Variant: X, Size: 9, Layer: "thermo"}, []Level{Medium}},
	{Kind{Variant: Classic, Size: 9, Layer: "arrow"}, []Level{Medium, Hard}},
	{Kind{Variant: Classic, Size: 9, Layer: "kropki"}, []Level{Medium, Hard}},
	{Kind{Variant: Classic, Size: 9, Layer: "kropki-some"}, []Level{Medium}},
	{Kind{Variant: Classic, Size: 9, Layer: "xv"}, []Level{Medium, Hard}},
	{Kind{Variant: Classic, Size: 9, Layer: "consecutive"}, []Level{Medium, Hard}},
	{Kind{Variant: Classic, Size: 9, Layer: "greater-than"}, []Level{Medium, Hard}},
	{Kind{Variant: Classic, Size: 6, Layer: "greater-than"}, []Level{Medium, Hard}},
	{Kind{Variant: Classic, Size: 9, Layer: "parity"}, []Level{Medium, Hard}},
	{Kind{Variant: Classic, Size: 6, Layer: "parity"}, []Level{Medium}},
	{Kind{Variant: Classic, Size: 9, Layer: "anti-knight"}, []Level{Medium, Hard}},
	{Kind{Variant: Classic, Size: 9, Layer: "anti-king"}, []Level{Medium, Hard}},
	{Kind{Variant: Latin, Size: 5, Layer: "greater-than"}, []Level{Medium, Hard}},
	{Kind{Variant: Latin, Size: 7, Layer: "greater-than"}, []Level{Medium}},
	{Kind{Variant: Latin, Size: 9, Layer: "greater-than"}, []Level{Medium}},
	{Kind{Variant: Latin, Size: 6, Layer: "calcudoku"}, []Level{Medium, Hard}},
	{Kind{Variant: Latin, Size: 9, Layer: "calcudoku"}, []Level{Medium}},
	{Kind{Variant: Latin, Size: 6, Layer: "calcudoku-no-op"}, []Level{Medium}},
	{Kind{Variant: Kakuro, Size: 8, Layer: "kakuro"}, []Level{Easy, Medium}},
	{Kind{Variant: Kakuro, Size: 12, Layer: "kakuro"}, []Level{Easy, Medium, Tough}},
	{Kind{Variant: Kakuro, Size: 15, Layer: "kakuro"}, []Level{Medium}},
}

// BenchmarkGenerateKinds measures, per kind and level, how many puzzles
// that land on the level one core makes per second from a fixed seed (the
// misses are paid for), as BenchmarkGenerate does for classic 9x9.
func BenchmarkGenerateKinds(b *testing.B) {
	for _, k := range benchKinds {
		for _, l := range k.levels {
			b.Run(fmt.Sprintf("%s-%d/%s", k.kind.Family(), k.kind.Side(), l), func(b *testing.B) {
				gen := NewGenerator()
				rng := rand.New(rand.NewPCG(1, uint64(l)))
				q := Quota{Kind: k.kind, Level: l}
				hits, cpu := benchHits(b, func() bool { _, ok := gen.Generate(rng, q); return ok })
				b.ReportMetric(cpu.Seconds()/float64(hits), "cpu-s/puzzle")
			})
		}
	}
}

// kindSample generates n puzzles of kind k at level l from a fixed seed,
// for the solver benchmarks.
func kindSample(b *testing.B, k Kind, l Level, n int) []Puzzle {
	b.Helper()
	gen := NewGenerator()
	rng := rand.New(rand.NewPCG(11, uint64(k.Side())))
	var out []Puzzle
	for len(out) < n {
		if p, ok := gen.Generate(rng, Quota{Kind: k, Level: l}); ok {
			out = append(out, p)
		}
	}
	return out
}

// BenchmarkUniqueKinds times one uniqueness check (a count up to two) of
// generated puzzles per kind, the check the generator and grader make.
// The classic/generic pair runs the same 9x9 puzzles through the band
// solver of solve.go and through the generic solver, two designs side by
// side.
func BenchmarkUniqueKinds(b *testing.B) {
	for _, c := range []struct {
		name  string
		kind  Kind
		level Level
	}{
		{"16x16-easy", Kind{Variant: Classic, Size: 16}, Easy},
		{"16x16-medium", Kind{Variant: Classic, Size: 16}, Medium},
		{"16x16-hard", Kind{Variant: Classic, Size: 16}, Hard},
		{"x9-hard", Kind{Variant: X, Size: 9}, Hard},
		{"jigsaw9-hard", Kind{Variant: Jigsaw, Size: 9}, Hard},
		{"samurai-easy", Kind{Variant: Samurai, Size: 9}, Easy},
		{"samurai-hard", Kind{Variant: Samurai, Size: 9}, Hard},
		{"sohei-hard", Kind{Variant: Sohei, Size: 9}, Hard},
		{"flower-hard", Kind{Variant: Flower, Size: 9}, Hard},
	} {
		ps := kindSample(b, c.kind, c.level, 16)
		b.Run(c.name, func(b *testing.B) {
			s := newGenericSolver(ps[0].Geometry())
			var times []time.Duration
			m := cputime.Start()
			n := 0
			for b.Loop() {
				p := ps[n%len(ps)]
				s.reset(p.Geometry())
				t0 := cputime.Used()
				if s.run(p.Cells(), 2) != 1 {
					b.Fatal("not unique")
				}
				times = append(times, cputime.Used()-t0)
				n++
			}
			m.Report(b)
			slices.Sort(times)
			b.ReportMetric(float64(times[len(times)/2].Microseconds()), "median-cpu-us")
		})
	}
	ps := loadPuzzleSet(b, "puzzles17")
	b.Run("classic9-band", func(b *testing.B) {
		s := newClassicSolver()
		n := 0
		for b.Loop() {
			if c, _ := s.Count(ps[n%len(ps)], 2); c != 1 {
				b.Fatal("not unique")
			}
			n++
		}
	})
	b.Run("classic9-generic", func(b *testing.B) {
		s := newGenericSolver(Classic9)
		n := 0
		for b.Loop() {
			p := ps[n%len(ps)]
			if s.run(p[:], 2) != 1 {
				b.Fatal("not unique")
			}
			n++
		}
	})
}
