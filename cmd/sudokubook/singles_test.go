package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/preflight"
)

// -j 64 draws big PNGs within the memory budget, not 64 rasters at once:
// the estimates of the images drawing at any moment never pass it, and
// the files are byte for byte those of -j 1.
func TestSinglesKeepToTheMemoryBudget(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "big.yaml")
	if err := os.WriteFile(spec, []byte("title: Big PNGs\nseed: 5\nyear: 2026\nsections:\n  - level: easy\n    count: 6\npng:\n  puzzles: true\n  solutions: true\n  dpi: 1200\n  size: 1in\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := book.LoadFile(spec)
	if err != nil {
		t.Fatal(err)
	}
	cost := singleCost(s, false)
	if cost < 2<<20 {
		t.Fatalf("a 1200 dpi, 1in PNG is estimated at %d bytes; want its 1200x1200 raster and more", cost)
	}
	budget := 3 * cost
	var mu sync.Mutex
	var most int64
	cfg := func(out string, workers int) buildConfig {
		return buildConfig{spec: spec, out: out, workers: workers, timeout: time.Minute, printer: preflight.KDP,
			quiet: true, year: 2026, singlesBudget: budget, watchSingles: func(n int64) {
				mu.Lock()
				most = max(most, n)
				mu.Unlock()
			}}
	}
	var so, se bytes.Buffer
	e := env{stdin: bytes.NewReader(nil), stdout: &so, stderr: &se}
	one, many := filepath.Join(dir, "j1"), filepath.Join(dir, "j64")
	if err := build(context.Background(), e, cfg(one, 1), nil); err != nil {
		t.Fatalf("build -j 1: %v\n%s", err, se.String())
	}
	most = 0
	if err := build(context.Background(), e, cfg(many, 64), nil); err != nil {
		t.Fatalf("build -j 64: %v\n%s", err, se.String())
	}
	if most > budget {
		t.Errorf("-j 64 had %d bytes of images drawing at once, over the budget of %d (%d images)", most, budget, most/cost)
	}
	if most < cost {
		t.Errorf("no image was seen drawing (most %d)", most)
	}
	a, b := treeFiles(t, one), treeFiles(t, many)
	if len(a) != len(b) || len(a) < 12 {
		t.Fatalf("-j 1 wrote %d files, -j 64 %d", len(a), len(b))
	}
	for rel, data := range a {
		if !bytes.Equal(data, b[rel]) {
			t.Errorf("%s differs between -j 1 and -j 64", rel)
		}
	}
}
