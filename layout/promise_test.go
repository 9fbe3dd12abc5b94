package layout

import (
	"slices"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/internal/pdftest"
)

// TestHowToPlayPromise: the how-to-play page promises that no guessing is
// needed only in a book none of whose puzzles needed trial and error; a
// book with one such puzzle says so instead, in every language.
func TestHowToPlayPromise(t *testing.T) {
	for _, lang := range []string{"en", "es", "fr", "it", "de"} {
		for _, hardest := range []engine.Technique{engine.XYChain, engine.ForcingChain, engine.Bifurcation} {
			s := testSpec()
			s.Language = lang
			b := testBook(s, 2, 2)
			for i := range b.Sections {
				for j := range b.Sections[i].Puzzles {
					b.Sections[i].Puzzles[j].Hardest = engine.NakedSingle
				}
			}
			b.Sections[1].Puzzles[1].Hardest = hardest
			texts := mustTexts(t, lang)
			want, not := texts.LogicOnly, texts.TrialNeeded
			if hardest.Guesses() {
				want, not = not, want
			}
			res, err := RenderBook(b, testOptions)
			if err != nil {
				t.Fatal(err)
			}
			p := planBook(b, texts)
			n := slices.IndexFunc(p.pages, func(pg page) bool { return pg.kind == howToPlayPage }) + 1
			ctx, err := pdftest.Open(res.PDF)
			if err != nil {
				t.Fatal(err)
			}
			items, err := pdftest.PageItems(ctx, n)
			if err != nil {
				t.Fatal(err)
			}
			page := strings.Join(pdftest.Texts(items), " ")
			if !strings.Contains(page, want) || strings.Contains(page, not) {
				t.Errorf("%s, hardest %v: how-to-play page (page %d) reads\n%s\nwant %q and not %q", lang, hardest, n, page, want, not)
			}
		}
	}
}
