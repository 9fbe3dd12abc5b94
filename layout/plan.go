package layout

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/templates"
)

// The page plan is the one model of the book's pages: the PDF is drawn from
// it and the PageMap is read from it, so the two cannot disagree. Planning
// measures but never draws.

type pageKind int

const (
	blankPage pageKind = iota
	titlePage
	copyrightPage
	howToPlayPage
	contentsPage
	introPage
	puzzlePage
	solutionPage
	openerPage    // a section's own first page: its title and puzzle numbers
	hintsPage     // the hints appendix: one line per puzzle beyond the easy rungs
	lessonPage    // a technique at work in a puzzle made for the page
	kindRulesPage // how to play a kind other than classic 9x9
	combosPage    // killer cage combinations: the side (items[0]) and the page of them (items[1])
	ownerPage     // "This book belongs to" and a line for a name
)

// page is one planned page.
type page struct {
	kind    pageKind
	section int          // puzzlePage, openerPage: index into Book.Sections
	first   bool         // the first page of its run (section, solutions, contents, intro)
	items   []int        // puzzlePage, solutionPage: indexes into plan.puzzles; contentsPage: entry indexes; lessonPage: index into plan.lessons
	lines   []placedLine // introPage, hintsPage
	figure  bool         // solutionPage: solutions of figures of several grids (see figure.go)
}

// folio reports whether the page prints its number.
func (p page) folio() bool {
	return p.kind != blankPage && p.kind != titlePage && p.kind != openerPage && p.kind != ownerPage
}

// placedLine is a line of running text and its baseline's distance below
// the top of the text block.
type placedLine struct {
	text string
	y    float64
}

type plan struct {
	spec     *book.Spec
	pics     []*picture // the user's pictures (style.pictures), or nil
	texts    *templates.Texts
	geo      geometry
	ts       typeScale
	f        fontSet
	sections []book.Section
	book     *book.Book // its puzzles in print order: book.At, book.All (no copy)
	pages    []page

	sectionFirst   []int // page number of each section's first page
	solutionsFirst int   // page number of the first solutions page
	hintsFirst     int   // page number of the first hints page; 0 without hints
	lessonFirst    []int // page number of each lesson
	contents       []contentsEntry

	puzzleSlots, solutionSlots slots
	figureSlots                slots // solutions of figures, two a page

	ex        book.Example // the front matter's worked example
	exampleOK bool         // whether the book has one
	lessons   []book.Lesson
	kinds     []book.KindExample // the kinds with a how-to-play page of their own
	kindSides [][]int            // the sides each kind's page speaks for
}

// exampleApart reports whether the classic how-to-play example takes a
// page of its own after the rules: in large print, where the rules leave
// too little of the page for a grid whose digits match the puzzles'. A
// kind's example does so too (kindRulesPage items {i, 1}).
func (p *plan) exampleApart() bool { return p.spec.Style.LargeDigits && p.exampleOK }

// foot reports whether the book prints each puzzle's solution upside
// down at the foot of its page (solutions: foot), a worksheet's answers,
// and so has no solutions appendix.
func (p *plan) foot() bool { return p.spec.Solutions == book.SolutionsFoot }

// example is the book's worked example, if it has one.
func (p *plan) example() (book.Example, bool) { return p.ex, p.exampleOK }

type contentsEntry struct {
	title   string
	section int // index into Book.Sections, or one of the entries below
	lesson  int // entryLesson: index into plan.lessons
}

// Contents entries past the sections: the back matter a reader looks up.
const (
	entrySolutions = -1 - iota
	entryHints
	entryLesson
)

// page is the page number the entry points at.
func (p *plan) entryPage(e contentsEntry) int {
	switch e.section {
	case entrySolutions:
		return p.solutionsFirst
	case entryHints:
		return p.hintsFirst
	case entryLesson:
		return p.lessonFirst[e.lesson]
	}
	return p.sectionFirst[e.section]
}

// typeScale holds the text sizes of a book: book.TypeScale, which the
// spec's validation measures pages with too.
type typeScale struct {
	body, small, label, head, title, subtitle, author float64
	bands                                             book.TypeScale
}

