package layout

// Calcudoku cages, drawn the way the calcudoku books print them: each
// cage's border in the grid's heavy weight along the cell lines (the
// thin lines stay inside a cage), and its clue, the target and the
// operation ("12×", "2÷", a one-cell cage's digit), in its top-left cell
// on a white knockout, at the killer sum's size and place.
//
// A solution page prints the grid with its digits only, as a killer's.

import (
	"fmt"
	"math"
	"strings"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
)

// calcDrawing is the drawing of calcudoku cages (see layers.go).
type calcDrawing struct{ k *engine.CalcCages }

func (d calcDrawing) draw(c canvas, fr gridFrame) {
	g := fr.geo
	cages := d.k.Cages()
	cageOf := make([]int, g.Cells)
	for ci, cg := range cages {
		for _, x := range cg.Cells {
			cageOf[x] = ci
		}
	}
	x0, y0, cell := fr.x0, fr.y0, fr.cell
	w := fr.st.thick
	for r := range g.N {
		for col := range g.N {
			i := r*g.N + col
			if col+1 < g.N && cageOf[i] != cageOf[i+1] {
				x := x0 + float64(col+1)*cell
				c.Line(x, y0+float64(r)*cell, x, y0+float64(r+1)*cell, w, Black) // square caps close the corners
			}
			if r+1 < g.N && cageOf[i] != cageOf[i+g.N] {
				y := y0 + float64(r+1)*cell
				c.Line(x0+float64(col)*cell, y, x0+float64(col+1)*cell, y, w, Black)
			}
		}
	}
	for _, cg := range cages {
		text := calcClue(cg)
		box := calcClueBox(fr, cg.Cells[0], text)
		c.Rect(box.knock.X, box.knock.Y, box.knock.W, box.knock.H, White)
		c.Text(box.x, box.base, text, fr.st.filledFont, box.size, Black, AlignLeft)
	}
}

// calcClue is a cage's clue as printed: the target and the operation's
// sign (× and ÷ for x and /, and a true minus).
func calcClue(cg engine.CalcCage) string {
	return strings.ReplaceAll(cg.Printed(), "-", "−")
}

// calcClueBox places text in the top-left corner of cell i, as a killer
// sum is (cageSumBox), sized for text rather than a number.
func calcClueBox(fr gridFrame, i int, text string) sumBox {
	b := fr.cellBox(i)
	f := fr.st.filledFont
	size := math.Max(float64(book.MinCageSum), cageSum*fr.cell)
	pad := math.Max(cagePad*fr.cell, 0.5)
	x0, y0 := b.X+fr.st.thick/2, b.Y+fr.st.thick/2
	tw, th := textWidth(f, size, text), digitHeight(f, size)
	return sumBox{x: x0 + pad, base: y0 + pad + th, size: size, knock: rect{x0, y0, tw + 2*pad, th + 2*pad}}
}

// calcFits reports whether the widest clue of g's cages, on its
// knockout, stays within its cell and clear of the reader's digit.
func (d calcDrawing) calcFits(fr gridFrame) bool {
	dig := digitBox(fr, 0)
	for _, cg := range d.k.Cages() {
		k := calcClueBox(fr, 0, calcClue(cg)).knock
		if k.W > fr.cell-fr.st.thick || k.Y+k.H > dig.Y && k.X+k.W > dig.X {
			return false
		}
	}
	return true
}

func (d calcDrawing) fits(st gridStyle, g *engine.Geometry, side float64) error {
	if d.calcFits(st.frameFor(g, side)) {
		return nil
	}
	least := leastSide(st, g, d.calcFits)
	return fmt.Errorf("%w: a calcudoku grid %.0fpt wide has cells too small for its %.0fpt cage clues beside a digit (want a side of at least %.0fpt, %.2fin)",
		ErrSize, side, float64(book.MinCageSum), least, least/72)
}

func (d calcDrawing) least(st gridStyle, g *engine.Geometry) float64 {
	return max(killerSide(st, g), leastSide(st, g, d.calcFits))
}
