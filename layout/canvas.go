package layout

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Align says where a line of text sits relative to the x it is drawn at.
type Align int

const (
	AlignLeft   Align = iota // text starts at x
	AlignCenter              // text is centred on x
	AlignRight               // text ends at x
)

// Grey is a grey level: 0 is black ink, 1 is white paper. The layout sets no
// other colour, so every page is greyscale.
type Grey float64

const (
	Black Grey = 0
	White Grey = 1
)

// canvas is what a page is drawn on. Coordinates are points from the top-left
// corner of the medium (y grows downwards); the PDF and the PNG back ends
// both implement it, so a grid or a page is drawn by one piece of code for
// either.
type canvas interface {
	// Line strokes a straight line of the given width with square caps, so
	// lines that meet at a corner close it.
	Line(x1, y1, x2, y2, width float64, g Grey)
	// Rect fills a rectangle.
	Rect(x, y, w, h float64, g Grey)
	// Text sets one line of s with its baseline at y, aligned on x.
	Text(x, y float64, s string, f Font, size float64, g Grey, a Align)
}

// minima wraps a canvas and records the smallest text size and the thinnest
// line drawn through it, for the preflight report, and every text that
// leaves the page or shows a character its face has no glyph for, which
// the book refuses. Keeping the record here means no drawing routine can
// forget to report.
type minima struct {
	canvas
	text, line float64

	page    int  // the page being drawn, for messages
	bounds  rect // its trim; text must stay inside
	outside []string
	missing map[rune]bool

	turn   bool // drawing turned half a turn about (cx, cy), see turn.go
	cx, cy float64
}

func newMinima(c canvas) *minima {
	return &minima{canvas: c, text: math.Inf(1), line: math.Inf(1)}
}

func (m *minima) Line(x1, y1, x2, y2, width float64, g Grey) {
	m.line = math.Min(m.line, width)
	m.canvas.Line(x1, y1, x2, y2, width, g)
}

func (m *minima) Text(x, y float64, s string, f Font, size float64, g Grey, a Align) {
	if s != "" {
		m.text = math.Min(m.text, size)
		m.checkText(x, y, s, f, size, a)
	}
	m.canvas.Text(x, y, s, f, size, g, a)
}

// checkText records s if it has a character f cannot show or if its box
// (advance widths, the face's highest and lowest ink) leaves the trim.
func (m *minima) checkText(x, y float64, s string, f Font, size float64, a Align) {
	for _, r := range s {
		if !f.has(r) && !unicode.IsSpace(r) {
			if m.missing == nil {
				m.missing = map[rune]bool{}
			}
			m.missing[r] = true
		}
	}
	if m.bounds.W == 0 {
		return
	}
	const slack = 0.5 // points: rounding, and ink that only touches the edge
	x0 := alignX(x, s, f, size, a)
	x1 := x0 + textWidth(f, size, s)
	above, below := inkExtent(f, size)
	if m.turn {
		// Turned, the text runs leftwards from its mirrored origin and
		// hangs below its baseline.
		x0, x1 = 2*m.cx-x1, 2*m.cx-x0
		y = 2*m.cy - y
		above, below = below, above
	}
	b := m.bounds
	if x0 < b.X-slack || x1 > b.right()+slack || y-above < b.Y-slack || y+below > b.bottom()+slack {
		if len(m.outside) < 5 {
			m.outside = append(m.outside, fmt.Sprintf("page %d: %s", m.page, quoteShort(s)))
		}
	}
}

// problems is the record as an error, or nil.
func (m *minima) problems() error {
	var why []string
	if len(m.missing) > 0 {
		rs := slices.Sorted(maps.Keys(m.missing))
		var names []string
		for _, r := range rs {
			names = append(names, fmt.Sprintf("%c (U+%04X)", r, r))
		}
		why = append(why, "no glyph in its font for "+strings.Join(names, ", "))
	}
	if len(m.outside) > 0 {
		why = append(why, "text outside the page: "+strings.Join(m.outside, "; "))
	}
	if len(why) == 0 {
		return nil
	}
	return fmt.Errorf("%w: %s", ErrBook, strings.Join(why, "; "))
}

// alignX turns an aligned x into the x where the text starts.
func alignX(x float64, s string, f Font, size float64, a Align) float64 {
	switch a {
	case AlignCenter:
		return x - textWidth(f, size, s)/2
	case AlignRight:
		return x - textWidth(f, size, s)
	}
	// A left-aligned line starts its ink at x, not its first glyph's
	// origin: a j's tail hangs left of its origin, and a line of German
	// that opened with one reached 0.001in into the gutter the preflight
	// holds it to.
	if r, n := utf8.DecodeRuneInString(s); n > 0 && f.metrics != nil {
		return x + f.overhang(r)*size
	}
	return x
}
