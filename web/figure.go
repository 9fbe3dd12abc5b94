package web

import (
	"fmt"

	"github.com/sudokubook/sudokubook/engine"
)

// Figures of several 9x9 grids (samurai, twin, butterfly, sohei, flower). The engine
// numbers only their cells in play; the page works on the bounding box
// (Width places a side, row by row), as it draws it. So a figure's cells,
// codes and house lists are written by place (engine.Geometry.Place), the
// places out of play are listed (Off), and the houses are listed with the
// names the grader gives them ("row 7 (c1-9)": a row of the box crosses up
// to three grids, each its own house).

// pageFish are the page's fish rungs. They read a single grid's rows and
// columns, so the page skips them on a figure, and a figure keeps the
// grader's fish steps with its puzzle instead.
var pageFish = map[engine.Technique]bool{engine.XWing: true, engine.Swordfish: true, engine.Jellyfish: true}

// figureGeom describes a figure for the page: its bounding box, the places
// out of play, its houses in the grader's scan order (boxes, then rows,
// then columns) by place, and a region map that parts every two
// neighbouring boxes, for the box lines.
func figureGeom(g *engine.Geometry) geom {
	w := g.Width
	out := geom{N: w, BW: g.BoxCols, BH: g.BoxRows, Digits: g.N}
	reg := make([]byte, w*w)
	for p := range reg {
		r, c := p/w, p%w
		if _, ok := g.InPlay(r, c); !ok {
			reg[p] = '.'
			out.Off = append(out.Off, p)
			continue
		}
		// Boxes sit on the 3x3 lattice of the box: two neighbouring ones
		// differ in the parity of their block row or column.
		reg[p] = symbols[(r/g.BoxRows)%2*2+(c/g.BoxCols)%2]
	}
	out.Reg = string(reg)
	// Each 9x9 grid's frame is drawn heavier than the box lines, as
	// printed (layout's figureFrames): the page gets their corners.
	for _, corner := range g.Grids {
		out.Frames = append(out.Frames, corner[0]*w+corner[1])
	}
	for _, kind := range []engine.HouseKind{engine.BoxHouse, engine.RowHouse, engine.ColumnHouse} {
		for u, k := range g.Kinds {
			if k != kind {
				continue
			}
			h := g.Houses[u]
			first, last := h[0], h[len(h)-1]
			var word, name string
			switch k {
			case engine.RowHouse:
				word, name = "row", fmt.Sprintf("%d (c%d-%d)", g.Row(first)+1, g.Col(first)+1, g.Col(last)+1)
			case engine.ColumnHouse:
				word, name = "col", fmt.Sprintf("%d (r%d-%d)", g.Col(first)+1, g.Row(first)+1, g.Row(last)+1)
			default:
				word, name = "box", fmt.Sprintf("r%d-%d c%d-%d", g.Row(first)+1, g.Row(last)+1, g.Col(first)+1, g.Col(last)+1)
			}
			house := []any{word, name}
			for _, c := range h {
				house = append(house, g.Place(c))
			}
			out.Houses = append(out.Houses, house)
		}
	}
	return out
}
