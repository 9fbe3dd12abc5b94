package layout

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
)

func renderCover(t *testing.T, b *book.Book, pages int, opt Options) CoverResult {
	t.Helper()
	res, err := RenderCover(b, pages, opt)
	if err != nil {
		t.Fatalf("RenderCover: %v", err)
	}
	return res
}

func coverBook(trimW, trimH float64, paper book.Paper) *book.Book {
	s := testSpec()
	s.Trim = book.Size{W: book.Length(trimW * 72), H: book.Length(trimH * 72)}
	s.Cover = &book.CoverSpec{Paper: paper}
	return testBook(s, 40, 40, 40, 30)
}

// TestCoverSize checks the page against sizes worked out by hand from the
// KDP calculator's rules: spine = pages x 0.002252in (white) or 0.0025in
// (cream); width = 0.125 + trim + spine + trim + 0.125; height = 0.125 +
// trim + 0.125; the TrimBox 0.125in in from every edge.
func TestCoverSize(t *testing.T) {
	cases := []struct {
		name         string
		trimW, trimH float64
		pages        int
		paper        book.Paper
		spine, w, h  float64 // inches
	}{
		{"6x9 120 white", 6, 9, 120, book.PaperWhite, 0.27024, 12.52024, 9.25},
		{"6x9 120 cream", 6, 9, 120, book.PaperCream, 0.3, 12.55, 9.25},
		{"5x8 24 white", 5, 8, 24, book.PaperWhite, 0.054048, 10.304048, 8.25},
		{"8.5x11 300 cream", 8.5, 11, 300, book.PaperCream, 0.75, 18, 11.25},
		{"5.5x8.5 828 white", 5.5, 8.5, 828, book.PaperWhite, 1.864656, 13.114656, 8.75},
		{"6x9 79 cream", 6, 9, 79, book.PaperCream, 0.1975, 12.4475, 9.25},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := renderCover(t, coverBook(tc.trimW, tc.trimH, tc.paper), tc.pages, testOptions)
			for _, v := range []struct {
				what      string
				got, want float64
			}{{"spine", res.Spine, tc.spine * 72}, {"width", res.Width, tc.w * 72}, {"height", res.Height, tc.h * 72}} {
				if math.Abs(v.got-v.want) > 1e-9 {
					t.Errorf("%s: got %.6fpt, want %.6fpt (%gin)", v.what, v.got, v.want, v.want/72)
				}
			}
			media, trim := pageBoxes(t, res.PDF)
			if len(media) != 1 {
				t.Fatalf("got %d pages, want 1", len(media))
			}
			// fpdf writes boxes to 0.01pt.
			wantMedia := [4]float64{0, 0, tc.w * 72, tc.h * 72}
			wantTrim := [4]float64{9, 9, tc.w*72 - 9, tc.h*72 - 9}
			for k := range 4 {
				if math.Abs(media[0][k]-wantMedia[k]) > 0.006 || math.Abs(trim[0][k]-wantTrim[k]) > 0.006 {
					t.Fatalf("MediaBox %s TrimBox %s, want %s %s",
						boxString(media[0]), boxString(trim[0]), boxString(wantMedia), boxString(wantTrim))
				}
			}
		})
	}
}

// TestCoverPDF reads a cover back: strict validation, one page, embedded Go
// fonts only, the theme's colours, the title, author and blurb in its text.
func TestCoverPDF(t *testing.T) {
	b := coverBook(6, 9, book.PaperWhite)
	res := renderCover(t, b, 160, testOptions)
	preview(t, "cover.pdf", res.PDF)
	ctx := readPDF(t, res.PDF)
	if ctx.PageCount != 1 {
		t.Fatalf("got %d pages, want 1", ctx.PageCount)
	}
	checkGoFonts(t, res.PDF)
	content := pageContent(t, ctx, 1)
	// Colour is allowed on the cover: the default theme's accent (rules,
	// meter marks, the badge, the window's frame) is its one colour; the
	// rest, the motif window's black on white included, is grey.
	for _, m := range colourOp.FindAllString(content, -1) {
		if f := strings.Fields(m); f[0] != "0.949" || f[1] != "0.702" || f[2] != "0.239" {
			t.Errorf("cover sets colour %q: want only the charcoal theme's accent, 0.949 0.702 0.239", m)
		}
	}
	if colourOp.FindString(content) == "" {
		t.Error("no colour on the cover: want the theme's accent")
	}
	texts := pageText(t, content)
	joined := strings.Join(texts, "|")
	for _, want := range []string{
		"Sudoku", "Every Day", "Puzzles from easy to expert", "Zoë Müller-Ibáñez", // front
		"Sudoku Every Day", "Easy", "Medium", "Hard", "Expert", "40", "30", "150", // back and spine
	} {
		if !slices.Contains(texts, want) {
			t.Errorf("cover text %q: want %q", joined, want)
		}
	}
	// The spine's text is set a quarter turn clockwise.
	if !strings.Contains(content, "0.00000 -1.00000 1.00000 0.00000 ") {
		t.Errorf("no quarter-turn matrix in the content: want the spine text rotated")
	}
}

