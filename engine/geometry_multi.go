package engine

// Multi-grid figures: several 9x9 grids laid over one another so that some
// 3x3 boxes belong to two grids. The union is one constraint system: its
// houses are every row, column and box of every sub-grid (a shared box, or
// a row two grids have in common, counted once), and the solvers, the
// grader and the generator run on it unchanged.
//
//	samurai    21x21  grids at (0,0) (0,12) (6,6) (12,0) (12,12)  369 cells, 131 houses
//	twin       15x15  grids at (0,0) (6,6)                          153 cells,  53 houses
//	butterfly  12x12  grids at (0,0) (0,3) (3,0) (3,3)              144 cells,  64 houses
//	sohei      21x21  grids at (0,6) (6,0) (6,12) (12,6)            288 cells, 104 houses
//	flower     21x21  grids at (0,6) (6,0) (6,6) (6,12) (12,6)      297 cells, 111 houses
//
// A sohei's four grids each share a corner box with two others, round a
// 3x3 hole; a flower's centre grid shares a band of three boxes with each
// petal, so its corner boxes belong to three grids at once (and a row of
// the top petal that runs through the centre grid is one house of both).
//
// Only the cells in play are numbered, row by row over the bounding box:
// cell i sits at Place(i) = r*Width+c. So no solver or finder ever meets a
// cell out of play, and a samurai fits in 384-bit cell sets.
//
// The text form covers the whole bounding box row by row, Width*Width
// symbols: a digit or '.' (or '0') in play, OutOfPlay outside the figure.

import (
	"fmt"
	"slices"
	"strings"
)

// OutOfPlay is the text form's symbol for a cell of the bounding box that
// belongs to no sub-grid.
const OutOfPlay = '-'

// Multi reports whether v is a figure of several 9x9 grids.
func (v Variant) Multi() bool { return v >= Samurai && v <= Flower }

// multiLayouts gives each figure's bounding side and sub-grid corners.
var multiLayouts = map[Variant]struct {
	width int
	grids [][2]int
}{
	Samurai:   {21, [][2]int{{0, 0}, {0, 12}, {6, 6}, {12, 0}, {12, 12}}},
	Twin:      {15, [][2]int{{0, 0}, {6, 6}}},
	Butterfly: {12, [][2]int{{0, 0}, {0, 3}, {3, 0}, {3, 3}}},
	Sohei:     {21, [][2]int{{0, 6}, {6, 0}, {6, 12}, {12, 6}}},
	Flower:    {21, [][2]int{{0, 6}, {6, 0}, {6, 6}, {6, 12}, {12, 6}}},
}

// newMulti builds the geometry of a multi-grid figure.
func newMulti(v Variant) *Geometry {
	lay := multiLayouts[v]
	w := lay.width
	g := &Geometry{Variant: v, N: 9, BoxRows: 3, BoxCols: 3, Width: w, All: 0x3FE,
		Grids: slices.Clone(lay.grids)}
	in := make([]int, w*w) // place -> cell, -1 out of play
	for i := range in {
		in[i] = -1
	}
	for _, gr := range lay.grids {
		for r := gr[0]; r < gr[0]+9; r++ {
			for c := gr[1]; c < gr[1]+9; c++ {
				in[r*w+c] = 0
			}
		}
	}
	for place, v := range in {
		if v == 0 {
			in[place] = len(g.pos)
			g.pos = append(g.pos, place)
		}
	}
	g.Cells = len(g.pos)
	cellAt := func(r, c int) int { return in[r*w+c] }
	for _, gr := range lay.grids {
		var cells []int
		for r := gr[0]; r < gr[0]+9; r++ {
			for c := gr[1]; c < gr[1]+9; c++ {
				cells = append(cells, cellAt(r, c))
			}
		}
		slices.Sort(cells)
		g.gridCells = append(g.gridCells, cells)
	}
	g.cellGrids = make([]uint8, g.Cells)
	for k, cells := range g.gridCells {
		for _, c := range cells {
			g.cellGrids[c] |= 1 << k
		}
	}
	// Each house once, even when two grids share it (a box, or a row of
	// two grids stacked with the same columns).
	seen := map[string]bool{}
	add := func(k HouseKind, cells []int) {
		slices.Sort(cells)
		key := fmt.Sprint(cells)
		if seen[key] {
			return
		}
		seen[key] = true
		g.addHouse(k, func(i int) bool { return slices.Contains(cells, i) })
	}
	for _, k := range []HouseKind{RowHouse, ColumnHouse, BoxHouse} {
		for _, gr := range lay.grids {
			for j := range 9 {
				var cells []int
				for m := range 9 {
					r, c := gr[0]+j, gr[1]+m // row j
					switch k {
					case ColumnHouse:
						r, c = gr[0]+m, gr[1]+j
					case BoxHouse:
						r, c = gr[0]+j/3*3+m/3, gr[1]+j%3*3+m%3
					}
					cells = append(cells, cellAt(r, c))
				}
				add(k, cells)
			}
		}
	}
	g.Regions = make([]uint8, g.Cells)
	box := 0
	for u, k := range g.Kinds {
		if k == BoxHouse {
			for _, c := range g.Houses[u] {
				g.Regions[c] = uint8(box)
			}
			box++
		}
	}
	g.finish()
	return g
}

// fullestFirst moves to the front of order (orbit numbers still to try)
// the first one with a clue in the sub-grid that has the most clues of p,
// and returns it.
func (g *Geometry) fullestFirst(p []uint8, orbits [][]int, order []int) int {
	counts := g.GridClues(p)
	full := 0
	for k, n := range counts {
		if n > counts[full] {
			full = k
		}
	}
	for j, k := range order {
		o := orbits[k]
		if p[o[0]] != 0 && slices.ContainsFunc(o, func(c int) bool { return g.cellGrids[c]&(1<<full) != 0 }) {
			order[0], order[j] = order[j], order[0]
			break
		}
	}
	return order[0]
}

