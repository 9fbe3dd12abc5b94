package layout

import "testing"

func TestRenderBookPreview(t *testing.T) {
	res, err := RenderBook(testBook(testSpec(), 7, 5, 3), testOptions)
	if err != nil {
		t.Fatalf("RenderBook: %v", err)
	}
	preview(t, "book.pdf", res.PDF)
	t.Logf("%+v", res.Report)
	t.Logf("%+v", res.PageMap)
}
