package book

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/templates"
)

// pageSpecs are the pages the gap tests lay out: every trim preset with the
// default spec, and every template preset as it comes.
func pageSpecs(t *testing.T) map[string]*Spec {
	t.Helper()
	out := map[string]*Spec{}
	for _, trim := range SizePresets() {
		out["trim "+trim] = load(t, "title: T\ntrim: "+trim+"\nsections: [{level: easy, count: 1}]\n")
	}
	for _, p := range templates.Presets() {
		out["template "+p.Name] = load(t, "title: T\ntemplate: "+p.Name+"\nsections: [{level: easy, count: 1}]\n")
	}
	return out
}

// TestPageGaps lays out every count of grids a page may hold, on every trim
// preset and every template, and checks how the free space is shared: no
// gap under its stated minimum (PuzzleGap, SolutionGap; a row gap also
// holds the label of the grid below), the same clear distance across and
// down wherever the page has room for it, the block of grids centred in
// the body area, and every grid inside it. Six a page on letter paper left
// a 2.5in channel down the middle before the space was spread evenly.
func TestPageGaps(t *testing.T) {
	const eps = 0.01
	for name, s := range pageSpecs(t) {
		gutter := GutterFor(0)
		ts := TypeScaleFor(s.Style)
		w := float64(s.Trim.W - s.Margins.Outside - gutter)
		h := float64(s.Trim.H-s.Margins.Top-s.Margins.Bottom) - ts.HeadBand() - ts.FootBand()
		for _, c := range []struct {
			what string
			ns   []int
			gap  float64
			set  func(n int)
			pick func(p, s Slots) Slots
		}{
			{"puzzles", []int{1, 2, 4, 6}, PuzzleGap, func(n int) { s.PuzzlesPerPage = n }, func(p, _ Slots) Slots { return p }},
			{"solutions", []int{4, 5, 6, 7, 8, 9, 10, 11, 12}, SolutionGap, func(n int) { s.SolutionsPerPage = n }, func(_, s Slots) Slots { return s }},
		} {
			for _, n := range c.ns {
				t.Run(fmt.Sprintf("%s/%d %s", name, n, c.what), func(t *testing.T) {
					c.set(n)
					sl := c.pick(s.PageSlots(gutter))
					if sl.Side < MinGridSide || sl.Cols*sl.Rows < n || len(sl.Xs) != sl.Cols || len(sl.Ys) != sl.Rows {
						t.Fatalf("%d grids: %dx%d slots of side %.1f (xs %v, ys %v)", n, sl.Cols, sl.Rows, sl.Side, sl.Xs, sl.Ys)
					}
					for _, v := range append(append([]float64{sl.Side}, sl.Xs...), sl.Ys...) {
						if math.IsNaN(v) || math.IsInf(v, 0) {
							t.Fatalf("slots hold %v: xs %v, ys %v", v, sl.Xs, sl.Ys)
						}
					}
					across, down := sl.Gaps()
					if sl.Cols > 1 && across < c.gap-eps {
						t.Errorf("columns %.2fpt apart, want at least %.2fpt", across, c.gap)
					}
					if sl.Rows > 1 && down < c.gap+sl.LabelH-eps {
						t.Errorf("rows %.2fpt apart frame to frame, want at least %.2fpt (the gap and a label)", down, c.gap+sl.LabelH)
					}
					// Equal across and down, unless the columns are at their
					// tightest and a row gap with its label is wider still.
					if sl.Cols > 1 && sl.Rows > 1 && math.Abs(across-down) > eps &&
						!(across < down && math.Abs(down-(c.gap+sl.LabelH)) < eps) {
						t.Errorf("grids %.2fpt apart across and %.2fpt down: want the same", across, down)
					}
					for k := 2; k < sl.Cols; k++ {
						if g := sl.Xs[k] - sl.Xs[k-1] - sl.Side; math.Abs(g-across) > eps {
							t.Errorf("columns %d and %d %.2fpt apart, want %.2fpt like the first pair", k-1, k, g, across)
						}
					}
					for r := 2; r < sl.Rows; r++ {
						if g := sl.Ys[r] - sl.Ys[r-1] - sl.Side; math.Abs(g-down) > eps {
							t.Errorf("rows %d and %d %.2fpt apart, want %.2fpt like the first pair", r-1, r, g, down)
						}
					}
					h := h
					if c.what == "puzzles" && s.NameLine {
						h -= ts.NameLineHeight()
					}
					left, right := sl.Xs[0], w-sl.Xs[sl.Cols-1]-sl.Side
					above, below := sl.Ys[0], h-sl.Ys[sl.Rows-1]-sl.LabelH-sl.Side
					if left < -eps || math.Abs(left-right) > eps {
						t.Errorf("%.2fpt left of the grids, %.2fpt right: want equal, not negative", left, right)
					}
					switch {
					case c.what == "puzzles" && s.NameLine:
						// A worksheet's grids sit under its name line.
						if above < -eps || above > NameLineGap+eps || below < -eps {
							t.Errorf("%.2fpt between the name line and the grids, %.2fpt below them: want at most %.2fpt, the rest below", above, below, NameLineGap)
						}
					case above < -eps || math.Abs(above-below) > eps:
						t.Errorf("%.2fpt above the grids, %.2fpt below: want equal, not negative", above, below)
					}
					// A single column's rows share the height evenly.
					if sl.Cols == 1 && sl.Rows > 1 && down-sl.LabelH > c.gap+eps && math.Abs(down-sl.LabelH-above) > eps {
						t.Errorf("one column: %.2fpt above, %.2fpt between rows (label excluded): want equal", above, down-sl.LabelH)
					}
				})
			}
		}
	}
}