// lead is the line height as a multiple of the text size.
const lead = 1.4

func scaleFor(s book.Style) typeScale {
	b := book.TypeScaleFor(s)
	return typeScale{
		body: b.Body, small: b.Small, label: b.Label, head: b.Head,
		title: b.Title, subtitle: b.Subtitle, author: b.Author, bands: b,
	}
}

// Bands at the top and bottom of the live area hold the running head and
// the folio.
func (ts typeScale) headBand() float64 { return ts.bands.HeadBand() }
func (ts typeScale) footBand() float64 { return ts.bands.FootBand() }

// bodyArea is the part of a live area between the head and foot bands.
func (ts typeScale) bodyArea(c rect) rect {
	top := ts.headBand()
	return rect{c.X, c.Y + top, c.W, c.H - top - ts.footBand()}
}

// makePlan lays the book out with the given geometry. The caller fixes the
// gutter; see planBook for how it follows the page count.
func makePlan(b *book.Book, texts *templates.Texts, geo geometry) *plan {
	p := &plan{spec: b.Spec, texts: texts, geo: geo, ts: scaleFor(b.Spec.Style), f: planFonts(b.Spec), sections: b.Sections, book: b}
	p.ex, p.exampleOK = b.Example()
	p.kinds, p.kindSides = kindPages(b, texts)
	if b.Spec.Tutorial {
		// A puzzle that does not grade cannot be in a book: Assemble
		// has graded every one, so an error here leaves the lessons out.
		p.lessons, _ = b.Lessons()
	}
	s := b.Spec
	add := func(pg page) { p.pages = append(p.pages, pg) }
	// toRight makes the next page a right-hand (odd) page.
	toRight := func() {
		if len(p.pages)%2 == 1 {
			add(page{kind: blankPage})
		}
	}
	startRun := func() {
		if s.SectionStart == book.StartRight {
			toRight()
		}
	}

	if s.Front.TitlePage {
		add(page{kind: titlePage})
	}
	if s.Front.Copyright {
		add(page{kind: copyrightPage})
	}
	// The owner's page faces the reader on a right-hand page, after the
	// title and its copyright.
	if s.Front.BelongsTo && texts.BelongsTo != "" {
		add(page{kind: ownerPage})
	}
	if s.Front.HowToPlay {
		if p.classicRules() {
			add(page{kind: howToPlayPage})
			if p.exampleApart() {
				add(page{kind: howToPlayPage, items: []int{1}})
			}
		}
		for i := range p.kinds {
			add(page{kind: kindRulesPage, items: []int{i}})
			if p.spec.Style.LargeDigits && p.kinds[i].Puzzle.Givens != nil {
				add(page{kind: kindRulesPage, items: []int{i, 1}}) // its example, as exampleApart
			}
		}
	}
	for _, n := range killerSides(b) {
		for k := range p.comboSheet(n).pages {
			add(page{kind: combosPage, items: []int{n, k}})
		}
	}
	var hints [][]placedLine
	if s.Hints {
		hints = p.hintPages()
	}
	if s.Front.Contents {
		// Each technique's page is listed where it is printed, before
		// its section: a reader looks a technique up by name. The hints
		// are listed too: a back matter the contents leave out is only
		// found by leafing.
		for i, sec := range b.Sections {
			for k, l := range p.lessons {
				if l.Section == i || i == 0 && l.Section >= len(b.Sections) {
					p.contents = append(p.contents, contentsEntry{title: lessonTitle(texts, l), section: entryLesson, lesson: k})
				}
			}
			p.contents = append(p.contents, contentsEntry{title: sectionTitle(sec, texts), section: i})
		}
		if !p.foot() {
			p.contents = append(p.contents, contentsEntry{title: texts.Solutions, section: entrySolutions})
		}
		if len(hints) > 0 {
			p.contents = append(p.contents, contentsEntry{title: texts.Hints, section: entryHints})
		}
		perPage := max(1, int(p.ts.bodyArea(geo.content(1)).H/(p.ts.body*2)))
		for i := 0; i < len(p.contents); i += perPage {
			pg := page{kind: contentsPage, first: i == 0}
			for j := i; j < min(i+perPage, len(p.contents)); j++ {
				pg.items = append(pg.items, j)
			}
			add(pg)
		}
	}
	if intro := strings.TrimSpace(s.Intro); intro != "" {
		for i, lines := range p.introPages(intro) {
			add(page{kind: introPage, first: i == 0, lines: lines})
		}
	}

	ps, ss := s.PageSlots(book.Length(geo.gutter))
	p.puzzleSlots, p.solutionSlots = slotsOf(ps), slotsOf(ss)
	p.figureSlots = slotsOf(s.FigureSolutionSlots(book.Length(geo.gutter)))

	// Each lesson comes before the first section whose puzzles need its
	// technique (a drill's lesson before the drill), so a reader learns
	// it before they meet it; lessonFirst stays in lesson order for the
	// contents.
	p.lessonFirst = make([]int, len(p.lessons))
	next := 0 // index of a puzzle in print order (book.At)
	for si, sec := range b.Sections {
		var mine []int
		for i, l := range p.lessons {
			if l.Section == si || si == 0 && l.Section >= len(b.Sections) {
				mine = append(mine, i)
			}
		}
		if s.SectionStart == book.StartRight && (len(p.pages)+len(mine))%2 == 1 {
			// The blank a right-hand start needs goes before the lessons,
			// so that the last of them faces the section's first page.
			add(page{kind: blankPage})
		}
		for _, i := range mine {
			p.lessonFirst[i] = len(p.pages) + 1
			add(page{kind: lessonPage, first: i == 0, items: []int{i}})
		}
		startRun()
		p.sectionFirst = append(p.sectionFirst, len(p.pages)+1)
		if s.SectionOpeners {
			add(page{kind: openerPage, section: si})
		}
		for i := 0; i < len(sec.Puzzles); i += s.PuzzlesPerPage {
			pg := page{kind: puzzlePage, section: si, first: i == 0}
			for j := i; j < min(i+s.PuzzlesPerPage, len(sec.Puzzles)); j++ {
				pg.items = append(pg.items, next)
				next++
			}
			add(pg)
		}
	}

	if !p.foot() {
		startRun()
		p.solutionsFirst = len(p.pages) + 1
		runs, figure := solutionRuns(b, s.SolutionsPerPage)
		for k, run := range runs {
			add(page{kind: solutionPage, first: k == 0, items: run, figure: figure[k]})
		}
	}
	for i, lines := range hints {
		if i == 0 {
			p.hintsFirst = len(p.pages) + 1
		}
		add(page{kind: hintsPage, first: i == 0, lines: lines})
	}
	if len(p.pages)%2 == 1 {
		add(page{kind: blankPage})
	}
	return p
}

