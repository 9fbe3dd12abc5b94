package engine

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// fullMarks are rule r's marks read off sol with every mark the pairs
// call for, 1 and 2 always a white dot, so that a moved solution's marks
// are its own.
func fullMarks(r *edgeRule, g *Geometry, sol []uint8) []uint8 {
	marks := solutionMarks(rand.New(rand.NewPCG(0, 0)), r, g, sol, true)
	for k, e := range GridEdges(g.N) {
		if r == &kropkiRule && sol[e.A]*sol[e.B] == 2 {
			marks[k] = 1
		}
	}
	return marks
}

// TestEdgeKeys: a puzzle turned or mirrored (and read d -> N+1-d where
// the rule allows), its marks made afresh from the moved solution, has
// the key of the first; a puzzle with one mark changed has another.
func TestEdgeKeys(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 9))
	gen := NewGenerator()
	for _, k := range []struct {
		name     string
		all      bool
		reverses bool
	}{{"kropki", true, false}, {"xv", true, false}, {"consecutive", true, true}, {"greater-than", false, true}} {
		r := ruleNamed(k.name)
		for _, n := range []int{6, 9} {
			base, _ := Lookup(Classic, n)
			grp := edgeGroup(base)
			if want := map[int]int{6: 4, 9: 8}[n]; len(grp.Moves) != want {
				t.Fatalf("%dx%d: %d moves keep the houses, want %d", n, n, len(grp.Moves), want)
			}
			for range 6 {
				sol, _ := gen.exactFor(base).fill(rng)
				geo, err := base.WithEdgeMarks(k.name, fullMarks(r, base, sol), k.all)
				if err != nil {
					t.Fatal(err)
				}
				if geo.edgeMarksOf().reverses() != k.reverses {
					t.Fatalf("%s: reverses %v, want %v", k.name, !k.reverses, k.reverses)
				}
				p := make([]uint8, base.Cells)
				for _, i := range rng.Perm(base.Cells)[:n] {
					p[i] = sol[i]
				}
				key := KeyOf(geo, p)
				m := grp.Moves[rng.IntN(len(grp.Moves))]
				sol2, p2 := grp.Apply(m, sol), grp.Apply(m, p)
				if k.reverses && rng.IntN(2) == 0 {
					for i := range sol2 {
						sol2[i] = uint8(n+1) - sol2[i]
						if p2[i] != 0 {
							p2[i] = uint8(n+1) - p2[i]
						}
					}
				}
				geo2, err := base.WithEdgeMarks(k.name, fullMarks(r, base, sol2), k.all)
				if err != nil {
					t.Fatal(err)
				}
				if !geo2.keeps(sol2) {
					t.Fatalf("%s: the moved solution breaks its marks", k.name)
				}
				if got := KeyOf(geo2, p2); !bytes.Equal(got, key) {
					t.Fatalf("%s %dx%d: moved puzzle %s has another key than %s", k.name, n, n, FormatLine(geo2, p2), FormatLine(geo, p))
				}
				marks := fullMarks(r, base, sol)
				e := rng.IntN(len(marks))
				marks[e] = uint8((int(marks[e]) + 1) % (r.marks() + 1))
				geo3, _ := base.WithEdgeMarks(k.name, marks, k.all)
				if bytes.Equal(KeyOf(geo3, p), key) {
					t.Fatalf("%s: a changed mark keeps the key", k.name)
				}
			}
		}
	}
}

// TestEdgeReversal holds reverses to the rules: where it says d -> N+1-d
// keeps a rule, the reversed solution of every sample keeps the marks
// (signs turned round); where it says not, some sample breaks them.
func TestEdgeReversal(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	gen := NewGenerator()
	for _, k := range edgeKinds {
		r := ruleNamed(k.name)
		broke, kept := 0, 0
		for range 30 {
			sol, _ := gen.exactFor(Classic9).fill(rng)
			marks := solutionMarks(rng, r, Classic9, sol, k.all)
			geo, _ := Classic9.WithEdgeMarks(k.name, marks, k.all)
			rev := make([]uint8, 81)
			for i, v := range sol {
				rev[i] = 10 - v
			}
			flipped := append([]uint8(nil), marks...)
			for i, m := range flipped {
				if r.ordered && m != 0 {
					flipped[i] = 3 - m
				}
			}
			g2, _ := Classic9.WithEdgeMarks(k.name, flipped, k.all)
			if g2.keeps(rev) {
				kept++
			} else {
				broke++
			}
			if geo.edgeMarksOf().reverses() && !g2.keeps(rev) {
				t.Fatalf("%s (all %v): reverses, but the reversed solution breaks the marks", k.name, k.all)
			}
		}
		if !ruleNamed(k.name).ordered && k.name != "consecutive" && broke == 0 {
			t.Errorf("%s (all %v): no sample breaks under d -> 10-d", k.name, k.all)
		}
	}
	// A kropki of white dots alone, not every dot given, reverses.
	marks := make([]uint8, len(GridEdges(9)))
	marks[0] = 1
	g, _ := Classic9.WithEdgeMarks("kropki", marks, false)
	if !g.edgeMarksOf().reverses() {
		t.Error("a kropki of one white dot does not reverse")
	}
}
