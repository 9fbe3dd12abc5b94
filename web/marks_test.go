package web

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/templates"
)

// markedItems are a puzzle of each kind of mark the page draws: a
// classic easy puzzle with thermometers grown on rising runs of its
// solution, the same with arrows whose shafts add up, with even-odd
// marks, and generated kropki, xv, consecutive and greater-than puzzles.
// The marks hold on the solution, so each puzzle stays unique.
func markedItems(t *testing.T) []item {
	t.Helper()
	gen := engine.NewGenerator()
	rng := rand.New(rand.NewPCG(23, 5))
	var p engine.Puzzle
	for ok := false; !ok; {
		p, ok = gen.Generate(rng, engine.Quota{Level: engine.Easy, Count: 1})
	}
	sol := p.SolutionCells()
	classic := engine.Classic9
	var its []item
	add := func(name string, geo *engine.Geometry, err error, givens, answer []uint8) {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		its = append(its, item{number: len(its) + 1, section: section{Title: name, Level: "Easy"}, geo: geo, givens: givens, answer: answer})
	}
	geo, err := classic.WithThermos(grow(sol, func(path []int, next int) bool { return sol[next] > sol[path[len(path)-1]] }))
	add("thermo", geo, err, p.Cells(), sol)
	geo, err = classic.WithArrows(arrowsOn(sol))
	add("arrow", geo, err, p.Cells(), sol)
	marks := make([]uint8, 81)
	for i := 0; i < 81; i += 4 {
		marks[i] = sol[i]%2 + 1 // EvenCell for 2 4 6 8, OddCell for the rest
	}
	geo, err = classic.WithParity(marks)
	add("even-odd", geo, err, p.Cells(), sol)
	for _, rule := range []string{"kropki", "xv", "consecutive", "greater-than"} {
		ok := false
		for try := 0; !ok; try++ {
			if try == 200 {
				t.Fatalf("no easy %s puzzle in 200 attempts", rule)
			}
			// Every dot and bar given, as the rules pages say; some X
			// and V; greater-than's signs are on every edge anyway.
			p, ok = gen.EdgeMarked(rng, engine.Quota{Level: engine.Easy, Count: 1}, rule, rule == "kropki" || rule == "consecutive")
		}
		add(rule, p.Geo, nil, p.Cells(), p.SolutionCells())
	}
	return its
}

// grow lays up to four disjoint lines of 3 to 5 cells over a 9x9
// solution, each step to one of the eight neighbours that ok takes.
func grow(sol []uint8, ok func(path []int, next int) bool) [][]int {
	used := make([]bool, 81)
	var out [][]int
	for start := 0; start < 81 && len(out) < 4; start += 7 {
		if used[start] {
			continue
		}
		path := []int{start}
		for len(path) < 5 {
			last, step := path[len(path)-1], -1
			for _, d := range [][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {-1, -1}} {
				r, c := last/9+d[0], last%9+d[1]
				if n := r*9 + c; r >= 0 && r < 9 && c >= 0 && c < 9 && !used[n] && !containsInt(path, n) && ok(path, n) {
					step = n
					break
				}
			}
			if step < 0 {
				break
			}
			path = append(path, step)
		}
		if len(path) >= 3 {
			for _, c := range path {
				used[c] = true
			}
			out = append(out, path)
		}
	}
	return out
}

func containsInt(s []int, x int) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}

// arrowsOn lays up to four arrows on a 9x9 solution: a circle and a
// straight shaft of two cells adding up to it.
func arrowsOn(sol []uint8) [][]int {
	var out [][]int
	used := make([]bool, 81)
	for c := 0; c < 81 && len(out) < 4; c++ {
		if used[c] {
			continue
		}
		r, k := c/9, c%9
	search:
		// Straight shafts right or down, so no two cross.
		for _, d1 := range [][2]int{{0, 1}, {1, 0}} {
			a := [2]int{r + d1[0], k + d1[1]}
			for _, d2 := range [][2]int{d1} {
				b := [2]int{a[0] + d2[0], a[1] + d2[1]}
				if a[1] < 0 || a[1] > 8 || b[0] > 8 || b[1] < 0 || b[1] > 8 || a[0] > 8 {
					continue
				}
				x, y := a[0]*9+a[1], b[0]*9+b[1]
				if !used[x] && !used[y] && sol[x]+sol[y] == sol[c] {
					out = append(out, []int{c, x, y})
					used[c], used[x], used[y] = true, true, true
					break search
				}
			}
		}
	}
	return out
}

