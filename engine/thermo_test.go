package engine

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
)

// digitSet is the domain of the digits ds.
func digitSet(ds ...int) uint16 {
	var m uint16
	for _, d := range ds {
		m |= 1 << d
	}
	return m
}

// digitRange is the domain lo..hi.
func digitRange(lo, hi int) uint16 {
	var m uint16
	for d := lo; d <= hi; d++ {
		m |= 1 << d
	}
	return m
}

func TestThermoBounds(t *testing.T) {
	all := digitRange(1, 9)
	tests := []struct {
		name string
		in   []uint16
		want []uint16
		ok   bool
	}{
		{"open 4 cells", []uint16{all, all, all, all},
			[]uint16{digitRange(1, 6), digitRange(2, 7), digitRange(3, 8), digitRange(4, 9)}, true},
		{"a 5 third", []uint16{all, all, digitSet(5), all},
			[]uint16{digitRange(1, 3), digitRange(2, 4), digitSet(5), digitRange(6, 9)}, true},
		{"neighbours' candidates", []uint16{digitSet(3, 7), digitSet(2, 4), digitSet(2, 5, 9)},
			[]uint16{digitSet(3), digitSet(4), digitSet(5, 9)}, true},
		{"supported at both ends", []uint16{digitSet(3, 7), all, digitSet(2, 5, 9)},
			[]uint16{digitSet(3, 7), digitRange(4, 8), digitSet(5, 9)}, true},
		{"no rising filling", []uint16{digitSet(8), digitSet(3)}, nil, false},
		{"nine cells", slices.Repeat([]uint16{all}, 9),
			[]uint16{digitSet(1), digitSet(2), digitSet(3), digitSet(4), digitSet(5), digitSet(6), digitSet(7), digitSet(8), digitSet(9)}, true},
	}
	for _, tc := range tests {
		dom := slices.Clone(tc.in)
		ok := thermoBounds(dom, 9)
		if ok != tc.ok || ok && !slices.Equal(dom, tc.want) {
			t.Errorf("%s: thermoBounds = %v %b, want %v %b", tc.name, ok, dom, tc.ok, tc.want)
		}
	}
}

func TestArrowBounds(t *testing.T) {
	all := digitRange(1, 9)
	pre := make([]sumMask, 10)
	tests := []struct {
		name string
		in   []uint16 // circle, shaft
		want []uint16
		ok   bool
	}{
		{"open, two cells", []uint16{all, all, all}, []uint16{digitRange(2, 9), digitRange(1, 8), digitRange(1, 8)}, true},
		{"open, three cells", []uint16{all, all, all, all}, []uint16{digitRange(3, 9), digitRange(1, 7), digitRange(1, 7), digitRange(1, 7)}, true},
		{"circle 5", []uint16{digitSet(5), all, all}, []uint16{digitSet(5), digitRange(1, 4), digitRange(1, 4)}, true},
		{"circle 5, a 3 placed", []uint16{digitSet(5), digitSet(3), all}, []uint16{digitSet(5), digitSet(3), digitSet(2)}, true},
		{"shaft placed", []uint16{all, digitSet(2), digitSet(4)}, []uint16{digitSet(6), digitSet(2), digitSet(4)}, true},
		// Totals 3, 5 or 7 (1 or 3, with 2 or 4): the circle's 6 and 8 go;
		// 4 in the shaft needs 1 and a circle of 5, 3 needs 2 or 4.
		{"candidates", []uint16{digitSet(5, 6, 7, 8), digitSet(1, 3), digitSet(2, 4)},
			[]uint16{digitSet(5, 7), digitSet(1, 3), digitSet(2, 4)}, true},
		{"too much", []uint16{digitSet(4), digitSet(3), digitSet(2)}, nil, false},
	}
	for _, tc := range tests {
		dom := slices.Clone(tc.in)
		ok := arrowBounds(dom, 9, pre)
		if ok != tc.ok || ok && !slices.Equal(dom, tc.want) {
			t.Errorf("%s: arrowBounds = %v %b, want %v %b", tc.name, ok, dom, tc.ok, tc.want)
		}
	}
}

