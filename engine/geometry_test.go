package engine

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestClassic9MatchesUnits checks that the classic geometry is the table the
// classic solver and the older code use: same houses in the same order, same
// peers.
func TestClassic9MatchesUnits(t *testing.T) {
	g := Classic9
	if len(g.Houses) != 27 {
		t.Fatalf("classic has %d houses, want 27", len(g.Houses))
	}
	for u, h := range g.Houses {
		var want []int
		for _, c := range Units[u] {
			want = append(want, int(c))
		}
		if !slices.Equal(h, want) {
			t.Fatalf("house %d (%s) = %v, want %v", u, g.HouseName(u), h, want)
		}
	}
	for i := range 81 {
		var want []int
		for _, p := range Peers[i] {
			want = append(want, int(p))
		}
		slices.Sort(want)
		if !slices.Equal(g.Peers[i], want) {
			t.Fatalf("peers of %s = %v, want %v", g.CellName(i), g.Peers[i], want)
		}
	}
}

// TestGeometryHouses checks every regular geometry: each house has N cells,
// each cell lies in its row, column and box plus the variant's extras, and
// peers are exactly the cells sharing a house.
func TestGeometryHouses(t *testing.T) {
	for _, n := range Sizes() {
		for _, v := range []Variant{Classic, X, Hyper} {
			g, err := Lookup(v, n)
			if v == Hyper && n != 9 {
				if !errors.Is(err, ErrGeometry) {
					t.Fatalf("hyper %dx%d: got %v, want ErrGeometry", n, n, err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s %dx%d: %v", v, n, n, err)
			}
			extra := map[Variant]int{Classic: 0, X: 2, Hyper: 4 + 5}[v]
			if len(g.Houses) != 3*n+extra {
				t.Fatalf("%s %dx%d: %d houses, want %d", v, n, n, len(g.Houses), 3*n+extra)
			}
			for u, h := range g.Houses {
				if len(h) != n {
					t.Fatalf("%s %dx%d: %s has %d cells, want %d", v, n, n, g.HouseName(u), len(h), n)
				}
			}
			for a := range g.Cells {
				for b := range g.Cells {
					share := false
					for _, u := range g.CellHouses[a] {
						share = share || slices.Contains(g.Houses[u], b)
					}
					if want := share && a != b; g.Sees(a, b) != want {
						t.Fatalf("%s %dx%d: Sees(%s, %s) = %v, want %v", v, n, n, g.CellName(a), g.CellName(b), !want, want)
					}
				}
			}
		}
	}
}

// TestHouseNames pins the names notes use for each kind of house.
func TestHouseNames(t *testing.T) {
	x, _ := Lookup(X, 9)
	h, _ := Lookup(Hyper, 9)
	for _, c := range []struct {
		g    *Geometry
		u    int
		want string
	}{
		{Classic9, 0, "row 1"}, {Classic9, 9, "column 1"}, {Classic9, 26, "box 9"},
		{x, 27, "main diagonal"}, {x, 28, "anti-diagonal"}, {h, 30, "window 4"},
		{h, 31, "window r159c159"}, {h, 33, "window r159c678"}, {h, 35, "window r678c159"},
	} {
		if got := c.g.HouseName(c.u); got != c.want {
			t.Errorf("%s house %d: got %q, want %q", c.g.Variant, c.u, got, c.want)
		}
	}
	if got := x.Houses[28]; !slices.Equal(got, []int{8, 16, 24, 32, 40, 48, 56, 64, 72}) {
		t.Errorf("anti-diagonal = %v", got)
	}
	if got := h.Houses[27]; !slices.Equal(got, []int{10, 11, 12, 19, 20, 21, 28, 29, 30}) {
		t.Errorf("window 1 = %v, want r2-4 c2-4", got)
	}
}

// TestJigsawRegions checks the region checks: sizes, range and connection.
func TestJigsawRegions(t *testing.T) {
	ok := []uint8{
		0, 0, 1, 1,
		0, 0, 1, 1,
		2, 3, 3, 3,
		2, 2, 2, 3,
	}
	g, err := NewGeometry(Jigsaw, 4, ok)
	if err != nil {
		t.Fatalf("good regions: %v", err)
	}
	if g.HouseName(8) != "region 1" || !slices.Equal(g.Houses[11], []int{9, 10, 11, 15}) {
		t.Fatalf("region 4 = %v (%s)", g.Houses[11], g.HouseName(11))
	}
	bad := map[string][]uint8{
		"short":        ok[:15],
		"out of range": {0, 0, 1, 1, 0, 0, 1, 1, 2, 3, 3, 3, 2, 2, 2, 4},
		"wrong size":   {0, 0, 1, 1, 0, 0, 1, 1, 2, 3, 3, 3, 2, 2, 3, 3},
		"disconnected": {0, 0, 1, 1, 0, 2, 1, 1, 2, 3, 3, 3, 0, 2, 2, 3},
	}
	for name, r := range bad {
		if _, err := NewGeometry(Jigsaw, 4, r); !errors.Is(err, ErrGeometry) {
			t.Errorf("%s: got %v, want ErrGeometry", name, err)
		}
	}
	if _, err := NewGeometry(Classic, 4, ok); !errors.Is(err, ErrGeometry) {
		t.Errorf("classic with regions: got %v, want ErrGeometry", err)
	}
}

// TestParseFormat round-trips the text form with letters for 10-16.
func TestParseFormat(t *testing.T) {
	g, _ := Lookup(Classic, 16)
	s := "123456789ABCDEFG" + strings.Repeat(".", 240)
	cells, err := g.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	if cells[15] != 16 || cells[9] != 10 || cells[16] != 0 {
		t.Fatalf("parsed %v", cells[:17])
	}
	if got := g.Format(cells); got != s {
		t.Fatalf("format: got %q, want %q", got, s)
	}
	if _, err := g.Parse("H" + s[1:]); !errors.Is(err, ErrSyntax) {
		t.Fatalf("H in 16x16: got %v, want ErrSyntax", err)
	}
	six, _ := Lookup(Classic, 6)
	if _, err := six.Parse("7" + strings.Repeat(".", 35)); !errors.Is(err, ErrSyntax) {
		t.Fatalf("7 in 6x6: got %v, want ErrSyntax", err)
	}
}
