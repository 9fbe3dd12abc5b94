package web

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
)

// latinBook is examples/latin-squares.yaml's book: futoshiki, calcudoku
// with and without operations, sudoku and kakuro. It is made once.
var latinBook = sync.OnceValues(func() (*book.Manifest, error) { return exampleBook("../examples/latin-squares.yaml") })

// kindPage is the web edition of the first puzzle of each section of
// examples/latin-squares.yaml whose kind is one of kinds, with the
// puzzles, their geometries and solutions (a symbol a place). Their data
// must take at most most bytes a puzzle, deflated.
func kindPage(t *testing.T, most int, kinds ...string) (puzzles []book.ManifestPuzzle, geos []*engine.Geometry, sols map[int]string, page []byte) {
	t.Helper()
	m, err := latinBook()
	if err != nil {
		t.Fatal(err)
	}
	sub := *m
	sub.Puzzles = nil
	seen := map[string]bool{}
	sols = map[int]string{}
	for _, p := range m.Puzzles {
		if slices.Contains(kinds, p.Variant) && !seen[p.Section] {
			seen[p.Section] = true
			geo, _, answer, err := p.Grids()
			if err != nil {
				t.Fatal(err)
			}
			sub.Puzzles = append(sub.Puzzles, p)
			geos = append(geos, geo)
			sols[p.Number] = placeCells(geo, answer)
		}
	}
	if len(sub.Puzzles) == 0 {
		t.Fatalf("examples/latin-squares.yaml has no %v", kinds)
	}
	d, err := newData(&sub, book.Range{}, mustTexts(t, "en"), mustWords(t, "en"), nil)
	if err != nil {
		t.Fatal(err)
	}
	z, err := pack(d.Geoms, d.Puzzles)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%v: data %d bytes a puzzle", kinds, len(z)/len(d.Puzzles))
	if n := len(z) / len(d.Puzzles); n > most {
		t.Errorf("%v: data %d bytes a puzzle, want at most %d", kinds, n, most)
	}
	page, err = render(d)
	if err != nil {
		t.Fatal(err)
	}
	return sub.Puzzles, geos, sols, page
}

// described is what a screen reader is told of cell i besides its label:
// the clue of a cage or run it opens.
func (b tab) described(i int) string {
	b.t.Helper()
	return eval[string](b, fmt.Sprintf(`(() => { const d = document.getElementById('c%d').getAttribute('aria-describedby');
		return d ? document.getElementById(d).textContent : ''; })()`, i))
}

