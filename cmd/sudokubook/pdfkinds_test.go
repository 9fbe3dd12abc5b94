package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/layout"
)

// TestKindsBookReadBack builds books of every kind the layout draws and
// reads them back from the PDF: every puzzle and solution, symbol by
// symbol on its lattice (two-digit 16x16 cells and letters included), its
// box or jigsaw region lines heavy where the manifest's regions part, and
// its X or hyper shading under exactly the cells the manifest's kind
// shades. The build's own preflight passes every rule but the page count
// (these books are shorter than a printer's least).
func TestKindsBookReadBack(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	for _, spec := range []string{"testdata/kinds.yaml", "testdata/letters.yaml"} {
		t.Run(filepath.Base(spec), func(t *testing.T) {
			dir := t.TempDir()
			s, _, m := buildAndVerify(t, spec, dir, "-j", "2")
			kinds := map[string]bool{}
			for _, p := range m.Puzzles {
				kinds[fmt.Sprint(p.Variant, p.Size)] = true
			}
			if want := len(s.Sections); len(kinds) != want && spec == "testdata/kinds.yaml" {
				t.Errorf("manifest holds %d kinds (%v), want %d", len(kinds), kinds, want)
			}
			if s.PNG.Puzzles {
				verifySingles(t, treeFiles(t, dir), m, spec)
			}

			report, err := os.ReadFile(filepath.Join(dir, "preflight.txt"))
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range strings.Split(string(report), "\n") {
				if strings.HasPrefix(l, "FAIL") && !strings.HasPrefix(l, "FAIL page count") {
					t.Errorf("preflight: %s", l)
				}
			}
			if !strings.Contains(string(report), "PASS greyscale") || !strings.Contains(string(report), "PASS text size") {
				t.Errorf("preflight report lacks the greyscale and text size passes:\n%s", report)
			}
		})
	}
}

// TestPNGKinds draws puzzles of several kinds with the png command: each
// image is the layout's drawing of the puzzle (its solution proved by the
// solver), --letters changes a 16x16 grid, --size takes the grid's side
// or, with a unit, the image's, and a grid too small for its digits is
// refused before anything is written.
func TestPNGKinds(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ variant, size string }{
		{"jigsaw", "6"}, {"x", "9"}, {"hyper", "9"}, {"classic", "16"},
	} {
		t.Run(c.variant+c.size, func(t *testing.T) {
			out, errs, code := runCmd(t, "", "generate", "--variant", c.variant, "--size", c.size, "--level", "easy", "-n", "1", "--seed", "2", "-j", "1")
			if code != 0 {
				t.Fatalf("generate: exit %d, %s", code, errs)
			}
			line, _, _ := strings.Cut(strings.TrimSpace(out), "\t")
			file := filepath.Join(dir, c.variant+c.size+".png")
			if _, errs, code := runCmd(t, "", "png", line, "-o", file, "--variant", c.variant, "--size", c.size, "--side", "2in", "--dpi", "100", "--solution"); code != 0 {
				t.Fatalf("png: exit %d, %s", code, errs)
			}
			got, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			v, err := engine.ParseVariant(c.variant)
			if err != nil {
				t.Fatal(err)
			}
			geo, cells, err := engine.ParseLine(v, 0, line)
			if err != nil {
				t.Fatal(err)
			}
			sol, err := engine.Solve(geo, cells)
			if err != nil {
				t.Fatal(err)
			}
			var want bytes.Buffer
			if err := layout.RenderPNG(&want, layout.Figure{Geo: geo, Givens: cells, Solution: sol}, true, 2*book.Inch, 100, book.Default().Style); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want.Bytes()) {
				t.Errorf("png of %s is not the layout's drawing of it", line)
			}
			if c.size != "16" {
				return
			}
			lettered := filepath.Join(dir, "letters.png")
			if _, errs, code := runCmd(t, "", "png", line, "-o", lettered, "--letters", "--size", "3in", "--dpi", "100"); code != 0 {
				t.Fatalf("png --letters: exit %d, %s", code, errs)
			}
			if l, _ := os.ReadFile(lettered); len(l) == 0 || bytes.Equal(l, got) {
				t.Error("png --letters drew nothing, or the same as without")
			}
			small := filepath.Join(dir, "small.png")
			_, errs, code = runCmd(t, "", "png", line, "-o", small, "--side", "1in")
			if code != 2 || !strings.Contains(errs, "too small for 7pt digits") {
				t.Errorf("16x16 at 1in: exit %d, %q; want 2 and the side it needs", code, errs)
			}
			if _, err := os.Stat(small); !os.IsNotExist(err) {
				t.Errorf("refused png left a file: %v", err)
			}
		})
	}
	if _, errs, code := runCmd(t, "", "png", strings.Repeat(".", 81), "-o", filepath.Join(dir, "x.png"), "--size", "16"); code != 2 || !strings.Contains(errs, "PUZZLE") {
		t.Errorf("81 cells with --size 16: exit %d, %q; want 2 naming the puzzle", code, errs)
	}
	if _, errs, code := runCmd(t, "", "png", strings.Repeat(".", 81), "-o", filepath.Join(dir, "x.png"), "--size", "ten"); code != 2 || !strings.Contains(errs, "grid side") {
		t.Errorf("--size ten: exit %d, %q; want 2 saying what --size takes", code, errs)
	}
}
