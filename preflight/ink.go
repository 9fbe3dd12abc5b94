package preflight

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// Without a manifest, check cannot know the margins a book was designed
// with, but it can measure how close the ink comes to each edge of the
// trim, which is what a printer's minimum protects. The scanner keeps,
// for every page, the box holding every mark it paints: paths (stroke
// half-width included), images, and text, whose extent comes from the
// box of each glyph shown where the file embeds a font program it can be
// read from (glyphbox.go), and otherwise from the font's widths (the W
// array of a composite font, Widths of a simple one) and its Ascent and
// Descent. A font whose widths the file does not give
// (a standard 14 font without Widths) leaves the text's length unknown:
// the top and bottom are still measured, the sides are not, and the rule
// says so.

// inkState is what the ink measure follows inside one content stream: the
// current path's box and the text state.
type inkState struct {
	path             Box
	hasPath          bool
	tm, tlm          matrix
	lead, cs, ws, hz float64 // TL, Tc, Tw, and Tz as a fraction
}

func newInkState() inkState { return inkState{tm: identity, tlm: identity, hz: 1} }

// widths is what the ink measure knows of a font.
type widths struct {
	name         string
	twoByte      bool
	w            map[int]float64 // by code, in 1/1000 em
	dw           float64         // width of a code not in w; <0: unknown
	ascent, desc float64         // in 1/1000 em; desc negative
	first, last  int             // simple fonts: the codes Widths covers
	known        bool
	glyphs       *glyphBoxes // each glyph's own box, when the file says; nil: ascent and descent
}

// inkBox is a page's ink box, and whether the page has any ink. The
// scanner keeps one a page in a slice, 40 bytes a page where a map of
// boxes took about 100.
type inkBox struct {
	Box
	ok bool
}

// inkOn is page's ink box, nil for a page without ink.
func (s *scanner) inkOn(page int) *Box {
	if page < 1 || page > len(s.ink) || !s.ink[page-1].ok {
		return nil
	}
	return &s.ink[page-1].Box
}

// addInk grows page's ink box by the points (x, y) of user space under m.
func (s *scanner) addInk(m matrix, pad float64, pts ...float64) {
	if s.page < 1 || len(pts) < 2 {
		return
	}
	if s.page > len(s.ink) {
		s.ink = append(s.ink, make([]inkBox, s.page-len(s.ink))...)
	}
	b := &s.ink[s.page-1]
	for i := 0; i+1 < len(pts); i += 2 {
		x := m[0]*pts[i] + m[2]*pts[i+1] + m[4]
		y := m[1]*pts[i] + m[3]*pts[i+1] + m[5]
		if !b.ok {
			b.Box, b.ok = Box{x, y, x, y}, true
		}
		b.X0, b.Y0 = math.Min(b.X0, x-pad), math.Min(b.Y0, y-pad)
		b.X1, b.Y1 = math.Max(b.X1, x+pad), math.Max(b.Y1, y+pad)
	}
}

