package engine

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestCombinations(t *testing.T) {
	tests := []struct {
		n, size, sum int
		want         string
	}{
		{9, 3, 14, "1+4+9 2+3+9 1+5+8 2+4+8 1+6+7 2+5+7 3+4+7 3+5+6"},
		{9, 2, 3, "1+2"},
		{9, 2, 17, "8+9"},
		{9, 3, 6, "1+2+3"},
		{9, 9, 45, "1+2+3+4+5+6+7+8+9"},
		{9, 2, 2, ""},
		{6, 2, 11, "5+6"},
		{6, 2, 13, ""},
	}
	for _, tc := range tests {
		var got []string
		for _, m := range Combinations(tc.n, tc.size, tc.sum) {
			got = append(got, ComboText(m))
		}
		slices.Sort(got)
		want := strings.Fields(tc.want)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("Combinations(%d, %d, %d) = %v, want %v", tc.n, tc.size, tc.sum, got, want)
		}
	}
	// Every set of k digits appears once, under its own sum.
	for k := 1; k <= 9; k++ {
		n := 0
		for sum := 0; sum <= 45; sum++ {
			for _, m := range Combinations(9, k, sum) {
				s := 0
				for _, d := range Digits(m) {
					s += int(d)
				}
				if s != sum || bits.OnesCount32(m) != k {
					t.Errorf("set %s listed under %d cells, sum %d", ComboText(m), k, sum)
				}
				n++
			}
		}
		if want := binomial(9, k); n != want {
			t.Errorf("%d sets of %d digits, want %d", n, k, want)
		}
	}
}

func binomial(n, k int) int {
	r := 1
	for i := range k {
		r = r * (n - i) / (i + 1)
	}
	return r
}

func TestWithCagesErrors(t *testing.T) {
	g, _ := Lookup(Classic, 4)
	pairs := func(extra ...Cage) []Cage {
		var out []Cage
		for r := range 4 {
			out = append(out, Cage{Sum: 3, Cells: []int{4 * r, 4*r + 1}}, Cage{Sum: 7, Cells: []int{4*r + 2, 4*r + 3}})
		}
		return append(out, extra...)
	}
	tests := []struct {
		name  string
		cages []Cage
		want  string
	}{
		{"ok", pairs(), ""},
		{"overlap", pairs(Cage{Sum: 1, Cells: []int{0}}), "in cages"},
		{"missing", pairs()[1:], "in no cage"},
		{"disconnected", append(pairs()[2:], Cage{Sum: 3, Cells: []int{0, 3}}, Cage{Sum: 7, Cells: []int{1, 2}}), "not orthogonally connected"},
		{"impossible sum", append(pairs()[2:], Cage{Sum: 3, Cells: []int{0, 1}}, Cage{Sum: 8, Cells: []int{2, 3}}), "add up to 8"},
		{"too big", append(pairs()[4:], Cage{Sum: 10, Cells: []int{0, 1, 2, 3, 4}}), "want 1 to 4"},
		{"off grid", append(pairs()[2:], Cage{Sum: 3, Cells: []int{0, 1}}, Cage{Sum: 7, Cells: []int{2, 16}}), "off the"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			k, err := g.WithCages(tc.cages)
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("got %v, want no error", err)
			case tc.want == "":
				if k.Uniqueness() || g.Uniqueness() == false || !k.Sees(0, 1) || k.Sees(2, 7) != g.Sees(2, 7) {
					t.Errorf("cage mates or uniqueness wrong on the killer copy")
				}
			case err == nil || !errors.Is(err, ErrGeometry) || !strings.Contains(err.Error(), tc.want):
				t.Fatalf("got %v, want an ErrGeometry saying %q", err, tc.want)
			}
		})
	}
}

