package engine

import (
	"bytes"
	"sync"
)

// Keys of the variants
//
// A variant keeps its houses only under part of the classic moves: X
// needs the diagonals to land on the diagonals, hyper its four windows on
// windows. KeyOf finds that part once per geometry, by trying every move of
// the grid's band-and-stack group (bands of BoxRows rows, stacks of BoxCols
// columns, transposition when the boxes are square) and keeping those that
// map each extra house onto a house. For X 9x9 that leaves 96 moves, for
// hyper 9x9 128 (both counted in the tests); the key is then the least of the grids those moves
// make, each relabelled in order of first appearance, found by trying them
// all. Classic 4x4, 6x6 and 8x8 have no extra houses, so their part is the
// whole group (128, 3,456 and 442,368 moves).
//
// Classic 12x12 and 16x16, whose groups are too large to try move by move,
// get the row-by-row search of canon.go with their band and stack sizes
// (canon_bands.go). X on those sizes gets the moves that keep the
// diagonals built directly (diagonalMoves), not sifted from its group:
// band and line orders symmetric about the middle, the same for rows and
// columns up to a mirror, so a copy with its bands shuffled that way, not
// only a turned or mirrored one, is found.
// A jigsaw has no bands: its moves are the same eight turns and mirrors,
// each carrying the region map with the grid (a band shuffle would tear its
// regions apart), and its key is the least moved region map, relabelled,
// followed by the givens.

// maxMoves bounds the groups KeyOf tries move by move.
const maxMoves = 1 << 22

// moveGroup is a set of grid moves of one side n: move k reads result cell
// (r, c) from source cell rows[k.r][r]*n + cols[k.c][c], transposed when k.t.
type moveGroup struct {
	n          int
	rows, cols [][]uint8
	moves      []gridMove
}

type gridMove struct {
	t    bool
	r, c uint32
}

var groups sync.Map // *Geometry -> *moveGroup (nil when KeyOf falls back)

// KeyOf returns the canonical key of a puzzle of geometry g (its cells,
// N*N of them, 0 for a blank): equal keys mean the same puzzle. See the
// note above for the moves each kind allows. For classic 9x9 it is
// Canonical; a killer's is leastKiller's, whatever its grid.
func KeyOf(g *Geometry, cells []uint8) []uint8 {
	if len(g.Cages) > 0 {
		return leastKiller(g, cells)
	}
	if g.Variant == Classic && g.N == 9 {
		var grid Grid
		copy(grid[:], cells)
		k := Canonical(grid)
		return k[:]
	}
	if g.Variant == Jigsaw {
		return leastJigsaw(g, cells)
	}
	if g.Variant.Multi() {
		return leastFigure(g, cells)
	}
	if g.Variant == Classic && orderCount(g.N, g.BoxRows)*orderCount(g.N, g.BoxCols) > maxMoves {
		// 12x12 and 16x16: the row-by-row search of canon.go, sized.
		return newBandCanon(g.N, g.BoxRows, g.BoxCols).canonical(cells)
	}
	return groupOf(g).least(cells)
}

// squareMoves are the eight turns and mirrors of an n x n grid: rows and
// columns each as they are or reversed, transposed or not.
func squareMoves(n int) *moveGroup {
	id, rev := make([]uint8, n), make([]uint8, n)
	for i := range id {
		id[i], rev[i] = uint8(i), uint8(n-1-i)
	}
	grp := &moveGroup{n: n, rows: [][]uint8{id, rev}, cols: [][]uint8{id, rev}}
	for t := 0; t < 2; t++ {
		for r := 0; r < 2; r++ {
			for c := 0; c < 2; c++ {
				grp.moves = append(grp.moves, gridMove{t == 1, uint32(r), uint32(c)})
			}
		}
	}
	return grp
}

