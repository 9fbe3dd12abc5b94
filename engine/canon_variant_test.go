package engine

import (
	"bytes"
	"github.com/sudokubook/sudokubook/engine/canon"
	"math/rand/v2"
	"testing"
)

// applyMove is move m of grp on cells with the digits relabelled by perm
// (perm[d] for digit d, perm[0] = 0).
func applyMove(grp *canon.Group, m canon.Move, cells []uint8, perm []uint8) []uint8 {
	out := grp.Apply(m, cells)
	for i, d := range out {
		out[i] = perm[d]
	}
	return out
}

func randomDigits(rng *rand.Rand, n int) []uint8 {
	perm := make([]uint8, n+1)
	for i, d := range rng.Perm(n) {
		perm[i+1] = uint8(d + 1)
	}
	return perm
}

// TestVariantGroupsKeepHouses checks every move KeyOf uses maps every house
// of the geometry onto a house, and the sizes of the groups: X 9x9 keeps
// 96 moves (24 row orders that commute with turning the grid upside down,
// the same or the mirrored column order, and transposition), classic 4x4
// all 128.
func TestVariantGroupsKeepHouses(t *testing.T) {
	for _, c := range []struct {
		v    Variant
		n    int
		want int // 0: not checked
	}{{X, 9, 96}, {Hyper, 9, 0}, {Classic, 4, 128}, {Classic, 6, 3456}, {X, 4, 0}, {X, 12, 48}, {X, 16, 18432}} {
		g, err := Lookup(c.v, c.n)
		if err != nil {
			t.Fatalf("%v %d: %v", c.v, c.n, err)
		}
		grp := groupOf(g)
		if grp == nil {
			t.Fatalf("%v %dx%d: no group", c.v, c.n, c.n)
		}
		if c.want != 0 && len(grp.Moves) != c.want {
			t.Errorf("%v %dx%d: %d moves, want %d", c.v, c.n, c.n, len(grp.Moves), c.want)
		}
		houses := map[string]bool{}
		for _, h := range g.Houses {
			houses[cellsKey(g.N, h)] = true
		}
		ident := make([]uint8, g.Cells)
		idPerm := make([]uint8, 256)
		for i := range ident {
			ident[i] = uint8(i)
			idPerm[i] = uint8(i)
		}
		for _, m := range grp.Moves {
			moved := applyMove(grp, m, ident, idPerm) // moved[j] = source cell of j
			pos := make([]int, g.Cells)
			for j, src := range moved {
				pos[src] = j
			}
			for _, h := range g.Houses {
				img := make([]int, len(h))
				for k, i := range h {
					img[k] = pos[i]
				}
				if !houses[cellsKey(g.N, img)] {
					t.Fatalf("%v %dx%d: move %+v loses a house", c.v, c.n, c.n, m)
				}
			}
		}
		t.Logf("%v %dx%d: %d moves", c.v, c.n, c.n, len(grp.Moves))
	}
}

// TestVariantKeysSameUnderMoves generates puzzles of several kinds and
// checks that random moves of their groups, with random relabellings, keep
// the key, and that different puzzles get different keys.
func TestVariantKeysSameUnderMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	gen := NewGenerator()
	for _, kind := range []Kind{{Variant: X}, {Variant: Hyper}, {Size: 6}, {Size: 4}} {
		keys := map[string]bool{}
		for found := 0; found < 3; {
			p, ok := gen.Generate(rng, Quota{Kind: kind, Level: Easy, Count: 1, Symmetry: SymNone})
			if !ok {
				continue
			}
			found++
			g := p.Geometry()
			key := p.Key()
			// A 4x4 has so few essentially different puzzles that two
			// drawn at random may well be one under the moves.
			if keys[string(key)] && kind.Side() != 4 {
				t.Fatalf("%v: two generated puzzles share key %v", kind, key)
			}
			keys[string(key)] = true
			if again := KeyOf(g, key); !bytes.Equal(again, key) {
				t.Fatalf("%v: the key's key differs", kind)
			}
			grp := groupOf(g)
			for k := 0; k < 20; k++ {
				m := grp.Moves[rng.IntN(len(grp.Moves))]
				q := applyMove(grp, m, p.Cells(), randomDigits(rng, g.N))
				if got := KeyOf(g, q); !bytes.Equal(got, key) {
					t.Fatalf("%v %s moved by %+v: key %v, want %v", kind, g.Format(p.Cells()), m, got, key)
				}
			}
		}
	}
}

