package layout

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/templates"
)

// Inks for text: headings and body in black, secondary text (subtitles,
// level names, captions, dot leaders) in a dark grey. No interior ink is
// lighter than lightestInk, 70% black: print-on-demand presses halftone a
// grey, and a lighter grey at 7 to 9pt breaks up into fuzz.
const (
	ink         Grey = 0
	quietInk    Grey = 0.25
	lightestInk Grey = 0.3
)

// drawer draws planned pages on a canvas.
type drawer struct {
	p    *plan
	c    canvas
	year int
	opt  Options
	pm   book.PageMap // where each puzzle and solution falls: the labels' page numbers
}

// gridStyle draws a book's grids. No digit is set smaller than the book's
// finest print where the cell can hold it, so a book's smallest text is
// the same in its words and its grids: in a large-print book, large print.
func (p *plan) gridStyle() gridStyle {
	st := styleFor(p.spec.Style)
	st.givenFont, st.filledFont = p.f.Given, p.f.Filled
	st.minDigit = p.ts.small
	st.pics = p.pics
	return st
}

// solnStyle draws solutions: fitted digits, since a style's digit size is
// chosen for the full-size puzzles (large print keeps its largest digits),
// and box lines no heavier than suits the
// small cells (but still twice the cell lines).
func (p *plan) solnStyle() gridStyle { return p.solnStyleFor(p.solutionSlots, 9) }

// solnStyleFor is solnStyle for grids width cells across set in slots sl.
func (p *plan) solnStyleFor(sl slots, width int) gridStyle {
	st := p.gridStyle()
	st.digitSize = 0
	cell := sl.side / float64(width)
	st.thick = math.Max(2*st.thin, math.Min(st.thick, 0.16*cell))
	return st
}

func (d *drawer) page(n int, pg page) {
	live := d.p.geo.content(n)
	switch pg.kind {
	case openerPage:
		d.opener(live, pg)
	case titlePage:
		d.title(live)
		d.author(live)
	case copyrightPage:
		d.copyright(live)
	case ownerPage:
		d.owner(live)
	case howToPlayPage:
		d.howToPlay(live, pg)
	case kindRulesPage:
		d.kindRules(live, pg)
	case contentsPage:
		d.contents(live, pg)
	case introPage:
		d.intro(live, pg)
	case hintsPage:
		d.hints(live, pg)
	case combosPage:
		d.combos(live, pg.items[0], pg.items[1])
	case lessonPage:
		d.lesson(live, d.p.lessons[pg.items[0]])
	case puzzlePage:
		d.puzzles(live, pg)
	case solutionPage:
		d.solutions(live, pg)
	}
	if pg.folio() {
		d.folio(n, live)
	}
}

// folio prints the page number at the outside corner of the live area's
// foot.
func (d *drawer) folio(n int, live rect) {
	x, a := live.X, AlignLeft
	if isRight(n) {
		x, a = live.right(), AlignRight
	}
	d.c.Text(x, live.bottom()-0.25*d.p.ts.small, itoa(n), d.p.f.Regular, d.p.ts.small, ink, a)
}

// head sets a page's heading centred in the head band with a rule below.
func (d *drawer) head(live rect, text string) { d.headAt(live, text, d.p.ts.head) }

// headAt is head with the text set at size (the rule and the baseline
// stay where head puts them): a head too long for the line at the head
// size can be set smaller rather than cut short.
func (d *drawer) headAt(live rect, text string, size float64) {
	ts := d.p.ts
	above, _ := inkExtent(d.p.f.Medium, ts.head)
	base := live.Y + above
	d.c.Text(live.X+live.W/2, base, fit(text, d.p.f.Medium, size, live.W), d.p.f.Medium, size, ink, AlignCenter)
	rule := base + 0.75*ts.head
	w := d.p.gridStyle().thin
	// Square caps reach half a width past the ends; keep them in the live area.
	d.c.Line(live.X+w/2, rule, live.right()-w/2, rule, w, ink)
}

// lines sets wrapped lines from baseline y and returns the baseline after.
func (d *drawer) lines(lines []string, x, y float64, f Font, size float64, g Grey, a Align) float64 {
	for _, l := range lines {
		d.c.Text(x, y, l, f, size, g, a)
		y += size * lead
	}
	return y
}

