package web

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
)

// exampleBooks builds the puzzles of every book in examples/ (generation
// only, no pages) and returns their manifests by spec name, as a build
// records them. They are made once for all the tests that read them.
var exampleBooks = sync.OnceValues(func() (map[string]*book.Manifest, error) {
	specs, err := filepath.Glob("../examples/*.yaml")
	if err != nil {
		return nil, err
	}
	out := map[string]*book.Manifest{}
	for _, f := range specs {
		m, err := exampleBook(f)
		if err != nil {
			return nil, err
		}
		out[filepath.Base(f)] = m
	}
	return out, nil
})

// exampleBook builds the puzzles of the book spec f and returns its
// manifest.
func exampleBook(f string) (*book.Manifest, error) {
	spec, err := book.LoadFile(f)
	if err != nil {
		return nil, err
	}
	found, err := engine.Fill(context.Background(), spec.Quotas(), engine.FillOptions{Seed: uint64(spec.Seed)})
	if err != nil {
		return nil, err
	}
	b, err := book.Assemble(spec, found)
	if err != nil {
		return nil, err
	}
	// Every puzzle on page 1: the page reads no page numbers.
	pm := book.PageMap{Puzzle: map[int]int{}, Solution: map[int]int{}}
	for p := range b.All() {
		pm.Puzzle[p.Number], pm.Solution[p.Number] = 1, 1
	}
	m, err := book.NewManifest(b, pm, book.ManifestFiles{HTML: "book.html"})
	if err != nil {
		return nil, err
	}
	return m, nil
}

// maxNodes bounds the page's search on any example puzzle, in nodes: the
// grids it settles, one a guess. The most any example took when this was
// set was 702 (a 16x16 of examples/expert-16x16.yaml; the slowest killer
// 685); a search that needs many more has lost a deduction.
const maxNodes = 1500

func examples(t *testing.T) map[string]*book.Manifest {
	t.Helper()
	m, err := exampleBooks()
	if err != nil {
		t.Fatal(err)
	}
	if len(m) < 4 {
		t.Fatalf("found %d example books, want at least 4", len(m))
	}
	return m
}

