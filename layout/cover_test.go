package layout

import (
	"testing"

	"github.com/sudokubook/sudokubook/book"
)

func renderCover(t *testing.T, b *book.Book, pages int, opt Options) CoverResult {
	t.Helper()
	res, err := RenderCover(b, pages, opt)
	if err != nil {
		t.Fatalf("RenderCover: %v", err)
	}
	return res
}

func TestCoverPreview(t *testing.T) {
	s := testSpec()
	b := testBook(s, 40, 40, 40, 30)
	preview(t, "cover.pdf", renderCover(t, b, 160, testOptions).PDF)
}
