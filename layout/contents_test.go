package layout

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/internal/pdftest"
)

// TestContentsLongTitle: a section title too long for the contents line
// is shortened, and its entry still ends on the section's puzzle numbers
// (read back from the PDF); a short title is printed whole.
func TestContentsLongTitle(t *testing.T) {
	s := testSpec()
	b := testBook(s, 4, 4)
	long := "A Very Gentle Beginning For Those Who Have Never Before Attempted A Sudoku Puzzle Of Any Kind"
	b.Sections[0].Title = long
	b.Sections[1].Title = "Medium"
	var texts []string
	for _, pg := range printedPagesOf(t, b, planBook(b, mustTexts(t, "en")), contentsPage) {
		texts = append(texts, pdftest.Texts(pg.items)...)
	}
	var gotLong, gotShort bool
	for _, tx := range texts {
		if strings.HasPrefix(tx, "A Very Gentle") {
			gotLong = true
			if tx == long+", puzzles 1–4" || !strings.HasSuffix(tx, "…, puzzles 1–4") {
				t.Errorf("long entry %q, want the title shortened and \", puzzles 1–4\" kept", tx)
			}
		}
		if tx == "Medium, puzzles 5–8" {
			gotShort = true
		}
	}
	if !gotLong || !gotShort {
		t.Errorf("contents %q: want both sections' entries", texts)
	}
}

// TestSolutionsOneHead: a solutions page holding a single solution is
// headed in the singular, read back from the PDF, in English and German;
// a page of several keeps its range.
func TestSolutionsOneHead(t *testing.T) {
	for _, c := range []struct{ lang, one, many string }{
		{"en", "Solution 7", "Solutions 1–6"},
		{"de", "Lösung 7", "Lösungen 1–6"},
	} {
		s := testSpec()
		s.Language, s.SolutionsPerPage = c.lang, 6
		b := testBook(s, 7)
		var heads []string
		for _, pg := range printedPagesOf(t, b, planBook(b, mustTexts(t, c.lang)), solutionPage) {
			if len(pg.items) > 0 {
				heads = append(heads, pg.items[0].Text)
			}
		}
		if len(heads) != 2 || heads[0] != c.many || heads[1] != c.one {
			t.Errorf("%s: solutions pages head %q, want [%q %q]", c.lang, heads, c.many, c.one)
		}
	}
}

// TestOnePuzzleSectionSingular: a section of a single puzzle is named in
// the singular in the contents and on its opener page, read back from the
// PDF in English and French; a section of several keeps its range.
func TestOnePuzzleSectionSingular(t *testing.T) {
	for _, c := range []struct{ lang, entry, opener, many string }{
		{"en", "Medium, puzzle 5", "Puzzle 5", "Easy, puzzles 1–4"},
		{"fr", "Medium, grille 5", "Grille 5", "Easy, grilles 1 à 4"},
	} {
		s := testSpec()
		s.Language, s.SectionOpeners = c.lang, true
		b := testBook(s, 4, 1)
		b.Sections[0].Title, b.Sections[1].Title = "Easy", "Medium"
		p := planBook(b, mustTexts(t, c.lang))
		var contents []string
		for _, pg := range printedPagesOf(t, b, p, contentsPage) {
			contents = append(contents, pdftest.Texts(pg.items)...)
		}
		if !slices.Contains(contents, c.entry) || !slices.Contains(contents, c.many) {
			t.Errorf("%s: contents %q, want %q and %q", c.lang, contents, c.entry, c.many)
		}
		openers := printedPagesOf(t, b, p, openerPage)
		if len(openers) != 2 {
			t.Fatalf("%s: %d opener pages, want 2", c.lang, len(openers))
		}
		if got := pdftest.Texts(openers[1].items); !slices.Contains(got, c.opener) {
			t.Errorf("%s: the one-puzzle section's opener reads %q, want %q", c.lang, got, c.opener)
		}
	}
}

// TestGridsNameTheirPages: every puzzle's label line names the page its
// solution is printed on, and every solution's the page of its puzzle,
// read back from the PDF and held to the PageMap the manifest records,
// in English and German; a puzzle page whose head is its level does not
// say the level again beside each grid.
func TestGridsNameTheirPages(t *testing.T) {
	for _, c := range []struct{ lang, sol, puz string }{
		{"en", "Solution p. %d", "p. %d"},
		{"de", "Lösung S. %d", "S. %d"},
	} {
		s := testSpec()
		s.Language, s.SolutionsPerPage = c.lang, 6
		b := testBook(s, 5, 4)
		texts := mustTexts(t, c.lang)
		p := planBook(b, texts)
		pm := p.pageMap()
		for _, pg := range printedPagesOf(t, b, p, puzzlePage) {
			got := pdftest.Texts(pg.items)
			for _, it := range p.pages[pg.n-1].items {
				pz := b.At(it)
				if want := fmt.Sprintf(c.sol, pm.Solution[pz.Number]); !slices.Contains(got, want) {
					t.Errorf("%s: page %d %q: no %q for puzzle %d", c.lang, pg.n, got, want, pz.Number)
				}
			}
			head := got[0]
			for _, tx := range got[1:] {
				if strings.Contains(tx, head) {
					t.Errorf("%s: page %d says its head %q again in %q", c.lang, pg.n, head, tx)
				}
			}
		}
		for _, pg := range printedPagesOf(t, b, p, solutionPage) {
			got := pdftest.Texts(pg.items)
			for _, it := range p.pages[pg.n-1].items {
				pz := b.At(it)
				if want := fmt.Sprintf(c.puz, pm.Puzzle[pz.Number]); !slices.Contains(got, want) {
					t.Errorf("%s: page %d %q: no %q for solution %d", c.lang, pg.n, got, want, pz.Number)
				}
			}
		}
	}
}

// TestSaysLevel: a kind's section head ("16x16 Sudoku: Easy") says its
// level as a plain level head does, so the grids' labels leave it out; a
// head that merely holds the word elsewhere does not.
func TestSaysLevel(t *testing.T) {
	for _, c := range []struct {
		head, level string
		want        bool
	}{
		{"Easy", "Easy", true},
		{"16x16 Sudoku: Easy", "Easy", true},
		{"Sudoku X: Difficile", "Difficile", true},
		{"From Easy to Hard", "Hard", false},
		{"Warm-up", "Easy", false},
		{"Uneasy", "Easy", false},
	} {
		if got := saysLevel(c.head, c.level); got != c.want {
			t.Errorf("saysLevel(%q, %q) = %v, want %v", c.head, c.level, got, c.want)
		}
	}
}
