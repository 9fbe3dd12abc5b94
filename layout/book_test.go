package layout

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/internal/pdftest"
	"github.com/sudokubook/sudokubook/preflight"
	"github.com/sudokubook/sudokubook/templates"
)

func render(t *testing.T, b *book.Book, opt Options) Result {
	t.Helper()
	res, err := RenderBook(b, opt)
	if err != nil {
		t.Fatalf("RenderBook: %v", err)
	}
	return res
}

// TestPageOrder follows one small book page by page. The expected plan,
// worked out by hand: title 1, copyright 2, how to play 3, contents 4,
// intro 5; Easy (7 puzzles, 2 a page) must start on a right-hand page, so
// 6 is blank and Easy fills 7-10; Medium (5) starts on 11, fills 11-13;
// Hard (3) needs a right-hand page, so 14 is blank and Hard fills 15-16;
// the 15 solutions, 6 a page, start on 17 and fill 17-19; 20 is blank to
// make the count even.
func TestPageOrder(t *testing.T) {
	b := testBook(testSpec(), 7, 5, 3)
	p := planBook(b, mustTexts(t, "en"))
	want := []pageKind{
		titlePage, copyrightPage, howToPlayPage, contentsPage, introPage, blankPage,
		puzzlePage, puzzlePage, puzzlePage, puzzlePage,
		puzzlePage, puzzlePage, puzzlePage, blankPage,
		puzzlePage, puzzlePage,
		solutionPage, solutionPage, solutionPage, blankPage,
	}
	var got []pageKind
	for _, pg := range p.pages {
		got = append(got, pg.kind)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("page kinds:\ngot  %v\nwant %v", got, want)
	}
	if !slices.Equal(p.sectionFirst, []int{7, 11, 15}) || p.solutionsFirst != 17 {
		t.Errorf("section starts %v, solutions %d: want [7 11 15], 17", p.sectionFirst, p.solutionsFirst)
	}
	pm := p.pageMap()
	for n, page := range map[int]int{1: 7, 2: 7, 7: 10, 8: 11, 12: 13, 13: 15, 15: 16} {
		if pm.Puzzle[n] != page {
			t.Errorf("puzzle %d on page %d, want %d", n, pm.Puzzle[n], page)
		}
	}
	for n, page := range map[int]int{1: 17, 6: 17, 7: 18, 13: 19, 15: 19} {
		if pm.Solution[n] != page {
			t.Errorf("solution %d on page %d, want %d", n, pm.Solution[n], page)
		}
	}
}

func mustTexts(t *testing.T, lang string) *templates.Texts {
	t.Helper()
	s := testSpec()
	s.Language = lang
	texts, _, err := check(testBook(s, 1), testOptions)
	if err != nil {
		t.Fatalf("texts: %v", err)
	}
	return texts
}

