package book

import "math"

// The page grid: where the grids of a puzzle or solution page sit. Both
// the spec's validation and the layout take their answer from PageSlots,
// so a spec that validates is a spec the layout can set, and the other way
// round: there is one feasibility rule, not two that could drift apart.

// TypeScale holds the text sizes of a book, all derived from the style's
// body size and none under MinText: headings larger, and the finest print
// (page numbers, the copyright page, solution labels) at 0.85 of it.
type TypeScale struct {
	Body, Small, Label, Head, Title, Subtitle, Author float64
}

// TypeScaleFor derives a book's text sizes from its style (10pt when the
// style sets none).
func TypeScaleFor(s Style) TypeScale {
	body := float64(s.TextSize)
	if body <= 0 {
		body = 10
	}
	at := func(f float64) float64 { return math.Max(float64(MinText), f*body) }
	return TypeScale{
		Body: at(1), Small: at(0.85), Label: at(1), Head: at(1.6),
		Title: at(2.8), Subtitle: at(1.4), Author: at(1.3),
	}
}

// HeadBand and FootBand are the bands at the top and bottom of the live
// area that hold the running head and the folio; LabelHeight is the room
// above a grid for its label line set at size.
func (ts TypeScale) HeadBand() float64                { return 2.4 * ts.Head }
func (ts TypeScale) FootBand() float64                { return 2.8 * ts.Small }
func (ts TypeScale) LabelHeight(size float64) float64 { return 1.9 * size }

// NameLineHeight is the room a worksheet's name line takes at the top of a
// puzzle page's body area.
func (ts TypeScale) NameLineHeight() float64 { return 2.6 * ts.Body }

// The least distance between two grids on a page, in points, and the
// smallest grid a page may hold. Free space beyond the least gap is spread
// evenly (see Arrange).
const (
	PuzzleGap   = 0.3 * float64(Inch)
	SolutionGap = 0.2 * float64(Inch)
	MinGridSide = float64(Inch) // below an inch, digits no longer fit their cells at MinText
)

// Slots are the places of the grids on a page, relative to the page's body
// area (the live area less the head and foot bands): each slot is a label
// line above a square grid. Xs holds the left of each column's grid, Ys
// the top of each row's label.
type Slots struct {
	Cols, Rows int
	Side       float64
	LabelH     float64
	Xs, Ys     []float64
}

// Gaps are the clear distances between neighbouring grids' frames: across
// (between columns) and down (from a grid's foot to the next grid's frame,
// its label between). Zero where there is one column or one row.
func (s Slots) Gaps() (across, down float64) {
	if s.Cols > 1 {
		across = s.Xs[1] - s.Xs[0] - s.Side
	}
	if s.Rows > 1 {
		down = s.Ys[1] - s.Ys[0] - s.Side
	}
	return across, down
}

// Arrange finds the columns and rows of n slots that give the largest
// squares in a w by h area with at least gap between neighbours, then
// places them. Trying every column count picks 1x2 stacked on a portrait
// page, 2x2 for four and 2x3 for six, and serves the 4 to 12 solutions.
//
// The free space is spread evenly. Where there are several columns and
// several rows, the clear distance between grids is the same across and
// down (as large as the tighter direction allows), and the block of grids
// is centred: six a page on letter paper gets no wide channel down the
// middle. A single column or row is centred across; a single column's rows
// share the space left above, between and below them.
func Arrange(n int, w, h, labelH, gap float64) Slots {
	best := Slots{}
	for cols := 1; cols <= n; cols++ {
		rows := (n + cols - 1) / cols
		cw := (w - float64(cols-1)*gap) / float64(cols)
		ch := (h-float64(rows-1)*gap)/float64(rows) - labelH
		if side := math.Min(cw, ch); side > best.Side {
			best = Slots{Cols: cols, Rows: rows, Side: side, LabelH: labelH}
		}
	}
	if best.Side <= 0 {
		return best
	}
	freeX := w - float64(best.Cols)*best.Side
	freeY := h - float64(best.Rows)*(best.Side+labelH)
	// The clear distance between grids: across it is the column gap; down
	// it is the row gap plus the label above the lower grid.
	clear := math.Inf(1)
	if best.Cols > 1 {
		clear = freeX / float64(best.Cols-1)
	}
	if best.Rows > 1 && best.Cols > 1 {
		clear = math.Min(clear, freeY/float64(best.Rows-1)+labelH)
	}
	across := clear
	down := math.Max(gap, clear-labelH) // the row gap, label excluded
	if best.Cols == 1 {
		across = 0
	}
	switch {
	case best.Rows == 1:
		down = 0
	case best.Cols == 1:
		down = math.Max(gap, freeY/float64(best.Rows+1))
	}
	blockW := float64(best.Cols)*best.Side + float64(best.Cols-1)*across
	for c := range best.Cols {
		best.Xs = append(best.Xs, (w-blockW)/2+float64(c)*(best.Side+across))
	}
	blockH := float64(best.Rows)*(best.Side+labelH) + float64(best.Rows-1)*down
	top := (h - blockH) / 2
	for r := range best.Rows {
		best.Ys = append(best.Ys, top+float64(r)*(best.Side+labelH+down))
	}
	return best
}

