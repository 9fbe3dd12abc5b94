package layout

import (
	"fmt"
	"math"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
)

// MinLine and MinText are the floors the layout never goes below, whatever a
// style asks: the book's (book.MinLine, book.MinText), in points.
const (
	MinLine = float64(book.MinLine)
	MinText = float64(book.MinText)
)

// gridStyle says how one grid is drawn. Lengths are in points.
type gridStyle struct {
	thin, thick float64    // cell lines; box lines and frame
	digitSize   float64    // 0: fit to the cell
	large       bool       // digits as large as the cells allow (large print)
	minDigit    float64    // no digit smaller, where the cell can hold it
	givenFont   Font       // face of the givens (bold)
	filledFont  Font       // face of solved digits (regular)
	highlight   int        // a cell to frame, or -1
	letters     bool       // A-P instead of 1-16 (grids over 9x9)
	shapes      bool       // shapes instead of digits (classic 4x4 and 6x6, see symbolshapes.go)
	pics        []*picture // the user's pictures in place of the shapes (style.pictures), or nil
	// frames are cells to frame with lessonFrame under a killer's cages,
	// so that the cage sums stay clear (a tutorial page's step).
	frames []int
	// shade are cells to fill grey under everything (a lesson's pattern),
	// as an X diagonal is.
	shade []int
}

// boxRatio is the least ratio of a box line to a cell line. Cell lines
// never go under MinLine, so on a small grid (a solution, a newspaper's
// 2in grid) the boxes stand out only by weight: at twice a 0.75pt line
// they read as one mesh at preview size, at three times they read as
// boxes, as in the best-selling books' answer pages.
const boxRatio = 3

// styleFor turns a book style into a grid style, raising lines to the floor
// and the box lines to at least boxRatio times the cell lines.
func styleFor(s book.Style) gridStyle {
	thin := math.Max(float64(s.ThinLine), MinLine)
	thick := math.Max(float64(s.ThickLine), boxRatio*thin)
	return gridStyle{
		thin: thin, thick: thick,
		digitSize: float64(s.DigitSize),
		large:     s.LargeDigits,
		letters:   s.Letters,
		shapes:    s.Shapes,
		givenFont: defaultFonts().Given, filledFont: defaultFonts().Filled,
		highlight: -1,
	}
}

// forSide is the style as drawn at a grid side: on a large grid the box
// lines grow with it (1/200 of the side), or a full-page grid's boxes would
// look faint next to its big digits.
func (st gridStyle) forSide(side float64) gridStyle {
	st.thick = math.Max(st.thick, side/200)
	return st
}

// cellSize is the width of a cell in a 9x9 grid of the given side.
func (st gridStyle) cellSize(side float64) float64 { return st.cellSizeIn(side, 9) }

// cellSizeIn is the width of a cell in a grid of the given side whose
// bounding box is width cells across (N for one grid, 21 for a samurai).
func (st gridStyle) cellSizeIn(side float64, width int) float64 {
	return (side - st.forSide(side).thick) / float64(width)
}

// digitFit is the digit size that suits a cell: large enough to read at a
// glance, with room left around it for pencil marks. digitMax is the
// largest a cell takes before its digit crowds the lines.
const (
	digitFit = 0.64
	digitMax = 0.8
)

// cellDigitSize is the digit size used in cells of the given width: the
// largest the cell takes for large print, else the style's size if it
// fits, else the fitted size; raised to minDigit as far as the cell
// allows, and never under MinText. Large print is therefore never smaller
// than the fitted size a book without a digit size gets.
func (st gridStyle) cellDigitSize(cell float64) float64 {
	size := digitFit * cell
	switch {
	case st.large:
		size = digitMax * cell
	case st.digitSize > 0 && st.digitSize < digitMax*cell:
		size = st.digitSize
	}
	size = math.Max(size, math.Min(st.minDigit, digitMax*cell))
	return math.Max(size, MinText)
}

// sideForDigits is the smallest side of a grid whose cells hold digits of
// size points. The frame takes the style's box line or 1/200 of the side,
// whichever is heavier (see forSide), so both bounds are solved for.
func (st gridStyle) sideForDigits(size float64) float64 {
	inner := 9 * size / digitMax
	return math.Max(inner+st.thick, inner*200/199)
}

