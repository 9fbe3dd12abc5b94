package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/internal/pdftest"
)

// TestWorksheetAnswersAtTheFoot builds worksheets (solutions: foot) and
// reads them back as a teacher would: every puzzle's solution printed
// upside down on the puzzle's own page, below every upright grid, digit
// by digit and line by line (verifyKinds turns the answers back), the
// manifest giving that page as the solution's, no solutions appendix
// and no page reference pointing elsewhere, and the owner's page kept.
func TestWorksheetAnswersAtTheFoot(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	for _, c := range []struct{ name, spec string }{
		{"classroom", "template: a4-classroom\nfront: {belongs_to: true}\nsections:\n  - {level: easy, count: 3}\n  - {level: medium, count: 2, variant: jigsaw}\n"},
		{"one a page", "puzzles_per_page: 1\nsections:\n  - {level: easy, count: 2}\n"},
		{"four a page", "template: kdp-8.5x11\nsections:\n  - {level: easy, count: 5}\n  - {level: easy, count: 3, variant: x}\n"},
		{"kids", "template: kids\nsections:\n  - {level: easy, count: 3, size: 4}\n  - {level: easy, count: 3, size: 6}\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			spec := writeSpec(t, dir, "ws.yaml", "title: Worksheets\nseed: 5\nsolutions: foot\n"+c.spec)
			out := filepath.Join(dir, "out")
			_, stderr, code := runCmd(t, "", "build", spec, "-o", out, "--quiet")
			if code != 0 {
				t.Fatalf("build: exit %d: %s", code, stderr)
			}
			pdf, err := os.ReadFile(filepath.Join(out, "book.pdf"))
			if err != nil {
				t.Fatal(err)
			}
			m := readManifest(t, out)
			verifyKinds(t, pdf, m, "en", false)
			ctx, err := pdftest.Open(pdf)
			if err != nil {
				t.Fatal(err)
			}
			pages := map[int]bool{}
			for _, p := range m.Puzzles {
				if p.SolutionPage != p.Page {
					t.Errorf("puzzle %d on page %d, its solution on page %d: want the same page", p.Number, p.Page, p.SolutionPage)
				}
				pages[p.Page] = true
			}
			var all []string
			for n := 1; n <= m.Pages; n++ {
				its, err := pdftest.PageItems(ctx, n)
				if err != nil {
					t.Fatal(err)
				}
				// The puzzles' digits are the page's largest upright
				// symbols; the folio is smaller.
				digit := 0.0
				for _, it := range its {
					if !it.Turned && isSymbol(it.Text) {
						digit = max(digit, it.Size)
					}
				}
				lowestUpright, highestTurned, turned := 1e9, -1e9, 0
				for _, it := range its {
					all = append(all, it.Text)
					if it.Turned {
						turned++
						highestTurned = max(highestTurned, it.Y+it.Size)
					} else if isSymbol(it.Text) && it.Size == digit {
						lowestUpright = min(lowestUpright, it.Y)
					}
				}
				switch {
				case pages[n] && turned == 0:
					t.Errorf("page %d holds puzzles and no upside-down answers", n)
				case !pages[n] && turned > 0:
					t.Errorf("page %d holds no puzzle and %d upside-down strings", n, turned)
				case pages[n] && highestTurned >= lowestUpright:
					t.Errorf("page %d: an answer reaches %.1fpt, over a puzzle's digit at %.1fpt: want the answers at the foot", n, highestTurned, lowestUpright)
				}
			}
			text := strings.Join(all, "\n")
			for _, no := range []string{"Solutions", "Solution p.", "p. "} {
				if strings.Contains(text, no) {
					t.Errorf("the book prints %q: a worksheet has no solutions appendix to point to", no)
				}
			}
			if wantOwner := strings.Contains(c.spec, "belongs_to") || strings.Contains(c.spec, "kids"); wantOwner != strings.Contains(text, "This book belongs to") {
				t.Errorf("owner's page printed %v, want %v", !wantOwner, wantOwner)
			}
		})
	}
}
