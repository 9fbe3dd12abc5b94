package engine

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// FuzzParseGrid: ParseGrid never panics, and whatever it accepts prints back
// to a canonical form that parses to the same grid.
func FuzzParseGrid(f *testing.F) {
	for _, s := range []string{
		solvedGrid,
		strings.Repeat(".", 81),
		strings.Repeat("0", 81),
		" " + strings.Repeat(".", 80) + "9\n",
		strings.Repeat(".", 80),
		strings.Repeat(".", 82),
		"x" + strings.Repeat(".", 80),
		"é" + strings.Repeat(".", 80),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ParseGrid(s)
		// The byte reader takes exactly the 81-byte lines ParseGrid
		// takes, as the same grid, and leaves every other to it.
		if fast, ok := ParseGridBytes([]byte(s)); ok != (err == nil && len(s) == 81) || ok && fast != g {
			t.Fatalf("ParseGridBytes(%q) = %v, %v; ParseGrid gives %v, %v", s, fast, ok, g, err)
		}
		if err != nil {
			if g2, err2 := ParseGrid(s); err2 == nil || g2 != g {
				t.Fatalf("ParseGrid(%q) is not repeatable", s)
			}
			return
		}
		for i, v := range g {
			if v > 9 {
				t.Fatalf("ParseGrid(%q): cell %d holds %d", s, i, v)
			}
		}
		out := g.String()
		back, err := ParseGrid(out)
		if err != nil || back != g {
			t.Fatalf("ParseGrid(%q) = %s, but ParseGrid of that gives %s, %v", s, out, back, err)
		}
		if out != strings.Map(func(r rune) rune {
			if r == '0' {
				return '.'
			}
			return r
		}, strings.TrimSpace(s)) {
			t.Fatalf("ParseGrid(%q).String() = %q, want the input with '0' as '.'", s, out)
		}
	})
}

// FuzzSolve: whatever the grid, Count never panics, agrees with itself under
// different limits, finds nothing for conflicting givens, and every solution
// it returns is complete, valid and keeps the givens. Inputs that do not parse
// are read byte by byte (value mod 10) so the fuzzer reaches every grid.
func FuzzSolve(f *testing.F) {
	f.Add(solvedGrid)
	f.Add(strings.Repeat(".", 81))
	f.Add("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	f.Add("8.........95.......76.........426798...571243...893165......916....3.487....1.532")
	f.Add("11" + strings.Repeat(".", 79))
	f.Add(".12345678" + "9........" + strings.Repeat(".", 63))
	f.Fuzz(func(t *testing.T, in string) {
		var s classicSolver
		g, err := ParseGrid(in)
		if err != nil {
			g = Grid{}
			for i := 0; i < len(in) && i < 81; i++ {
				g[i] = in[i] % 10
			}
		}
		n, first := s.Count(g, 2)
		if n < 0 || n > 2 {
			t.Fatalf("Count(%s, 2): got %d, want 0 to 2", g, n)
		}
		if n1, _ := s.Count(g, 1); n1 != min(n, 1) {
			t.Fatalf("Count(%s): limit 1 gives %d, limit 2 gives %d", g, n1, n)
		}
		if g.Validate() != nil && n != 0 {
			t.Fatalf("Count(%s): conflicting givens but %d solutions", g, n)
		}
		if n == 0 {
			if first != (Grid{}) {
				t.Fatalf("Count(%s): no solution but first = %s", g, first)
			}
			return
		}
		checkSolution(t, g, first)
		if n == 1 {
			if !s.Unique(first) {
				t.Fatalf("solution %s of %s is not unique on its own", first, g)
			}
		}
	})
}

// FuzzGrade grades puzzles the fuzzer carves out of a solved grid: the
// input's bits say which cells are blank, its first byte relabels the
// digits. Every unique puzzle must grade without error, to the solver's
// solution, with every placement right and no elimination of a true digit,
// so a finder that is wrong on some odd board is caught here even where the
// shared sets never lead it.
func FuzzGrade(f *testing.F) {
	base := MustParseGrid(solvedGrid)
	// Seeds: minimal puzzles dug from the grid, so the seed runs (all that
	// plain go test runs) grade real unique puzzles, from easy to hard.
	gen := NewGenerator()
	for seed := range uint64(8) {
		p := gen.Dig(rand.New(rand.NewPCG(seed, 99)), base, Symmetry(seed%uint64(NumSymmetries)), 0)
		if !uniqueGrid(p) {
			f.Fatalf("seed puzzle %s is not unique", p)
		}
		in := make([]byte, 12)
		for i, v := range p {
			if v == 0 {
				in[1+i/8] |= 1 << (i % 8)
			}
		}
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) < 2 {
			return
		}
		// Relabel the digits by a rotation of 1..9, then blank the cells
		// whose bit is set (bits reused cyclically past the input's end).
		shift := in[0] % 9
		mask := in[1:]
		var sol, p Grid
		for i, v := range base {
			sol[i] = (v-1+shift)%9 + 1
			p[i] = sol[i]
			if mask[(i/8)%len(mask)]&(1<<(i%8)) != 0 {
				p[i] = 0
			}
		}
		if !uniqueGrid(p) {
			return
		}
		res, err := Grade(Classic9, p.Cells(), GradeOptions{Steps: true})
		if err != nil {
			t.Fatalf("Grade(%s): %v", p, err)
		}
		// The rating is that of the hardest step of SE's path, each step
		// at least its technique's base, and grading without notes takes
		// the same path.
		for _, s := range res.Steps {
			if s.Rating < s.Technique.SE() {
				t.Fatalf("Grade(%s): %s step rated %s, below its base %s", p, s.Technique, s.Rating, s.Technique.SE())
			}
		}
		if top := seSolve(t, p); top != res.Rating {
			t.Fatalf("Grade(%s): rating %s, hardest step of SE's path %s", p, res.Rating, top)
		}
		if bare, err := Grade(Classic9, p.Cells(), GradeOptions{}); err != nil || bare.Rating != res.Rating || bare.Hardest != res.Hardest || bare.Score != res.Score {
			t.Fatalf("Grade(%s) without steps: %s %s %d (%v), with steps %s %s %d", p, bare.Hardest, bare.Rating, bare.Score, err, res.Hardest, res.Rating, res.Score)
		}
		for _, s := range res.Steps {
			for _, pl := range s.Placements {
				if sol[pl.Cell] != pl.Digit {
					t.Fatalf("Grade(%s): %s placed %d in %s, the solution has %d", p, s.Technique, pl.Digit, CellName(pl.Cell), sol[pl.Cell])
				}
			}
			for _, e := range s.Eliminations {
				if sol[e.Cell] == e.Digit {
					t.Fatalf("Grade(%s): %s removed the true %d from %s", p, s.Technique, e.Digit, CellName(e.Cell))
				}
			}
		}
	})
}