func TestCoverReproducible(t *testing.T) {
	b := coverBook(6, 9, book.PaperCream)
	a := renderCover(t, b, 200, testOptions).PDF
	again := renderCover(t, coverBook(6, 9, book.PaperCream), 200, testOptions).PDF
	if !bytes.Equal(a, again) {
		t.Fatalf("two renders differ (%d and %d bytes): want the same bytes", len(a), len(again))
	}
	if other := renderCover(t, b, 202, testOptions).PDF; bytes.Equal(a, other) {
		t.Errorf("200 and 202 pages give the same bytes: want a wider spine")
	}
}

func TestCoverErrors(t *testing.T) {
	cases := []struct {
		name  string
		b     *book.Book
		pages int
	}{
		{"no book", nil, 100},
		{"no pages", coverBook(6, 9, book.PaperWhite), 0},
		{"negative pages", coverBook(6, 9, book.PaperWhite), -4},
		{"unknown paper", coverBook(6, 9, book.Paper(7)), 100},
		{"no puzzles", &book.Book{Spec: testSpec()}, 100},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := RenderCover(tc.b, tc.pages, testOptions)
			if !errors.Is(err, ErrBook) {
				t.Fatalf("got error %v, want one wrapping ErrBook", err)
			}
		})
	}
}

// coverOp is one drawing operation as a recorder saw it: the box its ink
// can cover.
type coverOp struct {
	kind string // line, rect, text, down
	box  rect
	text string
	k    rgb
	w    float64 // a line's width
}

// coverRecorder is a coverCanvas that keeps every operation.
type coverRecorder struct {
	ops  []coverOp
	clip *rect // while set, lines and fills show only inside it
}

func (r *coverRecorder) Line(x1, y1, x2, y2, w float64, k rgb) {
	box := rect{min(x1, x2) - w/2, min(y1, y2) - w/2, math.Abs(x2-x1) + w, math.Abs(y2-y1) + w}
	if box, ok := r.clipped(box); ok {
		r.ops = append(r.ops, coverOp{kind: "line", box: box, k: k, w: w})
	}
}

func (r *coverRecorder) Rect(x, y, w, h float64, k rgb) {
	if box, ok := r.clipped(rect{x, y, w, h}); ok {
		r.ops = append(r.ops, coverOp{kind: "rect", box: box, k: k})
	}
}

// Text is recorded whole even inside a clip: a clipped glyph is still
// text in the PDF, which the preflight sees.
func (r *coverRecorder) Clip(c rect) { r.clip = &c }
func (r *coverRecorder) Unclip()     { r.clip = nil }

// clipped is the part of box the clip shows, false for none.
func (r *coverRecorder) clipped(box rect) (rect, bool) {
	if r.clip == nil {
		return box, true
	}
	c := *r.clip
	x0, y0 := math.Max(box.X, c.X), math.Max(box.Y, c.Y)
	x1, y1 := math.Min(box.right(), c.right()), math.Min(box.bottom(), c.bottom())
	if x1 <= x0 || y1 <= y0 {
		return rect{}, false
	}
	return rect{x0, y0, x1 - x0, y1 - y0}, true
}

func (r *coverRecorder) Image(name string, x, y, w, h float64, clip rect) {
	r.ops = append(r.ops, coverOp{kind: "image", box: clip, text: name})
}

func (r *coverRecorder) Text(x, y float64, s string, f Font, size float64, k rgb, a Align) {
	if s == "" {
		return
	}
	above, below := inkExtent(f, size)
	x0 := alignX(x, s, f, size, a)
	r.ops = append(r.ops, coverOp{kind: "text", box: rect{x0, y - above, textWidth(f, size, s), above + below}, text: s, k: k})
}