// owner sets the page a child (or a class) writes their name on: "This
// book belongs to" large, over a long rule to write on with room above it
// for a name written big (most of an inch, a child's capitals), the two
// held together a little above the page's middle, where the eye puts it.
func (d *drawer) owner(live rect) {
	ts := d.p.ts
	mid := live.X + live.W/2
	size, lines := shrinkToFit(d.p.texts.BelongsTo, d.p.f.Display, ts.title, ts.body, live.W, 0.2*live.H)
	room := math.Max(1.8*size, 0.9*float64(book.Inch)) // from the last line's baseline
	block := float64(len(lines)-1)*size*lead + size + room
	y := d.lines(lines, mid, live.Y+0.42*live.H-block/2+size, d.p.f.Display, size, ink, AlignCenter)
	rule := y - size*lead + room
	w := 0.8 * live.W
	d.c.Line(mid-w/2, rule, mid+w/2, rule, math.Max(MinLine, ts.body/12), ink)
}

func (d *drawer) title(live rect) {
	s, ts := d.p.spec, d.p.ts
	mid := live.X + live.W/2
	y := live.Y + 0.22*live.H
	size, lines := shrinkToFit(s.Title, d.p.f.Display, ts.title, ts.body, live.W, 0.3*live.H)
	y = d.lines(lines, mid, y, d.p.f.Display, size, ink, AlignCenter)
	if s.Subtitle != "" {
		size, lines := shrinkToFit(s.Subtitle, d.p.f.Regular, ts.subtitle, ts.body, live.W, 0.2*live.H)
		y += 0.4 * size
		y = d.lines(lines, mid, y, d.p.f.Regular, size, quietInk, AlignCenter)
	}
	// A small grid as an ornament between the titles and the author: one
	// made for the page (book.Book.TitleGrid), never a puzzle of the
	// book, drawn as its kind (an X grid's diagonals, a jigsaw's regions,
	// a killer's cages). It is big enough to hold digits no smaller than
	// the book's finest print (and a killer's sums), and left out where
	// the titles leave no room for that.
	st := d.p.gridStyle()
	st.digitSize = 0
	room := live.Y + 0.8*live.H - y - ts.author*2
	place := func(need float64) (x, top, side float64, ok bool) {
		side = math.Min(math.Max(live.W*0.42, need), room)
		return mid - side/2, y + (live.Y+0.8*live.H-y-side)/2, side, side >= need
	}
	pz, ok := d.p.book.TitleGrid()
	if !ok {
		return
	}
	geo := pz.Geometry()
	need := max(minGridSide, st.sideForDigits(ts.small)*float64(geo.Width)/9, st.sideForSymbols(geo, ts.small))
	need = math.Max(need, layersSide(st, geo))
	if x, top, side, ok := place(need); ok && st.fits(geo, side) == nil && st.fitsLayers(geo, side) == nil {
		drawCells(d.c, x, top, side, geo, pz.Cells(), nil, st)
	}
}

// author sets the title page's author line near its foot.
func (d *drawer) author(live rect) {
	s, ts := d.p.spec, d.p.ts
	mid := live.X + live.W/2
	if s.Author != "" {
		d.lines(wrap(s.Author, d.p.f.Medium, ts.author, live.W), mid, live.Y+0.9*live.H, d.p.f.Medium, ts.author, ink, AlignCenter)
	}
}

// copyright sets the imprint at the foot of the page, as books do.
func (d *drawer) copyright(live rect) {
	s, ts, t := d.p.spec, d.p.ts, d.p.texts
	year := itoa(d.year)
	fill := func(str string) string {
		return templates.Fill(str, "title", s.Title, "author", s.Author, "year", year,
			"seed", itoa64(s.Seed), "generator", d.opt.Generator, "version", d.opt.Version)
	}
	type para struct {
		text string
		font Font
	}
	paras := []para{{s.Title, d.p.f.Bold}}
	if s.Subtitle != "" {
		paras = append(paras, para{s.Subtitle, d.p.f.Regular})
	}
	paras = append(paras, para{"", d.p.f.Regular}, para{fill(t.Copyright), d.p.f.Regular}, para{"", d.p.f.Regular})
	// Without a generator's name the line would credit nobody.
	if d.opt.Generator != "" {
		paras = append(paras, para{fill(t.GeneratedBy), d.p.f.Regular})
	}
	paras = append(paras, para{fill(t.Rebuild), d.p.f.Regular})
	var set [][]string
	n := 0
	for _, pa := range paras {
		l := wrap(pa.text, pa.font, ts.small, live.W)
		if len(l) == 0 {
			l = []string{""}
		}
		set = append(set, l)
		n += len(l)
	}
	step := ts.small * lead
	y := live.bottom() - ts.footBand() - float64(n-1)*step
	for i, l := range set {
		y = d.lines(l, live.X, y, paras[i].font, ts.small, ink, AlignLeft)
	}
}

