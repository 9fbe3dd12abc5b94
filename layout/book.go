package layout

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/templates"
)

// ErrBook is wrapped by every error about a book that cannot be laid out.
var ErrBook = errors.New("cannot lay out book")

// Options carries what a book's spec does not say but its pages print.
type Options struct {
	Generator string // program name for the copyright page, e.g. "sudokubook"
	Version   string // program version for the copyright page
	Year      int    // the build's year, used when the spec sets none

	// Uncompressed writes content streams as plain text, for tests and for
	// reading a PDF by eye. Books for print leave it off.
	Uncompressed bool
	// Guides outlines the trim and the live area of every page in light
	// grey: a proofing aid, never for print.
	Guides bool

	// CoverArt is the content of the spec's cover.art file (book.Spec's
	// ArtPath), read by the caller: layout reads no files.
	CoverArt []byte
	// Pictures are the contents of the spec's style.pictures files, in
	// their order, read by the caller (book.Spec.ReadInFolder).
	Pictures [][]byte
}

// Result is a laid-out book.
type Result struct {
	PDF     []byte
	PageMap book.PageMap
	Report  Report
}

// Written is what WriteBook says about the book it wrote.
type Written struct {
	PageMap book.PageMap
	Report  Report
}

// Report records the layout's own extremes for the preflight checker: what
// it actually drew, after styles were raised to the floors.
type Report struct {
	Pages       int
	MinTextPt   float64 // smallest text size set
	MinLinePt   float64 // thinnest line stroked
	MediaW      book.Length
	MediaH      book.Length
	Trim        book.Size
	Bleed       bool
	Margins     book.Margins // Inside holds the gutter used
	GridSide    book.Length  // side of each puzzle grid, frame included
	SolnSide    book.Length  // side of each solution grid
	DigitPt     float64      // digit size in the puzzle grids
	SolnDigitPt float64      // digit size in the solution grids
}

// RenderBook lays a book out and draws it as a PDF in memory: WriteBook
// into a buffer, for tests and callers that want the bytes.
func RenderBook(b *book.Book, opt Options) (Result, error) {
	var buf bytes.Buffer
	w, err := WriteBook(context.Background(), &buf, b, opt)
	if err != nil {
		return Result{}, err
	}
	return Result{PDF: buf.Bytes(), PageMap: w.PageMap, Report: w.Report}, nil
}

// WriteBook lays a book out and writes it to w as a PDF, a page at a time
// (pdfStream), so its memory does not grow with the book. The book's pages
// are planned first (front matter, sections, solutions, padding to an even
// count) and the plan fixes the gutter when the spec asks for an automatic
// one, then the same plan is drawn and read for the PageMap. The same book
// and options give the same bytes. ctx is checked before each page, so a
// build that is stopped stops drawing within a page. On an error, part of
// a PDF may have been written: the caller writes to a file it discards
// then.
func WriteBook(ctx context.Context, w io.Writer, b *book.Book, opt Options) (Written, error) {
	p, year, err := planChecked(b, opt)
	if err != nil {
		return Written{}, err
	}

	s := b.Spec
	mw, mh := p.geo.media()
	pdf := newPDFStream(w, docInfo{
		title: s.Title, author: s.Author, creator: joinNonEmpty(opt.Generator, opt.Version), lang: s.Language,
		when: time.Date(year, time.January, 1, 0, 0, 0, 0, time.UTC),
	}, !opt.Uncompressed)
	c := newMinima(pdf)
	d := drawer{p: p, c: c, year: year, opt: opt, pm: p.pageMap()}
	for i, pg := range p.pages {
		if err := ctx.Err(); err != nil {
			return Written{}, err
		}
		n := i + 1
		t := p.geo.trim(n)
		pdf.BeginPage(mw, mh, t)
		if opt.Guides {
			drawGuides(pdf, t, p.geo.content(n))
		}
		c.page, c.bounds = n, t
		d.page(n, pg)
	}
	if err := c.problems(); err != nil {
		return Written{}, err
	}
	if err := pdf.Close(); err != nil {
		return Written{}, fmt.Errorf("writing PDF: %w", err)
	}

	m := s.Margins
	m.Inside = book.Length(p.geo.gutter)
	return Written{
		PageMap: p.pageMap(),
		Report: Report{
			Pages:     len(p.pages),
			MinTextPt: c.text, MinLinePt: c.line,
			MediaW: book.Length(mw), MediaH: book.Length(mh),
			Trim: s.Trim, Bleed: s.Bleed, Margins: m,
			GridSide:    book.Length(p.puzzleSlots.side),
			SolnSide:    book.Length(p.solutionSlots.side),
			DigitPt:     p.digitPt(false),
			SolnDigitPt: p.digitPt(true),
		},
	}, nil
}

