package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func TestFindSubset(t *testing.T) {
	b := func(ds ...uint8) uint32 {
		var m uint32
		for _, d := range ds {
			m |= Bit(d)
		}
		return m
	}
	for _, c := range []struct {
		masks      []uint32
		maxK       int
		set, union uint32
		ok         bool
	}{
		{[]uint32{b(1, 2), b(3, 4), b(1, 2), b(1, 2, 5)}, 2, 0b0101, b(1, 2), true},
		// A pair that meets no other cell is no news.
		{[]uint32{b(1, 2), b(1, 2), b(3, 4, 5), b(3, 4, 5, 6)}, 2, 0, 0, false},
		// A triple whose cells hold two digits each.
		{[]uint32{b(1, 2), b(2, 3), b(1, 3), b(1, 4), b(4, 5, 6)}, 3, 0b0111, b(1, 2, 3), true},
		{[]uint32{b(1, 2), b(2, 3), b(1, 3), b(1, 4), b(4, 5, 6)}, 2, 0, 0, false},
	} {
		set, union, ok := findSubset(c.masks, c.maxK)
		if set != c.set || union != c.union || ok != c.ok {
			t.Errorf("findSubset(%b, %d) = %b, %b, %v; want %b, %b, %v", c.masks, c.maxK, set, union, ok, c.set, c.union, c.ok)
		}
	}
}

// TestSubsetPassSound runs the subset pass and the propagation around it
// on sparse grids (many solutions, one of them known) of the kinds it is
// on for: no candidate of the known solution may go, no contradiction may
// be reported, and the pass must have removed something somewhere.
func TestSubsetPassSound(t *testing.T) {
	fired := 0
	for _, k := range []Kind{{Variant: Classic, Size: 12}, {Variant: Classic, Size: 16}, {Variant: X, Size: 16}, {Variant: Jigsaw, Size: 12}, {Variant: Twin, Size: 9}, {Variant: Samurai, Size: 9}} {
		rng := rand.New(rand.NewPCG(5, uint64(k.Side())+uint64(k.Variant)<<8))
		for range 12 {
			geo, sol := kindSolution(t, rng, k)
			if maxSubset(geo) == 0 {
				t.Fatalf("%s: the pass is off", k)
			}
			p := slices.Clone(sol)
			for _, i := range rng.Perm(geo.Cells)[:geo.Cells*(45+rng.IntN(25))/100] {
				p[i] = 0
			}
			s := newGenericSolver(geo)
			if !s.load(p) {
				t.Fatalf("%s: load refused a part of a solution", k)
			}
			check := func(when string) {
				t.Helper()
				for i := range geo.Cells {
					if v := s.st.cells[i]; v != 0 && v != sol[i] || v == 0 && s.st.cands[i]&Bit(sol[i]) == 0 {
						t.Fatalf("%s %s: %s lost the solution's %d at %s", k, geo.Format(p), when, sol[i], geo.CellName(i))
					}
				}
			}
			for round := 0; round < 20; round++ {
				if s.subsets(&s.st) {
					fired++
				}
				check("the subset pass")
				if !s.propagate(&s.st) {
					t.Fatalf("%s %s: propagation found a contradiction", k, geo.Format(p))
				}
				check("the propagation")
				if s.st.empty == 0 || s.st.subDirty == 0 {
					break
				}
			}
		}
	}
	if fired == 0 {
		t.Fatal("the subset pass never removed a candidate")
	}
}
