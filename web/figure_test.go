package web

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/templates"
)

var figures = []engine.Variant{engine.Samurai, engine.Twin, engine.Butterfly, engine.Sohei, engine.Flower}

// TestFigureGeom: a figure's page shape is its bounding box and the
// top-left place of each grid, in the engine's order.
func TestFigureGeom(t *testing.T) {
	for _, v := range figures {
		g, err := engine.Lookup(v, 9)
		if err != nil {
			t.Fatal(err)
		}
		pg := figureGeom(g)
		w := g.Width
		if pg.N != w || pg.Digits != 9 || pg.Reg != "" {
			t.Fatalf("%s: n %d, digits %d, regions %q, want %d, 9 and none", v, pg.N, pg.Digits, pg.Reg, w)
		}
		if len(pg.Frames) != len(g.Grids) {
			t.Errorf("%s: %d grid frames, want %d", v, len(pg.Frames), len(g.Grids))
		}
		for k, p := range pg.Frames {
			if _, ok := g.InPlay(p/w+8, p%w+8); !ok || p != g.Grids[k][0]*w+g.Grids[k][1] {
				t.Errorf("%s: frame %d at place %d, want grid corner %v", v, k, p, g.Grids[k])
			}
		}
	}
}

// pageGeom is a grid shape as the page's script derives it.
type pageGeom struct {
	N      int    `json:"side"`
	Off    []bool `json:"off"`
	Reg    []int  `json:"reg"`
	Houses []struct {
		Name   string `json:"name"`
		Cells  []int  `json:"cells"`
		Region bool   `json:"region"`
	} `json:"houses"`
}

// TestBrowserFigureHouses: from a figure's grid corners alone, the page
// finds exactly the places out of play, every house of the union once,
// by place, in the grader's order (boxes, rows, columns) and under the
// grader's name, and box lines wherever two boxes meet.
func TestBrowserFigureHouses(t *testing.T) {
	skipBrowserInShort(t)
	ctx := browser(t)
	b := tab{t, ctx, new([]string)}
	en, _ := templates.Language("en")
	words, _ := Words("en")
	gen := engine.NewGenerator()
	var p engine.Puzzle
	for ok := false; !ok; {
		p, ok = gen.Generate(rand.New(rand.NewPCG(7, 8)), engine.Quota{Level: engine.Easy, Count: 1, Symmetry: engine.SymRotational})
	}
	// A classic puzzle carries the figures' shapes to the page.
	d, err := dataOf("Figures", []item{{number: 1, section: section{Title: "classic", Level: "Easy"}, geo: engine.Classic9,
		givens: p.Cells(), answer: p.SolutionCells()}}, en, words)
	if err != nil {
		t.Fatal(err)
	}
	var geos []*engine.Geometry
	for _, v := range figures {
		g, err := engine.Lookup(v, 9)
		if err != nil {
			t.Fatal(err)
		}
		geos = append(geos, g)
		d.Geoms = append(d.Geoms, figureGeom(g))
	}
	page, err := render(d)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "figures.html")
	if err := os.WriteFile(file, page, 0o644); err != nil {
		t.Fatal(err)
	}
	b.do(chromedp.Navigate("file://"+file), chromedp.WaitVisible(chromedp.CSS(`#c80`)))
	got := eval[[]pageGeom](b, `sudokubook.geoms.slice(1).map(g => ({side: g.n, off: g.off, reg: g.reg, houses: g.houses}))`)
	for k, g := range geos {
		v, pg, w := figures[k], got[k], g.Width
		if pg.N != w || len(pg.Off) != w*w || len(pg.Reg) != w*w {
			t.Fatalf("%s: n %d, %d places, %d regions, want %d and %d", v, pg.N, len(pg.Off), len(pg.Reg), w, w*w)
		}
		for place, off := range pg.Off {
			if _, ok := g.InPlay(place/w, place%w); ok == off {
				t.Errorf("%s: place %d out of play %v, want %v", v, place, off, !ok)
			}
		}
		if len(pg.Houses) != len(g.Houses) {
			t.Fatalf("%s: %d houses, want %d", v, len(pg.Houses), len(g.Houses))
		}
		// The grader's scan order: boxes, then rows, then columns, each
		// kind in the engine's order.
		var order []int
		for _, kind := range []engine.HouseKind{engine.BoxHouse, engine.RowHouse, engine.ColumnHouse} {
			for u, hk := range g.Kinds {
				if hk == kind {
					order = append(order, u)
				}
			}
		}
		for k, u := range order {
			var want []int
			for _, c := range g.Houses[u] {
				want = append(want, g.Place(c))
			}
			h := pg.Houses[k]
			if !slices.Equal(h.Cells, want) || h.Name != g.HouseName(u) || h.Region != (g.Kinds[u] == engine.BoxHouse) {
				t.Errorf("%s: house %d is %q %v (region %v), want %q %v", v, k, h.Name, h.Cells, h.Region, g.HouseName(u), want)
			}
		}
		// Two cells in play side by side differ in region exactly when
		// they lie in different boxes.
		for i := range g.Cells {
			r, c := g.Row(i), g.Col(i)
			for _, n := range [][2]int{{r, c + 1}, {r + 1, c}} {
				j, ok := g.InPlay(n[0], n[1])
				if ok && (pg.Reg[g.Place(i)] != pg.Reg[g.Place(j)]) != (g.Regions[i] != g.Regions[j]) {
					t.Errorf("%s: %s and %s: the page's regions and the boxes disagree", v, g.CellName(i), g.CellName(j))
				}
			}
		}
		t.Logf("%s: %d houses, %d places out of play, as the engine has them", v, len(pg.Houses), w*w-g.Cells)
	}
}