// GridCells lists the cells of sub-grid k of a multi-grid figure.
func (g *Geometry) GridCells(k int) []int { return g.gridCells[k] }

// InPlay reports whether place r*Width+c of the bounding box is a cell, and
// which.
func (g *Geometry) InPlay(r, c int) (cell int, ok bool) {
	if r < 0 || c < 0 || r >= g.Width || c >= g.Width {
		return -1, false
	}
	if g.pos == nil {
		return r*g.Width + c, true
	}
	place := r*g.Width + c
	i, found := slices.BinarySearch(g.pos, place)
	if !found {
		return -1, false
	}
	return i, true
}

// multiHouseName names a house by the bounding box's rows and columns:
// "row 7 (c1-9)", "column 13 (r7-15)", "box r7-9 c7-9".
func (g *Geometry) multiHouseName(u int) string {
	h := g.Houses[u]
	first, last := h[0], h[len(h)-1]
	switch g.Kinds[u] {
	case RowHouse:
		return fmt.Sprintf("row %d (c%d-%d)", g.Row(first)+1, g.Col(first)+1, g.Col(last)+1)
	case ColumnHouse:
		return fmt.Sprintf("column %d (r%d-%d)", g.Col(first)+1, g.Row(first)+1, g.Row(last)+1)
	}
	return fmt.Sprintf("box r%d-%d c%d-%d", g.Row(first)+1, g.Row(last)+1, g.Col(first)+1, g.Col(last)+1)
}

// formatMulti writes the bounding box row by row: one symbol per place,
// OutOfPlay outside the figure.
func (g *Geometry) formatMulti(cells []uint8) string {
	b := make([]byte, g.Width*g.Width)
	for i := range b {
		b[i] = OutOfPlay
	}
	for i, v := range cells {
		b[g.pos[i]] = Symbol(v)
	}
	return string(b)
}

// parseMulti reads the text form of a multi-grid figure. White space
// anywhere is ignored, so the box may be written one row a line.
func (g *Geometry) parseMulti(s string) ([]uint8, error) {
	s = strings.Join(strings.Fields(s), "")
	places := g.Width * g.Width
	if n := len([]rune(s)); n != places {
		return nil, &ParseError{Msg: fmt.Sprintf("want %d symbols for the %dx%d box of a %s, got %d", places, g.Width, g.Width, g.Variant, n)}
	}
	cells := make([]uint8, g.Cells)
	for k, r := range []rune(s) {
		i, in := g.InPlay(k/g.Width, k%g.Width)
		if !in {
			if r != OutOfPlay {
				return nil, &ParseError{Pos: k + 1, Char: r, Msg: fmt.Sprintf("unexpected %q outside the figure (want %q)", r, OutOfPlay)}
			}
			continue
		}
		if r == '.' || r == '0' {
			continue
		}
		if r < '1' || r > '9' {
			return nil, &ParseError{Pos: k + 1, Char: r, Msg: fmt.Sprintf("unexpected %q in the figure (want 1-9, '.' or '0')", r)}
		}
		cells[i] = uint8(r - '0')
	}
	return cells, nil
}

// orbits partitions the cells of g into the sets that must be cleared
// together to keep symmetry s, or nil when s does not map the figure onto
// itself (a twin has no quarter turn).
func (g *Geometry) orbits(s Symmetry) [][]int {
	if g.pos == nil {
		return s.OrbitsOn(g.N)
	}
	seen := make([]bool, g.Cells)
	var out [][]int
	for i := range g.Cells {
		if seen[i] {
			continue
		}
		var orbit []int
		for j := i; !seen[j]; {
			seen[j] = true
			orbit = append(orbit, j)
			img := s.image(g.Width, g.pos[j])
			next, in := g.InPlay(img/g.Width, img%g.Width)
			if !in {
				return nil
			}
			j = next
		}
		slices.Sort(orbit)
		out = append(out, orbit)
	}
	return out
}

// holds reports whether the givens of cells keep symmetry s on g.
func (g *Geometry) holds(s Symmetry, cells []uint8) bool {
	if g.pos == nil {
		return s.HoldsOn(g.N, cells)
	}
	orbits := g.orbits(s)
	if orbits == nil {
		return false
	}
	for _, o := range orbits {
		for _, c := range o {
			if (cells[c] == 0) != (cells[o[0]] == 0) {
				return false
			}
		}
	}
	return true
}

// GridClues counts the clues of each sub-grid of a multi-grid figure (a
// shared box counts for both grids); nil for one grid.
func (g *Geometry) GridClues(cells []uint8) []int {
	if g.pos == nil {
		return nil
	}
	out := make([]int, len(g.gridCells))
	for k, gc := range g.gridCells {
		for _, c := range gc {
			if cells[c] != 0 {
				out[k]++
			}
		}
	}
	return out
}

// Balanced reports whether every sub-grid's clue count lies within 20% of
// their mean, so that no grid is empty and none full. One grid is always
// balanced.
func (g *Geometry) Balanced(cells []uint8) bool {
	counts := g.GridClues(cells)
	if counts == nil {
		return true
	}
	sum := 0
	for _, n := range counts {
		sum += n
	}
	// |n - mean| <= mean/5 with mean = sum/k, times 5k to stay in integers.
	k := len(counts)
	for _, n := range counts {
		d := 5 * (k*n - sum)
		if d < 0 {
			d = -d
		}
		if d > sum {
			return false
		}
	}
	return true
}