// TextDown's letters face right: the ink above the baseline lies to the
// right of x. The box is the text's own ink, measured glyph by glyph.
func (r *coverRecorder) TextDown(x, y float64, s string, f Font, size float64, k rgb) {
	if s == "" {
		return
	}
	top, bottom := f.ink(s)
	above, below := top*size, bottom*size
	r.ops = append(r.ops, coverOp{kind: "down", box: rect{x - below, y, above + below, textWidth(f, size, s)}, text: s, k: k})
}

func recordCover(t *testing.T, b *book.Book, pages int) (*coverPlan, *coverRecorder) {
	t.Helper()
	cp := planCover(b, mustTexts(t, b.Spec.Language), pages)
	rec := &coverRecorder{}
	cp.draw(rec)
	return cp, rec
}

func within(in, out rect) bool {
	const eps = 0.01
	return in.X >= out.X-eps && in.Y >= out.Y-eps && in.right() <= out.right()+eps && in.bottom() <= out.bottom()+eps
}

func overlaps(a, b rect) bool {
	return a.X < b.right() && b.X < a.right() && a.Y < b.bottom() && b.Y < a.bottom()
}

func (r rect) String() string {
	return fmt.Sprintf("x %.2f-%.2f y %.2f-%.2f", r.X, r.right(), r.Y, r.bottom())
}

// TestCoverSpineText follows KDP's rule: no spine text below 80 pages, and
// from 80 pages the title with 0.0625in clear on each side of the spine,
// but only once the spine is wide enough to set it no smaller than the
// book's smallest type (8.5pt here): a 6x9 book on white paper needs 104
// pages for that, on cream 94.
func TestCoverSpineText(t *testing.T) {
	cases := []struct {
		pages     int
		paper     book.Paper
		want      bool
		wantTexts []string
	}{
		{24, book.PaperWhite, false, nil},
		{79, book.PaperWhite, false, nil},
		{79, book.PaperCream, false, nil},
		{80, book.PaperWhite, false, nil},
		{80, book.PaperCream, false, nil},
		{103, book.PaperWhite, false, nil},
		{104, book.PaperWhite, true, []string{"Sudoku Every Day", "Zoë Müller-Ibáñez"}},
		{93, book.PaperCream, false, nil},
		{94, book.PaperCream, true, []string{"Sudoku Every Day", "Zoë Müller-Ibáñez"}},
		{400, book.PaperCream, true, []string{"Sudoku Every Day", "Zoë Müller-Ibáñez"}},
	}
	for _, tc := range cases {
		t.Run(fmt.Sprintf("%d pages paper %d", tc.pages, tc.paper), func(t *testing.T) {
			b := coverBook(6, 9, tc.paper)
			if res := renderCover(t, b, tc.pages, testOptions); res.SpineText != tc.want {
				t.Fatalf("SpineText %v, want %v", res.SpineText, tc.want)
			}
			cp, rec := recordCover(t, b, tc.pages)
			sp := cp.geo.spineRect()
			// KDP's figures, not the package's constants, so a change to
			// those cannot pass unnoticed.
			const clearance, keep = 0.0625 * 72, 0.125 * 72
			clear := sp.inset(clearance, keep, clearance, keep)
			var got []string
			for _, op := range rec.ops {
				if op.kind == "down" {
					got = append(got, op.text)
					if !within(op.box, clear) {
						t.Errorf("spine text %q at %v, want within %v", op.text, op.box, clear)
					}
					continue
				}
				if op.kind == "text" && overlaps(op.box, sp) {
					t.Errorf("text %q at %v reaches the spine %v", op.text, op.box, sp)
				}
			}
			if !slices.Equal(got, tc.wantTexts) {
				t.Errorf("spine texts %q, want %q", got, tc.wantTexts)
			}
			if tc.want {
				if size := cp.setSpine().size; size < 8.5 {
					t.Errorf("spine type %.2fpt, want at least the book's smallest, 8.5pt", size)
				}
			}
		})
	}
}

// TestCoverInk draws covers of several shapes on a recorder: nothing in the
// barcode area, the ground covering the rest of the page, all type and the
// motif 0.25in inside the trim of its own panel, grey levels in range.
func TestCoverInk(t *testing.T) {
	long := "A Remarkably Long Title For A Book Of Sudoku Puzzles That Will Not Fit On Two Lines"
	cases := []struct {
		name  string
		pages int
		edit  func(b *book.Book)
	}{
		{"6x9", 160, func(b *book.Book) {}},
		{"5x8 thin", 80, func(b *book.Book) { b.Spec.Trim = book.Size{W: 5 * 72, H: 8 * 72} }},
		{"8.5x11 thick", 600, func(b *book.Book) { b.Spec.Trim = book.Size{W: 8.5 * 72, H: 11 * 72} }},
		{"landscape", 120, func(b *book.Book) { b.Spec.Trim = book.Size{W: 9 * 72, H: 6 * 72} }},
		{"long texts", 300, func(b *book.Book) {
			b.Spec.Title, b.Spec.Subtitle = long, long
			b.Spec.Author = "Maximiliana Sophia Ungerbühler-Castellanos de la Fuente"
			b.Spec.Intro = strings.Repeat("A long introduction that goes on and on. ", 40)
		}},
		{"accents", 140, func(b *book.Book) { b.Spec.Title, b.Spec.Subtitle = "Ésprit Über Ñandú", "Çà et là, Ÿ Ö" }},
		{"tiny 3x2.5", 140, func(b *book.Book) { b.Spec.Trim = book.Size{W: 3 * 72, H: 2.5 * 72} }},
		{"bare", 100, func(b *book.Book) { b.Spec.Subtitle, b.Spec.Author, b.Spec.Intro = "", "", "" }},
		{"many sections", 250, func(b *book.Book) {
			*b = *testBook(b.Spec, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10)
		}},
		{"small 4x6", 90, func(b *book.Book) { b.Spec.Trim = book.Size{W: 4 * 72, H: 6 * 72} }},
		{"paper theme, badge, blurb", 130, func(b *book.Book) {
			b.Spec.Cover.Theme, b.Spec.Cover.Badge = "paper", "200 PUZZLES"
			b.Spec.Cover.Blurb = "A blurb of its own.\n\nWith a second paragraph,\nand a line break."
		}},
		{"badge on a small cover", 90, func(b *book.Book) {
			b.Spec.Trim = book.Size{W: 4 * 72, H: 6 * 72}
			b.Spec.Cover.Badge = "LARGE PRINT"
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := coverBook(6, 9, book.PaperWhite)
			tc.edit(b)
			if *previewDir != "" {
				preview(t, "cover_"+strings.NewReplacer(" ", "_").Replace(tc.name)+".pdf", renderCover(t, b, tc.pages, testOptions).PDF)
			}
			cp, rec := recordCover(t, b, tc.pages)
			g := cp.geo
			bc := g.barcode()
			if !within(bc, g.back().inset(18, 18, 18, 18)) || bc.W != 144 || bc.H != 86.4 {
				t.Fatalf("barcode area %v (%.1fx%.1fpt), want 144x86.4pt inside the back's safe area", bc, bc.W, bc.H)
			}
			const quarter, sixteenth = 0.25 * 72, 0.0625 * 72
			safe := []rect{
				g.back().inset(quarter, quarter, quarter, quarter),
				g.front().inset(quarter, quarter, quarter, quarter),
				g.spineRect().inset(sixteenth, quarter, sixteenth, quarter),
			}
			mw, mh := g.media()
			var groundArea float64
			for _, op := range rec.ops {
				for _, v := range []float64{op.k.r, op.k.g, op.k.b} {
					if v < 0 || v > 1 {
						t.Errorf("%s %q: colour %v out of 0-1", op.kind, op.text, op.k)
					}
				}
				if overlaps(op.box, bc) {
					t.Errorf("%s %q at %v inks the barcode area %v", op.kind, op.text, op.box, bc)
				}
				if op.kind == "rect" && op.k == cp.ink.ground {
					groundArea += op.box.W * op.box.H
					continue
				}
				if !slices.ContainsFunc(safe, func(s rect) bool { return within(op.box, s) }) {
					t.Errorf("%s %q at %v lies outside every panel's safe area", op.kind, op.text, op.box)
				}
			}
			if want := mw*mh - bc.W*bc.H; math.Abs(groundArea-want) > 0.01 {
				t.Errorf("ground covers %.1fpt², want the page less the barcode area, %.1fpt²", groundArea, want)
			}
		})
	}
}