// TestBrowserExampleSolutions opens every puzzle of every example book in
// Chromium: the answers the page finds by its own search (or carries,
// for a puzzle whose marks the search does not know: marks.go) must be
// the manifest's, found in few nodes of search (see maxNodes).
// The nodes are counted, not timed (the machine's load would decide a
// time); the time each puzzle took to open is logged.
func TestBrowserExampleSolutions(t *testing.T) {
	skipBrowserInShort(t)
	books := examples(t)
	names := slices.Sorted(maps.Keys(books))
	dir := t.TempDir()
	for _, name := range names {
		page, err := Page(books[name], Options{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := os.WriteFile(filepath.Join(dir, name+".html"), page, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b := tab{t, browser(t), new([]string)}
	for _, name := range names {
		m := books[name]
		b.do(chromedp.Navigate("file://"+filepath.Join(dir, name+".html")), chromedp.WaitVisible(chromedp.CSS(`#c0`)))
		var numbers []int
		for _, p := range m.Puzzles {
			numbers = append(numbers, p.Number)
		}
		got := eval[[]struct {
			Sol   []int   `json:"sol"`
			Nodes int     `json:"nodes"`
			MS    float64 `json:"ms"`
		}](b, fmt.Sprintf(`%s.map(n => {
			const t = performance.now();
			sudokubook.load(n);
			const ms = performance.now() - t, s = sudokubook.solved();
			return {sol: s.sol, nodes: s.nodes, ms: ms};
		})`, strings.ReplaceAll(fmt.Sprint(numbers), " ", ",")))
		if len(got) != len(m.Puzzles) {
			t.Fatalf("%s: %d puzzles opened, want %d", name, len(got), len(m.Puzzles))
		}
		most, kinds, times := 0, map[string]bool{}, []float64{}
		for k, p := range m.Puzzles {
			geo, _, answer, err := p.Grids()
			if err != nil {
				t.Fatal(err)
			}
			kinds[p.Variant] = true
			want := make([]int, geo.Width*geo.Width)
			for i, d := range answer {
				want[geo.Place(i)] = int(d)
			}
			if !slices.Equal(got[k].Sol, want) {
				t.Errorf("%s puzzle %d (%s): the page's answer\n%v\nwant the manifest's\n%v", name, p.Number, p.Variant, got[k].Sol, want)
			}
			if got[k].Nodes > maxNodes {
				t.Errorf("%s puzzle %d (%s): the page's search took %d nodes, want at most %d", name, p.Number, p.Variant, got[k].Nodes, maxNodes)
			}
			times = append(times, got[k].MS)
			most = max(most, got[k].Nodes)
		}
		slices.Sort(times)
		t.Logf("%s (%s): %d puzzles, at most %d nodes; opened in %.1f ms (median), %.1f ms (slowest)",
			name, strings.Join(slices.Sorted(maps.Keys(kinds)), ", "), len(m.Puzzles), most, times[len(times)/2], times[len(times)-1])
	}
}

// TestBrowserTwinButterfly plays a twin and a butterfly of
// examples/samurai.yaml to the end by keyboard alone: the arrow keys walk
// the selection across the figure's grids (over the places out of play,
// as the page moves it) and each open cell gets its digit. Half way a
// hint is asked for; screenshots of both moments are kept.
func TestBrowserTwinButterfly(t *testing.T) {
	skipBrowserInShort(t)
	m := examples(t)["samurai.yaml"]
	b := tab{t, browser(t), new([]string)}
	b.do(chromedp.Navigate(writePage(t, m)), chromedp.WaitVisible(chromedp.CSS(`#c0`)))
	for _, kind := range []string{"twin", "butterfly"} {
		k := slices.IndexFunc(m.Puzzles, func(p book.ManifestPuzzle) bool { return p.Variant == kind })
		if k < 0 {
			t.Fatalf("examples/samurai.yaml has no %s", kind)
		}
		p := m.Puzzles[k]
		geo, givens, _, err := p.Grids()
		if err != nil {
			t.Fatal(err)
		}
		n := geo.Width
		off := make([]bool, n*n)
		for i := range off {
			off[i] = true
		}
		var open []int
		for i, v := range givens {
			off[geo.Place(i)] = false
			if v == 0 {
				open = append(open, geo.Place(i))
			}
		}
		slices.Sort(open)
		solution := strings.ReplaceAll(strings.ReplaceAll(p.Solution, "\n", ""), string(engine.OutOfPlay), ".")
		eval[bool](b, fmt.Sprintf(`sudokubook.load(%d)`, p.Number))
		if got, want := b.cells(), strings.ReplaceAll(strings.ReplaceAll(p.Puzzle, "\n", ""), string(engine.OutOfPlay), "."); got != want {
			t.Fatalf("%s: the grid shows\n%s\nwant the givens\n%s", kind, got, want)
		}
		if got := eval[int](b, `document.querySelectorAll('#sb-grid .frames path')[0].getAttribute('d').split('M').length - 1`); got != len(geo.Grids) {
			t.Errorf("%s: %d grids framed, want %d", kind, got, len(geo.Grids))
		}
		b.do(chromedp.Focus(chromedp.CSS(`.cell.sel`)))
		// play types the digits of cells by keyboard, walking from the
		// selected cell to each in turn.
		play := func(cells []int) {
			at := eval[int](b, `+document.activeElement.dataset.i`)
			var keys strings.Builder
			for _, i := range cells {
				keys.WriteString(arrowPath(t, off, n, at, i))
				keys.WriteByte(solution[i])
				at = i
			}
			b.keys(keys.String())
			if got := eval[int](b, `+document.activeElement.dataset.i`); got != at {
				t.Fatalf("%s: the arrow keys left the focus on place %d, want %d", kind, got, at)
			}
		}
		half := len(open) / 2
		play(open[:half])
		b.button("hint")
		if eval[int](b, `document.querySelectorAll('#sb-hint li').length`) == 0 {
			t.Errorf("%s: no hint half way", kind)
		}
		b.shot(kind + "-hint.png")
		play(open[half:])
		if got := b.cells(); got != solution {
			t.Fatalf("%s: after play the grid shows\n%s\nwant\n%s", kind, got, solution)
		}
		if s := b.text("sb-status"); !strings.HasPrefix(s, "Solved in ") {
			t.Errorf("%s: a solved figure says %q", kind, s)
		}
		// A figure has no border to turn green when solved, as a single
		// grid's does: its frames do.
		if got := eval[string](b, `getComputedStyle(document.querySelector('#sb-grid .frames path')).stroke`); got != "rgb(46, 125, 50)" {
			t.Errorf("%s: a solved figure's frames are drawn in %s, want the green of a solved grid", kind, got)
		}
		b.shot(kind + "-solved.png")
	}
}

// arrowPath returns the arrow keys that walk the page's selection from
// place a to place b of a figure n places a side, moving as the page
// does: a key goes to the next place in play that way, over places out of
// play, and stays put at the edge.
func arrowPath(t *testing.T, off []bool, n, a, b int) string {
	t.Helper()
	moves := []struct {
		key    string
		dr, dc int
	}{{kb.ArrowUp, -1, 0}, {kb.ArrowDown, 1, 0}, {kb.ArrowLeft, 0, -1}, {kb.ArrowRight, 0, 1}}
	from, key := map[int]int{a: a}, map[int]string{}
	for queue := []int{a}; len(queue) > 0; queue = queue[1:] {
		x := queue[0]
		for _, m := range moves {
			r, c := x/n+m.dr, x%n+m.dc
			for r >= 0 && c >= 0 && r < n && c < n && off[r*n+c] {
				r, c = r+m.dr, c+m.dc
			}
			if y := r*n + c; r >= 0 && c >= 0 && r < n && c < n {
				if _, seen := from[y]; !seen {
					from[y], key[y] = x, m.key
					queue = append(queue, y)
				}
			}
		}
	}
	if _, ok := from[b]; !ok {
		t.Fatalf("the arrow keys cannot reach place %d from place %d", b, a)
	}
	var path []string
	for y := b; y != a; y = from[y] {
		path = append(path, key[y])
	}
	slices.Reverse(path)
	return strings.Join(path, "")
}
