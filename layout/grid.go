package layout

import (
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
	thin, thick float64 // cell lines; box lines and frame
	digitSize   float64 // 0: fit to the cell
	large       bool    // digits as large as the cells allow (large print)
	minDigit    float64 // no digit smaller, where the cell can hold it
	givenFont   Font    // face of the givens (bold)
	filledFont  Font    // face of solved digits (regular)
	highlight   int     // a cell to frame, or -1
}

// styleFor turns a book style into a grid style, raising lines to the floor
// and the box lines to at least twice the cell lines, so boxes stand out.
func styleFor(s book.Style) gridStyle {
	thin := math.Max(float64(s.ThinLine), MinLine)
	thick := math.Max(float64(s.ThickLine), 2*thin)
	return gridStyle{
		thin: thin, thick: thick,
		digitSize: float64(s.DigitSize),
		large:     s.LargeDigits,
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

// cellSize is the width of a cell in a grid of the given side.
func (st gridStyle) cellSize(side float64) float64 { return (side - st.forSide(side).thick) / 9 }

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

// drawGrid draws a 9x9 grid filling the square at (x, y) of the given side,
// frame line included: the frame's ink ends exactly at the square's edges.
// Givens are set bold; cells blank in givens but filled in solution are set
// regular, so a solution page shows at a glance which digits were printed
// in the puzzle. Both are solid black: the two differ by weight, never by a
// tint, because a light grey at solution sizes halftones into fuzz on a
// print-on-demand press. Pass a zero solution for a puzzle. A highlighted
// cell gets a heavy frame just inside its lines, again without a tint.
func drawGrid(c canvas, x, y, side float64, givens, solution engine.Grid, st gridStyle) {
	st = st.forSide(side)
	// Lines are centred on cell edges, so the frame's centre line is half a
	// frame width inside the square.
	x0, y0 := x+st.thick/2, y+st.thick/2
	cell := st.cellSize(side)
	inner := 9 * cell
	for i := 1; i < 9; i++ {
		if i%3 == 0 {
			continue
		}
		p := float64(i) * cell
		c.Line(x0+p, y0, x0+p, y0+inner, st.thin, Black)
		c.Line(x0, y0+p, x0+inner, y0+p, st.thin, Black)
	}
	for i := 0; i <= 9; i += 3 {
		p := float64(i) * cell
		c.Line(x0+p, y0, x0+p, y0+inner, st.thick, Black)
		c.Line(x0, y0+p, x0+inner, y0+p, st.thick, Black)
	}
	if st.highlight >= 0 && st.highlight < 81 {
		r, col := engine.Row(st.highlight), engine.Col(st.highlight)
		// Heavy enough to see at once, light enough to leave the digit
		// room in a small cell (a large-print example's digits nearly fill
		// theirs).
		w := math.Min(st.thick, math.Max(st.thin, 0.07*cell))
		in := st.thin/2 + w/2 // the frame's centre line, clear of the cell's own lines
		left, top := x0+float64(col)*cell+in, y0+float64(r)*cell+in
		right, bottom := left+cell-2*in, top+cell-2*in
		c.Line(left, top, right, top, w, Black)
		c.Line(right, top, right, bottom, w, Black)
		c.Line(right, bottom, left, bottom, w, Black)
		c.Line(left, bottom, left, top, w, Black)
	}
	size := st.cellDigitSize(cell)
	for i := range 81 {
		d, f := givens[i], st.givenFont
		if d == 0 {
			d, f = solution[i], st.filledFont
		}
		if d == 0 {
			continue
		}
		cx := x0 + (float64(engine.Col(i))+0.5)*cell
		cy := y0 + (float64(engine.Row(i))+0.5)*cell
		base := cy + digitHeight(f, size)/2
		c.Text(cx-digitMid(f, size, d), base, string(rune('0'+d)), f, size, Black, AlignLeft)
	}
}