// PageSlots is how the spec's puzzle and solution pages hold their grids,
// given the gutter the book is printed with (see Inside): the body area of
// a page is the trim less the margins and the running head and foot
// bands, and on puzzle pages the name line when the spec asks for one. It
// is the one rule for whether a page can hold its grids: both
// must be at least MinGridSide. Validation estimates the gutter from the
// page count; the layout uses the gutter it settled on.
func (s *Spec) PageSlots(gutter Length) (puzzles, solutions Slots) {
	ts := TypeScaleFor(s.Style)
	w := float64(s.Trim.W - s.Margins.Outside - gutter)
	h := float64(s.Trim.H-s.Margins.Top-s.Margins.Bottom) - ts.HeadBand() - ts.FootBand()
	ph := h
	if s.NameLine {
		ph -= ts.NameLineHeight()
	}
	if s.Solutions == SolutionsFoot {
		// A worksheet: the page's solutions in a band at its foot, below
		// a rule, their slots placed in the body area as the puzzles'.
		foot := s.FootHeight(h)
		puzzles = underNameLine(s, Arrange(s.PuzzlesPerPage, w, ph-foot, ts.LabelHeight(ts.Label), PuzzleGap))
		solutions = Arrange(s.PuzzlesPerPage, w, foot-FootRuleGap, ts.LabelHeight(ts.Small), SolutionGap)
		for i := range solutions.Ys {
			solutions.Ys[i] += h - foot + FootRuleGap
		}
		if sl := &solutions; sl.Rows == 1 && sl.Cols > 1 && sl.Side > 0 {
			// A row of small answers spread to the page's edges reads as
			// two stray grids; kept together they read as one key.
			across := math.Min(sl.Xs[1]-sl.Xs[0]-sl.Side, math.Max(SolutionGap, sl.Side/3))
			blockW := float64(sl.Cols)*sl.Side + float64(sl.Cols-1)*across
			for c := range sl.Xs {
				sl.Xs[c] = (w-blockW)/2 + float64(c)*(sl.Side+across)
			}
		}
		return puzzles, solutions
	}
	puzzles = underNameLine(s, Arrange(s.PuzzlesPerPage, w, ph, ts.LabelHeight(ts.Label), PuzzleGap))
	solutions = Arrange(s.SolutionsPerPage, w, h, ts.LabelHeight(ts.Small), SolutionGap)
	return puzzles, solutions
}

// NameLineGap is the most room between a worksheet's name line and the
// labels of the grids under it.
const NameLineGap = 0.15 * float64(Inch)

// underNameLine lifts the grids of a page with a name line (name_line)
// to just under it: the pupil's name, date and time belong to the
// puzzles they head, and a line floating an inch or two above them, the
// grids centred in the space left, reads as a stray rule. The room the
// lift frees goes below the grids, to work in, and on a worksheet to part
// them from the answers at the foot.
func underNameLine(s *Spec, sl Slots) Slots {
	if !s.NameLine || len(sl.Ys) == 0 {
		return sl
	}
	if lift := sl.Ys[0] - NameLineGap; lift > 0 {
		for i := range sl.Ys {
			sl.Ys[i] -= lift
		}
	}
	return sl
}

// FootShare is the share of a worksheet page's body (solutions: foot)
// its answers take at the foot, and FootRuleGap the room above them for
// the rule that parts them from the puzzles. A fifth of the page leaves
// the puzzles most of it and prints a 9x9 answer of about 1.3in on a
// 6x9in page, read at a glance once the page is turned.
const (
	FootShare   = 0.22
	FootRuleGap = 0.25 * float64(Inch)
)

// footCellPerPoint is how wide a cell is for each point of the digit it
// holds as large as it can: a digit takes at most 0.8 of its cell.
const footCellPerPoint = 1.25

// FootHeight is the height of a worksheet page's band of answers, of a
// body area h high: FootShare of it, or in large print as much as answers
// whose digits are the book's finest print take, so that nothing on the
// page is set smaller, the answers included.
func (s *Spec) FootHeight(h float64) float64 {
	foot := FootShare * h
	if s.Style.LargeDigits {
		ts := TypeScaleFor(s.Style)
		cells := 4
		for _, sec := range s.Sections {
			cells = max(cells, sec.width())
		}
		side := float64(cells)*ts.Small*footCellPerPoint + float64(s.Style.ThickLine)
		foot = math.Max(foot, side+ts.LabelHeight(ts.Small)+FootRuleGap)
	}
	return foot
}

// MinCell is the least cell side, in points, that prints symbols of the
// given width (one character, or two for the numbers 10 to 16) at MinText
// inside their cell: a classic cell at MinGridSide for one character, a
// quarter more for two, which are about 1.1 times as wide as they are
// high. MinWriteCell is the least cell of a puzzle grid wider than 9 cells
// (12x12, 16x16, multi-grid figures), whose reader writes one or two
// characters in it by hand.
func MinCell(width int) float64 {
	if width > 1 {
		return 1.25 * MinGridSide / 9
	}
	return MinGridSide / 9
}

const MinWriteCell = 12.0
