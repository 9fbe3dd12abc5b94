package engine

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestTechniquesSoundOnFigures digs minimal samurai, twin and butterfly
// puzzles and runs every finder at every position of their solve against
// the solution (walkAllFinders): the fish, single-digit and rectangle
// finders now work in each sub-grid (planes.go), so they must meet these
// boards and stay sound there.
func TestTechniquesSoundOnFigures(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	var fired [NumTechniques]int
	gen := NewGenerator()
	for _, v := range []Variant{Samurai, Twin, Butterfly, Sohei, Flower} {
		t.Run(v.String(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(11, uint64(v)))
			n := 3
			if v >= Sohei {
				n = 1 // a minimal flower takes seconds to walk: one each keeps the test short
			}
			for range n {
				geo, sol := kindSolution(t, rng, Kind{Variant: v, Size: 9})
				p := slices.Clone(sol)
				gen.dig(rng, gen.exactFor(geo), p, gen.orbitsOf(SymNone, geo), 0, keepUnique, Extreme)
				walkAllFinders(t, geo, p, sol, &fired)
			}
		})
	}
	t.Logf("fired: %s", firedText(&fired))
	// The rungs that read a grid's layout must have met these boards.
	for _, tech := range []Technique{XWing, Swordfish, FinnedXWing, Skyscraper, TwoStringKite, EmptyRectangle, UniqueRectangle1, UniqueRectangle4, BUGPlus1} {
		if fired[tech] == 0 {
			t.Errorf("%s never fired on the figures", tech)
		}
	}
}

// TestFishInSubGrid builds an x-wing on 5 in the top-right grid of an
// empty samurai (rows 2 and 6 of the 21x21 box keep 5 only in columns 15
// and 19) and checks that the finder finds it there, names the box's rows
// and columns, and clears 5 from the rest of those two columns of that
// grid only.
func TestFishInSubGrid(t *testing.T) {
	geo, err := Lookup(Samurai, 9)
	if err != nil {
		t.Fatal(err)
	}
	b := NewBoardOn(geo, make([]uint8, geo.Cells))
	at := func(r, c int) int {
		i, ok := geo.InPlay(r, c)
		if !ok {
			t.Fatalf("r%dc%d is out of play", r+1, c+1)
		}
		return i
	}
	for _, r := range []int{1, 5} {
		for c := 12; c < 21; c++ {
			if c != 14 && c != 18 {
				b.Cands[at(r, c)] &^= Bit(5)
			}
		}
	}
	var want []Elimination
	for r := range 9 {
		for _, c := range []int{14, 18} {
			if r != 1 && r != 5 {
				want = append(want, Elimination{Cell: at(r, c), Digit: 5})
			}
		}
	}
	slices.SortFunc(want, func(x, y Elimination) int { return x.Cell - y.Cell })
	var s Step
	s.explain = true
	startStep(&s, XWing)
	if !finders[XWing](&b, &s) {
		t.Fatal("no x-wing found")
	}
	writeNote(&b, &s)
	got := slices.Clone(s.Eliminations)
	slices.SortFunc(got, func(x, y Elimination) int { return x.Cell - y.Cell })
	if !slices.Equal(got, want) {
		t.Errorf("eliminations %v, want %v", got, want)
	}
	if note := "x-wing on 5 in rows 2 and 6 (columns 15 and 19)"; !strings.HasPrefix(s.Note, note) {
		t.Errorf("note %q, want it to start %q", s.Note, note)
	}
}