func TestPaths(t *testing.T) {
	paths := [][]int{{0, 1, 11}, {80, 70}}
	text := formatPaths(9, paths)
	if text != "r1c1r1c2r2c3,r9c9r8c8" {
		t.Fatalf("formatPaths = %q", text)
	}
	back, err := parsePaths(9, "R1C1r1c2r2c3, r9c9r8c8")
	if err != nil || !slices.EqualFunc(back, paths, slices.Equal) {
		t.Fatalf("parsePaths = %v, %v; want %v", back, err, paths)
	}
	for _, bad := range []string{"r1c1r1", "r0c1r1c2", "r1c1r1c10", "x1c1", "r1c1,,r2c2", "r1c1c2"} {
		if _, err := parsePaths(9, bad); !errors.Is(err, ErrSyntax) {
			t.Errorf("parsePaths(%q) = %v, want a syntax error", bad, err)
		}
	}
	for _, bad := range [][]int{{0, 2}, {0, 1, 0}, {8, 9}, {0, 81}} {
		if checkPath(9, bad) == nil {
			t.Errorf("checkPath(%v) passed", bad)
		}
	}
	if err := checkPath(9, []int{0, 10, 20, 11}); err != nil {
		t.Errorf("checkPath of a diagonal path: %v", err)
	}
}

func TestWithThermos(t *testing.T) {
	g, err := Classic9.WithThermos([][]int{{0, 1, 2}, {40, 30, 20, 10}})
	if err != nil {
		t.Fatal(err)
	}
	if !g.Sees(40, 10) || !g.Sees(0, 2) || g.Sees(40, 0) {
		t.Error("a thermometer's cells are not each other's peers, or others are")
	}
	if Classic9.Sees(40, 10) {
		t.Error("WithThermos changed Classic9")
	}
	if g.classic || g.Uniqueness() {
		t.Error("a thermo geometry takes the classic path or the uniqueness rungs")
	}
	back, err := thermoFromMarks(Classic9, g.layers[0].Marks())
	if err != nil || back.layers[0].Line() != g.layers[0].Line() {
		t.Errorf("marks read back as %v, %v", back, err)
	}
	if got := g.layers[0].Line(); got != "thermo:r1c1r1c2r1c3,r5c5r4c4r3c3r2c2" {
		t.Errorf("Line = %q", got)
	}
	again, err := parseThermoPart(Classic9, g.layers[0].Line())
	if err != nil || again.layers[0].Line() != g.layers[0].Line() {
		t.Errorf("line part read back as %v, %v", again, err)
	}
	for _, bad := range [][][]int{{{0}}, {{0, 2}}, {{0, 1, 2, 3, 4, 5, 6, 7, 8, 17}}} {
		if _, err := Classic9.WithThermos(bad); !errors.Is(err, ErrGeometry) {
			t.Errorf("WithThermos(%v) = %v, want ErrGeometry", bad, err)
		}
	}
	if _, err := g.WithThermos([][]int{{3, 4}}); !errors.Is(err, ErrGeometry) {
		t.Errorf("a second constraint: %v", err)
	}
	if _, err := parseThermoPart(Classic9, "arrow:r1c1r1c2"); !errors.Is(err, ErrSyntax) {
		t.Errorf("an arrow part read as thermo: %v", err)
	}
}

func TestWithArrows(t *testing.T) {
	g, err := Classic9.WithArrows([][]int{{0, 1, 2}, {20, 30}})
	if err != nil {
		t.Fatal(err)
	}
	if !g.Sees(0, 1) || !g.Sees(0, 2) || g.Sees(20, 30) {
		t.Error("an arrow's circle and long shaft are not peers, or a one-cell shaft is")
	}
	if got := g.layers[0].Line(); got != "arrow:r1c1r1c2r1c3,r3c3r4c4" {
		t.Errorf("Line = %q", got)
	}
	again, err := parseArrowPart(Classic9, g.layers[0].Line())
	if err != nil || again.layers[0].Line() != g.layers[0].Line() {
		t.Errorf("line part read back as %v, %v", again, err)
	}
	if _, err := Classic9.WithArrows([][]int{{0, 1}}); !errors.Is(err, ErrGeometry) {
		t.Errorf("a one-cell shaft its circle sees: %v", err)
	}
	cells := make([]uint8, 81)
	cells[0], cells[1], cells[2], cells[20], cells[30] = 7, 3, 4, 6, 6
	if !g.layers[0].Holds(cells) {
		t.Error("Holds refused shafts that add up")
	}
	cells[2] = 5
	if g.layers[0].Holds(cells) {
		t.Error("Holds took 3+5 for 7")
	}
}