// planChecked plans the book after refusing what the layout cannot set:
// every refusal RenderBook makes before it draws. TestValidationAgrees
// holds the spec's validation to the same answers.
func planChecked(b *book.Book, opt Options) (*plan, int, error) {
	texts, year, err := check(b, opt)
	if err != nil {
		return nil, 0, err
	}
	p := planBook(b, texts)
	if p.pics, err = loadPictures(b.Spec, opt.Pictures); err != nil {
		return nil, 0, err
	}
	if p.puzzleSlots.side < minGridSide || p.solutionSlots.side < minGridSide {
		return nil, 0, fmt.Errorf("%w: the live area (%.0fx%.0fpt) leaves grids of %.0fpt (puzzles) and %.0fpt (solutions), want at least %.0fpt",
			ErrBook, p.geo.content(1).W, p.geo.content(1).H, p.puzzleSlots.side, p.solutionSlots.side, float64(minGridSide))
	}
	if err := p.kindsFit(); err != nil {
		return nil, 0, err
	}
	return p, year, nil
}

// minGridSide is the smallest grid the layout will print: below an inch the
// digits no longer fit their cells at MinText. It is the spec's rule too.
const minGridSide = book.MinGridSide

// check refuses a book the layout cannot draw and finds its texts and year.
func check(b *book.Book, opt Options) (*templates.Texts, int, error) {
	if b == nil || b.Spec == nil {
		return nil, 0, fmt.Errorf("%w: no book or no spec", ErrBook)
	}
	s := b.Spec
	texts, err := templates.Language(s.Language)
	if err != nil {
		return nil, 0, fmt.Errorf("%w: %w", ErrBook, err)
	}
	if err := CheckText(s); err != nil {
		return nil, 0, fmt.Errorf("%w: %w", ErrBook, err)
	}
	year := s.Year
	if year == 0 {
		year = opt.Year
	}
	switch {
	case year < 1 || year > 9999:
		return nil, 0, fmt.Errorf("%w: %w %d: set the spec's year or Options.Year", ErrBook, ErrYear, year)
	case float64(s.Trim.W) < minGridSide*2 || float64(s.Trim.H) < minGridSide*2:
		return nil, 0, fmt.Errorf("%w: trim %.1fx%.1fpt is too small", ErrBook, float64(s.Trim.W), float64(s.Trim.H))
	case s.Margins.Top < 0 || s.Margins.Bottom < 0 || s.Margins.Outside < 0 || s.Margins.Inside < 0:
		return nil, 0, fmt.Errorf("%w: negative margin in %+v", ErrBook, s.Margins)
	case s.PuzzlesPerPage != 1 && s.PuzzlesPerPage != 2 && s.PuzzlesPerPage != 4 && s.PuzzlesPerPage != 6:
		return nil, 0, fmt.Errorf("%w: puzzles_per_page %d, want 1, 2, 4 or 6", ErrBook, s.PuzzlesPerPage)
	case s.SolutionsPerPage < 4 || s.SolutionsPerPage > 12:
		return nil, 0, fmt.Errorf("%w: solutions_per_page %d, want 4 to 12", ErrBook, s.SolutionsPerPage)
	}
	seen := map[int]bool{}
	for pz := range b.All() {
		if s.Solutions == book.SolutionsFoot && pz.Geometry().Variant.Multi() {
			return nil, 0, fmt.Errorf("%w: puzzle %d is a figure of several grids, whose solution the foot of its page cannot hold (want solutions: back)", ErrBook, pz.Number)
		}
		if pz.Number < 1 || seen[pz.Number] {
			return nil, 0, fmt.Errorf("%w: puzzle number %d is not positive or not unique", ErrBook, pz.Number)
		}
		seen[pz.Number] = true
	}
	if len(seen) == 0 {
		return nil, 0, fmt.Errorf("%w: no puzzles", ErrBook)
	}
	return texts, year, nil
}

