package engine

import (
	"errors"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// edgeKinds are the edge-mark rules with the negative constraint they are
// made with.
var edgeKinds = []struct {
	name string
	all  bool
}{{"kropki", true}, {"kropki", false}, {"xv", true}, {"consecutive", true}, {"greater-than", false}}

func TestEdgeRules(t *testing.T) {
	cases := []struct {
		name string
		m    uint8
		a, b int
		want bool
	}{
		{"kropki", 1, 3, 4, true}, {"kropki", 1, 4, 3, true}, {"kropki", 1, 3, 5, false},
		{"kropki", 2, 3, 6, true}, {"kropki", 2, 6, 3, true}, {"kropki", 2, 3, 4, false},
		{"kropki", 1, 1, 2, true}, {"kropki", 2, 1, 2, true}, {"kropki", 0, 1, 2, false},
		{"kropki", 0, 3, 7, true}, {"kropki", 0, 4, 8, false},
		{"xv", 1, 3, 7, true}, {"xv", 1, 3, 6, false}, {"xv", 2, 1, 4, true}, {"xv", 2, 2, 4, false},
		{"xv", 0, 4, 6, false}, {"xv", 0, 2, 3, false}, {"xv", 0, 4, 7, true},
		{"consecutive", 1, 8, 9, true}, {"consecutive", 1, 7, 9, false}, {"consecutive", 0, 5, 6, false}, {"consecutive", 0, 5, 7, true},
		{"greater-than", 1, 2, 5, true}, {"greater-than", 1, 5, 2, false}, {"greater-than", 2, 5, 2, true}, {"greater-than", 2, 2, 5, false},
	}
	for _, c := range cases {
		if got := ruleNamed(c.name).ok(c.m, c.a, c.b); got != c.want {
			t.Errorf("%s mark %d on %d,%d: %v, want %v", c.name, c.m, c.a, c.b, got, c.want)
		}
	}
}

func TestEdgeIndex(t *testing.T) {
	for _, n := range []int{4, 6, 9} {
		for k, e := range GridEdges(n) {
			if got := edgeIndex(n, e.A, e.B); got != k {
				t.Fatalf("%dx%d edge %v: index %d, want %d", n, n, e, got, k)
			}
			if got := edgeIndex(n, e.B, e.A); got != k {
				t.Fatalf("%dx%d edge %v reversed: index %d, want %d", n, n, e, got, k)
			}
		}
		if edgeIndex(n, n-1, n) != -1 || edgeIndex(n, 0, 2) != -1 || edgeIndex(n, 0, n+1) != -1 {
			t.Errorf("%dx%d: cells that are no neighbours have an edge", n, n)
		}
		if len(GridEdges(n)) != 2*n*(n-1) {
			t.Errorf("%dx%d: %d edges", n, n, len(GridEdges(n)))
		}
	}
}

// edgePuzzle makes an edge-marked puzzle of side n from a random
// solution, with givens at random.
func edgePuzzle(t *testing.T, rng *rand.Rand, gen *Generator, name string, all bool, v Variant, n, givens int) (*Geometry, []uint8, []uint8) {
	t.Helper()
	base, err := Lookup(v, n)
	if err != nil {
		t.Fatal(err)
	}
	sol, ok := gen.exactFor(base).fill(rng)
	if !ok {
		t.Fatal("no fill")
	}
	geo, err := base.WithEdgeMarks(name, solutionMarks(rng, ruleNamed(name), base, sol, all), all)
	if err != nil {
		t.Fatal(err)
	}
	p := make([]uint8, base.Cells)
	for _, i := range rng.Perm(base.Cells)[:givens] {
		p[i] = sol[i]
	}
	return geo, p, sol
}

func TestEdgeLineRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	gen := NewGenerator()
	for _, k := range edgeKinds {
		for _, v := range []Variant{Classic, X} {
			for _, n := range []int{4, 6, 9} {
				geo, p, sol := edgePuzzle(t, rng, gen, k.name, k.all, v, n, n)
				if !geo.keeps(sol) {
					t.Fatalf("%s: the solution breaks its own marks", k.name)
				}
				line := FormatLine(geo, p)
				if !strings.Contains(line, "/"+k.name+":") {
					t.Fatalf("line %q names no %s marks", line, k.name)
				}
				back, cells, err := ParseLine(v, 0, line)
				if err != nil {
					t.Fatalf("%s: %v", line, err)
				}
				if FormatLine(back, cells) != line || back.Variant != v || back.N != n {
					t.Fatalf("round trip %q -> %q", line, FormatLine(back, cells))
				}
				again, err := geo.base(t).WithMarks(geo.edgeMarksOf().Name(), geo.edgeMarksOf().Marks())
				if err != nil {
					t.Fatal(err)
				}
				if FormatLine(again, p) != line {
					t.Fatalf("marks round trip %q -> %q", line, FormatLine(again, p))
				}
			}
		}
	}
}

