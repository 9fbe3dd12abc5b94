package layout

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/internal/pdftest"
)

// TestHintsAppendix: with hints on, the book ends with hints pages (bar a
// closing blank) holding one entry per puzzle that has a hint, in puzzle
// order, under the language's heading; without hints there are none.
func TestHintsAppendix(t *testing.T) {
	s := testSpec()
	s.Hints = true
	b := testBook(s, 30, 30)
	for si := range b.Sections {
		for j := range b.Sections[si].Puzzles {
			pz := &b.Sections[si].Puzzles[j]
			if pz.Number%3 != 0 { // every third puzzle is solved by singles
				pz.Hint = "x-wing: r5c3≠4, r9c8≠4 " + strings.Repeat("and more ", pz.Number%5)
			}
		}
	}
	p := planBook(b, mustTexts(t, "en"))
	var got []string
	firstHints, seenSolutions := -1, false
	for n, pg := range p.pages {
		switch pg.kind {
		case solutionPage:
			seenSolutions = true
			if firstHints >= 0 {
				t.Fatalf("page %d: solutions after the hints", n+1)
			}
		case hintsPage:
			if firstHints < 0 {
				firstHints = n
				if !pg.first || !seenSolutions {
					t.Fatalf("page %d: the first hints page is not marked first, or comes before the solutions", n+1)
				}
			}
			for _, l := range pg.lines {
				got = append(got, l.text)
			}
		}
	}
	if firstHints < 0 {
		t.Fatal("no hints page")
	}
	joined := strings.Join(got, " ")
	for n := 1; n <= 60; n++ {
		has := strings.Contains(joined, " "+itoa(n)+". X-wing") || strings.HasPrefix(joined, itoa(n)+". X-wing")
		if has != (n%3 != 0) {
			t.Errorf("puzzle %d: hint listed %v, want %v", n, has, n%3 != 0)
		}
	}
	s.Hints = false
	for _, pg := range planBook(b, mustTexts(t, "en")).pages {
		if pg.kind == hintsPage {
			t.Fatal("a hints page without hints: true")
		}
	}
}

