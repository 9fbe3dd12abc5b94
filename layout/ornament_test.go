package layout

import (
	"slices"
	"testing"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
)

// TestTitleOrnamentKinds: a book without classic 9x9 puzzles still gets
// its title-page ornament, drawn as its own kind: every given of a grid
// made for it (not its first puzzle) set in the grid, an X grid's diagonals shaded, a
// killer's cages each with its sum on a knockout; every symbol at least
// the book's finest print; a killer too large for
// the title page's room at its sums' size gets none rather than
// illegible sums.
func TestTitleOrnamentKinds(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	letter := book.Size{W: 8.5 * 72, H: 11 * 72}
	for _, tc := range []struct {
		name    string
		variant string
		trim    book.Size
		killer  bool
		shaded  int // cells shaded grey
		none    bool
		body    book.Length // the book's text size, if not testSpec's
	}{
		{"x", "x", letter, false, 17, false, 0},
		{"jigsaw", "jigsaw", letter, false, 0, false, 0},
		{"6x6", "classic-6", letter, false, 0, false, 0},
		{"16x16", "classic-16", letter, false, 0, false, 0},
		// The expert-16x16 preset's text: its finest print (9.35pt) is
		// larger than a 16x16 grid at the ornament's usual width sets
		// its numbers.
		{"16x16 at 11pt", "classic-16", letter, false, 0, false, 11},
		{"samurai", "samurai", letter, false, 0, false, 0},
		{"killer", "", letter, true, 0, false, 0},
		{"killer on a small trim", "", book.Size{W: 5 * 72, H: 8 * 72}, true, 0, true, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			spec := testSpec()
			spec.Trim = tc.trim
			spec.PuzzlesPerPage = 1
			if tc.body > 0 {
				spec.Style.TextSize = tc.body
			}
			var b *book.Book
			var fig Figure
			if tc.killer {
				fig = testKiller(t)
				b = killerBook(spec, fig, 2)
			} else {
				geo := ornamentGeometry(t, tc.variant)
				fig = kindFixture(geo)
				b = &book.Book{Spec: spec, Sections: []book.Section{{Puzzles: []book.Puzzle{{Number: 1, Geo: geo, Givens: fig.Givens, Answer: fig.Solution}}}}}
			}
			p := planBook(b, mustTexts(t, "en"))
			if p.pages[0].kind != titlePage {
				t.Fatalf("page 1 is %v, want the title page", p.pages[0].kind)
			}
			ops := &gridOps{}
			d := drawer{p: p, c: ops, year: 2026, opt: testOptions}
			d.title(p.geo.content(1))
			tg, ok := b.TitleGrid()
			if !ok && !tc.none {
				t.Fatal("no title grid made")
			}
			if first := b.Sections[0].Puzzles[0].Engine(); ok && slices.Equal(tg.Engine().Key(), first.Key()) {
				t.Error("the ornament is the book's first puzzle")
			}
			givens, letters := 0, 0
			for _, g := range tg.Givens {
				if g != 0 {
					givens++
				}
			}
			for _, tx := range ops.texts {
				if tx.f == p.gridStyle().givenFont && tx.s != "" && tx.s[0] >= '1' && tx.s[0] <= '9' {
					letters++
					// A 16x16 grid's two-digit numbers are set smaller
					// than a 9x9 grid's digits in the same cell.
					if tx.size < p.ts.small-1e-9 {
						t.Errorf("ornament symbol %q at %.2fpt, under the book's finest print (%.2fpt)", tx.s, tx.size, p.ts.small)
					}
				}
			}
			shaded, knocks := 0, 0
			for _, g := range ops.rectG {
				switch g {
				case shadeFill:
					shaded++
				case White:
					knocks++
				}
			}
			if tc.none {
				if len(ops.lines) != 0 {
					t.Errorf("a killer ornament drawn (%d lines) where its sums cannot print at %gpt", len(ops.lines), float64(book.MinCageSum))
				}
				return
			}
			if letters != givens {
				t.Errorf("ornament sets %d givens, want the %d of its grid", letters, givens)
			}
			if shaded != tc.shaded {
				t.Errorf("ornament shades %d cells, want %d", shaded, tc.shaded)
			}
			if tc.killer && knocks != len(fig.Geo.Cages) {
				t.Errorf("killer ornament has %d sum knockouts, want one a cage (%d)", knocks, len(fig.Geo.Cages))
			}
		})
	}
}

// ornamentGeometry is the geometry of a variant ("x", "jigsaw") at 9x9,
// or classic at the size after the dash ("classic-16").
func ornamentGeometry(t *testing.T, name string) *engine.Geometry {
	t.Helper()
	for _, g := range testGeometries(t) {
		switch {
		case name == "classic-6" && g.Variant == engine.Classic && g.N == 6,
			name == "classic-16" && g.Variant == engine.Classic && g.N == 16,
			name == g.Variant.String() && g.N == 9:
			return g
		}
	}
	t.Fatalf("no test geometry %s", name)
	return nil
}