// base is g's houses without its marks.
func (g *Geometry) base(t *testing.T) *Geometry {
	b, err := Lookup(g.Variant, g.N)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestEdgeLineErrors(t *testing.T) {
	empty := strings.Repeat(".", 16)
	right, down := strings.Repeat(".", 12), strings.Repeat(".", 12)
	for _, c := range []struct{ line, want string }{
		{empty + "/kropki:all:" + right + ":" + down[1:], "want 12 down edges"},
		{empty + "/kropki:most:" + right + ":" + down, "want all"},
		{empty + "/kropki:all:" + right, "want NAME:all|some:RIGHT:DOWN"},
		{empty + "/xv:all:" + "q" + right[1:] + ":" + down, `unexpected 'q'`},
		{empty + "/greater-than:some:" + right + ":<" + down[1:], `unexpected '<' on a down edge`},
		{empty + "/greater-than:all:" + right + ":" + down, "say nothing of the edges without one"},
		{strings.Repeat(".", 256) + "/xv:all:" + right + ":" + down, "4x4 to 9x9"},
	} {
		_, _, err := ParseLine(Classic, 0, c.line)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want one saying %q", c.line, err, c.want)
		}
	}
	if _, _, err := ParseLine(Jigsaw, 0, empty+"/kropki:all:"+right+":"+down); err == nil {
		t.Error("kropki on a jigsaw: no error")
	}
	g4, _ := Lookup(Classic, 4)
	for _, marks := range [][][]int{{{0, 2, 1}}, {{0, 1}}, {{0, 1, 1}, {0, 1, 2}}, {{1, 0, 1}}, {{0, 5, 1}}, {{0, 1, 3}}} {
		if _, err := g4.WithMarks("kropki", marks); !errors.Is(err, ErrGeometry) {
			t.Errorf("marks %v: error %v, want ErrGeometry", marks, err)
		}
	}
	for _, name := range []string{"greater-than-some", "kropki-all", "dots"} {
		if _, err := g4.WithMarks(name, nil); err == nil {
			t.Errorf("marks named %q: no error", name)
		}
	}
	if g, err := g4.WithMarks("kropki-some", [][]int{{0, 1, 2}}); err != nil || g.edgeMarksOf().All() || g.edgeMarksOf().Name() != "kropki-some" {
		t.Errorf("kropki-some: %v", err)
	}
}

// allGrids lists every solution of cells on base by brute force.
func allGrids(base *Geometry, cells []uint8) [][]uint8 {
	var out [][]uint8
	cur := slices.Clone(cells)
	var rec func(i int)
	rec = func(i int) {
		if i == base.Cells {
			out = append(out, slices.Clone(cur))
			return
		}
		if cells[i] != 0 {
			rec(i + 1)
			return
		}
		for d := uint8(1); int(d) <= base.N; d++ {
			ok := true
			for _, p := range base.Peers[i] {
				if cur[p] == d {
					ok = false
					break
				}
			}
			if ok {
				cur[i] = d
				rec(i + 1)
				cur[i] = 0
			}
		}
	}
	rec(0)
	return out
}