// TestKeyOfClassicAndFallback: on 12x12 and 16x16 the turns and mirrors that keep the boxes (the moves X gets on
// those sizes) are 4 and 8; a jigsaw turned a quarter, with its digits and regions
// renumbered, keeps its key, and two region maps give two keys.
func TestKeyOfClassicAndFallback(t *testing.T) {
	for _, c := range []struct{ n, moves int }{{12, 4}, {16, 8}} {
		g, err := Lookup(Classic, c.n)
		if err != nil {
			t.Fatal(err)
		}
		if got := len(groupOf(g).Moves); got != c.moves {
			t.Errorf("classic %dx%d: %d moves, want %d", c.n, c.n, got, c.moves)
		}
	}
	rng := rand.New(rand.NewPCG(1, 1))
	regions := RandomRegions(rng, 9)
	g, err := NewGeometry(Jigsaw, 9, regions)
	if err != nil {
		t.Fatal(err)
	}
	cells := make([]uint8, 81)
	for i := 0; i < 81; i += 4 {
		cells[i] = uint8(i%9 + 1)
	}
	// A quarter turn: transpose, then reverse the columns.
	sq := canon.SquareMoves(9)
	quarter := canon.Move{T: true, R: 0, C: 1}
	perm := randomDigits(rng, 9)
	turned := sq.Apply(quarter, cells)
	for i, v := range turned {
		turned[i] = perm[v]
	}
	regionPerm := rng.Perm(9)
	turnedRegions := sq.Apply(quarter, regions)
	for i, r := range turnedRegions {
		turnedRegions[i] = uint8(regionPerm[r])
	}
	g2, err := NewGeometry(Jigsaw, 9, turnedRegions)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := KeyOf(g, cells), KeyOf(g2, turned); !bytes.Equal(a, b) {
		t.Errorf("jigsaw turned and renumbered: keys differ")
	}
	other, _ := NewGeometry(Jigsaw, 9, RandomRegions(rng, 9))
	if bytes.Equal(KeyOf(g, cells), KeyOf(other, cells)) {
		t.Errorf("two region maps, one key")
	}
}

// moveMaps lists the moves of grp that keep g's houses, each as the cell
// map it makes, for comparing groups built differently.
func moveMaps(g *Geometry, grp *canon.Group) map[string]bool {
	ident := make([]uint8, g.Cells)
	idPerm := make([]uint8, 256)
	for i := range ident {
		ident[i] = uint8(i)
		idPerm[i] = uint8(i)
	}
	k := canon.NewKeeper(g.N, g.Houses, grp, g.Houses)
	out := map[string]bool{}
	for _, m := range grp.Moves {
		if k.Keeps(m) {
			out[string(applyMove(grp, m, ident, idPerm))] = true
		}
	}
	return out
}

// The moves built for X on 12x12 and 16x16 are exactly the diagonal-
// keeping part of the band-and-stack group: on the sizes whose whole group
// can be sifted move by move, the two constructions give the same moves.
func TestDiagonalMovesAreTheSiftedGroup(t *testing.T) {
	for _, n := range []int{4, 6, 8, 9} {
		g, err := Lookup(X, n)
		if err != nil {
			t.Fatal(err)
		}
		sifted := moveMaps(g, buildGroup(g))
		tr := 1
		if g.BoxRows == g.BoxCols {
			tr = 2
		}
		built := moveMaps(g, canon.DiagonalMoves(n, g.BoxRows, g.BoxCols, tr))
		if len(sifted) != len(built) {
			t.Errorf("X %dx%d: %d moves built, %d sifted", n, n, len(built), len(sifted))
		}
		for m := range sifted {
			if !built[m] {
				t.Errorf("X %dx%d: a sifted move is not built", n, n)
				break
			}
		}
	}
}

// X 12x12 and 16x16 keys hold under band and line shuffles that keep the
// diagonals, not only turns and mirrors: what is merged. 12x12 (boxes of
// 3 rows by 4 columns) keeps 48 moves: one line order must keep bands of
// 3 and stacks of 4, so the outer bands stay outer (or swap), any order
// within the first and the mirror of it within the last, the two middle
// lines of the second band either way round, the columns in that order or
// its mirror. 16x16 keeps 18,432: 8 band orders symmetric about the
// middle, 24 x 24 line orders, the mirror, transposition. What is not: a
// band shuffle that moves a diagonal (here the first two bands swapped)
// makes a grid that is not the same X puzzle, and its key differs.
func TestXKeysLargeMergeBandShuffles(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 16))
	gen := NewGenerator()
	for _, c := range []struct{ n, moves int }{{12, 48}, {16, 18432}} {
		g, err := Lookup(X, c.n)
		if err != nil {
			t.Fatal(err)
		}
		grp := groupOf(g)
		if len(grp.Moves) != c.moves {
			t.Errorf("X %dx%d: %d moves, want %d", c.n, c.n, len(grp.Moves), c.moves)
		}
		var p Puzzle
		for ok := false; !ok; {
			p, ok = gen.Generate(rng, Quota{Kind: Kind{Variant: X, Size: c.n}, Level: Easy, Count: 1, Symmetry: SymNone})
		}
		key := p.Key()
		shuffled := 0
		for k := 0; k < 30; k++ {
			m := grp.Moves[rng.IntN(len(grp.Moves))]
			if ro := grp.Rows[m.R]; ro[0] != 0 && ro[0] != uint8(c.n-1) {
				shuffled++ // the first row comes from inside: more than a turn or mirror
			}
			q := applyMove(grp, m, p.Cells(), randomDigits(rng, g.N))
			if got := KeyOf(g, q); !bytes.Equal(got, key) {
				t.Fatalf("X %dx%d moved by %+v: key differs", c.n, c.n, m)
			}
		}
		if shuffled == 0 {
			t.Errorf("X %dx%d: no move drawn shuffled lines; the test shows nothing past turns", c.n, c.n)
		}
		// Swap the first two bands: the boxes stay, the diagonals do not.
		br := g.BoxRows
		rows := make([]uint8, c.n)
		ident := make([]uint8, c.n)
		for i := range rows {
			rows[i], ident[i] = uint8(i), uint8(i)
		}
		for i := 0; i < br; i++ {
			rows[i], rows[br+i] = uint8(br+i), uint8(i)
		}
		swap := &canon.Group{N: c.n, Rows: [][]uint8{rows}, Cols: [][]uint8{ident}, Moves: []canon.Move{{}}}
		q := applyMove(swap, canon.Move{}, p.Cells(), randomDigits(rng, g.N))
		if bytes.Equal(KeyOf(g, q), key) {
			t.Errorf("X %dx%d: two bands swapped, diagonals broken, yet the same key", c.n, c.n)
		}
	}
}