// plainCount counts the solutions of p on geo with the generic solver,
// which checks a constraint only on full grids: the reference the
// layered solver's propagation must agree with. ok is false when the
// search passed its budget of nodes.
func plainCount(geo *Geometry, p []uint8, limit int) (n int, ok bool) {
	s := newGenericSolver(geo)
	s.budget = 200000
	n = s.run(p, limit)
	return n, s.nodes < s.budget
}

// TestLineSolverAgrees holds the layered solver, with the thermometers'
// and arrows' propagation, to the plain search on random puzzles of both
// kinds: the same count of solutions, up to 3, on givens cut to few.
func TestLineSolverAgrees(t *testing.T) {
	if testing.Short() {
		t.Skip("checks the layered solver on hundreds of random puzzles: the full tier (go test without -short) runs it")
	}
	rng := rand.New(rand.NewPCG(5, 23))
	lays := map[string]lineMaker{"thermo": layThermos, "arrow": layArrows}
	for name, lay := range lays {
		for _, n := range []int{6, 9} {
			base, _ := Lookup(Classic, n)
			checked := 0
			for range 40 {
				sol, _ := newGenericSolver(base).FillRandom(make([]uint8, base.Cells), rng, 0)
				geo, err := lay(rng, base, sol, Level(rng.IntN(3)))
				if err != nil {
					t.Fatal(err)
				}
				if !geo.keeps(sol) {
					t.Fatalf("%s: the marks do not hold on the grid they were laid on", name)
				}
				p := slices.Clone(sol)
				keep := n + rng.IntN(n*n/3)
				for _, c := range rng.Perm(base.Cells)[keep:] {
					p[c] = 0
				}
				want, ok := plainCount(geo, p, 3)
				if !ok {
					continue
				}
				checked++
				if got := geo.count(p, 3, nil); got != want {
					t.Fatalf("%s %dx%d %s: layered solver counts %d, plain search %d", name, n, n, FormatLine(geo, p), got, want)
				}
			}
			if checked < 10 {
				t.Errorf("%s %dx%d: only %d of 40 puzzles within the plain search's budget", name, n, n, checked)
			}
		}
	}
}

func TestGrowThermos(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		sol, _ := newClassicSolver().FillRandom(Grid{}, rng)
		lines := growThermos(rng, 9, sol[:], 10)
		if len(lines) < 6 {
			t.Errorf("only %d thermometers grown", len(lines))
		}
		used := map[int]bool{}
		for _, l := range lines {
			if len(l) < 3 || checkPath(9, l) != nil {
				t.Fatalf("thermometer %v", l)
			}
			for k, c := range l {
				if used[c] {
					t.Fatalf("cell %d on two thermometers", c)
				}
				used[c] = true
				if k > 0 && sol[c] <= sol[l[k-1]] {
					t.Fatalf("thermometer %v does not rise on the solution", l)
				}
			}
		}
	}
}

func TestGrowArrows(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 20 {
		sol, _ := newClassicSolver().FillRandom(Grid{}, rng)
		arrows := growArrows(rng, 9, sol[:], 10)
		if len(arrows) < 6 {
			t.Errorf("only %d arrows laid", len(arrows))
		}
		for _, l := range arrows {
			if len(l) < 3 || checkPath(9, l) != nil {
				t.Fatalf("arrow %v", l)
			}
			sum := 0
			for _, c := range l[1:] {
				sum += int(sol[c])
			}
			if sum != int(sol[l[0]]) {
				t.Fatalf("arrow %v does not add up on the solution", l)
			}
		}
	}
}
