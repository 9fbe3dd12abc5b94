package layout

import (
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/engine"
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
		res, err := engine.Grade(g, engine.GradeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		pz := &b.Sections[0].Puzzles[j]
		pz.Grid, pz.Solution, pz.Hardest = g, res.Solution, res.Hardest
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
	s.Tutorial = false
	for _, pg := range planBook(b, mustTexts(t, "en")).pages {
		if pg.kind == lessonPage {
			t.Fatal("a lesson page without tutorial: true")
		}
	}
}