// inkOp follows one operator for the ink measure.
func (s *scanner) inkOp(op string, args []types.Object, v []float64, g gstate, st *inkState, res types.Dict) error {
	pathPoint := func(x, y float64) {
		if !st.hasPath {
			st.path, st.hasPath = Box{x, y, x, y}, true
			return
		}
		st.path.X0, st.path.Y0 = math.Min(st.path.X0, x), math.Min(st.path.Y0, y)
		st.path.X1, st.path.Y1 = math.Max(st.path.X1, x), math.Max(st.path.Y1, y)
	}
	// Paths are kept in the user space they were built in; the box is
	// taken through the CTM when painted (the CTM cannot change between).
	paint := func(stroke bool) {
		if st.hasPath {
			pad := 0.0
			if stroke {
				pad = g.lineWidth * g.ctm.minScale() / 2
			}
			p := st.path
			s.addInk(g.ctm, pad, p.X0, p.Y0, p.X1, p.Y0, p.X0, p.Y1, p.X1, p.Y1)
		}
		st.hasPath = false
	}
	switch op {
	case "m", "l":
		if len(v) == 2 {
			pathPoint(v[0], v[1])
		}
	case "c", "v", "y":
		for i := 0; i+1 < len(v); i += 2 {
			pathPoint(v[i], v[i+1])
		}
	case "re":
		if len(v) == 4 {
			pathPoint(v[0], v[1])
			pathPoint(v[0]+v[2], v[1]+v[3])
		}
	case "S", "s":
		paint(true)
	case "f", "F", "f*":
		paint(false)
	case "B", "B*", "b", "b*":
		paint(true)
	case "n":
		st.hasPath = false
	case "BI":
		s.addInk(g.ctm, 0, 0, 0, 1, 0, 0, 1, 1, 1)
	case "Do":
		if len(args) == 1 {
			if name, ok := args[0].(types.Name); ok {
				o, err := s.resource(res, "XObject", string(name))
				if err != nil {
					return err
				}
				if sd, _, err := s.x.DereferenceStreamDict(o); err == nil && sd != nil {
					if st := sd.Subtype(); st != nil && *st == "Image" {
						s.addInk(g.ctm, 0, 0, 0, 1, 0, 0, 1, 1, 1)
					}
				}
			}
		}
	case "sh":
		s.inkUnknown("a shading fills an area the file does not bound")

	case "BT":
		st.tm, st.tlm = identity, identity
	case "Tm":
		if m, ok := toMatrix(v); ok {
			st.tm, st.tlm = m, m
		}
	case "Td", "TD":
		if len(v) == 2 {
			st.tlm = matrix{1, 0, 0, 1, v[0], v[1]}.then(st.tlm)
			st.tm = st.tlm
			if op == "TD" {
				st.lead = -v[1]
			}
		}
	case "T*":
		st.tlm = matrix{1, 0, 0, 1, 0, -st.lead}.then(st.tlm)
		st.tm = st.tlm
	case "TL":
		if len(v) == 1 {
			st.lead = v[0]
		}
	case "Tc":
		if len(v) == 1 {
			st.cs = v[0]
		}
	case "Tw":
		if len(v) == 1 {
			st.ws = v[0]
		}
	case "Tz":
		if len(v) == 1 {
			st.hz = v[0] / 100
		}
	case "'", "\"":
		if op == "\"" && len(v) >= 2 {
			st.ws, st.cs = v[0], v[1]
		}
		st.tlm = matrix{1, 0, 0, 1, 0, -st.lead}.then(st.tlm)
		st.tm = st.tlm
		if len(args) > 0 { // a bare ' or " shows nothing (and must not panic)
			s.showInk(g, st, args[len(args)-1:])
		}
	case "Tj":
		s.showInk(g, st, args)
	case "TJ":
		if len(args) == 1 {
			if arr, ok := args[0].(types.Array); ok {
				s.showInk(g, st, arr)
			}
		}
	}
	return nil
}

// showInk adds the box of the strings shown (and the positioning numbers
// of a TJ array between them) and moves the text matrix past them.
func (s *scanner) showInk(g gstate, st *inkState, items []types.Object) {
	if g.font == nil {
		return
	}
	fw := s.fontWidths(g.font)
	size := g.fontSize
	for _, it := range items {
		if n, ok := number(it); ok {
			st.tm = matrix{1, 0, 0, 1, -n / 1000 * size * st.hz, 0}.then(st.tm)
			continue
		}
		b, ok := stringBytes(it)
		if !ok || len(b) == 0 {
			continue
		}
		mode := g.textMode
		visible := mode != 3 && mode != 7
		m := st.tm.then(g.ctm)
		w := 0.0
		step := 1
		if fw.twoByte {
			step = 2
		}
		for i := 0; i+step <= len(b); i += step {
			code := int(b[i])
			if step == 2 {
				code = code<<8 | int(b[i+1])
			}
			if visible && fw.known && fw.glyphs != nil {
				if x0, y0, x1, y1, ok := fw.glyphs.box(code); ok {
					k := size / 1000
					s.addInk(m, 0, w+x0*k*st.hz, y0*k, w+x1*k*st.hz, y0*k, w+x0*k*st.hz, y1*k, w+x1*k*st.hz, y1*k)
				}
			}
			gw, ok := fw.w[code]
			if !ok {
				gw = fw.dw
			}
			w += (gw/1000*size + st.cs) * st.hz
			if step == 1 && code == 32 {
				w += st.ws * st.hz
			}
		}
		if visible {
			top, bottom := fw.ascent/1000*size, fw.desc/1000*size
			if fw.known {
				if fw.glyphs == nil {
					s.addInk(m, 0, 0, bottom, w, bottom, 0, top, w, top)
				}
				if s.keepStarts {
					// Where the string's baseline ends; the font's ascent
					// and descent are a box for the whole font, looser than
					// any one string's ink, so the cover's rule judges the
					// baseline from start to end.
					s.starts = append(s.starts, segment{point{m[4], m[5]}, point{m[0]*w + m[4], m[1]*w + m[5]}})
				}
			} else {
				// The length is unknown: the start and the height are not.
				s.addInk(m, 0, 0, bottom, 0, top)
				s.inkUnknown("text in " + fw.name + ", whose widths the file does not give")
			}
		}
		st.tm = matrix{1, 0, 0, 1, w, 0}.then(st.tm)
	}
}

