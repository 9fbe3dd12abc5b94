package layout

import (
	"errors"
	"fmt"
	"io"
	"math"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
)

var (
	// ErrSize is wrapped by errors about a size or resolution out of range.
	ErrSize = errors.New("bad size")
	// ErrYear is wrapped by errors about the year that dates a PDF.
	ErrYear = errors.New("bad year")
)

// maxPixels bounds a PNG's side so a typo in a spec cannot ask for a
// gigabyte raster.
const maxPixels = 20000

// Figure is one puzzle to draw: its geometry and its cells in the
// geometry's numbering, givens and solution (the solution may be nil for a
// puzzle drawn without it).
type Figure struct {
	Geo      *engine.Geometry
	Givens   []uint8
	Solution []uint8
	// Pictures are the book's own pictures (style.pictures) for a spec's
	// exports that draw shapes (RenderSpecPNG and the others), or nil.
	Pictures *Pictures
}

// ClassicFigure is a classic 9x9 puzzle as a Figure.
func ClassicFigure(givens, solution engine.Grid) Figure {
	return Figure{Geo: engine.Classic9, Givens: givens[:], Solution: solution[:]}
}

// PuzzleFigure is a book's puzzle as a Figure, of whatever kind.
func PuzzleFigure(p book.Puzzle) Figure {
	return Figure{Geo: p.Geometry(), Givens: p.Cells(), Solution: p.SolutionCells()}
}

// check refuses cells that do not match the geometry, which would
// otherwise draw a wrong grid or index out of range.
func (f Figure) check() error {
	g := f.Geo
	if g == nil {
		return fmt.Errorf("%w: a figure without its geometry", ErrBook)
	}
	if len(f.Givens) != g.Cells || f.Solution != nil && len(f.Solution) != g.Cells {
		return fmt.Errorf("%w: %d givens and %d solution cells for a %s %dx%d grid of %d cells",
			ErrBook, len(f.Givens), len(f.Solution), g.Variant, g.N, g.N, g.Cells)
	}
	for _, cells := range [][]uint8{f.Givens, f.Solution} {
		for i, d := range cells {
			if int(d) > g.N {
				return fmt.Errorf("%w: cell %d holds %d, more than the grid's %d", ErrBook, i, d, g.N)
			}
		}
	}
	return nil
}

// shown is the figure with its solution kept only if show.
func (f Figure) shown(show bool) (givens, solution []uint8) {
	if !show {
		return f.Givens, nil
	}
	return f.Givens, f.Solution
}

// RenderPNG writes one grid of any kind as a greyscale PNG side long
// at dpi, with the resolution recorded in a pHYs chunk so layout programs
// place it at its real size. The image is exactly round(side/72*dpi)
// pixels square and the grid's frame runs along its edges (a samurai's
// bounding box). With showSolution the solved digits are set regular
// beside the bold givens; otherwise only the givens are drawn.
func RenderPNG(w io.Writer, fig Figure, showSolution bool, side book.Length, dpi int, style book.Style) error {
	return renderPNG(w, fig, showSolution, side, dpi, styleFor(style))
}

// RenderSpecPNG is RenderPNG as a book's spec asks for its PNG
// exports: its png size and dpi, its style, and its digit font
// (fonts.digits).
func RenderSpecPNG(w io.Writer, s *book.Spec, fig Figure, showSolution bool) error {
	st, err := specGridStyle(s)
	if err != nil {
		return err
	}
	return renderPNG(w, fig, showSolution, s.PNG.Size, s.PNG.DPI, st.withPictures(fig))
}

// RenderSpecSinglePDF is RenderSinglePDF as a book's spec asks for
// its single-grid PDFs: its png size, its style and its digit font.
func RenderSpecSinglePDF(w io.Writer, s *book.Spec, fig Figure, showSolution bool, year int) error {
	st, err := specGridStyle(s)
	if err != nil {
		return err
	}
	return renderSinglePDF(w, fig, showSolution, s.PNG.Size, st.withPictures(fig), year)
}

// specGridStyle is the style of a spec's grids with its digit faces.
func specGridStyle(s *book.Spec) (gridStyle, error) {
	fs, err := fontsFor(s)
	if err != nil {
		return gridStyle{}, err
	}
	st := styleFor(s.Style)
	st.givenFont, st.filledFont = fs.Given, fs.Filled
	return st, nil
}

// withPictures is st drawing fig's pictures, where it has them.
func (st gridStyle) withPictures(fig Figure) gridStyle {
	if fig.Pictures != nil {
		st.pics = fig.Pictures.list
	}
	return st
}