// TestMarksGeom writes each kind's marks into the page's shape and
// carries the solution of every marked puzzle, not of a classic one.
func TestMarksGeom(t *testing.T) {
	its := markedItems(t)
	en, _ := templates.Language("en")
	d, err := dataOf("Marks", its, en, mustWords(t, "en"))
	if err != nil {
		t.Fatal(err)
	}
	for k, it := range its {
		g, p := d.Geoms[d.Puzzles[k].Geo], d.Puzzles[k]
		if p.A != it.geo.Format(it.answer) {
			t.Errorf("%s: carries solution %q, want %q", it.section.Title, p.A, it.geo.Format(it.answer))
		}
		switch c := it.geo.Constraints()[0].(type) {
		case engine.Thermos:
			if fmt.Sprint(g.Thermos) != fmt.Sprint(c.Lines()) || len(g.Thermos) == 0 {
				t.Errorf("thermometers %v, want %v", g.Thermos, c.Lines())
			}
		case engine.Arrows:
			if fmt.Sprint(g.Arrows) != fmt.Sprint(c.Lines()) || len(g.Arrows) == 0 {
				t.Errorf("arrows %v, want %v", g.Arrows, c.Lines())
			}
		case engine.ParityCells:
			for i, m := range c.Cells() {
				if g.Parity[i] != '0'+m {
					t.Errorf("parity of %s %c, want %d", it.geo.CellName(i), g.Parity[i], m)
				}
			}
		case *engine.EdgeMarks:
			if g.EdgeKind != c.Name()[:1] {
				t.Errorf("%s: edge kind %q", c.Name(), g.EdgeKind)
			}
			for k, e := range c.Edges() {
				at := 2 * e.A
				if e.Down() {
					at++
				}
				if g.Edges[at] != '0'+c.Mark(k) {
					t.Errorf("%s: edge %s-%s marked %c, want %d", c.Name(), it.geo.CellName(e.A), it.geo.CellName(e.B), g.Edges[at], c.Mark(k))
				}
			}
		}
	}
	classic, _ := dataOf("Classic", []item{{number: 1, geo: engine.Classic9, givens: its[0].givens, answer: its[0].answer}}, en, mustWords(t, "en"))
	if classic.Puzzles[0].A != "" {
		t.Error("a classic puzzle carries its solution: the page finds it")
	}
}

// TestBrowserMarks draws a puzzle of each kind of mark on the page and
// measures the marks where the browser put them: a thermometer's bulb
// and an arrow's circle centred on their cells, each edge mark centred
// on the line between its cells, as many marks as the puzzle has; the
// page takes the carried solution and plays it to the end by hints.
func TestBrowserMarks(t *testing.T) {
	skipBrowserInShort(t)
	ctx := browser(t)
	b := tab{t, ctx, new([]string)}
	its := markedItems(t)
	en, _ := templates.Language("en")
	d, err := dataOf("Marks", its, en, mustWords(t, "en"))
	if err != nil {
		t.Fatal(err)
	}
	html, err := render(d)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "marks.html")
	if err := os.WriteFile(file, html, 0o644); err != nil {
		t.Fatal(err)
	}
	b.do(chromedp.Navigate("file://"+file), chromedp.WaitVisible(chromedp.CSS(`#c0`)))
	for _, it := range its {
		name := it.section.Title
		eval[bool](b, fmt.Sprintf(`sudokubook.load(%d), true`, it.number))
		if got := eval[[]int](b, `sudokubook.solved().sol`); fmt.Sprint(got) != fmt.Sprint(toInts(it.answer)) {
			t.Errorf("%s: the page's solution %v, want %v", name, got, it.answer)
		}
		// centre is where the browser drew the elements of sel: their
		// boxes' middles, in cells from the grid's corner.
		type box struct{ X, Y, W, H float64 }
		centres := func(sel string) []box {
			return eval[[]box](b, `(() => { const g = document.querySelector('#sb-grid .cell').getBoundingClientRect(),
				c = document.getElementById('c0').getBoundingClientRect();
				return [...document.querySelectorAll('#sb-grid `+sel+`')].map(e => { const r = e.getBoundingClientRect();
				return {X: (r.x + r.width / 2 - c.x) / c.width, Y: (r.y + r.height / 2 - c.y) / c.height, W: r.width / c.width, H: r.height / c.height}; }); })()`)
		}
		at := func(bx box, x, y float64) bool { return math.Abs(bx.X-x) < 0.03 && math.Abs(bx.Y-y) < 0.03 }
		switch c := it.geo.Constraints()[0].(type) {
		case engine.Thermos:
			bulbs := centres(`.under circle.th`)
			if len(bulbs) != len(c.Lines()) || len(centres(`.under path.th`)) != len(c.Lines()) {
				t.Fatalf("thermo: %d bulbs, want %d and as many lines", len(bulbs), len(c.Lines()))
			}
			for k, l := range c.Lines() {
				if x, y := float64(l[0]%9)+0.5, float64(l[0]/9)+0.5; !at(bulbs[k], x, y) || math.Abs(bulbs[k].W-0.76) > 0.03 {
					t.Errorf("thermo: bulb %d at %+v, want the middle of %s, 0.76 of a cell across", k, bulbs[k], it.geo.CellName(l[0]))
				}
			}
		case engine.Arrows:
			rings := centres(`.over .ring`)
			if len(rings) != len(c.Lines()) || len(centres(`.over path`)) != len(c.Lines()) {
				t.Fatalf("arrow: %d circles, want %d and as many shafts", len(rings), len(c.Lines()))
			}
			for k, l := range c.Lines() {
				if x, y := float64(l[0]%9)+0.5, float64(l[0]/9)+0.5; !at(rings[k], x, y) {
					t.Errorf("arrow: circle %d at %+v, want the middle of %s", k, rings[k], it.geo.CellName(l[0]))
				}
			}
		case engine.ParityCells:
			even, odd := 0, 0
			for _, m := range c.Cells() {
				even += int(m & 1)
				odd += int(m >> 1)
			}
			if got := len(centres(`.under rect`)); got != even {
				t.Errorf("even-odd: %d squares, want %d", got, even)
			}
			if got := len(centres(`.under circle`)); got != odd {
				t.Errorf("even-odd: %d discs, want %d", got, odd)
			}
		case *engine.EdgeMarks:
			var want [][2]float64
			for k, e := range c.Edges() {
				if c.Mark(k) != 0 {
					x, y := float64(e.A%9)+0.5, float64(e.A/9)+0.5
					if e.Down() {
						y += 0.5
					} else {
						x += 0.5
					}
					want = append(want, [2]float64{x, y})
				}
			}
			got := centres(`.over > *`)
			if len(got) != len(want) {
				t.Fatalf("%s: %d marks, want %d", name, len(got), len(want))
			}
			for _, w := range want {
				// A letter's box is its font's, centred on the line
				// less tightly; the other marks lie on it.
				if !slices.ContainsFunc(got, func(g box) bool {
					return at(g, w[0], w[1]) || name == "xv" && math.Abs(g.X-w[0]) < 0.06 && math.Abs(g.Y-w[1]) < 0.06
				}) {
					t.Errorf("%s: no mark on the edge at (%.2f, %.2f)", name, w[0], w[1])
				}
			}
		}
		b.shot("marks-" + strings.ReplaceAll(name, " ", "-") + ".png")
	}
	// Played to the end by typing the carried solution: the page takes
	// it as the answer, where its own search would find another grid.
	it := its[0]
	eval[bool](b, fmt.Sprintf(`sudokubook.load(%d), true`, it.number))
	for i, v := range it.answer {
		if it.givens[i] == 0 {
			b.moveTo(i)
			b.keys(fmt.Sprint(v))
		}
	}
	if s := b.text("sb-status"); !strings.HasPrefix(s, "Solved in ") {
		t.Errorf("%s typed in full: status %q, want solved", it.section.Title, s)
	}
}

