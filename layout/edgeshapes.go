package layout

// The four edge marks as printed books draw them (edgemarks.go places
// them):
//
//	kropki        a small dot centred on the cell line, black, or white
//	              with a black outline
//	xv            the letter X or V on a white knockout over the line
//	consecutive   a short heavy bar lying along the cell line
//	greater-than  a chevron across the line, its point at the smaller cell
//
// Each is sized by the cell and kept to the book's finest print: a dot
// no smaller than minDot, a letter no smaller than MinText, strokes no
// thinner than MinLine; fits says whether that still clears the digits.

import (
	"math"
	"strings"
)

// Proportions of a cell, and the floors of the finest print.
const (
	dotRadius   = 0.11 // kropki dot
	minDot      = 2.2  // points: a smaller dot reads as a speck
	dotOutline  = 0.15 // a white dot's outline, of its radius
	xvSize      = 0.46 // XV letter
	xvPad       = 0.04 // white round the letter
	barLength   = 0.4  // consecutive bar, along the line
	barWidth    = 0.09 // and across it
	minBar      = 1.5  // points
	chevronHalf = 0.14 // greater-than: half its opening, and its depth
	chevronLine = 0.045
)

// edgeShape draws one kind's mark m centred at (x, y) on a line that runs
// across (horizontal) or down, and says whether a frame fits its marks.
type edgeShape interface {
	draw(c canvas, fr gridFrame, x, y float64, across bool, m uint8, ink Grey)
	fits(fr gridFrame) bool
}

// shapeOf is the shape of the marks named name, given in full or in
// part ("kropki-some" draws kropki's dots).
func shapeOf(name string) edgeShape {
	switch strings.TrimSuffix(name, "-some") {
	case "kropki":
		return kropkiShape{}
	case "xv":
		return xvShape{}
	case "consecutive":
		return barShape{}
	}
	return chevronShape{}
}

type kropkiShape struct{}

func (kropkiShape) radius(fr gridFrame) float64 { return math.Max(minDot, dotRadius*fr.cell) }

func (s kropkiShape) draw(c canvas, fr gridFrame, x, y float64, _ bool, m uint8, ink Grey) {
	r := s.radius(fr)
	if m == 2 {
		disc(c, x, y, r, ink)
		return
	}
	ring(c, x, y, r, math.Max(MinLine, dotOutline*r), ink, White)
}

func (s kropkiShape) fits(fr gridFrame) bool { return s.radius(fr) <= edgeReach(fr)*fr.cell }

type xvShape struct{}

func (xvShape) size(fr gridFrame) float64 { return math.Max(MinText, xvSize*fr.cell) }

// box is the knockout of a letter centred at (x, y).
func (s xvShape) box(fr gridFrame, x, y float64) (rect, float64) {
	f := fr.st.givenFont
	size := s.size(fr)
	h := capHeight(f, size)
	w := math.Max(textWidth(f, size, "X"), textWidth(f, size, "V"))
	pad := math.Max(xvPad*fr.cell, 0.5)
	return rect{x - w/2 - pad, y - h/2 - pad, w + 2*pad, h + 2*pad}, size
}

func (s xvShape) draw(c canvas, fr gridFrame, x, y float64, _ bool, m uint8, ink Grey) {
	k, size := s.box(fr, x, y)
	c.Rect(k.X, k.Y, k.W, k.H, White)
	letter := "X"
	if m == 2 {
		letter = "V"
	}
	c.Text(x, y+capHeight(fr.st.givenFont, size)/2, letter, fr.st.givenFont, size, ink, AlignCenter)
}

func (s xvShape) fits(fr gridFrame) bool {
	k, _ := s.box(fr, 0, 0)
	return math.Max(k.W, k.H)/2 <= edgeReach(fr)*fr.cell
}

type barShape struct{}

func (barShape) width(fr gridFrame) float64 { return math.Max(minBar, barWidth*fr.cell) }

func (s barShape) draw(c canvas, fr gridFrame, x, y float64, across bool, _ uint8, ink Grey) {
	// The bar lies along the cell line; square caps add half its width
	// at each end, taken off its length.
	w := s.width(fr)
	if onBoxLine(fr, x, y, across) {
		// A bar no wider than the box line it lies on reads as the line.
		w = math.Max(w, 2*fr.st.thick)
	}
	half := math.Max(barLength*fr.cell/2-w/2, w/2)
	if across {
		c.Line(x-half, y, x+half, y, w, ink)
	} else {
		c.Line(x, y-half, x, y+half, w, ink)
	}
}

func (s barShape) fits(fr gridFrame) bool {
	return math.Max(s.width(fr), 2*fr.st.thick)/2 <= edgeReach(fr)*fr.cell
}

// onBoxLine says whether the cell line through (x, y), running across or
// down, is a box line of fr's grid (edge marks are on boxed grids only).
func onBoxLine(fr gridFrame, x, y float64, across bool) bool {
	g := fr.geo
	if across {
		r := int(math.Round((y - fr.y0) / fr.cell))
		return g.BoxRows > 0 && r%g.BoxRows == 0
	}
	k := int(math.Round((x - fr.x0) / fr.cell))
	return g.BoxCols > 0 && k%g.BoxCols == 0
}

type chevronShape struct{}

func (chevronShape) half(fr gridFrame) float64 { return math.Max(3, chevronHalf*fr.cell) }

// draw draws mark m: 1 points to the first cell (left or upper), 2 to
// the second.
func (s chevronShape) draw(c canvas, fr gridFrame, x, y float64, across bool, m uint8, ink Grey) {
	h := s.half(fr)
	w := math.Max(MinLine, chevronLine*fr.cell)
	dir := -1.0 // towards the first cell
	if m == 2 {
		dir = 1
	}
	// The point lies h/2 towards the smaller cell, the arms' ends h/2
	// back and h to either side; a line across puts the cells above and
	// below, so the chevron opens up or down.
	tip, back := dir*h/2, -dir*h/2
	if across {
		c.Line(x-h, y+back, x, y+tip, w, ink)
		c.Line(x+h, y+back, x, y+tip, w, ink)
	} else {
		c.Line(x+back, y-h, x+tip, y, w, ink)
		c.Line(x+back, y+h, x+tip, y, w, ink)
	}
}

func (s chevronShape) fits(fr gridFrame) bool { return s.half(fr) <= edgeReach(fr)*fr.cell }
