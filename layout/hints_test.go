package layout

import (
	"strings"
	"testing"
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
		has := strings.Contains(joined, " "+itoa(n)+". x-wing") || strings.HasPrefix(joined, itoa(n)+". x-wing")
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
