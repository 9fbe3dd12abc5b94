package canon

// Group is a set of grid moves of side N: move k reads result cell (r, c)
// from source cell Rows[k.R][r]*N + Cols[k.C][c], transposed when k.T.
type Group struct {
	N          int
	Rows, Cols [][]uint8
	Moves      []Move
}

// Move is one move of a Group: row order Rows[R], column order Cols[C],
// transposed when T.
type Move struct {
	T    bool
	R, C uint32
}

// SquareMoves are the eight turns and mirrors of an n x n grid: rows and
// columns each as they are or reversed, transposed or not.
func SquareMoves(n int) *Group {
	id, rev := make([]uint8, n), make([]uint8, n)
	for i := range id {
		id[i], rev[i] = uint8(i), uint8(n-1-i)
	}
	grp := &Group{N: n, Rows: [][]uint8{id, rev}, Cols: [][]uint8{id, rev}}
	for t := 0; t < 2; t++ {
		for r := 0; r < 2; r++ {
			for c := 0; c < 2; c++ {
				grp.Moves = append(grp.Moves, Move{t == 1, uint32(r), uint32(c)})
			}
		}
	}
	return grp
}

// DiagonalMoves are the moves of the band-and-stack group of an n-grid in
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
func DiagonalMoves(n, br, bc, transposes int) *Group {
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
	grp := &Group{N: n, Rows: orders}
	for _, o := range orders {
		mirror := make([]uint8, n)
		for k, v := range o {
			mirror[k] = uint8(n-1) - v
		}
		grp.Cols = append(grp.Cols, o)
		grp.Cols = append(grp.Cols, mirror)
	}
	for t := 0; t < transposes; t++ {
		for i := range orders {
			for _, c := range []int{2 * i, 2*i + 1} {
				grp.Moves = append(grp.Moves, Move{t == 1, uint32(i), uint32(c)})
			}
		}
	}
	return grp
}

// Parts are what a search of figure f's keys needs: the band and stack
// moves that keep the figure, its pieces, and the configurations.
func (f Figure) Parts() (*Group, *Layout, []Config) {
	grp := f.Keeping(f.BandMoves())
	lay := NewLayout(f.W, f.B, f.Side, f.Grids)
	return grp, lay, figureConfigs(grp, lay, f.B)
}

// NewSearch is a search of the figure's keys: its givens laid out over
// the bounding box (0 for a blank and a place out of play) under the
// moves of rows within a band of the box, of columns within a stack, the
// band and stack moves that keep the figure (BandMoves, Keeping), and
// the moves of each piece of a band or stack on its own (pieces.go).
// The first seg stacks of the box's first row hold no value twice.
func (f Figure) NewSearch(seg int) *Search {
	_, lay, cfgs := f.Parts()
	return NewSearch(f.W, f.B, f.B, seg, f.Side, cfgs, lay)
}

