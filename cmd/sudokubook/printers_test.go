package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-fonts/liberation/liberationserifregular"
	"github.com/sudokubook/sudokubook/preflight"
)

// TestBuildForEveryPrinter: a book builds with --strict for every printer
// profile, its margins rule passed. Heads are set with their tallest
// glyph on the top margin; the preflight once measured text by the
// font's ascent, so every Lulu interior (a 0.5in least margin, with no
// room to spare) failed on ink "within top 0.494 in" that printed at
// 0.534in. The second book sets its text in the user's font Liberation
// Serif and heads a section with accented capitals, whose parts
// golang/freetype rounds lower than they print: the layout placed the
// head by that and its ink came to 0.498in.
func TestBuildForEveryPrinter(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	starter, err := os.ReadFile("../../examples/starter.yaml")
	if err != nil {
		t.Fatal(err)
	}
	userFont := t.TempDir()
	if err := os.WriteFile(filepath.Join(userFont, "serif.ttf"), liberationserifregular.TTF, 0o644); err != nil {
		t.Fatal(err)
	}
	accented := strings.Replace(string(starter), "title: Warm-up", "title: Énigmes Ûber", 1)
	if accented == string(starter) {
		t.Fatal("examples/starter.yaml has no section titled Warm-up to rename")
	}
	spec := filepath.Join(userFont, "accented.yaml")
	if err := os.WriteFile(spec, []byte(accented+"fonts: {text: serif.ttf}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range preflight.Printers() {
		for _, spec := range []string{"../../examples/starter.yaml", spec} {
			t.Run(p.String()+"/"+filepath.Base(spec), func(t *testing.T) {
				dir := t.TempDir()
				out, stderr, code := runCmd(t, "", "build", spec, "-o", dir, "--quiet", "--printer", p.String(), "--strict")
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
}
