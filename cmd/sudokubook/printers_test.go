package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/preflight"
)

// TestBuildForEveryPrinter: the starter book builds with --strict for
// every printer profile, its margins rule passed. Its heads are set with
// their tallest glyph on the top margin; the preflight once measured text
// by the font's ascent, so every Lulu interior (a 0.5in least margin, with
// no room to spare) failed on ink "within top 0.494 in" that printed at
// 0.534in.
func TestBuildForEveryPrinter(t *testing.T) {
	for _, p := range preflight.Printers() {
		t.Run(p.String(), func(t *testing.T) {
			dir := t.TempDir()
			out, stderr, code := runCmd(t, "", "build", "../../examples/starter.yaml", "-o", dir, "--quiet", "--printer", p.String(), "--strict")
			if code != 0 {
				t.Fatalf("build --printer %s --strict: exit %d\n%s%s", p, code, out, stderr)
			}
			report, err := os.ReadFile(filepath.Join(dir, "preflight.txt"))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(report), "PASS margins:") || strings.Contains(string(report), "ink comes within") {
				t.Errorf("preflight for %s: want the margins rule passed:\n%s", p, report)
			}
		})
	}
}
