package layout

import (
	"bytes"
	"fmt"
	"math"
	"strings"

	"codeberg.org/go-pdf/fpdf"
	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/templates"
)

// CoverResult is a laid-out paperback cover: a one-page PDF holding the
// back, the spine and the front side by side with bleed all round. Sizes
// are in points.
type CoverResult struct {
	PDF           []byte
	Width, Height float64 // the whole page, bleed included
	Spine         float64 // spine width
	SpineText     bool    // whether the spine carries the title
}

// The print-on-demand cover facts (KDP paperback). A cover bleeds 0.125in
// beyond the trim on every side. The spine is as wide as the page count
// times the thickness of a page of the interior stock. Text on the spine
// is allowed from minSpinePages pages, with spineClear of clearance on
// each side of the spine because the fold may wander by that much, and is
// set only when it can be as large as the book's smallest type.
const (
	coverBleed    = 0.125 * inch
	whitePerPage  = 0.002252 * inch
	creamPerPage  = 0.0025 * inch
	minSpinePages = 80
	spineClear    = 0.0625 * inch
)

// The cover's own margins. KDP asks that text stay 0.125in inside the
// trim; the cover keeps 0.25in from every trim edge and fold (coverSafe)
// and sets its text further in, where a reader's eye expects it.
const (
	coverSafe   = 0.25 * inch
	coverMargin = 0.5 * inch
)

// The barcode area KDP prints its ISBN barcode on: 2 x 1.2in at the lower
// right of the back cover, coverSafe in from the spine fold and the bottom
// trim. Nothing is drawn there, not even the background, so the printer's
// white barcode box lands on bare paper and covers nothing.
const (
	barcodeW = 2 * inch
	barcodeH = 1.2 * inch
)

// The cover's inks: a charcoal wrap with white type. A dark ground across
// back, spine and front hides a fold that lands a little off the spine's
// edge, which a white cover would show as a dark sliver.
const (
	coverGround   Grey = 0.15
	coverType     Grey = 1
	coverQuiet    Grey = 0.78 // subtitle, blurb
	coverDim      Grey = 0.55 // rules, empty meter marks
	coverGridLine Grey = 0.42 // the front's grid motif: lines
	coverGridText Grey = 0.62 // and givens, a step brighter
	coverGridCell Grey = 0.19 // and its ground, a step above the wrap's
)

// spineWidth is the spine of a paperback of pages pages on the given stock.
func spineWidth(pages int, p book.Paper) float64 {
	per := whitePerPage
	if p == book.PaperCream {
		per = creamPerPage
	}
	return float64(pages) * per
}

// coverGeo places the panels of a full-wrap cover on its page: bleed, back
// trim, spine, front trim, bleed from left to right, and bleed, trim
// height, bleed from top to bottom.
type coverGeo struct {
	trimW, trimH float64
	spine        float64
}

func (g coverGeo) media() (w, h float64) {
	return 2*coverBleed + 2*g.trimW + g.spine, 2*coverBleed + g.trimH
}

// trim is the whole cover as trimmed: back, spine and front.
func (g coverGeo) trim() rect {
	return rect{coverBleed, coverBleed, 2*g.trimW + g.spine, g.trimH}
}

func (g coverGeo) back() rect { return rect{coverBleed, coverBleed, g.trimW, g.trimH} }

func (g coverGeo) spineRect() rect {
	return rect{coverBleed + g.trimW, coverBleed, g.spine, g.trimH}
}

func (g coverGeo) front() rect {
	return rect{coverBleed + g.trimW + g.spine, coverBleed, g.trimW, g.trimH}
}

func (g coverGeo) barcode() rect {
	b := g.back()
	return rect{b.right() - coverSafe - barcodeW, b.bottom() - coverSafe - barcodeH, barcodeW, barcodeH}
}

// unit is the length the cover's type scales with: the trim width of a
// portrait book, or two thirds of the height of a wide one, so a landscape
// cover's type is sized for its height.
func (g coverGeo) unit() float64 { return math.Min(g.trimW, g.trimH*2/3) }

// inset shrinks r by the given distances from its left, top, right and
// bottom edges.
func (r rect) inset(l, t, rt, b float64) rect {
	return rect{r.X + l, r.Y + t, r.W - l - rt, r.H - t - b}
}

// spineCanvas is a canvas that can also set text down a spine. Only the
// PDF back end has it: covers are not rendered as PNG.
type spineCanvas interface {
	canvas
	TextDown(x, y float64, s string, f Font, size float64, g Grey)
}

