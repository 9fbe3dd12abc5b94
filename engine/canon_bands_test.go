package engine

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestClassicKeysBruteForce holds the classic keys to trying every move
// of the whole band-and-stack group on 4x4 and 6x6 (boxes 2x2 and 2x3, so
// with and without transposition).
func TestClassicKeysBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 5))
	gen := NewGenerator()
	for _, n := range []int{4, 6} {
		g, err := Lookup(Classic, n)
		if err != nil {
			t.Fatal(err)
		}
		grp := groupOf(g)
		for found := 0; found < 20; {
			p, ok := gen.Generate(rng, Quota{Kind: Kind{Size: n}, Level: Easy, Count: 1, Symmetry: SymNone})
			if !ok {
				continue
			}
			found++
			if got, want := KeyOf(g, p.Cells()), grp.Least(p.Cells()); !bytes.Equal(got, want) {
				t.Fatalf("%dx%d %s: key %v, brute force %v", n, n, g.Format(p.Cells()), got, want)
			}
		}
	}
}

// TestBigGridKeysSameUnderMoves: 12x12 and 16x16 keys survive random band
// and stack moves (and transposition for 16x16) with relabelling.
func TestBigGridKeysSameUnderMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 7))
	for _, n := range []int{12, 16} {
		g, err := Lookup(Classic, n)
		if err != nil {
			t.Fatal(err)
		}
		// A sparse grid of distinct givens per line is enough: the key is
		// defined for any grid whose lines hold no digit twice.
		cells := make([]uint8, n*n)
		full := patternGrid(n, g.BoxRows, g.BoxCols)
		for i := range cells {
			if rng.IntN(3) == 0 {
				cells[i] = full[i]
			}
		}
		key := KeyOf(g, cells)
		for k := 0; k < 5; k++ {
			checkMovedKey(t, rng, g, cells, key)
		}
	}
}

// checkMovedKey applies one random band-and-stack move with a relabelling
// to cells and checks the key stays.
func checkMovedKey(t *testing.T, rng *rand.Rand, g *Geometry, cells, key []uint8) {
	t.Helper()
	n := g.N
	rows := randomOrder(rng, n, g.BoxRows)
	cols := randomOrder(rng, n, g.BoxCols)
	transpose := g.BoxRows == g.BoxCols && rng.IntN(2) == 1
	perm := randomDigits(rng, n)
	moved := make([]uint8, n*n)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			i := rows[r]*n + cols[c]
			if transpose {
				i = cols[c]*n + rows[r]
			}
			moved[r*n+c] = perm[cells[i]]
		}
	}
	if got := KeyOf(g, moved); !bytes.Equal(got, key) {
		t.Fatalf("%dx%d: a band and stack move changed the key", n, n)
	}
}

// randomOrder is a random order of n lines keeping bands of per together.
func randomOrder(rng *rand.Rand, n, per int) []int {
	out := make([]int, 0, n)
	for _, b := range rng.Perm(n / per) {
		for _, l := range rng.Perm(per) {
			out = append(out, b*per+l)
		}
	}
	return out
}

// patternGrid is a complete grid of side n with boxes br x bc: each row
// the one before shifted by a box width, each band by one more.
func patternGrid(n, br, bc int) []uint8 {
	out := make([]uint8, n*n)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			out[r*n+c] = uint8(((r%br)*bc+r/br+c)%n + 1)
		}
	}
	return out
}
