package layout

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/internal/pdftest"
	"github.com/sudokubook/sudokubook/templates"
)

// kindsBook is a book of the kinds with how-to-play pages of their own
// and no classic 9x9 puzzle, made by the engine from its spec.
func kindsBook(t *testing.T, s *book.Spec) *book.Book {
	t.Helper()
	s.Style.Letters = true
	s.PuzzlesPerPage, s.SolutionsPerPage = 1, 4
	s.Sections = []book.SectionSpec{
		{Level: engine.Easy, Count: 1, Variant: book.Variant{Variant: engine.X}},
		{Level: engine.Easy, Count: 1, Variant: book.Variant{Variant: engine.Hyper}},
		{Level: engine.Easy, Count: 1, Variant: book.Variant{Variant: engine.Jigsaw}},
		{Level: engine.Easy, Count: 1, Size: 6},
		{Level: engine.Easy, Count: 1, Size: 16},
	}
	return fillBook(t, s)
}

// fillBook makes the puzzles of spec s at seed 3 and assembles its book.
func fillBook(t *testing.T, s *book.Spec) *book.Book {
	t.Helper()
	found, err := engine.Fill(context.Background(), s.Quotas(), engine.FillOptions{Seed: 3, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	b, err := book.Assemble(s, found)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestKindRulesPages: a book without classic 9x9 puzzles has a
// how-to-play page per kind instead of the classic one, in every
// language: each with its title, its rules filled in for its size and
// symbols, the promise once (on the first), and its example grid with
// the caption naming the framed cell's symbol, which the grid shows.
func TestKindRulesPages(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	b := kindsBook(t, testSpec())
	for _, lang := range templates.Languages() {
		b.Spec.Language = lang
		texts := mustTexts(t, lang)
		res, err := RenderBook(b, testOptions)
		if err != nil {
			t.Fatal(err)
		}
		preview(t, "kindrules-"+lang+".pdf", res.PDF)
		ctx, err := pdftest.Open(res.PDF)
		if err != nil {
			t.Fatal(err)
		}
		p := planBook(b, texts)
		if slices.ContainsFunc(p.pages, func(pg page) bool { return pg.kind == howToPlayPage }) {
			t.Errorf("%s: a book without classic 9x9 puzzles prints the classic rules", lang)
		}
		var seen []string
		for n, pg := range p.pages {
			if pg.kind != kindRulesPage {
				continue
			}
			k := p.kinds[pg.items[0]]
			rules := texts.Kinds[k.Variant.String()]
			letters := k.Side == 16
			vals := kindValues(k, letters)
			items, err := pdftest.PageItems(ctx, n+1)
			if err != nil {
				t.Fatal(err)
			}
			words := pdftest.Texts(items)
			text := strings.Join(words, " ")
			fill := texts.KindFill
			if letters {
				fill = texts.KindFillLetters
			}
			want := []string{templates.Fill(rules.Title, vals...), templates.Fill(fill, vals...)}
			for _, r := range rules.Rules {
				want = append(want, templates.Fill(r, vals...))
			}
			if k.Cell >= 0 {
				want = append(want, templates.Fill(rules.Example, append(vals, "digit", symbolText(k.Digit, letters))...))
			}
			for _, w := range want {
				if !strings.Contains(text, w) {
					t.Errorf("%s page %d (%s %d): want %q in\n%s", lang, n+1, k.Variant, k.Side, w, text)
				}
			}
			if got := strings.Contains(text, texts.LogicOnly); got != (len(seen) == 0) {
				t.Errorf("%s page %d: promise printed %v, want it on the first kind page only", lang, n+1, got)
			}
			// The example grid: every given and the framed cell's symbol.
			symbols := 0
			for _, w := range words {
				if len(w) <= 2 && strings.Trim(w, "0123456789ABCDEFGHIJKLMNOP") == "" {
					symbols++
				}
			}
			if wantN := k.Puzzle.Clues + 1; symbols < wantN {
				t.Errorf("%s page %d (%s %d): %d symbols drawn, want the %d givens and the example's", lang, n+1, k.Variant, k.Side, symbols, wantN-1)
			}
			seen = append(seen, k.Variant.String()+itoa(k.Side))
		}
		if want := []string{"x9", "hyper9", "jigsaw9", "classic6", "classic16"}; !slices.Equal(seen, want) {
			t.Errorf("%s: kind pages %v, want %v", lang, seen, want)
		}
	}
}

// TestEveryPrintableKindHasRules: every kind a book may print, other than
// classic 9x9, has its how-to-play text in every language, so no book
// prints a kind without saying how to play it.
func TestEveryPrintableKindHasRules(t *testing.T) {
	for _, lang := range templates.Languages() {
		texts := mustTexts(t, lang)
		for _, k := range book.PrintableKinds() {
			if k.Variant == (book.Variant{}) && k.Side == 9 {
				continue
			}
			r, ok := texts.Kinds[rulesKey(k.Variant)]
			if !ok || r.Title == "" || len(r.Rules) == 0 || r.Example == "" || r.ExamplePlain == "" {
				t.Errorf("%s: %s %dx%d is printable but has no how-to-play text", lang, k.Variant, k.Side, k.Side)
			}
		}
	}
}

// TestLettersLeaveSmallGridsDigits: in a book set in letters, a 9x9 grid
// keeps its digits; letters stand for the numbers 10 and up.
func TestLettersLeaveSmallGridsDigits(t *testing.T) {
	st := styleFor(testStyle)
	st.letters = true
	fig := kindFixture(engine.Classic9)
	ops := &gridOps{}
	drawCells(ops, 0, 0, 300, engine.Classic9, fig.Givens, fig.Solution, st)
	for k, tx := range ops.texts {
		if want := itoa(int(fig.Solution[k])); tx.s != want {
			t.Fatalf("cell %d shows %q, want the digit %q", k, tx.s, want)
		}
	}
}

// TestThermoRulesTipFitsTheSide: the thermo page's tip bounds the bulb of
// a four-cell thermometer by the grid's own side, in every language (it
// said 6 on a 6x6 page once).
func TestThermoRulesTipFitsTheSide(t *testing.T) {
	for _, code := range templates.Languages() {
		tx, err := templates.Language(code)
		if err != nil {
			t.Fatal(err)
		}
		for side, want := range map[int][]string{6: {"3", "6x6"}, 9: {"6", "9x9"}} {
			tip := templates.Fill(tx.Kinds["thermo"].Rules[2], kindValues(book.KindExample{Side: side}, false)...)
			for _, w := range want {
				if !strings.Contains(tip, w) {
					t.Errorf("%s, %dx%d: thermo tip %q lacks %q", code, side, side, tip, w)
				}
			}
			if side == 6 && strings.Contains(tip, "9x9") {
				t.Errorf("%s: the 6x6 thermo tip %q speaks of 9x9", code, tip)
			}
		}
	}
}

// TestKindRulesOnePerKind: a kind whose rules name no size (futoshiki,
// calcudoku, kakuro) has one how-to-play page for all the sizes a book
// prints, its numbers told on the smallest and the largest side; a
// classic 4x4 and 6x6 keep a page each, their boxes differing.
func TestKindRulesOnePerKind(t *testing.T) {
	s := testSpec()
	s.PuzzlesPerPage, s.SolutionsPerPage = 1, 4
	futoshiki := book.Variant{Variant: engine.Latin, Layer: "greater-than"}
	calcudoku := book.Variant{Variant: engine.Latin, Layer: "calcudoku"}
	s.Sections = []book.SectionSpec{
		{Level: engine.Easy, Count: 1, Variant: futoshiki, Size: 5},
		{Level: engine.Easy, Count: 1, Variant: calcudoku, Size: 4},
		{Level: engine.Easy, Count: 1, Variant: futoshiki, Size: 6},
		{Level: engine.Easy, Count: 1, Size: 4},
		{Level: engine.Easy, Count: 1, Variant: calcudoku, Size: 6},
		{Level: engine.Easy, Count: 1, Size: 6},
		{Level: engine.Easy, Count: 1, Variant: futoshiki, Size: 4},
	}
	b := fillBook(t, s)
	texts := mustTexts(t, "en")
	p := planBook(b, texts)
	var seen []string
	for _, pg := range p.pages {
		if pg.kind == kindRulesPage {
			k := p.kinds[pg.items[0]]
			seen = append(seen, fmt.Sprint(k.Variant, k.Side, p.kindSides[pg.items[0]]))
		}
	}
	if want := []string{"futoshiki 5 [4 5 6]", "calcudoku 4 [4 6]", "classic 4 [4]", "classic 6 [6]"}; !slices.Equal(seen, want) {
		t.Errorf("kind pages %q, want %q", seen, want)
	}
	res, err := RenderBook(b, testOptions)
	if err != nil {
		t.Fatal(err)
	}
	ctx, err := pdftest.Open(res.PDF)
	if err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	for n := range p.pages {
		items, err := pdftest.PageItems(ctx, n+1)
		if err != nil {
			t.Fatal(err)
		}
		text.WriteString(strings.Join(pdftest.Texts(items), " ") + "\n")
	}
	all := text.String()
	for _, c := range []struct {
		text  string
		times int
	}{
		{"How to play: Futoshiki", 1}, {"How to play: Calcudoku", 1},
		// Both kinds run from 4x4 to 6x6 here.
		{"Fill every empty square with a number from 1 to the number of squares in a row: 1 to 4 on a 4x4 grid, 1 to 6 on a 6x6 one.", 2},
	} {
		if n := strings.Count(all, c.text); n != c.times {
			t.Errorf("%q printed %d times, want %d", c.text, n, c.times)
		}
	}
}
