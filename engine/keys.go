package engine

import (
	"bytes"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/sudokubook/sudokubook/engine/canon"
)

// Keys
//
// Two puzzles are the same puzzle when one turns into the other by moves
// that keep every Sudoku a Sudoku: relabelling the digits, permuting the
// rows within a band, the columns within a stack, the bands, the stacks,
// and transposing (for classic 9x9, 2 x 6^8 = 3,359,232 grid moves times
// 9! relabellings). A puzzle's key is the least grid, read row by row
// with 0 for a blank, that any of those moves makes of it; equal keys
// mean the same puzzle, and the key is what a puzzle bank stores. The
// search itself is package canon's; this file says, for each kind, which
// group of moves its key is least under and how its cells are laid out
// for that search.
//
//	classic, any size   the whole band-and-stack group (bands of BoxRows
//	                    rows, stacks of BoxCols columns, transposition when
//	                    the boxes are square), searched row by row
//	X, hyper            the part of that group that maps every extra house
//	                    onto a house, found once per geometry and tried
//	                    move by move (X 9x9: 96 moves, hyper 9x9: 128); on
//	                    12x12 and 16x16, X's moves that keep the diagonals
//	                    built directly (canon.DiagonalMoves)
//	jigsaw              the eight turns and mirrors, the region map moving
//	                    with the grid: the least moved region map,
//	                    relabelled, then the givens
//	samurai and the     the bounding box under the line, band and piece
//	other figures       moves that keep the figure, searched row by row
//	killer, killer-x    the cage map under the grid's group, then the sums
//	                    and the givens, never relabelled (a sum depends on
//	                    the digits)
//	edge marks          the turns and mirrors that keep the houses, marks
//	                    moving with their cells, relabelled only where the
//	                    rule allows (keys_edges.go)
//
// Variant keys are never compared with classic keys: a bank stores the
// kind beside the key.

// maxMoves bounds the groups KeyOf tries move by move.
const maxMoves = 1 << 22

// KeyOf returns the canonical key of a puzzle of geometry g (its cells,
// N*N of them, 0 for a blank): equal keys mean the same puzzle. See the
// note above for the moves each kind allows. A complete grid works too.
// The cells must not hold a digit twice in one house (Geometry.Parse
// refuses such a grid): the search labels each digit of a row as it
// meets it.
func KeyOf(g *Geometry, cells []uint8) []uint8 {
	if len(g.layers) > 0 {
		if k := g.Layer().kindOf(); k != nil && k.key != nil {
			return k.key(g, cells)
		}
	}
	switch {
	case g.Variant == Jigsaw:
		return leastJigsaw(g, cells)
	case g.Variant == Latin:
		return leastLatin(g, cells)
	case g.Variant.Multi():
		return leastFigure(g, cells)
	case g.Variant == Classic:
		c := &classicSearches[g.N]
		s := c.get(g.N, digitSearch)
		key := s.Least(cells)
		c.put(s)
		return key
	}
	return groupOf(g).Least(cells)
}

// Key is the puzzle's canonical key on its own geometry (KeyOf).
func (p Puzzle) Key() []uint8 { return KeyOf(p.Geometry(), p.Cells()) }

// classicSearches and killerSearches hold, per side, searches under the
// whole band-and-stack group of the classic grid: of its digits, where no
// row holds one twice, so the search may sort first rows by shape over
// every stack (digitSearch); and of a killer's cage map, cage numbers up
// to N*N, which a row repeats (cageSearch). A search keeps its scratch
// space between keys, and keys are taken from many goroutines at once.
// Nothing is made before the first key: the program's start stays cheap.
var classicSearches, killerSearches [17]searchCache // by side, up to 16

func digitSearch(n int) *canon.Search {
	br, bc, _ := BoxShape(n)
	return canon.NewSearch(n, br, bc, n/bc, n, canon.FreeConfigs(n, bc, br == bc), nil)
}

func cageSearch(n int) *canon.Search {
	br, bc, _ := BoxShape(n)
	return canon.NewSearch(n, br, bc, 0, n*n, canon.FreeConfigs(n, bc, br == bc), nil)
}

// searchCache hands out searches of one shape: one kept at hand, which
// a single goroutine keying puzzle after puzzle takes and gives back
// with one atomic swap each, and a pool for the goroutines that find it
// taken; mk(n) makes one when both are empty.
type searchCache struct {
	one  atomic.Pointer[canon.Search]
	pool sync.Pool
}

func (c *searchCache) get(n int, mk func(int) *canon.Search) *canon.Search {
	if s := c.one.Swap(nil); s != nil {
		return s
	}
	if v := c.pool.Get(); v != nil {
		return v.(*canon.Search)
	}
	return mk(n)
}

func (c *searchCache) put(s *canon.Search) {
	if !c.one.CompareAndSwap(nil, s) {
		c.pool.Put(s)
	}
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
	if err == nil && len(base.Houses) == 3*g.N && canon.Fits(g.N, g.N*g.N) {
		return killerSearch(g, cage, cells)
	}
	// groupOf(base) keeps the grid's houses already; the turns and
	// mirrors, tried when that group is too large, are sifted here.
	grp := canon.SquareMoves(g.N)
	if err == nil && canon.OrderCount(g.N, g.BoxRows)*canon.OrderCount(g.N, g.BoxCols) <= maxMoves {
		grp = groupOf(base)
	} else {
		keep := canon.NewKeeper(g.N, g.Houses, grp, g.Houses)
		grp.Moves = slices.DeleteFunc(grp.Moves, func(m canon.Move) bool { return !keep.Keeps(m) })
	}
	return killerOver(g, grp, cage, cells)
}

