package layout

// Even-odd marks, drawn as puzzle books print them: a grey square in a
// cell that holds an even digit, a grey disc in one that holds an odd
// digit, both under the digit and clear of the cell lines, in the grey of
// the variants' shaded cells (shadeFill), which a given reads on as on
// white paper. A solution page draws them lighter, so the reader can
// still check a digit against its mark while the digits stay first.
//
//	+-------+-------+
//	| +---+ |  ___  |     even: a square of markSide of the cell
//	| | 4 | | ( 7 ) |     odd:  a disc of the same width
//	| +---+ |  ---  |
//	+-------+-------+

import "github.com/sudokubook/sudokubook/engine"

const (
	// markSide is the width of a parity mark, per cell: large enough to
	// tell a square from a disc at a glance, small enough to leave the
	// corners to pencil marks.
	markSide = 0.7
	// markLight is the grey of the marks on a solution page: 8% black,
	// lighter than shadeFill yet not so light that a press drops it.
	parityLight Grey = 0.92
)

// parityDrawing is the drawing of even-odd marks (see layers.go).
type parityDrawing struct{ p engine.ParityCells }

func (d parityDrawing) draw(c canvas, fr gridFrame) { drawParity(c, fr, d.p.Cells(), shadeFill) }

// drawLight draws the marks on a solution page, lighter.
func (d parityDrawing) drawLight(c canvas, fr gridFrame) {
	drawParity(c, fr, d.p.Cells(), parityLight)
}

// fits: a mark is a fraction of its cell, so it prints wherever the
// digits do.
func (parityDrawing) fits(gridStyle, *engine.Geometry, float64) error { return nil }

func (parityDrawing) least(gridStyle, *engine.Geometry) float64 { return 0 }

// drawParity draws each marked cell's square or disc in grey g.
func drawParity(c canvas, fr gridFrame, marks []uint8, g Grey) {
	w := markSide * fr.cell
	for i, m := range marks {
		if m == engine.NoParity {
			continue
		}
		x, y := fr.centre(i)
		if m == engine.EvenCell {
			c.Rect(x-w/2, y-w/2, w, w, g)
		} else {
			disc(c, x, y, w/2, g)
		}
	}
}
