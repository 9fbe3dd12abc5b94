package layout

// Constraint drawings. Each constraint a geometry carries besides its
// houses (engine.Constraint) is drawn by a file of its own, chosen here by
// the constraint's type: cages.go draws killer cages. A drawing goes over
// the cell lines and under the digits, and says the least grid side at
// which it still prints readably. A grid drawn with its whole solution
// prints without its constraints (a solution page: the reader checks
// digits there, and cages at solution size only blur them), but for the
// marks that bind two cells, drawn lighter (lightDrawing).

import "github.com/sudokubook/sudokubook/engine"

// layerDrawing draws one constraint.
type layerDrawing interface {
	// draw draws the constraint on the grid at fr.
	draw(c canvas, fr gridFrame)
	// fits refuses a grid of the given side too small to print the
	// constraint at the book's finest print.
	fits(st gridStyle, g *engine.Geometry, side float64) error
	// least is a side of the grid that always fits.
	least(st gridStyle, g *engine.Geometry) float64
}

// drawingOf is the drawing of constraint k, nil for one that prints
// nothing on the grid (its rules text says it all).
func drawingOf(k engine.Constraint) layerDrawing {
	switch k := k.(type) {
	case engine.KillerCages:
		return cageDrawing{k}
	case *engine.EdgeMarks:
		return edgeDrawing{k}
	case engine.ParityCells:
		return parityDrawing{k}
	}
	return nil
}

// lightDrawing is a drawing that a solution page prints too, lighter:
// marks that bind a pair of cells (edge marks) say which digits the
// reader should check against each other. Cages are left off there.
type lightDrawing interface {
	drawLight(c canvas, fr gridFrame)
}

// drawLightLayers draws the constraints of fr's geometry that a
// solution page prints.
func drawLightLayers(c canvas, fr gridFrame) {
	for _, k := range fr.geo.Constraints() {
		if d, ok := drawingOf(k).(lightDrawing); ok {
			d.drawLight(c, fr)
		}
	}
}

// drawLayers draws every constraint of fr's geometry.
func drawLayers(c canvas, fr gridFrame) {
	for _, k := range fr.geo.Constraints() {
		if d := drawingOf(k); d != nil {
			d.draw(c, fr)
		}
	}
}

// fitsLayers refuses a grid of the given side on which a constraint of g
// would print too small; a solution, drawn without them, needs only fits.
func (st gridStyle) fitsLayers(g *engine.Geometry, side float64) error {
	for _, k := range g.Constraints() {
		if d := drawingOf(k); d != nil {
			if err := d.fits(st, g, side); err != nil {
				return err
			}
		}
	}
	return nil
}

// layersSide is the least side at which every constraint of g prints,
// 0 for a geometry without a drawn constraint: the pages that may size a
// grid (a how-to-play example) make it at least that.
func layersSide(st gridStyle, g *engine.Geometry) float64 {
	side := 0.0
	for _, k := range g.Constraints() {
		if d := drawingOf(k); d != nil {
			side = max(side, d.least(st, g))
		}
	}
	return side
}