// planBook plans the book and, with an automatic gutter, settles the gutter
// on the final page count. A wider gutter narrows the text block, which can
// only add intro lines and so pages, which can only widen the gutter: the
// loop climbs the gutter table from its lowest step and stops at the first
// gutter that its own page count asks for.
func planBook(b *book.Book, texts *templates.Texts) *plan {
	geo := geometryFor(b.Spec)
	if !b.Spec.Margins.InsideAuto {
		return makePlan(b, texts, geo)
	}
	geo.gutter = float64(book.GutterFor(0))
	for {
		p := makePlan(b, texts, geo)
		g := float64(book.GutterFor(len(p.pages)))
		if g <= geo.gutter {
			return p
		}
		geo.gutter = g
	}
}

// hasPuzzle reports whether some puzzle of b is as f says.
func hasPuzzle(b *book.Book, f func(*book.Puzzle) bool) bool {
	for pz := range b.All() {
		if f(pz) {
			return true
		}
	}
	return false
}

// pageMap reads where each puzzle and solution fell.
func (p *plan) pageMap() book.PageMap {
	pm := book.PageMap{Puzzle: map[int]int{}, Solution: map[int]int{}, Pages: len(p.pages)}
	for i, pg := range p.pages {
		for _, it := range pg.items {
			switch pg.kind {
			case puzzlePage:
				pm.Puzzle[p.book.At(it).Number] = i + 1
				if p.foot() {
					pm.Solution[p.book.At(it).Number] = i + 1
				}
			case solutionPage:
				pm.Solution[p.book.At(it).Number] = i + 1
			}
		}
	}
	return pm
}

