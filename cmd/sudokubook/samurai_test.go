package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/internal/pdftest"
)

// TestFigureBooksReadBack builds samurai, twin and butterfly books on 6x9
// (examples/samurai.yaml, through TestExamplesBuild too) and on US letter,
// reads every puzzle and solution back from the PDF against the manifest
// (symbols on the bounding box's lattice, heavy lines round every box and
// the cells in play), and checks the pages: one figure a puzzle page, two
// solutions a page, a samurai's digits at least 9pt on letter and its
// cells as large as the page's width allows.
func TestFigureBooksReadBack(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two figure books and reads them back: the full tier (go test without -short) runs it")
	}
	for _, c := range []struct {
		spec     string
		minDigit float64 // pt, a samurai's givens
		minWidth float64 // share of the trim's width a samurai spans
	}{
		{"../../examples/samurai.yaml", 9, 0.75},
		{"testdata/samurai-letter.yaml", 9, 0.75},
	} {
		t.Run(filepath.Base(c.spec), func(t *testing.T) {
			dir := t.TempDir()
			s, pdf, m := buildAndVerify(t, c.spec, dir, "--strict")
			if s.PNG.Puzzles && s.PNG.PDFSingles {
				verifySingles(t, treeFiles(t, dir), m, c.spec)
			}
			ctx, err := pdftest.Open(pdf)
			if err != nil {
				t.Fatal(err)
			}
			onPage := map[int]int{}
			solutions := map[int]int{}
			for _, p := range m.Puzzles {
				onPage[p.Page]++
				solutions[p.SolutionPage]++
			}
			for page, n := range onPage {
				if n != 1 {
					t.Errorf("page %d holds %d figures, want 1", page, n)
				}
			}
			for page, n := range solutions {
				if n > 2 {
					t.Errorf("solutions page %d holds %d figures, want at most 2", page, n)
				}
			}
			for _, p := range m.Puzzles {
				if p.Variant != "samurai" {
					continue
				}
				its, err := pdftest.PageItems(ctx, p.Page)
				if err != nil {
					t.Fatal(err)
				}
				// The grid's digits share one size, the most common on
				// the page (the folio and the label are one item each).
				sizes := map[float64]int{}
				for _, it := range its {
					if isSymbol(it.Text) {
						sizes[it.Size]++
					}
				}
				size := 0.0
				for sz, n := range sizes {
					if n > sizes[size] {
						size = sz
					}
				}
				if size < c.minDigit {
					t.Errorf("puzzle %d: digits of %.1fpt, want at least %.1fpt", p.Number, size, c.minDigit)
				}
				lo, hi := 1e9, -1e9
				for _, it := range its {
					if isSymbol(it.Text) && it.Size == size {
						lo, hi = min(lo, it.X), max(hi, it.X)
					}
				}
				// The digits of the first and last columns are 20 cells
				// apart: the figure spans a little more than that.
				span := (hi - lo) * 21 / 20
				if p.Number == 1 {
					t.Logf("samurai %d: digits %.1fpt, %.0fpt wide on a %.0fpt page", p.Number, size, span, float64(s.Trim.W))
				}
				if span < c.minWidth*float64(s.Trim.W) {
					t.Errorf("puzzle %d: the samurai spans %.0fpt of a %.0fpt page, want at least %.0f%%", p.Number, span, float64(s.Trim.W), 100*c.minWidth)
				}
			}
		})
	}
}

// TestOutOfPlayLineArgs: a sohei's or flower's line opens with cells out
// of play ("------..."), which must be read as the puzzle, not refused as
// a bad flag, wherever the flags stand.
func TestOutOfPlayLineArgs(t *testing.T) {
	out, errs, code := runCmd(t, "", "generate", "--variant", "sohei", "--level", "easy", "-n", "1", "--seed", "3", "-j", "1")
	if code != 0 {
		t.Fatalf("generate: exit %d, %s", code, errs)
	}
	line, _, _ := strings.Cut(strings.TrimSpace(out), "\t")
	if !strings.HasPrefix(line, "------") {
		t.Fatalf("a sohei line %q does not open out of play", line)
	}
	for _, args := range [][]string{
		{"explain", line, "--variant", "sohei"},
		{"explain", "--variant", "sohei", line},
		{"explain", "--variant", "sohei", "--", line},
	} {
		out, errs, code := runCmd(t, "", args...)
		if code != 0 || !strings.Contains(out, "solution: ------") {
			t.Errorf("%v: exit %d, %s", args[1:], code, errs)
		}
	}
	file := filepath.Join(t.TempDir(), "sohei.png")
	if _, errs, code := runCmd(t, "", "png", line, "-o", file, "--variant", "sohei", "--dpi", "72", "--side", "4in"); code != 0 {
		t.Errorf("png: exit %d, %s", code, errs)
	}
	if _, errs, code := runCmd(t, "", "explain", line, "--bogus"); code != 2 || !strings.Contains(errs, "bogus") {
		t.Errorf("a bad flag after the line: exit %d, %q; want 2 naming it", code, errs)
	}
}