// howToPlay sets the rules and a worked example from the book itself (see
// book.Book.Example): a puzzle with one cell framed and filled in, the
// caption naming its digit.
func (d *drawer) howToPlay(live rect, pg page) {
	t := d.p.texts
	ex, ok := d.p.example()
	r := rulesExample{geo: engine.Classic9, givens: ex.Puzzle.Givens, cell: ex.Cell, digit: ex.Digit, ok: ok}
	if ok {
		caption := t.ExampleCaption
		if d.p.forChildren(book.Variant{}) {
			caption = t.ChildExample
		}
		r.caption = templates.Fill(caption, "digit", itoa(int(ex.Digit)))
	}
	if d.p.exampleApart() {
		if len(pg.items) > 0 {
			d.examplePage(live, t.HowToPlayTitle, r)
			return
		}
		r.ok = false // on the next page
	}
	d.rulesPage(live, t.HowToPlayTitle, d.p.howToPlay(), r)
}

// examplePage sets a how-to-play example on a page of its own, as large
// as a puzzle page's grid, its digits in the puzzles' size, with its
// caption in the body's type and ink below: how a large-print book shows
// it, every word and digit in large print.
func (d *drawer) examplePage(live rect, title string, ex rulesExample) {
	ts := d.p.ts
	d.head(live, title)
	body := ts.bodyArea(live)
	st := d.p.gridStyle()
	st.highlight = ex.cell
	st.letters = ex.letters
	caption := wrap(ex.caption, d.p.f.Regular, ts.body, body.W)
	capH := float64(len(caption)+1) * ts.body * lead
	side := math.Min(body.W, body.H-2*ts.body*lead-capH)
	if side < minGridSide || st.fits(ex.geo, side) != nil {
		return
	}
	top := body.Y + ts.body*lead
	answer := make([]uint8, ex.geo.Cells)
	if ex.cell >= 0 {
		answer[ex.cell] = ex.digit
	}
	drawCells(d.c, body.X+(body.W-side)/2, top, side, ex.geo, ex.givens, answer, st)
	d.lines(caption, body.X+body.W/2, top+side+1.5*ts.body*lead, d.p.f.Regular, ts.body, ink, AlignCenter)
}

// rulesExample is the grid a how-to-play page shows: a puzzle of the
// book, the cell to frame and fill in (-1 for none), and the caption.
type rulesExample struct {
	geo     *engine.Geometry
	givens  []uint8
	cell    int
	digit   uint8
	caption string
	letters bool
	ok      bool // there is an example to show
	// legend names the shapes of a grid printed in shapes, 1 first: the
	// rules page draws them in a row after its first paragraph.
	legend []string
}

