package layout

import (
	"bytes"
	"fmt"
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"

	"github.com/sudokubook/sudokubook/internal/pdftest"
)

// readPDF validates a PDF in strict mode and returns its context.
func readPDF(t *testing.T, data []byte) *model.Context {
	t.Helper()
	ctx, err := pdftest.Open(data)
	if err != nil {
		t.Fatal(err)
	}
	return ctx
}

// pageBoxes returns each page's MediaBox and TrimBox as [llx lly urx ury].
func pageBoxes(t *testing.T, data []byte) (media, trim [][4]float64) {
	t.Helper()
	pbs, err := api.Boxes(bytes.NewReader(data), nil, pdftest.Strict())
	if err != nil {
		t.Fatalf("reading page boxes: %v", err)
	}
	for i, pb := range pbs {
		if pb.Media == nil || pb.Trim == nil {
			t.Fatalf("page %d: MediaBox %v, TrimBox %v: want both", i+1, pb.Media, pb.Trim)
		}
		m, tr := pb.Media.Rect, pb.Trim.Rect
		media = append(media, [4]float64{m.LL.X, m.LL.Y, m.UR.X, m.UR.Y})
		trim = append(trim, [4]float64{tr.LL.X, tr.LL.Y, tr.UR.X, tr.UR.Y})
	}
	return media, trim
}

// checkGoFonts checks a PDF lists fonts, every one embedded and every one
// a Go font, the only faces the layout sets.
func checkGoFonts(t *testing.T, data []byte) {
	t.Helper()
	info, err := api.PDFInfo(bytes.NewReader(data), "test.pdf", nil, true, pdftest.Strict())
	if err != nil {
		t.Fatalf("PDFInfo: %v", err)
	}
	if len(info.Fonts) == 0 {
		t.Fatal("no fonts listed")
	}
	for _, f := range info.Fonts {
		if !f.Embedded {
			t.Errorf("font %s is not embedded", f.Name)
		}
		if !strings.Contains(strings.ToLower(f.Name), "liberation") {
			t.Errorf("font %s: want only the embedded Liberation fonts", f.Name)
		}
	}
}

var colourOp = regexp.MustCompile(`(?m)(^|\s)[-0-9.]+\s+[-0-9.]+\s+[-0-9.]+\s+(rg|RG)\b`)

// pageContent returns the decoded content stream of page n (1-based).
func pageContent(t *testing.T, ctx *model.Context, n int) string {
	t.Helper()
	b, err := pdftest.PageContent(ctx, n)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// pageText returns the strings shown on a page, in drawing order.
func pageText(t *testing.T, content string) []string {
	t.Helper()
	items, err := pdftest.Items([]byte(content))
	if err != nil {
		t.Fatal(err)
	}
	return pdftest.Texts(items)
}

func near(a, b float64) bool { return math.Abs(a-b) < 0.02 }

func boxString(b [4]float64) string {
	return fmt.Sprintf("[%.2f %.2f %.2f %.2f]", b[0], b[1], b[2], b[3])
}