// TestPageMapConsistency checks the rules every plan must keep, across
// per-page counts, section starts and front matter.
func TestPageMapConsistency(t *testing.T) {
	cases := []struct {
		name   string
		counts []int
		edit   func(s *book.Spec)
	}{
		{"2 a page, right starts", []int{7, 5, 3}, func(s *book.Spec) {}},
		{"1 a page, any start", []int{3, 4}, func(s *book.Spec) { s.PuzzlesPerPage, s.SectionStart = 1, book.StartAny }},
		{"4 a page, 12 solutions", []int{9, 8, 1}, func(s *book.Spec) { s.PuzzlesPerPage, s.SolutionsPerPage = 4, 12 }},
		{"6 a page, 5 solutions, no front", []int{13, 6}, func(s *book.Spec) {
			s.PuzzlesPerPage, s.SolutionsPerPage = 6, 5
			s.Front = book.FrontMatter{}
			s.Intro = ""
		}},
		{"only a title page", []int{2}, func(s *book.Spec) {
			s.Front = book.FrontMatter{TitlePage: true}
			s.Intro = ""
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := testSpec()
			tc.edit(s)
			b := testBook(s, tc.counts...)
			p := planBook(b, mustTexts(t, "en"))
			pm := p.pageMap()
			if pm.Pages != len(p.pages) || pm.Pages%2 != 0 {
				t.Errorf("Pages %d for %d planned pages: want equal and even", pm.Pages, len(p.pages))
			}
			all := slices.Collect(b.All())
			if len(pm.Puzzle) != len(all) || len(pm.Solution) != len(all) {
				t.Fatalf("%d puzzles and %d solutions mapped, want %d each", len(pm.Puzzle), len(pm.Solution), len(all))
			}
			last, firstSolution := 0, pm.Pages+1
			for _, pz := range all {
				if pm.Solution[pz.Number] < firstSolution {
					firstSolution = pm.Solution[pz.Number]
				}
			}
			perPage := map[int]int{}
			for i, pz := range all {
				page := pm.Puzzle[pz.Number]
				if page < last {
					t.Errorf("puzzle %d on page %d, before puzzle %d's page %d", pz.Number, page, all[i-1].Number, last)
				}
				if page >= firstSolution {
					t.Errorf("puzzle %d on page %d, not before the solutions (from page %d)", pz.Number, page, firstSolution)
				}
				last = page
				perPage[page]++
				if i == 0 || all[i-1].Section != pz.Section {
					prev := 0
					if i > 0 {
						prev = pm.Puzzle[all[i-1].Number]
					}
					if page == prev {
						t.Errorf("section %d starts on page %d, shared with the section before", pz.Section, page)
					}
					if s.SectionStart == book.StartRight && page%2 != 1 {
						t.Errorf("section %d starts on page %d, want a right-hand (odd) page", pz.Section, page)
					}
				}
			}
			for page, n := range perPage {
				if n > s.PuzzlesPerPage {
					t.Errorf("page %d holds %d puzzles, want at most %d", page, n, s.PuzzlesPerPage)
				}
			}
			solPer := map[int]int{}
			prev := 0
			for _, pz := range all {
				page := pm.Solution[pz.Number]
				if page < prev {
					t.Errorf("solution %d on page %d, before the previous solution's page %d", pz.Number, page, prev)
				}
				prev = page
				solPer[page]++
			}
			for page, n := range solPer {
				if n > s.SolutionsPerPage {
					t.Errorf("page %d holds %d solutions, want at most %d", page, n, s.SolutionsPerPage)
				}
			}
			if s.SectionStart == book.StartRight && firstSolution%2 != 1 {
				t.Errorf("solutions start on page %d, want a right-hand page", firstSolution)
			}
		})
	}
}