// rulesPage sets a how-to-play page: its title, its paragraphs and its
// example. Text that would leave too little room for the example is set
// smaller, down to the book's finest print (ts.small), never below it: in
// a large-print book that keeps every word at large-print size. The
// example is left out rather than drawn in cells too small for digits of
// that size.
func (d *drawer) rulesPage(live rect, title string, paragraphs []string, ex rulesExample) {
	ts := d.p.ts
	d.head(live, title)
	body := ts.bodyArea(live)
	st := d.p.gridStyle()
	st.highlight = ex.cell
	st.letters = ex.letters
	need := math.Max(minGridSide, st.sideForDigits(ts.small))
	if ex.geo.Width != 9 {
		// sideForDigits measures a 9x9 grid; a wider one needs more.
		need = math.Max(minGridSide, st.sideForDigits(ts.small)*float64(ex.geo.Width)/9)
	}
	need = math.Max(need, layersSide(st, ex.geo))
	capFont, capInk := d.p.f.Italic, quietInk
	if d.p.spec.Style.LargeDigits {
		// Large print reads in full ink and upright type.
		capFont, capInk = d.p.f.Regular, ink
	}
	var (
		size, capSize float64
		paras         [][]string
		caption       []string
		room          float64
	)
	for size = ts.body; ; size -= 0.5 {
		size = math.Max(size, ts.small)
		capSize = math.Max(ts.small, 0.85*size)
		paras = paras[:0]
		textH := size * lead
		for i, para := range paragraphs {
			l := wrap(para, d.p.f.Regular, size, body.W)
			paras = append(paras, l)
			textH += float64(len(l)) * size * lead
			if i > 0 {
				textH += size * lead / 2
			}
		}
		if len(ex.legend) > 0 {
			textH += legendHeight(size, body.W, len(ex.legend))
		}
		caption = nil
		if ex.ok {
			caption = wrap(ex.caption, capFont, capSize, body.W*0.8)
		}
		// Room for the grid: what is left after the text, a line's gap
		// above the grid and the caption below it.
		room = body.H - textH - 2*size - float64(len(caption)+1)*capSize*lead
		if room >= math.Max(2*minGridSide, need) || size <= ts.small {
			break
		}
	}
	y := body.Y + size*lead
	for i, l := range paras {
		if i > 0 {
			y += size * lead / 2
		}
		y = d.lines(l, body.X, y, d.p.f.Regular, size, ink, AlignLeft)
		if i == 0 && len(ex.legend) > 0 {
			y = d.legend(body, y, size, ex.legend)
		}
	}
	// A grid wider than 9 cells gets a wider share of the page, so that its
	// cells stay about as large as a classic example's; a smaller one the
	// classic share, so a child's 4x4 example has big cells.
	side := math.Min(body.W*math.Min(0.9, 0.6*float64(max(ex.geo.Width, 9))/9), room)
	if layersSide(st, ex.geo) > 0 {
		// An example with a drawn constraint (killer) takes the page's
		// width if it must, to keep its marks clear of the cells' digits.
		side = math.Min(math.Max(side, need), math.Min(body.W, room))
	}
	if !ex.ok || side < need || st.fits(ex.geo, side) != nil {
		return
	}
	top := y + size + (room-side)/2
	answer := make([]uint8, ex.geo.Cells)
	if ex.cell >= 0 {
		answer[ex.cell] = ex.digit
	}
	drawCells(d.c, body.X+(body.W-side)/2, top, side, ex.geo, ex.givens, answer, st)
	d.lines(caption, body.X+body.W/2, top+side+capSize*lead*1.2, capFont, capSize, capInk, AlignCenter)
}

// legendSide is the side of each shape of a legend of n shapes set
// with text of size across w: three lines of the text high, narrower
// where n of them with room between would not fit.
func legendSide(size, w float64, n int) float64 { return math.Min(3*size, w/(1.6*float64(n))) }

// legendHeight is the room a legend takes below the line before it.
func legendHeight(size, w float64, n int) float64 {
	return legendSide(size, w, n) + 2.2*size*lead
}

// legend draws the shapes of a grid of shapes in a row across body, from
// below the baseline y of the text before it, each filled as a given is,
// its name under it; it returns the baseline the next text follows.
func (d *drawer) legend(body rect, y, size float64, names []string) float64 {
	side := legendSide(size, body.W, len(names))
	top := y + 0.2*size*lead
	for i, name := range names {
		cx := body.X + body.W*(float64(i)+0.5)/float64(len(names))
		if pics := d.p.pics; pics != nil {
			drawPicture(d.c, pics, uint8(i+1), cx, top+side/2, side/shapeFit, true, false)
		} else {
			drawPath(d.c, symbolShape(uint8(i+1), cx, top+side/2, side/2), true, 0, Black)
		}
		d.c.Text(cx, top+side+1.2*size, fit(name, d.p.f.Regular, size, body.W/float64(len(names))), d.p.f.Regular, size, ink, AlignCenter)
	}
	return y + legendHeight(size, body.W, len(names))
}

func (d *drawer) contents(live rect, pg page) {
	ts, t := d.p.ts, d.p.texts
	d.head(live, t.Contents)
	body := ts.bodyArea(live)
	y := body.Y + ts.body*2
	dot := textWidth(d.p.f.Regular, ts.body, ". ")
	for _, i := range pg.items {
		e := d.p.contents[i]
		num := itoa(d.p.entryPage(e))
		numW := textWidth(d.p.f.Regular, ts.body, num)
		room := body.W - numW - 4*dot
		title := fit(e.title, d.p.f.Regular, ts.body, room)
		if e.section >= 0 {
			first, last := d.p.sectionRange(e.section)
			title = fitSection(oneOrRange(t.ContentsOne, t.ContentsEntry, first, last), e.title, d.p.f.Regular, ts.body, room)
		}
		d.c.Text(body.X, y, title, d.p.f.Regular, ts.body, ink, AlignLeft)
		d.c.Text(body.right(), y, num, d.p.f.Regular, ts.body, ink, AlignRight)
		// Dot leaders between, on a grid of their own so they line up from
		// entry to entry.
		from := body.X + textWidth(d.p.f.Regular, ts.body, title) + dot
		to := body.right() - numW - dot
		var b strings.Builder
		k := math.Ceil((from - body.X) / dot)
		for x := body.X + k*dot; x+dot <= to; x += dot {
			b.WriteString(". ")
		}
		if b.Len() > 0 {
			d.c.Text(body.X+k*dot, y, strings.TrimSpace(b.String()), d.p.f.Regular, ts.body, quietInk, AlignLeft)
		}
		y += ts.body * 2
	}
}

