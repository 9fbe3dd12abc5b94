package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// benchKinds are the kinds BenchmarkGenerateKinds measures, with the
// levels each reaches in reasonable time.
var benchKinds = []struct {
	kind   Kind
	levels []Level
}{
	{Kind{Classic, 4}, []Level{Easy}},
	{Kind{Classic, 6}, []Level{Easy, Medium, Hard}},
	{Kind{Classic, 8}, []Level{Easy, Medium, Hard}},
	{Kind{X, 9}, []Level{Easy, Medium, Hard, Expert}},
	{Kind{Hyper, 9}, []Level{Easy, Medium, Hard, Expert}},
	{Kind{Jigsaw, 9}, []Level{Easy, Medium, Hard}},
	{Kind{Classic, 12}, []Level{Easy, Medium, Hard}},
	{Kind{Classic, 16}, []Level{Easy, Medium, Hard}},
}

// BenchmarkGenerateKinds measures, per kind and level, how many puzzles
// that land on the level one core makes per second from a fixed seed (the
// misses are paid for), as BenchmarkGenerate does for classic 9x9.
func BenchmarkGenerateKinds(b *testing.B) {
	for _, k := range benchKinds {
		for _, l := range k.levels {
			b.Run(fmt.Sprintf("%s-%d/%s", k.kind.Variant, k.kind.Side(), l), func(b *testing.B) {
				gen := NewGenerator()
				rng := rand.New(rand.NewPCG(1, uint64(l)))
				q := Quota{Kind: k.kind, Level: l}
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
