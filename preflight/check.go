package preflight

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

var (
	ErrNoPDF      = errors.New("no PDF given")
	ErrPrinter    = errors.New("unknown printer")
	ErrExpect     = errors.New("bad expectation")
	ErrUnreadable = errors.New("unreadable PDF")
	ErrContent    = errors.New("unreadable page content")
)

// Rule names, in the order a Report lists them.
const (
	RuleValid       = "valid PDF"
	RulePageSize    = "page size"
	RulePageCount   = "page count"
	RuleFonts       = "fonts embedded"
	RuleGlyphs      = "glyphs present"
	RuleTextSize    = "text size"
	RuleLineWidth   = "line width"
	RuleGreyscale   = "greyscale"
	RuleAnnotations = "no annotations"
	RuleMargins     = "margins"
)

var ruleOrder = []string{
	RuleValid, RulePageSize, RulePageCount, RuleFonts, RuleGlyphs, RuleTextSize,
	RuleLineWidth, RuleGreyscale, RuleAnnotations, RuleActive, RuleMargins,
}

const (
	// MinText is the smallest type both printers promise to print legibly,
	// in points.
	MinText = 7.0
	// MinLine is the thinnest line both printers promise not to lose, in
	// points.
	MinLine = 0.75

	sizeTolerance = 0.5   // points either way on a page side
	measureSlack  = 0.005 // points: rounding in what writers print
)

// Expect is what the caller knows about the book from its spec and layout,
// which the PDF cannot say for itself. Lengths are in points.
type Expect struct {
	TrimW, TrimH float64 // the trim size; required
	Bleed        bool    // the pages carry bleed beyond the trim

	// The smallest text size and thinnest line the layout drew, from its
	// own records; 0 when unknown. The content streams are measured too.
	MinTextPt, MinLinePt float64

	// The margins the layout used, from the trim edge; 0 when unknown. A
	// PDF shows where ink is, not where the designer meant the margin, so
	// an unknown margin fails the margins rule.
	Gutter, Outside, Top, Bottom float64

	// limits, set by tests only, lowers the bounds on the content read.
	limits workLimits
}

func (e Expect) validate() error {
	if e.TrimW <= 0 || e.TrimH <= 0 {
		return fmt.Errorf("%w: trim size %gx%g pt must be positive", ErrExpect, e.TrimW, e.TrimH)
	}
	for _, f := range []struct {
		name string
		v    float64
	}{
		{"MinTextPt", e.MinTextPt}, {"MinLinePt", e.MinLinePt}, {"Gutter", e.Gutter},
		{"Outside", e.Outside}, {"Top", e.Top}, {"Bottom", e.Bottom},
	} {
		if f.v < 0 || math.IsNaN(f.v) {
			return fmt.Errorf("%w: %s is %g, want 0 (unknown) or more", ErrExpect, f.name, f.v)
		}
	}
	return nil
}

// Rule is one printer rule checked on one PDF.
type Rule struct {
	Name     string
	Pass     bool
	Measured string // what the file holds, with units
	Want     string // what the printer asks for
}

// Report is the outcome of Check: every rule, in a fixed order.
type Report struct {
	Printer Printer
	Rules   []Rule
	// Unread says why the file could not be read or measured at all: it
	// is broken, or past a bound of limits.go (ErrLimit). The rules still
	// say what they could; a caller reporting on a file from elsewhere
	// may give this one reason instead.
	Unread error
}

// OK says every rule passed.
func (r Report) OK() bool {
	for _, rule := range r.Rules {
		if !rule.Pass {
			return false
		}
	}
	return len(r.Rules) > 0
}

// Rule returns the rule called name.
func (r Report) Rule(name string) (Rule, bool) {
	for _, rule := range r.Rules {
		if rule.Name == name {
			return rule, true
		}
	}
	return Rule{}, false
}

// Write prints a line per rule:
//
//	PASS page size: 6.000 x 9.000 in (want 6 x 9 in)
func (r Report) Write(w io.Writer) error {
	for _, rule := range r.Rules {
		verdict := "FAIL"
		if rule.Pass {
			verdict = "PASS"
		}
		if _, err := fmt.Fprintf(w, "%s %s: %s (want %s)\n", verdict, rule.Name, rule.Measured, rule.Want); err != nil {
			return err
		}
	}
	return nil
}

// Check reads a finished interior PDF and checks it against printer p's
// rules, given what e says the book should be. A PDF that cannot be read
// still gives a Report (every rule failed, saying why); the error is for
// bad arguments and a reader that cannot seek.
func Check(pdf io.ReadSeeker, p Printer, e Expect) (Report, error) {
	if !p.valid() {
		return Report{}, fmt.Errorf("%w %s", ErrPrinter, p)
	}
	if err := e.validate(); err != nil {
		return Report{}, err
	}
	doc, err := open(pdf)
	if err != nil {
		return Report{}, err
	}
	return checkDoc(doc, p, e), nil
}

