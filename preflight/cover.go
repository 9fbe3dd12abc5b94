package preflight

import (
	"fmt"
	"io"
	"math"
)

// The cover's rules, in the order a cover Report lists them. Colour is
// allowed on a cover (print-on-demand covers are printed in colour), so
// the greyscale rule is not among them.
const (
	RuleCoverPages = "one page"
	RuleCoverSize  = "cover size"
	RuleSpine      = "spine width"
	RuleSafeText   = "text in safe area"
	RuleImageDPI   = "image resolution"
)

// The cover facts (KDP paperback): 0.125in of bleed round the whole
// wrap; text at least 0.125in inside the trim and the folds of its panel,
// and 0.0625in clear of each fold on the spine; images at 300 dpi.
const (
	coverBleed   = 0.125 * inch
	panelSafe    = 0.125 * inch
	spineSafe    = 0.0625 * inch
	coverMinDPI  = 300.0
	spineTextMin = 80 // pages before spine text is allowed
)

// The thickness of a page of KDP's paperback stock, in points: the
// checker's own statement of the printer's figures, so that a slip in the
// layout's fails the check rather than passing it.
const (
	WhitePerPage = 0.002252 * inch
	CreamPerPage = 0.0025 * inch
)

// CoverExpect is what the caller knows of the book the cover wraps.
type CoverExpect struct {
	TrimW, TrimH float64 // one panel's trim, points
	Pages        int     // the interior's page count
	PerPage      float64 // the stock's thickness a page, points (white 0.002252in, cream 0.0025in)
	MinTextPt    float64 // the smallest text the layout drew, 0 when unknown
}

// Spine is the spine width the page count and stock give.
func (e CoverExpect) Spine() float64 { return float64(e.Pages) * e.PerPage }

// CheckCover reads a full-wrap cover PDF and checks it against the
// printer's cover rules for the book e describes: one page; its size the
// back and front trims and the spine with bleed all round, and its
// TrimBox the trimmed cover; the spine as wide as the page count gives;
// every font embedded; no text under 7pt; every string starting inside the
// safe area of its panel (and none on a spine under 80 pages); every image
// at 300 dpi or more at its printed size.
func CheckCover(pdf io.ReadSeeker, p Printer, e CoverExpect) (Report, error) {
	if !p.valid() {
		return Report{}, fmt.Errorf("%w %s", ErrPrinter, p)
	}
	if e.TrimW <= 0 || e.TrimH <= 0 || e.Pages < 1 || e.PerPage <= 0 {
		return Report{}, fmt.Errorf("%w: cover of %gx%g pt for %d pages at %g pt a page, want all positive", ErrExpect, e.TrimW, e.TrimH, e.Pages, e.PerPage)
	}
	doc, err := open(pdf)
	if err != nil {
		return Report{}, err
	}
	c := checker{doc: doc, p: p, e: Expect{TrimW: e.TrimW, TrimH: e.TrimH, MinTextPt: e.MinTextPt}, starts: true}
	cc := coverChecker{checker: c, ce: e}
	rep := Report{Printer: p, Rules: []Rule{c.valid()}}
	names := []string{RuleCoverPages, RuleCoverSize, RuleSpine, RuleFonts, RuleTextSize, RuleSafeText, RuleImageDPI}
	if doc.ctx == nil {
		for _, name := range names {
			rep.Rules = append(rep.Rules, Rule{Name: name, Measured: "not measured: the file cannot be read", Want: cc.want(name)})
		}
		return rep, nil
	}
	marks := c.scan()
	size, spine := cc.size()
	font := c.fonts()
	text := c.textSize(marks)
	rep.Rules = append(rep.Rules, cc.rule(RuleCoverPages, c.pages() == 1, count(c.pages(), "page")), size, spine, font, text, cc.safeText(marks), cc.images(marks))
	return rep, nil
}

type coverChecker struct {
	checker
	ce CoverExpect
}

func (c coverChecker) mediaWant() (w, h float64) {
	return 2*c.ce.TrimW + c.ce.Spine() + 2*coverBleed, c.ce.TrimH + 2*coverBleed
}

func (c coverChecker) want(name string) string {
	switch name {
	case RuleCoverPages:
		return "1 page: back, spine and front side by side"
	case RuleCoverSize:
		w, h := c.mediaWant()
		return fmt.Sprintf("%s x %s in: two %s x %s in panels, the spine and 0.125 in bleed round the whole; the trim box the trimmed cover",
			in3(w), in3(h), inShort(c.ce.TrimW), inShort(c.ce.TrimH))
	case RuleSpine:
		return fmt.Sprintf("%s in for %s", in3(c.ce.Spine()), count(c.ce.Pages, "page"))
	case RuleSafeText:
		if c.ce.Pages < spineTextMin {
			return "every line of text, start to end, 0.125 in inside its panel's trim and folds, none on the spine (under 80 pages)"
		}
		return "every line of text, start to end, 0.125 in inside its panel's trim and folds, or 0.0625 in clear of the spine's folds"
	case RuleImageDPI:
		return fmt.Sprintf("every image at least %.0f dpi at its printed size", coverMinDPI)
	}
	return c.checker.want(name)
}

