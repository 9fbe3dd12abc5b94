package layout

import (
	"testing"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/internal/pdftest"
)

// printedPage is one page of a rendered book read back from its PDF: its
// page number and the text items drawn on it, in drawing order.
type printedPage struct {
	n     int
	items []pdftest.TextItem
}

// printedPagesOf renders b and reads back every page that p planned as
// kind, so a test checks what the PDF prints, not what the plan meant.
func printedPagesOf(t *testing.T, b *book.Book, p *plan, kind pageKind) []printedPage {
	t.Helper()
	ctx, err := pdftest.Open(render(t, b, testOptions).PDF)
	if err != nil {
		t.Fatal(err)
	}
	var pages []printedPage
	for n, pg := range p.pages {
		if pg.kind != kind {
			continue
		}
		items, err := pdftest.PageItems(ctx, n+1)
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, printedPage{n + 1, items})
	}
	return pages
}
