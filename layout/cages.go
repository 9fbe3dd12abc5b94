package layout

// Killer cages, drawn the way the best killer books print them:
//
//	+---------+---------+
//	|[15].....|.........|     each cage a fine dotted outline inset inside
//	|:        |        :|     its cells, so two cages side by side show two
//	|:  ..... | .....  :|     outlines with the cell line between them and
//	|:  :     |     :  :|     the solid grid still reads as the grid; its
//
// sum in its top-left cell on a white knockout that breaks the outline
// (white on a shaded X diagonal too, so the sum never sits on grey),
// small enough to leave the cell's middle to the reader's digit and its
// corners to pencil marks.
//
// A solution page prints the grid as classic (no cages, see layers.go).

import (
	"fmt"
	"math"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
)

// cageDrawing is the drawing of killer cages (see layers.go).
type cageDrawing struct{ k engine.KillerCages }

func (d cageDrawing) draw(c canvas, fr gridFrame) { drawCages(c, fr, d.k.Cages()) }

func (d cageDrawing) fits(st gridStyle, g *engine.Geometry, side float64) error {
	return st.fitsCages(g, side)
}

func (d cageDrawing) least(st gridStyle, g *engine.Geometry) float64 { return killerSide(st, g) }

// Proportions of a cell.
const (
	cageInset = 0.12  // outline inside the cell lines
	cageDot   = 0.03  // dot diameter, at least cageDotMin
	cagePitch = 0.075 // dot to dot, at least cagePitchMin dots
	cageSum   = 0.2   // sum size, raised to book.MinCageSum
	cagePad   = 0.02  // white around the sum
)

// cageDotMin is the least diameter of a cage's dot: a MinLine line's
// weight, so a dot prints as surely as the finest line of the book.
// cagePitchMin is the least distance from dot to dot, in dots: closer,
// and the outline reads as a solid line that competes with the grid.
const (
	cageDotMin   = MinLine
	cagePitchMin = 2.4
)

// drawCages draws the cages of fr's geometry: outlines, then each sum on
// its knockout, so no dash crosses a sum.
func drawCages(c canvas, fr gridFrame, cages []engine.Cage) {
	g := fr.geo
	in := cageInset * fr.cell
	dot := math.Max(cageDotMin, cageDot*fr.cell)
	dash := cageDots{d: dot, pitch: math.Max(cagePitchMin*dot, cagePitch*fr.cell)}
	sums := make([]sumBox, len(cages))
	for ci, cg := range cages {
		sums[ci] = cageSumBox(fr, cg.Cells[0], cg.Sum)
		dash.clear = append(dash.clear, sums[ci].knock)
	}
	same := func(r, col, ci int) bool {
		if r < 0 || col < 0 || r >= g.N || col >= g.N {
			return false
		}
		return g.CageOf(r*g.N+col) == ci
	}
	// Each cell edge on a cage's border gives an inset segment; where the
	// cage goes on round a corner the segment reaches past the cell line
	// to meet the next one (a concave corner), where it turns in it stops
	// at the inset (a convex corner), and where the cage runs on straight
	// it ends on the cell line, joining its neighbour's segment.
	ends := func(ci, r, col, dr, dc, sr, sc int) (lo, hi float64) {
		// (dr, dc): towards the outside of this edge; (sr, sc): along it.
		end := func(sign int) float64 {
			switch {
			case !same(r+sign*sr, col+sign*sc, ci):
				return in
			case same(r+sign*sr+dr, col+sign*sc+dc, ci):
				return -in
			}
			return 0
		}
		return end(-1), end(1)
	}
	for ci := range cages {
		for _, i := range cages[ci].Cells {
			r, col := i/g.N, i%g.N
			b := fr.cellBox(i)
			if !same(r-1, col, ci) {
				lo, hi := ends(ci, r, col, -1, 0, 0, 1)
				dash.line(c, b.X+lo, b.Y+in, b.X+b.W-hi, b.Y+in)
			}
			if !same(r+1, col, ci) {
				lo, hi := ends(ci, r, col, 1, 0, 0, 1)
				dash.line(c, b.X+lo, b.Y+b.H-in, b.X+b.W-hi, b.Y+b.H-in)
			}
			if !same(r, col-1, ci) {
				lo, hi := ends(ci, r, col, 0, -1, 1, 0)
				dash.line(c, b.X+in, b.Y+lo, b.X+in, b.Y+b.H-hi)
			}
			if !same(r, col+1, ci) {
				lo, hi := ends(ci, r, col, 0, 1, 1, 0)
				dash.line(c, b.X+b.W-in, b.Y+lo, b.X+b.W-in, b.Y+b.H-hi)
			}
		}
	}
	for ci, cg := range cages {
		box := sums[ci]
		c.Rect(box.knock.X, box.knock.Y, box.knock.W, box.knock.H, White)
		c.Text(box.x, box.base, itoa(cg.Sum), fr.st.filledFont, box.size, Black, AlignLeft)
	}
}

