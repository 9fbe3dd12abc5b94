package engine

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sharedData is where the shared puzzle sets live, relative to this package.
const sharedData = "../../shared/data"

// loadPuzzleSet reads one of the shared puzzle sets (puzzles17, top1465,
// hardest1106, multi_solution, top95, easy50): one 81-character puzzle per
// line, blank lines and lines starting with '#' skipped. A missing file or a
// bad line fails the test: the sets are part of the test suite.
func loadPuzzleSet(tb testing.TB, name string) []Grid {
	tb.Helper()
	path := filepath.Join(sharedData, name+".txt")
	f, err := os.Open(path)
	if err != nil {
		tb.Fatalf("puzzle set %s: %v (the shared data must be at %s)", name, err, sharedData)
	}
	defer f.Close()
	var out []Grid
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		g, err := ParseGrid(text)
		if err != nil {
			tb.Fatalf("%s:%d: %v", path, line, err)
		}
		out = append(out, g)
	}
	if err := sc.Err(); err != nil {
		tb.Fatalf("%s: %v", path, err)
	}
	if len(out) == 0 {
		tb.Fatalf("%s: no puzzles", path)
	}
	return out
}