// TestEdgeSolverAgainstNaive counts the solutions of random 4x4 and 6x6
// edge-marked puzzles, marks from a grid and some of them changed, with
// the layered solver and by brute force over the houses' grids.
func TestEdgeSolverAgainstNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	gen := NewGenerator()
	counts := map[int]int{}
	for _, k := range edgeKinds {
		for _, n := range []int{4, 6} {
			base, _ := Lookup(Classic, n)
			for range 12 {
				geo, p, _ := edgePuzzle(t, rng, gen, k.name, k.all, Classic, n, rng.IntN(n+1)+n*(n-4))
				marks := slices.Clone(geo.edgeMarksOf().marks)
				for range 2 {
					marks[rng.IntN(len(marks))] = uint8(rng.IntN(ruleNamed(k.name).marks() + 1))
				}
				geo, err := base.WithEdgeMarks(k.name, marks, k.all)
				if err != nil {
					t.Fatal(err)
				}
				want := 0
				for _, grid := range allGrids(base, p) {
					if geo.keeps(grid) {
						want++
					}
				}
				if got := geo.count(p, 1000, nil); got != want {
					t.Fatalf("%s %dx%d %s: solver counts %d, brute force %d", k.name, n, n, FormatLine(geo, p), got, want)
				}
				counts[min(want, 2)]++
			}
		}
	}
	if counts[0] == 0 || counts[1] == 0 || counts[2] == 0 {
		t.Errorf("cases by solution count %v: want some with none, one and several", counts)
	}
}

func TestChainBounds(t *testing.T) {
	lo := [maxLayerDigits]int{1, 1, 3, 0}
	hi := [maxLayerDigits]int{9, 9, 9, 9}
	if least, most := chainBounds(9, &lo, &hi, 0b0111, 0); least != 4 || most != 9 {
		t.Errorf("below bounds 1, 1, 3: %d-%d, want 4-9", least, most)
	}
	hi = [maxLayerDigits]int{7, 9, 9, 9}
	if least, most := chainBounds(9, &lo, &hi, 0, 0b0011); least != 1 || most != 6 {
		t.Errorf("above bounds 7, 9: %d-%d, want 1-6 (below the one at most 7)", least, most)
	}
	hi = [maxLayerDigits]int{7, 7, 9, 9}
	if _, most := chainBounds(9, &lo, &hi, 0, 0b0011); most != 5 {
		t.Errorf("above bounds 7, 7: most %d, want 5", most)
	}
}

func TestEdgeGenerate(t *testing.T) {
	gen := NewGenerator()
	rng := rand.New(rand.NewPCG(3, 3))
	for _, k := range edgeKinds {
		// A 6x6 greater-than is a children's puzzle: its signs leave
		// nothing past easy.
		six := Quota{Kind: Kind{Size: 6}, Level: Medium}
		if k.name == "greater-than" {
			six.Level = Easy
		}
		for _, q := range []Quota{{Level: Easy}, {Level: Medium}, {Level: Hard}, six} {
			hits := 0
			for tries := 0; hits < 2 && tries < 80; tries++ {
				p, ok := gen.EdgeMarked(rng, q, k.name, k.all)
				if !ok {
					continue
				}
				hits++
				e := p.Geo.edgeMarksOf()
				if e == nil || e.rule.name != k.name || e.All() != k.all || p.Geo.N != q.Kind.Side() {
					t.Fatalf("%s: made %v", k.name, p.Geo.Constraints())
				}
				if !p.Geo.keeps(p.Answer) || p.Geo.base(t).Validate(p.Answer) != nil || slices.Contains(p.Answer, 0) {
					t.Fatalf("%s: the answer breaks the rules", k.name)
				}
				sol := make([]uint8, p.Geo.Cells)
				if p.Geo.count(p.Givens, 2, sol) != 1 || !slices.Equal(sol, p.Answer) {
					t.Fatalf("%s %s: not unique", k.name, FormatLine(p.Geo, p.Givens))
				}
				gr, err := Grade(p.Geo, p.Givens, GradeOptions{})
				if err != nil || gr.Level != q.Level {
					t.Fatalf("%s: regraded %v (%v), want %s", k.name, gr.Level, err, q.Level)
				}
				// A classic 9x9 needs 17 givens at the least; the marks
				// carry the rest.
				if n := CountClues(p.Givens); q.Kind.Side() == 9 && n >= 17 {
					t.Errorf("%s %s: %d givens", k.name, q.Level, n)
				}
				checkEdgeNotes(t, p)
			}
			if hits < 2 {
				t.Errorf("%s %s %dx%d: %d hits in 80 attempts", k.name, q.Level, q.Kind.Side(), q.Kind.Side(), hits)
			}
		}
	}
}

