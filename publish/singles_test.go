package publish

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sudokubook/sudokubook/book"
)

// 64 workers draw big PNGs within the memory budget, not 64 rasters at
// once: the estimates of the images drawing at any moment never pass it,
// and the files are byte for byte those of one worker.
func TestSinglesKeepToTheMemoryBudget(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "big.yaml")
	if err := os.WriteFile(path, []byte("title: Big PNGs\nseed: 5\nyear: 2026\nsections:\n  - level: easy\n    count: 6\npng:\n  puzzles: true\n  solutions: true\n  dpi: 1200\n  size: 1in\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := book.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cost := singleCost(s, singlePNG)
	if cost < 2<<20 {
		t.Fatalf("a 1200 dpi, 1in PNG is estimated at %d bytes; want its 1200x1200 raster and more", cost)
	}
	budget := 3 * cost
	var mu sync.Mutex
	var most int64
	opt := func(out string, workers int) Options {
		return Options{Out: out, Workers: workers, Timeout: time.Minute, Year: 2026, SinglesMemory: budget,
			Hooks: Hooks{WatchSingles: func(n int64) {
				mu.Lock()
				most = max(most, n)
				mu.Unlock()
			}}}
	}
	one, many := filepath.Join(dir, "j1"), filepath.Join(dir, "j64")
	if _, err := Build(context.Background(), s, opt(one, 1)); err != nil {
		t.Fatalf("build with 1 worker: %v", err)
	}
	most = 0
	if _, err := Build(context.Background(), s, opt(many, 64)); err != nil {
		t.Fatalf("build with 64 workers: %v", err)
	}
	if most > budget {
		t.Errorf("64 workers had %d bytes of images drawing at once, over the budget of %d (%d images)", most, budget, most/cost)
	}
	if most < cost {
		t.Errorf("no image was seen drawing (most %d)", most)
	}
	a, b := treeFiles(t, one), treeFiles(t, many)
	if len(a) != len(b) || len(a) < 12 {
		t.Fatalf("1 worker wrote %d files, 64 workers %d", len(a), len(b))
	}
	for rel, data := range a {
		if !bytes.Equal(data, b[rel]) {
			t.Errorf("%s differs between 1 worker and 64", rel)
		}
	}
}

// treeFiles reads every file a build shows in dir, by its path there,
// following the folder's links into the generation on show.
func treeFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, name := range OutputNames {
		root := filepath.Join(dir, name)
		real, err := filepath.EvalSymlinks(root)
		if err != nil {
			continue // the book has no such file
		}
		err = filepath.WalkDir(real, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := os.ReadFile(p)
			rel, _ := filepath.Rel(real, p)
			out[filepath.ToSlash(filepath.Join(name, rel))] = data
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// png.svg writes an SVG of every puzzle and solution beside the PNGs, the
// manifest names each, and svg_outline draws their digits as paths.
func TestSinglesSVG(t *testing.T) {
	dir := t.TempDir()
	for _, outline := range []bool{false, true} {
		spec := "title: SVGs\nseed: 5\nyear: 2026\nsections:\n  - level: easy\n    count: 2\npng:\n  puzzles: true\n  svg: true\n  size: 2.5in\n"
		if outline {
			spec += "  svg_outline: true\n"
		}
		s, err := book.Load(strings.NewReader(spec), "svg.yaml")
		if err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, fmt.Sprint(outline))
		res, err := Build(context.Background(), s, Options{Out: out, Workers: 2, Year: 2026})
		if err != nil {
			t.Fatal(err)
		}
		if res.SVGs != 4 || res.PNGs != 2 {
			t.Errorf("wrote %d SVGs and %d PNGs, want 4 and 2", res.SVGs, res.PNGs)
		}
		m, err := os.ReadFile(filepath.Join(out, "manifest.json"))
		if err != nil {
			t.Fatal(err)
		}
		for _, rel := range []string{"svg/puzzle-001.svg", "svg/solution-002.svg"} {
			if !bytes.Contains(m, []byte(`"`+rel+`"`)) {
				t.Errorf("the manifest does not name %s", rel)
			}
			data, err := os.ReadFile(filepath.Join(out, rel))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Contains(data, []byte(`width="180pt"`)) || bytes.Contains(data, []byte("<text")) != !outline {
				t.Errorf("%s (outline %v) is not a 180pt SVG with its text as asked:\n%.300s", rel, outline, data)
			}
		}
	}
}
