package layout

// Kakuro, drawn as the best kakuro books print it: the clue cells solid
// black, each one that holds a clue split by a white diagonal from its
// top-left corner, the across clue white in the triangle top-right, the
// down clue white in the triangle bottom-left; the white cells with thin
// lines, and the frame heavy round the whole box. Black and white only,
// no grey: a tint halftones into fuzz on a print-on-demand press (see
// drawCells), and a white clue on solid black reads at the smallest
// size.
//
// A solution page prints the shape, black cells and white ones with
// their digits, without the clues.

import (
	"fmt"
	"math"
	"strconv"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
)

// kakuroClue is a clue's size as a share of the cell, raised to
// book.MinCageSum.
const kakuroClue = 0.3

// kakuroLines draws a kakuro's box: the clue cells black, the thin
// lines between the white cells, the heavy frame.
func kakuroLines(c canvas, fr gridFrame) {
	g, cell := fr.geo, fr.cell
	x0, y0, n := fr.x0, fr.y0, g.Width
	for r := range n {
		for col := range n {
			if _, in := g.InPlay(r, col); !in {
				c.Rect(x0+float64(col)*cell, y0+float64(r)*cell, cell, cell, Black)
			}
		}
	}
	squareLines(c, fr, n)
}

// kakuroDrawing is the drawing of a kakuro's clues (see layers.go).
type kakuroDrawing struct{ k *engine.KakuroRuns }

func (d kakuroDrawing) draw(c canvas, fr gridFrame) {
	g, cell := fr.geo, fr.cell
	n := g.Width
	f := fr.st.givenFont
	size := kakuroClueSize(fr)
	h := digitHeight(f, size)
	pad := kakuroPad(fr)
	w := math.Max(fr.st.thin, MinLine)
	for r := range n {
		for col := range n {
			across, down := d.k.KakuroClue(r, col)
			if across == 0 && down == 0 {
				continue
			}
			x, y := fr.x0+float64(col)*cell, fr.y0+float64(r)*cell
			// The diagonal stops short of the cell's lines, whose ink
			// would swallow its ends.
			in := fr.st.thin
			c.Line(x+in, y+in, x+cell-in, y+cell-in, w, White)
			// The across clue in the top-right corner, the down clue in
			// the bottom-left, each clear of the diagonal (kakuroFits).
			if across > 0 {
				c.Text(x+cell-pad, y+pad+h, strconv.Itoa(across), f, size, White, AlignRight)
			}
			if down > 0 {
				c.Text(x+pad, y+cell-pad, strconv.Itoa(down), f, size, White, AlignLeft)
			}
		}
	}
}

// kakuroClueSize is the size of the clues in fr's cells.
func kakuroClueSize(fr gridFrame) float64 {
	return math.Max(float64(book.MinCageSum), kakuroClue*fr.cell)
}

// kakuroPad is a clue's margin from its cell's lines.
func kakuroPad(fr gridFrame) float64 {
	return math.Max(0.08*fr.cell, fr.st.thin+0.5)
}

// kakuroFits reports whether a two-digit clue in its corner keeps clear
// of the diagonal: the corner of its box nearest the diagonal, (left,
// bottom) for the across clue, lies above it (the diagonal is y = x in
// the cell), by a line's width.
func kakuroFits(fr gridFrame) bool {
	f := fr.st.givenFont
	size := kakuroClueSize(fr)
	tw, th := textWidth(f, size, "45"), digitHeight(f, size)
	pad := kakuroPad(fr)
	left, bottom := fr.cell-pad-tw, pad+th
	return bottom+2*fr.st.thin < left
}

func (d kakuroDrawing) fits(st gridStyle, g *engine.Geometry, side float64) error {
	if kakuroFits(st.frameFor(g, side)) {
		return nil
	}
	least := leastSide(st, g, kakuroFits)
	return fmt.Errorf("%w: a kakuro grid %.0fpt wide has cells too small for its %.0fpt clues (want a side of at least %.0fpt, %.2fin)",
		ErrSize, side, float64(book.MinCageSum), least, least/72)
}

func (d kakuroDrawing) least(st gridStyle, g *engine.Geometry) float64 {
	return leastSide(st, g, kakuroFits)
}
