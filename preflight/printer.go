package preflight

import (
	"fmt"
	"strings"
)

// Printer is a print-on-demand service whose interior-file rules a book is
// checked against.
type Printer int

const (
	KDP  Printer = iota // Amazon Kindle Direct Publishing, paperback
	Lulu                // Lulu Press, paperback
	numPrinters
)

var printerNames = [numPrinters]string{"KDP", "Lulu"}

func (p Printer) String() string {
	if p >= 0 && p < numPrinters {
		return printerNames[p]
	}
	return fmt.Sprintf("Printer(%d)", int(p))
}

// ParsePrinter accepts a printer's name in any case ("kdp", "Lulu").
func ParsePrinter(s string) (Printer, error) {
	for p, name := range printerNames {
		if strings.EqualFold(strings.TrimSpace(s), name) {
			return Printer(p), nil
		}
	}
	return 0, fmt.Errorf("%w %q (want one of %s)", ErrPrinter, s, strings.Join(printerNames[:], ", "))
}

// Printers lists every printer a book can be checked for, so a test or a
// usage message covers a profile added later without being told of it.
func Printers() []Printer {
	out := make([]Printer, numPrinters)
	for p := range out {
		out[p] = Printer(p)
	}
	return out
}

func (p Printer) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

func (p *Printer) UnmarshalText(b []byte) error {
	v, err := ParsePrinter(string(b))
	if err != nil {
		return err
	}
	*p = v
	return nil
}

func (p Printer) valid() bool { return p >= 0 && p < numPrinters }

// Printer facts, in points. They are the published interior rules of each
// service for black-and-white paperbacks on white paper as we read them;
// they change now and then, so treat them as approximate and re-read the
// printer's guide before relying on an edge case.
//
//	                       KDP                         Lulu
//	bleed, added to trim   +0.125in wide, +0.25in high +0.25in wide and high
//	                       (outer edge, top, bottom)   (0.125in every side)
//	pages                  24 to 828 for trims up to   24 to 800
//	                       6.12 x 9in; 24 to 590 for
//	                       larger trims up to
//	                       8.5 x 11.69in
//	outside/top/bottom     0.25in, 0.375in with bleed  0.5in (safety margin)
//	gutter (inside)        by page count, the table below, for both
const (
	inch = 72.0

	minPages = 24
	luluMax  = 800
)

// kdpPageLimits lists KDP's largest page count by trim, smallest trims
// first; a trim fits a row when both sides are within it.
var kdpPageLimits = []struct {
	maxW, maxH float64
	pages      int
}{
	{6.12 * inch, 9 * inch, 828},
	{8.5 * inch, 11.69 * inch, 590},
}

// gutterTable is the least inside margin for a page count: a thicker book
// curls more into its spine, so text needs to sit further from it. The
// book package's automatic gutter (book.GutterFor) follows the same table;
// this package keeps its own copy on purpose, as the layout's floors and
// bleed are also written on both sides: a checker that read its thresholds
// from the code it checks could not catch a wrong one. A test in
// cmd/sudokubook, which sees both, fails when they drift apart.
var gutterTable = []struct {
	upTo   int
	gutter float64
}{
	{150, 0.375 * inch},
	{300, 0.5 * inch},
	{500, 0.625 * inch},
	{700, 0.75 * inch},
}

const gutterAbove700 = 0.875 * inch

// BleedSize is what bleed adds to the trim to give the page size, in points.
func (p Printer) BleedSize() (w, h float64) {
	if p == KDP {
		// KDP bleeds the outside edge only (the spine side is bound), and
		// both the top and the bottom.
		return 0.125 * inch, 0.25 * inch
	}
	return 0.25 * inch, 0.25 * inch
}

// PageRange is the least and the most pages the printer binds for a trim
// (points); max is 0 when the printer has no such trim.
func (p Printer) PageRange(trimW, trimH float64) (min, max int) {
	const slack = 0.5 // points: a trim given in mm lands a hair off
	if p == Lulu {
		return minPages, luluMax
	}
	for _, row := range kdpPageLimits {
		if trimW <= row.maxW+slack && trimH <= row.maxH+slack {
			return minPages, row.pages
		}
	}
	return minPages, 0
}

// MinGutter is the least inside margin (points) for a book of this many
// pages. Both printers use the same table.
func (p Printer) MinGutter(pages int) float64 {
	for _, row := range gutterTable {
		if pages <= row.upTo {
			return row.gutter
		}
	}
	return gutterAbove700
}

// MinMargin is the least outside, top and bottom margin (points), measured
// from the trim edge.
func (p Printer) MinMargin(bleed bool) float64 {
	switch {
	case p == Lulu:
		return 0.5 * inch
	case bleed:
		return 0.375 * inch
	default:
		return 0.25 * inch
	}
}

// gutterBand names the page-count band a gutter minimum comes from, for
// messages: "151-300 pages".
func gutterBand(pages int) string {
	lo := 1
	for _, row := range gutterTable {
		if pages <= row.upTo {
			return fmt.Sprintf("%d-%d pages", lo, row.upTo)
		}
		lo = row.upTo + 1
	}
	return fmt.Sprintf("over %d pages", lo-1)
}
