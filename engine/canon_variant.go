package engine

import (
	"bytes"
	"slices"
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
//
// Figures of several grids and killers on a classic grid have groups far
// too large to try (a samurai's is about 10^13 moves) and rows that may
// hold one value twice (two grids side by side, a cage's cells), so they
// get the row-by-row search of canon_search.go: a figure over its bounding
// box under the line and band moves that keep it, a killer over its cage
// map under its grid's whole group, then its sums and givens.

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

// leastKiller is a killer's key: the least, over the moves that keep the
// grid's houses, of its moved cage map (cages numbered in order of first
// appearance), then the cages' sums in that order, then its moved givens.
// The digits are never relabelled: a cage's sum depends on them. Cages
// move with their cells, so every move of the grid's group keeps a killer
// a killer: on a classic grid the whole band-and-stack group, searched
// row by row on the cage map (killerSearch); on a grid with more houses
// (killer-x) the part of its group that keeps them (groupOf), move by
// move.
func leastKiller(g *Geometry, cells []uint8) []uint8 {
	cage := make([]uint8, g.Cells)
	for ci, c := range g.Cages {
		for _, x := range c.Cells {
			cage[x] = uint8(ci + 1)
		}
	}
	base, err := Lookup(g.Variant, g.N)
	if err == nil && len(base.Houses) == 3*g.N && len(g.Cages) < maxSearchLabel && g.N <= maxSearchSide {
		return killerSearch(g, cage, cells)
	}
	// groupOf(base) keeps the grid's houses already; the turns and
	// mirrors, tried when that group is too large, are sifted here.
	grp := squareMoves(g.N)
	if err == nil && orderCount(g.N, g.BoxRows)*orderCount(g.N, g.BoxCols) <= maxMoves {
		grp = groupOf(base)
	} else {
		keep := newKeeper(g, grp, g.Houses)
		grp.moves = slices.DeleteFunc(grp.moves, func(m gridMove) bool { return !keep.keeps(m) })
	}
	return killerOver(g, grp, cage, cells)
}

// killerOver is leastKiller over the moves of grp, tried one by one.
func killerOver(g *Geometry, grp *moveGroup, cage, cells []uint8) []uint8 {
	var best []uint8
	for _, m := range grp.moves {
		moved := grp.apply(m, cage)
		key := relabelled(moved, true)
		key = append(key, cageSums(g, moved, key)...)
		key = append(key, grp.apply(m, cells)...)
		if best == nil || bytes.Compare(key, best) < 0 {
			best = key
		}
	}
	return best
}

// cageSums lists the sums of g's cages in the order of their labels: moved
// is the cage map (cage number + 1 in each cell), labels the same map
// relabelled.
func cageSums(g *Geometry, moved, labels []uint8) []uint8 {
	sums := make([]uint8, len(g.Cages))
	for i, l := range labels {
		sums[l-1] = uint8(g.Cages[moved[i]-1].Sum)
	}
	return sums
}

// killerSearches holds a pool of labelSearch per classic grid shape.
var killerSearches sync.Map // [3]int{n, br, bc} -> *sync.Pool

// killerSearch is leastKiller on a classic grid: the row-by-row search
// finds the least cage map and every move that gives it (a cage map seldom
// has more than one), and the sums and givens under those moves decide.
func killerSearch(g *Geometry, cage, cells []uint8) []uint8 {
	shape := [3]int{g.N, g.BoxRows, g.BoxCols}
	pool, ok := killerSearches.Load(shape)
	if !ok {
		n, br, bc := g.N, g.BoxRows, g.BoxCols
		cfgs := freeCfgs(n, bc, br == bc)
		pool, _ = killerSearches.LoadOrStore(shape, &sync.Pool{New: func() any {
			return newLabelSearch(n, br, bc, 0, cfgs, nil)
		}})
	}
	s := pool.(*sync.Pool).Get().(*labelSearch)
	defer pool.(*sync.Pool).Put(s)
	n := g.N
	key := s.run(cage)
	var best []uint8
	tail := make([]uint8, len(g.Cages)+n*n)
	givens := tail[len(g.Cages):]
	for i := range s.cur {
		m := &s.cur[i]
		for v, l := range m.label[1 : len(g.Cages)+1] {
			tail[l-1] = uint8(g.Cages[v].Sum)
		}
		src := s.cfgs[m.cfg].src
		s.each(m, func(cols []uint8) {
			for r := 0; r < n; r++ {
				for c := 0; c < n; c++ {
					i := int(m.rows[r][0])*n + int(cols[c])
					if src == 1 {
						i = int(cols[c])*n + int(m.rows[r][0])
					}
					givens[r*n+c] = cells[i]
				}
			}
			if best == nil || bytes.Compare(tail, best) < 0 {
				best = append(best[:0], tail...)
			}
		})
	}
	return append(key, best...)
}

// figures holds, per figure (its variant: every geometry of one figure is
// laid out alike), the band-level moves that keep the figure and a pool of
// searches over them.
var figures sync.Map // Variant -> *figureKeyer

type figureKeyer struct {
	moves *moveGroup   // the band and stack moves, each line in its place in its band
	lay   *pieceLayout // the pieces of its bands and stacks
	pool  sync.Pool    // *labelSearch
}

// leastFigure is the key of a figure of several grids (samurai, twin,
// butterfly, sohei, flower): its givens laid out over the bounding box (0
// for a blank and for a place out of play), relabelled, least under the
// moves of the box that keep every house a house. Those are the moves of
// rows within a band of the box and of columns within a stack, with the
// band and stack moves that keep the figure (figureBands: a samurai may
// also swap the two outer bands of its corner grids, a butterfly its two
// middle bands), the turns and mirrors among them; and, where a band or
// stack of the box crosses grids that share no cell in it (a samurai's
// outer bands and stacks, a sohei's middle ones), the moves of each such
// piece on its own: its rows in their own order, its bands swapped
// without the other piece's (canon_pieces.go).
func leastFigure(g *Geometry, cells []uint8) []uint8 {
	fk := figureKeyerOf(g)
	s := fk.pool.Get().(*labelSearch)
	defer fk.pool.Put(s)
	box := make([]uint8, g.Width*g.Width)
	for i, v := range cells {
		box[g.Place(i)] = v
	}
	return s.run(box)
}

func figureKeyerOf(g *Geometry) *figureKeyer {
	if v, ok := figures.Load(g.Variant); ok {
		return v.(*figureKeyer)
	}
	grp, lay, cfgs := shapeOf(g).searchParts()
	// Every move keeps the figure, so the first row of the result is the
	// box's first row, whose first house (cell 0's row) holds no digit
	// twice: up to its last stack, the search may sort rows by shape.
	seg := 0
	for u, h := range g.Houses {
		if g.Kinds[u] == RowHouse && slices.Contains(h, 0) {
			seg = (g.Col(h[len(h)-1]) + 1) / 3
		}
	}
	fk := &figureKeyer{moves: grp, lay: lay}
	w := g.Width
	fk.pool.New = func() any { return newLabelSearch(w, 3, 3, seg, cfgs, lay) }
	v, _ := figures.LoadOrStore(g.Variant, fk)
	return v.(*figureKeyer)
}

// searchParts are what a search of figure f's keys needs: the band and
// stack moves that keep the figure, its pieces, and the configurations.
func (f figureShape) searchParts() (*moveGroup, *pieceLayout, []searchCfg) {
	grp := f.keeping(f.bandMoves())
	lay := newPieceLayout(f.w, f.b, f.side, f.grids)
	return grp, lay, figureCfgs(grp, lay, f.b)
}

// figureCfgs turns the band and stack moves of grp (a figure's box in
// bands and stacks of b) into search configurations, one for each way of
// sending the result's places to the pieces of lay: two moves that differ
// only by swapping bands (stacks) within a piece are one configuration,
// as the search tries every order of a piece's bands itself.
func figureCfgs(grp *moveGroup, lay *pieceLayout, b int) []searchCfg {
	n := grp.n / b
	seen := map[string]bool{}
	var cfgs []searchCfg
	for _, m := range grp.moves {
		cfg := searchCfg{}
		if m.t {
			cfg.src = 1
		}
		for k := 0; k < n; k++ {
			cfg.bands = append(cfg.bands, grp.rows[m.r][b*k]/uint8(b))
			cfg.stacks = append(cfg.stacks, grp.cols[m.c][b*k]/uint8(b))
		}
		sig := []byte{cfg.src}
		for _, sb := range cfg.bands {
			for _, ss := range cfg.stacks {
				sig = append(sig, byte(lay.rowPiece[cfg.src][sb][ss]), byte(lay.colPiece[cfg.src][ss][sb]))
			}
		}
		if !seen[string(sig)] {
			seen[string(sig)] = true
			cfgs = append(cfgs, cfg)
		}
	}
	return cfgs
}

// figureShape is a figure's layout as the key's moves see it: square
// grids of side lines with their top left corners at grids, in a box of
// side w cut into bands and stacks of b lines (a 9x9 figure: side 9, b 3;
// the tests also key smaller shapes of the same kinds).
type figureShape struct {
	w, b, side int
	grids      [][2]int
}

func shapeOf(g *Geometry) figureShape {
	return figureShape{w: g.Width, b: 3, side: 9, grids: g.Grids}
}

// figureBands lists the candidate band moves of a figure's bounding box,
// every line keeping its place within its band, both ways round: the
// orders of the box's bands that send the bands of every grid (its rows
// or its columns) onto the bands of a grid. figureMoves then keeps the
// pairs of a row order and a column order that keep every house.
func figureBands(g *Geometry) *moveGroup { return shapeOf(g).bandMoves() }

func (f figureShape) bandMoves() *moveGroup {
	w, b := f.w, f.b
	family := map[uint32]bool{}
	for _, gr := range f.grids {
		for _, at := range gr {
			family[(1<<(f.side/b)-1)<<(at/b)] = true
		}
	}
	var orders [][]uint8
next:
	for _, p := range permutations(w / b) {
		for t := range family {
			var img uint32 // the result bands that read the bands of t
			for k, src := range p {
				if t&(1<<src) != 0 {
					img |= 1 << k
				}
			}
			if !family[img] {
				continue next
			}
		}
		o := make([]uint8, w)
		for r := range o {
			o[r] = uint8(b*p[r/b] + r%b)
		}
		orders = append(orders, o)
	}
	grp := &moveGroup{n: w, rows: orders, cols: orders}
	for t := 0; t < 2; t++ {
		for i := range orders {
			for j := range orders {
				grp.moves = append(grp.moves, gridMove{t == 1, uint32(i), uint32(j)})
			}
		}
	}
	return grp
}

// houses lists the rows, columns and boxes of every grid of the figure,
// each as a set of places of the box (r*w+c).
func (f figureShape) houses() [][]int {
	var out [][]int
	for _, gr := range f.grids {
		for j := 0; j < f.side; j++ {
			var row, col []int
			for m := 0; m < f.side; m++ {
				row = append(row, (gr[0]+j)*f.w+gr[1]+m)
				col = append(col, (gr[0]+m)*f.w+gr[1]+j)
			}
			out = append(out, row, col)
		}
		for r := gr[0]; r < gr[0]+f.side; r += f.b {
			for c := gr[1]; c < gr[1]+f.side; c += f.b {
				var box []int
				for m := 0; m < f.b*f.b; m++ {
					box = append(box, (r+m/f.b)*f.w+c+m%f.b)
				}
				out = append(out, box)
			}
		}
	}
	return out
}

// figureMoves keeps the moves of cand (moves of g's bounding box) that
// send every cell in play to a cell in play and every house onto a house.
func figureMoves(g *Geometry, cand *moveGroup) *moveGroup { return shapeOf(g).keeping(cand) }

func (f figureShape) keeping(cand *moveGroup) *moveGroup {
	w := f.w
	houses := map[string]bool{}
	inPlay := make([]bool, w*w)
	hs := f.houses()
	for _, h := range hs {
		houses[cellsKey(w, h)] = true
		for _, p := range h {
			inPlay[p] = true
		}
	}
	out := &moveGroup{n: w, rows: cand.rows, cols: cand.cols}
	image := make([]int, w*w) // image[p] is where the move puts place p
	moved := make([]int, max(f.side, f.b*f.b))
moves:
	for _, m := range cand.moves {
		ro, co := cand.rows[m.r], cand.cols[m.c]
		for r := 0; r < w; r++ {
			for c := 0; c < w; c++ {
				src := int(ro[r])*w + int(co[c])
				if m.t {
					src = int(co[c])*w + int(ro[r])
				}
				image[src] = r*w + c
			}
		}
		for _, h := range hs {
			for k, p := range h {
				if moved[k] = image[p]; !inPlay[moved[k]] {
					continue moves
				}
			}
			if !houses[cellsKey(w, moved[:len(h)])] {
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