// checkDoc applies every rule to a document as read.
func checkDoc(doc *document, p Printer, e Expect) Report {
	c := checker{doc: doc, p: p, e: e}
	rep := Report{Printer: p, Rules: []Rule{c.valid()}}
	if !doc.readable() {
		rep.Unread = doc.err
		for _, name := range ruleOrder[1:] {
			rep.Rules = append(rep.Rules, Rule{Name: name, Measured: "not measured: the file cannot be read", Want: c.want(name)})
		}
		return rep
	}
	marks := c.scan()
	if errors.Is(marks.scanErr, ErrLimit) {
		rep.Unread = marks.scanErr
	}
	rep.Rules = append(rep.Rules,
		c.pageSize(),
		c.pageCount(),
		c.fonts(),
		c.glyphs(marks),
		c.textSize(marks),
		c.lineWidth(marks),
		c.greyscale(marks),
		c.annotations(marks),
		c.active(),
		c.margins(marks),
	)
	return rep
}

type checker struct {
	doc    *document
	p      Printer
	e      Expect
	starts bool // keep where each string starts (the cover's safe area)
}

func (c checker) pages() int { return c.doc.pageCount() }

// want is each rule's demand in words.
func (c checker) want(name string) string {
	switch name {
	case RuleValid:
		return "valid PDF, pdfcpu strict mode or at least relaxed"
	case RulePageSize:
		w, h := c.pageWant()
		if !c.e.Bleed {
			return fmt.Sprintf("%s x %s in", inShort(w), inShort(h))
		}
		return fmt.Sprintf("%s x %s in: %s x %s in trim + %s bleed",
			inShort(w), inShort(h), inShort(c.e.TrimW), inShort(c.e.TrimH), c.p)
	case RulePageCount:
		lo, hi := c.p.PageRange(c.e.TrimW, c.e.TrimH)
		if hi == 0 {
			return fmt.Sprintf("a trim %s prints, at most %s x %s in", c.p,
				inShort(kdpPageLimits[len(kdpPageLimits)-1].maxW), inShort(kdpPageLimits[len(kdpPageLimits)-1].maxH))
		}
		return fmt.Sprintf("%d to %d pages for %s at %s x %s in", lo, hi, c.p, inShort(c.e.TrimW), inShort(c.e.TrimH))
	case RuleFonts:
		return "every font embedded"
	case RuleGlyphs:
		return "a glyph for every character shown"
	case RuleTextSize:
		return fmt.Sprintf("text at least %g pt", MinText)
	case RuleLineWidth:
		return fmt.Sprintf("lines at least %g pt", MinLine)
	case RuleGreyscale:
		return "grey only: equal RGB, no CMY, no spot colour, grey images"
	case RuleAnnotations:
		return "no annotations, links or bookmarks"
	case RuleActive:
		return "no JavaScript, launch, URI, go-to-remote, submit or media actions, no XFA, no embedded files"
	case RuleMargins:
		pages := 0
		if c.doc.readable() {
			pages = c.pages()
		}
		return fmt.Sprintf("gutter at least %s in for %s; outside, top and bottom at least %s in",
			inShort(c.p.MinGutter(pages)), gutterBand(pages), inShort(c.p.MinMargin(c.e.Bleed)))
	}
	return ""
}

func (c checker) rule(name string, pass bool, measured string) Rule {
	return Rule{Name: name, Pass: pass, Measured: measured, Want: c.want(name)}
}

func (c checker) valid() Rule {
	d := c.doc
	switch {
	case d.lazy != nil && d.err == nil:
		return c.rule(RuleValid, true, fmt.Sprintf("read page by page: the cross-reference table, every object and the page tree read (pdfcpu's validation is not run on a file over %d MiB)", StreamAbove>>20))
	case d.strict:
		return c.rule(RuleValid, true, "valid (pdfcpu strict)")
	case d.err == nil:
		return c.rule(RuleValid, true, fmt.Sprintf("valid in pdfcpu relaxed mode; strict: %v", d.strictErr))
	}
	return c.rule(RuleValid, false, fmt.Sprintf("invalid: %v", d.err))
}

func (c checker) pageWant() (w, h float64) {
	w, h = c.e.TrimW, c.e.TrimH
	if c.e.Bleed {
		bw, bh := c.p.BleedSize()
		w, h = w+bw, h+bh
	}
	return w, h
}

func near(a, b float64) bool { return math.Abs(a-b) <= sizeTolerance }