// BenchmarkKeyOfKinds: the key of one puzzle of each kind KeyOf searches
// move by move or by its own route (X 16x16: 18,432 moves).
func BenchmarkKeyOfKinds(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	gen := NewGenerator()
	for _, kind := range []Kind{{Variant: X}, {Variant: X, Size: 12}, {Variant: X, Size: 16}, {Size: 16}} {
		var p Puzzle
		for ok := false; !ok; {
			p, ok = gen.Generate(rng, Quota{Kind: kind, Level: Easy, Count: 1, Symmetry: SymNone})
		}
		g, cells := p.Geometry(), p.Cells()
		KeyOf(g, cells) // the group is built once per geometry, not timed
		b.Run(kind.String(), func(b *testing.B) {
			for b.Loop() {
				KeyOf(g, cells)
			}
		})
	}
}

// The turns and mirrors of a figure's bounding box that keep the figure
// (samurai and butterfly 8, twin 4: a twin's grids lie on one diagonal)
// are among the moves its key merges: a turned, mirrored and relabelled
// copy has the same key, another puzzle another key. The line and band
// moves are TestFigureKeysBandMoves'.
func TestFigureKeys(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 21))
	gen := NewGenerator()
	for _, c := range []struct {
		v     Variant
		moves int
	}{{Samurai, 8}, {Twin, 4}, {Butterfly, 8}} {
		g, err := Lookup(c.v, 9)
		if err != nil {
			t.Fatal(err)
		}
		grp := figureOf(g).Keeping(canon.SquareMoves(g.Width))
		if len(grp.Moves) != c.moves {
			t.Errorf("%v: %d moves keep the figure, want %d", c.v, len(grp.Moves), c.moves)
		}
		var keys []string
		for len(keys) < 2 {
			p, ok := gen.Generate(rng, Quota{Kind: Kind{Variant: c.v}, Level: Easy, Count: 1, Symmetry: SymNone})
			if !ok {
				continue
			}
			key := p.Key()
			keys = append(keys, string(key))
			for _, m := range grp.Moves {
				cells := moveFigure(g, p.Cells(), grp, m, randomDigits(rng, 9))
				if got := KeyOf(g, cells); !bytes.Equal(got, key) {
					t.Fatalf("%v moved by %+v: key differs", c.v, m)
				}
			}
		}
		if keys[0] == keys[1] {
			t.Errorf("%v: two generated puzzles share a key", c.v)
		}
	}
}

// A killer's key carries its cages and sums: two killers without givens
// differ (engine.KeyOf once gave them all the empty grid's key), and a
// turned or mirrored copy, its cages moved with it, keeps the key.
func TestKillerKeys(t *testing.T) {
	rng := rand.New(rand.NewPCG(45, 45))
	gen := NewGenerator()
	for _, base := range []Kind{{Variant: Classic}, {Variant: X}, {Variant: Classic, Size: 6}} {
		var keys [][]uint8
		for len(keys) < 2 {
			p, ok := gen.Killer(rng, KillerQuota{Kind: base, Level: Easy})
			if !ok {
				continue
			}
			g := p.Geometry()
			key := p.Key()
			keys = append(keys, key)
			sq := canon.SquareMoves(g.N)
			keep := canon.NewKeeper(g.N, g.Houses, sq, g.Houses)
			moves := 0
			for _, m := range sq.Moves {
				if !keep.Keeps(m) {
					continue
				}
				moves++
				moved, cells := movedKiller(p, sq, m)
				if got := KeyOf(moved, cells); !bytes.Equal(got, key) {
					t.Fatalf("%v killer moved by %+v: key differs", base, m)
				}
			}
			if moves < 4 {
				t.Errorf("%v killer: %d moves keep it, want at least 4", base, moves)
			}
		}
		if bytes.Equal(keys[0], keys[1]) {
			t.Errorf("%v: two generated killers share a key", base)
		}
	}
}