// TestBrowserCalcudoku draws a calcudoku of each section of
// examples/latin-squares.yaml, with and without operations: each cage's
// clue in its first cell, as printed, heavy lines exactly where the cage
// changes, the clue read out with the cell. A wrong digit is found by
// check; the 4x4 is typed to the end, the others played to the end by
// hints alone, each hint checked against the solution.
func TestBrowserCalcudoku(t *testing.T) {
	skipBrowserInShort(t)
	ps, geos, sols, page := kindPage(t, 480, "calcudoku", "calcudoku-no-op")
	b := tab{t, browser(t), new([]string)}
	b.do(chromedp.Navigate(pageFile(t, "calcudoku.html", page)), chromedp.WaitVisible(chromedp.CSS(`#c0`)))
	for k, p := range ps {
		geo := geos[k]
		eval[bool](b, fmt.Sprintf(`sudokubook.load(%d), true`, p.Number))
		var cages []engine.CalcCage
		for _, c := range geo.Constraints() {
			if cc, ok := c.(*engine.CalcCages); ok {
				cages = cc.Cages()
			}
		}
		var want []string
		cageOf := make([]int, geo.Cells)
		for ci, c := range cages {
			want = append(want, strings.ReplaceAll(c.Printed(), "-", "−"))
			for _, x := range c.Cells {
				cageOf[x] = ci
			}
			if got, w := b.described(c.Cells[0]), fmt.Sprintf("cage of %d cells, %s", len(c.Cells), want[ci]); got != w {
				t.Errorf("puzzle %d: %s is described as %q, want %q", p.Number, geo.CellName(c.Cells[0]), got, w)
			}
		}
		// Each clue at the top left of its cage's first cell.
		type clue struct {
			Text string
			X, Y float64
		}
		got := eval[[]clue](b, `(() => { const c = document.getElementById('c0').getBoundingClientRect();
			return [...document.querySelectorAll('#sb-grid .cages text')].map(e => { const r = e.getBoundingClientRect();
			return {Text: e.textContent, X: (r.x - c.x) / c.width, Y: (r.y - c.y) / c.height}; }); })()`)
		if len(got) != len(cages) {
			t.Fatalf("puzzle %d: %d clues drawn, want %d", p.Number, len(got), len(cages))
		}
		for ci, c := range cages {
			x, y := float64(c.Cells[0]%geo.N), float64(c.Cells[0]/geo.N)
			if g := got[ci]; g.Text != want[ci] || g.X < x || g.X > x+0.2 || g.Y < y || g.Y > y+0.2 {
				t.Errorf("puzzle %d: clue %d is %q at (%.2f, %.2f) cells, want %q in the top left of %s", p.Number, ci, g.Text, g.X, g.Y, want[ci], geo.CellName(c.Cells[0]))
			}
		}
		n := geo.N
		for i := range geo.Cells {
			r, c := i/n, i%n
			if w := c < n-1 && cageOf[i] != cageOf[i+1]; b.hasClass(i, "br") != w {
				t.Errorf("puzzle %d: %s has a heavy line on its right %v, want %v", p.Number, geo.CellName(i), !w, w)
			}
			if w := r < n-1 && cageOf[i] != cageOf[i+n]; b.hasClass(i, "bb") != w {
				t.Errorf("puzzle %d: %s has a heavy line below %v, want %v", p.Number, geo.CellName(i), !w, w)
			}
		}
		if k == 0 {
			sol := sols[p.Number]
			b.moveTo(1)
			b.keys(string(symbols[(strings.IndexByte(symbols, sol[1])+1)%n]))
			b.button("check")
			if !b.hasClass(1, "bad") || b.text("sb-status") != "Wrong digits: 1" {
				t.Errorf("puzzle %d: check after a wrong digit: marked %v, status %q", p.Number, b.hasClass(1, "bad"), b.text("sb-status"))
			}
			b.shot("calcudoku-check.png")
			for i := range geo.Cells {
				b.moveTo(i)
				b.keys(sol[i : i+1])
			}
		} else {
			hints, grader := b.solveByHints(p.Number, sols[p.Number])
			t.Logf("puzzle %d (%s, %s): %d hints, %d of their steps the grader's", p.Number, p.Section, p.Hardest, hints, grader)
		}
		if s := b.text("sb-status"); !strings.HasPrefix(s, "Solved in ") {
			t.Errorf("puzzle %d played to the end: status %q, want solved", p.Number, s)
		}
		b.shot(fmt.Sprintf("calcudoku-%d.png", p.Number))
	}
}