// diagonalMoves are the moves of the band-and-stack group of an n-grid in
// boxes of br x bc that can keep both diagonals, found without trying the
// whole group (16x16 has 8e12 moves). A move reading row p(r) and column
// q(c) into (r, c) sends the main diagonal onto a diagonal only when q is
// p or p reversed, and then the other diagonal too only when p commutes
// with turning the grid upside down: p(n-1-i) = n-1-p(i). So the rows are
// taken in every such order that keeps bands of br and stacks of bc
// together (the one order serves rows and columns), the columns in the
// same order or its mirror, transposed too when the boxes are square.
// X 16x16 has 4,608 such orders, 18,432 moves; 9x9 the 96 of the whole
// group's check.
func diagonalMoves(n, br, bc, transposes int) *moveGroup {
	var orders [][]uint8
	p := make([]int, n)
	for i := range p {
		p[i] = -1
	}
	used := make([]bool, n)
	if n%2 == 1 {
		p[n/2], used[n/2] = n/2, true // the middle line stays
	}
	// keeps says lines i and j go where they may: together in a band
	// (stack) exactly when their images are.
	keeps := func(i, j int) bool {
		return (i/br == j/br) == (p[i]/br == p[j]/br) && (i/bc == j/bc) == (p[i]/bc == p[j]/bc)
	}
	var place func(i int)
	place = func(i int) {
		if i == n/2 {
			o := make([]uint8, n)
			for k, v := range p {
				o[k] = uint8(v)
			}
			orders = append(orders, o)
			return
		}
		m := n - 1 - i
		for v := 0; v < n; v++ {
			w := n - 1 - v
			if used[v] || used[w] || v == w {
				continue
			}
			p[i], p[m], used[v], used[w] = v, w, true, true
			ok := true
			for j := 0; j < n && ok; j++ {
				if p[j] >= 0 {
					ok = keeps(i, j) && keeps(m, j)
				}
			}
			if ok {
				place(i + 1)
			}
			p[i], p[m], used[v], used[w] = -1, -1, false, false
		}
	}
	place(0)
	grp := &moveGroup{n: n, rows: orders}
	for _, o := range orders {
		mirror := make([]uint8, n)
		for k, v := range o {
			mirror[k] = uint8(n-1) - v
		}
		grp.cols = append(grp.cols, o)
		grp.cols = append(grp.cols, mirror)
	}
	for t := 0; t < transposes; t++ {
		for i := range orders {
			for _, c := range []int{2 * i, 2*i + 1} {
				grp.moves = append(grp.moves, gridMove{t == 1, uint32(i), uint32(c)})
			}
		}
	}
	return grp
}

// leastKiller is a killer's key: the least, over the turns and mirrors
// that keep the grid's houses, of its moved cage map (cages numbered in
// order of first appearance), then the cages' sums in that order, then its
// moved givens. The digits are never relabelled: a cage's sum depends on
// them. A band shuffle is not tried.
func leastKiller(g *Geometry, cells []uint8) []uint8 {
	sq := squareMoves(g.N)
	keep := newKeeper(g, sq, g.Houses)
	cage := make([]uint8, g.Cells)
	for ci, c := range g.Cages {
		for _, x := range c.Cells {
			cage[x] = uint8(ci)
		}
	}
	var best []uint8
	for _, m := range sq.moves {
		if !keep.keeps(m) {
			continue
		}
		moved := sq.apply(m, cage)
		key := relabelled(moved, false)
		order := make([]int, len(g.Cages)) // label -> cage
		for i, l := range key {
			order[l-1] = int(moved[i])
		}
		for _, ci := range order {
			key = append(key, uint8(g.Cages[ci].Sum))
		}
		key = append(key, sq.apply(m, cells)...)
		if best == nil || bytes.Compare(key, best) < 0 {
			best = key
		}
	}
	return best
}

// figures holds, per figure geometry, the turns and mirrors of its
// bounding box that map the figure onto itself.
var figures sync.Map // *Geometry -> *moveGroup

// leastFigure is the key of a figure of several grids (samurai, twin,
// butterfly): the least, over the turns and mirrors of the bounding box
// that map every house onto a house, of the givens laid out over the box
// (0 for a blank and for a place out of play, which those moves keep out
// of play) and relabelled. A samurai and a butterfly keep all eight, a
// twin four. Shuffles of bands and lines that keep a figure are not
// tried: equal keys still mean the same puzzle, but such a copy is not
// found.
func leastFigure(g *Geometry, cells []uint8) []uint8 {
	grp, ok := figures.Load(g)
	if !ok {
		grp, _ = figures.LoadOrStore(g, figureMoves(g))
	}
	box := make([]uint8, g.Width*g.Width)
	for i, v := range cells {
		box[g.Place(i)] = v
	}
	return grp.(*moveGroup).least(box)
}

