package preflight_test

import (
	"bytes"
	"fmt"
	"os"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/sudokubook/sudokubook/preflight"
)

// A 6 x 9 in book of 24 pages with an embedded font, 1 pt grid lines and
// one red square, checked for KDP.
func ExampleCheck() {
	const inch = 72.0
	f := fpdf.NewCustom(&fpdf.InitType{UnitStr: "pt", Size: fpdf.SizeType{Wd: 6 * inch, Ht: 9 * inch}})
	date := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	f.SetCreationDate(date)
	f.SetModificationDate(date)
	f.AddUTF8FontFromBytes("go", "", goregular.TTF)
	for n := 1; n <= 24; n++ {
		f.AddPage()
		f.SetFont("go", "", 9)
		f.Text(72, 72, fmt.Sprintf("Puzzle %d", n))
		f.SetLineWidth(1)
		f.Rect(72, 90, 270, 270, "D")
	}
	f.SetFillColor(255, 0, 0)
	f.Rect(72, 400, 20, 20, "F")
	var pdf bytes.Buffer
	if err := f.Output(&pdf); err != nil {
		fmt.Println(err)
		return
	}

	rep, err := preflight.Check(bytes.NewReader(pdf.Bytes()), preflight.KDP, preflight.Expect{
		TrimW: 6 * inch, TrimH: 9 * inch,
		Gutter: 0.5 * inch, Outside: 0.5 * inch, Top: 0.5 * inch, Bottom: 0.5 * inch,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	rep.Write(os.Stdout)
	fmt.Println("ok:", rep.OK())
	// Output:
	// PASS valid PDF: valid (pdfcpu strict) (want valid PDF, pdfcpu strict mode or at least relaxed)
	// PASS page size: 6.000 x 9.000 in (want 6 x 9 in)
	// PASS page count: 24 pages (want 24 to 828 pages for KDP at 6 x 9 in)
	// PASS fonts embedded: 1 font, all embedded (want every font embedded)
	// PASS glyphs present: 207 characters shown, every one with a glyph (want a glyph for every character shown)
	// PASS text size: smallest 9.00 pt (page 1, text) (want text at least 7 pt)
	// PASS line width: smallest 1.00 pt (page 1, stroke) (want lines at least 0.75 pt)
	// FAIL greyscale: colour in 1 mark on 1 page: page 24: fill in DeviceRGB 1 0 0 (want grey only: equal RGB, no CMY, no spot colour, grey images)
	// PASS no annotations: none (want no annotations, links or bookmarks)
	// PASS no active content: none (want no JavaScript, launch, URI, go-to-remote, submit or media actions, no XFA, no embedded files)
	// PASS margins: gutter 0.500 in, outside 0.500 in, top 0.500 in, bottom 0.500 in (want gutter at least 0.375 in for 1-150 pages; outside, top and bottom at least 0.25 in)
	// ok: false
}