// naiveKiller counts the solutions of a killer puzzle up to limit by plain
// backtracking, cell by cell, checking houses and cages directly.
func naiveKiller(g *Geometry, cells []uint8, limit int) int {
	p := slices.Clone(cells)
	ok := func(i int, d uint8) bool {
		for _, u := range g.CellHouses[i] {
			for _, c := range g.Houses[u] {
				if c != i && p[c] == d {
					return false
				}
			}
		}
		c := g.Cages[g.CageOf(i)]
		sum, open := int(d), 0
		for _, x := range c.Cells {
			if x == i {
				continue
			}
			if p[x] == d {
				return false
			}
			sum += int(p[x])
			if p[x] == 0 {
				open++
			}
		}
		return sum <= c.Sum && (open > 0 || sum == c.Sum)
	}
	count := 0
	var rec func(i int)
	rec = func(i int) {
		for i < g.Cells && p[i] != 0 {
			i++
		}
		if i == g.Cells {
			// Givens are not checked on the way down: check every sum.
			for _, c := range g.Cages {
				sum := 0
				for _, x := range c.Cells {
					sum += int(p[x])
				}
				if sum != c.Sum {
					return
				}
			}
			count++
			return
		}
		for d := uint8(1); int(d) <= g.N && count < limit; d++ {
			if ok(i, d) {
				p[i] = d
				rec(i + 1)
				p[i] = 0
			}
		}
	}
	rec(0)
	return count
}

// TestKillerSolverAgainstNaive compares solution counts on random 4x4
// killers (sums from a filling, and sums shifted between two cages, which
// gives puzzles with none or several solutions) and on 9x9 killers with
// half their cells given.
func TestKillerSolverAgainstNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 1))
	gen := NewGenerator()
	counts := map[int]int{}
	for _, n := range []int{4, 9} {
		base, _ := Lookup(Classic, n)
		for range 150 {
			sol, _ := gen.exactFor(base).fill(rng)
			cages := CagesOf(dominoes(rng, n, 2), sol)
			if a, b := rng.IntN(len(cages)), rng.IntN(len(cages)); rng.IntN(2) == 0 && a != b {
				cages[a].Sum++
				cages[b].Sum--
			}
			geo, err := base.WithCages(cages)
			if err != nil {
				continue // a shifted sum no set reaches
			}
			givens := make([]uint8, base.Cells)
			if n == 9 {
				for _, i := range rng.Perm(81)[:40] {
					givens[i] = sol[i]
				}
			}
			want := naiveKiller(geo, givens, 3)
			s := newGenericSolver(geo)
			if got, _ := s.Count(givens, 3); got != want {
				t.Fatalf("%dx%d cages %v givens %s: solver counts %d, naive %d", n, n, geo.Cages, geo.Format(givens), got, want)
			}
			counts[min(want, 2)]++
		}
	}
	if counts[0] == 0 || counts[1] == 0 || counts[2] == 0 {
		t.Errorf("cases by solution count %v: want some with none, one and several", counts)
	}
}

// checkKiller checks a generated killer: cages connected and within the
// size bounds, sums equal to the solution's, no digit twice in a cage, the
// solution valid, and exactly one solution by the solver.
func checkKiller(t *testing.T, p Puzzle, lo, hi int) {
	t.Helper()
	g := p.Geo
	if g == nil || len(g.Cages) == 0 {
		t.Fatalf("no cages")
	}
	seen := make([]int, g.Cells)
	for ci, c := range g.Cages {
		if len(c.Cells) < lo || len(c.Cells) > hi {
			t.Errorf("cage %d has %d cells, want %d-%d", ci, len(c.Cells), lo, hi)
		}
		if !cageConnected(g.N, c.Cells) {
			t.Errorf("cage %d %v not connected", ci, c.Cells)
		}
		sum := 0
		var digits uint32
		for _, x := range c.Cells {
			seen[x]++
			d := p.Answer[x]
			if digits&Bit(d) != 0 {
				t.Errorf("cage %d holds %d twice", ci, d)
			}
			digits |= Bit(d)
			sum += int(d)
		}
		if sum != c.Sum {
			t.Errorf("cage %d sum %d, solution gives %d", ci, c.Sum, sum)
		}
	}
	for i, k := range seen {
		if k != 1 {
			t.Fatalf("cell %d in %d cages", i, k)
		}
	}
	base, _ := Lookup(g.Variant, g.N)
	if err := base.Validate(p.Answer); err != nil || slices.Contains(p.Answer, 0) {
		t.Fatalf("solution %s invalid: %v", g.Format(p.Answer), err)
	}
	checkAreas(t, g, p.Answer)
	s := newGenericSolver(g)
	n, first := s.Count(p.Givens, 2)
	if n != 1 || !slices.Equal(first, p.Answer) {
		t.Fatalf("solver finds %d solutions", n)
	}
}

