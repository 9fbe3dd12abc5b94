// Package pdftest reads back the PDFs sudokubook writes, for tests: the
// pages' text with its position and size, so a test can check that a grid
// is printed cell by cell where the manifest says, or that no text is
// smaller than a book promises.
//
// It reads our own fpdf output, not PDFs at large. fpdf sets each string
// as one "BT x y Td (...) Tj ET" block, the literal escaped and, for the
// embedded UTF-8 fonts, encoded in UTF-16BE, after a "/F.. size Tf" that
// chooses its font; Items understands exactly that and refuses a page that
// shows text any other way, so a change in the writer fails the tests that
// use it instead of hiding text from them. The preflight package is the
// general reader; this one is small enough to trust in a test.
package pdftest

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"sync"
	"unicode/utf16"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
)

// ErrText is wrapped when a content stream shows text in a form Items
// does not read.
var ErrText = errors.New("unreadable text")

// TextItem is one string a page shows.
type TextItem struct {
	X, Y float64 // baseline origin in PDF points, y up from the page's foot
	Size float64 // font size, from the last Tf before it
	Text string
	// Turned says the text is set upside down (a worksheet's answers): it
	// runs leftwards from X, Y and hangs below it.
	Turned bool
}

// The operators Items reads, in stream order: a font choice, a string
// shown at a position, and the half turn the layout sets its upside-down
// answers in ("q -1 0 0 -1 a b cm", undone by "Q"), which maps (x, y) to
// (a-x, b-y).
var textOps = regexp.MustCompile(`/\S+ ([0-9.]+) Tf|BT ([-0-9.]+) ([-0-9.]+) Td \(((?:\\.|[^\\)])*)\) Tj ET|(?m:^q -1 0 0 -1 ([-0-9.]+) ([-0-9.]+) cm$)|(?m:^(Q)$)`)

// turn is the half turn Items and Marks follow: whether it is on, and
// its a and b.
type turn struct {
	on   bool
	a, b float64
}

// at maps a point of the turned coordinates to the page's.
func (t turn) at(x, y float64) (float64, float64) {
	if !t.on {
		return x, y
	}
	return t.a - x, t.b - y
}

// anyShow finds every text-showing operator, to catch those textOps missed.
var anyShow = regexp.MustCompile(`(?:^|[\s)\]])(?:Tj|TJ|'|")(?:\s|$)`)

// Items lists the strings a page's content stream shows, in drawing order.
func Items(content []byte) ([]TextItem, error) {
	var out []TextItem
	size := 0.0
	var tu turn
	for _, m := range textOps.FindAllSubmatchIndex(content, -1) {
		switch {
		case m[2] >= 0:
			size, _ = strconv.ParseFloat(string(content[m[2]:m[3]]), 64)
			continue
		case m[10] >= 0:
			a, errA := strconv.ParseFloat(string(content[m[10]:m[11]]), 64)
			b, errB := strconv.ParseFloat(string(content[m[12]:m[13]]), 64)
			if err := errors.Join(errA, errB); err != nil || tu.on {
				return nil, fmt.Errorf("%w: %q: a turn Items cannot follow (%v)", ErrText, content[m[0]:m[1]], err)
			}
			tu = turn{true, a, b}
			continue
		case m[14] >= 0:
			tu = turn{}
			continue
		}
		x, errX := strconv.ParseFloat(string(content[m[4]:m[5]]), 64)
		y, errY := strconv.ParseFloat(string(content[m[6]:m[7]]), 64)
		if err := errors.Join(errX, errY); err != nil {
			return nil, fmt.Errorf("%w: %q: %w", ErrText, content[m[0]:m[1]], err)
		}
		s, err := decode(content[m[8]:m[9]])
		if err != nil {
			return nil, err
		}
		x, y = tu.at(x, y)
		out = append(out, TextItem{X: x, Y: y, Size: size, Text: s, Turned: tu.on})
	}
	rest := textOps.ReplaceAll(content, nil)
	if loc := anyShow.FindIndex(rest); loc != nil {
		return nil, fmt.Errorf("%w: text shown other than by BT x y Td (...) Tj ET, near %q", ErrText, around(rest, loc[0]))
	}
	return out, nil
}

// Texts is the strings of items, in order.
func Texts(items []TextItem) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.Text
	}
	return out
}