// figureMoves lists the turns and mirrors of g's bounding box that send
// every cell in play to a cell in play and every house onto a house.
func figureMoves(g *Geometry) *moveGroup {
	w := g.Width
	sq := squareMoves(w)
	cellAt := make([]int, w*w)
	for i := range cellAt {
		cellAt[i] = -1
	}
	for i := 0; i < g.Cells; i++ {
		cellAt[g.Place(i)] = i
	}
	set := func(cells []int) string {
		b := make([]byte, (g.Cells+7)/8)
		for _, i := range cells {
			b[i/8] |= 1 << (i % 8)
		}
		return string(b)
	}
	houses := map[string]bool{}
	for _, h := range g.Houses {
		houses[set(h)] = true
	}
	out := &moveGroup{n: w, rows: sq.rows, cols: sq.cols}
moves:
	for _, m := range sq.moves {
		// image[p] is where the move puts place p.
		image := make([]int, w*w)
		ro, co := sq.rows[m.r], sq.cols[m.c]
		for r := 0; r < w; r++ {
			for c := 0; c < w; c++ {
				src := int(ro[r])*w + int(co[c])
				if m.t {
					src = int(co[c])*w + int(ro[r])
				}
				image[src] = r*w + c
			}
		}
		for _, h := range g.Houses {
			moved := make([]int, len(h))
			for k, i := range h {
				if moved[k] = cellAt[image[g.Place(i)]]; moved[k] < 0 {
					continue moves
				}
			}
			if !houses[set(moved)] {
				continue moves
			}
		}
		out.moves = append(out.moves, m)
	}
	return out
}

// leastJigsaw is a jigsaw's key: the least, over the eight turns and
// mirrors, of its moved region map relabelled, then its moved givens
// relabelled.
func leastJigsaw(g *Geometry, cells []uint8) []uint8 {
	grp := squareMoves(g.N)
	var best []uint8
	for _, m := range grp.moves {
		key := append(relabelled(grp.apply(m, g.Regions), false), relabelled(grp.apply(m, cells), true)...)
		if best == nil || bytes.Compare(key, best) < 0 {
			best = key
		}
	}
	return best
}

// apply is move m of grp on vals, with no relabelling.
func (grp *moveGroup) apply(m gridMove, vals []uint8) []uint8 {
	n := grp.n
	out := make([]uint8, n*n)
	ro, co := grp.rows[m.r], grp.cols[m.c]
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			i := int(ro[r])*n + int(co[c])
			if m.t {
				i = int(co[c])*n + int(ro[r])
			}
			out[r*n+c] = vals[i]
		}
	}
	return out
}

// relabelled numbers the distinct values of vals 1, 2, 3... in order of
// first appearance; with blank set, 0 stays 0 (a blank cell), otherwise it
// is a value like any other (a region map's region 0).
func relabelled(vals []uint8, blank bool) []uint8 {
	var label [256]uint8
	next := uint8(0)
	out := make([]uint8, len(vals))
	for i, v := range vals {
		if blank && v == 0 {
			continue
		}
		if label[v] == 0 {
			next++
			label[v] = next
		}
		out[i] = label[v]
	}
	return out
}

// groupOf returns the moves KeyOf tries for g (not a jigsaw): the part of
// the band-and-stack group that keeps every house, or, when that group is
// too large to try, the turns and mirrors that do.
func groupOf(g *Geometry) *moveGroup {
	if v, ok := groups.Load(g); ok {
		return v.(*moveGroup)
	}
	grp := buildGroup(g)
	v, _ := groups.LoadOrStore(g, grp)
	return v.(*moveGroup)
}

func buildGroup(g *Geometry) *moveGroup {
	n := g.N
	transposes := 1
	if g.BoxRows == g.BoxCols {
		transposes = 2
	}
	if orderCount(n, g.BoxRows)*orderCount(n, g.BoxCols)*transposes > maxMoves {
		cand := squareMoves(n)
		if len(g.Houses) > 3*n {
			cand = diagonalMoves(n, g.BoxRows, g.BoxCols, transposes)
		}
		k := newKeeper(g, cand, g.Houses)
		out := &moveGroup{n: n, rows: cand.rows, cols: cand.cols}
		for _, m := range cand.moves {
			if k.keeps(m) {
				out.moves = append(out.moves, m)
			}
		}
		return out
	}
	// Only the houses beyond rows, columns and boxes can be lost.
	var extra [][]int
	for u, h := range g.Houses {
		if g.Kinds[u] != RowHouse && g.Kinds[u] != ColumnHouse && g.Kinds[u] != BoxHouse {
			extra = append(extra, h)
		}
	}
	grp := &moveGroup{n: n, rows: lineOrders(n, g.BoxRows), cols: lineOrders(n, g.BoxCols)}
	k := newKeeper(g, grp, extra)
	for t := 0; t < transposes; t++ {
		for ri := range grp.rows {
			for ci := range grp.cols {
				if m := (gridMove{t == 1, uint32(ri), uint32(ci)}); k.keeps(m) {
					grp.moves = append(grp.moves, m)
				}
			}
		}
	}
	return grp
}