// sectionTitle is a section's printed title: its own, or its level's name.
func sectionTitle(s book.Section, t *templates.Texts) string {
	if s.Title != "" {
		return s.Title
	}
	return t.Level(s.Level.String())
}

// lessonTitle is a lesson page's heading: its technique's name, which the
// language files keep in lower case for use inside a sentence
// ("skyscraper"), with a capital as a heading takes.
func lessonTitle(t *templates.Texts, l book.Lesson) string {
	return upperFirst(t.Technique(l.Technique.String()))
}

// upperFirst capitalises the first letter of s.
func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || unicode.IsUpper(r) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// introPages sets the intro's paragraphs into lines and deals them out to
// pages; the first page loses its head band to the heading.
func (p *plan) introPages(text string) [][]placedLine {
	return p.textPages(paragraphs(text), 0.5)
}

// hintPages sets the hints appendix: a paragraph per puzzle that has a
// hint, "12. x-wing: r5c3-4, r9c8-4".
func (p *plan) hintPages() [][]placedLine {
	var paras []string
	for pz := range p.book.All() {
		if pz.Hint != "" {
			paras = append(paras, itoa(pz.Number)+". "+upperFirst(pz.Hint))
		}
	}
	return p.textPages(paras, 0.25)
}

// textPages wraps paragraphs to the text block and cuts them into pages,
// with gap lines of space between paragraphs.
func (p *plan) textPages(paras []string, gap float64) [][]placedLine {
	body := p.ts.bodyArea(p.geo.content(1))
	// Left and right pages differ only in position, so page 1's width
	// serves for all.
	step := p.ts.body * lead
	var pages [][]placedLine
	var cur []placedLine
	y := step
	for pi, para := range paras {
		if pi > 0 {
			y += step * gap
		}
		for _, line := range wrap(para, p.f.Regular, p.ts.body, body.W) {
			if y > body.H && len(cur) > 0 {
				pages = append(pages, cur)
				cur, y = nil, step
			}
			cur = append(cur, placedLine{line, y})
			y += step
		}
	}
	if len(cur) > 0 {
		pages = append(pages, cur)
	}
	return pages
}

// slots are the places of the grids on a puzzle or solution page, relative
// to the body area: each slot is a label line above a square grid. They
// come from book.Spec.PageSlots, the rule validation checks a spec by.
type slots struct {
	cols, rows int
	side       float64
	labelH     float64
	xs, ys     []float64 // left of each column's grid, top of each row's label
}

func slotsOf(s book.Slots) slots {
	return slots{cols: s.Cols, rows: s.Rows, side: s.Side, labelH: s.LabelH, xs: s.Xs, ys: s.Ys}
}

// promise is what is true of this book's puzzles: "no guessing is needed"
// only when no puzzle in it needed trial and error to grade
// (engine.Technique.Guesses).
func (p *plan) promise() string {
	if hasPuzzle(p.book, func(pz *book.Puzzle) bool { return pz.Hardest.Guesses() }) {
		return p.texts.TrialNeeded
	}
	return p.texts.LogicOnly
}

// howToPlay is the how-to-play page's paragraphs, with the promise that
// is true of this book: "no guessing is needed" only when no puzzle in it
// needed trial and error to grade (engine.Technique.Guesses).
func (p *plan) howToPlay() []string {
	if p.forChildren(book.Variant{}) {
		return fillAll(p.texts.ChildRules, []string{"low", "1", "high", "9"})
	}
	promise := p.promise()
	out := make([]string, len(p.texts.HowToPlay))
	for i, para := range p.texts.HowToPlay {
		out[i] = templates.Fill(para, "promise", promise)
	}
	return out
}
