package layout

import (
	"context"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/internal/pdftest"
)

// TestLargePrintKindExample: in large print a kind's how-to-play
// example, like the classic one, takes the page after its rules: no grid
// on the rules page, the example's givens on the next one at least 0.8
// of the puzzles' digit size.
func TestLargePrintKindExample(t *testing.T) {
	s, err := book.Load(strings.NewReader("template: large-print\ntitle: L\nseed: 3\nsections:\n  - {level: easy, count: 1, variant: x}\n"), "l.yaml")
	if err != nil {
		t.Fatal(err)
	}
	found, err := engine.Fill(context.Background(), s.Quotas(), engine.FillOptions{Seed: uint64(s.Seed), Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	b, err := book.Assemble(s, found)
	if err != nil {
		t.Fatal(err)
	}
	res := render(t, b, testOptions)
	ctx := readPDF(t, res.PDF)
	p := planBook(b, mustTexts(t, "en"))
	var pages []page
	var at []int
	for n, pg := range p.pages {
		if pg.kind == kindRulesPage {
			pages, at = append(pages, pg), append(at, n+1)
		}
	}
	if len(pages) != 2 || len(pages[0].items) != 1 || len(pages[1].items) != 2 || at[1] != at[0]+1 {
		t.Fatalf("kind pages %v at %v, want the rules then the example", pages, at)
	}
	givens := engine.CountClues(p.kinds[0].Puzzle.Cells())
	for k, n := range at {
		items, err := pdftest.Items([]byte(pageContent(t, ctx, n)))
		if err != nil {
			t.Fatal(err)
		}
		items = items[:len(items)-1] // the folio
		digits := 0
		for _, it := range items {
			if len(it.Text) == 1 && it.Text[0] >= '1' && it.Text[0] <= '9' {
				digits++
				if k == 1 && it.Size < 0.8*res.Report.DigitPt {
					t.Errorf("page %d: a digit at %.1fpt, the puzzles' %.1fpt", n, it.Size, res.Report.DigitPt)
				}
			}
		}
		if k == 0 && digits != 0 {
			t.Errorf("the rules page %d shows %d digits, want no grid", n, digits)
		}
		if k == 1 && digits < givens {
			t.Errorf("the example page %d shows %d digits, want the %d givens", n, digits, givens)
		}
	}
}