// TestRenderBookPDF reads a rendered book back with pdfcpu.
func TestRenderBookPDF(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	for _, bleed := range []bool{false, true} {
		t.Run(map[bool]string{false: "no bleed", true: "bleed"}[bleed], func(t *testing.T) {
			s := testSpec()
			s.Bleed = bleed
			res := render(t, testBook(s, 7, 5, 3), testOptions)
			preview(t, map[bool]string{false: "book.pdf", true: "bleed.pdf"}[bleed], res.PDF)
			ctx := readPDF(t, res.PDF)
			if ctx.PageCount != res.PageMap.Pages || res.Report.Pages != res.PageMap.Pages {
				t.Fatalf("PDF has %d pages, PageMap %d, Report %d: want equal", ctx.PageCount, res.PageMap.Pages, res.Report.Pages)
			}

			media, trim := pageBoxes(t, res.PDF)
			w, h := 432.0, 648.0
			for i := range media {
				n := i + 1
				wantMedia := [4]float64{0, 0, w, h}
				wantTrim := wantMedia
				if bleed {
					wantMedia = [4]float64{0, 0, w + 9, h + 18}
					wantTrim = [4]float64{0, 9, w, h + 9} // right-hand page: bleed on the right
					if n%2 == 0 {
						wantTrim = [4]float64{9, 9, w + 9, h + 9}
					}
				}
				for k := range 4 {
					if !near(media[i][k], wantMedia[k]) || !near(trim[i][k], wantTrim[k]) {
						t.Fatalf("page %d: MediaBox %s TrimBox %s, want %s %s", n,
							boxString(media[i]), boxString(trim[i]), boxString(wantMedia), boxString(wantTrim))
					}
				}
			}

			checkGoFonts(t, res.PDF)

			pm := res.PageMap
			first := strings.Join(pageText(t, pageContent(t, ctx, pm.Puzzle[1])), "|")
			if !strings.Contains(first, "Puzzle 1|") || !strings.Contains(first, "Easy") {
				t.Errorf("puzzle 1's page %d shows %q, want Puzzle 1 and Easy", pm.Puzzle[1], first)
			}
			title := strings.Join(pageText(t, pageContent(t, ctx, 1)), "|")
			if !strings.Contains(title, "Zoë Müller-Ibáñez") || !strings.Contains(title, "Sudoku Every Day") {
				t.Errorf("title page shows %q, want the title and the accented author", title)
			}
			imprint := strings.Join(pageText(t, pageContent(t, ctx, 2)), " ")
			for _, want := range []string{"© 2025 Zoë Müller-Ibáñez", "sudokubook v0.1.0 with seed 20250101"} {
				if !strings.Contains(imprint, want) {
					t.Errorf("copyright page shows %q, want %q", imprint, want)
				}
			}
			contents := pageText(t, pageContent(t, ctx, 4))
			for _, want := range []string{"Easy, puzzles 1–7", "7", "Medium, puzzles 8–12", "11", "Hard, puzzles 13–15", "15", "Solutions", "17"} {
				if !slices.Contains(contents, want) {
					t.Errorf("contents page shows %q, want %q", contents, want)
				}
			}
			for n := 1; n <= ctx.PageCount; n++ {
				content := pageContent(t, ctx, n)
				if m := colourOp.FindString(content); m != "" {
					t.Errorf("page %d sets a colour %q: want grey levels only", n, m)
				}
				texts := pageText(t, content)
				kind := planBook(testBook(s, 7, 5, 3), mustTexts(t, "en")).pages[n-1].kind
				folio := len(texts) > 0 && texts[len(texts)-1] == itoa(n)
				if want := kind != blankPage && kind != titlePage; folio != want {
					t.Errorf("page %d (%v): folio printed %v, want %v (texts %q)", n, kind, folio, want, texts)
				}
				if kind == blankPage && len(texts) > 0 {
					t.Errorf("blank page %d shows %q", n, texts)
				}
			}
		})
	}
}

func TestReproducible(t *testing.T) {
	b := testBook(testSpec(), 4, 4)
	a := render(t, b, testOptions).PDF
	c := render(t, b, testOptions).PDF
	if !bytes.Equal(a, c) {
		i := 0
		for i < len(a) && i < len(c) && a[i] == c[i] {
			i++
		}
		t.Fatalf("two renders differ (lengths %d, %d) from byte %d", len(a), len(c), i)
	}
	if !bytes.Contains(a, []byte("/CreationDate (D:20250101000000)")) {
		t.Errorf("creation date not pinned to the spec's year")
	}
	s := testSpec()
	s.Year = 0
	d := render(t, testBook(s, 4, 4), testOptions).PDF
	if !bytes.Contains(d, []byte("/CreationDate (D:20260101000000)")) {
		t.Errorf("with no spec year, creation date not pinned to Options.Year")
	}
}

