package engine

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestMultiShapes(t *testing.T) {
	for _, c := range []struct {
		v                    Variant
		width, cells, houses int
	}{{Samurai, 21, 369, 131}, {Twin, 15, 153, 53}, {Butterfly, 12, 144, 64}, {Sohei, 21, 288, 104}, {Flower, 21, 297, 111}} {
		g, err := Lookup(c.v, 9)
		if err != nil {
			t.Fatal(err)
		}
		if g.Width != c.width || g.Cells != c.cells || len(g.Houses) != c.houses {
			t.Errorf("%s: width %d, %d cells, %d houses; want %d, %d, %d", c.v, g.Width, g.Cells, len(g.Houses), c.width, c.cells, c.houses)
		}
		for u, h := range g.Houses {
			if len(h) != 9 {
				t.Errorf("%s: %s has %d cells", c.v, g.HouseName(u), len(h))
			}
		}
		for i := range g.Cells {
			if j, ok := g.InPlay(g.Row(i), g.Col(i)); !ok || j != i {
				t.Fatalf("%s: cell %d at %s maps back to %d", c.v, i, g.CellName(i), j)
			}
		}
		if _, err := NewGeometry(c.v, 6, nil); !errors.Is(err, ErrGeometry) {
			t.Errorf("%s on 6x6: %v, want ErrGeometry", c.v, err)
		}
	}
	g, _ := Lookup(Samurai, 9)
	// The centre cell of a shared box lies in two rows, two columns, one box.
	if i, _ := g.InPlay(7, 7); len(g.CellHouses[i]) != 5 {
		t.Errorf("r8c8 of a samurai lies in %d houses, want 5", len(g.CellHouses[i]))
	}
	if _, ok := g.InPlay(0, 10); ok {
		t.Error("r1c11 of a samurai is in play")
	}
}

// naiveUnionCount counts solutions by plain backtracking over the cells in
// order, checking each digit against the peers: nothing shared with the
// generic solver but the geometry's houses.
func naiveUnionCount(g *Geometry, cells []uint8, limit int) int {
	p := slices.Clone(cells)
	var rec func(i int) int
	rec = func(i int) int {
		for i < len(p) && p[i] != 0 {
			i++
		}
		if i == len(p) {
			return 1
		}
		n := 0
		for d := uint8(1); d <= 9 && n < limit; d++ {
			ok := true
			for _, h := range g.CellHouses[i] {
				for _, c := range g.Houses[h] {
					if p[c] == d {
						ok = false
					}
				}
			}
			if ok {
				p[i] = d
				n += rec(i + 1)
				p[i] = 0
			}
		}
		return n
	}
	return min(rec(0), limit)
}

func TestMultiSolverMatchesNaive(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	rng := rand.New(rand.NewPCG(10, 1))
	gen := NewGenerator()
	for _, v := range []Variant{Samurai, Twin, Butterfly, Sohei, Flower} {
		g, _ := Lookup(v, 9)
		s := newGenericSolver(g)
		sol, ok := s.FillRandom(make([]uint8, g.Cells), rng, 0)
		if !ok || g.Validate(sol) != nil {
			t.Fatalf("%s: no valid random filling", v)
		}
		minimal := slices.Clone(sol)
		gen.dig(rng, gen.exactFor(g), minimal, gen.orbitsOf(SymNone, g), 0, keepUnique, Extreme)
		counts := map[int]int{}
		for range 30 {
			// From the minimal puzzle, with clues put back until the naive
			// search is quick, blank a few: some stay unique, some get
			// several solutions, and a wrong clue leaves none.
			p := slices.Clone(minimal)
			for CountClues(p) < g.Cells*3/5 {
				i := rng.IntN(g.Cells)
				p[i] = sol[i]
			}
			for range rng.IntN(4) { // a clue of the minimal puzzle
				i := rng.IntN(g.Cells)
				for minimal[i] == 0 {
					i = rng.IntN(g.Cells)
				}
				p[i] = 0
			}
			if rng.IntN(4) == 0 {
				i := rng.IntN(g.Cells)
				if p[i] == 0 {
					p[i] = uint8(1 + (int(sol[i]))%9) // a wrong digit
				}
			}
			got, _ := s.Count(p, 2)
			want := naiveUnionCount(g, p, 2)
			if g.Validate(p) != nil {
				want = 0
			}
			if got != want {
				t.Fatalf("%s: %s: generic solver %d solutions, naive %d", v, g.Format(p), got, want)
			}
			counts[want]++
		}
		if counts[1] == 0 || counts[2] == 0 {
			t.Errorf("%s: the cross-check met no unique or no multiple case: %v", v, counts)
		}
	}
}

func TestMultiText(t *testing.T) {
	g, _ := Lookup(Samurai, 9)
	rng := rand.New(rand.NewPCG(3, 4))
	sol, _ := newGenericSolver(g).FillRandom(make([]uint8, g.Cells), rng, 0)
	sol[0] = 0
	s := g.Format(sol)
	if len(s) != 441 || s[10] != OutOfPlay || s[0] != '.' {
		t.Fatalf("format: %q", s)
	}
	geo, back, err := ParseLine(Samurai, 0, s)
	if err != nil || geo != g || !slices.Equal(back, sol) {
		t.Fatalf("parse back: %v", err)
	}
	bad := []byte(s)
	bad[10] = '5'
	if _, _, err := ParseLine(Samurai, 0, string(bad)); err == nil {
		t.Error("a digit outside the figure parsed")
	}
	bad = []byte(s)
	bad[1] = OutOfPlay
	if _, _, err := ParseLine(Samurai, 0, string(bad)); err == nil {
		t.Error("a cell of the figure marked out of play parsed")
	}
}

func TestMultiGenerate(t *testing.T) {
	levels := []Level{Easy, Medium, Hard}
	if testing.Short() {
		levels = levels[:2]
	}
	gen := NewGenerator()
	rng := rand.New(rand.NewPCG(10, 10))
	for _, v := range []Variant{Samurai, Twin, Butterfly, Sohei, Flower} {
		for _, l := range levels {
			q := Quota{Kind: Kind{Variant: v, Size: 9}, Level: l, Count: 1}
			if v == Samurai && l == Easy {
				q.Symmetry = SymRotational
			}
			var p Puzzle
			ok := false
			for try := 0; try < 40 && !ok; try++ {
				p, ok = gen.Generate(rng, q)
			}
			if !ok {
				t.Errorf("%s %s: no puzzle in 40 attempts", v, l)
				continue
			}
			g := p.Geometry()
			if n, _ := newGenericSolver(g).Count(p.Cells(), 2); n != 1 {
				t.Errorf("%s %s: %d solutions over the union", v, l, n)
			}
			if !g.Balanced(p.Cells()) {
				t.Errorf("%s %s: clues per grid %v not within 20%% of the mean", v, l, g.GridClues(p.Cells()))
			}
			if gr, err := NewGrader().Grade(g, p.Cells(), GradeOptions{}); err != nil || gr.Level != l {
				t.Errorf("%s %s: regraded %v, %v", v, l, gr.Level, err)
			}
			if !g.holds(q.Symmetry, p.Cells()) {
				t.Errorf("%s %s: symmetry %v lost", v, l, q.Symmetry)
			}
			t.Logf("%s %s: %d clues, per grid %v", v, l, CountClues(p.Cells()), g.GridClues(p.Cells()))
		}
	}
}
