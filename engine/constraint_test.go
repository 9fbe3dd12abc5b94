package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestConstraintForms checks the cage constraint's forms on random
// killers: its line part and its marks read back to the same cages, a
// full grid keeps it exactly when every cage adds up, and a geometry
// with it leaves the uniqueness rungs out.
func TestConstraintForms(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 8))
	gen := NewGenerator()
	for _, k := range []struct {
		v Variant
		n int
	}{{Classic, 4}, {Classic, 6}, {Classic, 9}, {X, 9}} {
		base, _ := Lookup(k.v, k.n)
		if len(base.Constraints()) != 0 || !base.Uniqueness() {
			t.Fatalf("%s %d: a plain geometry carries %d constraints, Uniqueness %v", k.v, k.n, len(base.Constraints()), base.Uniqueness())
		}
		for range 20 {
			cageMap, sol := randomKiller(rng, gen, base, 3*k.n, 2+rng.IntN(4))
			geo, err := base.WithCages(CagesOf(cageMap, sol))
			if err != nil {
				t.Fatal(err)
			}
			cs := geo.Constraints()
			if len(cs) != 1 || cs[0].Name() != "cages" || geo.Uniqueness() {
				t.Fatalf("%s: constraints %v, Uniqueness %v, want the cages alone and false", FormatLine(geo, sol), cs, geo.Uniqueness())
			}
			c := cs[0]
			line := FormatLine(geo, make([]uint8, geo.Cells))
			back, _, err := ParseLine(k.v, 0, line)
			if err != nil {
				t.Fatalf("%s: %v", line, err)
			}
			if got := back.Constraints()[0].Line(); got != c.Line() {
				t.Fatalf("%s: the line reads back as %s", line, got)
			}
			marked, err := base.WithMarks(c.Name(), c.Marks())
			if err != nil {
				t.Fatalf("%s: marks %v: %v", line, c.Marks(), err)
			}
			if !slices.EqualFunc(marked.Cages, geo.Cages, func(a, b Cage) bool { return a.Sum == b.Sum && slices.Equal(a.Cells, b.Cells) }) {
				t.Fatalf("%s: the marks read back as %v, want %v", line, marked.Cages, geo.Cages)
			}
			if !c.Holds(sol) {
				t.Fatalf("%s: the solution %v breaks the cages", line, sol)
			}
			// Two cells of different cages swapped keep the houses'
			// digit counts but not both sums, unless the digits are equal.
			bad := slices.Clone(sol)
			a, b := rng.IntN(geo.Cells), rng.IntN(geo.Cells)
			bad[a], bad[b] = bad[b], bad[a]
			want := geo.CageOf(a) == geo.CageOf(b) || sol[a] == sol[b]
			if got := c.Holds(bad); got != want {
				t.Fatalf("%s: %v with r%dc%d and r%dc%d swapped: Holds %v, want %v", line, sol, a/k.n+1, a%k.n+1, b/k.n+1, b%k.n+1, got, want)
			}
		}
	}
	if _, err := Classic9.WithMarks("thermometers", nil); err == nil {
		t.Error("WithMarks of an unknown constraint: no error")
	}
}