// TestBrowserKakuro draws a kakuro of each size of
// examples/latin-squares.yaml: its clue cells solid, out of play and
// split by a diagonal where they hold a clue, every run's clue drawn and
// read out with the run's first cell; a click on a clue cell selects
// nothing. A wrong digit is found by check, and each is played to the
// end by hints alone, each hint checked against the solution.
func TestBrowserKakuro(t *testing.T) {
	skipBrowserInShort(t)
	ps, geos, sols, page := kindPage(t, 1200, "kakuro")
	b := tab{t, browser(t), new([]string)}
	b.do(chromedp.Navigate(pageFile(t, "kakuro.html", page)), chromedp.WaitVisible(chromedp.CSS(`#c0`)))
	for k, p := range ps {
		geo := geos[k]
		w := geo.Width
		eval[bool](b, fmt.Sprintf(`sudokubook.load(%d), true`, p.Number))
		runs := geo.KakuroRuns().Runs()
		var want []string
		clueCells := map[int]bool{}
		for _, r := range runs {
			want = append(want, fmt.Sprint(r.Sum))
			at := geo.Place(r.Cells[0]) - 1
			if r.Down {
				at = geo.Place(r.Cells[0]) - w
			}
			clueCells[at] = true
		}
		sort.Strings(want)
		got := eval[[]string](b, `[...document.querySelectorAll('#sb-grid .kk text')].map(e => e.textContent).sort()`)
		if !slices.Equal(got, want) {
			t.Errorf("puzzle %d: clues drawn %v, want %v", p.Number, got, want)
		}
		if got, want := eval[int](b, `document.querySelectorAll('#sb-grid .cell.kk.off').length`), w*w-geo.Cells; got != want {
			t.Errorf("puzzle %d: %d clue cells drawn, want %d", p.Number, got, want)
		}
		if got := eval[int](b, `(document.querySelector('#sb-grid .kk path').getAttribute('d').match(/l1 1/g) || []).length`); got != len(runs) {
			t.Errorf("puzzle %d: %d diagonals drawn, want one a clue, %d", p.Number, got, len(runs))
		}
		first := geo.Place(runs[0].Cells[0])
		if got, want := b.described(first), fmt.Sprintf("across run of %d cells adding up to %d", len(runs[0].Cells), runs[0].Sum); !strings.HasPrefix(got, want) {
			t.Errorf("puzzle %d: the first run's first cell is described as %q, want %q first", p.Number, got, want)
		}
		// A click on a clue cell (the first run's) leaves the selection
		// where it was.
		if !clueCells[first-1] {
			t.Fatalf("puzzle %d: place %d, before the first run, is not its clue cell", p.Number, first-1)
		}
		sel := eval[int](b, `+document.querySelector('.cell.sel').dataset.i`)
		b.do(chromedp.Click(chromedp.CSS(fmt.Sprintf("#c%d", first-1))))
		if got := eval[int](b, `+document.querySelector('.cell.sel').dataset.i`); got != sel {
			t.Errorf("puzzle %d: a click on clue cell %d moved the selection from %d to %d", p.Number, first-1, sel, got)
		}
		sol := sols[p.Number]
		if k == 0 {
			b.do(chromedp.Click(chromedp.CSS(fmt.Sprintf("#c%d", first))))
			b.keys(string(symbols[(strings.IndexByte(symbols, sol[first])+1)%9]))
			b.button("check")
			if !b.hasClass(first, "bad") || b.text("sb-status") != "Wrong digits: 1" {
				t.Errorf("puzzle %d: check after a wrong digit: marked %v, status %q", p.Number, b.hasClass(first, "bad"), b.text("sb-status"))
			}
			b.shot("kakuro-check.png")
			b.do(chromedp.Click(chromedp.CSS(fmt.Sprintf("#c%d", first))))
			b.keys("\b")
			b.button("hint")
			if n := eval[int](b, `document.querySelectorAll('#sb-hint li').length`); n == 0 {
				t.Errorf("puzzle %d: a hint on the bare grid gives no step", p.Number)
			}
			b.shot("kakuro-hint.png")
		}
		hints, grader := b.solveByHints(p.Number, sol)
		t.Logf("puzzle %d (%s, %s): %d hints, %d of their steps the grader's", p.Number, p.Section, p.Hardest, hints, grader)
		if s := b.text("sb-status"); !strings.HasPrefix(s, "Solved in ") {
			t.Errorf("puzzle %d played to the end by hints: status %q, want solved", p.Number, s)
		}
		b.shot(fmt.Sprintf("kakuro-%d.png", p.Number))
	}
}
