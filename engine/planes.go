package engine

import "slices"

// A plane is one square N x N grid of a geometry as the finders that read a
// grid's layout see it: fish (rows against columns), skyscraper, kite,
// empty rectangle and the unique rectangles. A one-grid geometry has one
// plane, the grid itself; a multi-grid figure has one per 9x9 sub-grid.
//
//	samurai plane 2 (the centre grid, corner (6,6) of the 21x21 box):
//	  rows     its nine rows of the box, 6..14, as houses of the union
//	  columns  its nine columns 6..14
//	  boxes    its nine boxes, four of them shared with a corner grid
//
// Each pattern is proven with the houses of one plane, which are houses of
// the union, and eliminates only what those houses force: a fish in the
// rows and columns of one sub-grid is as sound as on a lone grid, whatever
// the other grids hold. The unique rectangles also need the union to have
// one solution, which the grader proves first; a rectangle is a swap of
// the whole figure, checked against every house of the union (swappable),
// so a sub-grid that alone would have several solutions changes nothing.
type plane struct {
	// lines holds the plane's row houses by local row (lines[0]) and its
	// column houses by local column (lines[1]). A row house lists its
	// cells by local column, a column house by local row, so a position in
	// a line's house is the crossing line's local number.
	lines  [2][]int
	boxes  []int // the plane's box or region houses
	cells  []int // local r*N+c -> cell
	r0, c0 int   // the plane's top-left corner in the bounding box
}

// cell is the cell at local row r and column c.
func (p *plane) cell(n, r, c int) int { return p.cells[r*n+c] }

// local gives cell i's local row and column (i must lie in the plane).
func (p *plane) local(g *Geometry, i int) (r, c int) { return g.Row(i) - p.r0, g.Col(i) - p.c0 }

// buildPlanes sets g.planes, once the houses are known: for one grid the
// houses at 0..N-1 (rows), N..2N-1 (columns) and 2N..3N-1 (regions); for a
// figure, the union's houses that hold exactly each sub-grid's lines.
func (g *Geometry) buildPlanes() {
	n := g.N
	if g.pos == nil {
		p := plane{cells: make([]int, g.Cells)}
		for k := range n {
			p.lines[0] = append(p.lines[0], k)
			p.lines[1] = append(p.lines[1], n+k)
			if len(g.Houses) > 2*n {
				p.boxes = append(p.boxes, 2*n+k)
			}
		}
		for i := range p.cells {
			p.cells[i] = i
		}
		g.planes = []plane{p}
		return
	}
	// A house is found by its cells; every line and box of a sub-grid is
	// one house of the union (newMulti adds each once).
	find := func(cells []int) int {
		for _, u := range g.CellHouses[cells[0]] {
			if slices.Equal(g.Houses[u], cells) {
				return u
			}
		}
		panic("engine: a sub-grid line is not a house")
	}
	for _, corner := range g.Grids {
		p := plane{r0: corner[0], c0: corner[1], cells: make([]int, n*n)}
		for r := range n {
			for c := range n {
				p.cells[r*n+c], _ = g.InPlay(p.r0+r, p.c0+c)
			}
		}
		for k := range n {
			var row, col, box []int
			for m := range n {
				row = append(row, p.cell(n, k, m))
				col = append(col, p.cell(n, m, k))
				box = append(box, p.cell(n, k/3*3+m/3, k%3*3+m%3))
			}
			slices.Sort(box)
			p.lines[0] = append(p.lines[0], find(row))
			p.lines[1] = append(p.lines[1], find(col))
			p.boxes = append(p.boxes, find(box))
		}
		g.planes = append(g.planes, p)
	}
}

// regionHouse is the box or region house holding cell i.
func (g *Geometry) regionHouse(i int) int {
	for _, u := range g.CellHouses[i] {
		if k := g.Kinds[u]; k == BoxHouse || k == RegionHouse {
			return u
		}
	}
	return -1
}