func TestKillerGenerate(t *testing.T) {
	g := NewGenerator()
	rng := rand.New(rand.NewPCG(3, 4))
	for _, q := range []KillerQuota{
		{Level: Easy},
		{Level: Medium},
		{Level: Extreme},
		{Level: Easy, MinCage: 1, MaxCage: 3, MinGivens: 2, MaxGivens: 4},
		{Kind: Kind{Size: 6}, Level: Easy},
		{Kind: Kind{Variant: X}, Level: Medium},
	} {
		lo, hi := q.cageBounds()
		hits := 0
		for tries := 0; hits < 2 && tries < 60; tries++ {
			p, ok := g.Killer(rng, q)
			if !ok {
				continue
			}
			hits++
			checkKiller(t, p, lo, hi)
			if p.Grading.Level != q.Level || p.Geo.Variant != q.Kind.Variant || p.Geo.N != q.Kind.Side() {
				t.Errorf("%+v: got %s %v", q, p.Kind(), p.Grading.Level)
			}
			if gv := CountClues(p.Givens); gv < q.MinGivens || gv > q.MaxGivens {
				t.Errorf("%+v: %d givens", q, gv)
			}
			checkKillerNotes(t, p)
		}
		if hits < 2 {
			t.Errorf("%+v: %d hits in 60 attempts", q, hits)
		}
	}
}