func toInts(cells []uint8) []int {
	out := make([]int, len(cells))
	for i, v := range cells {
		out[i] = int(v)
	}
	return out
}

// TestBrowserMarkHints solves a puzzle of every kind of examples/
// variants.yaml by hints alone (solveByHints checks every step against
// the answer): the page keeps the engine's extra peers and parity marks
// in its candidates, and takes the stored steps of the marks' rungs where
// the grader does, so each hint reaches a digit within its cap. The most
// steps a hint took is logged.
func TestBrowserMarkHints(t *testing.T) {
	skipBrowserInShort(t)
	m := examples(t)["variants.yaml"]
	if m == nil {
		t.Fatal("no examples/variants.yaml")
	}
	b := tab{t, browser(t), new([]string)}
	b.do(chromedp.Navigate(writePage(t, m)), chromedp.WaitVisible(chromedp.CSS(`#c0`)))
	seen := map[string]bool{}
	for _, p := range m.Puzzles {
		kind := fmt.Sprintf("%s %d", p.Variant, p.Size)
		if seen[kind] {
			continue
		}
		seen[kind] = true
		hints, grader := b.solveByHints(p.Number, p.Solution)
		t.Logf("puzzle %d (%s): %d hints, %d of their steps the grader's", p.Number, kind, hints, grader)
		// A line's stored steps are told in explain's words.
		if want := map[string]string{"thermo": "rises from its bulb", "arrow": "adds up to the circle"}[p.Variant]; want != "" &&
			!slices.ContainsFunc(*b.notes, func(n string) bool { return strings.Contains(n, want) }) {
			t.Errorf("puzzle %d (%s): no hint says %q as explain does; hints %q", p.Number, kind, want, *b.notes)
		}
		if p.Variant != "anti-knight" && p.Variant != "anti-king" && grader == 0 {
			t.Errorf("puzzle %d (%s): no hint used the grader's steps of its marks", p.Number, kind)
		}
	}
	if len(seen) < 13 {
		t.Errorf("%d kinds in examples/variants.yaml, want 13", len(seen))
	}
}