// fitSection fills a contents entry's template with the section's title,
// shortening the title rather than the entry where the line is too short:
// cut at the end, a long title would take the puzzle numbers with it.
func fitSection(tmpl, title string, f Font, size, width float64) string {
	entry := templates.Fill(tmpl, "section", title)
	if textWidth(f, size, entry) <= width {
		return entry
	}
	r := []rune(title)
	for len(r) > 1 {
		r = r[:len(r)-1]
		entry = templates.Fill(tmpl, "section", strings.TrimSpace(string(r))+"…")
		if textWidth(f, size, entry) <= width {
			return entry
		}
	}
	return fit(entry, f, size, width)
}

func (d *drawer) intro(live rect, pg page) { d.textPage(live, pg, d.p.texts.Intro) }

// hints heads each page of the appendix, the later ones as continued, so
// that a reader who opens the book there knows what the lines are.
func (d *drawer) hints(live rect, pg page) {
	if !pg.first {
		d.head(live, d.p.texts.HintsContinued)
	}
	d.textPage(live, pg, d.p.texts.Hints)
}

// textPage sets a page of running text, under head on the first page of
// its run.
func (d *drawer) textPage(live rect, pg page, head string) {
	ts := d.p.ts
	if pg.first {
		d.head(live, head)
	}
	body := ts.bodyArea(live)
	for _, l := range pg.lines {
		d.c.Text(body.X, body.Y+l.y, l.text, d.p.f.Regular, ts.body, ink, AlignLeft)
	}
}

func (d *drawer) puzzles(live rect, pg page) {
	ts, t := d.p.ts, d.p.texts
	d.head(live, sectionTitle(d.p.sections[pg.section], t))
	st := d.p.gridStyle()
	whole := ts.bodyArea(live)
	body := whole
	if d.p.spec.NameLine {
		d.nameLine(body)
		nl := ts.bands.NameLineHeight()
		body.Y, body.H = body.Y+nl, body.H-nl
	}
	head := sectionTitle(d.p.sections[pg.section], t)
	d.grids(body, pg, d.p.puzzleSlots, func(i int, x, labelBase, gridTop, side float64) {
		pz := d.p.book.At(i)
		label := templates.Fill(t.Puzzle, "number", itoa(pz.Number))
		d.c.Text(x, labelBase, label, d.p.f.Display, ts.label, ink, AlignLeft)
		room := side - textWidth(d.p.f.Display, ts.label, label) - ts.label
		d.c.Text(x+side, labelBase, d.puzzleNote(pz, head, room), d.p.f.Medium, ts.label, quietInk, AlignRight)
		drawCells(d.c, x, gridTop, side, pz.Geometry(), pz.Cells(), nil, st)
	})
	if d.p.foot() {
		d.footAnswers(whole, pg)
	}
}

// footAnswers sets a worksheet page's solutions in the band at the foot
// of its body area, below a dashed rule across the page: each in its slot
// as a solutions page labels it, the whole band turned half a turn about
// its middle, so that turned to be read, the page shows the first
// puzzle's answer first, at the top left.
func (d *drawer) footAnswers(body rect, pg page) {
	ts, t := d.p.ts, d.p.texts
	foot := d.p.spec.FootHeight(body.H)
	top := body.Y + body.H - foot
	rule := top + book.FootRuleGap/2
	w := d.p.gridStyle().thin
	dash, gap := 3*w+2, 2*w+2
	for x := body.X + w/2; x < body.right()-w/2; x += dash + gap {
		d.c.Line(x, rule, math.Min(x+dash, body.right()-w/2), rule, w, quietInk)
	}
	sl := d.p.solutionSlots
	turned(d.c, body.X+body.W/2, (top+book.FootRuleGap+body.bottom())/2, func() {
		d.grids(body, pg, sl, func(i int, x, labelBase, gridTop, side float64) {
			pz := d.p.book.At(i)
			d.c.Text(x, labelBase, templates.Fill(t.Solution, "number", itoa(pz.Number)), d.p.f.Display, ts.small, ink, AlignLeft)
			geo := pz.Geometry()
			drawCells(d.c, x, gridTop, side, geo, pz.Cells(), pz.SolutionCells(), d.p.solnStyleFor(sl, geo.Width))
		})
	})
}