func (s *scanner) inkUnknown(why string) {
	if s.inkGaps == nil {
		s.inkGaps = map[string]bool{}
	}
	s.inkGaps[why] = true
}

// fontWidths reads (once) what the ink measure needs of a font.
func (s *scanner) fontWidths(o types.Object) *widths {
	if s.widths == nil {
		s.widths = map[int]*widths{}
	}
	num := objNum(o)
	if fw, ok := s.widths[num]; ok && num != 0 {
		return fw
	}
	fw := &widths{w: map[int]float64{}, ascent: 800, desc: -200}
	if num != 0 {
		s.widths[num] = fw
	}
	d, err := s.x.DereferenceDict(o)
	if err != nil || d == nil {
		return fw
	}
	if n, ok := d["BaseFont"].(types.Name); ok {
		fw.name = string(n)
	}
	descriptor := func(fd types.Object) {
		dd, err := s.x.DereferenceDict(fd)
		if err != nil || dd == nil {
			return
		}
		if a, ok := s.num(dd["Ascent"]); ok && a > 0 {
			fw.ascent = a
		}
		if de, ok := s.num(dd["Descent"]); ok && de < 0 {
			fw.desc = de
		}
	}
	if sub, _ := d["Subtype"].(types.Name); sub == "Type0" {
		fw.twoByte = true
		cid := s.descendant(d)
		if cid == nil {
			return fw
		}
		descriptor(cid["FontDescriptor"])
		fw.glyphs = s.readGlyphBoxes(d, cid)
		fw.dw = 1000
		if dw, ok := s.num(cid["DW"]); ok {
			fw.dw = dw
		}
		arr, err := s.x.DereferenceArray(cid["W"])
		if err != nil {
			return fw
		}
		// W holds runs "c [w1 w2 ...]" and "cfirst clast w".
		for i := 0; i < len(arr); {
			c, ok := s.num(arr[i])
			if !ok || i+1 >= len(arr) {
				break
			}
			if ws, err := s.x.DereferenceArray(arr[i+1]); err == nil && ws != nil {
				for k, wo := range ws {
					if wv, ok := s.num(wo); ok {
						fw.w[int(c)+k] = wv
					}
				}
				i += 2
				continue
			}
			last, ok1 := s.num(arr[i+1])
			if i+2 >= len(arr) || !ok1 {
				break
			}
			wv, _ := s.num(arr[i+2])
			for k := int(c); k <= int(last) && k-int(c) < 1<<16; k++ {
				fw.w[k] = wv
			}
			i += 3
		}
		fw.known = true
		return fw
	}
	descriptor(d["FontDescriptor"])
	ws, err := s.x.DereferenceArray(d["Widths"])
	first, ok := s.num(d["FirstChar"])
	if err != nil || ws == nil || !ok {
		return fw // a standard 14 font, or a broken one: widths unknown
	}
	for k, wo := range ws {
		if wv, ok := s.num(wo); ok {
			fw.w[int(first)+k] = wv
		}
	}
	fw.dw = 0
	if dd, err := s.x.DereferenceDict(d["FontDescriptor"]); err == nil && dd != nil {
		if mw, ok := s.num(dd["MissingWidth"]); ok {
			fw.dw = mw
		}
	}
	fw.known = true
	return fw
}

