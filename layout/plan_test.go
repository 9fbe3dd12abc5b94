package layout

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/templates"
)

// TestSlotsBalanced lays out every count of grids a page may hold, on every
// preset's page, and checks the page looks composed rather than packed to
// the top: the spare height is shared out evenly, as much above the first
// row and below the last as between rows (each gap between rows holding
// the minimum gap besides), one column sits in the middle, several span
// the text block with equal gaps, and every grid stays in the body area.
func TestSlotsBalanced(t *testing.T) {
	const eps = 0.01
	for _, preset := range templates.Presets() {
		s, err := book.Load(strings.NewReader("title: T\ntemplate: "+preset.Name+"\nsections: [{level: easy, count: 1}]\n"), preset.Name+".yaml")
		if err != nil {
			t.Fatalf("loading a %s spec: %v", preset.Name, err)
		}
		for _, c := range []struct {
			what string
			ns   []int
			gap  float64
			pick func(p *plan) slots
			set  func(n int)
		}{
			{"puzzles", []int{1, 2, 4, 6}, 0.3 * inch, func(p *plan) slots { return p.puzzleSlots }, func(n int) { s.PuzzlesPerPage = n }},
			{"solutions", []int{4, 5, 6, 7, 8, 9, 10, 11, 12}, 0.2 * inch, func(p *plan) slots { return p.solutionSlots }, func(n int) { s.SolutionsPerPage = n }},
		} {
			for _, n := range c.ns {
				t.Run(fmt.Sprintf("%s/%d %s", preset.Name, n, c.what), func(t *testing.T) {
					c.set(n)
					p := planBook(testBook(s, 1), mustTexts(t, "en"))
					area := p.ts.bodyArea(p.geo.content(1))
					sl := c.pick(p)
					if sl.side <= 0 || sl.cols*sl.rows < n || len(sl.xs) != sl.cols || len(sl.ys) != sl.rows {
						t.Fatalf("%d grids: %dx%d slots of side %.1f (xs %v, ys %v)", n, sl.cols, sl.rows, sl.side, sl.xs, sl.ys)
					}
					depth := sl.labelH + sl.side
					above := sl.ys[0]
					below := area.H - (sl.ys[sl.rows-1] + depth)
					if above < -eps || math.Abs(above-below) > eps {
						t.Errorf("%.2fpt above the first row, %.2fpt below the last: want equal, not negative", above, below)
					}
					for r := 1; r < sl.rows; r++ {
						between := sl.ys[r] - (sl.ys[r-1] + depth)
						if math.Abs(between-(above+c.gap)) > eps {
							t.Errorf("rows %d and %d are %.2fpt apart, want %.2fpt (the %.2fpt above the first row plus the %.2fpt gap)",
								r-1, r, between, above+c.gap, above, c.gap)
						}
					}
					if sl.cols == 1 {
						if left, right := sl.xs[0], area.W-sl.xs[0]-sl.side; math.Abs(left-right) > eps {
							t.Errorf("one column %.2fpt from the left, %.2fpt from the right: want it centred", left, right)
						}
						return
					}
					if sl.xs[0] != 0 || math.Abs(sl.xs[sl.cols-1]+sl.side-area.W) > eps {
						t.Errorf("columns span %.2f-%.2fpt of a %.2fpt text block, want it all", sl.xs[0], sl.xs[sl.cols-1]+sl.side, area.W)
					}
					for k := 1; k < sl.cols; k++ {
						gap := sl.xs[k] - sl.xs[k-1] - sl.side
						if want := sl.xs[1] - sl.side; gap < c.gap-eps || math.Abs(gap-want) > eps {
							t.Errorf("columns %d and %d are %.2fpt apart, want %.2fpt like the first pair, at least %.2fpt", k-1, k, gap, want, c.gap)
						}
					}
				})
			}
		}
	}
}
