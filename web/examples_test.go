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
		for _, p := range b.Puzzles() {
			pm.Puzzle[p.Number], pm.Solution[p.Number] = 1, 1
		}
		m, err := book.NewManifest(b, pm, book.ManifestFiles{HTML: "book.html"})
		if err != nil {
			return nil, err
		}
		out[filepath.Base(f)] = m
	}
	return out, nil
})

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
// Chromium: the answers the page finds by its own search (it carries none)
// must be the manifest's, found in few nodes of search (see maxNodes).
// The nodes are counted, not timed (the machine's load would decide a
// time); the time each puzzle took to open is logged for the README.
func TestBrowserExampleSolutions(t *testing.T) {
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