// figureConfigs turns the band and stack moves of grp (a figure's box in
// bands and stacks of b) into search configurations, one for each way of
// sending the result's places to the pieces of lay: two moves that differ
// only by swapping bands (stacks) within a piece are one configuration,
// as the search tries every order of a piece's bands itself.
func figureConfigs(grp *Group, lay *Layout, b int) []Config {
	n := grp.N / b
	seen := map[string]bool{}
	var cfgs []Config
	for _, m := range grp.Moves {
		cfg := Config{}
		if m.T {
			cfg.src = 1
		}
		for k := 0; k < n; k++ {
			cfg.bands = append(cfg.bands, grp.Rows[m.R][b*k]/uint8(b))
			cfg.stacks = append(cfg.stacks, grp.Cols[m.C][b*k]/uint8(b))
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

// Figure is a figure's layout as the key's moves see it: square grids of
// Side lines with their top left corners at Grids, in a box of side W cut
// into bands and stacks of B lines (a 9x9 figure: Side 9, B 3; the tests
// also key smaller shapes of the same kinds).
type Figure struct {
	W, B, Side int
	Grids      [][2]int
}

// BandMoves lists the candidate band moves of a figure's bounding box,
// every line keeping its place within its band, both ways round: the
// orders of the box's bands that send the bands of every grid (its rows
// or its columns) onto the bands of a grid. Keeping then keeps the pairs
// of a row order and a column order that keep every house.
func (f Figure) BandMoves() *Group {
	w, b := f.W, f.B
	family := map[uint32]bool{}
	for _, gr := range f.Grids {
		for _, at := range gr {
			family[(1<<(f.Side/b)-1)<<(at/b)] = true
		}
	}
	var orders [][]uint8
next:
	for _, p := range Permutations(w / b) {
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
	grp := &Group{N: w, Rows: orders, Cols: orders}
	for t := 0; t < 2; t++ {
		for i := range orders {
			for j := range orders {
				grp.Moves = append(grp.Moves, Move{t == 1, uint32(i), uint32(j)})
			}
		}
	}
	return grp
}

// houses lists the rows, columns and boxes of every grid of the figure,
// each as a set of places of the box (r*w+c).
func (f Figure) Houses() [][]int {
	var out [][]int
	for _, gr := range f.Grids {
		for j := 0; j < f.Side; j++ {
			var row, col []int
			for m := 0; m < f.Side; m++ {
				row = append(row, (gr[0]+j)*f.W+gr[1]+m)
				col = append(col, (gr[0]+m)*f.W+gr[1]+j)
			}
			out = append(out, row, col)
		}
		for r := gr[0]; r < gr[0]+f.Side; r += f.B {
			for c := gr[1]; c < gr[1]+f.Side; c += f.B {
				var box []int
				for m := 0; m < f.B*f.B; m++ {
					box = append(box, (r+m/f.B)*f.W+c+m%f.B)
				}
				out = append(out, box)
			}
		}
	}
	return out
}

// Keeping keeps the moves of cand (moves of the figure's bounding box)
// that send every cell in play to a cell in play and every house onto a
// house.
func (f Figure) Keeping(cand *Group) *Group {
	w := f.W
	houses := map[string]bool{}
	inPlay := make([]bool, w*w)
	hs := f.Houses()
	for _, h := range hs {
		houses[cellsKey(w, h)] = true
		for _, p := range h {
			inPlay[p] = true
		}
	}
	out := &Group{N: w, Rows: cand.Rows, Cols: cand.Cols}
	image := make([]int, w*w) // image[p] is where the move puts place p
	moved := make([]int, max(f.Side, f.B*f.B))
moves:
	for _, m := range cand.Moves {
		ro, co := cand.Rows[m.R], cand.Cols[m.C]
		for r := 0; r < w; r++ {
			for c := 0; c < w; c++ {
				src := int(ro[r])*w + int(co[c])
				if m.T {
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
		out.Moves = append(out.Moves, m)
	}
	return out
}

// Apply is move m of grp on vals, with no relabelling.
func (grp *Group) Apply(m Move, vals []uint8) []uint8 {
	n := grp.N
	out := make([]uint8, n*n)
	ro, co := grp.Rows[m.R], grp.Cols[m.C]
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			i := int(ro[r])*n + int(co[c])
			if m.T {
				i = int(co[c])*n + int(ro[r])
			}
			out[r*n+c] = vals[i]
		}
	}
	return out
}

// Relabel numbers the distinct values of vals 1, 2, 3... in order of
// first appearance; with blank set, 0 stays 0 (a blank cell), otherwise it
// is a value like any other (a region map's region 0).
func Relabel(vals []uint8, blank bool) []uint8 {
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

// OrderCount is len(LineOrders(n, per)): (n/per)! (per!)^(n/per).
func OrderCount(n, per int) int {
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

// Keeper tells which moves of one group map every house in check onto a
// house of g.
type Keeper struct {
	n          int
	grp        *Group
	check      [][]int
	houses     map[string]bool
	rinv, cinv []int
	image      []int
}

// NewKeeper tells which moves of grp keep the houses in check on an n x n
// grid whose houses (each a set of cells r*n+c) are houses.
func NewKeeper(n int, houses [][]int, grp *Group, check [][]int) *Keeper {
	k := &Keeper{n: n, grp: grp, check: check, houses: map[string]bool{},
		rinv: make([]int, n), cinv: make([]int, n), image: make([]int, n)}
	for _, h := range houses {
		k.houses[cellsKey(n, h)] = true
	}
	return k
}

// Keeps reports whether m maps every house in check onto a house.
func (k *Keeper) Keeps(m Move) bool {
	if len(k.check) == 0 {
		return true
	}
	n := k.n
	for r, sr := range k.grp.Rows[m.R] {
		k.rinv[sr] = r
	}
	for c, sc := range k.grp.Cols[m.C] {
		k.cinv[sc] = c
	}
	for _, h := range k.check {
		for j, i := range h {
			sr, sc := i/n, i%n
			if !m.T {
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

// LineOrders lists every order of n lines that keeps bands of per lines
// together: the bands in any order, the lines of each band in any order.
func LineOrders(n, per int) [][]uint8 {
	bands := Permutations(n / per)
	within := Permutations(per)
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

// Permutations lists the orders of 0..k-1.
func Permutations(k int) [][]int {
	if k == 0 {
		return [][]int{{}}
	}
	var out [][]int
	for _, p := range Permutations(k - 1) {
		for at := 0; at <= len(p); at++ {
			q := append(append(append([]int(nil), p[:at]...), k-1), p[at:]...)
			out = append(out, q)
		}
	}
	return out
}

// Least tries every move on cells and returns the least relabelled grid.
func (grp *Group) Least(cells []uint8) []uint8 {
	n := grp.N
	best := make([]uint8, n*n)
	have := false
	var label [17]uint8
	for _, m := range grp.Moves {
		ro, co := grp.Rows[m.R], grp.Cols[m.C]
		label = [17]uint8{}
		next := uint8(0)
		less := !have
	cells:
		for r := 0; r < n; r++ {
			for c := 0; c < n; c++ {
				i := int(ro[r])*n + int(co[c])
				if m.T {
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

// BandOrders is the band-and-stack group of an n x n grid in boxes of br
// rows and bc columns, its row and column orders without moves yet: every
// order of rows that keeps bands together, and of columns stacks.
func BandOrders(n, br, bc int) *Group {
	return &Group{N: n, Rows: LineOrders(n, br), Cols: LineOrders(n, bc)}
}

// AddKept appends to g every move of its row and column orders, on the
// grid and, when transposes, on its transpose, that k keeps.
func (g *Group) AddKept(transposes bool, k *Keeper) {
	srcs := 1
	if transposes {
		srcs = 2
	}
	for t := 0; t < srcs; t++ {
		for ri := range g.Rows {
			for ci := range g.Cols {
				if m := (Move{t == 1, uint32(ri), uint32(ci)}); k.Keeps(m) {
					g.Moves = append(g.Moves, m)
				}
			}
		}
	}
}

// Sifted is the group of g's moves that k keeps.
func (g *Group) Sifted(k *Keeper) *Group {
	out := &Group{N: g.N, Rows: g.Rows, Cols: g.Cols}
	for _, m := range g.Moves {
		if k.Keeps(m) {
			out.Moves = append(out.Moves, m)
		}
	}
	return out
}
