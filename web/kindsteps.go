//go:build !js

package web

// The book's page side of calcudoku and kakuro (kinds.go): their steps
// the page stores, and whether a page carries the kind script.

import (
	"slices"

	"github.com/sudokubook/sudokubook/engine"
)

// kindRungs are the calcudoku and kakuro rungs. The page stores their
// steps and takes them at their places on the ladder (markRungs): a
// calcudoku's cage combination and cage pointing are the killer's rungs
// by name, but the page's own cage rungs read killer cages only.
var kindRungs = map[engine.Technique]bool{
	engine.CageCombination: true, engine.CagePointing: true, engine.RunCombination: true, engine.RunPermutation: true,
	engine.RunContradiction: true, engine.RunContradictionWide: true,
}

// hasKinds reports whether any of the shapes is a calcudoku's or a
// kakuro's, whose page carries the kind script.
func hasKinds(geoms []geom) bool {
	return slices.ContainsFunc(geoms, func(g geom) bool { return g.Calc != "" || g.Kakuro != "" })
}

// pageFinds reports whether the page's own rungs find the steps of t on
// geo, so that the puzzle need not store them: not a figure's fish (see
// pageFish), nor a calcudoku's cage steps.
func pageFinds(geo *engine.Geometry, t engine.Technique) bool {
	if _, ok := pageRungs[t]; !ok {
		return false
	}
	return !(geo.Variant.Multi() && pageFish[t]) && !(kindRungs[t] && slices.ContainsFunc(geo.Constraints(), isCalc))
}

func isCalc(c engine.Constraint) bool {
	_, ok := c.(*engine.CalcCages)
	return ok
}
