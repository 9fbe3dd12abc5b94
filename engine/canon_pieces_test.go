package engine

import (
	"bytes"
	"fmt"
	"github.com/sudokubook/sudokubook/engine/canon"
	"math/rand/v2"
	"testing"
)

// The tests of this file find the moves of a figure their own way: a
// move is a permutation of the places of the box (perm[p] is the place
// result place p reads), and the piece moves are found by trying every
// swap of two rows of a band, or of two bands line by line, over every run
// of stacks, and keeping those that send every house onto a house. They
// then hold the keys to those moves, not to the search's own idea of the
// pieces.

// cellsKey names a set of cells of a w-wide box whatever their order.
func cellsKey(w int, cells []int) string {
	b := make([]byte, (w*w+7)/8)
	for _, i := range cells {
		b[i/8] |= 1 << (i % 8)
	}
	return string(b)
}

// placeMove is a permutation of the places of a w x w box.
type placeMove []uint16

func identityMove(w int) placeMove {
	m := make(placeMove, w*w)
	for p := range m {
		m[p] = uint16(p)
	}
	return m
}

// then is m followed by n: the box moved by m, then by n.
func (m placeMove) then(n placeMove) placeMove {
	out := make(placeMove, len(m))
	for p, q := range n {
		out[p] = m[q]
	}
	return out
}

func (m placeMove) Apply(vals []uint8) []uint8 {
	out := make([]uint8, len(vals))
	for p, q := range m {
		out[p] = vals[q]
	}
	return out
}

// keepsHousesOf reports whether m sends every house of f onto a house.
func keepsHousesOf(f canon.Figure, m placeMove) bool {
	hs := f.Houses()
	houses := map[string]bool{}
	for _, h := range hs {
		houses[cellsKey(f.W, h)] = true
	}
	where := make([]int, len(m)) // where m puts each place
	for p, q := range m {
		where[q] = p
	}
	img := make([]int, 0, f.Side)
	for _, h := range hs {
		img = img[:0]
		for _, p := range h {
			img = append(img, where[p])
		}
		if !houses[cellsKey(f.W, img)] {
			return false
		}
	}
	return true
}

// pieceMove is one swap the tests try: rows a and b (or, band, bands a
// and b line by line) swapped over the columns of stacks lo..hi, and
// whether the same swap over the whole width moves the cells in play
// otherwise (a move of a piece alone, not of whole lines of the box).
type pieceMove struct {
	m       placeMove
	desc    string
	cols    bool // a swap of columns or stacks
	partial bool
}

// pieceMoves lists the swaps of rows within a band and of bands, each
// over a run of stacks, that keep every house of f, and the same for
// columns (their transposes).
func pieceMoves(f canon.Figure) []pieceMove {
	w, b := f.W, f.B
	n := w / b
	inPlay := make([]bool, w*w)
	for _, h := range f.Houses() {
		for _, p := range h {
			inPlay[p] = true
		}
	}
	swap := func(rows [][2]int, lo, hi int) placeMove {
		m := identityMove(w)
		for _, pr := range rows {
			for c := lo * b; c < (hi+1)*b; c++ {
				m[pr[0]*w+c], m[pr[1]*w+c] = uint16(pr[1]*w+c), uint16(pr[0]*w+c)
			}
		}
		return m
	}
	same := func(x, y placeMove) bool {
		for p := range x {
			if inPlay[p] && x[p] != y[p] {
				return false
			}
		}
		return true
	}
	var out []pieceMove
	add := func(rows [][2]int, what string) {
		whole := swap(rows, 0, n-1)
		for lo := 0; lo < n; lo++ {
			for hi := lo; hi < n; hi++ {
				m := swap(rows, lo, hi)
				if same(m, identityMove(w)) || !keepsHousesOf(f, m) {
					continue
				}
				partial := !same(m, whole)
				for t, dir := range []string{"rows", "columns"} {
					if t == 1 {
						m = transposeMove(w).then(m).then(transposeMove(w))
					}
					out = append(out, pieceMove{m, fmt.Sprintf("%s %s over %s %d-%d", dir, what, [2]string{"stacks", "bands"}[t], lo, hi), t == 1, partial})
				}
			}
		}
	}
	for r1 := 0; r1 < w; r1++ {
		for r2 := r1 + 1; r2 < w && r2/b == r1/b; r2++ {
			add([][2]int{{r1, r2}}, fmt.Sprintf("%d and %d", r1, r2))
		}
	}
	for b1 := 0; b1 < n; b1++ {
		for b2 := b1 + 1; b2 < n; b2++ {
			var rows [][2]int
			for i := 0; i < b; i++ {
				rows = append(rows, [2]int{b1*b + i, b2*b + i})
			}
			add(rows, fmt.Sprintf("of bands %d and %d", b1, b2))
		}
	}
	return out
}

