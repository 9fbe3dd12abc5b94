package layout

import (
	"testing"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
)

// TestLessonFacesItsSection: a lesson is printed before the section that
// needs it; with section_start: right, on the left-hand page facing the
// section's first page, the blank a right-hand start needs going before
// it, whichever parity the front matter leaves.
func TestLessonFacesItsSection(t *testing.T) {
	g := engine.MustParseGrid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......") // pointing
	res, err := engine.Grade(engine.Classic9, g.Cells(), engine.GradeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sol, err := engine.Solve(engine.Classic9, g.Cells())
	if err != nil {
		t.Fatal(err)
	}
	for _, copyright := range []bool{true, false} {
		for _, right := range []bool{true, false} {
			s := testSpec()
			s.Tutorial = true
			s.Front.Copyright = copyright
			if right {
				s.SectionStart = book.StartRight
			}
			b := testBook(s, 2)
			pz := &b.Sections[0].Puzzles[0]
			pz.Geo, pz.Givens, pz.Answer, pz.Hardest, pz.Level = engine.Classic9, g[:], sol, res.Hardest, res.Level
			p := planBook(b, mustTexts(t, "en"))
			if len(p.lessons) != 1 {
				t.Fatalf("%d lessons, want the pointing one", len(p.lessons))
			}
			lesson, first := p.lessonFirst[0], p.sectionFirst[0]
			if p.pages[lesson-1].kind != lessonPage {
				t.Errorf("copyright %v, right %v: page %d is no lesson", copyright, right, lesson)
			}
			if lesson != first-1 {
				t.Errorf("copyright %v, right %v: the lesson on page %d, its section from page %d: want it just before", copyright, right, lesson, first)
			}
			if right && first%2 == 0 {
				t.Errorf("copyright %v: the section starts on page %d, a left-hand page", copyright, first)
			}
		}
	}
}
