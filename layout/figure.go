package layout

import (
	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
)

// Figures of several 9x9 grids (samurai, twin, butterfly, sohei, flower) go one to a
// puzzle page (book.Validate refuses more) and two to a solutions page
// (book.FigureSolutionsPerPage), whatever the book sets for its other
// grids. drawCells draws them in their bounding box: lines only around
// cells in play, the box lines heavy, a box two grids share outlined like
// any other, so the overlap reads as one box.

// isFigure reports whether a puzzle is a figure of several grids.
func isFigure(pz *book.Puzzle) bool { return pz.Geometry().Variant.Multi() }

// solutionRuns groups the puzzles' indexes into solution pages in print
// order: per a page, but figures two a page and never on a page with
// single grids. figure tells which runs are figures'.
func solutionRuns(b *book.Book, per int) (runs [][]int, figure []bool) {
	for i, total := 0, b.Len(); i < total; {
		fig := isFigure(b.At(i))
		n := per
		if fig {
			n = book.FigureSolutionsPerPage
		}
		var run []int
		for ; i < total && len(run) < n && isFigure(b.At(i)) == fig; i++ {
			run = append(run, i)
		}
		runs, figure = append(runs, run), append(figure, fig)
	}
	return runs, figure
}

// solutionSlotsOf is where a solutions page sets its grids.
func (p *plan) solutionSlotsOf(pg page) slots {
	if pg.figure {
		return p.figureSlots
	}
	return p.solutionSlots
}

// figureFrameWeight is how much heavier than its box lines a figure's
// sub-grid frames are drawn.
const figureFrameWeight = 1.75

// figureFrame places a figure's cells in the square at (x, y): its outer
// frame is a sub-grid frame (frameWidth), so the cells sit that much
// further in than a single grid's, and the frame's ink still ends at the
// square's edges.
func figureFrame(x, y, side float64, geo *engine.Geometry, st gridStyle) gridFrame {
	w := frameWidth(st)
	return gridFrame{geo: geo, x0: x + w/2, y0: y + w/2, cell: (side - w) / float64(geo.Width), st: st}
}

// frameWidth is the width of a figure's sub-grid frames in style st (as
// drawn at its side).
func frameWidth(st gridStyle) float64 { return figureFrameWeight * st.thick }

// figureFrames draws the frame of each sub-grid of a figure over its box
// lines, heavier, so the reader sees the grids the rules speak of: where
// two grids overlap, the shared box is the one outlined by both frames.
func figureFrames(c canvas, fr gridFrame) {
	w := frameWidth(fr.st)
	for _, corner := range fr.geo.Grids {
		x0 := fr.x0 + float64(corner[1])*fr.cell
		y0 := fr.y0 + float64(corner[0])*fr.cell
		x1, y1 := x0+9*fr.cell, y0+9*fr.cell
		c.Line(x0, y0, x1, y0, w, Black)
		c.Line(x0, y1, x1, y1, w, Black)
		c.Line(x0, y0, x0, y1, w, Black)
		c.Line(x1, y0, x1, y1, w, Black)
	}
}
