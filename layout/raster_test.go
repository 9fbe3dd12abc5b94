package layout

import (
	"fmt"
	"image"
	"testing"

	"github.com/sudokubook/sudokubook/book"
)

// pixelDiff summarises how far two greyscale rasters of one size differ.
type pixelDiff struct {
	max   int     // largest difference of one pixel, 0..255
	mean  float64 // mean absolute difference over all pixels
	over  int     // pixels differing by more than the tolerance
	total int
}

func comparePixels(a, b *image.Gray, tol int) pixelDiff {
	d := pixelDiff{total: len(a.Pix)}
	sum := 0
	for i := range a.Pix {
		v := int(a.Pix[i]) - int(b.Pix[i])
		v = max(v, -v)
		sum += v
		d.max = max(d.max, v)
		if v > tol {
			d.over++
		}
	}
	d.mean = float64(sum) / float64(d.total)
	return d
}

func (d pixelDiff) String() string {
	return fmt.Sprintf("max %d, mean %.3f, %d of %d over tolerance", d.max, d.mean, d.over, d.total)
}

// The tolerance against the gg renderer: glyph masks are the same (one font
// rasteriser, the same sub-pixel positions) but gg blended them through a
// bilinear transform in 16 bits and stroked lines through a scan-line
// rasteriser, where grayCanvas blends in 8 bits and covers rectangles
// exactly; those round differently by a few levels on edge pixels. A glyph
// or a line one pixel off would differ by far more than this somewhere.
const (
	ggMaxDiff  = 12  // of 255, for any one pixel
	ggMeanDiff = 1.0 // mean over the raster
)

// TestRasterMatchesGG draws the same grids with the direct greyscale
// renderer and with the gg renderer it replaced, and compares the pixels
// within the tolerance above.
func TestRasterMatchesGG(t *testing.T) {
	cases := []struct {
		name  string
		side  float64
		dpi   int
		show  bool
		style book.Style
	}{
		{"puzzle 3in 150dpi", 216, 150, false, testStyle},
		{"solution 3in 150dpi", 216, 150, true, testStyle},
		{"solution 2in 100dpi", 144, 100, true, testStyle},
		{"puzzle 2.5in 300dpi", 180, 300, false, testStyle},
		{"large print 5in 96dpi", 360, 96, true, book.Style{TextSize: 19, DigitSize: 28, ThinLine: 1.25, ThickLine: 3.5}},
		{"odd 100pt 72dpi", 100, 72, true, testStyle},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			givens, solution := fixturePuzzle(len(tc.name))
			n := int(tc.side / 72 * float64(tc.dpi))
			g := newGGCanvas(n, n, tc.dpi)
			r := newGrayCanvas(n, n, tc.dpi)
			st := styleFor(tc.style)
			st.highlight = 40
			drawGrid(g, 0, 0, float64(n)/g.k, givens, shown(solution, tc.show), st)
			drawGrid(r, 0, 0, float64(n)/r.k, givens, shown(solution, tc.show), st)
			d := comparePixels(g.gray(), r.img, ggMaxDiff)
			t.Logf("%s", d)
			if d.over > 0 || d.mean > ggMeanDiff {
				t.Errorf("%s against gg, want max %d and mean at most %.1f", d, ggMaxDiff, ggMeanDiff)
			}
		})
	}
}

// TestRasterSlantedMatchesGG checks the polygon path, which no classic grid
// takes, on lines at several angles and widths and on text at a size no
// grid uses.
func TestRasterSlantedMatchesGG(t *testing.T) {
	const n, dpi = 300, 150
	g, r := newGGCanvas(n, n, dpi), newGrayCanvas(n, n, dpi)
	for _, c := range []canvas{g, r} {
		c.Line(5, 5, 139, 139, 0.75, Black)
		c.Line(139, 5, 5, 139, 2, 0.5)
		c.Line(20, 100, 120, 80, 1.25, Black)
		c.Line(70, 3, 74, 140, 3.5, 0.3)
		c.Rect(10.3, 40.6, 33.3, 12.1, 0.82)
		c.Text(72, 60, "Sudoku 123", defaultFonts().Bold, 13.7, Black, AlignCenter)
	}
	d := comparePixels(g.gray(), r.img, ggMaxDiff)
	t.Logf("%s", d)
	if d.over > 0 || d.mean > ggMeanDiff {
		t.Errorf("%s against gg, want max %d and mean at most %.1f", d, ggMaxDiff, ggMeanDiff)
	}
}

// shown is solution when show, else an empty grid.
func shown(solution [81]uint8, show bool) [81]uint8 {
	if show {
		return solution
	}
	return [81]uint8{}
}
