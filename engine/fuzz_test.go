package engine

import (
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
		var s Solver
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
