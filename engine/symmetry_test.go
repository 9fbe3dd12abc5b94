package engine

import (
	"strings"
	"testing"
)

func TestParseSymmetry(t *testing.T) {
	for _, s := range Symmetries() {
		t.Run(s.String(), func(t *testing.T) {
			for _, in := range []string{s.String(), strings.ToUpper(s.String()), "  " + s.String() + "\t"} {
				got, err := ParseSymmetry(in)
				if err != nil || got != s {
					t.Fatalf("ParseSymmetry(%q): got %v, %v, want %v", in, got, err, s)
				}
			}
			text, err := s.MarshalText()
			if err != nil {
				t.Fatalf("MarshalText: %v", err)
			}
			var back Symmetry
			if err := back.UnmarshalText(text); err != nil || back != s {
				t.Fatalf("UnmarshalText(%q): got %v, %v, want %v", text, back, err, s)
			}
		})
	}
	for _, bad := range []string{"", "rot", "rotational180", "diagonal2"} {
		if _, err := ParseSymmetry(bad); err == nil || !strings.Contains(err.Error(), "want one of") {
			t.Errorf("ParseSymmetry(%q): got %v, want an error listing the names", bad, err)
		}
	}
	var s Symmetry
	if err := s.UnmarshalText([]byte("sideways")); err == nil {
		t.Error("UnmarshalText(\"sideways\"): got no error, want one")
	}
	if got := Symmetry(42).String(); got != "Symmetry(42)" {
		t.Errorf("Symmetry(42).String(): got %q, want %q", got, "Symmetry(42)")
	}
	if got := len(Symmetries()); got != int(NumSymmetries) {
		t.Errorf("Symmetries(): got %d, want %d", got, NumSymmetries)
	}
}

// mapping gives, for each symmetry, every transformation the pattern of givens
// must be invariant under; an orbit is closed under all of them.
func mapping(s Symmetry) []func(r, c int) (int, int) {
	switch s {
	case SymRotational:
		return []func(r, c int) (int, int){func(r, c int) (int, int) { return 8 - r, 8 - c }}
	case SymRotational90:
		return []func(r, c int) (int, int){
			func(r, c int) (int, int) { return c, 8 - r },
			func(r, c int) (int, int) { return 8 - r, 8 - c },
			func(r, c int) (int, int) { return 8 - c, r },
		}
	case SymMirror:
		return []func(r, c int) (int, int){func(r, c int) (int, int) { return r, 8 - c }}
	case SymMirrorVertical:
		return []func(r, c int) (int, int){func(r, c int) (int, int) { return 8 - r, c }}
	case SymDiagonal:
		return []func(r, c int) (int, int){func(r, c int) (int, int) { return c, r }}
	case SymAntiDiagonal:
		return []func(r, c int) (int, int){func(r, c int) (int, int) { return 8 - c, 8 - r }}
	}
	return nil
}

func TestOrbits(t *testing.T) {
	for _, tc := range []struct {
		sym   Symmetry
		sizes map[int]int // orbit size -> how many orbits
	}{
		{SymNone, map[int]int{1: 81}},
		{SymRotational, map[int]int{1: 1, 2: 40}},
		{SymRotational90, map[int]int{1: 1, 4: 20}},
		{SymMirror, map[int]int{1: 9, 2: 36}},
		{SymMirrorVertical, map[int]int{1: 9, 2: 36}},
		{SymDiagonal, map[int]int{1: 9, 2: 36}},
		{SymAntiDiagonal, map[int]int{1: 9, 2: 36}},
	} {
		t.Run(tc.sym.String(), func(t *testing.T) {
			orbits := tc.sym.Orbits()
			var orbitOf [81]int
			covered := 0
			sizes := map[int]int{}
			last := -1
			for k, o := range orbits {
				sizes[len(o)]++
				if o[0] <= last {
					t.Fatalf("orbit %d %v: starts at %d, not after the previous orbit's %d", k, o, o[0], last)
				}
				last = o[0]
				for j, c := range o {
					if j > 0 && c <= o[j-1] {
						t.Fatalf("orbit %v is not sorted", o)
					}
					if orbitOf[c] != 0 {
						t.Fatalf("cell %s is in two orbits", CellName(c))
					}
					orbitOf[c] = k + 1
					covered++
				}
			}
			if covered != 81 {
				t.Fatalf("orbits cover %d cells, want 81", covered)
			}
			if len(sizes) != len(tc.sizes) {
				t.Fatalf("orbit sizes: got %v, want %v", sizes, tc.sizes)
			}
			for n, k := range tc.sizes {
				if sizes[n] != k {
					t.Fatalf("orbit sizes: got %v, want %v", sizes, tc.sizes)
				}
			}
			for c := range 81 {
				for _, f := range mapping(tc.sym) {
					r2, c2 := f(Row(c), Col(c))
					if img := r2*9 + c2; orbitOf[img] != orbitOf[c] {
						t.Fatalf("cell %s and its image %s lie in different orbits", CellName(c), CellName(img))
					}
				}
			}
		})
	}
}

func TestHolds(t *testing.T) {
	// Clearing whole orbits always keeps the symmetry; a lone extra given in
	// a cell whose orbit is larger than one breaks it.
	for _, sym := range Symmetries() {
		t.Run(sym.String(), func(t *testing.T) {
			g := MustParseGrid(solvedGrid)
			if !sym.Holds(g) || !sym.Holds(Grid{}) {
				t.Fatalf("full or empty grid: got Holds false, want true")
			}
			for k, o := range sym.Orbits() {
				if k%3 == 0 {
					for _, c := range o {
						g[c] = 0
					}
				}
			}
			if !sym.Holds(g) {
				t.Fatalf("grid %s with whole orbits cleared: got Holds false, want true", g)
			}
			for _, o := range sym.Orbits() {
				if len(o) == 1 {
					continue
				}
				broken := g
				if broken[o[0]] == 0 {
					broken[o[0]] = 5
				} else {
					broken[o[0]] = 0
				}
				if sym.Holds(broken) {
					t.Fatalf("grid %s with only %s of orbit %v changed: got Holds true, want false", broken, CellName(o[0]), o)
				}
				break
			}
		})
	}
	// A concrete case: a clue at r1c2 and r9c8 is rotational but not a
	// left-right mirror image.
	var g Grid
	g[1], g[79] = 3, 7
	if !SymRotational.Holds(g) || SymMirror.Holds(g) || SymDiagonal.Holds(g) {
		t.Fatalf("givens at r1c2 and r9c8: got rotational %v mirror %v diagonal %v, want true false false",
			SymRotational.Holds(g), SymMirror.Holds(g), SymDiagonal.Holds(g))
	}
}