// checkEdgeNotes grades p with notes and checks the edge steps' words.
func checkEdgeNotes(t *testing.T, p Puzzle) {
	t.Helper()
	gr, err := NewGrader().Grade(p.Geo, p.Givens, GradeOptions{Steps: true})
	if err != nil {
		t.Fatal(err)
	}
	mark := `(a white dot|a black dot|an X|a V|a bar) between r\dc\d and r\dc\d says [a-z0-9 ]+|r\dc\d and r\dc\d have no mark between them and every mark is given, so they [a-z0-9 ]+|the sign between r\dc\d and r\dc\d points to r\dc\d, so r\dc\d is less than r\dc\d`
	leaves := `(\d, )*(\d and )?\d leaves? r\dc\d`
	want := map[Technique]*regexp.Regexp{
		KropkiDot:       regexp.MustCompile(`^kropki dot: (` + mark + `), so `),
		XVPair:          regexp.MustCompile(`^xv pair: (` + mark + `), so `),
		ConsecutivePair: regexp.MustCompile(`^consecutive pair: (` + mark + `), so `),
		InequalitySign:  regexp.MustCompile(`^inequality sign: (` + mark + `), so `),
		NoMark:          regexp.MustCompile(`^no mark: (` + mark + `), so `),
		InequalityChain: regexp.MustCompile(`^inequality chain: in box \d, the signs put .* (below|above) r\dc\d.*, all different digits, so r\dc\d is at (least|most) \d.*: ` + leaves),
		PairSet:         regexp.MustCompile(`^pair set: (` + mark + `), which leaves them \{\d,\d\}.*: each holds \d.*, so \d leaves r\dc\d`),
		MarkChain:       regexp.MustCompile(`^mark chain: (` + mark + `); (` + mark + `); so r\dc\d, r\dc\d and r\dc\d take only \d-\d-\d(, \d-\d-\d)*: ` + leaves),
	}
	for _, st := range gr.Steps {
		if re := want[st.Technique]; re != nil && !re.MatchString(st.Note) {
			t.Errorf("%s note %q does not match %s", st.Technique, st.Note, re)
		}
	}
}

// TestEdgeRungsSound runs every finder at every position of the solve of
// generated edge-marked puzzles and checks each move against the
// solution; every edge rung must fire somewhere.
func TestEdgeRungsSound(t *testing.T) {
	gen := NewGenerator()
	rng := rand.New(rand.NewPCG(5, 5))
	var fired [NumTechniques]int
	for _, k := range edgeKinds {
		hits := 0
		for tries := 0; hits < 3 && tries < 60; tries++ {
			p, ok := gen.EdgeMarked(rng, Quota{Level: []Level{Medium, Hard, Hard}[hits]}, k.name, k.all)
			if !ok {
				continue
			}
			hits++
			walkAllFinders(t, p.Geo, p.Givens, p.Answer, &fired)
		}
	}
	for _, tech := range []Technique{KropkiDot, XVPair, ConsecutivePair, InequalitySign, InequalityChain, NoMark, PairSet, MarkChain} {
		if fired[tech] == 0 {
			t.Errorf("%s never fired", tech)
		}
	}
}