// saysLevel reports whether a page's head already names level: it is the
// level, or ends with it as a kind's section does ("16x16 Sudoku: Easy").
func saysLevel(head, level string) bool {
	if head == level {
		return true
	}
	rest, ok := strings.CutSuffix(head, level)
	return ok && strings.HasSuffix(rest, ": ")
}

// puzzleNote is what a puzzle's label line says on the right: its level
// (with its rating where the spec asks), unless the page's head already
// says it, and the page of its solution. Where the line has no room for
// both, the solution's page wins: a reader can find the level from the
// head or the contents, not the answer.
func (d *drawer) puzzleNote(pz *book.Puzzle, head string, room float64) string {
	t, f, size := d.p.texts, d.p.f.Regular, d.p.ts.label
	level := t.Level(pz.Level.String())
	if saysLevel(head, level) {
		level = ""
	}
	if d.p.spec.ShowRating {
		level = joinSep(" · ", level, "SE "+pz.Rating.String())
	}
	sol := ""
	// A worksheet's answer is at the foot of the same page: no page to
	// name.
	if n := d.pm.Solution[pz.Number]; n > 0 && t.SolutionPage != "" && !d.p.foot() {
		sol = templates.Fill(t.SolutionPage, "page", itoa(n))
	}
	note := joinSep(" · ", level, sol)
	if textWidth(f, size, note) > room && sol != "" {
		note = sol
	}
	return fit(note, f, size, room)
}

// joinSep joins the non-empty strings of parts with sep.
func joinSep(sep string, parts ...string) string {
	var kept []string
	for _, s := range parts {
		if s != "" {
			kept = append(kept, s)
		}
	}
	return strings.Join(kept, sep)
}

func (d *drawer) solutions(live rect, pg page) {
	ts, t := d.p.ts, d.p.texts
	first, last := d.p.book.At(pg.items[0]).Number, d.p.book.At(pg.items[len(pg.items)-1]).Number
	head := numberRange(t.SolutionsRange, first, last)
	if first == last {
		// A page of one solution (often the book's last) is headed in the
		// singular: "Solution 100", not "Solutions 100".
		head = templates.Fill(t.SolutionsOne, "first", itoa(first))
	}
	d.head(live, head)
	sl := d.p.solutionSlotsOf(pg)
	d.grids(ts.bodyArea(live), pg, sl, func(i int, x, labelBase, gridTop, side float64) {
		pz := d.p.book.At(i)
		label := templates.Fill(t.Solution, "number", itoa(pz.Number))
		d.c.Text(x, labelBase, label, d.p.f.Display, ts.small, ink, AlignLeft)
		if n := d.pm.Puzzle[pz.Number]; n > 0 && t.PuzzlePage != "" {
			room := side - textWidth(d.p.f.Display, ts.small, label) - ts.small
			d.c.Text(x+side, labelBase, fit(templates.Fill(t.PuzzlePage, "page", itoa(n)), d.p.f.Medium, ts.small, room), d.p.f.Medium, ts.small, quietInk, AlignRight)
		}
		geo := pz.Geometry()
		drawCells(d.c, x, gridTop, side, geo, pz.Cells(), pz.SolutionCells(), d.p.solnStyleFor(sl, geo.Width))
	})
}

// grids walks a page's items through its slots, row by row; the slots are
// placed in body.
func (d *drawer) grids(body rect, pg page, sl slots, each func(item int, x, labelBase, gridTop, side float64)) {
	for k, it := range pg.items {
		x := body.X + sl.xs[k%sl.cols]
		top := body.Y + sl.ys[k/sl.cols]
		gridTop := top + sl.labelH
		each(it, x, gridTop-0.45*sl.labelH, gridTop, sl.side)
	}
}

// numberRange fills the numbers of a range text ("Solutions
// {first}[–{last}]"), leaving the last number out of a run of one. Other
// placeholders are kept for a later Fill.
func numberRange(text string, first, last int) string {
	l := itoa(last)
	if last == first {
		l = ""
	}
	return templates.Fill(text, "first", itoa(first), "last", l)
}

// oneOrRange fills one, in the singular, for a run of a single puzzle and
// the range text many otherwise.
func oneOrRange(one, many string, first, last int) string {
	if first == last {
		return templates.Fill(one, "first", itoa(first))
	}
	return numberRange(many, first, last)
}

// sectionRange is the first and last puzzle numbers of a section.
func (p *plan) sectionRange(si int) (first, last int) {
	ps := p.sections[si].Puzzles
	if len(ps) == 0 {
		return 0, 0
	}
	return ps[0].Number, ps[len(ps)-1].Number
}