// checkKillerNotes grades p with notes and checks the patterns of its
// killer steps: what they say of their cages, innies, outies and splits
// adds up, on the cells the geometry gives them, and their moves fall on
// those cells.
func checkKillerNotes(t *testing.T, p Puzzle) {
	t.Helper()
	gr, err := NewGrader().Grade(p.Geo, p.Givens, GradeOptions{Steps: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range gr.Steps {
		if msg := killerPatternFault(p.Geo, st); msg != "" {
			t.Errorf("%s %q: %s (pattern %+v)", st.Technique, st.Note, msg, st.Pattern)
		}
	}
}

// killerPatternFault says what is wrong with a killer step's pattern, or
// "" when nothing is (or the step is not a killer's).
func killerPatternFault(g *Geometry, st Step) string {
	parts := st.Pattern.Parts
	house := g.N * (g.N + 1) / 2
	moved := func(cells []int) string {
		for _, e := range st.Eliminations {
			if !slices.Contains(cells, e.Cell) {
				return fmt.Sprintf("strikes %s, outside %v", g.CellName(e.Cell), cells)
			}
		}
		for _, x := range st.Placements {
			if !slices.Contains(cells, x.Cell) {
				return fmt.Sprintf("places %s, outside %v", g.CellName(x.Cell), cells)
			}
		}
		return ""
	}
	switch st.Technique {
	case CageCombination:
		if len(parts) != 1 || parts[0].Role != RoleCage {
			return "want one cage"
		}
		return cageFault(g, parts[0]) + setsFault(parts[0]) + moved(parts[0].Cells)
	case Rule45, Rule45Houses:
		if len(parts) != 1 || parts[0].Role != RoleSum {
			return "want one sum"
		}
		x := parts[0]
		if one := len(x.Houses) == 1; one != (st.Technique == Rule45) {
			return fmt.Sprintf("%d houses", len(x.Houses))
		}
		if x.Form != st.Pattern.Form {
			return "the sum's form is not the step's"
		}
		return sumFault(g, x, house) + setsFault(x) + moved(x.Cells)
	case CagePointing:
		if len(parts) != 4 || parts[0].Role != RoleCage || parts[1].Role != RoleDigit || parts[3].Role != RoleHouse {
			return "want a cage, a digit, its places and their house"
		}
		d := FirstDigit(parts[1].Digits)
		for _, m := range parts[0].Sets {
			if m&Bit(d) == 0 {
				return fmt.Sprintf("a set %s lacks %d", ComboText(m), d)
			}
		}
		in := g.Houses[parts[3].Houses[0]]
		for _, c := range parts[2].Cells {
			if !slices.Contains(parts[0].Cells, c) || !slices.Contains(in, c) {
				return fmt.Sprintf("place %s is not in the cage and the house", g.CellName(c))
			}
		}
		for _, e := range st.Eliminations {
			if e.Digit != d || slices.Contains(parts[0].Cells, e.Cell) || !slices.Contains(in, e.Cell) {
				return fmt.Sprintf("strikes %d from %s", e.Digit, g.CellName(e.Cell))
			}
		}
		return cageFault(g, parts[0])
	case CageSplit:
		if len(parts) != 3 || parts[2].Role != RoleSum {
			return "want two areas and the cells they leave"
		}
		a, b, left := parts[0], parts[1], parts[2]
		for _, x := range []Part{a, b} {
			if x.Role == RoleCage {
				if f := cageFault(g, x); f != "" {
					return f
				}
			} else if f := sumFault(g, x, house); f != "" {
				return f
			}
		}
		if left.Sum != a.Sum-b.Sum {
			return fmt.Sprintf("%d left of %d less %d", left.Sum, a.Sum, b.Sum)
		}
		for _, c := range left.Cells {
			if !slices.Contains(a.Cells, c) || slices.Contains(b.Cells, c) {
				return fmt.Sprintf("%s is not of the first area only", g.CellName(c))
			}
		}
		return setsFault(left) + moved(left.Cells)
	case MinMaxSum:
		x := parts[len(parts)-1]
		others := parts[len(parts)-2]
		if x.Role != RoleTarget || len(x.Cells) != 1 || others.Role != RoleCells || others.Sum > others.Total || x.Sum > x.Total {
			return "want the other cells' range and the bounded cell"
		}
		for _, e := range st.Eliminations {
			if e.Cell != x.Cells[0] || (int(e.Digit) >= x.Sum && int(e.Digit) <= x.Total) {
				return fmt.Sprintf("strikes %d from %s, bounds %d to %d", e.Digit, g.CellName(e.Cell), x.Sum, x.Total)
			}
		}
	}
	return ""
}

// cageFault says how a cage part differs from the geometry's cage.
func cageFault(g *Geometry, x Part) string {
	for _, c := range g.Cages {
		if slices.Equal(c.Cells, x.Cells) {
			if c.Sum != x.Sum {
				return fmt.Sprintf("cage sum %d, the geometry's %d", x.Sum, c.Sum)
			}
			return ""
		}
	}
	return fmt.Sprintf("no cage on %v", x.Cells)
}

// sumFault says how innies' or outies' total breaks the rule of 45, or
// their cells lie outside (innies) or inside (outies) their houses.
func sumFault(g *Geometry, x Part, house int) string {
	whole := house * len(x.Houses)
	in := map[int]bool{}
	for _, u := range x.Houses {
		for _, c := range g.Houses[u] {
			in[c] = true
		}
	}
	want, inside := whole-x.Total, true
	if x.Form == FormOuties {
		want, inside = x.Total-whole, false
	}
	if x.Sum != want {
		return fmt.Sprintf("sum %d, the rule of 45 gives %d", x.Sum, want)
	}
	for _, c := range x.Cells {
		if in[c] != inside {
			return fmt.Sprintf("%s on the wrong side of its houses", g.CellName(c))
		}
	}
	return ""
}

// setsFault says which digit set of a sum does not add up to it in as
// many digits as it has cells.
func setsFault(x Part) string {
	if len(x.Cells) > 1 && len(x.Sets) == 0 {
		return "no digit sets"
	}
	for _, m := range x.Sets {
		sum := 0
		for _, d := range Digits(m) {
			sum += int(d)
		}
		if sum != x.Sum || bits.OnesCount32(m) != len(x.Cells) {
			return fmt.Sprintf("set %s for %d in %d cells", ComboText(m), x.Sum, len(x.Cells))
		}
	}
	return ""
}

// TestKillerRungsSound runs every finder at every position of the solve
// of generated killers and checks each move against the solution.
func TestKillerRungsSound(t *testing.T) {
	g := NewGenerator()
	rng := rand.New(rand.NewPCG(5, 6))
	var fired [NumTechniques]int
	hits := 0
	for tries := 0; hits < 4 && tries < 40; tries++ {
		l := []Level{Easy, Medium}[hits%2]
		p, ok := g.Killer(rng, KillerQuota{Level: l})
		if !ok {
			continue
		}
		hits++
		walkAllFinders(t, p.Geo, p.Givens, p.Answer, &fired)
	}
	for _, tech := range []Technique{CageCombination, Rule45, CagePointing, Rule45Houses, CageSplit, MinMaxSum} {
		if fired[tech] == 0 {
			t.Errorf("%s never fired", tech)
		}
	}
}

func TestKillerLineRoundTrip(t *testing.T) {
	g := NewGenerator()
	rng := rand.New(rand.NewPCG(11, 12))
	for _, k := range []Kind{{Size: 4}, {Size: 6}, {}, {Variant: X}} {
		for made, tries := 0, 0; made < 2; tries++ {
			if tries == 100 {
				t.Fatalf("%s: %d easy killers in 100 attempts", k, made)
			}
			p, ok := g.Killer(rng, KillerQuota{Kind: k, Level: Easy})
			if !ok {
				continue
			}
			made++
			line := FormatLine(p.Geo, p.Givens)
			geo, cells, err := ParseLine(k.Variant, 0, line)
			if err != nil {
				t.Fatalf("%s: %v", line, err)
			}
			if !slices.Equal(cells, p.Givens) || len(geo.Cages) != len(p.Geo.Cages) {
				t.Fatalf("%s read back as %s", line, FormatLine(geo, cells))
			}
			for ci, c := range geo.Cages {
				if c.Sum != p.Geo.Cages[ci].Sum || !slices.Equal(c.Cells, p.Geo.Cages[ci].Cells) {
					t.Fatalf("%s: cage %d read back as %v, want %v", line, ci, c, p.Geo.Cages[ci])
				}
			}
			if got, err := Solve(geo, cells); err != nil || !slices.Equal(got, p.Answer) {
				t.Fatalf("%s: solved to %v (%v)", line, got, err)
			}
		}
	}
}

func TestKillerLineErrors(t *testing.T) {
	const ok4 = "................/aabbccddeeffgghh/"
	tests := []struct {
		name, line string
		v          Variant
		want       string
	}{
		{"sum count", ok4 + "3,7", Classic, "8 cages but 2 sums"},
		{"sum word", ok4 + "3,7,x,5,3,7,5,5", Classic, "not a number"},
		{"map length", "................/aabb/3", Classic, "want 16 letters"},
		{"map symbol", "................/aabbccddeeffggh1/3,7,5,5,3,7,5,5", Classic, "unexpected '1'"},
		{"jigsaw", ok4 + "3,7,5,5,3,7,5,5", Jigsaw, "classic and x"},
		{"impossible sum", ok4 + "3,7,5,5,3,7,5,9", Classic, "add up to 9"},
		{"too big", strings.Repeat(".", 144) + "/" + strings.Repeat("a", 144) + "/78", Classic, "4x4 to 9x9"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := ParseLine(tc.v, 0, tc.line)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error saying %q", err, tc.want)
			}
		})
	}
}

// TestKillerLineExample solves the 4x4 example of the line form's doc.
func TestKillerLineExample(t *testing.T) {
	geo, cells, err := ParseLine(Classic, 0, "................/abaaababbccbbbaa/6,4,8,6,8,5,3")
	if err != nil {
		t.Fatal(err)
	}
	if sol, err := Solve(geo, cells); err != nil || len(geo.Cages) != 7 {
		t.Fatalf("got %v, %v with %d cages; want one solution, 7 cages", sol, err, len(geo.Cages))
	}
}

// FuzzKiller generates a killer from the fuzzed seed, level, cage bounds
// and givens, checks it as TestKillerGenerate does, runs every finder at
// every position of its solve against the solution, and reads its line
// form back.
func FuzzKiller(f *testing.F) {
	f.Add(uint64(1), uint8(0), uint8(2), uint8(5), uint8(0))
	f.Add(uint64(2), uint8(1), uint8(1), uint8(3), uint8(3))
	f.Add(uint64(3), uint8(1), uint8(2), uint8(4), uint8(0))
	f.Fuzz(func(t *testing.T, seed uint64, level, lo, hi, givens uint8) {
		q := KillerQuota{Level: Level(level % 2), MinCage: int(lo % 4), MaxCage: int(hi%6) + 1, MaxGivens: int(givens % 5)}
		if q.Validate() != nil {
			return
		}
		rng := rand.New(rand.NewPCG(seed, 9))
		g := NewGenerator()
		for range 20 {
			p, ok := g.Killer(rng, q)
			if !ok {
				continue
			}
			l, h := q.cageBounds()
			checkKiller(t, p, l, h)
			var fired [NumTechniques]int
			walkAllFinders(t, p.Geo, p.Givens, p.Answer, &fired)
			geo, cells, err := ParseLine(Classic, 0, FormatLine(p.Geo, p.Givens))
			if err != nil || !slices.Equal(cells, p.Givens) || len(geo.Cages) != len(p.Geo.Cages) {
				t.Fatalf("line form does not read back: %v", err)
			}
			return
		}
	})
}

