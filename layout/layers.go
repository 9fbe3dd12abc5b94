package layout

// Constraint drawings. Each constraint a geometry carries besides its
// houses (engine.Constraint) is drawn by a file of its own, chosen here by
// the constraint's type: cages.go draws killer cages. A drawing goes over
// the cell lines and under the digits, and says the least grid side at
// which it still prints readably. A grid drawn with its whole solution
// prints without its constraints (a solution page: the reader checks
// digits there, and cages at solution size only blur them), but for the
// marks that bind cells, drawn lighter (lightDrawing). Most drawings go
// over the cell lines; a wide ground goes under them (underlay).

import (
	"fmt"
	"math"
	"strings"

	"github.com/sudokubook/sudokubook/engine"
)

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
	case engine.Thermos:
		return thermoDrawing{k}
	case engine.Arrows:
		return arrowDrawing{k}
	case *engine.CalcCages:
		return calcDrawing{k}
	case *engine.KakuroRuns:
		return kakuroDrawing{k}
	}
	return nil
}

// lightDrawing is a drawing that a solution page prints too, lighter:
// marks that bind a pair of cells (edge marks) say which digits the
// reader should check against each other. Cages are left off there.
type lightDrawing interface {
	drawLight(c canvas, fr gridFrame)
}

// underlay is a drawing that goes under the cell lines, not over them: a
// wide ground (a thermometer) that would otherwise break the box lines
// it crosses.
type underlay interface{ under() }

// drawLayers draws the constraints of fr's geometry that go under the
// cell lines (under) or over them: on a solution page (light) only those
// it prints, lighter.
func drawLayers(c canvas, fr gridFrame, light, under bool) {
	for _, k := range fr.geo.Constraints() {
		d := drawingOf(k)
		if _, u := d.(underlay); d == nil || u != under {
			continue
		}
		if !light {
			d.draw(c, fr)
		} else if l, ok := d.(lightDrawing); ok {
			l.drawLight(c, fr)
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

// frameFor is the frame of a grid of g at side, as drawCells lays it.
func (st gridStyle) frameFor(g *engine.Geometry, side float64) gridFrame {
	s := st.forSide(side)
	return gridFrame{geo: g, x0: s.thick / 2, y0: s.thick / 2, cell: st.cellSizeIn(side, g.Width), st: s}
}

// leastSide is the least side, to half a point and rounded up, at which
// a drawing whose frame test is ok fits, found by doubling and halving
// from an inch: the drawings grow with their cells, so a larger grid
// fits whenever a smaller one does.
func leastSide(st gridStyle, g *engine.Geometry, ok func(gridFrame) bool) float64 {
	lo, hi := 0.0, 72.0
	for !ok(st.frameFor(g, hi)) {
		lo, hi = hi, 2*hi
		if hi > 72*72 {
			return hi
		}
	}
	for hi-lo > 0.5 {
		mid := (lo + hi) / 2
		if ok(st.frameFor(g, mid)) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return math.Ceil(hi)
}

// refuseSmall is nil when a grid of g at side passes ok, else an error
// saying what is wrong (why: "cells too small for ...") and naming the
// least whole-point side that passes.
func refuseSmall(st gridStyle, g *engine.Geometry, side float64, ok func(gridFrame) bool, why string) error {
	if ok(st.frameFor(g, side)) {
		return nil
	}
	least := leastSide(st, g, ok)
	for least > 1 && ok(st.frameFor(g, least-1)) {
		least--
	}
	return fmt.Errorf("%w: a %s grid %.0fpt wide has %s (want a side of at least %.0fpt, %.2fin)",
		ErrSize, layerNames(g), side, why, least, least/72)
}

// layerNames names a grid by its constraints in messages: "kropki",
// "thermo".
func layerNames(g *engine.Geometry) string {
	var names []string
	for _, k := range g.Constraints() {
		names = append(names, k.Name())
	}
	return strings.Join(names, " ")
}
