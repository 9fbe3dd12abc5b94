package layout

import (
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/book"
)

// inkShare draws a plan's puzzle grid (or solution grid) at its printed
// side on a raster and returns, over the cells holding a digit, the
// smallest height of the digit's ink as a share of the cell's height.
func inkShare(t *testing.T, p *plan, solutions bool) float64 {
	t.Helper()
	const dpi = 150
	st, side := p.gridStyle(), p.puzzleSlots.side
	if solutions {
		st, side = p.solnStyle(), p.solutionSlots.side
	}
	g, s := fixturePuzzle(1)
	if !solutions {
		s = g
	}
	n := int(side/72*dpi) + 1
	c := newGGCanvas(n, n, dpi)
	drawGrid(c, 0, 0, side, g, s, st)
	img := c.gray()
	k := float64(dpi) / 72
	fs := st.forSide(side)
	cell := fs.cellSize(side)
	least := 1.0
	for i := range 81 {
		if s[i] == 0 {
			continue
		}
		// The cell's inside, clear of its lines.
		x0 := (fs.thick/2 + float64(i%9)*cell + fs.thick) * k
		x1 := (fs.thick/2 + float64(i%9+1)*cell - fs.thick) * k
		y0 := (fs.thick/2 + float64(i/9)*cell + fs.thick) * k
		y1 := (fs.thick/2 + float64(i/9+1)*cell - fs.thick) * k
		top, bottom := -1, -1
		for y := int(y0); y < int(y1); y++ {
			for x := int(x0); x < int(x1); x++ {
				if img.GrayAt(x, y).Y < 128 {
					if top < 0 {
						top = y
					}
					bottom = y
					break
				}
			}
		}
		if top < 0 {
			t.Fatalf("cell %d holds %d but shows no ink", i, s[i])
		}
		least = min(least, float64(bottom-top+1)/(cell*k))
	}
	return least
}

// TestLargePrintInk measures the ink of the digits, cell by cell: large
// print sets the largest digits the cells allow, at least as tall a share
// of the cell as a default book's fitted digits, puzzles and solutions.
// The preset once fixed 28pt digits, 36% of the cell's height against 46%
// in a 6x9in book.
func TestLargePrintInk(t *testing.T) {
	plans := map[string]*plan{}
	for _, name := range []string{"large-print", "kdp-6x9"} {
		s, err := book.Load(strings.NewReader("title: T\ntemplate: "+name+"\nsections: [{level: easy, count: 4}]\n"), name+".yaml")
		if err != nil {
			t.Fatalf("loading %s: %v", name, err)
		}
		plans[name] = planBook(testBook(s, 4), mustTexts(t, "en"))
	}
	for _, solutions := range []bool{false, true} {
		large, normal := inkShare(t, plans["large-print"], solutions), inkShare(t, plans["kdp-6x9"], solutions)
		t.Logf("solutions %v: digit ink %.0f%% of the cell in large print, %.0f%% in a 6x9in book", solutions, 100*large, 100*normal)
		if large < normal+0.05 || large < 0.5 {
			t.Errorf("solutions %v: large print's digits are %.0f%% of the cell, a 6x9in book's %.0f%%: want 5 points more and at least 50%%",
				solutions, 100*large, 100*normal)
		}
	}
}
