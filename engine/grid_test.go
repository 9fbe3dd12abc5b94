package engine

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestParseGrid(t *testing.T) {
	const dots = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	want := Grid{}
	for i, r := range dots {
		if r != '.' {
			want[i] = uint8(r - '0')
		}
	}
	for _, tc := range []struct {
		name string
		in   string
	}{
		{"dots", dots},
		{"zeros", strings.ReplaceAll(dots, ".", "0")},
		{"dots and zeros mixed", "40000.8.5" + dots[9:]},
		{"surrounding white space", " \t\n" + dots + "\r\n "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseGrid(tc.in)
			if err != nil {
				t.Fatalf("ParseGrid(%q): got error %v, want none", tc.in, err)
			}
			if got != want {
				t.Fatalf("ParseGrid(%q): got %s, want %s", tc.in, got, want)
			}
		})
	}
}

func TestParseGridErrors(t *testing.T) {
	const dots = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	for _, tc := range []struct {
		name     string
		in       string
		wantPos  int
		wantChar rune
		wantMsg  string // a piece of the message
	}{
		{"letter", dots[:10] + "x" + dots[11:], 11, 'x', "position 11"},
		{"first character", "a" + dots[1:], 1, 'a', "position 1"},
		{"inner space", dots[:40] + " " + dots[41:], 41, ' ', "position 41"},
		{"non-ASCII counts as one position", "é" + dots[1:], 1, 'é', "position 1"},
		{"separator", dots[:9] + "|" + dots[9:80], 10, '|', "position 10"},
		{"too short", dots[:80], 0, 0, "too short"},
		{"empty", "", 0, 0, "got 0"},
		{"too long", dots + "1", 0, 0, "too long"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseGrid(tc.in)
			if err == nil {
				t.Fatalf("ParseGrid(%q): got no error, want one", tc.in)
			}
			if !errors.Is(err, ErrSyntax) {
				t.Fatalf("ParseGrid(%q): got %v, want an error wrapping ErrSyntax", tc.in, err)
			}
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("ParseGrid(%q): got %T, want *ParseError", tc.in, err)
			}
			if pe.Pos != tc.wantPos || pe.Char != tc.wantChar {
				t.Fatalf("ParseGrid(%q): got position %d char %q, want %d %q", tc.in, pe.Pos, pe.Char, tc.wantPos, tc.wantChar)
			}
			if !strings.Contains(err.Error(), tc.wantMsg) {
				t.Fatalf("ParseGrid(%q): got message %q, want it to mention %q", tc.in, err, tc.wantMsg)
			}
		})
	}
}

func TestMustParseGridPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("MustParseGrid(\"bad\"): got no panic, want one")
		}
	}()
	MustParseGrid("bad")
}

func TestGridStringRoundTrip(t *testing.T) {
	for _, name := range []string{"top95", "easy50"} {
		for _, g := range loadPuzzleSet(t, name) {
			s := g.String()
			if len(s) != 81 {
				t.Fatalf("String(): got %d characters, want 81", len(s))
			}
			back, err := ParseGrid(s)
			if err != nil || back != g {
				t.Fatalf("ParseGrid(%q): got %s, %v, want %s", s, back, err, g)
			}
		}
	}
	if got, want := (Grid{}).String(), strings.Repeat(".", 81); got != want {
		t.Fatalf("empty grid: got %q, want %q", got, want)
	}
}

func TestCluesAndComplete(t *testing.T) {
	solved := MustParseGrid(solvedGrid)
	puzzle := MustParseGrid("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
	for _, tc := range []struct {
		name      string
		g         Grid
		clues     int
		complete  bool
		wantValid bool
	}{
		{"empty", Grid{}, 0, false, true},
		{"puzzle", puzzle, 32, false, true},
		{"solved", solved, 81, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.g.Clues(); got != tc.clues {
				t.Fatalf("Clues(): got %d, want %d", got, tc.clues)
			}
			if got := tc.g.Complete(); got != tc.complete {
				t.Fatalf("Complete(): got %v, want %v", got, tc.complete)
			}
			if err := tc.g.Validate(); (err == nil) != tc.wantValid {
				t.Fatalf("Validate(): got %v, want valid=%v", err, tc.wantValid)
			}
		})
	}
}