// killerOver is leastKiller over the moves of grp, tried one by one.
func killerOver(g *Geometry, grp *canon.Group, cage, cells []uint8) []uint8 {
	var best []uint8
	for _, m := range grp.Moves {
		moved := grp.Apply(m, cage)
		key := canon.Relabel(moved, true)
		key = append(key, cageSums(g, moved, key)...)
		key = append(key, grp.Apply(m, cells)...)
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

// killerSearch is leastKiller on a classic grid: the row-by-row search
// finds the least cage map and every move that gives it (a cage map seldom
// has more than one), and the sums and givens under those moves decide.
// A cage map's rows hold one cage number in several cells, so the search
// sorts no first row by shape (seg 0).
func killerSearch(g *Geometry, cage, cells []uint8) []uint8 {
	n := g.N
	c := &killerSearches[n]
	s := c.get(n, cageSearch)
	defer c.put(s)
	key := s.Least(cage)
	var best []uint8
	tail := make([]uint8, len(g.Cages)+n*n)
	givens := tail[len(g.Cages):]
	s.EachLeast(func(transposed bool, rows, cols, label []uint8) {
		for v, l := range label[1 : len(g.Cages)+1] {
			tail[l-1] = uint8(g.Cages[v].Sum)
		}
		for r := 0; r < n; r++ {
			for c := 0; c < n; c++ {
				i := int(rows[r])*n + int(cols[c])
				if transposed {
					i = int(cols[c])*n + int(rows[r])
				}
				givens[r*n+c] = cells[i]
			}
		}
		if best == nil || bytes.Compare(tail, best) < 0 {
			best = append(best[:0], tail...)
		}
	})
	return append(key, best...)
}

// figures holds a pool of searches per figure (its variant: every
// geometry of one figure is laid out alike).
var figures sync.Map // Variant -> *sync.Pool of *canon.Search

// leastFigure is the key of a figure of several grids (samurai, twin,
// butterfly, sohei, flower): its givens laid out over the bounding box (0
// for a blank and for a place out of play), relabelled, least under the
// moves of the box that keep every house a house (canon.Figure).
func leastFigure(g *Geometry, cells []uint8) []uint8 {
	pool := figurePool(g)
	s := pool.Get().(*canon.Search)
	defer pool.Put(s)
	box := make([]uint8, g.Width*g.Width)
	for i, v := range cells {
		box[g.Place(i)] = v
	}
	return s.Least(box)
}

func figurePool(g *Geometry) *sync.Pool {
	if v, ok := figures.Load(g.Variant); ok {
		return v.(*sync.Pool)
	}
	// Every move keeps the figure, so the first row of the result is the
	// box's first row, whose first house (cell 0's row) holds no digit
	// twice: up to its last stack, the search may sort rows by shape.
	seg := 0
	for u, h := range g.Houses {
		if g.Kinds[u] == RowHouse && slices.Contains(h, 0) {
			seg = (g.Col(h[len(h)-1]) + 1) / 3
		}
	}
	fig := figureOf(g)
	v, _ := figures.LoadOrStore(g.Variant, &sync.Pool{New: func() any { return fig.NewSearch(seg) }})
	return v.(*sync.Pool)
}

// figureOf is g's layout as the key's moves see it: 9x9 grids in a box
// cut into bands and stacks of three lines.
func figureOf(g *Geometry) canon.Figure {
	return canon.Figure{W: g.Width, B: 3, Side: 9, Grids: g.Grids}
}

// leastJigsaw is a jigsaw's key: the least, over the eight turns and
// mirrors, of its moved region map relabelled, then its moved givens
// relabelled.
func leastJigsaw(g *Geometry, cells []uint8) []uint8 {
	grp := canon.SquareMoves(g.N)
	var best []uint8
	for _, m := range grp.Moves {
		key := append(canon.Relabel(grp.Apply(m, g.Regions), false), canon.Relabel(grp.Apply(m, cells), true)...)
		if best == nil || bytes.Compare(key, best) < 0 {
			best = key
		}
	}
	return best
}

var groups sync.Map // *Geometry -> *canon.Group

// groupOf returns the moves KeyOf tries for g (X, hyper, and a killer-x's
// grid): the part of the band-and-stack group that keeps every house, or,
// when that group is too large to try, the moves that do among those
// that can (canon.DiagonalMoves when g has more than rows, columns and
// boxes, the turns and mirrors otherwise).
func groupOf(g *Geometry) *canon.Group {
	if v, ok := groups.Load(g); ok {
		return v.(*canon.Group)
	}
	grp := buildGroup(g)
	v, _ := groups.LoadOrStore(g, grp)
	return v.(*canon.Group)
}

func buildGroup(g *Geometry) *canon.Group {
	n := g.N
	transposes := 1
	if g.BoxRows == g.BoxCols {
		transposes = 2
	}
	if canon.OrderCount(n, g.BoxRows)*canon.OrderCount(n, g.BoxCols)*transposes > maxMoves {
		cand := canon.SquareMoves(n)
		if len(g.Houses) > 3*n {
			cand = canon.DiagonalMoves(n, g.BoxRows, g.BoxCols, transposes)
		}
		return cand.Sifted(canon.NewKeeper(n, g.Houses, cand, g.Houses))
	}
	// Only the houses beyond rows, columns and boxes can be lost.
	var extra [][]int
	for u, h := range g.Houses {
		if g.Kinds[u] != RowHouse && g.Kinds[u] != ColumnHouse && g.Kinds[u] != BoxHouse {
			extra = append(extra, h)
		}
	}
	grp := canon.BandOrders(n, g.BoxRows, g.BoxCols)
	grp.AddKept(transposes == 2, canon.NewKeeper(n, g.Houses, grp, extra))
	return grp
}
