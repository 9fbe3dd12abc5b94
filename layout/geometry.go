package layout

import "github.com/sudokubook/sudokubook/book"

// KDP's interior bleed: 0.125in beyond the trim on the outside edge, the top
// and the bottom (none at the spine), so a bled page is 0.125in wider and
// 0.25in taller than the trim.
const (
	bleedEdge = 9.0 // 0.125in in points
	inch      = 72.0
)

// rect is an area of the medium in points, y growing downwards.
type rect struct{ X, Y, W, H float64 }

func (r rect) right() float64  { return r.X + r.W }
func (r rect) bottom() float64 { return r.Y + r.H }

// geometry is the frame every page shares: the trim, whether the medium
// bleeds beyond it, and the mirrored margins. Pages are numbered from 1; odd
// pages are right-hand pages, whose inside (gutter) edge is on the left.
type geometry struct {
	trimW, trimH float64
	bleed        bool
	top, bottom  float64
	outside      float64
	gutter       float64
}

func isRight(page int) bool { return page%2 == 1 }

// media is the size of each PDF page: the trim plus any bleed.
func (g geometry) media() (w, h float64) {
	if g.bleed {
		return g.trimW + bleedEdge, g.trimH + 2*bleedEdge
	}
	return g.trimW, g.trimH
}

// trim is where the trimmed page lies on the medium. With bleed, the extra
// width is on the outside edge: right of a right-hand page, left of a
// left-hand page.
func (g geometry) trim(page int) rect {
	if !g.bleed {
		return rect{0, 0, g.trimW, g.trimH}
	}
	x := 0.0
	if !isRight(page) {
		x = bleedEdge
	}
	return rect{x, bleedEdge, g.trimW, g.trimH}
}

// content is the live area of a page: the trim less the margins, with the
// gutter on the inside edge.
func (g geometry) content(page int) rect {
	t := g.trim(page)
	left, right := g.outside, g.gutter
	if isRight(page) {
		left, right = g.gutter, g.outside
	}
	return rect{t.X + left, t.Y + g.top, t.W - left - right, t.H - g.top - g.bottom}
}

func geometryFor(s *book.Spec) geometry {
	return geometry{
		trimW: float64(s.Trim.W), trimH: float64(s.Trim.H),
		bleed:   s.Bleed,
		top:     float64(s.Margins.Top),
		bottom:  float64(s.Margins.Bottom),
		outside: float64(s.Margins.Outside),
		gutter:  float64(s.Margins.Inside),
	}
}