func transposeMove(w int) placeMove {
	m := make(placeMove, w*w)
	for r := 0; r < w; r++ {
		for c := 0; c < w; c++ {
			m[r*w+c] = uint16(c*w + r)
		}
	}
	return m
}

// figureMovesAsPlaces turns the band and stack moves of grp (the
// figure's own moves, lines kept in place) into place moves.
func figureMovesAsPlaces(grp *canon.Group) []placeMove {
	ident := make([]uint16, grp.N*grp.N)
	for i := range ident {
		ident[i] = uint16(i)
	}
	var out []placeMove
	for _, mv := range grp.Moves {
		ro, co := grp.Rows[mv.R], grp.Cols[mv.C]
		m := make(placeMove, grp.N*grp.N)
		for r := 0; r < grp.N; r++ {
			for c := 0; c < grp.N; c++ {
				i := int(ro[r])*grp.N + int(co[c])
				if mv.T {
					i = int(co[c])*grp.N + int(ro[r])
				}
				m[r*grp.N+c] = uint16(i)
			}
		}
		out = append(out, m)
	}
	return out
}

// closure is the group the moves gens make, every element once, or nil
// past limit elements.
func closure(w int, gens []placeMove, limit int) []placeMove {
	key := func(m placeMove) string {
		b := make([]byte, 2*len(m))
		for i, v := range m {
			b[2*i], b[2*i+1] = byte(v), byte(v>>8)
		}
		return string(b)
	}
	elems := []placeMove{identityMove(w)}
	seen := map[string]bool{key(elems[0]): true}
	var used []placeMove
	for _, g := range gens {
		if seen[key(g)] {
			continue // already made by the generators before it
		}
		used = append(used, g)
		// The old elements need only the new generator; what it makes
		// needs every generator.
		old := len(elems)
		for i := 0; i < len(elems); i++ {
			by := used
			if i < old {
				by = used[len(used)-1:]
			}
			for _, s := range by {
				if y := elems[i].then(s); !seen[key(y)] {
					seen[key(y)] = true
					elems = append(elems, y)
					if len(elems) > limit {
						return nil
					}
				}
			}
		}
	}
	return elems
}