// TestGutterFollowsPageCount renders books either side of the 150-page step
// of the gutter table and checks the live area moved with it.
func TestGutterFollowsPageCount(t *testing.T) {
	cases := []struct {
		name    string
		puzzles int
		auto    bool
		pages   int
		gutter  float64
	}{
		// 5 front pages + 1 blank, then puzzles one a page, 4 solutions a page.
		{"short book", 100, true, 132, 27},
		{"over 150 pages", 130, true, 170, 36},
		{"fixed gutter", 130, false, 170, 50},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := testSpec()
			s.PuzzlesPerPage, s.SolutionsPerPage = 1, 4
			s.Margins.InsideAuto = tc.auto
			if !tc.auto {
				s.Margins.Inside = 50
			}
			res := render(t, testBook(s, tc.puzzles), testOptions)
			if res.PageMap.Pages != tc.pages {
				t.Fatalf("%d pages, want %d", res.PageMap.Pages, tc.pages)
			}
			if got := float64(res.Report.Margins.Inside); got != tc.gutter {
				t.Errorf("gutter %.1fpt, want %.1fpt", got, tc.gutter)
			}
			p := planBook(testBook(s, tc.puzzles), mustTexts(t, "en"))
			right, left := p.geo.content(1), p.geo.content(2)
			if right.X != tc.gutter || left.right() != 432-tc.gutter {
				t.Errorf("live area x %.1f on a right page, ends %.1f on a left page: want the %.1fpt gutter inside",
					right.X, left.right(), tc.gutter)
			}
		})
	}
}

// TestFloors asks for hairlines and tiny text and checks the layout raised
// them, and that the report says what was drawn.
func TestFloors(t *testing.T) {
	s := testSpec()
	s.Style = book.Style{TextSize: 5, ThinLine: 0.2, ThickLine: 0.4, DigitSize: 3}
	res := render(t, testBook(s, 6, 6), testOptions)
	r := res.Report
	if r.MinTextPt != MinText || r.MinLinePt != MinLine {
		t.Errorf("smallest text %.2fpt, thinnest line %.2fpt: want %.2f and %.2f", r.MinTextPt, r.MinLinePt, MinText, MinLine)
	}
	s.Style = book.Style{TextSize: 10, ThinLine: 1, ThickLine: 2.5}
	r = render(t, testBook(s, 6, 6), testOptions).Report
	if r.MinTextPt != 8.5 || r.MinLinePt != 1 {
		t.Errorf("smallest text %.2fpt, thinnest line %.2fpt: want 8.5 (small text) and 1", r.MinTextPt, r.MinLinePt)
	}
	if r.GridSide < 200 || r.SolnSide < 100 || r.DigitPt < 14 {
		t.Errorf("grids %.0fpt (digits %.1fpt), solutions %.0fpt: want large grids on a 6x9 page", float64(r.GridSide), r.DigitPt, float64(r.SolnSide))
	}
}

func TestRenderBookErrors(t *testing.T) {
	cases := []struct {
		name string
		edit func(b *book.Book, o *Options)
	}{
		{"nil spec", func(b *book.Book, o *Options) { b.Spec = nil }},
		{"unknown language", func(b *book.Book, o *Options) { b.Spec.Language = "xx" }},
		{"no year", func(b *book.Book, o *Options) { b.Spec.Year, o.Year = 0, 0 }},
		{"3 a page", func(b *book.Book, o *Options) { b.Spec.PuzzlesPerPage = 3 }},
		{"13 solutions a page", func(b *book.Book, o *Options) { b.Spec.SolutionsPerPage = 13 }},
		{"negative margin", func(b *book.Book, o *Options) { b.Spec.Margins.Top = -1 }},
		{"tiny trim", func(b *book.Book, o *Options) { b.Spec.Trim = book.Size{W: 100, H: 100} }},
		{"margins eat the page", func(b *book.Book, o *Options) { b.Spec.Margins.Outside = 300 }},
		{"duplicate number", func(b *book.Book, o *Options) { b.Sections[0].Puzzles[1].Number = 1 }},
		{"no puzzles", func(b *book.Book, o *Options) { b.Sections = nil }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := testBook(testSpec(), 3, 2)
			opt := testOptions
			tc.edit(b, &opt)
			_, err := RenderBook(b, opt)
			if !errors.Is(err, ErrBook) {
				t.Fatalf("got error %v, want one wrapping ErrBook", err)
			}
		})
	}
}