// coverPlan is everything the cover's drawing needs, worked out once.
type coverPlan struct {
	spec      *book.Spec
	texts     *templates.Texts
	geo       coverGeo
	f         fontSet
	spineText bool
	sections  []book.Section
	motif     book.Puzzle
	// least is the smallest type on the front and back: the interior's
	// finest print, so a large-print book's cover is large print too.
	least float64
}

func planCover(b *book.Book, texts *templates.Texts, pages int) *coverPlan {
	s := b.Spec
	paper := book.PaperWhite
	if s.Cover != nil {
		paper = s.Cover.Paper
	}
	cp := &coverPlan{
		spec:  s,
		texts: texts,
		f:     planFonts(s),
		geo: coverGeo{
			trimW: float64(s.Trim.W), trimH: float64(s.Trim.H),
			spine: spineWidth(pages, paper),
		},
		sections: b.Sections,
		motif:    motifPuzzle(b.Puzzles()),
		least:    scaleFor(s.Style).small,
	}
	// KDP allows spine text from 80 pages, but a spine that thin holds only
	// 4pt type once the clearance is taken: the title goes on the spine
	// only when it can be set no smaller than the rest of the book's type.
	cp.spineText = pages >= minSpinePages && cp.setSpine().size >= cp.least
	return cp
}

// motifPuzzle picks the puzzle the front shows: the first hard one, whose
// sparse givens make a more open pattern than an easy puzzle's, or failing
// that the book's last (and so hardest) puzzle.
func motifPuzzle(ps []book.Puzzle) book.Puzzle {
	for _, p := range ps {
		if p.Level >= engine.Hard {
			return p
		}
	}
	return ps[len(ps)-1]
}

// RenderCover draws the full-wrap paperback cover of a book whose interior
// has pages pages (RenderBook's PageMap.Pages). The paper of the spec's
// cover (white when the spec has no cover section) sets the spine: 0.002252in
// a page on white, 0.0025in on cream. The page is the back trim, the spine
// and the front trim side by side with 0.125in bleed round the whole; its
// TrimBox marks the trimmed cover. The front carries the title, subtitle,
// author and a large light grid drawn from one of the book's puzzles; the
// back a blurb made from the book (its intro, its sections and their
// counts) and a blank barcode area; the spine the title and author, read
// from top to bottom, once the book has 80 pages. The same book, page
// count and options give the same bytes.
func RenderCover(b *book.Book, pages int, opt Options) (CoverResult, error) {
	texts, year, err := check(b, opt)
	if err != nil {
		return CoverResult{}, err
	}
	if pages < 1 {
		return CoverResult{}, fmt.Errorf("%w: cover for %d pages, want at least 1", ErrBook, pages)
	}
	if s := b.Spec; s.Cover != nil && s.Cover.Paper != book.PaperWhite && s.Cover.Paper != book.PaperCream {
		return CoverResult{}, fmt.Errorf("%w: cover paper %d, want white or cream", ErrBook, int(s.Cover.Paper))
	}
	cp := planCover(b, texts, pages)
	s := b.Spec

	mw, mh := cp.geo.media()
	pdf := newBookPDF(s, mw, mh, year, opt)
	pdf.AddPageFormat("P", fpdf.SizeType{Wd: mw, Ht: mh})
	t := cp.geo.trim()
	pdf.SetPageBox("trim", t.X, mh-t.bottom(), t.W, t.H)

	c := newPDFCanvas(pdf)
	cp.draw(c)
	if opt.Guides {
		cp.guides(c)
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return CoverResult{}, fmt.Errorf("writing cover PDF: %w", err)
	}
	return CoverResult{PDF: buf.Bytes(), Width: mw, Height: mh, Spine: cp.geo.spine, SpineText: cp.spineText}, nil
}

func (cp *coverPlan) draw(c spineCanvas) {
	cp.ground(c)
	cp.front(c)
	cp.back(c)
	if cp.spineText {
		cp.spine(c)
	}
}

// ground fills the whole page, bleed included, except the barcode area:
// four bands around it.
func (cp *coverPlan) ground(c canvas) {
	mw, mh := cp.geo.media()
	bc := cp.geo.barcode()
	c.Rect(0, 0, mw, bc.Y, coverGround)
	c.Rect(0, bc.Y, bc.X, bc.H, coverGround)
	c.Rect(bc.right(), bc.Y, mw-bc.right(), bc.H, coverGround)
	c.Rect(0, bc.bottom(), mw, mh-bc.bottom(), coverGround)
}

