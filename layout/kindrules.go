package layout

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/templates"
)

// The how-to-play pages of the kinds other than classic 9x9: one a kind
// the book prints, in the order its sections first print it, each with
// its own rules and an example grid of that kind from the book (see
// book.Book.KindExamples). A kind whose rules name its size (its boxes,
// its side: a 6x6 Sudoku's "2x3 box", a jigsaw's "9 regions") has a page
// for each size; one whose rules do not (futoshiki, calcudoku, kakuro)
// has one page for all its sizes, the example of the first size it
// prints, and says the numbers run to the grid's side where that
// differs. The classic page keeps its place when the book prints classic
// 9x9 puzzles, or no kind has a page: a book of 6x6 puzzles must not say
// "1 to 9" and "3x3 boxes".

// kindPages are the kinds of b with a how-to-play text in texts, and for
// each the sides its page speaks for, rising. A kind whose text is
// missing gets no page (its drawing lands with its text, and a test
// holds every printable kind to having one).
func kindPages(b *book.Book, texts *templates.Texts) ([]book.KindExample, [][]int) {
	var out []book.KindExample
	var sides [][]int
	page := map[string]int{}
	for _, k := range b.KindExamples() {
		key := rulesKey(k.Variant)
		rules, ok := texts.Kinds[key]
		if !ok {
			continue
		}
		if i, seen := page[key]; seen && !namesSize(rules) {
			sides[i] = append(sides[i], k.Side)
			slices.Sort(sides[i])
			continue
		}
		page[key] = len(out)
		out = append(out, k)
		sides = append(sides, []int{k.Side})
	}
	return out, sides
}

// namesSize reports whether a kind's rules name anything of its size
// beyond the numbers the opening paragraph gives (KindFill): its side,
// its box, a thermometer's bulb.
func namesSize(r templates.KindRules) bool {
	texts := append([]string{r.Title, r.Example, r.ExamplePlain}, r.Rules...)
	return slices.ContainsFunc(texts, func(s string) bool {
		return strings.Contains(s, "{n}") || strings.Contains(s, "{box}") || strings.Contains(s, "{bulb}") || strings.Contains(s, "{high}")
	})
}

// rulesKey is the key of a kind's texts: its variant's name, which for
// classic holds the rules of every size but 9x9.
func rulesKey(v book.Variant) string { return v.String() }

// classicRules reports whether the book prints the classic page.
func (p *plan) classicRules() bool {
	return len(p.kinds) == 0 || hasPuzzle(p.book, func(pz *book.Puzzle) bool { return pz.Geometry() == engine.Classic9 })
}

// kindRules draws the how-to-play page of the book's i-th kind: the
// opening paragraph, the kind's rules, the book's promise when no page
// before gave it, and the example.
func (d *drawer) kindRules(live rect, pg page) {
	i := pg.items[0]
	k := d.p.kinds[i]
	t := d.p.texts
	rules := t.Kinds[rulesKey(k.Variant)]
	letters := d.p.spec.Style.Letters && k.Side > 9
	vals := kindValues(k, letters)
	paras := []string{templates.Fill(t.KindFill, vals...)}
	if letters {
		paras[0] = templates.Fill(t.KindFillLetters, vals...)
	} else if sides := d.p.kindSides[i]; k.Variant.Variant != engine.Kakuro && len(sides) > 1 {
		// One page for several sides: the numbers run to each grid's
		// side, told on the smallest and the largest.
		paras[0] = templates.Fill(t.KindFillSides, kindSidesValues(sides)...)
	}
	for _, r := range rules.Rules {
		paras = append(paras, templates.Fill(r, vals...))
	}
	if i == 0 && !d.p.classicRules() {
		paras = append(paras, d.p.promise())
	}
	example := rules.Example
	if d.p.forChildren(k.Variant) {
		paras, example = fillAll(t.ChildRules, vals), t.ChildExample
	}
	ex := rulesExample{geo: k.Puzzle.Geometry(), givens: k.Puzzle.Cells(), cell: k.Cell, digit: k.Digit, letters: letters, ok: k.Puzzle.Givens != nil}
	if k.Cell >= 0 {
		ex.caption = templates.Fill(example, append(vals, "digit", symbolText(k.Digit, letters))...)
	} else {
		ex.caption = templates.Fill(rules.ExamplePlain, vals...)
	}
	if d.p.shapesKind(k) {
		// A grid of shapes is told in shapes, the shapes drawn under
		// the first paragraph with their names.
		names, called := t.Shapes[:k.Side], t.ShapesA
		if ps := d.p.spec.Style.Pictures; len(ps) >= k.Side {
			// The user's pictures, by the names the spec gives them.
			names, called = nil, nil
			for _, pic := range ps {
				names, called = append(names, pic.Name), append(called, pic.Name)
			}
			names = names[:k.Side]
		}
		paras, ex.legend = fillAll(t.ChildRulesShapes, vals), names
		if k.Cell >= 0 {
			ex.caption = templates.Fill(t.ChildExampleShape, "shape", called[k.Digit-1])
		}
	}
	if d.p.spec.Style.LargeDigits && ex.ok {
		// Large print: the rules on this page, the example on the next.
		if len(pg.items) > 1 {
			d.examplePage(live, templates.Fill(rules.Title, vals...), ex)
			return
		}
		ex.ok = false
	}
	d.rulesPage(live, templates.Fill(rules.Title, vals...), paras, ex)
}

// forChildren reports whether the rules of variant v are told in words
// for children: a book that asks (front.children) for a classic grid,
// whose rules the language has in those words.
func (p *plan) forChildren(v book.Variant) bool {
	return p.spec.Front.Children && v == (book.Variant{}) && len(p.texts.ChildRules) > 0 && p.texts.ChildExample != ""
}

// shapesKind reports whether kind k prints in shapes (style.shapes on a
// classic 4x4 or 6x6 grid) in a language that names them.
func (p *plan) shapesKind(k book.KindExample) bool {
	t := p.texts
	return p.spec.Style.Shapes && k.Variant == (book.Variant{}) && (k.Side == 4 || k.Side == 6) &&
		len(t.Shapes) >= k.Side && len(t.ShapesA) >= k.Side && len(t.ChildRulesShapes) > 0 && t.ChildExampleShape != ""
}

// fillAll fills each of texts with vals.
func fillAll(texts []string, vals []string) []string {
	out := make([]string, len(texts))
	for i, s := range texts {
		out[i] = templates.Fill(s, vals...)
	}
	return out
}

// kindValues are the placeholders of a kind's texts: {n} the side, {box}
// the box shape, {low} and {high} the first and last symbol, {bulb} the
// most the bulb of a thermometer of four cells can hold.
func kindValues(k book.KindExample, letters bool) []string {
	br, bc, _ := engine.BoxShape(k.Side)
	high := k.Side
	if k.Variant.Variant == engine.Kakuro {
		high = 9 // 1 to 9 on every side
	}
	return []string{"n", itoa(k.Side), "box", fmt.Sprintf("%dx%d", br, bc),
		"low", symbolText(1, letters), "high", symbolText(uint8(high), letters), "bulb", symbolText(uint8(k.Side-3), letters)}
}

// kindSidesValues are the placeholders of KindFillSides for a page of a
// kind on sides (rising): {low} the first number, {n} and {high} the
// smallest side, {side} and {top} the largest.
func kindSidesValues(sides []int) []string {
	lo, hi := sides[0], sides[len(sides)-1]
	return []string{"low", symbolText(1, false), "n", itoa(lo), "high", symbolText(uint8(lo), false),
		"side", itoa(hi), "top", symbolText(uint8(hi), false)}
}