// TestExample: the title page's ornament and the how-to-play example are
// grids made for them (book.Book.TitleGrid, book.Book.Example), neither a
// puzzle of the book nor each other, and the caption names the digit of
// the framed cell, which is printed in it.
func TestExample(t *testing.T) {
	b := testBook(testSpec(), 7, 5)
	ex, ok := b.Example()
	if !ok {
		t.Fatal("the fixture book has no example")
	}
	title, ok := b.TitleGrid()
	if !ok {
		t.Fatal("the fixture book has no title grid")
	}
	for p := range b.All() {
		if slices.Equal(p.Givens, ex.Puzzle.Givens) || slices.Equal(p.Givens, title.Givens) {
			t.Errorf("puzzle %d is shown in the front matter", p.Number)
		}
	}
	if slices.Equal(ex.Puzzle.Givens, title.Givens) {
		t.Error("the title page and the how-to-play page show one grid")
	}
	res := render(t, b, testOptions)
	ctx := readPDF(t, res.PDF)
	digitsOf := func(cells []uint8) []string {
		var out []string
		for _, v := range cells {
			if v != 0 {
				out = append(out, string(rune('0'+v)))
			}
		}
		return out
	}
	givens := digitsOf(ex.Puzzle.Givens)
	digits := func(texts []string) []string {
		var out []string
		for _, s := range texts {
			if len(s) == 1 && s[0] >= '1' && s[0] <= '9' {
				out = append(out, s)
			}
		}
		return out
	}
	if got, want := digits(pageText(t, pageContent(t, ctx, 1))), digitsOf(title.Givens); !slices.Equal(got, want) {
		t.Errorf("title page grid prints %v, want the title grid's givens %v", got, want)
	}
	how := pageText(t, pageContent(t, ctx, 3))
	how = how[:len(how)-1] // the folio, drawn last
	withAnswer := append([]string{}, givens...)
	withAnswer = append(withAnswer, string(rune('0'+ex.Digit)))
	got := digits(how)
	slices.Sort(got)
	slices.Sort(withAnswer)
	if !slices.Equal(got, withAnswer) {
		t.Errorf("how-to-play grid prints digits %v, want the example's givens and its answer %v", got, withAnswer)
	}
	if text := strings.Join(how, " "); !strings.Contains(text, "can only hold "+string(rune('0'+ex.Digit))+",") {
		t.Errorf("how-to-play caption does not name digit %d: %q", ex.Digit, text)
	}
}