// fitLines finds the largest size, from largest down to least in half points,
// at which s wraps to at most maxLines lines no wider than width, and
// balances those lines. If none does, it sets s at least, cutting words too
// wide for the line.
func fitLines(s string, f Font, largest, least, width float64, maxLines int) (float64, []string) {
	for size := largest; size >= least; size -= 0.5 {
		l := wrap(s, f, size, width)
		if len(l) <= maxLines && widest(l, f, size) <= width {
			return size, balance(s, f, size, width, len(l))
		}
	}
	l := wrap(s, f, least, width)
	if len(l) > maxLines {
		l = append(l[:maxLines-1], strings.Join(l[maxLines-1:], " "))
	}
	for i := range l {
		l[i] = fit(l[i], f, least, width)
	}
	return least, l
}

// balance wraps s into n lines at the narrowest measure that still takes n
// lines, so a title breaks as "Sudoku / Every Day" rather than leaving one
// word alone on its last line.
func balance(s string, f Font, size, width float64, n int) []string {
	lo, hi := 0.0, width
	for range 24 {
		m := (lo + hi) / 2
		if len(wrap(s, f, size, m)) <= n {
			hi = m
		} else {
			lo = m
		}
	}
	return wrap(s, f, size, hi)
}

func widest(lines []string, f Font, size float64) float64 {
	w := 0.0
	for _, l := range lines {
		w = math.Max(w, textWidth(f, size, l))
	}
	return w
}

// lineTop is how far the first of lines rises above its baseline, so a
// title's ink, accents included, starts exactly at the top of its box.
func lineTop(lines []string, f Font, size float64) float64 {
	if len(lines) == 0 {
		return capHeight(f, size)
	}
	top, _ := f.ink(lines[0])
	return top * size
}

// atLeast keeps a cover size at or above the book's finest print.
func (cp *coverPlan) atLeast(size float64) float64 { return math.Max(size, cp.least) }

// front sets the title block at the top, the author at the foot, and fills
// the space between with the motif grid, with the level names under it.
func (cp *coverPlan) front(c canvas) {
	s := cp.spec
	f := cp.geo.front()
	u := cp.geo.unit()
	box := f.inset(coverMargin, math.Max(0.09*f.H, coverMargin), coverMargin, math.Max(0.07*f.H, coverMargin))
	mid := box.X + box.W/2

	size, lines := fitLines(s.Title, cp.f.Bold, cp.atLeast(0.12*u), cp.atLeast(0.06*u), box.W, 3)
	y := box.Y + lineTop(lines, cp.f.Bold, size)
	for i, l := range lines {
		if i > 0 {
			y += 1.08 * size
		}
		c.Text(mid, y, l, cp.f.Bold, size, coverType, AlignCenter)
	}
	y += 0.55 * size
	rule := math.Max(MinLine, 0.004*u)
	c.Line(mid-0.09*u, y, mid+0.09*u, y, rule, coverDim)
	if s.Subtitle != "" {
		sub, sl := fitLines(s.Subtitle, cp.f.Regular, cp.atLeast(0.042*u), cp.atLeast(0.03*u), box.W, 2)
		y += 0.5*size + capHeight(cp.f.Regular, sub)
		for i, l := range sl {
			if i > 0 {
				y += 1.3 * sub
			}
			c.Text(mid, y, l, cp.f.Regular, sub, coverQuiet, AlignCenter)
		}
		y += 0.35 * sub
	}

	// The author's line sits on the foot of the box; the levels above it.
	levelSize := cp.atLeast(0.027 * u)
	levelBase := box.bottom() - inkBelow(cp.f.Regular, levelSize)
	if s.Author != "" {
		authorSize := cp.atLeast(0.05 * u)
		authorBase := box.bottom() - inkBelow(cp.f.Medium, authorSize)
		c.Text(mid, authorBase, fit(s.Author, cp.f.Medium, authorSize, box.W), cp.f.Medium, authorSize, coverType, AlignCenter)
		levelBase = authorBase - capHeight(cp.f.Medium, authorSize) - 1.6*authorSize
	}
	levels := fit(strings.Join(cp.levelNames(), "  ·  "), cp.f.Regular, levelSize, box.W)
	c.Text(mid, levelBase, levels, cp.f.Regular, levelSize, coverQuiet, AlignCenter)
	bottom := levelBase - capHeight(cp.f.Regular, levelSize)

	gap := 0.06 * u
	side := math.Min(box.W, bottom-y-2*gap)
	if side >= minGridSide {
		top := y + gap + (bottom-y-2*gap-side)/2
		x := mid - side/2
		c.Rect(x, top, side, side, coverGridCell)
		st := styleFor(cp.spec.Style)
		st.givenFont, st.filledFont = cp.f.Given, cp.f.Filled
		st.digitSize, st.minDigit = 0, cp.least
		drawGrid(tinted{canvas: c, ground: coverGridCell, line: coverGridLine, text: coverGridText}, x, top, side, cp.motif.Grid, engine.Grid{}, st)
	}
}

