package engine

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// A thermo or arrow puzzle's key: every turn and mirror that keeps the
// houses, its lines moved with it, keeps the key; the same givens under
// other lines, or the puzzle relabelled, give another key (a relabelling
// breaks the order of a thermometer and the sums of an arrow).
func TestLineKeys(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 23))
	gen := NewGenerator()
	for _, c := range []struct {
		kind Kind
		with func(g *Geometry, lines [][]int) (*Geometry, error)
	}{
		{Kind{Variant: Classic, Size: 9, Layer: "thermo"}, (*Geometry).WithThermos},
		{Kind{Variant: Classic, Size: 6, Layer: "thermo"}, (*Geometry).WithThermos},
		{Kind{Variant: X, Size: 9, Layer: "thermo"}, (*Geometry).WithThermos},
		{Kind{Variant: Classic, Size: 9, Layer: "arrow"}, (*Geometry).WithArrows},
	} {
		var keys [][]uint8
		var lines [][][]int
		for len(keys) < 2 {
			p, ok := gen.Generate(rng, Quota{Kind: c.kind, Level: Medium})
			if !ok {
				continue
			}
			g := p.Geometry()
			base, err := Lookup(g.Variant, g.N)
			if err != nil {
				t.Fatal(err)
			}
			ls := g.Constraints()[0].Marks()
			key := p.Key()
			keys, lines = append(keys, key), append(lines, ls)
			grp := edgeGroup(g)
			ident := make([]uint8, g.Cells)
			for i := range ident {
				ident[i] = uint8(i)
			}
			if len(grp.Moves) < 4 {
				t.Fatalf("%v: %d moves, want the turns and mirrors", c.kind, len(grp.Moves))
			}
			for _, m := range grp.Moves {
				pos := make([]int, g.Cells)
				for j, src := range grp.Apply(m, ident) {
					pos[src] = j
				}
				movedLines := make([][]int, len(ls))
				for i, l := range ls {
					for _, x := range l {
						movedLines[i] = append(movedLines[i], pos[x])
					}
				}
				moved, err := c.with(base, movedLines)
				if err != nil {
					t.Fatalf("%v moved by %+v: %v", c.kind, m, err)
				}
				if got := KeyOf(moved, grp.Apply(m, p.Givens)); !bytes.Equal(got, key) {
					t.Fatalf("%v moved by %+v: key differs", c.kind, m)
				}
			}
			// Relabelled d -> N+1-d, with the same lines: another puzzle.
			flipped := make([]uint8, len(p.Givens))
			for i, v := range p.Givens {
				if v != 0 {
					flipped[i] = uint8(g.N+1) - v
				}
			}
			if CountClues(p.Givens) > 0 && bytes.Equal(KeyOf(g, flipped), key) {
				t.Errorf("%v: relabelled givens keep the key", c.kind)
			}
		}
		if bytes.Equal(keys[0], keys[1]) {
			t.Errorf("%v: two puzzles share a key", c.kind)
		}
		// The lines alone, without givens: the two puzzles' differ.
		var empty [2][]uint8
		for i, ls := range lines {
			base, err := Lookup(c.kind.Variant, c.kind.Side())
			if err != nil {
				t.Fatal(err)
			}
			g, err := c.with(base, ls)
			if err != nil {
				t.Fatal(err)
			}
			empty[i] = KeyOf(g, make([]uint8, g.Cells))
		}
		if bytes.Equal(empty[0], empty[1]) {
			t.Errorf("%v: two line sets without givens share a key", c.kind)
		}
	}
}