// solutionShown reports whether a grid is drawn with its whole solution,
// which prints as classic (see the top of this file); a how-to-play
// example showing one answer keeps its cages.
func solutionShown(givens, solution []uint8) bool {
	if len(solution) != len(givens) {
		return false
	}
	for i, d := range solution {
		if d == 0 && givens[i] == 0 {
			return false
		}
	}
	return true
}

// cageDots strokes dotted lines: dots of diameter d, pitch apart centre
// to centre, a dot on each end so that the corners of an outline are
// inked, the pitch stretched a little so the line ends on one. A dot that
// would touch a rectangle of clear (the sums' knockouts, drawn over it)
// is left out, so no part of a dot clings to a sum.
type cageDots struct {
	d, pitch float64
	clear    []rect
}

func (d cageDots) line(c canvas, x1, y1, x2, y2 float64) {
	length := math.Hypot(x2-x1, y2-y1)
	n := math.Max(1, math.Round(length/d.pitch))
	r := d.d / 2
	for k := 0.0; k <= n; k++ {
		x, y := x1+(x2-x1)*k/n, y1+(y2-y1)*k/n
		hit := false
		for _, b := range d.clear {
			if x+r > b.X && x-r < b.X+b.W && y+r > b.Y && y-r < b.Y+b.H {
				hit = true
				break
			}
		}
		if !hit {
			disc(c, x, y, r, Black)
		}
	}
}

// sumBox is where a cage's sum goes: the text's start and baseline, its
// size, and the white knockout under it.
type sumBox struct {
	x, base, size float64
	knock         rect
}

// cageSumBox places cage sum in the top-left corner of cell i: the
// knockout starts just inside the cell's lines and covers the corner of
// the outline.
func cageSumBox(fr gridFrame, i, sum int) sumBox {
	b := fr.cellBox(i)
	f := fr.st.filledFont
	size := math.Max(float64(book.MinCageSum), cageSum*fr.cell)
	pad := math.Max(cagePad*fr.cell, 0.5)
	x0, y0 := b.X+fr.st.thick/2, b.Y+fr.st.thick/2
	tw, th := textWidth(f, size, itoa(sum)), digitHeight(f, size)
	return sumBox{
		x: x0 + pad, base: y0 + pad + th, size: size,
		knock: rect{x0, y0, tw + 2*pad, th + 2*pad},
	}
}

// digitBox is the ink box of the widest digit a reader's digit could be,
// as drawSymbols sets it in cell i: what a cage sum must stay clear of.
func digitBox(fr gridFrame, i int) rect {
	f := fr.st.givenFont
	size := fr.st.cellDigitSize(fr.cell)
	cx, cy := fr.centre(i)
	h := digitHeight(f, size)
	w := 0.0
	for d := 1; d <= fr.geo.N; d++ {
		w = math.Max(w, textWidth(f, size, itoa(d)))
	}
	return rect{cx - w/2, cy - h/2, w, h}
}

// cagesFit reports whether a killer grid of the given side prints its
// cage sums at book.MinCageSum clear of the digit a reader writes: the
// largest sum (45) on its knockout must not reach the digit's box.
func (st gridStyle) cagesFit(g *engine.Geometry, side float64) bool {
	fr := gridFrame{geo: g, cell: st.cellSizeIn(side, g.Width), st: st.forSide(side)}
	k, d := cageSumBox(fr, 0, 45).knock, digitBox(fr, 0)
	return k.Y+k.H <= d.Y || k.X+k.W <= d.X
}

// fitsCages refuses a killer grid drawn with its cages too small for
// their sums (see cagesFit); a solution, drawn classic, needs only fits.
func (st gridStyle) fitsCages(g *engine.Geometry, side float64) error {
	if len(g.Cages) == 0 || st.cagesFit(g, side) {
		return nil
	}
	// The message names the least whole-point side that prints, found
	// down from killerSide (which always fits, TestDrawCages): a reader
	// told 3.53in when 3.15in prints would give up room for nothing.
	least := math.Ceil(killerSide(st, g))
	for least > 1 && st.cagesFit(g, least-1) {
		least--
	}
	return fmt.Errorf("%w: a killer grid %.0fpt wide has cells too small for its %.0fpt cage sums beside a digit (want a side of at least %.0fpt, %.2fin)",
		ErrSize, side, float64(book.MinCageSum), least, least/72)
}

// killerSide is the least side of a killer grid whose cells are
// book.MinKillerCell wide, the size the sums are checked at.
func killerSide(st gridStyle, g *engine.Geometry) float64 {
	inner := float64(g.Width) * book.MinKillerCell
	return inner + st.forSide(inner).thick
}