// nameLine sets a worksheet's line at the top of body: each label (Name,
// Date, Time) followed by a rule to write on, the name's rule the longest.
func (d *drawer) nameLine(body rect) {
	ts, labels := d.p.ts, d.p.texts.NameLine
	if len(labels) == 0 {
		return
	}
	base := body.Y + 1.4*ts.body
	gap := 1.2 * ts.body
	// The name gets twice the writing room of the others.
	shares := float64(len(labels) + 1)
	room := body.W - float64(len(labels)-1)*gap
	for _, l := range labels {
		room -= textWidth(d.p.f.Regular, ts.body, l) + 0.4*ts.body
	}
	x := body.X
	w := d.p.gridStyle().thin
	for i, l := range labels {
		d.c.Text(x, base, l, d.p.f.Regular, ts.body, ink, AlignLeft)
		x += textWidth(d.p.f.Regular, ts.body, l) + 0.4*ts.body
		rule := room / shares
		if i == 0 {
			rule *= 2
		}
		d.c.Line(x+w/2, base+w, x+rule-w/2, base+w, w, ink)
		x += rule + gap
	}
}

// opener sets a section's opening page: its title large in the upper
// third, a rule, and the numbers of its puzzles.
func (d *drawer) opener(live rect, pg page) {
	ts, t := d.p.ts, d.p.texts
	mid := live.X + live.W/2
	y := live.Y + 0.36*live.H
	y = d.lines(wrap(sectionTitle(d.p.sections[pg.section], t), d.p.f.Display, ts.title, live.W), mid, y, d.p.f.Display, ts.title, ink, AlignCenter)
	w := d.p.gridStyle().thin
	rule := y - 0.5*ts.title
	d.c.Line(mid-0.15*live.W, rule, mid+0.15*live.W, rule, w, ink)
	first, last := d.p.sectionRange(pg.section)
	d.lines([]string{oneOrRange(t.PuzzleOne, t.PuzzleRange, first, last)}, mid, rule+1.6*ts.subtitle, d.p.f.Regular, ts.subtitle, quietInk, AlignCenter)
}