func renderPNG(w io.Writer, fig Figure, showSolution bool, side book.Length, dpi int, st gridStyle) error {
	if dpi <= 0 || side <= 0 {
		return fmt.Errorf("%w: PNG side %.1fpt at %d dpi, want both > 0", ErrSize, float64(side), dpi)
	}
	n := int(math.Round(float64(side) / 72 * float64(dpi)))
	if n < 9 || n > maxPixels {
		return fmt.Errorf("%w: PNG of %d pixels square, want 9 to %d", ErrSize, n, maxPixels)
	}
	if err := fig.check(); err != nil {
		return err
	}
	c := newGrayCanvas(n, n, dpi)
	defer c.release()
	// Draw over the whole raster: the side in points the pixels really cover.
	pts := float64(n) / c.k
	if err := st.fits(fig.Geo, pts); err != nil {
		return err
	}
	if err := st.fitsLayers(fig.Geo, pts); err != nil && !showSolution {
		return err
	}
	givens, solution := fig.shown(showSolution)
	drawCells(c, 0, 0, pts, fig.Geo, givens, solution, st)
	return encodeGray(w, c.img, dpi)
}

// RenderSinglePDF writes one grid of any kind as a one-page vector
// PDF for a newspaper's page-layout program: the page (MediaBox and
// TrimBox) is exactly side square with no margin, the frame's ink running
// along its edges, so the grid is placed by its page box. Digits are real
// text in embedded fonts. year pins the file's dates (January 1 of that
// year), so the bytes are the same on every run.
func RenderSinglePDF(w io.Writer, fig Figure, showSolution bool, side book.Length, style book.Style, year int) error {
	return renderSinglePDF(w, fig, showSolution, side, styleFor(style), year)
}

func renderSinglePDF(w io.Writer, fig Figure, showSolution bool, side book.Length, st gridStyle, year int) error {
	if side < 36 || side > 14400 {
		return fmt.Errorf("%w: PDF grid side %.1fpt, want 36pt to 200in", ErrSize, float64(side))
	}
	if year < 1 || year > 9999 {
		return fmt.Errorf("%w: %d", ErrYear, year)
	}
	s := float64(side)
	if err := fig.fitsSingle(st, s, showSolution); err != nil {
		return err
	}
	pdf := newPDF(s, s, year, false)
	pdf.AddPageFormat("P", fpdf.SizeType{Wd: s, Ht: s})
	pdf.SetPageBox("trim", 0, 0, s, s)
	givens, solution := fig.shown(showSolution)
	drawCells(newPDFCanvas(pdf), 0, 0, s, fig.Geo, givens, solution, st)
	return pdf.Output(w)
}

// newPDF starts a document measured in points with no automatic page breaks
// and everything that would differ between runs pinned: dates (January 1 of
// year, UTC) and the order of catalog entries.
func newPDF(w, h float64, year int, uncompressed bool) *fpdf.Fpdf {
	pdf := fpdf.NewCustom(&fpdf.InitType{UnitStr: "pt", Size: fpdf.SizeType{Wd: w, Ht: h}})
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetMargins(0, 0, 0)
	pdf.SetCatalogSort(true)
	pdf.SetCompression(!uncompressed)
	when := time.Date(year, time.January, 1, 0, 0, 0, 0, time.UTC)
	pdf.SetCreationDate(when)
	pdf.SetModificationDate(when)
	return pdf
}

// ExportSide is the side a grid of g is exported at when the user names
// none: side (an export's default), grown to what the kind needs. A grid
// wider than 9 cells (a samurai's 21) grows with its width, so its cells
// are a 9x9 grid's at side; a kind whose marks need larger cells (a
// killer's cage sums) grows to the least side that prints them, so a
// puzzle pasted with no flags always writes an image.
func ExportSide(g *engine.Geometry, side book.Length, style book.Style) book.Length {
	st := styleFor(style)
	s := float64(side) * math.Max(1, float64(g.Width)/9)
	s = math.Max(s, math.Ceil(layersSide(st, g)))
	for k := 0; k < 200 && (st.fits(g, s) != nil || st.fitsLayers(g, s) != nil); k++ {
		s += 9
	}
	return book.Length(s)
}

// fitsSingle refuses a figure that is not whole, or a single grid of side
// s too small for its cells or, on a puzzle, for its constraints' marks
// (a solution is drawn without them).
func (fig Figure) fitsSingle(st gridStyle, s float64, showSolution bool) error {
	if err := fig.check(); err != nil {
		return err
	}
	if err := st.fits(fig.Geo, s); err != nil {
		return err
	}
	if err := st.fitsLayers(fig.Geo, s); err != nil && !showSolution {
		return err
	}
	return nil
}
