package preflight

import (
	"bytes"
	"fmt"
	"testing"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/goregular"
)

// book describes a test interior PDF. The zero value of each field (set by
// conforming) makes a file every rule accepts.
type book struct {
	pages     int
	w, h      float64 // page size, points
	lineWidth float64 // of the grid lines
	fontSize  float64

	coreFont bool   // also set a line in Helvetica, which fpdf does not embed
	foreign  string // also set this text on page 5, in the Go font, which may lack its glyphs
	nearEdge bool   // set a word 0.125in from the left edge of page 3
	red      bool   // fill one square in red
	link     bool   // an internal link on page 1
	bookmark bool
	trimBox  bool // set a TrimBox smaller than the page on every page

	// head, when set, is a heading on page 3 in the Go font at 24pt,
	// centred, whose baseline is headBase points below the page's top.
	head     string
	headBase float64

	inset float64 // move everything on every page this far right, points
}

func conforming() book {
	return book{pages: 30, w: 6 * inch, h: 9 * inch, lineWidth: 1, fontSize: 10}
}

var fixedDate = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

func (b book) pdf(t testing.TB) []byte {
	t.Helper()
	data, err := b.build()
	if err != nil {
		t.Fatalf("fpdf: %v", err)
	}
	return data
}

// build draws the book: on each page a 9x9 grid, a heading and a page
// number.
func (b book) build() ([]byte, error) {
	f := fpdf.NewCustom(&fpdf.InitType{UnitStr: "pt", Size: fpdf.SizeType{Wd: b.w, Ht: b.h}})
	f.SetCreationDate(fixedDate)
	f.SetModificationDate(fixedDate)
	f.SetCatalogSort(true)
	f.SetCompression(true)
	f.AddUTF8FontFromBytes("go", "", goregular.TTF)
	f.SetMargins(36, 36, 36)
	f.SetAutoPageBreak(false, 0)
	link := 0
	if b.link {
		link = f.AddLink()
	}
	for n := 1; n <= b.pages; n++ {
		f.AddPage()
		if b.inset != 0 {
			f.TransformBegin()
			f.TransformTranslateX(b.inset)
		}
		if b.trimBox {
			f.SetPageBox("trim", 0, 9, b.w-9, b.h-18)
		}
		if b.bookmark && n == 1 {
			f.Bookmark("Puzzles", 0, 0)
		}
		f.SetFont("go", "", b.fontSize)
		f.SetTextColor(0, 0, 0)
		f.Text(54, 60, fmt.Sprintf("Puzzle %d – très facile", n))
		f.SetDrawColor(0, 0, 0)
		f.SetLineWidth(b.lineWidth)
		const cell = 30
		for i := 0; i <= 9; i++ {
			f.Line(81, 90+float64(i)*cell, 81+9*cell, 90+float64(i)*cell)
			f.Line(81+float64(i)*cell, 90, 81+float64(i)*cell, 90+9*cell)
		}
		f.SetFillColor(200, 200, 200)
		f.Rect(82, 91, cell-2, cell-2, "F")
		if b.red && n == 2 {
			f.SetFillColor(255, 0, 0)
			f.Rect(82+cell, 91, cell-2, cell-2, "F")
		}
		if b.coreFont && n == 3 {
			f.SetFont("Helvetica", "", b.fontSize)
			f.Text(54, 400, "core font")
		}
		if b.link && n == 1 {
			f.Link(54, 50, 100, 12, link)
		}
		if b.nearEdge && n == 3 {
			f.Text(9, 300, "edge")
		}
		if b.head != "" && n == 3 {
			f.SetFont("go", "", 24)
			f.Text(b.w/2-f.GetStringWidth(b.head)/2, b.headBase, b.head)
		}
		if b.foreign != "" && n == 5 {
			f.Text(54, 420, b.foreign)
		}
		f.SetFont("go", "", b.fontSize)
		f.Text(b.w/2, b.h-40, fmt.Sprint(n))
		if b.inset != 0 {
			f.TransformEnd()
		}
	}
	if b.link {
		f.SetLink(link, 0, b.pages)
	}
	var buf bytes.Buffer
	err := f.Output(&buf)
	return buf.Bytes(), err
}
