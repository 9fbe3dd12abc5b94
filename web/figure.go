package web

import "github.com/sudokubook/sudokubook/engine"

// Figures of several 9x9 grids (samurai, twin, butterfly, sohei, flower). The engine
// numbers only their cells in play; the page works on the bounding box
// (Width places a side, row by row), as it draws it. So a figure's cells
// and codes are written by place (engine.Geometry.Place), and its shape is
// only the top-left places of its grids: the page derives the places out
// of play, the box lines and the houses, under the names the grader gives
// them ("row 7 (c1-9)": a row of the box crosses up to three grids, each
// its own house). TestBrowserFigureHouses holds what it derives to the
// engine's geometry.

// pageFish are the page's fish rungs. They read a single grid's rows and
// columns, so the page skips them on a figure, and a figure keeps the
// grader's fish steps with its puzzle instead.
var pageFish = map[engine.Technique]bool{engine.XWing: true, engine.Swordfish: true, engine.Jellyfish: true}

// figureGeom describes a figure for the page: its bounding box and the
// top-left place of each of its 9x9 grids, in the engine's order. The
// page frames each grid heavier than the box lines, as printed (layout's
// figureFrames).
func figureGeom(g *engine.Geometry) geom {
	w := g.Width
	out := geom{N: w, BW: g.BoxCols, BH: g.BoxRows, Digits: g.N}
	for _, corner := range g.Grids {
		out.Frames = append(out.Frames, corner[0]*w+corner[1])
	}
	return out
}
