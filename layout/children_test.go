package layout

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/internal/pdftest"
)

// TestChildrensFrontMatter: front.children tells the rules in the words
// for children in every language (and only then), and front.belongs_to
// adds a right-hand page, without a folio, that says whose book it is
// over a rule to write on.
func TestChildrensFrontMatter(t *testing.T) {
	for _, lang := range []string{"en", "de", "fr", "es", "it"} {
		texts := mustTexts(t, lang)
		s := testSpec()
		s.Language = lang
		s.Front.Children, s.Front.BelongsTo = true, true
		b := testBook(s, 4)
		p := planBook(b, texts)
		rules := printedPagesOf(t, b, p, howToPlayPage)
		if len(rules) == 0 {
			t.Fatalf("%s: no how-to-play page", lang)
		}
		got := strings.Join(pdftest.Texts(rules[0].items), " ")
		want := strings.NewReplacer("{low}", "1", "{high}", "9").Replace(texts.ChildRules[0])
		if !strings.Contains(got, want) || strings.Contains(got, texts.HowToPlay[1]) {
			t.Errorf("%s: the rules page reads %q, want the children's rules (%q) and not the grown-ups' (%q)", lang, got, want, texts.HowToPlay[1])
		}
		owner := printedPagesOf(t, b, p, ownerPage)
		if len(owner) != 1 {
			t.Fatalf("%s: %d owner pages, want 1", lang, len(owner))
		}
		if n := owner[0].n; n%2 == 0 {
			t.Errorf("%s: the owner's page is page %d, a left-hand page", lang, n)
		}
		if words := pdftest.Texts(owner[0].items); !slices.Equal(words, []string{texts.BelongsTo}) {
			t.Errorf("%s: the owner's page reads %q, want only %q (no folio)", lang, words, texts.BelongsTo)
		}
		// The words and the rule under them are one block, a little above
		// the page's middle, with most of an inch to write a name in:
		// not a heading with a rule adrift two inches below it.
		if lang == "en" {
			ownerBlock(t, b, p, owner[0])
		}

		s.Front.Children, s.Front.BelongsTo = false, false
		b = testBook(s, 4)
		p = planBook(b, texts)
		if len(printedPagesOf(t, b, p, ownerPage)) != 0 {
			t.Errorf("%s: an owner's page without front.belongs_to", lang)
		}
		got = strings.Join(pdftest.Texts(printedPagesOf(t, b, p, howToPlayPage)[0].items), " ")
		if strings.Contains(got, texts.ChildRules[2][:20]) {
			t.Errorf("%s: the children's rules without front.children: %q", lang, got)
		}
	}
}

// ownerBlock checks the owner's page's one line of words and its rule: the
// rule 0.8in to 1.2in below the words' baseline, as long as most of the
// page is wide, and the two centred a little above the page's middle.
func ownerBlock(t *testing.T, b *book.Book, p *plan, pg printedPage) {
	t.Helper()
	ctx, err := pdftest.Open(render(t, b, testOptions).PDF)
	if err != nil {
		t.Fatal(err)
	}
	content, err := pdftest.PageContent(ctx, pg.n)
	if err != nil {
		t.Fatal(err)
	}
	segs, _ := pdftest.Marks(content)
	if len(segs) != 1 || len(pg.items) != 1 {
		t.Fatalf("the owner's page draws %d lines and %d words, want one rule under one line", len(segs), len(pg.items))
	}
	rule, words := segs[0], pg.items[0]
	pageH := float64(b.Spec.Trim.H)
	gap := (words.Y - rule.Y1) / float64(book.Inch)
	if gap < 0.8 || gap > 1.2 {
		t.Errorf("the rule is %.2fin below the words' baseline, want 0.8in to 1.2in: room for a name, no more", gap)
	}
	if mid := pageH - (words.Y+rule.Y1)/2; mid < 0.3*pageH || mid > 0.5*pageH {
		t.Errorf("the words and rule are centred %.0f%% down the page, want 30%% to 50%%", 100*mid/pageH)
	}
	if w := math.Abs(rule.X2 - rule.X1); w < 0.6*float64(b.Spec.Trim.W) {
		t.Errorf("the rule is %.2fin long on a %.2fin page, want most of its width", w/float64(book.Inch), float64(b.Spec.Trim.W)/float64(book.Inch))
	}
}

// TestLeftTextInkAtMargin: a left-aligned line starts its ink, not its
// first glyph's origin, at x: a j's tail hangs left of its origin, and a
// German rules page that opened a line with one put ink 0.001in into the
// gutter the preflight holds it to.
func TestLeftTextInkAtMargin(t *testing.T) {
	f := defaultFonts().Regular
	if f.overhang('j') <= 0 {
		t.Fatal("Liberation Serif's j has no overhang: the test needs a glyph that hangs left")
	}
	for _, s := range []string{"jedes", "Each", "j"} {
		x0 := alignX(100, s, f, 12, AlignLeft)
		if ink := x0 - f.overhang([]rune(s)[0])*12; ink < 100-1e-9 {
			t.Errorf("%q set at 100pt puts its ink at %.4fpt, left of the margin", s, ink)
		}
	}
	if got := alignX(100, "Each", f, 12, AlignLeft); got != 100 {
		t.Errorf("a line whose first glyph does not overhang moves to %.4fpt", got)
	}
}
