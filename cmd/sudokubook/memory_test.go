package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/publish"
)

// TestBuildLetsBookGo holds the build to letting its book go before the
// preflight, its last big step (peak memory flat in the puzzle
// count): the live heap there, after a full collection, may not grow with
// the puzzles. Holding the book would cost some 375 bytes a puzzle (its
// puzzles and the page map); the test allows 120.
func TestBuildLetsBookGo(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	sizes := []int{300, 1500}
	live := make([]uint64, len(sizes))
	for i, n := range sizes {
		dir := t.TempDir()
		spec := filepath.Join(dir, "spec.yaml")
		text := fmt.Sprintf("title: Memory\nseed: 3\nyear: 2026\ntrim: 8.5x11in\npuzzles_per_page: 6\nsolutions_per_page: 12\nsections:\n  - {level: easy, count: %d}\n", n)
		if err := os.WriteFile(spec, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		atPreflight := func() {
			runtime.GC()
			runtime.GC() // a second cycle frees what the first only found unreachable in finalizers and pools
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			live[i] = ms.HeapAlloc
		}
		var so, se strings.Builder
		e := env{stdin: strings.NewReader(""), stdout: &so, stderr: &se, hooks: &hooks{build: publish.Hooks{AtPreflight: atPreflight}}}
		if err := runEnv(context.Background(), []string{"build", spec, "-o", filepath.Join(dir, "out"), "-j", "2", "--quiet"}, e); err != nil {
			t.Fatalf("build of %d puzzles: %v\n%s", n, err, se.String())
		}
		if live[i] == 0 {
			t.Fatalf("build of %d puzzles never reached its preflight", n)
		}
	}
	per := (float64(live[1]) - float64(live[0])) / float64(sizes[1]-sizes[0])
	t.Logf("live heap at the preflight: %d bytes at %d puzzles, %d at %d: %.0f bytes a puzzle", live[0], sizes[0], live[1], sizes[1], per)
	if per > 120 {
		t.Errorf("the live heap at the preflight grows %.0f bytes a puzzle (%d at %d puzzles, %d at %d), want at most 120: the build holds its book into the preflight", per, live[0], sizes[0], live[1], sizes[1])
	}
}