// levelNames lists the printed names of the book's sections, each once, in
// order.
func (cp *coverPlan) levelNames() []string {
	var out []string
	seen := map[string]bool{}
	for _, sec := range cp.sections {
		n := sectionTitle(sec, cp.texts)
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	return out
}

func inkBelow(f Font, size float64) float64 {
	_, below := inkExtent(f, size)
	return below
}

// back sets the blurb: the title, the intro's first paragraph, a table of
// the sections with a difficulty meter and their puzzle counts, and the
// book's promise of one solution each. The promise sits beside the barcode
// area when there is room for it there, and above it otherwise; nothing
// else comes lower than the barcode area's top. On a cover too small for
// all of it the intro is cut short first, then the table and the promise
// are left out.
func (cp *coverPlan) back(c canvas) {
	s, t := cp.spec, cp.texts
	b := cp.geo.back()
	bc := cp.geo.barcode()
	u := cp.geo.unit()
	box := b.inset(coverMargin, math.Max(0.09*b.H, coverMargin), coverMargin, 0)
	// A wide cover's lines would run too long to read at a glance.
	box.W = math.Min(box.W, u)

	head := cp.atLeast(0.065 * u)
	size, lines := fitLines(s.Title, cp.f.Bold, head, cp.atLeast(0.04*u), box.W, 2)
	y := box.Y + lineTop(lines, cp.f.Bold, size)
	for i, l := range lines {
		if i > 0 {
			y += 1.12 * size
		}
		c.Text(box.X, y, l, cp.f.Bold, size, coverType, AlignLeft)
	}
	y += inkBelow(cp.f.Bold, size)

	body := cp.atLeast(0.032 * u)
	step := body * lead
	bottom := bc.Y - 0.04*b.H
	beside := math.Min(bc.X-0.25*inch-box.X, box.W)
	promise := wrap(t.Rebuild, cp.f.Italic, body, beside)
	// The promise's baselines, beside the barcode area or above it.
	py := bc.bottom() - inkBelow(cp.f.Italic, body) - float64(len(promise)-1)*step
	if beside < 1.5*inch || py-capHeight(cp.f.Italic, body) < bc.Y {
		promise = wrap(t.Rebuild, cp.f.Italic, body, box.W)
		py = bottom - float64(len(promise)-1)*step
		bottom = py - capHeight(cp.f.Italic, body) - step
	}
	if py-capHeight(cp.f.Italic, body) < y+step {
		promise = nil
	}
	for i, l := range promise {
		c.Text(box.X, py+float64(i)*step, l, cp.f.Italic, body, coverQuiet, AlignLeft)
	}

	if paras := paragraphs(s.Intro); len(paras) > 0 {
		y += 0.8 * size
		l := wrap(paras[0], cp.f.Regular, body, box.W)
		keep := min(len(l), 7, int((bottom-y-inkBelow(cp.f.Regular, body))/step))
		if keep < len(l) && keep > 0 {
			l = append(l[:keep-1], fit(strings.Join(l[keep-1:], " "), cp.f.Regular, body, box.W))
		}
		for _, line := range l[:max(keep, 0)] {
			y += step
			c.Text(box.X, y, line, cp.f.Regular, body, coverQuiet, AlignLeft)
		}
		y += inkBelow(cp.f.Regular, body)
	}
	top := y + step
	cp.levelTable(c, rect{box.X, top, box.W, bottom - top}, body)
}

// levelTable sets one row per section: its name, a meter of filled marks
// for its level (one for easy, five for extreme) and its puzzle count, with
// the total under a rule. The table sits in the middle of the area's
// height; its rows shrink if they would not fit, and it is left out if
// they would not fit at the book's finest print.
func (cp *coverPlan) levelTable(c canvas, area rect, size float64) {
	rows := float64(len(cp.sections) + 1)
	// Each row is 2.3 sizes deep, baseline at its foot; the last row's
	// descenders hang 0.3 size below.
	height := func(size float64) float64 { return (2.3*rows + 0.3) * size }
	if h := height(size); h > area.H {
		size = math.Max(size*area.H/h, cp.least)
	}
	if height(size) > area.H+0.01 {
		return
	}
	rowH := 2.3 * size
	area.Y += (area.H - height(size)) / 2
	mark := 0.62 * size
	meterW := float64(engine.NumLevels)*mark + float64(engine.NumLevels-1)*0.4*mark
	countW := textWidth(cp.f.Bold, size, "0000")
	meterX := area.right() - countW - 0.8*size - meterW
	nameW := meterX - area.X - size
	if nameW < 3*size {
		return
	}
	y := area.Y
	total := 0
	for _, sec := range cp.sections {
		y += rowH
		n := len(sec.Puzzles)
		total += n
		c.Text(area.X, y, fit(sectionTitle(sec, cp.texts), cp.f.Medium, size, nameW), cp.f.Medium, size, coverType, AlignLeft)
		for k := range int(engine.NumLevels) {
			x := meterX + float64(k)*1.4*mark
			g := coverDim
			if k <= int(sec.Level) {
				g = coverType
			}
			c.Rect(x, y-mark, mark, mark, g)
		}
		c.Text(area.right(), y, itoa(n), cp.f.Bold, size, coverType, AlignRight)
	}
	rule := y + 0.7*size
	c.Line(area.X, rule, area.right(), rule, MinLine, coverDim)
	y += rowH
	c.Text(area.right(), y, itoa(total), cp.f.Bold, size, coverType, AlignRight)
}

// spineSetting is how the spine's type is set: the size of the title (and
// author), the author ("" when both would not fit the spine's length), and
// where the text runs.
type spineSetting struct {
	size       float64
	author     string
	x, y0, len float64
}

// setSpine sets the title from the top of the spine and the author at its
// foot, on one baseline, as large as the spine's width allows less its
// clearance on each side, and no larger than a comfortable spine title.
// The author is left off when both would not fit the spine's length; a
// title too long alone is set smaller.
func (cp *coverPlan) setSpine() spineSetting {
	s := cp.spec
	sp := cp.geo.spineRect()
	room := sp.W - 2*spineClear
	length := sp.H - 2*(coverSafe+0.125*inch)
	top, bottom := cp.f.Bold.ink(s.Title)
	if s.Author != "" {
		at, ab := cp.f.Regular.ink(s.Author)
		top, bottom = math.Max(top, at), math.Max(bottom, ab)
	}
	if top+bottom <= 0 {
		top, bottom = cp.f.Bold.top, cp.f.Bold.bottom
	}
	size := math.Min(room/(top+bottom), 0.03*sp.H)
	gap := 2 * size
	author := s.Author
	if author != "" && textWidth(cp.f.Bold, size, s.Title)+gap+textWidth(cp.f.Regular, size, author) > length {
		author = ""
	}
	if w := textWidth(cp.f.Bold, size, s.Title); author == "" && w > length {
		size *= length / w
	}
	// The tops of the letters face right: centre the ink, not the baseline.
	x := sp.X + sp.W/2 - (top-bottom)*size/2
	return spineSetting{size: size, author: author, x: x, y0: sp.Y + (sp.H-length)/2, len: length}
}

// spine draws the spine's type as setSpine sets it.
func (cp *coverPlan) spine(c spineCanvas) {
	st := cp.setSpine()
	c.TextDown(st.x, st.y0, cp.spec.Title, cp.f.Bold, st.size, coverType)
	if st.author != "" {
		c.TextDown(st.x, st.y0+st.len-textWidth(cp.f.Regular, st.size, st.author), st.author, cp.f.Regular, st.size, coverQuiet)
	}
}

// guides outlines the trim, the folds, the safe area of each panel and the
// barcode area, as a proofing aid.
func (cp *coverPlan) guides(c canvas) {
	g := cp.geo
	drawGuides(c, g.trim(), g.spineRect(),
		g.back().inset(coverSafe, coverSafe, coverSafe, coverSafe),
		g.front().inset(coverSafe, coverSafe, coverSafe, coverSafe),
		g.barcode())
}

// tinted redraws black-on-white drawing in other inks: black lines become
// line, black text becomes text and white becomes ground, with the greys
// between in proportion. It lets drawGrid, which draws for paper, draw the
// cover's light grid on a dark ground exactly as it draws the interior's.
type tinted struct {
	canvas
	ground, line, text Grey
}

func mix(ink, ground, g Grey) Grey { return ink + g*(ground-ink) }

func (t tinted) Line(x1, y1, x2, y2, w float64, g Grey) {
	t.canvas.Line(x1, y1, x2, y2, w, mix(t.line, t.ground, g))
}

func (t tinted) Rect(x, y, w, h float64, g Grey) {
	t.canvas.Rect(x, y, w, h, mix(t.line, t.ground, g))
}

func (t tinted) Text(x, y float64, s string, f Font, size float64, g Grey, a Align) {
	t.canvas.Text(x, y, s, f, size, mix(t.text, t.ground, g), a)
}
