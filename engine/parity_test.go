package engine

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"
)

// allGrids4 lists every complete 4x4 Sudoku, found by plain recursion
// that shares nothing with the solvers under test.
func allGrids4() [][]uint8 {
	g := Classic4()
	var out [][]uint8
	cells := make([]uint8, 16)
	var rec func(i int)
	rec = func(i int) {
		if i == 16 {
			out = append(out, slices.Clone(cells))
			return
		}
		for d := uint8(1); d <= 4; d++ {
			ok := true
			for _, u := range g.CellHouses[i] {
				for _, c := range g.Houses[u] {
					if c < i && cells[c] == d {
						ok = false
					}
				}
			}
			if ok {
				cells[i] = d
				rec(i + 1)
			}
		}
		cells[i] = 0
	}
	rec(0)
	return out
}

func Classic4() *Geometry {
	g, err := Lookup(Classic, 4)
	if err != nil {
		panic(err)
	}
	return g
}

// bruteCount counts the grids of all that fit the givens and that keep.
func bruteCount(all [][]uint8, givens []uint8, keep func([]uint8) bool) int {
	n := 0
	for _, s := range all {
		fits := keep(s)
		for i, v := range givens {
			if v != 0 && s[i] != v {
				fits = false
			}
		}
		if fits {
			n++
		}
	}
	return n
}

// TestParityApartCounts holds the layered and the generic solver to a
// brute-force count of 4x4 grids, with random parity marks, knight and
// king peers and random givens: every solver must know the marks and
// peers from the givens on, not only when it fills a cell.
func TestParityApartCounts(t *testing.T) {
	all := allGrids4()
	if len(all) != 288 {
		t.Fatalf("%d 4x4 grids, want 288", len(all))
	}
	base := Classic4()
	rng := rand.New(rand.NewPCG(4, 4))
	gs := newGenericSolver(base)
	for trial := range 300 {
		sol := all[rng.IntN(len(all))]
		var geo *Geometry
		var err error
		switch trial % 3 {
		case 0:
			geo, err = base.WithParity(ParityMarks(rng, sol, 40))
		case 1:
			geo, err = base.WithApart(KnightMove)
		default:
			geo, err = base.WithApart(KingMove)
		}
		if err != nil {
			t.Fatal(err)
		}
		givens := make([]uint8, 16)
		for _, i := range rng.Perm(16)[:rng.IntN(5)] {
			givens[i] = sol[i]
		}
		if trial%7 == 0 {
			// Givens the rule refutes at once: a cell's last peer (a
			// knight's or king's one) given its digit.
			p := geo.Peers[0]
			givens[0], givens[p[len(p)-1]] = 1, 1
		}
		keep := func(s []uint8) bool { return geo.keeps(s) }
		want := bruteCount(all, givens, keep)
		if got := geo.count(givens, 1000, nil); got != want {
			t.Fatalf("trial %d %s: layered solver counts %d, brute force %d (givens %s)", trial, geo.layers[0].Name(), got, want, base.Format(givens))
		}
		gs.reset(geo)
		if got := gs.run(givens, 1000); got != want {
			t.Fatalf("trial %d %s: generic solver counts %d, brute force %d", trial, geo.layers[0].Name(), got, want)
		}
	}
}

// TestParityBoard: the grader's board starts a marked cell on its
// parity's digits and clears a given's digit from its knight peers.
func TestParityBoard(t *testing.T) {
	marks := make([]uint8, 81)
	marks[0], marks[1] = EvenCell, OddCell
	geo, err := Classic9.WithParity(marks)
	if err != nil {
		t.Fatal(err)
	}
	b := NewBoardOn(geo, make([]uint8, 81))
	if b.Cands[0] != 0x154 || b.Cands[1] != 0x2AA || b.Cands[2] != AllDigits {
		t.Errorf("candidates %b %b %b, want evens, odds, all", b.Cands[0], b.Cands[1], b.Cands[2])
	}
	kn, err := Classic9.WithApart(KnightMove)
	if err != nil {
		t.Fatal(err)
	}
	cells := make([]uint8, 81)
	cells[40] = 5 // r5c5; r3c4 is a knight's move away
	b = NewBoardOn(kn, cells)
	if b.Cands[21]&Bit(5) != 0 || b.Cands[19]&Bit(5) == 0 {
		t.Errorf("r3c4 %b (want no 5), r3c2 %b (want 5: no house, no knight)", b.Cands[21], b.Cands[19])
	}
	if !kn.Sees(40, 21) || Classic9.Sees(40, 21) || kn.Sees(40, 19) {
		t.Error("knight peers: Sees")
	}
}

func TestParityLineAndMarks(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	sol, _ := newClassicSolver().FillRandom(Grid{}, rng)
	marks := ParityMarks(rng, sol[:], parityShare)
	geo, err := Classic9.WithParity(marks)
	if err != nil {
		t.Fatal(err)
	}
	pc := geo.layers[0].(ParityCells)
	if !pc.Holds(sol[:]) {
		t.Fatal("marks from the solution do not hold on it")
	}
	bad := sol
	for i, m := range marks {
		if m != NoParity {
			bad[i] = bad[i]%9 + 1 // the next digit: the other parity but for 9 -> 1
			if bad[i]%2 != sol[i]%2 {
				break
			}
		}
	}
	if pc.Holds(bad[:]) {
		t.Error("a digit of the wrong parity holds")
	}
	back, err := parseParityMap(9, pc.Line())
	if err != nil || !slices.Equal(back, marks) {
		t.Fatalf("line %q read back as %v, %v", pc.Line(), back, err)
	}
	again, err := Classic9.WithMarks("parity", pc.Marks())
	if err != nil || !slices.Equal(again.parity, marks) {
		t.Fatalf("marks %v read back: %v", pc.Marks(), err)
	}
	for _, bad := range []string{"parity=" + pc.Line()[7:80], "parity=x" + pc.Line()[8:], pc.Line()[7:]} {
		if _, err := parseParityMap(9, bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	for _, m := range [][][]int{{{2, 3}}, {{0}}, {{0, 81}}, {{0, 3}, {1, 3}}} {
		if _, err := Classic9.WithMarks("parity", m); err == nil {
			t.Errorf("marks %v: no error", m)
		}
	}
	if _, err := Classic9.WithParity(make([]uint8, 81)); err == nil {
		t.Error("no marks: no error")
	}
}

// TestParityMade makes even-odd, anti-knight and anti-king puzzles at
// three levels on 9x9 and 6x6: each proved unique by the layered solver
// against its solution, graded at its level, its solution keeping the
// constraint, with fewer givens than classic puzzles of its level.
func TestParityMade(t *testing.T) {
	g := NewGenerator()
	makers := map[string]func(*rand.Rand, Quota) (Puzzle, bool){
		"even-odd":    g.evenOdd,
		"anti-knight": func(r *rand.Rand, q Quota) (Puzzle, bool) { return g.apart(r, q, KnightMove) },
		"anti-king":   func(r *rand.Rand, q Quota) (Puzzle, bool) { return g.apart(r, q, KingMove) },
		"classic":     g.attempt,
	}
	clues := map[string]int{}
	for _, name := range []string{"classic", "even-odd", "anti-knight", "anti-king"} {
		for _, n := range []int{9, 6} {
			for _, lv := range []Level{Easy, Medium, Hard} {
				if n == 6 && lv == Medium && name == "classic" {
					continue // classic 6x6 medium is rare: seconds
				}
				rng := rand.New(rand.NewPCG(uint64(n), uint64(lv)))
				q := Quota{Kind: Kind{Size: n}, Level: lv}
				hits, sum := 0, 0
				for tries := 0; hits < 4; tries++ {
					if tries == 3000 {
						t.Fatalf("%s %dx%d %s: %d puzzles in 3000 tries", name, n, n, lv, hits)
					}
					p, ok := makers[name](rng, q)
					if !ok || p.Grading.Level != lv {
						continue
					}
					hits++
					sum += CountClues(p.Givens)
					check := make([]uint8, p.Geo.Cells)
					if p.Geo.count(p.Givens, 2, check) != 1 || !slices.Equal(check, p.Answer) || !p.Geo.keeps(p.Answer) {
						t.Fatalf("%s: not unique on its solution: %s", name, FormatLine(p.Geo, p.Givens))
					}
					if name != "classic" && len(p.Geo.layers) != 1 {
						t.Fatalf("%s: %d constraints", name, len(p.Geo.layers))
					}
				}
				clues[name+string(rune('0'+n))+lv.String()] = sum
				if name != "classic" && !(n == 6 && lv == Medium) && sum >= clues["classic"+string(rune('0'+n))+lv.String()] {
					t.Errorf("%s %dx%d %s: %d givens in 4 puzzles, classic %d", name, n, n, lv, sum, clues["classic"+string(rune('0'+n))+lv.String()])
				}
			}
		}
	}
	t.Log(clues)
}

// TestParitySetSound grades even-odd puzzles step by step: the parity
// set rung is used, and no step of any rung strikes a solution digit.
func TestParitySetSound(t *testing.T) {
	g := NewGenerator()
	gr := NewGrader()
	used := 0
	for seed := uint64(0); seed < 40; seed++ {
		rng := rand.New(rand.NewPCG(seed, 7))
		p, ok := g.evenOdd(rng, Quota{Kind: Kind{Size: 9 - 3*int(seed%2)}, Level: Medium})
		if !ok {
			continue
		}
		res, err := gr.Grade(p.Geo, p.Givens, GradeOptions{Steps: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range res.Steps {
			for _, e := range s.Eliminations {
				if p.Answer[e.Cell] == e.Digit {
					t.Fatalf("%s strikes %d from %s, its solution digit: %s", s.Technique, e.Digit, p.Geo.CellName(e.Cell), s.Note)
				}
			}
			for _, pl := range s.Placements {
				if p.Answer[pl.Cell] != pl.Digit {
					t.Fatalf("%s places a wrong digit: %s", s.Technique, s.Note)
				}
			}
			if s.Technique == ParitySet {
				used++
				if s.Note == "" || len(s.Pattern.Parts) != 2 {
					t.Fatalf("parity set step without its words: %+v", s)
				}
			}
		}
	}
	if used == 0 {
		t.Error("no even-odd puzzle used a parity set")
	}
}

// TestParityKeys: a puzzle turned, its bands or stacks swapped where the
// kind allows, and relabelled where the kind allows has its key; one
// relabelled across parities, or moved where the rule forbids it, not.
func TestParityKeys(t *testing.T) {
	g := NewGenerator()
	rng := rand.New(rand.NewPCG(3, 3))
	var eo Puzzle
	for ok := false; !ok; {
		eo, ok = g.evenOdd(rng, Quota{Kind: Kind{Size: 9}, Level: Medium})
	}
	key := eo.Key()
	// Swap the first two bands, turn by a quarter, relabel 2<->8, 1<->5.
	src := func(r, c int) int {
		// the moved grid's (r, c) reads source (r', c') after a quarter
		// turn of the band-swapped grid
		rr, cc := 8-c, r
		switch rr / 3 {
		case 0:
			rr += 3
		case 1:
			rr -= 3
		}
		return rr*9 + cc
	}
	relabel := [10]uint8{0, 5, 8, 3, 4, 1, 6, 7, 2, 9}
	marks, givens := make([]uint8, 81), make([]uint8, 81)
	for r := range 9 {
		for c := range 9 {
			marks[r*9+c] = eo.Geo.parity[src(r, c)]
			givens[r*9+c] = relabel[eo.Givens[src(r, c)]]
		}
	}
	moved, err := Classic9.WithParity(marks)
	if err != nil {
		t.Fatal(err)
	}
	if k := KeyOf(moved, givens); !bytes.Equal(k, key) {
		t.Errorf("moved even-odd: key differs\n%v\n%v", k, key)
	}
	givens[slices.IndexFunc(givens, func(v uint8) bool { return v != 0 })] = 0
	if k := KeyOf(moved, givens); bytes.Equal(k, key) {
		t.Error("a given less: same key")
	}
	cross := make([]uint8, 81)
	for i, v := range eo.Givens {
		cross[i] = [10]uint8{0, 2, 1, 3, 4, 5, 6, 7, 8, 9}[v] // 1<->2
	}
	if k := KeyOf(eo.Geo, cross); bytes.Equal(k, key) {
		t.Error("relabelled across parities: same key")
	}

	kn, err := Classic9.WithApart(KnightMove)
	if err != nil {
		t.Fatal(err)
	}
	var ak Puzzle
	for ok := false; !ok; {
		ak, ok = g.apart(rng, Quota{Kind: Kind{Size: 9}, Level: Medium}, KnightMove)
	}
	key = ak.Key()
	turned, swapped := make([]uint8, 81), make([]uint8, 81)
	for r := range 9 {
		for c := range 9 {
			turned[r*9+c] = relabel[ak.Givens[(8-c)*9+r]]
			swapped[r*9+c] = ak.Givens[((r+3)%9)*9+c]
		}
	}
	if !bytes.Equal(KeyOf(kn, turned), key) {
		t.Error("turned anti-knight: key differs")
	}
	if bytes.Equal(KeyOf(kn, swapped), key) {
		t.Error("band-rotated anti-knight: same key (the move breaks knight distance)")
	}
}

// TestParityLines reads back what FormatLine writes for each kind, and
// refuses the lines that do not fit.
func TestParityLines(t *testing.T) {
	g := NewGenerator()
	rng := rand.New(rand.NewPCG(5, 5))
	for _, mk := range []func() (Puzzle, bool){
		func() (Puzzle, bool) { return g.evenOdd(rng, Quota{Kind: Kind{Size: 6}, Level: Easy}) },
		func() (Puzzle, bool) { return g.apart(rng, Quota{Kind: Kind{Size: 9}, Level: Easy}, KnightMove) },
		func() (Puzzle, bool) { return g.apart(rng, Quota{Kind: Kind{Size: 9}, Level: Easy}, KingMove) },
	} {
		p, ok := mk()
		for !ok {
			p, ok = mk()
		}
		line := FormatLine(p.Geo, p.Givens)
		geo, cells, err := ParseLine(Classic, 0, line)
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if !slices.Equal(cells, p.Givens) || FormatLine(geo, cells) != line || geo.layers[0].Name() != p.Geo.layers[0].Name() {
			t.Errorf("%q read back as %q", line, FormatLine(geo, cells))
		}
		if _, _, err := ParseLine(X, 0, line); err == nil {
			t.Errorf("%q on x: no error", line)
		}
	}
	for _, bad := range []string{
		"1234/anti-knight/anti-king",
		".................................................................................../anti-knave",
		"................................................................................./parity=e",
	} {
		if _, _, err := ParseLine(Classic, 0, bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