// TestLargePrint builds a book with the large-print preset, loaded as a
// user's spec would be, and checks its promise: every piece of text, digits
// in every grid included, at least 16pt, by the layout's own record and by
// the preflight's reading of the PDF, and on the front and back of its
// cover (too few pages for spine text). The ornament on the title page and
// the example on the how-to-play page must still be drawn: leaving them out
// is not how they meet the size.
func TestLargePrint(t *testing.T) {
	const largePrint = 16.0
	s, err := book.Load(strings.NewReader(`title: Large Print Sudoku
subtitle: Big grids, clear digits
author: Zoë Müller-Ibáñez
template: large-print
intro: A short welcome, set in the body size of the book.
sections: [{level: easy, count: 5}, {level: medium, count: 5}]
`), "large-print.yaml")
	if err != nil {
		t.Fatalf("loading a large-print spec: %v", err)
	}
	b := testBook(s, 5, 5)
	res := render(t, b, testOptions)
	preview(t, "large-print.pdf", res.PDF)
	r := res.Report
	for _, c := range []struct {
		name string
		pt   float64
	}{
		{"smallest text recorded", r.MinTextPt},
		{"puzzle digits", r.DigitPt},
		{"solution digits", r.SolnDigitPt},
	} {
		if c.pt < largePrint {
			t.Errorf("%s %.2fpt, want at least %.0fpt", c.name, c.pt, largePrint)
		}
	}

	seen := smallestText(t, res.PDF, float64(s.Trim.W), float64(s.Trim.H))
	if seen < largePrint || math.Abs(seen-r.MinTextPt) > 0.01 {
		t.Errorf("preflight reads the smallest text as %.2fpt, the layout records %.2fpt: want both the same and at least %.0fpt",
			seen, r.MinTextPt, largePrint)
	}
	cover, err := RenderCover(b, res.PageMap.Pages, testOptions)
	if err != nil {
		t.Fatalf("RenderCover: %v", err)
	}
	if seen := smallestText(t, cover.PDF, cover.Width, cover.Height); seen < largePrint {
		t.Errorf("the cover's smallest text is %.2fpt, want at least %.0fpt", seen, largePrint)
	}

	ctx := readPDF(t, res.PDF)
	p := planBook(b, mustTexts(t, "en"))
	// The how-to-play example has a page of its own after the rules, its
	// digits as large as the puzzles', its caption in the body's size.
	var rules, example int
	for i, pg := range p.pages {
		if pg.kind != titlePage && pg.kind != howToPlayPage {
			continue
		}
		items, err := pdftest.Items([]byte(pageContent(t, ctx, i+1)))
		if err != nil {
			t.Fatal(err)
		}
		items = items[:len(items)-1] // the folio, drawn last
		digits, caption := 0, 0.0
		least := math.Inf(1)
		for _, it := range items {
			if len(it.Text) == 1 && it.Text[0] >= '1' && it.Text[0] <= '9' {
				digits++
				least = math.Min(least, it.Size)
			}
			if strings.HasPrefix(it.Text, "An example") {
				caption = it.Size
			}
		}
		switch {
		case pg.kind == titlePage:
			if digits < 17 {
				t.Errorf("page %d (title) shows %d digits, want its grid (at least the 17 givens)", i+1, digits)
			}
		case len(pg.items) == 0:
			rules = i + 1
			if digits > 0 {
				t.Errorf("the rules page %d shows %d digits, want the example on the next page", i+1, digits)
			}
		default:
			example = i + 1
			if digits < 17 {
				t.Errorf("the example page %d shows %d digits, want its grid", i+1, digits)
			}
			// The grid leaves room for its caption, so its digits are a
			// little smaller than a puzzle page's.
			if least < 0.8*r.DigitPt {
				t.Errorf("the example's digits are %.1fpt, the puzzles' %.1fpt", least, r.DigitPt)
			}
			t.Logf("example digits %.1fpt, puzzles' %.1fpt", least, r.DigitPt)
			if caption < p.ts.body-0.01 {
				t.Errorf("the example's caption is %.1fpt, want the body's %.1fpt", caption, p.ts.body)
			}
		}
	}
	if rules == 0 || example != rules+1 {
		t.Errorf("rules on page %d, example on page %d: want the example right after the rules", rules, example)
	}
}

// smallestText is the smallest text size the preflight checker reads in a
// PDF whose pages are w x h points.
func smallestText(t *testing.T, pdf []byte, w, h float64) float64 {
	t.Helper()
	rep, err := preflight.Check(bytes.NewReader(pdf), preflight.KDP, preflight.Expect{TrimW: w, TrimH: h})
	if err != nil {
		t.Fatalf("preflight: %v", err)
	}
	rule, ok := rep.Rule(preflight.RuleTextSize)
	if !ok || !rule.Pass {
		t.Fatalf("preflight text size rule %+v, want a pass", rule)
	}
	var pt float64
	if _, err := fmt.Sscanf(rule.Measured, "smallest %f pt", &pt); err != nil {
		t.Fatalf("preflight text size %q: %v", rule.Measured, err)
	}
	return pt
}
