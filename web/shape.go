package web

// The page's shapes and cells, which both the book's page (web.go) and the
// browser engine (web/wasm) write: this side of the package reads no book,
// so it builds for js/wasm, where package book does not.

import (
	"slices"
	"strings"

	"github.com/sudokubook/sudokubook/engine"
)

// geom is a grid shape: n cells a side in boxes of bw x bh, or in the
// regions of Reg (one character a cell naming its region) for jigsaw
// shapes. Extra houses (X) list a word key, a number and their cells;
// Shade lists shaded cells; Cages are killer cages, drawn as dashed
// outlines with their sums, in cageCodes' form.
type geom struct {
	N     int     `json:"n"`
	BW    int     `json:"bw"`
	BH    int     `json:"bh"`
	Reg   string  `json:"reg,omitempty"`
	X     [][]any `json:"x,omitempty"`
	Shade []int   `json:"sh,omitempty"`
	Cages string  `json:"cg,omitempty"` // killer cages, see cageMap
	Sums  string  `json:"cs,omitempty"` // and their sums
	// A figure of several 9x9 grids (samurai) in an n x n bounding box is
	// the top-left places of its grids, from which the page derives its
	// houses and the places out of play (see figureGeom).
	Frames []int `json:"fr,omitempty"`
	Digits int   `json:"d,omitempty"` // digits, when not n (a figure's)
	// The marks of marks.go.
	Thermos  [][]int `json:"th,omitempty"`
	Arrows   [][]int `json:"ar,omitempty"`
	Parity   string  `json:"pa,omitempty"`
	EdgeKind string  `json:"ek,omitempty"`
	Edges    string  `json:"em,omitempty"`
	Peers    string  `json:"pe,omitempty"`
	// Pic draws the symbols as the book's shapes (style.shapes), each
	// the page's pics say.
	Pic bool `json:"pic,omitempty"`
	// A calcudoku's cages and a kakuro's shape and clues (kinds.go).
	Calc      string `json:"kc,omitempty"`
	CalcClues string `json:"kt,omitempty"`
	Kakuro    string `json:"kk,omitempty"`
	Clues     string `json:"ks,omitempty"`
}

// geomOf describes a geometry for the page: its box shape or jigsaw
// regions, and its extra houses, which are also shaded as printed, and
// its marks; it says whether the page's search misses a mark, so the
// puzzle must carry its solution.
func geomOf(g *engine.Geometry) (geom, bool) {
	if g.Variant.Multi() {
		return figureGeom(g), false
	}
	if g.Variant == engine.Kakuro {
		return kakuroGeom(g), true
	}
	out := geom{N: g.N, BW: g.BoxCols, BH: g.BoxRows}
	if _, own := g.OwnRegions(); own {
		reg := make([]byte, g.Cells)
		for i, r := range g.Regions {
			reg[i] = symbols[r]
		}
		out.Reg = string(reg)
	}
	for u := 3 * g.N; u < len(g.Houses); u++ {
		h := []any{"window", u - 3*g.N + 1}
		implied := g.Kinds[u] == engine.ImpliedWindowHouse
		if implied {
			// Named for the stored steps that use it, never shaded.
			h[1] = g.ImpliedWindowCells(u)
		}
		if g.Kinds[u] == engine.DiagonalHouse {
			h = []any{"diag1", 0}
			if u > 3*g.N {
				h[0] = "diag2"
			}
		}
		for _, c := range g.Houses[u] {
			h = append(h, c)
			if !implied && !slices.Contains(out.Shade, c) {
				out.Shade = append(out.Shade, c)
			}
		}
		out.X = append(out.X, h)
	}
	slices.Sort(out.Shade)
	answer := layersGeom(&out, g)
	return out, answer
}

// symbols are the digits of givens and codes.
const (
	symbols = "123456789ABCDEFG"
	// lines numbers the rows and columns of codes: the symbols, then on
	// for a figure's bounding box (a samurai is 21 places a side).
	lines = symbols + "HIJKLMNOPQRSTUVWXYZ"
)

// placeCells writes cells (0 for an open cell) by the page's numbering,
// the places of the bounding box (Width a side): cell for cell on one
// grid, with gaps out of play on a figure.
func placeCells(geo *engine.Geometry, cells []uint8) string {
	w := geo.Width
	out := []byte(strings.Repeat(".", w*w))
	for i, v := range cells {
		if v != 0 {
			out[geo.Place(i)] = symbols[v-1]
		}
	}
	return string(out)
}

// Shape is one puzzle as the page plays it, made in the browser: its grid
// shape, its givens and its solution by the page's numbering (see
// placeCells). The browser engine (web/wasm) hands it to the page's script.
type Shape struct {
	Geom  geom   `json:"geom"`
	Cells string `json:"g"`
	Sol   string `json:"sol"`
}

// ShapeOf is the page's shape of a puzzle on geo with its answer.
func ShapeOf(geo *engine.Geometry, givens, answer []uint8) Shape {
	g, _ := geomOf(geo)
	return Shape{Geom: g, Cells: placeCells(geo, givens), Sol: placeCells(geo, answer)}
}
