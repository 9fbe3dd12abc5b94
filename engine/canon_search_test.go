package engine

import (
	"bytes"
	"github.com/sudokubook/sudokubook/engine/canon"
	"math/rand/v2"
	"slices"
	"testing"
)

// bruteKiller is a killer's key by trying every move of its classic
// grid's group: what killerSearch must find.
func bruteKiller(g *Geometry, cells []uint8) []uint8 {
	base, _ := Lookup(g.Variant, g.N)
	cage := make([]uint8, g.Cells)
	for ci, c := range g.Cages {
		for _, x := range c.Cells {
			cage[x] = uint8(ci + 1)
		}
	}
	return killerOver(g, groupOf(base), cage, cells)
}

// movedKiller is killer p moved by move m of grp, its cages moved with
// its cells: the same constraints, turned or shuffled. A shuffled cage may
// no longer be connected as drawn, which WithCages refuses for a printed
// killer, so the geometry is put together bare: KeyOf reads only the
// grid's shape and the cages.
func movedKiller(p Puzzle, grp *canon.Group, m canon.Move) (*Geometry, []uint8) {
	g := p.Geometry()
	ident := make([]uint8, g.Cells)
	for i := range ident {
		ident[i] = uint8(i)
	}
	pos := make([]int, g.Cells) // where the move puts cell i
	for j, src := range grp.Apply(m, ident) {
		pos[src] = j
	}
	var cages []Cage
	for _, c := range g.Cages {
		var cells []int
		for _, x := range c.Cells {
			cells = append(cells, pos[x])
		}
		slices.Sort(cells)
		cages = append(cages, Cage{Sum: c.Sum, Cells: cells})
	}
	moved := &Geometry{Variant: g.Variant, N: g.N, BoxRows: g.BoxRows, BoxCols: g.BoxCols, Width: g.Width, Cells: g.Cells, Cages: cages}
	moved.layers = []Constraint{KillerCages{moved}}
	return moved, grp.Apply(m, p.Cells())
}

// randomBandMove is a random move of the band-and-stack group of side n
// (bands of br rows, stacks of bc columns, transposed at random when
// transposes), as a group of one move.
func randomBandMove(rng *rand.Rand, n, br, bc int, transposes bool) (*canon.Group, canon.Move) {
	order := func(per int) []uint8 {
		o := make([]uint8, 0, n)
		for _, b := range rng.Perm(n / per) {
			for _, l := range rng.Perm(per) {
				o = append(o, uint8(b*per+l))
			}
		}
		return o
	}
	m := canon.Move{T: transposes && rng.IntN(2) == 1}
	return &canon.Group{N: n, Rows: [][]uint8{order(br)}, Cols: [][]uint8{order(bc)}, Moves: []canon.Move{m}}, m
}

// TestKillerKeysWholeGroup: a killer on a classic grid is keyed under the
// whole band-and-stack group, its cages moving with its cells. The search
// agrees with trying every move on 6x6 (3,456 moves); on 9x9 random moves
// of the group (rows within bands, bands, columns, stacks, transposition)
// keep the key; two killers differ; and a move that breaks the boxes (two
// rows of different bands swapped) makes another key.
func TestKillerKeysWholeGroup(t *testing.T) {
	rng := rand.New(rand.NewPCG(46, 46))
	gen := NewGenerator()
	for found := 0; found < 4; {
		p, ok := gen.Killer(rng, KillerQuota{Kind: Kind{Size: 6}, Level: Easy})
		if !ok {
			continue
		}
		found++
		if got, want := p.Key(), bruteKiller(p.Geometry(), p.Cells()); !bytes.Equal(got, want) {
			t.Fatalf("6x6 killer %s: search %v, brute force %v", p.Geometry().Format(p.Cells()), got, want)
		}
	}
	var keys [][]uint8
	for len(keys) < 2 {
		p, ok := gen.Killer(rng, KillerQuota{Kind: Kind{}, Level: Easy, MinGivens: 2, MaxGivens: 6})
		if !ok {
			continue
		}
		key := p.Key()
		keys = append(keys, key)
		for k := 0; k < 12; k++ {
			grp, m := randomBandMove(rng, 9, 3, 3, true)
			g, cells := movedKiller(p, grp, m)
			if got := KeyOf(g, cells); !bytes.Equal(got, key) {
				t.Fatalf("killer moved by rows %v columns %v transposed %v: key differs", grp.Rows[0], grp.Cols[0], m.T)
			}
		}
		rows := []uint8{0, 1, 3, 2, 4, 5, 6, 7, 8}
		ident := []uint8{0, 1, 2, 3, 4, 5, 6, 7, 8}
		swap := &canon.Group{N: 9, Rows: [][]uint8{rows}, Cols: [][]uint8{ident}, Moves: []canon.Move{{}}}
		g, cells := movedKiller(p, swap, canon.Move{})
		if bytes.Equal(KeyOf(g, cells), key) {
			t.Errorf("rows 3 and 4 swapped across bands: the boxes broken, yet the same key")
		}
	}
	if bytes.Equal(keys[0], keys[1]) {
		t.Errorf("two generated killers share a key")
	}
}

// randomFigureMove is a random move of the group a figure's key uses: one
// of its band moves, then the rows within each band and the columns
// within each stack of the box in random orders.
func randomFigureMove(rng *rand.Rand, grp *canon.Group) (*canon.Group, canon.Move) {
	m := grp.Moves[rng.IntN(len(grp.Moves))]
	within := func(o []uint8) []uint8 {
		out := make([]uint8, len(o))
		for b := 0; b < len(o)/3; b++ {
			for i, l := range rng.Perm(3) {
				out[3*b+i] = o[3*b+l]
			}
		}
		return out
	}
	one := &canon.Group{N: grp.N, Rows: [][]uint8{within(grp.Rows[m.R])}, Cols: [][]uint8{within(grp.Cols[m.C])}, Moves: []canon.Move{{T: m.T}}}
	return one, one.Moves[0]
}

// keepsHouses reports whether move m of grp sends every house of figure g
// onto a house (and every cell in play into play).
func keepsHouses(g *Geometry, grp *canon.Group, m canon.Move) bool {
	return len(figureOf(g).Keeping(&canon.Group{N: grp.N, Rows: grp.Rows, Cols: grp.Cols, Moves: []canon.Move{m}}).Moves) == 1
}

// moveFigure is figure p's givens moved by m and relabelled by perm.
func moveFigure(g *Geometry, cells []uint8, grp *canon.Group, m canon.Move, perm []uint8) []uint8 {
	box := make([]uint8, g.Width*g.Width)
	for i, v := range cells {
		box[g.Place(i)] = v
	}
	moved := applyMove(grp, m, box, perm)
	out := make([]uint8, g.Cells)
	for i := range out {
		out[i] = moved[g.Place(i)]
	}
	return out
}

// TestFigureKeysBandMoves: a figure's key holds under the moves of rows
// within the bands of its box, columns within stacks, and the band moves
// that keep the figure, not only its turns and mirrors. Counted: the band
// and stack moves (each line in its place) that keep each figure. A
// samurai, sohei and flower have 8 band orders (bands 0 and 1 either way,
// 5 and 6 either way, top and bottom swapped or not), rows and columns
// each, free of each other, and transposition: 128. A twin has 8 too,
// but its grids lie on a diagonal, so the columns must swap halves when
// the rows do: 64. A butterfly has 4 (outer bands swapped or not, the
// middle two either way): 32. Random
// moves of the whole group keep every house and the key; two puzzles
// differ; a move that breaks houses (two rows of one grid from different
// bands swapped) is not merged.
func TestFigureKeysBandMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 22))
	gen := NewGenerator()
	for _, c := range []struct {
		v     Variant
		bands int // band-level moves, both ways round
	}{{Samurai, 128}, {Twin, 64}, {Butterfly, 32}, {Sohei, 128}, {Flower, 128}} {
		g, err := Lookup(c.v, 9)
		if err != nil {
			t.Fatal(err)
		}
		grp, _, _ := figureOf(g).Parts()
		if len(grp.Moves) != c.bands {
			t.Errorf("%v: %d band moves keep the figure, want %d", c.v, len(grp.Moves), c.bands)
		}
		var keys []string
		for len(keys) < 2 {
			p, ok := gen.Generate(rng, Quota{Kind: Kind{Variant: c.v}, Level: Easy, Count: 1, Symmetry: SymNone})
			if !ok {
				continue
			}
			key := p.Key()
			keys = append(keys, string(key))
			inside := 0
			for k := 0; k < 10; k++ {
				grp, m := randomFigureMove(rng, grp)
				if !keepsHouses(g, grp, m) {
					t.Fatalf("%v: move rows %v columns %v loses a house", c.v, grp.Rows[0], grp.Cols[0])
				}
				if r := grp.Rows[0]; r[0] != 0 && r[0] != uint8(g.Width-1) {
					inside++
				}
				cells := moveFigure(g, p.Cells(), grp, m, randomDigits(rng, 9))
				if got := KeyOf(g, cells); !bytes.Equal(got, key) {
					t.Fatalf("%v moved by rows %v columns %v transposed %v: key differs", c.v, grp.Rows[0], grp.Cols[0], m.T)
				}
			}
			if inside == 0 {
				t.Errorf("%v: no move drawn took its first row from inside the box; the test shows nothing past turns", c.v)
			}
			// Rows 3 and 2 of the box swapped: a grid's band broken.
			rows := make([]uint8, g.Width)
			ident := make([]uint8, g.Width)
			for i := range rows {
				rows[i], ident[i] = uint8(i), uint8(i)
			}
			rows[2], rows[3] = 3, 2
			swap := &canon.Group{N: g.Width, Rows: [][]uint8{rows}, Cols: [][]uint8{ident}, Moves: []canon.Move{{}}}
			if keepsHouses(g, swap, canon.Move{}) {
				t.Fatalf("%v: rows 3 and 4 swapped keep the houses", c.v)
			}
			cells := moveFigure(g, p.Cells(), swap, canon.Move{}, randomDigits(rng, 9))
			if bytes.Equal(KeyOf(g, cells), key) {
				t.Errorf("%v: rows 3 and 4 swapped, houses broken, yet the same key", c.v)
			}
		}
		if keys[0] == keys[1] {
			t.Errorf("%v: two generated puzzles share a key", c.v)
		}
	}
}

// BenchmarkKeyOfFiguresKillers: the key of one puzzle of each figure and
// killer kind, the kinds whose keys the row-by-row label search makes.
func BenchmarkKeyOfFiguresKillers(b *testing.B) {
	rng := rand.New(rand.NewPCG(7, 8))
	gen := NewGenerator()
	type item struct {
		name string
		gen  func() (Puzzle, bool)
	}
	var items []item
	for _, v := range []Variant{Samurai, Twin, Butterfly, Sohei, Flower} {
		items = append(items, item{v.String(), func() (Puzzle, bool) {
			return gen.Generate(rng, Quota{Kind: Kind{Variant: v}, Level: Easy, Count: 1, Symmetry: SymNone})
		}})
	}
	for _, k := range []Kind{{}, {Size: 6}, {Variant: X}} {
		items = append(items, item{"killer-" + k.String(), func() (Puzzle, bool) {
			return gen.Killer(rng, KillerQuota{Kind: k, Level: Easy})
		}})
	}
	for _, it := range items {
		var p Puzzle
		for ok := false; !ok; {
			p, ok = it.gen()
		}
		g, cells := p.Geometry(), p.Cells()
		KeyOf(g, cells)
		b.Run(it.name, func(b *testing.B) {
			for b.Loop() {
				KeyOf(g, cells)
			}
		})
	}
}

// TestLabelSearchKeyIsAnImage: the least form the search returns is the
// map itself under a move of the group (the one it ends with, read back
// from its source rows and columns), and no random move of the group
// makes a less one: the key is found, not made up, and is the least.
func TestLabelSearchKeyIsAnImage(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	gen := NewGenerator()
	for _, v := range []Variant{Samurai, Twin, Butterfly, Sohei, Flower} {
		g, _ := Lookup(v, 9)
		grp, _, _ := figureOf(g).Parts()
		var p Puzzle
		for ok := false; !ok; {
			p, ok = gen.Generate(rng, Quota{Kind: Kind{Variant: v}, Level: Easy, Count: 1, Symmetry: SymNone})
		}
		box := make([]uint8, g.Width*g.Width)
		for i, x := range p.Cells() {
			box[g.Place(i)] = x
		}
		s := figureOf(g).NewSearch(0)
		key := s.Least(box)
		image := canon.Relabel(s.Image(), true)
		if !bytes.Equal(image, key) {
			t.Errorf("%v: the key is not the puzzle under the move the search ends with", v)
		}
		for k := 0; k < 50; k++ {
			grp, mv := randomFigureMove(rng, grp)
			if other := canon.Relabel(grp.Apply(mv, box), true); bytes.Compare(other, key) < 0 {
				t.Fatalf("%v: a move of the group makes a form less than the key", v)
			}
		}
	}
}