// TestSixOnLetter pins the case where uneven gaps showed most: six a
// page on 8.5x11in. The grids are as large as the height allows and the columns no
// further apart than the rows.
func TestSixOnLetter(t *testing.T) {
	s := load(t, "title: T\ntrim: 8.5x11in\npuzzles_per_page: 6\nsections: [{level: easy, count: 1}]\n")
	p, _ := s.PageSlots(GutterFor(0))
	across, down := p.Gaps()
	if p.Cols != 2 || p.Rows != 3 {
		t.Fatalf("six a page set %dx%d, want 2 columns of 3", p.Cols, p.Rows)
	}
	if across > down+0.01 || across > 0.75*float64(Inch) {
		t.Errorf("columns %.2fin apart, rows %.2fin: want no channel wider than the rows' gap", across/float64(Inch), down/float64(Inch))
	}
}

// TestPageSlotsIsTheRule: validation refuses exactly the pages PageSlots
// cannot fill with grids of MinGridSide, naming puzzles_per_page.
func TestPageSlotsIsTheRule(t *testing.T) {
	for _, tc := range []struct {
		yaml string
		ok   bool
	}{
		{"trim: 6x9in\npuzzles_per_page: 6", true},
		{"trim: 3x3in\nmargins: {top: 0.2in, bottom: 0.2in, outside: 0.2in, inside: 0.2in}\npuzzles_per_page: 6", false},
		{"trim: 3x4in\nmargins: {top: 0.2in, bottom: 0.2in, outside: 0.2in, inside: 0.2in}\npuzzles_per_page: 1\nsolutions_per_page: 4", true},
	} {
		s, err := Load(strings.NewReader("title: T\n"+tc.yaml+"\nsections: [{level: easy, count: 1}]\n"), "t.yaml")
		p, sol := Slots{}, Slots{}
		if s != nil {
			p, sol = s.PageSlots(s.Inside(s.estimatePages()))
		}
		fits := p.Side >= MinGridSide && sol.Side >= MinGridSide
		if (err == nil) != tc.ok || (s != nil && fits != tc.ok) {
			t.Errorf("%q: Load error %v, PageSlots sides %.1f/%.1f: want ok=%v from both", tc.yaml, err, p.Side, sol.Side, tc.ok)
		}
		if err != nil && !strings.Contains(err.Error(), "per_page") {
			t.Errorf("%q: error %q does not name the per-page field", tc.yaml, err)
		}
	}
}