// checkAreas checks every area the killer rungs read against a solution:
// its cells add up to its total, and an area that keeps digit sets holds
// one of them.
func checkAreas(t *testing.T, g *Geometry, sol []uint8) {
	t.Helper()
	for i, a := range slices.Concat(g.killerAreas(), g.killerSplits()) {
		sum := 0
		var digits uint32
		for _, x := range a.cells {
			sum += int(sol[x])
			digits |= Bit(sol[x])
		}
		if sum != a.sum {
			t.Fatalf("area %d (%v) adds up to %d in the solution, not %d", i, a.cells, sum, a.sum)
		}
		if a.combos != nil && !slices.Contains(a.combos, digits) {
			t.Fatalf("area %d (%v) holds %s, none of its sets", i, a.cells, ComboText(digits))
		}
	}
}

func TestHouseGroups(t *testing.T) {
	for _, tc := range []struct {
		n, want int
	}{
		// Every house; 2 and 3 adjacent rows and columns; boxes side by
		// side across and down.
		{9, 27 + 2*(8+7) + 6 + 6},
		{6, 18 + 2*(5+4) + 3 + 4},
		{4, 12 + 2*(3+2) + 2 + 2},
	} {
		g := mustGeometry(Classic, tc.n, nil)
		if got := len(g.houseGroups()); got != tc.want {
			t.Errorf("%dx%d: %d groups, want %d", tc.n, tc.n, got, tc.want)
		}
	}
	got := [][]string{}
	for _, grp := range Classic9.houseGroups()[27:] {
		name, _ := groupName(Classic9, grp)
		got = append(got, []string{name})
	}
	for _, want := range []string{"rows 1-2", "rows 7-9", "columns 4-5", "boxes 1 and 2", "boxes 5 and 8"} {
		if !slices.ContainsFunc(got, func(g []string) bool { return g[0] == want }) {
			t.Errorf("no group named %q in %v", want, got)
		}
	}
}

