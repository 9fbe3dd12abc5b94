package preflight

import (
	"fmt"
	"math"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// The scanner plays a page's content stream the way a printer would, but
// instead of drawing it keeps three things: the smallest text it shows
// (font size through the text and current matrices), the thinnest line it
// strokes (line width through the current matrix, plus filled rectangles
// thin enough to be rules), and every mark painted in a colour that is not
// grey. Form XObjects and coloured tiling patterns are played inside the
// page that uses them.
//
// Only the operators that change those three are followed: q/Q, cm, w, gs,
// the path painters, re, the colour operators, BT, Tm, Tf, Tr, the text
// showers, Do, BI and sh, and Td for where each line of text starts (the
// cover's safe area). Path points are not needed: sizes depend only on
// the linear part of the matrices.

const maxFormDepth = 16

// matrix is a PDF transformation [a b c d e f]; a point (x, y) maps to
// (a*x + c*y + e, b*x + d*y + f).
type matrix [6]float64

var identity = matrix{1, 0, 0, 1, 0, 0}

// then returns the transformation m followed by n, which is how PDF
// composes: "cm" sets CTM to M.then(CTM).
func (m matrix) then(n matrix) matrix {
	return matrix{
		m[0]*n[0] + m[1]*n[2],
		m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2],
		m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4],
		m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

// yScale is how long a unit up the y axis becomes: the factor on a font's
// size, whose glyphs are measured along y.
func (m matrix) yScale() float64 { return math.Hypot(m[2], m[3]) }

// minScale is the least a unit length becomes in any direction (the
// smaller singular value). A line drawn across the squeezed direction is
// this much thinner, so it is the factor on a line width.
func (m matrix) minScale() float64 {
	s := m[0]*m[0] + m[1]*m[1] + m[2]*m[2] + m[3]*m[3]
	det := math.Abs(m[0]*m[3] - m[1]*m[2])
	disc := math.Sqrt(math.Max(0, s*s-4*det*det))
	return math.Sqrt(math.Max(0, (s-disc)/2))
}

// paint is a fill or stroke colour: components in a space, or a pattern.
type paint struct {
	sp      *space
	c       []float64
	pattern types.Object // the pattern resource (unresolved), for Pattern spaces
}

var black = paint{sp: deviceGray, c: []float64{0}}

type gstate struct {
	ctm          matrix
	lineWidth    float64
	fontSize     float64
	font         types.Object // the font resource Tf chose, unresolved
	textMode     int
	fill, stroke paint
}

// startState is the graphics state a page, or a coloured pattern's cell,
// begins in: black ink and 1pt lines under the transformation ctm.
func startState(ctm matrix) gstate {
	return gstate{ctm: ctm, lineWidth: 1, fill: black, stroke: black}
}

// smallest remembers the least of a measure and where it was seen.
type smallest struct {
	pt   float64
	page int
	what string
	seen bool
}

func (m *smallest) note(pt float64, page int, what string) {
	if !m.seen || pt < m.pt {
		*m = smallest{pt: pt, page: page, what: what, seen: true}
	}
}

type scanner struct {
	x    objects
	page int

	open     map[int]bool   // forms and patterns being played, against cycles
	patterns map[int]bool   // coloured tiling patterns already played on this page
	decoded  map[int][]byte // form and pattern contents by object number

	text, line smallest
	colour     colourHits
	ops        int        // operators played so far, against limits.ops
	played     int64      // content bytes played so far, against limits.content
	limits     workLimits // MaxOperators and MaxContentBytes, or a test's
	// lastPage is the page content stream decoded last, by object
	// number: pages that share one stream decode it once.
	lastPage struct {
		num     int
		content []byte
	}
	glyphs glyphRecord

	// For the cover's checks: where each string starts and, when its
	// font's widths are known, where its baseline ends (see showInk);
	// kept only when keepStarts is set, as an interior's millions of
	// strings need no list. And the least resolution an image is printed
	// at.
	keepStarts bool
	starts     []segment
	dpi        smallest

	ink     []inkBox        // by page (index page-1): the box of every mark, in default user space
	inkGaps map[string]bool // why the ink's sides cannot be measured
	widths  map[int]*widths // fonts read for the ink measure, by object number
}

// point is a position in a page's default user space (points, y up).
type point struct{ x, y float64 }

// segment is a line of text's baseline from start to end (end == start
// when its font's widths are unknown).
type segment struct{ start, end point }

func newScanner(x objects) *scanner {
	return &scanner{x: x, open: map[int]bool{}, decoded: map[int][]byte{}, limits: workLimits{}.orDefaults()}
}

// scanPage plays page n's content.
func (s *scanner) scanPage(n int, pageDict, res types.Dict) error {
	s.page = n
	s.patterns = map[int]bool{}
	content, err := s.pageContent(pageDict)
	if err != nil {
		return fmt.Errorf("page %d: %w", n, err)
	}
	if err := s.play(content, res, startState(identity), 0); err != nil {
		return fmt.Errorf("page %d: %w", n, err)
	}
	return nil
}

// pageContent joins a page's content streams. A line break goes between
// them because a writer may end one stream right after an operator.
func (s *scanner) pageContent(pageDict types.Dict) ([]byte, error) {
	num := objNum(pageDict["Contents"])
	if num != 0 && num == s.lastPage.num {
		return s.lastPage.content, nil
	}
	o, err := s.x.Dereference(pageDict["Contents"])
	if err != nil || o == nil {
		return nil, err
	}
	var parts []types.Object
	switch o := o.(type) {
	case types.StreamDict:
		parts = []types.Object{o}
	case types.Array:
		parts = o
	default:
		return nil, fmt.Errorf("%w: Contents is a %T", ErrContent, o)
	}
	var out []byte
	for _, p := range parts {
		sd, _, err := s.x.DereferenceStreamDict(p)
		if err != nil {
			return nil, err
		}
		if sd == nil {
			continue
		}
		if err := decode(sd); err != nil {
			return nil, fmt.Errorf("decode content: %w", err)
		}
		out = append(out, sd.Content...)
		out = append(out, '\n')
		// A page may list one stream many times: its content is bounded
		// as one stream is, before it is all held.
		if len(out) > MaxStreamBytes {
			return nil, fmt.Errorf("%w: the page's content streams join to more than %d MiB", ErrLimit, MaxStreamBytes>>20)
		}
	}
	if num != 0 {
		s.lastPage.num, s.lastPage.content = num, out
	}
	return out, nil
}

// resource returns entry name of the category dictionary (Font, XObject,
// ColorSpace, ...) in res, unresolved so callers can see its object
// number; nil when absent.
func (s *scanner) resource(res types.Dict, category, name string) (types.Object, error) {
	if res == nil {
		return nil, nil
	}
	d, err := s.x.DereferenceDict(res[category])
	if err != nil || d == nil {
		return nil, err
	}
	return d[name], nil
}

func objNum(o types.Object) int {
	if r, ok := o.(types.IndirectRef); ok {
		return r.ObjectNumber.Value()
	}
	return 0
}

func number(o types.Object) (float64, bool) {
	switch v := o.(type) {
	case types.Float:
		return float64(v), true
	case types.Integer:
		return float64(v), true
	}
	return 0, false
}

// numbers returns the leading numeric operands.
func nums(args []types.Object) []float64 {
	out := make([]float64, 0, len(args))
	for _, a := range args {
		v, ok := number(a)
		if !ok {
			break
		}
		out = append(out, v)
	}
	return out
}

func toMatrix(v []float64) (matrix, bool) {
	if len(v) != 6 {
		return matrix{}, false
	}
	return matrix(v), true
}

// matrixEntry reads the Matrix of a form or a pattern; ok is false when
// it has none, or none that reads as six numbers.
func (s *scanner) matrixEntry(d types.Dict) (m matrix, ok bool) {
	arr, err := s.x.DereferenceArray(d["Matrix"])
	if err != nil || arr == nil {
		return matrix{}, false
	}
	return toMatrix(nums(arr))
}

// rect is a rectangle of the current path, its sides as drawn on the page.
type rect struct{ a, b float64 }

// A filled rectangle counts as a rule, and so as a line, when it is at least
// this many times longer than it is thick.
const ruleAspect = 4

// play interprets content with resources res starting from state g.
func (s *scanner) play(content []byte, res types.Dict, g gstate, depth int) error {
	var (
		stack []gstate
		tm    = identity
		rects []rect
		ink   = newInkState()
	)
	fill := func() {
		for _, r := range rects {
			thin, long := math.Min(r.a, r.b), math.Max(r.a, r.b)
			if thin > 0 && long >= ruleAspect*thin {
				s.line.note(thin, s.page, "filled rule")
			}
		}
	}
	stroke := func() {
		s.line.note(g.lineWidth*g.ctm.minScale(), s.page, "stroke")
	}
	if s.played += int64(len(content)); s.played > s.limits.content {
		return fmt.Errorf("%w: too much work: more than %d MiB of content played (a stream is counted each time a page or form draws it)", ErrLimit, s.limits.content>>20)
	}
	return parseContent(content, func(op string, args []types.Object) error {
		if s.ops++; s.ops > s.limits.ops {
			return fmt.Errorf("%w: more than %d drawing operations", ErrLimit, s.limits.ops)
		}
		v := nums(args)
		if err := s.inkOp(op, args, v, g, &ink, res); err != nil {
			return err
		}
		switch op {
		case "q":
			stack = append(stack, g)
		case "Q":
			if len(stack) > 0 {
				g = stack[len(stack)-1]
				stack = stack[:len(stack)-1]
			}
		case "cm":
			if m, ok := toMatrix(v); ok {
				g.ctm = m.then(g.ctm)
			}
		case "w":
			if len(v) == 1 {
				g.lineWidth = v[0]
			}
		case "gs":
			return s.extGState(args, res, &g)

		case "re":
			if len(v) == 4 {
				rects = append(rects, rect{
					a: math.Abs(v[2]) * math.Hypot(g.ctm[0], g.ctm[1]),
					b: math.Abs(v[3]) * math.Hypot(g.ctm[2], g.ctm[3]),
				})
			}
		case "S", "s":
			stroke()
			s.checkPaint(g.stroke, res, "stroke")
			rects = rects[:0]
		case "f", "F", "f*":
			fill()
			s.checkPaint(g.fill, res, "fill")
			rects = rects[:0]
		case "B", "B*", "b", "b*":
			stroke()
			fill()
			s.checkPaint(g.stroke, res, "stroke")
			s.checkPaint(g.fill, res, "fill")
			rects = rects[:0]
		case "n":
			rects = rects[:0]

		case "g", "rg", "k", "G", "RG", "K":
			p := paint{sp: opSpaces[op], c: append([]float64(nil), v...)}
			if op[0] >= 'a' {
				g.fill = p
			} else {
				g.stroke = p
			}
		case "cs", "CS":
			if len(args) != 1 {
				return fmt.Errorf("%w: %s takes one operand", ErrContent, op)
			}
			sp, err := s.colourSpace(args[0], res, 0)
			if err != nil {
				return err
			}
			p := paint{sp: sp, c: sp.initial()}
			if op == "cs" {
				g.fill = p
			} else {
				g.stroke = p
			}
		case "sc", "scn", "SC", "SCN":
			p := &g.fill
			if op[0] == 'S' {
				p = &g.stroke
			}
			p.c = append([]float64(nil), v...)
			p.pattern = nil
			if len(args) > 0 {
				if name, ok := args[len(args)-1].(types.Name); ok {
					pat, err := s.resource(res, "Pattern", string(name))
					if err != nil {
						return err
					}
					if pat == nil {
						return fmt.Errorf("%w: pattern /%s not in the resources", ErrContent, name)
					}
					p.pattern = pat
				}
			}

		case "BT":
			tm = identity
		case "Tm":
			if m, ok := toMatrix(v); ok {
				tm = m
			}
		case "Td", "TD":
			// A new line's start, for the cover's text positions. The
			// shown strings' advances are not tracked, so the matrix
			// stays at the line's start, which is what is recorded.
			if len(v) == 2 {
				tm = matrix{1, 0, 0, 1, v[0], v[1]}.then(tm)
			}
		case "Tf":
			if len(args) == 2 {
				if size, ok := number(args[1]); ok {
					g.fontSize = size
				}
				if name, ok := args[0].(types.Name); ok {
					f, err := s.resource(res, "Font", string(name))
					if err != nil {
						return err
					}
					g.font = f
				}
			}
		case "Tr":
			if len(v) == 1 {
				g.textMode = int(v[0])
			}
		case "Tj", "TJ", "'", "\"":
			s.showText(g, tm, res)
			s.showGlyphs(g.font, op, args)

		case "Do":
			if len(args) != 1 {
				return fmt.Errorf("%w: Do takes one operand", ErrContent)
			}
			name, _ := args[0].(types.Name)
			return s.xObject(string(name), res, g, depth)
		case "BI":
			d, _ := args[0].(types.Dict)
			return s.image(d, res, g, "inline image")
		case "sh":
			if len(args) != 1 {
				return fmt.Errorf("%w: sh takes one operand", ErrContent)
			}
			name, _ := args[0].(types.Name)
			sh, err := s.resource(res, "Shading", string(name))
			if err != nil {
				return err
			}
			return s.shading(sh, res)
		}
		return nil
	})
}

// opSpaces are the colour spaces the device colour operators set: lower
// case for filling, upper case for stroking.
var opSpaces = map[string]*space{
	"g": deviceGray, "G": deviceGray,
	"rg": deviceRGB, "RG": deviceRGB,
	"k": deviceCMYK, "K": deviceCMYK,
}

// showText notes the size and colour of text being shown. Invisible text
// (render modes 3 and 7, the layer OCR puts under a scan) is not printed.
func (s *scanner) showText(g gstate, tm matrix, res types.Dict) {
	mode := g.textMode
	if mode == 3 || mode == 7 {
		return
	}
	at := tm.then(g.ctm)
	size := math.Abs(g.fontSize) * at.yScale()
	s.text.note(size, s.page, "text")
	if s.keepStarts && (g.font == nil || !s.fontWidths(g.font).known) {
		// showInk records the baseline of text whose widths are known.
		p := point{at[4], at[5]}
		s.starts = append(s.starts, segment{p, p})
	}
	if mode == 0 || mode == 2 || mode == 4 || mode == 6 {
		s.checkPaint(g.fill, res, "text")
	}
	if mode == 1 || mode == 2 || mode == 5 || mode == 6 {
		s.checkPaint(g.stroke, res, "text outline")
	}
}

// extGState applies the parts of a graphics state dictionary that matter
// here: its line width and its font size.
func (s *scanner) extGState(args []types.Object, res types.Dict, g *gstate) error {
	if len(args) != 1 {
		return fmt.Errorf("%w: gs takes one operand", ErrContent)
	}
	name, _ := args[0].(types.Name)
	o, err := s.resource(res, "ExtGState", string(name))
	if err != nil {
		return err
	}
	d, err := s.x.DereferenceDict(o)
	if err != nil || d == nil {
		return err
	}
	if lw, err := s.x.Dereference(d["LW"]); err == nil {
		if v, ok := number(lw); ok {
			g.lineWidth = v
		}
	}
	if f, err := s.x.DereferenceArray(d["Font"]); err == nil && len(f) == 2 {
		if v, ok := number(f[1]); ok {
			g.fontSize = v
		}
	}
	return nil
}

// checkPaint records p as a colour hit when it is not grey.
func (s *scanner) checkPaint(p paint, res types.Dict, what string) {
	if p.sp.family != "Pattern" {
		if d := p.sp.notGrey(p.c); d != "" {
			s.colour.add(s.page, what+" in "+d)
		}
		return
	}
	if err := s.patternPaint(p, res, what); err != nil {
		s.colour.add(s.page, fmt.Sprintf("%s in a pattern that cannot be read (%v)", what, err))
	}
}

// patternPaint judges painting with a pattern: a shading pattern by its
// colour space, an uncoloured tiling pattern by the colour given with it,
// and a coloured tiling pattern by playing its cell once per page.
func (s *scanner) patternPaint(p paint, res types.Dict, what string) error {
	o, err := s.x.Dereference(p.pattern)
	if err != nil {
		return err
	}
	switch o := o.(type) {
	case types.Dict: // shading pattern
		return s.shading(o["Shading"], res)
	case types.StreamDict: // tiling pattern
		if pt := o.Dict.IntEntry("PaintType"); pt != nil && *pt == 2 {
			if p.sp.base == nil {
				return fmt.Errorf("%w: uncoloured pattern without a base colour space", ErrContent)
			}
			if d := p.sp.base.notGrey(p.c); d != "" {
				s.colour.add(s.page, what+" in a pattern of "+d)
			}
			return nil
		}
		num := objNum(p.pattern)
		if num != 0 && s.patterns[num] {
			return nil
		}
		if num != 0 {
			s.patterns[num] = true
		}
		m, ok := s.matrixEntry(o.Dict)
		if !ok {
			m = identity
		}
		return s.form(p.pattern, o, res, startState(m), 0)
	case nil:
		return fmt.Errorf("%w: missing pattern", ErrContent)
	}
	return fmt.Errorf("%w: pattern is a %T", ErrContent, o)
}

// shading judges a shading by its colour space; its colours are computed
// by functions we do not evaluate, so any colour space that can hold colour
// counts as colour.
func (s *scanner) shading(o types.Object, res types.Dict) error {
	o, err := s.x.Dereference(o)
	if err != nil {
		return err
	}
	var d types.Dict
	switch o := o.(type) {
	case types.Dict:
		d = o
	case types.StreamDict:
		d = o.Dict
	default:
		return fmt.Errorf("%w: shading is a %T", ErrContent, o)
	}
	sp, err := s.colourSpace(d["ColorSpace"], res, 0)
	if err != nil {
		return err
	}
	if w := sp.wholeNotGrey(); w != "" {
		s.colour.add(s.page, "shading in "+w)
	}
	return nil
}

// xObject draws the XObject called name: an image is judged by its colour
// space, a form is played.
func (s *scanner) xObject(name string, res types.Dict, g gstate, depth int) error {
	ref, err := s.resource(res, "XObject", name)
	if err != nil {
		return err
	}
	if ref == nil {
		return fmt.Errorf("%w: XObject /%s not in the resources", ErrContent, name)
	}
	sd, _, err := s.x.DereferenceStreamDict(ref)
	if err != nil {
		return err
	}
	if sd == nil {
		return fmt.Errorf("%w: XObject /%s is missing from the file", ErrContent, name)
	}
	switch st := sd.Dict.Subtype(); {
	case st != nil && *st == "Image":
		return s.image(sd.Dict, res, g, "image /"+name)
	case st != nil && *st == "Form":
		if depth >= maxFormDepth {
			return fmt.Errorf("%w: forms nest deeper than %d", ErrContent, maxFormDepth)
		}
		if m, ok := s.matrixEntry(sd.Dict); ok {
			g.ctm = m.then(g.ctm)
		}
		return s.form(ref, *sd, res, g, depth+1)
	}
	return nil // PostScript XObjects print nothing on a PDF device
}

// form plays a form's or a tiling pattern's content with its own resources
// (or the caller's, as old files expect).
func (s *scanner) form(ref types.Object, sd types.StreamDict, res types.Dict, g gstate, depth int) error {
	num := objNum(ref)
	if num != 0 {
		if s.open[num] {
			return fmt.Errorf("%w: object %d draws itself", ErrContent, num)
		}
		s.open[num] = true
		defer delete(s.open, num)
	}
	content, ok := s.decoded[num]
	if !ok || num == 0 {
		if err := decode(&sd); err != nil {
			return fmt.Errorf("decode form: %w", err)
		}
		content = sd.Content
		if num != 0 {
			s.decoded[num] = content
		}
	}
	own, err := s.x.DereferenceDict(sd.Dict["Resources"])
	if err != nil {
		return err
	}
	if own != nil {
		res = own
	}
	return s.play(content, res, g, depth)
}

// image judges an image dictionary (an XObject's or an inline one's). A
// stencil mask paints in the fill colour; other images by their colour
// space.
func (s *scanner) image(d types.Dict, res types.Dict, g gstate, what string) error {
	// An image fills the unit square of the CTM: its printed width is the
	// length the CTM gives the unit x side.
	if px, ok := number(d["Width"]); ok {
		if w := math.Hypot(g.ctm[0], g.ctm[1]); w > 0 {
			s.dpi.note(px/(w/72), s.page, what)
		}
	}
	if m, err := s.x.Dereference(d["ImageMask"]); err == nil {
		if b, ok := m.(types.Boolean); ok && bool(b) {
			s.checkPaint(g.fill, res, what+" (stencil mask)")
			return nil
		}
	}
	cs := d["ColorSpace"]
	if cs == nil {
		// Only JPEG 2000 images may leave their colour space inside the
		// data, where we do not look.
		s.colour.add(s.page, what+" with its colour space inside JPEG 2000 data")
		return nil
	}
	sp, err := s.colourSpace(cs, res, 0)
	if err != nil {
		return err
	}
	if w := sp.wholeNotGrey(); w != "" {
		s.colour.add(s.page, what+" in "+w)
	}
	return nil
}
