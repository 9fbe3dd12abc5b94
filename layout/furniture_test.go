package layout

import (
	"slices"
	"strings"
	"testing"
)

// TestPageFurniture: section openers come before each section's puzzles
// (and the contents point at them); puzzle pages carry the name line when
// asked, and their grids shrink to make room for it; solution pages head
// with the numbers they hold; the contents give each section's numbers.
func TestPageFurniture(t *testing.T) {
	s := testSpec()
	s.SectionStart = 0
	s.NameLine, s.SectionOpeners = true, true
	b := testBook(s, 7, 1)
	p := planBook(b, mustTexts(t, "en"))
	var kinds []pageKind
	for _, pg := range p.pages {
		kinds = append(kinds, pg.kind)
	}
	want := []pageKind{titlePage, copyrightPage, howToPlayPage, contentsPage, introPage,
		openerPage, puzzlePage, puzzlePage, puzzlePage, puzzlePage, openerPage, puzzlePage, solutionPage, solutionPage}
	if !slices.Equal(kinds, want) {
		t.Fatalf("pages %v, want %v", kinds, want)
	}
	if !slices.Equal(p.sectionFirst, []int{6, 11}) {
		t.Errorf("sections start on %v, want their openers, [6 11]", p.sectionFirst)
	}
	plain := testSpec()
	if side := planBook(testBook(plain, 7, 1), mustTexts(t, "en")).puzzleSlots.side; p.puzzleSlots.side >= side {
		t.Errorf("grids of %.1fpt with the name line, %.1fpt without: want them smaller to make room", p.puzzleSlots.side, side)
	}

	res := render(t, b, testOptions)
	ctx := readPDF(t, res.PDF)
	text := func(n int) string { return strings.Join(pageText(t, pageContent(t, ctx, n)), "|") }
	for _, c := range []struct {
		page int
		want []string
	}{
		{4, []string{"Easy, puzzles 1–7|6|", "Medium, puzzle 8|11|"}},
		{6, []string{"Easy|", "Puzzles 1–7"}},
		{11, []string{"Medium|", "Puzzle 8"}},
		{7, []string{"Name|", "Date|", "Time|", "Puzzle 1|"}},
		{13, []string{"Solutions 1–6|"}},
		{14, []string{"Solutions 7–8|"}},
	} {
		got := text(c.page)
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("page %d shows %q, want %q", c.page, got, w)
			}
		}
	}
	if got := text(11); strings.Contains(got, "8–") {
		t.Errorf("opener of a one-puzzle section shows %q, want its number alone", got)
	}
}