// sideForSymbols is the smallest side of a grid of geometry g whose
// symbols are set at size points or more. A 16x16 grid's two-digit
// numbers bring its symbols under a 9x9 grid's digits in the same cell
// (see symbolSize), so scaling sideForDigits by the width is not enough;
// the frame also grows with the side, so the side is found by bisection.
func (st gridStyle) sideForSymbols(g *engine.Geometry, size float64) float64 {
	ok := func(side float64) bool {
		fs := st.forSide(side)
		return fs.digitSizeIn(g, fs.cellSizeIn(side, g.Width)) >= size
	}
	lo, hi := 0.0, st.sideForDigits(size)*float64(g.Width)/9
	for i := 0; i < 20 && !ok(hi); i++ {
		lo, hi = hi, 2*hi
	}
	for range 40 {
		if mid := (lo + hi) / 2; ok(mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return hi
}

// shadeFill is the grey of the cells a variant marks: the diagonals of an
// X grid, the windows of a hyper grid. It is a ground under black digits,
// not ink, so lightestInk does not bind it; 15% black is dark enough to
// survive a print-on-demand press (tints under about 10% may vanish) and
// light enough that a given on it reads as on white paper.
const shadeFill Grey = 0.85

// gridFrame is where a drawn grid's cells lie on the canvas: the corner of
// its bounding box (the centre line of the frame's top and left sides)
// and the width of a cell. A constraint's drawing (killer cages) places
// itself through it.
type gridFrame struct {
	geo    *engine.Geometry
	x0, y0 float64
	cell   float64
	st     gridStyle // as drawn at this side (see forSide)
}

// cellBox is the square of cell i, from the centre lines of its edges.
func (fr gridFrame) cellBox(i int) rect {
	return rect{fr.x0 + float64(fr.geo.Col(i))*fr.cell, fr.y0 + float64(fr.geo.Row(i))*fr.cell, fr.cell, fr.cell}
}

// centre is the middle of cell i.
func (fr gridFrame) centre(i int) (x, y float64) {
	return fr.x0 + (float64(fr.geo.Col(i))+0.5)*fr.cell, fr.y0 + (float64(fr.geo.Row(i))+0.5)*fr.cell
}

// drawGrid draws a classic 9x9 grid: see drawCells.
func drawGrid(c canvas, x, y, side float64, givens, solution engine.Grid, st gridStyle) {
	drawCells(c, x, y, side, engine.Classic9, givens[:], solution[:], st)
}

// drawCells draws a grid of any geometry filling the square at (x, y) of
// the given side, frame line included: the frame's ink ends exactly at
// the square's edges. A figure of several grids (samurai) is drawn in its
// bounding box, with lines only around cells in play. givens and solution
// hold geo.Cells cells; solution may be nil or all zero for a puzzle.
//
// Givens are set bold; cells blank in givens but filled in solution are set
// regular, so a solution page shows at a glance which digits were printed
// in the puzzle. Both are solid black: the two differ by weight, never by a
// tint, because a light grey at solution sizes halftones into fuzz on a
// print-on-demand press. A highlighted cell gets a heavy frame just inside
// its lines, again without a tint.
//
// Layers, bottom up: the variant's shaded cells (X diagonals, hyper
// windows), the constraints drawn under the lines (thermometers), cell
// lines, box or region lines, the highlight, the other constraints
// (killer cages, edge marks, see layers.go), digits.
func drawCells(c canvas, x, y, side float64, geo *engine.Geometry, givens, solution []uint8, st gridStyle) gridFrame {
	st = st.forSide(side)
	// Letters stand for the numbers 10 and up: a 9x9 grid in a book that
	// asks for letters keeps its digits.
	st.letters = st.letters && geo.N > 9
	// Lines are centred on cell edges, so the frame's centre line is half a
	// frame width inside the square.
	fr := gridFrame{geo: geo, x0: x + st.thick/2, y0: y + st.thick/2, cell: st.cellSizeIn(side, geo.Width), st: st}
	if geo.Variant.Multi() {
		fr = figureFrame(x, y, side, geo, st)
	}
	shadeHouses(c, fr)
	for _, i := range st.shade {
		b := fr.cellBox(i)
		c.Rect(b.X, b.Y, b.W, b.H, shadeFill)
	}
	light := solutionShown(givens, solution)
	drawLayers(c, fr, light, true)
	if geo.Variant == engine.Latin {
		latinLines(c, fr)
	} else if geo.Variant == engine.Kakuro {
		kakuroLines(c, fr)
	} else if geo.BoxRows > 0 && geo.Width == geo.N {
		boxLines(c, fr)
	} else {
		regionLines(c, fr)
	}
	if geo.Variant.Multi() {
		figureFrames(c, fr)
	}
	if st.highlight >= 0 && st.highlight < geo.Cells {
		highlight(c, fr, st.highlight)
	}
	for _, i := range st.frames {
		frameCell(c, fr, i, lessonFrame(fr))
	}
	drawLayers(c, fr, light, false)
	drawSymbols(c, fr, givens, solution)
	return fr
}

// boxLines draws a regular grid's lines: every cell line thin, then the
// box lines and the frame heavy over them.
func boxLines(c canvas, fr gridFrame) {
	g, st, cell := fr.geo, fr.st, fr.cell
	x0, y0 := fr.x0, fr.y0
	inner := float64(g.N) * cell
	for i := 1; i < g.N; i++ {
		p := float64(i) * cell
		if i%g.BoxCols != 0 {
			c.Line(x0+p, y0, x0+p, y0+inner, st.thin, Black)
		}
		if i%g.BoxRows != 0 {
			c.Line(x0, y0+p, x0+inner, y0+p, st.thin, Black)
		}
	}
	for i := 0; i <= g.N; i++ {
		p := float64(i) * cell
		if i%g.BoxCols == 0 {
			c.Line(x0+p, y0, x0+p, y0+inner, st.thick, Black)
		}
		if i%g.BoxRows == 0 {
			c.Line(x0, y0+p, x0+inner, y0+p, st.thick, Black)
		}
	}
}

// Edge weights in regionLines.
const (
	noEdge = iota
	thinEdge
	thickEdge
	regionEdge // between two jigsaw regions, inside the frame
)

// regionWeight is the weight of the lines between a jigsaw's regions.
// Nothing else tells a region from its neighbour (a box of a regular grid
// is also told by its place), so they are drawn heavier than box lines:
// boxRatio+1 cell lines, or a sixth of a cell on a large grid, where a
// box-weight line looks faint next to the digits; never over a quarter
// of a cell, so a digit keeps its room. The frame keeps the box weight,
// so the grid still ends exactly at its square.
func regionWeight(fr gridFrame) float64 {
	w := math.Max(fr.st.thick, math.Max((boxRatio+1)*fr.st.thin, fr.cell/6))
	return math.Min(w, math.Max(fr.st.thick, fr.cell/4))
}

// regionLines draws a grid whose houses are not straight bands: jigsaw
// regions, or the boxes of a figure of several grids. Each cell edge is
// heavy where it parts two regions or a cell in play from the outside,
// thin between two cells of one region, and not drawn between two places
// out of play. Collinear edges of one weight are drawn as one line, thin
// ones first so the heavy ones lie over them; with square caps, heavy
// lines meeting at a corner close it.
func regionLines(c canvas, fr gridFrame) {
	g := fr.geo
	w := g.Width
	region := func(r, col int) int {
		if i, ok := g.InPlay(r, col); ok {
			return int(g.Regions[i])
		}
		return -1
	}
	jigsaw := !g.Variant.Multi()
	weight := func(a, b int) int {
		switch {
		case a < 0 && b < 0:
			return noEdge
		case a == b:
			return thinEdge
		case jigsaw && a >= 0 && b >= 0:
			return regionEdge
		}
		return thickEdge
	}
	for _, want := range []int{thinEdge, thickEdge, regionEdge} {
		lw := fr.st.thin
		switch want {
		case thickEdge:
			lw = fr.st.thick
		case regionEdge:
			lw = regionWeight(fr)
		}
		// A line heavier than the frame that ends on it stops short, so
		// its square cap ends at the frame's outer edge, not past it.
		trim := math.Max(0, (lw-fr.st.thick)/2)
		span := func(a, b int) (float64, float64) {
			lo, hi := float64(a)*fr.cell, float64(b)*fr.cell
			if a == 0 {
				lo += trim
			}
			if b == w {
				hi -= trim
			}
			return lo, hi
		}
		// Horizontal edges along line r (above row r), then vertical
		// edges along line k (left of column k).
		for r := 0; r <= w; r++ {
			runs(w, func(k int) bool { return weight(region(r-1, k), region(r, k)) == want }, func(a, b int) {
				y := fr.y0 + float64(r)*fr.cell
				lo, hi := span(a, b)
				c.Line(fr.x0+lo, y, fr.x0+hi, y, lw, Black)
			})
		}
		for k := 0; k <= w; k++ {
			runs(w, func(r int) bool { return weight(region(r, k-1), region(r, k)) == want }, func(a, b int) {
				x := fr.x0 + float64(k)*fr.cell
				lo, hi := span(a, b)
				c.Line(x, fr.y0+lo, x, fr.y0+hi, lw, Black)
			})
		}
	}
}

// runs calls draw(a, b) for each maximal run a..b-1 of the positions
// 0..n-1 for which on is true.
func runs(n int, on func(int) bool, draw func(a, b int)) {
	start := -1
	for k := 0; k <= n; k++ {
		if k < n && on(k) {
			if start < 0 {
				start = k
			}
			continue
		}
		if start >= 0 {
			draw(start, k)
			start = -1
		}
	}
}

// shadeHouses fills the cells of the houses a variant adds to rows,
// columns and boxes (X's diagonals, hyper's windows), so a solver sees at
// a glance which cells the extra rule binds. Each cell is filled once,
// edge to edge; the lines drawn after cover the seams between fills.
func shadeHouses(c canvas, fr gridFrame) {
	g := fr.geo
	var shaded []bool
	for u, k := range g.Kinds {
		if k != engine.DiagonalHouse && k != engine.WindowHouse {
			continue
		}
		if shaded == nil {
			shaded = make([]bool, g.Cells)
		}
		for _, i := range g.Houses[u] {
			shaded[i] = true
		}
	}
	for i, on := range shaded {
		if on {
			b := fr.cellBox(i)
			c.Rect(b.X, b.Y, b.W, b.H, shadeFill)
		}
	}
}

// highlight frames cell i heavily just inside its lines.
func highlight(c canvas, fr gridFrame, i int) {
	st, cell := fr.st, fr.cell
	// Heavy enough to see at once, light enough to leave the digit room in
	// a small cell (a large-print example's digits nearly fill theirs).
	frameCell(c, fr, i, math.Min(st.thick, math.Max(st.thin, 0.07*cell)))
}

// lessonFrame is the weight of the frames of a tutorial page's cells: a
// little lighter than highlight's, as a step frames several.
func lessonFrame(fr gridFrame) float64 { return math.Max(fr.st.thin, 0.06*fr.cell) }

// frameCell draws a frame of weight w just inside cell i's lines.
func frameCell(c canvas, fr gridFrame, i int, w float64) {
	cell := fr.cell
	in := fr.st.thin/2 + w/2 // the frame's centre line, clear of the cell's own lines
	b := fr.cellBox(i)
	left, top := b.X+in, b.Y+in
	right, bottom := left+cell-2*in, top+cell-2*in
	c.Line(left, top, right, top, w, Black)
	c.Line(right, top, right, bottom, w, Black)
	c.Line(right, bottom, left, bottom, w, Black)
	c.Line(left, bottom, left, top, w, Black)
}

// drawSymbols sets each cell's digit: the given bold, else the solution's
// regular. Digits 1-9 are centred on their ink, as classic grids always
// were; the symbols of larger grids (10-16, or letters A-P) on their
// advance width and cap or digit height.
func drawSymbols(c canvas, fr gridFrame, givens, solution []uint8) {
	g, st := fr.geo, fr.st
	wide := g.N > 9 || st.letters
	size := st.digitSizeIn(g, fr.cell)
	shapes := st.shapes && book.ShapesFit(g)
	for i := range g.Cells {
		d, f := givens[i], st.givenFont
		if d == 0 && i < len(solution) {
			d, f = solution[i], st.filledFont
		}
		if d == 0 {
			continue
		}
		cx, cy := fr.centre(i)
		if shapes && st.pics != nil {
			drawPicture(c, st.pics, d, cx, cy, fr.cell, givens[i] != 0, st.large)
			continue
		}
		if shapes {
			drawShape(c, d, cx, cy, fr.cell, givens[i] != 0, st.large)
			continue
		}
		if !wide {
			base := cy + digitHeight(f, size)/2
			c.Text(cx-digitMid(f, size, d), base, string(rune('0'+d)), f, size, Black, AlignLeft)
			continue
		}
		s := symbolText(d, st.letters)
		h := digitHeight(f, size)
		if st.letters {
			h = capHeight(f, size)
		}
		c.Text(cx, cy+h/2, s, f, size, Black, AlignCenter)
	}
}

// symbolText is how digit d is printed: 1 to 16, or A to P with letters.
func symbolText(d uint8, letters bool) string {
	if letters {
		return string(rune('A' + d - 1))
	}
	return itoa(int(d))
}

// digitSizeIn is the size of the symbols of grid g in cells of the given
// width.
func (st gridStyle) digitSizeIn(g *engine.Geometry, cell float64) float64 {
	if g.N > 9 || st.letters {
		return st.symbolSize(cell, g.N)
	}
	return st.cellDigitSize(cell)
}

// symbolSize is the size of the symbols of an n x n grid in cells of the
// given width: cellDigitSize, brought down where the widest symbol (a
// two-digit number, or W or M) would not leave a clear margin beside it,
// and never under MinText.
func (st gridStyle) symbolSize(cell float64, n int) float64 {
	size := st.cellDigitSize(cell)
	// A cell beside a box line loses half of it; keep the symbol clear of
	// a heavy line by as much as of a thin one.
	room := math.Min(symbolRoom*cell, (1-symbolGap)*cell-st.thick)
	if widest := st.widestSymbol(n); widest*size > room {
		size = room / widest
	}
	return math.Max(size, MinText)
}

// widestSymbol is the advance width, in ems, of the widest symbol of an
// n x n grid in either digit face.
func (st gridStyle) widestSymbol(n int) float64 {
	widest := 0.0
	for d := 1; d <= n; d++ {
		s := symbolText(uint8(d), st.letters)
		widest = max(widest, textWidth(st.givenFont, 1, s), textWidth(st.filledFont, 1, s))
	}
	return widest
}

// fits refuses a grid drawn too small for its symbols: set at the
// smallest size the book prints (MinText), the widest symbol and the
// digits' height must clear the cell's lines, or digits run into each
// other and a 16x16 grid's "16" reads as two cells.
func (st gridStyle) fits(g *engine.Geometry, side float64) error {
	fs := st.forSide(side)
	need := max(st.widestSymbol(g.N), st.givenFont.digitTop, st.givenFont.capTop)*MinText + fs.thin
	if cell := fs.cellSizeIn(side, g.Width); cell < need {
		least := need*float64(g.Width) + fs.thick
		return fmt.Errorf("%w: a %s grid %.0fpt wide has cells of %.1fpt, too small for %.0fpt digits (want a side of at least %.0fpt, %.2fin)",
			ErrSize, kindName(g), side, cell, MinText, math.Ceil(least), least/72)
	}
	return nil
}

// kindName names a grid's kind in messages: "9x9 classic", "16x16 x",
// "samurai".
func kindName(g *engine.Geometry) string {
	if g.Variant.Multi() {
		return g.Variant.String()
	}
	return fmt.Sprintf("%dx%d %s", g.N, g.N, g.Variant)
}

// symbolRoom is the share of a cell's width its widest symbol may take,
// and symbolGap the least share left clear between it and the lines.
const (
	symbolRoom = 0.7
	symbolGap  = 0.16
)