// escapes maps the letter after a backslash in a PDF literal string to the
// byte it stands for; any other byte stands for itself.
var escapes = map[byte]byte{'n': '\n', 'r': '\r', 't': '\t', 'b': '\b', 'f': '\f'}

// decode undoes a literal's escapes and its UTF-16BE encoding.
func decode(lit []byte) (string, error) {
	raw := make([]byte, 0, len(lit))
	for i := 0; i < len(lit); i++ {
		c := lit[i]
		if c == '\\' && i+1 < len(lit) {
			i++
			c = lit[i]
			if e, ok := escapes[c]; ok {
				c = e
			} else if c >= '0' && c <= '7' {
				return "", fmt.Errorf("%w: octal escape in %q: fpdf writes none", ErrText, lit)
			}
		}
		raw = append(raw, c)
	}
	if len(raw)%2 != 0 {
		return "", fmt.Errorf("%w: literal %q has an odd byte count, want UTF-16BE", ErrText, lit)
	}
	u := make([]uint16, len(raw)/2)
	for i := range u {
		u[i] = uint16(raw[2*i])<<8 | uint16(raw[2*i+1])
	}
	return string(utf16.Decode(u)), nil
}

func around(b []byte, i int) []byte {
	return b[max(0, i-40):min(len(b), i+40)]
}

// configOnce keeps pdfcpu from creating its configuration directory under
// the user's home: reading needs none.
var configOnce sync.Once

// Strict is pdfcpu's configuration in strict validation mode.
func Strict() *model.Configuration {
	configOnce.Do(api.DisableConfigDir)
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationStrict
	return conf
}

// Open reads a PDF for its pages and validates it in pdfcpu's strict mode,
// the one print shops' checkers resemble, in one pass over the file.
func Open(pdf []byte) (*model.Context, error) {
	conf := Strict()
	conf.Cmd = model.VALIDATE
	ctx, err := api.ReadAndValidate(bytes.NewReader(pdf), conf)
	if err != nil {
		return nil, fmt.Errorf("pdfcpu strict validation: %w", err)
	}
	return ctx, nil
}

// PageContent is the decoded content stream of page n, counted from 1.
func PageContent(ctx *model.Context, n int) ([]byte, error) {
	r, err := pdfcpu.ExtractPageContent(ctx, n)
	if err != nil {
		return nil, fmt.Errorf("page %d: %w", n, err)
	}
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("page %d: %w", n, err)
	}
	return b, nil
}

// PageItems is Items of page n's content.
func PageItems(ctx *model.Context, n int) ([]TextItem, error) {
	content, err := PageContent(ctx, n)
	if err != nil {
		return nil, err
	}
	items, err := Items(content)
	if err != nil {
		return nil, fmt.Errorf("page %d: %w", n, err)
	}
	return items, nil
}

// Segment is a straight line a page strokes, in PDF points (y up).
type Segment struct {
	X1, Y1, X2, Y2 float64
	Width          float64
	Grey           float64 // 0 black to 1 white
}

// Fill is a rectangle a page fills, normalised to a positive width and
// height from its lower left corner (y up).
type Fill struct {
	X, Y, W, H float64
	Grey       float64
}

// The path operators Marks reads: fpdf strokes a line as "x y m x y l S",
// fills a rectangle as "x y w h re f", and sets the width and the greys
// with "w", "G" and "g"; q and Q save and restore them.
var pathOps = regexp.MustCompile(`(?m)^(?:([-0-9.]+) ([-0-9.]+) m ([-0-9.]+) ([-0-9.]+) l S|([-0-9.]+) ([-0-9.]+) ([-0-9.]+) ([-0-9.]+) re f|([0-9.]+) w|([0-9.]+) G|([0-9.]+) g|(q)|(Q)|q -1 0 0 -1 ([-0-9.]+) ([-0-9.]+) cm)$`)