func (c checker) pageSize() Rule {
	wantW, wantH := c.pageWant()
	var (
		pages, off, badTrim     int
		first, firstOff, firstT PageBoxes
	)
	err := c.doc.eachPageBoxes(func(b PageBoxes) {
		if pages++; pages == 1 {
			first = b
		}
		if w, h := b.Size(); !near(w, wantW) || !near(h, wantH) {
			if off++; off == 1 {
				firstOff = b
			}
		}
		// A trim box, when the file sets one, has to be the trim itself.
		if !b.Trim.IsZero() && (!near(b.Trim.W(), c.e.TrimW) || !near(b.Trim.H(), c.e.TrimH)) {
			if badTrim++; badTrim == 1 {
				firstT = b
			}
		}
	})
	if err != nil {
		return c.rule(RulePageSize, false, "not measured: "+err.Error())
	}
	if pages == 0 {
		return c.rule(RulePageSize, false, "no pages")
	}
	w, h := first.Size()
	msg := fmt.Sprintf("%s x %s in", in3(w), in3(h))
	if off > 0 {
		fw, fh := firstOff.Size()
		msg = fmt.Sprintf("%d of %s off, first page %d at %s x %s in", off, count(pages, "page"), firstOff.Page, in3(fw), in3(fh))
	}
	if badTrim > 0 {
		msg += fmt.Sprintf("; trim box %s x %s in on %s, first page %d",
			in3(firstT.Trim.W()), in3(firstT.Trim.H()), count(badTrim, "page"), firstT.Page)
	}
	return c.rule(RulePageSize, off == 0 && badTrim == 0, msg)
}

func (c checker) pageCount() Rule {
	n := c.pages()
	lo, hi := c.p.PageRange(c.e.TrimW, c.e.TrimH)
	return c.rule(RulePageCount, hi > 0 && n >= lo && n <= hi, count(n, "page"))
}

func (c checker) fonts() Rule {
	fs, err := fontsOf(c.doc)
	if err != nil {
		return c.rule(RuleFonts, false, "not measured: "+err.Error())
	}
	if len(fs) == 0 {
		return c.rule(RuleFonts, true, "no fonts")
	}
	var missing []string
	for _, f := range fs {
		if !f.Embedded {
			missing = append(missing, fmt.Sprintf("%s (%s, page %d)", f.Name, f.Subtype, f.Page))
		}
	}
	if len(missing) == 0 {
		return c.rule(RuleFonts, true, fmt.Sprintf("%s, all embedded", count(len(fs), "font")))
	}
	return c.rule(RuleFonts, false, fmt.Sprintf("%d of %s not embedded: %s",
		len(missing), count(len(fs), "font"), strings.Join(missing, ", ")))
}

// marks is what one pass over every page's content and dictionary found.
type marks struct {
	scan    *scanner
	scanErr error

	annots      int    // annotations on pages
	annotPages  int    // pages with any
	firstAnnots string // "page 2: Link"
	outlines    bool   // the catalog has bookmarks
	annotErr    error
}

func (c checker) scan() marks {
	m := marks{scan: newScanner(c.doc.objects())}
	m.scan.keepStarts = c.starts
	m.scan.limits = c.e.limits.orDefaults()
	err := c.doc.eachPage(func(p page) error {
		if m.scanErr == nil {
			func() {
				defer recoverTo(&m.scanErr)
				m.scanErr = m.scan.scanPage(p.n, p.dict, p.res)
			}()
		}
		if m.annotErr == nil {
			m.annotErr = m.pageAnnots(c.doc.objects(), p)
		}
		return nil
	})
	if err != nil {
		if m.scanErr == nil {
			m.scanErr = err
		}
		if m.annotErr == nil {
			m.annotErr = err
		}
	}
	if m.annotErr == nil {
		m.outlines, m.annotErr = hasOutlines(c.doc.objects())
	}
	return m
}

func (m *marks) pageAnnots(x objects, p page) error {
	arr, err := x.DereferenceArray(p.dict["Annots"])
	if err != nil {
		return fmt.Errorf("page %d annotations: %w", p.n, err)
	}
	if len(arr) == 0 {
		return nil
	}
	m.annots += len(arr)
	m.annotPages++
	if m.firstAnnots == "" {
		var kinds []string
		for _, o := range arr {
			d, err := x.DereferenceDict(o)
			if err != nil || d == nil || d.Subtype() == nil {
				kinds = append(kinds, "?")
				continue
			}
			kinds = append(kinds, *d.Subtype())
		}
		m.firstAnnots = fmt.Sprintf("page %d: %s", p.n, strings.Join(kinds, ", "))
	}
	return nil
}