// killerSample is a hard killer from the generator: its solve needs the
// rule of 45 on several houses, cage splitting and min/max sums.
const killerSample = "................................................................................./" +
	"abaabbbbbabcccaacaccaaccacaccbddaaccaabdabbaabbadabbaaccadbaabbcbbbbdbabccddddbab/" +
	"14,13,9,24,28,22,27,5,19,9,7,27,16,14,16,17,7,11,16,20,12,22,30,8,12"

// TestKillerAreaNotes reads the first step of each area rung in the solve
// of killerSample as a solver reads it.
func TestKillerAreaNotes(t *testing.T) {
	geo, cells, err := ParseLine(Classic, 0, killerSample)
	if err != nil {
		t.Fatal(err)
	}
	gr, err := NewGrader().Grade(geo, cells, GradeOptions{Steps: true})
	if err != nil {
		t.Fatal(err)
	}
	want := map[Technique]string{
		Rule45Houses: "rule of 45 in rows 7-9: the cages inside them add up to 120, so the innies r7c3+r7c4 add up to 15, " +
			"which must be 7+8, so r7c3 and r7c4 keep 7 and 8",
		CageSplit: "cage splitting: the innies r2c1+r2c2+r4c3+r4c4+r4c5 of rows 2-4 (25 by the rule of 45) hold " +
			"the outies r2c1+r2c2 of row 1 (15 by the rule of 45), so the other cells r4c3+r4c4+r4c5 add up to 10, " +
			"which can only be 2+3+5 or 1+4+5 or 1+3+6 or 1+2+7, so 9 leaves r4c4, r4c5",
		MinMaxSum: "min/max sums: cage 9 in 2 cells at r1c3; r1c3 is 1 to 6, so r1c4 is at least 3 and at most 8: " +
			"1 and 2 leave r1c4",
	}
	for _, st := range gr.Steps {
		if w, ok := want[st.Technique]; ok {
			if st.Note != w {
				t.Errorf("%s:\n got %s\nwant %s", st.Technique, st.Note, w)
			}
			delete(want, st.Technique)
		}
	}
	for tech := range want {
		t.Errorf("the solve takes no %s step", tech)
	}
	if gr.Level != Hard {
		t.Errorf("graded %s, want hard", gr.Level)
	}
}

// TestKillerPatternFault shows the pattern checks can fail: a cage's sum,
// a rule of 45's total and a struck cell put wrong are each caught.
func TestKillerPatternFault(t *testing.T) {
	p, ok := NewGenerator().Killer(rand.New(rand.NewPCG(3, 4)), KillerQuota{Level: Medium})
	if !ok {
		t.Fatal("no medium killer")
	}
	gr, err := NewGrader().Grade(p.Geo, p.Givens, GradeOptions{Steps: true})
	if err != nil {
		t.Fatal(err)
	}
	caught := map[Technique]int{}
	for _, st := range gr.Steps {
		if st.Technique != CageCombination && st.Technique != Rule45 {
			continue
		}
		if f := killerPatternFault(p.Geo, st); f != "" {
			t.Fatalf("%s %q: %s", st.Technique, st.Note, f)
		}
		sum := st
		sum.Pattern.Parts = slices.Clone(st.Pattern.Parts)
		sum.Pattern.Parts[0].Sum++
		far := st
		far.Eliminations = []Elimination{{Cell: slices.IndexFunc(p.Givens, func(v uint8) bool { return v != 0 }), Digit: 1}}
		for _, bad := range []Step{sum, far} {
			if killerPatternFault(p.Geo, bad) != "" {
				caught[st.Technique]++
			}
		}
	}
	for _, tech := range []Technique{CageCombination, Rule45} {
		if caught[tech] == 0 {
			t.Errorf("no broken %s pattern caught", tech)
		}
	}
}