// TestLessonPages: with tutorial on, the book ends with one page per
// lesson the book gives, in ladder order; without it, none.
func TestLessonPages(t *testing.T) {
	s := testSpec()
	s.Tutorial = true
	b := testBook(s, 2)
	grids := []string{
		"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", // pointing
		"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..", // singles
	}
	for j, gs := range grids {
		g := engine.MustParseGrid(gs)
		res, err := engine.Grade(engine.Classic9, g.Cells(), engine.GradeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		sol, err := engine.Solve(engine.Classic9, g.Cells())
		if err != nil {
			t.Fatal(err)
		}
		pz := &b.Sections[0].Puzzles[j]
		pz.Geo, pz.Givens, pz.Answer, pz.Hardest = engine.Classic9, g[:], sol, res.Hardest
	}
	p := planBook(b, mustTexts(t, "en"))
	var lessons []int
	for _, pg := range p.pages {
		if pg.kind == lessonPage {
			lessons = append(lessons, pg.items[0])
		}
	}
	if len(lessons) != 1 || p.lessons[lessons[0]].Technique != engine.Pointing {
		t.Fatalf("lesson pages %v (%d lessons), want one, on pointing", lessons, len(p.lessons))
	}
	// The page tells the step in a sentence and draws the pattern's
	// cells grey, one fill each, apart from the framed targets.
	l := p.lessons[lessons[0]]
	ctx, err := pdftest.Open(render(t, b, testOptions).PDF)
	if err != nil {
		t.Fatal(err)
	}
	for n, pg := range p.pages {
		if pg.kind != lessonPage {
			continue
		}
		content := pageContent(t, ctx, n+1)
		text := strings.Join(strings.Fields(strings.Join(pageText(t, content), " ")), " ")
		if want := upperFirst(l.Told); l.Told == "" || !strings.Contains(text, want) {
			t.Errorf("page %d: the step in words %q not printed; page reads %q", n+1, want, text)
		}
		_, fills := pdftest.Marks([]byte(content))
		grey := 0
		for _, f := range fills {
			if math.Abs(f.Grey-float64(shadeFill)) < 0.01 {
				grey++
			}
		}
		if len(l.Pattern) == 0 || grey != len(l.Pattern) {
			t.Errorf("page %d: %d grey cells, want the pattern's %d (%v; targets %v)", n+1, grey, len(l.Pattern), l.Pattern, l.Targets)
		}
	}
	s.Tutorial = false
	for _, pg := range planBook(b, mustTexts(t, "en")).pages {
		if pg.kind == lessonPage {
			t.Fatal("a lesson page without tutorial: true")
		}
	}
}

// TestKillerLessonPages: a killer book with tutorial on has a page on a
// cage combination and one on the rule of 45, each with its caption in
// the killer's terms (the cage's sum, the house and its sums), the cages
// drawn, and every candidate clear of every cage sum's knockout and no
// smaller than the book's finest print, on a 6x9in trim.
func TestKillerLessonPages(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	spec := testSpec()
	// The smallest trim a killer prints on one a page: its candidates are
	// squeezed under the sums, and must stay at the book's finest print.
	spec.Trim = book.Size{W: 6 * 72, H: 9 * 72}
	spec.PuzzlesPerPage = 1
	spec.Tutorial = true
	b := killerBook(spec, testKiller(t), 2)
	en := mustTexts(t, "en")
	p := planBook(b, en)
	res := render(t, b, testOptions)
	preview(t, "killer-lessons.pdf", res.PDF)
	ctx, err := pdftest.Open(res.PDF)
	if err != nil {
		t.Fatal(err)
	}
	var seen []engine.Technique
	for n, pg := range p.pages {
		if pg.kind != lessonPage {
			continue
		}
		l := p.lessons[pg.items[0]]
		seen = append(seen, l.Technique)
		if l.Sum == nil {
			t.Errorf("page %d: the %v lesson reads no sum", n+1, l.Technique)
			continue
		}
		content := pageContent(t, ctx, n+1)
		items, err := pdftest.Items([]byte(content))
		if err != nil {
			t.Fatal(err)
		}
		sums := 0
		text := strings.Join(strings.Fields(strings.Join(pdftest.Texts(items), " ")), " ")
		want := lessonCaption(en, l)
		if !strings.Contains(text, want) {
			t.Errorf("page %d: caption %q not printed; page reads %q", n+1, want, text)
		}
		_, fills := pdftest.Marks([]byte(content))
		var knocks []pdftest.Fill
		for _, f := range fills {
			if f.Grey == 1 && f.W < 20 {
				knocks = append(knocks, f)
			}
		}
		if len(knocks) != len(l.Puzzle.Geo.Cages) {
			t.Errorf("page %d: %d knockouts, want one a cage (%d)", n+1, len(knocks), len(l.Puzzle.Geo.Cages))
		}
		for _, it := range items {
			// Candidates are the small single digits (a placed digit is
			// twice their size); a cage sum starts inside its knockout.
			if len(it.Text) != 1 || it.Text[0] < '1' || it.Text[0] > '9' || it.Size > 15 || inFill(knocks, it.X, it.Y) {
				continue
			}
			if it.Size < MinText-0.01 {
				t.Errorf("page %d: candidate %s at %.2fpt, under %gpt", n+1, it.Text, it.Size, MinText)
			}
			// A candidate's ink: about half its size wide, 0.7 tall.
			for _, k := range knocks {
				if it.X < k.X+k.W && it.X+0.55*it.Size > k.X && it.Y < k.Y+k.H && it.Y+0.72*it.Size > k.Y {
					t.Errorf("page %d: candidate %s at (%.1f, %.1f) runs into a cage sum's knockout %+v", n+1, it.Text, it.X, it.Y, k)
				}
			}
			sums++
		}
		if sums == 0 {
			t.Errorf("page %d: no candidates printed", n+1)
		}
	}
	if !slices.Equal(seen, []engine.Technique{engine.CageCombination, engine.Rule45}) {
		t.Errorf("lesson pages on %v, want a cage combination and the rule of 45", seen)
	}
}

// inFill reports whether (x, y) lies within one of fills.
func inFill(fills []pdftest.Fill, x, y float64) bool {
	for _, f := range fills {
		if x > f.X && x < f.X+f.W && y > f.Y && y < f.Y+f.H {
			return true
		}
	}
	return false
}

// TestContentsListBackMatter: the contents list the hints and each
// technique's page after the solutions, with the page numbers printed on
// those pages (read back from the PDF), and the technique's heading and
// hint line start with a capital though the language file keeps the name
// in lower case for use inside a sentence.
func TestContentsListBackMatter(t *testing.T) {
	s := testSpec()
	s.Tutorial, s.Hints = true, true
	b := testBook(s, 2)
	g := engine.MustParseGrid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......") // pointing
	res, err := engine.Grade(engine.Classic9, g.Cells(), engine.GradeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sol, err := engine.Solve(engine.Classic9, g.Cells())
	if err != nil {
		t.Fatal(err)
	}
	pz := &b.Sections[0].Puzzles[0]
	pz.Geo, pz.Givens, pz.Answer, pz.Hardest = engine.Classic9, g[:], sol, res.Hardest
	pz.Hint = "pointing (locked candidates, box to line): r1c2≠3"
	en := mustTexts(t, "en")
	const lessonHead = "Pointing (locked candidates, box to line)"
	p := planBook(b, en)
	out := render(t, b, testOptions)
	ctx, err := pdftest.Open(out.PDF)
	if err != nil {
		t.Fatal(err)
	}
	texts := func(n int) []pdftest.TextItem {
		items, err := pdftest.PageItems(ctx, n)
		if err != nil {
			t.Fatal(err)
		}
		return items
	}
	// where finds the page whose first text (its heading) is head, and
	// whose text holds want.
	where := func(kind pageKind, head, want string) int {
		for n, pg := range p.pages {
			if pg.kind != kind {
				continue
			}
			items := texts(n + 1)
			if len(items) == 0 || items[0].Text != head || !strings.Contains(strings.Join(pdftest.Texts(items), "\n"), want) {
				t.Errorf("page %d: texts %q, want heading %q and %q", n+1, pdftest.Texts(items), head, want)
			}
			return n + 1
		}
		t.Fatalf("no page of kind %d", kind)
		return 0
	}
	hints := where(hintsPage, en.Hints, "1. Pointing (locked")
	lesson := where(lessonPage, lessonHead, "In box ")
	// The lesson comes before the section whose puzzle needs it.
	if first := p.sectionFirst[0]; lesson >= first {
		t.Errorf("the lesson is on page %d, after its section's first page %d", lesson, first)
	}
	// On the contents page an entry's title and its page number share a
	// baseline.
	var contents []pdftest.TextItem
	for n, pg := range p.pages {
		if pg.kind == contentsPage {
			contents = append(contents, texts(n+1)...)
		}
	}
	number := func(title string) string {
		for _, it := range contents {
			if it.Text != title {
				continue
			}
			for _, o := range contents {
				if o != it && o.Y == it.Y && o.X > it.X && strings.Trim(o.Text, ". ") != "" {
					return o.Text
				}
			}
		}
		t.Errorf("the contents have no entry %q: %q", title, pdftest.Texts(contents))
		return ""
	}
	if got := number(en.Hints); got != itoa(hints) {
		t.Errorf("contents: Hints on page %s, printed on page %d", got, hints)
	}
	if got := number(lessonHead); got != itoa(lesson) {
		t.Errorf("contents: %s on page %s, printed on page %d", lessonHead, got, lesson)
	}
}

// TestHintsContinuedHead: read back from the PDF, the first hints page
// opens on the appendix's heading and each later one on its continued
// heading, in the book's language.
func TestHintsContinuedHead(t *testing.T) {
	for _, lang := range []string{"en", "fr"} {
		s := testSpec()
		s.Hints, s.Language = true, lang
		b := testBook(s, 40, 40)
		for si := range b.Sections {
			for j := range b.Sections[si].Puzzles {
				b.Sections[si].Puzzles[j].Hint = "x-wing: r5c3≠4, r9c8≠4, r1c1≠4, r2c2≠4, r3c3≠4, r4c4≠4, r6c6≠4, r7c7≠4"
			}
		}
		texts := mustTexts(t, lang)
		var heads []string
		for _, pg := range printedPagesOf(t, b, planBook(b, texts), hintsPage) {
			want := texts.HintsContinued
			if len(heads) == 0 {
				want = texts.Hints
			}
			if len(pg.items) == 0 || pg.items[0].Text != want {
				t.Errorf("%s: hints page %d (page %d) opens on %q, want %q", lang, len(heads)+1, pg.n, pdftest.Texts(pg.items)[:min(1, len(pg.items))], want)
			}
			heads = append(heads, want)
		}
		if len(heads) < 2 {
			t.Fatalf("%s: %d hints pages, want the 80 hints to run onto a second", lang, len(heads))
		}
	}
}