// hasOutlines says the catalog holds a bookmark tree with at least one
// entry; an empty tree shows nothing.
func hasOutlines(x objects) (bool, error) {
	cat, err := x.Catalog()
	if err != nil {
		return false, err
	}
	d, err := x.DereferenceDict(cat["Outlines"])
	if err != nil {
		return false, fmt.Errorf("outlines: %w", err)
	}
	return d != nil && d["First"] != nil, nil
}

func (c checker) textSize(m marks) Rule {
	return c.smallest(RuleTextSize, m, m.scan.text, c.e.MinTextPt, MinText, "text shown")
}

func (c checker) lineWidth(m marks) Rule {
	return c.smallest(RuleLineWidth, m, m.scan.line, c.e.MinLinePt, MinLine, "lines drawn")
}

// smallest judges a least size measured in the content, and the layout's
// own record of it when given.
func (c checker) smallest(name string, m marks, seen smallest, recorded, least float64, noun string) Rule {
	if m.scanErr != nil {
		return c.rule(name, false, "not measured: "+m.scanErr.Error())
	}
	pass := true
	var parts []string
	if seen.seen {
		parts = append(parts, fmt.Sprintf("smallest %s pt (page %d, %s)", pt2(seen.pt), seen.page, seen.what))
		pass = seen.pt >= least-measureSlack
	} else {
		parts = append(parts, "no "+noun)
	}
	if recorded > 0 {
		parts = append(parts, fmt.Sprintf("layout records %s pt", pt2(recorded)))
		pass = pass && recorded >= least-measureSlack
	}
	return c.rule(name, pass, strings.Join(parts, "; "))
}

func (c checker) greyscale(m marks) Rule {
	if m.scanErr != nil {
		return c.rule(RuleGreyscale, false, "not measured: "+m.scanErr.Error())
	}
	h := m.scan.colour
	if h.total == 0 {
		return c.rule(RuleGreyscale, true, "grey only")
	}
	return c.rule(RuleGreyscale, false, fmt.Sprintf("colour in %s on %s: %s",
		count(h.total, "mark"), count(len(h.pages), "page"), strings.Join(h.first, "; ")))
}

func (c checker) annotations(m marks) Rule {
	if m.annotErr != nil {
		return c.rule(RuleAnnotations, false, "not measured: "+m.annotErr.Error())
	}
	var parts []string
	if m.annots > 0 {
		parts = append(parts, fmt.Sprintf("%s on %s, first %s", count(m.annots, "annotation"), count(m.annotPages, "page"), m.firstAnnots))
	}
	if m.outlines {
		parts = append(parts, "bookmarks (Outlines in the catalog)")
	}
	if len(parts) == 0 {
		return c.rule(RuleAnnotations, true, "none")
	}
	return c.rule(RuleAnnotations, false, strings.Join(parts, "; "))
}

func (c checker) margins(m marks) Rule {
	if c.e.Gutter == 0 && c.e.Outside == 0 && c.e.Top == 0 && c.e.Bottom == 0 {
		return c.inkMargins(m)
	}
	gutter := c.p.MinGutter(c.pages())
	margin := c.p.MinMargin(c.e.Bleed)
	pass := true
	var parts, short []string
	for _, m := range []struct {
		name      string
		v, needed float64
	}{
		{"gutter", c.e.Gutter, gutter},
		{"outside", c.e.Outside, margin},
		{"top", c.e.Top, margin},
		{"bottom", c.e.Bottom, margin},
	} {
		if m.v == 0 {
			parts = append(parts, m.name+" not given")
			pass = false
			continue
		}
		parts = append(parts, fmt.Sprintf("%s %s in", m.name, in3(m.v)))
		if m.v < m.needed-measureSlack {
			short = append(short, m.name)
			pass = false
		}
	}
	msg := strings.Join(parts, ", ")
	if len(short) > 0 {
		msg += " (too small: " + strings.Join(short, ", ") + ")"
	}
	// The design is only what was meant: the ink itself must keep the
	// printer's margins too, so text set outside the page fails here.
	if cl, err := c.inkClearance(m); err == nil {
		if close := c.inkTooClose(cl); len(close) > 0 {
			msg += "; but the ink comes within " + strings.Join(close, ", ")
			pass = false
		}
	}
	return c.rule(RuleMargins, pass, msg)
}

// in3 prints points as inches to a thousandth: "6.000".
func in3(pt float64) string { return strconv.FormatFloat(pt/inch, 'f', 3, 64) }

// inShort prints points as inches without trailing zeros: "6", "6.125".
func inShort(pt float64) string {
	s := strconv.FormatFloat(pt/inch, 'f', 3, 64)
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}

// count says "1 page", "2 pages".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func pt2(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }
