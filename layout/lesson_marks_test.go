package layout

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
)

// TestLessonMarks draws an x-wing lesson and reads its marks back: the
// pattern's four corners grey and none of the cells that lose, each
// crossed-out candidate set bold with a stroke through it, the
// pattern's digit bold in its corners, and the caption a sentence
// naming the digit and the lines.
func TestLessonMarks(t *testing.T) {
	s, err := book.Load(strings.NewReader("title: L\nseed: 11\ntutorial: true\nsections:\n  - {level: tough, count: 1, technique: x-wing}\n"), "l.yaml")
	if err != nil {
		t.Fatal(err)
	}
	found, err := engine.Fill(context.Background(), s.Quotas(), engine.FillOptions{Seed: uint64(s.Seed), Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	b, err := book.Assemble(s, found)
	if err != nil {
		t.Fatal(err)
	}
	p := planBook(b, mustTexts(t, "en"))
	var l book.Lesson
	page := 0
	for n, pg := range p.pages {
		if pg.kind == lessonPage && p.lessons[pg.items[0]].Technique == engine.XWing {
			l, page = p.lessons[pg.items[0]], n+1
		}
	}
	if page == 0 {
		t.Fatal("no x-wing lesson")
	}
	if first := p.sectionFirst[0]; page >= first {
		t.Errorf("the lesson is on page %d, its drill starts on page %d", page, first)
	}
	ops := &gridOps{}
	d := drawer{p: p, c: ops, year: 2026, opt: testOptions}
	live := p.geo.content(page)
	d.lesson(live, l)
	// The grid's origin and cell, read from the first corner's shading
	// (a shaded rect is its cell's box).
	shaded := 0
	var x0, y0, cell float64
	for i, g := range ops.rectG {
		if g != shadeFill {
			continue
		}
		if shaded == 0 {
			r, c := engine.Classic9.Row(l.Pattern[0]), engine.Classic9.Col(l.Pattern[0])
			cell = ops.rects[i].W
			x0, y0 = ops.rects[i].X-float64(c)*cell, ops.rects[i].Y-float64(r)*cell
		}
		shaded++
	}
	if shaded != len(l.Pattern) || len(l.Pattern) != 4 {
		t.Fatalf("%d cells shaded for a pattern of %d; want the x-wing's 4 corners", shaded, len(l.Pattern))
	}
	geo := engine.Classic9
	in := func(c int, x, y float64) bool {
		bx, by := x0+float64(geo.Col(c))*cell, y0+float64(geo.Row(c))*cell
		return x > bx && x < bx+cell && y > by && y < by+cell
	}
	d0 := engine.FirstDigit(l.Step.Pattern.Parts[0].Digits)
	digit := fmt.Sprint(d0)
	// The digit is bold in the corners and in the cells that lose it,
	// and regular in every other cell's candidates.
	for _, tx := range ops.texts {
		if tx.s != digit || tx.size >= p.ts.body*2 {
			continue
		}
		x, y := tx.x0+tx.width/2, tx.base-tx.size/3
		mark := slices.ContainsFunc(l.Pattern, func(c int) bool { return in(c, x, y) }) ||
			slices.ContainsFunc(l.Step.Eliminations, func(e engine.Elimination) bool { return in(e.Cell, x, y) })
		if mark != (tx.f == p.f.Bold) {
			t.Errorf("candidate %s at (%.0f, %.0f): bold %v, want %v", digit, x, y, tx.f == p.f.Bold, mark)
		}
	}
	// One stroke through each candidate crossed out, none elsewhere.
	strokes := 0
	for _, ln := range ops.lines {
		if ln.x1 == ln.x2 || ln.y1 == ln.y2 {
			continue // the grid's and the frames' lines
		}
		strokes++
		mx, my := (ln.x1+ln.x2)/2, (ln.y1+ln.y2)/2
		if !slices.ContainsFunc(l.Step.Eliminations, func(e engine.Elimination) bool { return in(e.Cell, mx, my) }) {
			t.Errorf("a stroke at (%.0f, %.0f) in a cell that loses nothing", mx, my)
		}
		if ln.w < p.gridStyle().thin {
			t.Errorf("a stroke of %.2fpt, under the cell lines' %.2fpt", ln.w, p.gridStyle().thin)
		}
	}
	if strokes != len(l.Step.Eliminations) {
		t.Errorf("%d strokes for %d candidates crossed out", strokes, len(l.Step.Eliminations))
	}
	var caption []string
	for _, tx := range ops.texts {
		if tx.size >= p.ts.body-0.01 && len(tx.s) > 1 {
			caption = append(caption, tx.s)
		}
	}
	text := strings.Join(caption, " ")
	if want := "the " + digit + " can only be in "; !strings.Contains(text, want) || !strings.HasPrefix(text, "X-Wing In rows ") && !strings.HasPrefix(text, "X-Wing In columns ") {
		t.Errorf("caption %q, want it to open on the lines and say %q", text, want)
	}
}