// orderCount is len(lineOrders(n, per)): (n/per)! (per!)^(n/per).
func orderCount(n, per int) int {
	fact := func(k int) int {
		f := 1
		for i := 2; i <= k; i++ {
			f *= i
		}
		return f
	}
	c := fact(n / per)
	for i := 0; i < n/per; i++ {
		c *= fact(per)
	}
	return c
}

// keeper tells which moves of one group map every house in check onto a
// house of g.
type keeper struct {
	n          int
	grp        *moveGroup
	check      [][]int
	houses     map[string]bool
	rinv, cinv []int
	image      []int
}

func newKeeper(g *Geometry, grp *moveGroup, check [][]int) *keeper {
	k := &keeper{n: g.N, grp: grp, check: check, houses: map[string]bool{},
		rinv: make([]int, g.N), cinv: make([]int, g.N), image: make([]int, g.N)}
	for _, h := range g.Houses {
		k.houses[cellsKey(g.N, h)] = true
	}
	return k
}

func (k *keeper) keeps(m gridMove) bool {
	if len(k.check) == 0 {
		return true
	}
	n := k.n
	for r, sr := range k.grp.rows[m.r] {
		k.rinv[sr] = r
	}
	for c, sc := range k.grp.cols[m.c] {
		k.cinv[sc] = c
	}
	for _, h := range k.check {
		for j, i := range h {
			sr, sc := i/n, i%n
			if !m.t {
				k.image[j] = k.rinv[sr]*n + k.cinv[sc]
			} else {
				k.image[j] = k.rinv[sc]*n + k.cinv[sr]
			}
		}
		if !k.houses[cellsKey(n, k.image[:len(h)])] {
			return false
		}
	}
	return true
}

// cellsKey names a set of cells whatever their order.
func cellsKey(n int, cells []int) string {
	b := make([]byte, (n*n+7)/8)
	for _, i := range cells {
		b[i/8] |= 1 << (i % 8)
	}
	return string(b)
}

// lineOrders lists every order of n lines that keeps bands of per lines
// together: the bands in any order, the lines of each band in any order.
func lineOrders(n, per int) [][]uint8 {
	bands := permutations(n / per)
	within := permutations(per)
	var out [][]uint8
	var build func(k int, cur []uint8, order []int)
	build = func(k int, cur []uint8, order []int) {
		if k == len(order) {
			out = append(out, append([]uint8(nil), cur...))
			return
		}
		for _, w := range within {
			for j, l := range w {
				cur[k*per+j] = uint8(order[k]*per + l)
			}
			build(k+1, cur, order)
		}
	}
	for _, order := range bands {
		build(0, make([]uint8, n), order)
	}
	return out
}

// permutations lists the orders of 0..k-1.
func permutations(k int) [][]int {
	if k == 0 {
		return [][]int{{}}
	}
	var out [][]int
	for _, p := range permutations(k - 1) {
		for at := 0; at <= len(p); at++ {
			q := append(append(append([]int(nil), p[:at]...), k-1), p[at:]...)
			out = append(out, q)
		}
	}
	return out
}

// least tries every move on cells and returns the least relabelled grid.
func (grp *moveGroup) least(cells []uint8) []uint8 {
	n := grp.n
	best := make([]uint8, n*n)
	have := false
	var label [17]uint8
	for _, m := range grp.moves {
		ro, co := grp.rows[m.r], grp.cols[m.c]
		label = [17]uint8{}
		next := uint8(0)
		less := !have
	cells:
		for r := 0; r < n; r++ {
			for c := 0; c < n; c++ {
				i := int(ro[r])*n + int(co[c])
				if m.t {
					i = int(co[c])*n + int(ro[r])
				}
				v := cells[i]
				if v != 0 {
					if label[v] == 0 {
						next++
						label[v] = next
					}
					v = label[v]
				}
				j := r*n + c
				if !less {
					if v > best[j] {
						break cells
					}
					if v < best[j] {
						less = true
					}
				}
				if less {
					best[j] = v
				}
			}
		}
		if less {
			have = true
		}
	}
	return best
}

// Key is the puzzle's canonical key on its own geometry (KeyOf).
func (p Puzzle) Key() []uint8 { return KeyOf(p.Geometry(), p.Cells()) }