// TestCoverMotif checks the front's grid is the book's first hard puzzle,
// or its last when it has none.
func TestCoverMotif(t *testing.T) {
	b := testBook(testSpec(), 3, 3, 3)
	if got, want := motifPuzzle(b).Number, 7; got != want {
		t.Errorf("motif puzzle %d, want %d (the first hard one)", got, want)
	}
	b = testBook(testSpec(), 3, 4)
	if got, want := motifPuzzle(b).Number, 7; got != want {
		t.Errorf("motif puzzle %d, want %d (the last)", got, want)
	}
	// The front shows a window on the motif: a few of its givens, large,
	// all inside the window's white ground, and no digit outside it (a
	// clipped digit would still be text on the cover).
	cp, rec := recordCover(t, coverBook(6, 9, book.PaperWhite), 160)
	front := cp.geo.front()
	win := frontWindow(t, cp, rec)
	digits := 0
	for _, op := range rec.ops {
		if op.kind != "text" || len(op.text) != 1 || op.text < "1" || op.text > "9" || !within(op.box, front) {
			continue
		}
		digits++
		if !within(op.box, win) {
			t.Errorf("digit %s at %v lies outside the window %v", op.text, op.box, win)
		}
		if op.box.H < 0.04*cp.geo.unit() {
			t.Errorf("digit %s is %.1fpt tall, want it large enough to read at a thumbnail", op.text, op.box.H)
		}
	}
	if all := engine.CountClues(cp.motif.Givens); digits < 3 || digits >= all || cp.motif.Level < engine.Hard {
		t.Errorf("front shows %d digits of puzzle %d (%v), want a few of its %d givens of a hard puzzle", digits, cp.motif.Number, cp.motif.Level, all)
	}
}

// frontWindow is the white ground of the front's motif window.
func frontWindow(t *testing.T, cp *coverPlan, rec *coverRecorder) rect {
	t.Helper()
	for _, op := range rec.ops {
		if op.kind == "rect" && op.k == greyRGB(White) && within(op.box, cp.geo.front()) {
			return op.box
		}
	}
	t.Fatal("no motif window on the front")
	return rect{}
}

// TestCoverGuides checks the proofing outlines come only when asked for.
func TestCoverGuides(t *testing.T) {
	b := coverBook(6, 9, book.PaperWhite)
	o := testOptions
	o.Guides = true
	guided := renderCover(t, b, 160, o).PDF
	preview(t, "cover_guides.pdf", guided)
	readPDF(t, guided)
	plain := renderCover(t, b, 160, testOptions).PDF
	if bytes.Equal(guided, plain) {
		t.Errorf("Guides made no difference to the cover")
	}
}

// TestCoverGridLines: the front's grid shows its boxes, or a jigsaw's
// regions, plainly: those lines at least three times a cell line's width
// and in an ink standing out from the grid's ground far more than the
// cell lines' (a reviewer found a jigsaw's regions hard to see when they
// were twice as wide in the same ink).
func TestCoverGridLines(t *testing.T) {
	jigsaw := coverBook(6, 9, book.PaperWhite)
	geo := ornamentGeometry(t, "jigsaw")
	fig := kindFixture(geo)
	for si := range jigsaw.Sections {
		for pi := range jigsaw.Sections[si].Puzzles {
			pz := &jigsaw.Sections[si].Puzzles[pi]
			pz.Geo, pz.Givens, pz.Answer = geo, fig.Givens, fig.Solution
		}
	}
	for name, b := range map[string]*book.Book{"classic": coverBook(6, 9, book.PaperWhite), "jigsaw": jigsaw} {
		t.Run(name, func(t *testing.T) {
			cp, rec := recordCover(t, b, 160)
			grid := frontWindow(t, cp, rec)
			thin, heavy := map[rgb]float64{}, map[rgb]float64{}
			least := math.Inf(1)
			for _, op := range rec.ops {
				if op.kind == "line" && within(op.box, grid.inset(-3, -3, -3, -3)) {
					least = math.Min(least, op.w)
				}
			}
			for _, op := range rec.ops {
				if op.kind != "line" || !within(op.box, grid.inset(-3, -3, -3, -3)) {
					continue
				}
				if op.w > least*1.01 {
					heavy[op.k] = op.w
				} else {
					thin[op.k] = op.w
				}
			}
			if len(thin) != 1 || len(heavy) != 1 {
				t.Fatalf("grid lines in %d inks at the cell lines' width and %d heavier, want one each", len(thin), len(heavy))
			}
			for kt, wt := range thin {
				for kh, wh := range heavy {
					if wh < 3*wt-1e-9 {
						t.Errorf("region lines %.2fpt, cell lines %.2fpt: want at least three times as wide", wh, wt)
					}
					ct, ch := contrast(kt, greyRGB(White)), contrast(kh, greyRGB(White))
					if ch < 1.5*ct {
						t.Errorf("region lines' contrast with the grid %.2f:1, cell lines' %.2f:1: want half as much again", ch, ct)
					}
				}
			}
		})
	}
}
