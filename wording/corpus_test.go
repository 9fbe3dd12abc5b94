package wording

import (
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/engine"
)

// corpusStep is a step of a solve, with the board it was found on.
type corpusStep struct {
	geo   *engine.Geometry
	board engine.Board
	step  engine.Step
}

// corpus grades the engine's test puzzles of every kind and the samples
// of the hard classic sets, and keeps up to per steps of each technique.
func corpus(t *testing.T, per int) []corpusStep {
	t.Helper()
	type puzzle struct {
		geo   *engine.Geometry
		cells []uint8
	}
	var ps []puzzle
	kinds, err := os.ReadFile("../engine/testdata/kinds.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(kinds)), "\n") {
		f := strings.Split(line, "\t")
		v, err := engine.ParseVariant(f[0])
		if err != nil {
			t.Fatal(err)
		}
		n, _ := strconv.Atoi(f[1])
		geo, cells, err := engine.ParseLine(v, n, f[2])
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		ps = append(ps, puzzle{geo, cells})
	}
	for _, set := range []struct {
		file string
		n    int
	}{{"top1465.txt", 40}, {"hardest1106.txt", 30}, {"se_rated.tsv", 60}} {
		data, err := os.ReadFile("../internal/puzzlesets/testdata/" + set.file)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.SplitN(string(data), "\n", set.n+1)[:set.n] {
			line, _, _ = strings.Cut(line, "\t")
			g, err := engine.ParseGrid(line)
			if err != nil {
				t.Fatal(err)
			}
			ps = append(ps, puzzle{engine.Classic9, g[:]})
		}
	}
	// Edge-marked puzzles of each rule, every mark given and some, which
	// the files above do not hold.
	gen := engine.NewGenerator()
	rng := rand.New(rand.NewPCG(7, 7))
	for _, rule := range []string{"kropki", "xv", "consecutive", "greater-than"} {
		for _, all := range []bool{true, false} {
			for _, l := range []engine.Level{engine.Medium, engine.Hard} {
				for tries := 0; tries < 40; tries++ {
					if p, ok := gen.EdgeMarked(rng, engine.Quota{Level: l}, rule, all); ok {
						ps = append(ps, puzzle{p.Geo, p.Givens})
						break
					}
				}
			}
		}
	}
	// And the line and cell kinds: thermometers, arrows, parity marks.
	for _, k := range []engine.Kind{{Variant: engine.Classic, Size: 9, Layer: "thermo"}, {Variant: engine.Classic, Size: 6, Layer: "thermo"},
		{Variant: engine.Classic, Size: 9, Layer: "arrow"}, {Variant: engine.Classic, Size: 9, Layer: "parity"}} {
		for _, l := range []engine.Level{engine.Medium, engine.Hard} {
			for tries := 0; tries < 40; tries++ {
				if p, ok := gen.Generate(rng, engine.Quota{Kind: k, Level: l}); ok {
					ps = append(ps, puzzle{p.Geometry(), p.Givens})
					break
				}
			}
		}
	}
	// Kakuros, whose runs have rungs of their own.
	for _, l := range []engine.Level{engine.Easy, engine.Medium, engine.Tough, engine.Hard} {
		q := engine.Quota{Kind: engine.Kind{Variant: engine.Kakuro, Size: 10, Layer: "kakuro"}, Level: l}
		for tries := 0; tries < 200; tries++ {
			if p, ok := gen.Generate(rng, q); ok {
				ps = append(ps, puzzle{p.Geometry(), p.Givens})
				break
			}
		}
	}
	var out []corpusStep
	var seen [engine.NumTechniques]int
	gr := engine.NewGrader()
	for _, p := range ps {
		res, err := gr.Grade(p.geo, p.cells, engine.GradeOptions{Steps: true})
		if err != nil {
			t.Fatal(err)
		}
		b := engine.NewBoardOn(p.geo, p.cells)
		for _, s := range res.Steps {
			if seen[s.Technique]++; seen[s.Technique] <= per {
				out = append(out, corpusStep{p.geo, b, s})
			}
			b.Apply(&s)
		}
	}
	return out
}
