package web

import (
	"fmt"
	"slices"
	"testing"

	"github.com/sudokubook/sudokubook/engine"
)

// TestFigureGeom: a figure's page shape is its bounding box, with exactly
// the places out of play listed, every house of the union once by place
// and by the grader's name, and box lines wherever two boxes meet.
func TestFigureGeom(t *testing.T) {
	for _, v := range []engine.Variant{engine.Samurai, engine.Twin, engine.Butterfly, engine.Sohei, engine.Flower} {
		g, err := engine.Lookup(v, 9)
		if err != nil {
			t.Fatal(err)
		}
		pg := figureGeom(g)
		w := g.Width
		if pg.N != w || pg.Digits != 9 || len(pg.Reg) != w*w {
			t.Fatalf("%s: n %d, digits %d, %d regions, want %d, 9, %d", v, pg.N, pg.Digits, len(pg.Reg), w, w*w)
		}
		if len(pg.Frames) != len(g.Grids) {
			t.Errorf("%s: %d grid frames, want %d", v, len(pg.Frames), len(g.Grids))
		}
		for k, p := range pg.Frames {
			if _, ok := g.InPlay(p/w+8, p%w+8); !ok || p != g.Grids[k][0]*w+g.Grids[k][1] {
				t.Errorf("%s: frame %d at place %d, want grid corner %v", v, k, p, g.Grids[k])
			}
		}
		if len(pg.Off) != w*w-g.Cells {
			t.Errorf("%s: %d places out of play, want %d", v, len(pg.Off), w*w-g.Cells)
		}
		for _, p := range pg.Off {
			if _, ok := g.InPlay(p/w, p%w); ok || pg.Reg[p] != '.' {
				t.Errorf("%s: place %d listed out of play", v, p)
			}
		}
		if len(pg.Houses) != len(g.Houses) {
			t.Fatalf("%s: %d houses, want %d", v, len(pg.Houses), len(g.Houses))
		}
		names := map[string]bool{}
		for u, h := range g.Houses {
			var want []any
			for _, c := range h {
				want = append(want, g.Place(c))
			}
			k := slices.IndexFunc(pg.Houses, func(ph []any) bool { return slices.Equal(ph[2:], want) })
			if k < 0 {
				t.Fatalf("%s: house %s missing", v, g.HouseName(u))
			}
			word := map[string]string{"row": "row", "col": "column", "box": "box"}[pg.Houses[k][0].(string)]
			if got := word + " " + fmt.Sprint(pg.Houses[k][1]); got != g.HouseName(u) {
				t.Errorf("%s: house named %q, the grader says %q", v, got, g.HouseName(u))
			}
			names[g.HouseName(u)] = true
		}
		if len(names) != len(g.Houses) {
			t.Errorf("%s: %d house names for %d houses", v, len(names), len(g.Houses))
		}
		// Two cells in play side by side differ in region exactly when
		// they lie in different boxes.
		for i := range g.Cells {
			r, c := g.Row(i), g.Col(i)
			for _, n := range [][2]int{{r, c + 1}, {r + 1, c}} {
				j, ok := g.InPlay(n[0], n[1])
				if !ok {
					continue
				}
				if (pg.Reg[g.Place(i)] != pg.Reg[g.Place(j)]) != (g.Regions[i] != g.Regions[j]) {
					t.Errorf("%s: %s and %s: the page's regions and the boxes disagree", v, g.CellName(i), g.CellName(j))
				}
			}
		}
	}
}
