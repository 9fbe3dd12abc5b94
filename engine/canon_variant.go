package engine

import "sync"

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
// Where the group is too large to try move by move (12x12 and 16x16) or is
// not a band-and-stack group at all (jigsaw, where any row and any column
// order keeps the houses and the region map moves with the grid), KeyOf
// falls back to the relabelling alone: equal keys still mean the same
// puzzle, but a turned copy gets another key. That is the work left for
// those kinds.

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
// Canonical.
func KeyOf(g *Geometry, cells []uint8) []uint8 {
	if g.Variant == Classic && g.N == 9 {
		var grid Grid
		copy(grid[:], cells)
		k := Canonical(grid)
		return k[:]
	}
	grp := groupOf(g)
	if grp == nil {
		key := relabelled(cells, true)
		if g.Variant == Jigsaw {
			key = append(key, relabelled(g.Regions, false)...)
		}
		return key
	}
	return grp.least(cells)
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

// groupOf returns the moves that keep every house of g, or nil when KeyOf
// must fall back.
func groupOf(g *Geometry) *moveGroup {
	if v, ok := groups.Load(g); ok {
		return v.(*moveGroup)
	}
	grp := buildGroup(g)
	v, _ := groups.LoadOrStore(g, grp)
	return v.(*moveGroup)
}

func buildGroup(g *Geometry) *moveGroup {
	if g.Variant == Jigsaw || g.BoxRows == 0 || g.BoxCols == 0 {
		return nil
	}
	n := g.N
	rows := lineOrders(n, g.BoxRows)
	cols := lineOrders(n, g.BoxCols)
	transposes := 1
	if g.BoxRows == g.BoxCols {
		transposes = 2
	}
	if len(rows)*len(cols)*transposes > maxMoves {
		return nil
	}
	// Only the houses beyond rows, columns and boxes can be lost.
	var extra [][]int
	houses := map[string]bool{}
	for u, h := range g.Houses {
		houses[cellsKey(n, h)] = true
		if g.Kinds[u] != RowHouse && g.Kinds[u] != ColumnHouse && g.Kinds[u] != BoxHouse {
			extra = append(extra, h)
		}
	}
	grp := &moveGroup{n: n, rows: rows, cols: cols}
	rinv, cinv := make([]int, n), make([]int, n)
	image := make([]int, n)
	for t := 0; t < transposes; t++ {
		for ri, ro := range rows {
			for r, sr := range ro {
				rinv[sr] = r
			}
		moves:
			for ci, co := range cols {
				for c, sc := range co {
					cinv[sc] = c
				}
				for _, h := range extra {
					for k, i := range h {
						sr, sc := i/n, i%n
						if t == 0 {
							image[k] = rinv[sr]*n + cinv[sc]
						} else {
							image[k] = rinv[sc]*n + cinv[sr]
						}
					}
					if !houses[cellsKey(n, image[:len(h)])] {
						continue moves
					}
				}
				grp.moves = append(grp.moves, gridMove{t == 1, uint32(ri), uint32(ci)})
			}
		}
	}
	return grp
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