// Marks lists the lines and filled rectangles a content stream draws in
// the forms fpdf writes them, with the width and grey each was drawn in.
func Marks(content []byte) ([]Segment, []Fill) {
	type state struct {
		w, stroke, fill float64
		turn            turn // a half turn, as Items follows it
	}
	st := state{w: 1}
	var saved []state
	var segs []Segment
	var fills []Fill
	num := func(m [][]byte, i int) float64 {
		v, _ := strconv.ParseFloat(string(m[i]), 64)
		return v
	}
	for _, m := range pathOps.FindAllSubmatch(content, -1) {
		switch {
		case m[1] != nil:
			x1, y1 := st.turn.at(num(m, 1), num(m, 2))
			x2, y2 := st.turn.at(num(m, 3), num(m, 4))
			segs = append(segs, Segment{x1, y1, x2, y2, st.w, st.stroke})
		case m[5] != nil:
			x, y, w, h := num(m, 5), num(m, 6), num(m, 7), num(m, 8)
			if st.turn.on {
				// Turned, the rectangle's far corner is its corner.
				x, y = st.turn.at(x+w, y+h)
			}
			if w < 0 {
				x, w = x+w, -w
			}
			if h < 0 {
				y, h = y+h, -h
			}
			fills = append(fills, Fill{x, y, w, h, st.fill})
		case m[14] != nil:
			saved = append(saved, st)
			st.turn = turn{true, num(m, 14), num(m, 15)}
		case m[9] != nil:
			st.w = num(m, 9)
		case m[10] != nil:
			st.stroke = num(m, 10)
		case m[11] != nil:
			st.fill = num(m, 11)
		case m[12] != nil:
			saved = append(saved, st)
		case m[13] != nil && len(saved) > 0:
			st, saved = saved[len(saved)-1], saved[:len(saved)-1]
		}
	}
	return segs, fills
}

// Disc is a filled circle a page draws: its centre and radius in PDF
// units (y up).
type Disc struct{ X, Y, R float64 }

// discOps finds a disc as the layout fills one: a move to its rightmost
// point, then four quarter-circle Béziers, the first ending at its top.
var discOps = regexp.MustCompile(`(?m)^([-0-9.]+) ([-0-9.]+) m\n[-0-9.]+ [-0-9.]+ [-0-9.]+ [-0-9.]+ ([-0-9.]+) ([-0-9.]+) c\n(?:[-0-9. ]+ c\n){2}[-0-9. ]+ c f$`)

// Discs lists the discs filled in a page's content stream.
func Discs(content []byte) []Disc {
	var out []Disc
	for _, m := range discOps.FindAllSubmatch(content, -1) {
		x, _ := strconv.ParseFloat(string(m[1]), 64)
		cx, _ := strconv.ParseFloat(string(m[3]), 64)
		top, _ := strconv.ParseFloat(string(m[4]), 64)
		r := x - cx
		out = append(out, Disc{cx, top - r, r})
	}
	return out
}

// Path is a closed path a page fills or strokes as the layout draws a
// grid's shapes (style.shapes): a move, then lines and cubic curves, one
// operator a line, closed by "h f" or "h S". Ops spells its operators
// ("mlll" for a four-sided figure, "mcccc" for a circle of four arcs);
// Pts holds every point in order, a curve's control points included, in
// PDF points (y up) on the page, a turned path's included.
type Path struct {
	Ops    string
	Pts    [][2]float64
	Fill   bool
	Turned bool
}

// pathShape finds such a path, and the half turn round it (as textOps).
var pathShape = regexp.MustCompile(`(?m)^[-0-9.]+ [-0-9.]+ m\n(?:[-0-9. ]+ [lc]\n)*h [fS]$|^q -1 0 0 -1 ([-0-9.]+) ([-0-9.]+) cm$|^(Q)$`)

// Paths lists the closed paths a content stream fills or strokes, in
// drawing order.
func Paths(content []byte) []Path {
	var out []Path
	var tu turn
	for _, m := range pathShape.FindAllSubmatchIndex(content, -1) {
		switch {
		case m[2] >= 0:
			a, _ := strconv.ParseFloat(string(content[m[2]:m[3]]), 64)
			b, _ := strconv.ParseFloat(string(content[m[4]:m[5]]), 64)
			tu = turn{true, a, b}
			continue
		case m[6] >= 0:
			tu = turn{}
			continue
		}
		p := Path{Turned: tu.on}
		for _, line := range bytes.Split(content[m[0]:m[1]], []byte("\n")) {
			f := bytes.Fields(line)
			op := string(f[len(f)-1])
			switch op {
			case "f", "S":
				p.Fill = op == "f"
				continue
			}
			p.Ops += op
			for i := 0; i+1 < len(f)-1; i += 2 {
				x, _ := strconv.ParseFloat(string(f[i]), 64)
				y, _ := strconv.ParseFloat(string(f[i+1]), 64)
				x, y = tu.at(x, y)
				p.Pts = append(p.Pts, [2]float64{x, y})
			}
		}
		out = append(out, p)
	}
	return out
}