// lesson draws a technique page: the technique's name, the candidate grid
// of the lesson's moment with the step's cells marked and the candidates
// it removes struck out (a placed digit is set bold), the caption in the
// book's language and the moves in the notation of the hints. The cells
// are marked by a heavy frame inside them rather than a grey fill: no
// interior grey may be lighter than lightestInk, and a fill that dark
// would drown the candidates.
//
// A killer's grid keeps its cages, and each cell's candidates sit below
// the height of a cage sum, so that no candidate runs into a sum.
func (d *drawer) lesson(live rect, l book.Lesson) {
	ts, t := d.p.ts, d.p.texts
	d.head(live, lessonTitle(t, l))
	body := ts.bodyArea(live)
	st := d.p.gridStyle()
	st.digitSize = 0
	side := math.Min(body.W, 0.7*body.H)
	x, y := body.X+(body.W-side)/2, body.Y
	geo := l.Puzzle.Geometry()
	killer := len(geo.Cages) > 0
	// The pattern's cells are grey, the cells that change framed: two
	// marks that differ in kind, not in a tint, so they part in greyscale
	// and on a press.
	st.shade = l.Pattern
	if killer {
		// Framed under the cages, so that no frame crosses a sum.
		st.frames = l.Targets
	}
	fr := drawCells(d.c, x, y, side, geo, l.Board.Cells[:geo.Cells], nil, st)
	cell := fr.cell
	if !killer {
		for _, c := range l.Targets {
			frameCell(d.c, fr, c, lessonFrame(fr))
		}
	}
	// Candidates sit in a 3x3 pattern inside their cell, 1 at the top
	// left: over the whole cell, or in a killer between the cage outline
	// and under the tallest sum's knockout.
	area := rect{0, 0, cell, cell}
	if killer {
		in := (cageInset + 0.04) * cell // clear of the dashes
		k := cageSumBox(fr, 0, 45).knock
		top := k.Y + k.H - fr.cellBox(0).Y
		area = rect{in, top, cell - 2*in, cell - in - top}
	}
	pitch := math.Min(area.W, area.H) / 3
	// Never under the book's finest print: a killer's candidates on a
	// small trim would otherwise drop below it.
	size := math.Max(pitch*0.75, MinText)
	f := d.p.f.Regular
	// The digits the pattern is about, set bold in its grey cells, so
	// the eye finds where the digit can go before it reads the caption.
	var patternDigits uint32
	for _, pt := range l.Step.Pattern.Parts {
		if pt.Role == engine.RoleDigit {
			patternDigits |= pt.Digits
		}
	}
	// A chain's choices, set bold in its start cells: where the reader
	// starts following it.
	var choices uint32
	if len(l.Start) > 0 {
		choices = l.Step.Pattern.Parts[0].Digits
	}
	for c := range geo.Cells {
		if l.Board.Cells[c] != 0 {
			continue
		}
		b := fr.cellBox(c)
		for m := l.Board.Cands[c]; m != 0; m &= m - 1 {
			dg := engine.FirstDigit(m)
			k := int(dg - 1)
			cx := b.X + area.X + (float64(k%3)+0.5)*area.W/3
			cy := b.Y + area.Y + (float64(k/3)+0.5)*area.H/3
			font := f
			struck := slices.Contains(l.Step.Eliminations, engine.Elimination{Cell: c, Digit: dg})
			if struck || slices.Contains(l.Step.Placements, engine.Placement{Cell: c, Digit: dg}) ||
				patternDigits&engine.Bit(dg) != 0 && slices.Contains(l.Pattern, c) ||
				choices&engine.Bit(dg) != 0 && slices.Contains(l.Start, c) {
				font = d.p.f.Bold
			}
			d.c.Text(cx-digitMid(font, size, dg), cy+digitHeight(font, size)/2, string(rune('0'+dg)), font, size, ink, AlignLeft)
			if struck {
				// One stroke as heavy as a box line across the candidate,
				// set bold beneath it: what the step removes is seen
				// before it is read, and the digit still reads on either
				// side of the stroke, where a cross hid it.
				h := pitch / 2 * 0.85
				w := math.Min(fr.st.thick, math.Max(st.thin, 0.12*pitch))
				d.c.Line(cx-h, cy+h, cx+h, cy-h, w, ink)
			}
		}
	}
	capY := y + side + 1.5*ts.body*lead
	// The step in words first, in the body's ink: the sentence that
	// teaches; then how to read the grid, quieter.
	told := upperFirst(l.Told)
	if told != "" && !strings.HasSuffix(told, ".") {
		told += "." // one sentence, ended as one
	}
	if told != "" {
		capY = d.lines(wrap(told, d.p.f.Regular, ts.body, body.W), body.X, capY, d.p.f.Regular, ts.body, ink, AlignLeft)
		d.lines(wrap(lessonCaption(t, l), d.p.f.Regular, ts.body, body.W), body.X, capY+0.5*ts.body, d.p.f.Regular, ts.body, quietInk, AlignLeft)
		return
	}
	lines := wrap(lessonCaption(t, l), d.p.f.Regular, ts.body, body.W)
	capY = d.lines(lines, body.X, capY, d.p.f.Regular, ts.body, ink, AlignLeft)
	if told == "" {
		var moves []string
		for _, p := range l.Step.Placements {
			moves = append(moves, fmt.Sprintf("%s=%d", geo.CellName(p.Cell), p.Digit))
		}
		for _, e := range l.Step.Eliminations {
			moves = append(moves, fmt.Sprintf("%s≠%d", geo.CellName(e.Cell), e.Digit))
		}
		told = strings.Join(moves, ", ")
	}
	d.lines(wrap(told, d.p.f.Regular, ts.body, body.W), body.X, capY+0.5*ts.body, d.p.f.Regular, ts.body, quietInk, AlignLeft)
}

// lessonCaption is a lesson's caption: a killer's first steps in its own
// terms (the cage or the house, its sum and the digit sets it leaves),
// any other step in the words every technique page shares.
func lessonCaption(t *templates.Texts, l book.Lesson) string {
	k := l.Sum
	if k == nil {
		return t.Tutorial
	}
	sets := strings.Join(k.Sets, " "+t.SetsOr+" ")
	if k.Kind == book.SumCage {
		return templates.Fill(t.KillerTutorialCage, "sum", itoa(k.Sum), "size", itoa(k.Size), "sets", sets)
	}
	house := map[string]string{"row": t.HouseRow, "column": t.HouseColumn, "box": t.HouseBox}[k.House]
	text := t.KillerTutorialInnies
	if k.Kind == book.SumOuties {
		text = t.KillerTutorialOuties
	}
	return templates.Fill(text, "house", templates.Fill(house, "n", itoa(k.Index)),
		"total", itoa(k.Total), "cages", itoa(k.Cages), "sum", itoa(k.Sum), "sets", sets)
}