func (c coverChecker) rule(name string, pass bool, measured string) Rule {
	return Rule{Name: name, Pass: pass, Measured: measured, Want: c.want(name)}
}

// trim is the trimmed cover in PDF space: the TrimBox, or the media box
// less the bleed when the file sets none.
func (c coverChecker) trim() (Box, error) {
	boxes, err := pageBoxes(c.doc.ctx)
	if err != nil {
		return Box{}, err
	}
	if len(boxes) == 0 {
		return Box{}, fmt.Errorf("no pages")
	}
	b := boxes[0]
	if !b.Trim.IsZero() {
		return b.Trim, nil
	}
	m := b.Media
	return Box{m.X0 + coverBleed, m.Y0 + coverBleed, m.X1 - coverBleed, m.Y1 - coverBleed}, nil
}

func (c coverChecker) size() (size, spine Rule) {
	boxes, err := pageBoxes(c.doc.ctx)
	if err != nil || len(boxes) == 0 {
		why := "no pages"
		if err != nil {
			why = err.Error()
		}
		return c.rule(RuleCoverSize, false, "not measured: "+why), c.rule(RuleSpine, false, "not measured: "+why)
	}
	b := boxes[0]
	w, h := b.Size()
	ww, wh := c.mediaWant()
	t, _ := c.trim()
	okTrim := b.Trim.IsZero() || (near(t.W(), ww-2*coverBleed) && near(t.H(), wh-2*coverBleed))
	msg := fmt.Sprintf("%s x %s in", in3(w), in3(h))
	if !b.Trim.IsZero() {
		msg += fmt.Sprintf(", trim box %s x %s in", in3(t.W()), in3(t.H()))
	}
	size = c.rule(RuleCoverSize, near(w, ww) && near(h, wh) && okTrim, msg)
	got := t.W() - 2*c.ce.TrimW
	spine = c.rule(RuleSpine, math.Abs(got-c.ce.Spine()) <= 0.01*inch, fmt.Sprintf("%s in between the panels", in3(got)))
	return size, spine
}

// safeText checks where every line of text starts and ends (its
// baseline; the end from its font's widths): inside the back or front
// panel, 0.125in in from its trim edges and its fold, or on the spine
// 0.0625in clear of both folds (only from 80 pages).
func (c coverChecker) safeText(m marks) Rule {
	if m.scanErr != nil {
		return c.rule(RuleSafeText, false, "not measured: "+m.scanErr.Error())
	}
	t, err := c.trim()
	if err != nil {
		return c.rule(RuleSafeText, false, "not measured: "+err.Error())
	}
	tw := c.ce.TrimW
	spine := t.W() - 2*tw
	inside := func(p point, x0, x1, inset float64) bool {
		return p.x >= x0+inset && p.x <= x1-inset && p.y >= t.Y0+panelSafe && p.y <= t.Y1-panelSafe
	}
	// A line must lie wholly in one place: a panel's safe area, or the
	// spine's.
	in := func(sg segment, x0, x1, inset float64) bool {
		return inside(sg.start, x0, x1, inset) && inside(sg.end, x0, x1, inset)
	}
	bad, onSpine := 0, 0
	var first point
	for _, sg := range m.scan.starts {
		switch {
		case in(sg, t.X0, t.X0+tw, panelSafe), in(sg, t.X1-tw, t.X1, panelSafe):
		case c.ce.Pages >= spineTextMin && in(sg, t.X0+tw, t.X0+tw+spine, spineSafe):
			onSpine++
		default:
			if bad == 0 {
				first = sg.start
			}
			bad++
		}
	}
	msg := fmt.Sprintf("%s inside, %d on the spine", count(len(m.scan.starts)-bad-onSpine, "line"), onSpine)
	if bad > 0 {
		msg = fmt.Sprintf("%s outside, the first starting %s, %s in from the cover's lower left trim corner",
			count(bad, "line"), in3(first.x-t.X0), in3(first.y-t.Y0))
	}
	return c.rule(RuleSafeText, bad == 0, msg)
}

func (c coverChecker) images(m marks) Rule {
	if m.scanErr != nil {
		return c.rule(RuleImageDPI, false, "not measured: "+m.scanErr.Error())
	}
	d := m.scan.dpi
	if !d.seen {
		return c.rule(RuleImageDPI, true, "no images")
	}
	return c.rule(RuleImageDPI, d.pt >= coverMinDPI-0.5, fmt.Sprintf("least %.0f dpi (%s)", d.pt, d.what))
}