// smallFigures are figures of the same kinds laid out with smaller grids,
// where every move of their groups can be tried: bands of one line (so a
// corner grid's two outer bands are two rows that swap alone), and a
// samurai and twin of 4x4 grids in 2x2 boxes (rows within a band that
// move apart from the other piece's). want is the order of the group.
var smallFigures = []struct {
	name  string
	shape canon.Figure
	want  int
}{
	{"samurai 3x3 b1", canon.Figure{W: 7, B: 1, Side: 3, Grids: [][2]int{{0, 0}, {0, 4}, {2, 2}, {4, 0}, {4, 4}}}, 2 * 32 * 32},
	{"samurai 4x4 b2", canon.Figure{W: 8, B: 2, Side: 4, Grids: [][2]int{{0, 0}, {0, 4}, {2, 2}, {4, 0}, {4, 4}}}, 2 * 128 * 128},
	{"sohei 3x3 b1", canon.Figure{W: 7, B: 1, Side: 3, Grids: [][2]int{{0, 2}, {2, 0}, {2, 4}, {4, 2}}}, 2 * 8 * 8},
	{"twin 3x3 b1", canon.Figure{W: 5, B: 1, Side: 3, Grids: [][2]int{{0, 0}, {2, 2}}}, 2 * 2 * 4 * 4},
	{"twin 4x4 b2", canon.Figure{W: 6, B: 2, Side: 4, Grids: [][2]int{{0, 0}, {2, 2}}}, 2 * 2 * 8 * 8},
	{"butterfly 3x3 b1", canon.Figure{W: 4, B: 1, Side: 3, Grids: [][2]int{{0, 0}, {0, 1}, {1, 0}, {1, 1}}}, 2 * 4 * 4},
	{"flower 3x3 b1", canon.Figure{W: 7, B: 1, Side: 3, Grids: [][2]int{{0, 2}, {2, 0}, {2, 2}, {2, 4}, {4, 2}}}, 2 * 8 * 8},
}

// leastOver is the least of vals under the moves of group, relabelled 1,
// 2, 3... in order of first appearance (0 stays 0), by trying each.
func leastOver(group []placeMove, vals []uint8) []uint8 {
	best := canon.Relabel(group[0].Apply(vals), true)
	var label [256]uint8
	for _, m := range group[1:] {
		clear(label[:])
		next := uint8(0)
		for p, q := range m {
			v := vals[q]
			if v != 0 {
				if label[v] == 0 {
					next++
					label[v] = next
				}
				v = label[v]
			}
			if v != best[p] {
				if v < best[p] {
					best = canon.Relabel(m.Apply(vals), true)
				}
				break
			}
		}
	}
	return best
}

// TestFigurePiecesBruteForce holds the search to trying every move on
// small figures: the group made by the figure's own moves (turns,
// mirrors, band swaps) and by every swap of rows, bands, columns or
// stacks over a run of the box that keeps the houses, each move applied
// to random labelled maps with many ties (few values, many blanks) and
// the least relabelled image taken. The search must find that least form.
func TestFigurePiecesBruteForce(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	rng := rand.New(rand.NewPCG(12, 12))
	for _, c := range smallFigures {
		t.Run(c.name, func(t *testing.T) {
			f := c.shape
			grp, lay, cfgs := f.Parts()
			gens := figureMovesAsPlaces(grp)
			for _, pm := range pieceMoves(f) {
				gens = append(gens, pm.m)
			}
			// Places out of play hold nothing: each move leaves them
			// where they are, so that a move counts once.
			inPlay := map[int]bool{}
			for _, h := range f.Houses() {
				for _, p := range h {
					inPlay[p] = true
				}
			}
			for _, m := range gens {
				for p := range m {
					if !inPlay[p] {
						m[p] = uint16(p)
					}
				}
			}
			group := closure(f.W, gens, 1<<16)
			if len(group) != c.want {
				t.Errorf("%d moves keep the figure, want %d", len(group), c.want)
			}
			for _, m := range group {
				if !keepsHousesOf(f, m) {
					t.Fatalf("a move of the group loses a house")
				}
			}
			s := canon.NewSearch(f.W, f.B, f.B, 0, 9, cfgs, lay)
			for trial := 0; trial < 40; trial++ {
				vals := make([]uint8, f.W*f.W)
				labels := 2 + rng.IntN(4)
				for p := range vals {
					if inPlay[p] && rng.IntN(5) >= 2 {
						vals[p] = uint8(1 + rng.IntN(labels))
					}
				}
				want := leastOver(group, vals)
				if got := s.Least(vals); !bytes.Equal(got, want) {
					t.Fatalf("map %v: search %v, brute force %v", vals, got, want)
				}
				if img := canon.Relabel(s.Image(), true); !bytes.Equal(img, want) {
					t.Fatalf("map %v: the key is not the map under the move the search ends with", vals)
				}
			}
		})
	}
}

// TestPieceMovesOfFigures lists, for every 9x9 figure, the swaps of rows
// or bands (columns or stacks) over part of the box that keep every house
// but are not moves of whole lines of the box: the moves of a piece
// alone. A samurai has them in its outer bands and stacks (rows within a
// band, and the two bands, of one corner grid), a sohei in its middle
// band and stack; a twin, butterfly and flower have none. The layout the
// search uses must split exactly those bands and stacks.
func TestPieceMovesOfFigures(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	for _, c := range []struct {
		v     Variant
		split []int // the bands (and, by symmetry, stacks) in two pieces
	}{{Samurai, []int{0, 1, 5, 6}}, {Sohei, []int{3}}, {Twin, nil}, {Butterfly, nil}, {Flower, nil}} {
		g, err := Lookup(c.v, 9)
		if err != nil {
			t.Fatal(err)
		}
		f := figureOf(g)
		split := map[int]bool{}
		for _, pm := range pieceMoves(f) {
			if !pm.partial {
				continue
			}
			for p, q := range pm.m {
				if int(q) != p {
					if pm.cols {
						split[p%f.W/3] = true
					} else {
						split[p/f.W/3] = true
					}
				}
			}
		}
		_, lay, _ := f.Parts()
		for band := 0; band < f.W/3; band++ {
			want := false
			for _, b := range c.split {
				want = want || b == band
			}
			if split[band] != want {
				t.Errorf("%v band/stack %d: moves of a piece alone %v, want %v", c.v, band, split[band], want)
			}
			if got := lay.Segments(band) > 1; got != want {
				t.Errorf("%v band %d: %d pieces in the search's layout, want split %v", c.v, band, lay.Segments(band), want)
			}
		}
	}
}

// TestFigureKeysPieceMoves: a samurai's and a sohei's keys hold under
// random compositions of moves of one piece alone (found by trying swaps,
// not taken from the search), the figure's line and band moves, and
// relabelling; and every other figure's under the same draw. A swap that
// breaks a house within one piece (rows of two bands of one corner grid)
// gives another key, and two puzzles two keys.
func TestFigureKeysPieceMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 23))
	gen := NewGenerator()
	for _, v := range []Variant{Samurai, Sohei, Twin, Butterfly, Flower} {
		g, err := Lookup(v, 9)
		if err != nil {
			t.Fatal(err)
		}
		f := figureOf(g)
		figMoves, _, _ := f.Parts()
		moves := pieceMoves(f)
		var keys []string
		partial := 0
		for len(keys) < 2 {
			p, ok := gen.Generate(rng, Quota{Kind: Kind{Variant: v}, Level: Easy, Count: 1, Symmetry: SymNone})
			if !ok {
				continue
			}
			key := p.Key()
			keys = append(keys, string(key))
			box := make([]uint8, g.Width*g.Width)
			for i, x := range p.Cells() {
				box[g.Place(i)] = x
			}
			for trial := 0; trial < 8; trial++ {
				m := identityMove(f.W)
				var what []string
				for k := 1 + rng.IntN(8); k > 0; k-- {
					pm := moves[rng.IntN(len(moves))]
					m = m.then(pm.m)
					what = append(what, pm.desc)
					if pm.partial {
						partial++
					}
				}
				grp, fm := randomFigureMove(rng, figMoves)
				m = m.then(figureMovesAsPlaces(&canon.Group{N: grp.N, Rows: grp.Rows, Cols: grp.Cols, Moves: []canon.Move{fm}})[0])
				if !keepsHousesOf(f, m) {
					t.Fatalf("%v: %v loses a house", v, what)
				}
				perm := randomDigits(rng, 9)
				moved := m.Apply(box)
				cells := make([]uint8, g.Cells)
				for i := range cells {
					cells[i] = perm[moved[g.Place(i)]]
				}
				if got := KeyOf(g, cells); !bytes.Equal(got, key) {
					t.Fatalf("%v moved by %v and a figure move: key differs", v, what)
				}
			}
			if v == Samurai || v == Sohei {
				// Rows 2 and 3 swapped in the left grid's columns only: the
				// boxes of that grid (samurai's top left, sohei's left) torn.
				m := identityMove(f.W)
				r1, r2 := 2, 3
				if v == Sohei {
					r1, r2 = 8, 9
				}
				for c := 0; c < 9; c++ {
					m[r1*f.W+c], m[r2*f.W+c] = uint16(r2*f.W+c), uint16(r1*f.W+c)
				}
				if keepsHousesOf(f, m) {
					t.Fatalf("%v: rows %d and %d swapped in one grid keep the houses", v, r1, r2)
				}
				moved := m.Apply(box)
				cells := make([]uint8, g.Cells)
				for i := range cells {
					cells[i] = moved[g.Place(i)]
				}
				if bytes.Equal(KeyOf(g, cells), key) {
					t.Errorf("%v: rows %d and %d swapped in one grid, houses broken, yet the same key", v, r1, r2)
				}
			}
		}
		if keys[0] == keys[1] {
			t.Errorf("%v: two generated puzzles share a key", v)
		}
		if (v == Samurai || v == Sohei) && partial == 0 {
			t.Errorf("%v: no move of a piece alone drawn; the test shows nothing new", v)
		}
	}
}

// FuzzFigureKeys: on any labelled map over a figure's box (values in
// play, blanks, ties), the search finds the same least form before and
// after a chain of piece swaps (found as in pieceMoves), a move of the
// figure and a relabelling.
func FuzzFigureKeys(f *testing.F) {
	for i := uint64(0); i < 10; i++ {
		f.Add(uint8(i), i*3+1, i*5+2)
	}
	kinds := []Variant{Samurai, Sohei, Twin, Butterfly, Flower}
	type parts struct {
		shape  canon.Figure
		moves  *canon.Group // the figure's band and stack moves
		s      *canon.Search
		pieces []pieceMove
		inPlay []bool
	}
	all := map[Variant]*parts{}
	f.Fuzz(func(t *testing.T, kind uint8, mapSeed, moveSeed uint64) {
		v := kinds[int(kind)%len(kinds)]
		p := all[v]
		if p == nil {
			g, err := Lookup(v, 9)
			if err != nil {
				t.Fatal(err)
			}
			sh := figureOf(g)
			grp, lay, cfgs := sh.Parts()
			p = &parts{shape: sh, moves: grp, s: canon.NewSearch(sh.W, 3, 3, 0, 9, cfgs, lay), pieces: pieceMoves(sh), inPlay: make([]bool, sh.W*sh.W)}
			for i := 0; i < g.Cells; i++ {
				p.inPlay[g.Place(i)] = true
			}
			all[v] = p
		}
		rng := rand.New(rand.NewPCG(mapSeed, 3))
		vals := make([]uint8, len(p.inPlay))
		labels := 1 + int(mapSeed%9)
		for i, in := range p.inPlay {
			if in && rng.IntN(2) == 0 {
				vals[i] = uint8(1 + rng.IntN(labels))
			}
		}
		rng = rand.New(rand.NewPCG(moveSeed, 4))
		m := identityMove(p.shape.W)
		for k := rng.IntN(9); k > 0; k-- {
			m = m.then(p.pieces[rng.IntN(len(p.pieces))].m)
		}
		grp, fm := randomFigureMove(rng, p.moves)
		m = m.then(figureMovesAsPlaces(&canon.Group{N: grp.N, Rows: grp.Rows, Cols: grp.Cols, Moves: []canon.Move{fm}})[0])
		perm := randomDigits(rng, 9)
		moved := m.Apply(vals)
		for i, x := range moved {
			moved[i] = perm[x]
		}
		want := p.s.Least(vals)
		if got := p.s.Least(moved); !bytes.Equal(got, want) {
			t.Fatalf("%v map %v: moved, least form %v, want %v", v, vals, got, want)
		}
	})
}