// newBookPDF starts a PDF of the book's pages or its cover, carrying the
// document information (title, author, creator, language) both share.
func newBookPDF(s *book.Spec, mw, mh float64, year int, opt Options) *fpdf.Fpdf {
	pdf := newPDF(mw, mh, year, opt.Uncompressed)
	pdf.SetTitle(s.Title, true)
	pdf.SetAuthor(s.Author, true)
	pdf.SetCreator(joinNonEmpty(opt.Generator, opt.Version), true)
	pdf.SetLang(s.Language)
	return pdf
}

func joinNonEmpty(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + " " + b
}

func itoa(n int) string { return strconv.Itoa(n) }

func itoa64(n int64) string { return strconv.FormatInt(n, 10) }

// drawGuides outlines each rectangle (the trim, the live area, a cover's
// folds) in light grey, a proofing aid. The lines are under MinLine on
// purpose: callers draw them on the raw canvas, outside the report.
func drawGuides(c canvas, rs ...rect) {
	const w, g = 0.3, 0.6
	for _, r := range rs {
		c.Line(r.X, r.Y, r.right(), r.Y, w, g)
		c.Line(r.right(), r.Y, r.right(), r.bottom(), w, g)
		c.Line(r.right(), r.bottom(), r.X, r.bottom(), w, g)
		c.Line(r.X, r.bottom(), r.X, r.Y, w, g)
	}
}

// shapes lists one geometry of each shape the book prints (side and
// bounding box), in the order they first appear; classic 9x9 for a book
// without puzzles.
func (p *plan) shapes() []*engine.Geometry {
	if p.book.Len() == 0 {
		return []*engine.Geometry{engine.Classic9}
	}
	var out []*engine.Geometry
	seen := map[[2]int]bool{}
	for pz := range p.book.All() {
		g := pz.Geometry()
		if key := [2]int{g.N, g.Width}; !seen[key] {
			seen[key] = true
			out = append(out, g)
		}
	}
	return out
}

// kindsFit refuses a book whose grids of some kind would be drawn too
// small for their symbols on its puzzle or solution pages (see
// gridStyle.fits). Validation refuses such pages first, by the stricter
// book.MinCell; this is the layout's own guard, with the book's fonts.
func (p *plan) kindsFit() error {
	for _, g := range p.shapes() {
		if err := p.gridStyle().fits(g, p.puzzleSlots.side); err != nil {
			return fmt.Errorf("%w: puzzle pages: %w", ErrBook, err)
		}
		if err := p.gridStyle().fitsLayers(g, p.puzzleSlots.side); err != nil {
			return fmt.Errorf("%w: puzzle pages: %w", ErrBook, err)
		}
		sl := p.solutionSlotsFor(g)
		if err := p.solnStyleFor(sl, g.Width).fits(g, sl.side); err != nil {
			return fmt.Errorf("%w: solution pages: %w", ErrBook, err)
		}
	}
	return nil
}

// solutionSlotsFor is where the solutions of grids like g are set:
// figures of several grids on their own pages (see solutionSlotsOf).
func (p *plan) solutionSlotsFor(g *engine.Geometry) slots {
	if g.Variant.Multi() {
		return p.figureSlots
	}
	return p.solutionSlots
}

// digitPt is the smallest digit size of the book's puzzle grids, or of
// its solution grids, over every kind it prints.
func (p *plan) digitPt(solutions bool) float64 {
	least := math.Inf(1)
	for _, g := range p.shapes() {
		st, side := p.gridStyle(), p.puzzleSlots.side
		if solutions {
			sl := p.solutionSlotsFor(g)
			st, side = p.solnStyleFor(sl, g.Width), sl.side
		}
		least = math.Min(least, st.digitSizeIn(g, st.cellSizeIn(side, g.Width)))
	}
	return least
}