// num reads a number, through an indirect reference if need be.
func (s *scanner) num(o types.Object) (float64, bool) {
	o, err := s.x.Dereference(o)
	if err != nil {
		return 0, false
	}
	return number(o)
}

// inkSlack is how far ink may seem to cross a margin through rounding: a
// writer prints coordinates to 0.01pt and line widths to 0.001pt, so a
// frame drawn to end on the margin can measure a few thousandths over.
const inkSlack = 0.05 // points

// clearance is the least clear space between the ink and each side of
// the trim over every page that has ink ("gutter", "outside", "top",
// "bottom"), the page where it is least, and why the sides could not be
// measured, if they could not.
type clearance struct {
	least map[string]float64
	where map[string]int
	gaps  []string
}

// sides lists the sides measured: all four, or top and bottom alone when
// some text's length is unknown.
func (cl clearance) sides() []string {
	if len(cl.gaps) > 0 {
		return []string{"top", "bottom"}
	}
	return []string{"gutter", "outside", "top", "bottom"}
}

// inkClearance measures the clear space, with the inside and outside
// swapped on left-hand (even) pages.
func (c checker) inkClearance(m marks) (clearance, error) {
	cl := clearance{least: map[string]float64{}, where: map[string]int{}}
	if m.scanErr != nil {
		return cl, m.scanErr
	}
	err := c.doc.eachPageBoxes(func(b PageBoxes) {
		ink := m.scan.inkOn(b.Page)
		if ink == nil {
			return
		}
		trim := b.Trim
		if trim.IsZero() {
			trim = b.Media
		}
		left, right := ink.X0-trim.X0, trim.X1-ink.X1
		inside, outside := left, right
		if b.Page%2 == 0 {
			inside, outside = right, left
		}
		for side, v := range map[string]float64{"gutter": inside, "outside": outside, "top": trim.Y1 - ink.Y1, "bottom": ink.Y0 - trim.Y0} {
			if old, ok := cl.least[side]; !ok || v < old {
				cl.least[side], cl.where[side] = v, b.Page
			}
		}
	})
	if err != nil {
		return cl, err
	}
	for g := range m.scan.inkGaps {
		cl.gaps = append(cl.gaps, g)
	}
	sort.Strings(cl.gaps)
	return cl, nil
}

// need is the printer's least margin on a side.
func (c checker) need(side string) float64 {
	if side == "gutter" {
		return c.p.MinGutter(c.pages())
	}
	return c.p.MinMargin(c.e.Bleed)
}

// inkTooClose lists the measured sides where the ink comes closer to the
// trim than the printer allows, as "gutter 0.125 in on page 3".
func (c checker) inkTooClose(cl clearance) []string {
	var out []string
	for _, side := range cl.sides() {
		if v, ok := cl.least[side]; ok && v < c.need(side)-inkSlack {
			out = append(out, fmt.Sprintf("%s %s in on page %d", side, in3(v), cl.where[side]))
		}
	}
	return out
}

// inkMargins judges the margins from the ink when the caller gives none.
// Sides it cannot measure are named, and fail.
func (c checker) inkMargins(m marks) Rule {
	cl, err := c.inkClearance(m)
	if err != nil {
		return c.rule(RuleMargins, false, "no manifest, and the content cannot be measured: "+err.Error())
	}
	if len(cl.least) == 0 {
		return c.rule(RuleMargins, false, "no manifest, and no page has any ink to measure")
	}
	var parts []string
	for _, side := range cl.sides() {
		parts = append(parts, fmt.Sprintf("%s %s in", side, in3(cl.least[side])))
	}
	msg := "no manifest; clear space from the ink to the trim: " + strings.Join(parts, ", ")
	short := c.inkTooClose(cl)
	if len(short) > 0 {
		msg += " (too small: " + strings.Join(short, ", ") + ")"
	}
	if len(cl.gaps) > 0 {
		msg += "; gutter and outside not measured: " + strings.Join(cl.gaps, "; ")
	}
	return c.rule(RuleMargins, len(short) == 0 && len(cl.gaps) == 0, msg)
}