func TestValidateFindsTheConflict(t *testing.T) {
	at := func(cells map[int]uint8) Grid {
		var g Grid
		for c, v := range cells {
			g[c] = v
		}
		return g
	}
	for _, tc := range []struct {
		name  string
		g     Grid
		a, b  int
		digit uint8
		names string // both cells, as the message gives them
	}{
		{"row", at(map[int]uint8{3: 6, 7: 6, 5: 2}), 3, 7, 6, "r1c4 and r1c8"},
		{"column", at(map[int]uint8{2: 9, 74: 9, 40: 1}), 2, 74, 9, "r1c3 and r9c3"},
		{"box", at(map[int]uint8{30: 4, 50: 4}), 30, 50, 4, "r4c4 and r6c6"},
		{"last cells", at(map[int]uint8{79: 1, 80: 1}), 79, 80, 1, "r9c8 and r9c9"},
		{"first pair wins", at(map[int]uint8{0: 5, 1: 5, 60: 3, 61: 3}), 0, 1, 5, "r1c1 and r1c2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.g.Validate()
			if !errors.Is(err, ErrConflict) {
				t.Fatalf("Validate(%s): got %v, want an error wrapping ErrConflict", tc.g, err)
			}
			var ce *ConflictError
			if !errors.As(err, &ce) {
				t.Fatalf("Validate: got %T, want *ConflictError", err)
			}
			if ce.A != tc.a || ce.B != tc.b || ce.Digit != tc.digit {
				t.Fatalf("Validate(%s): got cells %d, %d digit %d, want %d, %d digit %d", tc.g, ce.A, ce.B, ce.Digit, tc.a, tc.b, tc.digit)
			}
			if !strings.Contains(err.Error(), tc.names) {
				t.Fatalf("Validate: got message %q, want it to name %q", err, tc.names)
			}
		})
	}
}

func TestRowColBoxAndNames(t *testing.T) {
	for _, tc := range []struct {
		cell          int
		row, col, box int
		name          string
	}{
		{0, 0, 0, 0, "r1c1"},
		{8, 0, 8, 2, "r1c9"},
		{30, 3, 3, 4, "r4c4"},
		{40, 4, 4, 4, "r5c5"},
		{53, 5, 8, 5, "r6c9"},
		{72, 8, 0, 6, "r9c1"},
		{80, 8, 8, 8, "r9c9"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if r, c, b := Row(tc.cell), Col(tc.cell), Box(tc.cell); r != tc.row || c != tc.col || b != tc.box {
				t.Fatalf("cell %d: got row %d col %d box %d, want %d %d %d", tc.cell, r, c, b, tc.row, tc.col, tc.box)
			}
			if got := CellName(tc.cell); got != tc.name {
				t.Fatalf("CellName(%d): got %q, want %q", tc.cell, got, tc.name)
			}
		})
	}
}

func TestUnits(t *testing.T) {
	var count [81]int
	for u, unit := range Units {
		seen := map[uint8]bool{}
		for _, c := range unit {
			if c > 80 || seen[c] {
				t.Fatalf("unit %d: cell %d repeated or out of range in %v", u, c, unit)
			}
			seen[c] = true
			count[c]++
			var same bool
			switch {
			case u < 9:
				same = Row(int(c)) == u
			case u < 18:
				same = Col(int(c)) == u-9
			default:
				same = Box(int(c)) == u-18
			}
			if !same {
				t.Fatalf("unit %d holds cell %s, which is not in it", u, CellName(int(c)))
			}
		}
	}
	for c, n := range count {
		if n != 3 {
			t.Fatalf("cell %s: in %d units, want 3", CellName(c), n)
		}
		for k, u := range CellUnits[c] {
			found := false
			for _, x := range Units[u] {
				found = found || int(x) == c
			}
			if !found || int(u)/9 != k {
				t.Fatalf("cell %s: CellUnits[%d] = %d does not hold it as a %s", CellName(c), k, u, [3]string{"row", "column", "box"}[k])
			}
		}
	}
	// Boxes list their cells row by row.
	if got, want := Units[18+4], [9]uint8{30, 31, 32, 39, 40, 41, 48, 49, 50}; got != want {
		t.Fatalf("box 5: got %v, want %v", got, want)
	}
}

func TestPeers(t *testing.T) {
	for c := range 81 {
		// In increasing order, which the solvers' visiting order (and so
		// what a seed generates) may depend on.
		if !slices.IsSorted(Peers[c][:]) {
			t.Fatalf("peers of %s out of order: %v", CellName(c), Peers[c])
		}
		seen := map[uint8]bool{}
		for _, p := range Peers[c] {
			if int(p) == c {
				t.Fatalf("cell %s is its own peer", CellName(c))
			}
			if seen[p] {
				t.Fatalf("cell %s: peer %s listed twice", CellName(c), CellName(int(p)))
			}
			seen[p] = true
			if !Sees(c, int(p)) || !Sees(int(p), c) {
				t.Fatalf("cell %s: peer %s shares no house with it", CellName(c), CellName(int(p)))
			}
		}
		for o := range 81 {
			if Sees(c, o) != seen[uint8(o)] {
				t.Fatalf("cells %s and %s: Sees says %v, Peers says %v", CellName(c), CellName(o), Sees(c, o), seen[uint8(o)])
			}
		}
	}
}
