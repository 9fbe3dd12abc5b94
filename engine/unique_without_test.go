package engine

import (
	"math/rand/v2"
	"testing"
)

// TestUniqueWithout: the dig's uniqueness test, which looks for a solution
// differing from the known one in the cells just taken, says what
// counting to two says, on orbits of one, two and four cells taken from
// puzzles at every stage of a dig.
func TestUniqueWithout(t *testing.T) {
	gen := NewGenerator()
	x := gen.exactFor(Classic9).(classicExact)
	rng := rand.New(rand.NewPCG(3, 4))
	checked, differ := 0, 0
	for _, sym := range []Symmetry{SymNone, SymRotational, SymRotational90} {
		orbits := gen.orbitsOf(sym, Classic9)
		for range 20 {
			sol, _ := x.fill(rng)
			p := append([]uint8(nil), sol...)
			for _, k := range rng.Perm(len(orbits)) {
				o := orbits[k]
				if p[o[0]] == 0 {
					continue
				}
				var saved [4]uint8
				for j, c := range o {
					saved[j], p[c] = p[c], 0
				}
				want := x.count(p, nil) == 1
				if got := x.uniqueWithout(p, o, saved[:len(o)]); got != want {
					t.Fatalf("%s less %v: uniqueWithout %v, count says %v", Grid(p), o, got, want)
				}
				checked++
				if !want {
					differ++
					for j, c := range o {
						p[c] = saved[j]
					}
				}
			}
		}
	}
	if differ == 0 || differ == checked {
		t.Fatalf("%d orbits checked, %d of them not unique: want both kinds", checked, differ)
	}
}
