package layout

import (
	"math"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/internal/pdftest"
	"github.com/sudokubook/sudokubook/templates"
)

// testKiller is a generated 9x9 killer with its solution.
func testKiller(t *testing.T) Figure {
	t.Helper()
	gen := engine.NewGenerator()
	rng := rand.New(rand.NewPCG(9, 9))
	for range 40 {
		if p, ok := gen.Killer(rng, engine.KillerQuota{Level: engine.Easy}); ok {
			return Figure{Geo: p.Geo, Givens: p.Givens, Solution: p.Answer}
		}
	}
	t.Fatal("no easy killer in 40 attempts")
	return Figure{}
}

// dotOps records a grid drawing and its discs (a cage's dots) apart.
type dotOps struct {
	gridOps
	dots []gridDot
}

type gridDot struct{ x, y, r float64 }

func (o *dotOps) Disc(cx, cy, r float64, g Grey) { o.dots = append(o.dots, gridDot{cx, cy, r}) }

// TestDrawCages draws a killer grid at the smallest cell a book allows
// and checks the cages as a reader sees them: every cage outlined by
// dots inset from the cell lines, each no finer than the line floor and
// spaced so the outline reads as dotted, never as a solid line; every
// sum in its cage's top-left cell at 7pt or more on a white knockout
// drawn over the dots and clear of the reader's digit; on the solution,
// no cages at all.
func TestDrawCages(t *testing.T) {
	fig := testKiller(t)
	geo := fig.Geo
	st := styleFor(testStyle)
	side := killerSide(st, geo)
	if !st.cagesFit(geo, side) {
		t.Fatalf("cage sums do not fit cells of %.0fpt (book.MinKillerCell)", book.MinKillerCell)
	}
	for big := side; big < 1000; big += 3 {
		if !st.cagesFit(geo, big) {
			t.Fatalf("cage sums do not fit a %.0fpt grid, larger than the least", big)
		}
	}
	if st.cagesFit(geo, 0.8*side) {
		t.Errorf("cage sums fit cells of %.1fpt: book.MinKillerCell could be smaller", 0.8*book.MinKillerCell)
	}
	base, _ := engine.Lookup(geo.Variant, geo.N)
	plain := &gridOps{}
	drawCells(plain, 0, 0, side, base, fig.Givens, nil, st)

	ops := &dotOps{}
	fr := drawCells(ops, 0, 0, side, geo, fig.Givens, nil, st)
	if len(ops.lines) != len(plain.lines) {
		t.Fatalf("%d lines with cages, %d without: cages are drawn as dots, not lines", len(ops.lines), len(plain.lines))
	}
	in := cageInset * fr.cell

	// Each dot lies on a cage's border, inset from the cell line; the
	// dots of every border edge are there.
	count := map[[3]int]int{} // [horizontal?, line, cell] -> dots
	onInset := func(v, o float64) (int, bool) {
		k := (v - o) / fr.cell
		off := (k - math.Floor(k)) * fr.cell
		switch {
		case math.Abs(off-in) < 1e-6:
			return int(math.Floor(k)), true
		case math.Abs(off-(fr.cell-in)) < 1e-6:
			return int(math.Floor(k)) + 1, true
		}
		return 0, false
	}
	for _, d := range ops.dots {
		if 2*d.r < MinLine {
			t.Fatalf("dot %.2fpt across, under the floor %.2fpt", 2*d.r, MinLine)
		}
		row, col := int(math.Floor((d.y-fr.y0)/fr.cell)), int(math.Floor((d.x-fr.x0)/fr.cell))
		h, okH := onInset(d.y, fr.y0)
		v, okV := onInset(d.x, fr.x0)
		if !okH && !okV {
			t.Fatalf("dot %+v lies on no inset line %.2fpt from a cell line", d, in)
		}
		if okH {
			count[[3]int{1, h, col}]++
		}
		if okV {
			count[[3]int{0, v, row}]++
		}
	}
	// Dots of one line never run together into a solid line.
	for a := 1; a < len(ops.dots); a++ {
		p, q := ops.dots[a-1], ops.dots[a]
		if d := math.Hypot(p.x-q.x, p.y-q.y); d > 1e-6 && d < 2*p.r*1.8 {
			t.Fatalf("dots %+v and %+v %.2fpt apart: a solid line, not dots", p, q, d)
		}
	}
	for ci, c := range geo.Cages {
		for _, i := range c.Cells {
			r, col := geo.Row(i), geo.Col(i)
			for _, e := range []struct {
				h, line, at, nr, nc int
			}{{1, r, col, r - 1, col}, {1, r + 1, col, r + 1, col}, {0, col, r, r, col - 1}, {0, col + 1, r, r, col + 1}} {
				if e.nr >= 0 && e.nc >= 0 && e.nr < 9 && e.nc < 9 && geo.CageOf(e.nr*9+e.nc) == ci {
					continue
				}
				// The sum's knockout covers part of its cell's top and
				// left borders; some dot must still show there.
				least := 4
				if i == c.Cells[0] && (e.nr < r || e.nc < col) {
					least = 1
				}
				if count[[3]int{e.h, e.line, e.at}] < least {
					t.Errorf("cage %d: border of %s (toward r%dc%d) has %d dots, want %d or more", ci, geo.CellName(i), e.nr+1, e.nc+1, count[[3]int{e.h, e.line, e.at}], least)
				}
			}
		}
	}
	// No dot under a sum's knockout.
	for _, d := range ops.dots {
		for ci, k := range ops.rects {
			if d.x+d.r > k.X && d.x-d.r < k.X+k.W && d.y+d.r > k.Y && d.y-d.r < k.Y+k.H {
				t.Fatalf("dot %+v under cage %d's knockout %+v", d, ci, k)
			}
		}
	}

	// The sums: a white knockout each, drawn after every dash, the sum on
	// it, in the cage's first cell, clear of the digit box.
	var sums []gridText
	for _, tx := range ops.texts {
		if tx.size < st.cellDigitSize(fr.cell) {
			sums = append(sums, tx)
		}
	}
	if len(sums) != len(geo.Cages) || len(ops.rects) != len(geo.Cages) {
		t.Fatalf("%d sums and %d knockouts for %d cages", len(sums), len(ops.rects), len(geo.Cages))
	}
	for ci, c := range geo.Cages {
		tx, k := sums[ci], ops.rects[ci]
		if tx.s != itoa(c.Sum) || tx.size < float64(book.MinCageSum) {
			t.Errorf("cage %d: sum %q at %.1fpt, want %d at %.0fpt or more", ci, tx.s, tx.size, c.Sum, float64(book.MinCageSum))
		}
		if ops.rectG[ci] != White {
			t.Errorf("cage %d: knockout grey %.2f, want white", ci, ops.rectG[ci])
		}
		cell := fr.cellBox(c.Cells[0])
		if !inside(k, cell) || tx.x0 < k.X || tx.x0+tx.width > k.X+k.W || tx.base > k.Y+k.H {
			t.Errorf("cage %d: sum %+v or knockout %+v outside its top-left cell %+v", ci, tx, k, cell)
		}
		if k.W < in || k.H < in {
			t.Errorf("cage %d: knockout %.1fx%.1f does not reach the outline's corner at %.1f", ci, k.W, k.H, in)
		}
		if d := digitBox(fr, c.Cells[0]); k.Y+k.H > d.Y && k.X+k.W > d.X {
			t.Errorf("cage %d: knockout %+v overlaps the digit %+v", ci, k, d)
		}
	}

	sol := &gridOps{}
	drawCells(sol, 0, 0, side, geo, fig.Givens, fig.Solution, st)
	if len(sol.lines) != len(plain.lines) || len(sol.rects) != 0 || len(sol.texts) != geo.Cells {
		t.Errorf("solution: %d lines, %d rects, %d texts; want the classic grid's %d lines and %d digits", len(sol.lines), len(sol.rects), len(sol.texts), len(plain.lines), geo.Cells)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func inside(a, b rect) bool {
	return a.X >= b.X && a.Y >= b.Y && a.X+a.W <= b.X+b.W && a.Y+a.H <= b.Y+b.H
}

// TestComboBlocks checks the reference page's entries against the
// engine's table: every sum of one or two digit sets is listed under its
// size, none other.
func TestComboBlocks(t *testing.T) {
	en, err := templates.Language("en")
	if err != nil {
		t.Fatal(err)
	}
	blocks := comboBlocks(9, en)
	if len(blocks) != 7 || blocks[0].head != "2 cells" || blocks[6].head != "8 cells" {
		t.Fatalf("blocks %v, want 2 to 8 cells", blocks)
	}
	all := map[string]bool{}
	n := 0
	for _, b := range blocks {
		for _, e := range b.entries {
			all[b.head+" "+e] = true
			n++
		}
	}
	for _, want := range []string{"2 cells 3: 12", "2 cells 5: 14 / 23", "2 cells 17: 89", "3 cells 24: 789",
		"4 cells 12: 1236 / 1245", "5 cells 34: 46789", "8 cells 44: 23456789"} {
		if !all[want] {
			t.Errorf("no entry %q", want)
		}
	}
	if n != 49 {
		t.Errorf("%d entries, want the 49 sums of sizes 2-8 with one or two sets", n)
	}
	for _, b := range blocks {
		for _, e := range b.entries {
			if strings.Count(e, "/") > 1 {
				t.Errorf("%s %s: more than two sets", b.head, e)
			}
		}
	}
}

// killerBook is a book of one section holding the killer of fig, as
// many times as asked.
func killerBook(spec *book.Spec, fig Figure, n int) *book.Book {
	b := &book.Book{Spec: spec}
	var sec book.Section
	for k := range n {
		sec.Puzzles = append(sec.Puzzles, book.Puzzle{Number: k + 1, Level: engine.Easy, Geo: fig.Geo, Givens: fig.Givens, Answer: fig.Solution})
	}
	b.Sections = append(b.Sections, sec)
	return b
}

// TestCombosPages lays the reference page out in a killer book: after
// how to play, one page at the body size on a 6x9in trim, over more pages
// in large print on a small trim, every entry printed once, inside the
// page (RenderBook refuses text off the trim) and never under 7pt.
func TestCombosPages(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	fig := testKiller(t)
	en := mustTexts(t, "en")
	want := 0
	for _, b := range comboBlocks(9, en) {
		want += len(b.entries)
	}
	for _, tc := range []struct {
		name  string
		trim  book.Size
		text  book.Length
		pages int
	}{
		{"6x9", book.Size{W: 6 * 72, H: 9 * 72}, 10, 1},
		{"large print 8.5x11", book.Size{W: 8.5 * 72, H: 11 * 72}, 24, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, p, at := comboBook(t, fig, "en", tc.trim, tc.text)
			if before := p.pages[at[0]-2].kind; len(at) != tc.pages || before != kindRulesPage {
				t.Fatalf("combination pages at %v, want %d after how to play", at, tc.pages)
			}
			res := render(t, b, testOptions)
			preview(t, "killer-"+strings.ReplaceAll(tc.name, " ", "-")+".pdf", res.PDF)
			ctx, err := pdftest.Open(res.PDF)
			if err != nil {
				t.Fatal(err)
			}
			entries := 0
			for j, n := range at {
				items, err := pdftest.PageItems(ctx, n)
				if err != nil {
					t.Fatal(err)
				}
				// A page after the first says it goes on, and its first
				// column opens on a size's head, never on a bare entry.
				title := en.CageCombosTitle
				if j > 0 {
					title = en.CageCombosContinued
				}
				var top *pdftest.TextItem
				heads := 0
				for k, it := range items {
					switch {
					case it.Text == en.CageCombosTitle || it.Text == en.CageCombosContinued:
						if it.Text != title {
							t.Errorf("page %d headed %q, want %q", n, it.Text, title)
						}
						heads++
					case strings.HasSuffix(it.Text, " cells") || strings.Contains(it.Text, ": ") && it.Text[0] >= '1' && it.Text[0] <= '9':
						if top == nil || it.X < top.X-1 || math.Abs(it.X-top.X) <= 1 && it.Y > top.Y {
							top = &items[k]
						}
					}
				}
				if heads != 1 {
					t.Errorf("page %d: %d page heads, want one, %q", n, heads, title)
				}
				if top == nil || !strings.HasSuffix(top.Text, " cells") {
					t.Errorf("page %d: the first column opens on %+v, want a size's head", n, top)
				}
				for _, it := range items {
					if it.Size < float64(book.MinText) {
						t.Errorf("page %d: %q at %.1fpt", n, it.Text, it.Size)
					}
					if strings.Contains(it.Text, ": ") && it.Text[0] >= '1' && it.Text[0] <= '9' {
						entries++
					}
				}
			}
			if entries != want {
				t.Errorf("%d entries printed, want %d", entries, want)
			}
		})
	}
}

// TestCombosContinuedHead: in large print every language heads the
// reference page's second page with its whole "continued" title, set
// smaller where the head size would cut it short.
func TestCombosContinuedHead(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	fig := testKiller(t)
	for _, code := range templates.Languages() {
		t.Run(code, func(t *testing.T) {
			texts := mustTexts(t, code)
			b, _, at := comboBook(t, fig, code, book.Size{W: 8.5 * 72, H: 11 * 72}, 24)
			if len(at) < 2 {
				t.Fatalf("combination pages at %v, want two in large print", at)
			}
			ctx, err := pdftest.Open(render(t, b, testOptions).PDF)
			if err != nil {
				t.Fatal(err)
			}
			items, err := pdftest.PageItems(ctx, at[1])
			if err != nil {
				t.Fatal(err)
			}
			if len(items) == 0 || items[0].Text != texts.CageCombosContinued {
				t.Errorf("page %d opens on %+v, want the whole head %q", at[1], items[:min(1, len(items))], texts.CageCombosContinued)
			}
		})
	}
}

// comboBook is a book of two killers in language code on trim at text
// size, laid out, with the numbers of its combination pages.
func comboBook(t *testing.T, fig Figure, code string, trim book.Size, text book.Length) (*book.Book, *plan, []int) {
	t.Helper()
	spec := testSpec()
	spec.Language = code
	spec.Trim, spec.Style.TextSize = trim, text
	spec.PuzzlesPerPage = 1
	spec.Front.Contents = false
	spec.Intro = ""
	b := killerBook(spec, fig, 2)
	p := planBook(b, mustTexts(t, code))
	var at []int
	for n, pg := range p.pages {
		if pg.kind == combosPage {
			at = append(at, n+1)
		}
	}
	return b, p, at
}

// TestKillerXShadeReadBack rasterises a killer X grid at print size and
// reads it back: every pixel of a diagonal cell, from just inside its
// lines to the cage dots and beyond, is the diagonal's grey or ink, none
// white (a reviewer saw the edges of diagonal cells white outside the
// cage outlines), but for its sum's knockout, white, so the sum never
// sits on grey.
func TestKillerXShadeReadBack(t *testing.T) {
	gen := engine.NewGenerator()
	rng := rand.New(rand.NewPCG(5, 5))
	var fig Figure
	for range 40 {
		if p, ok := gen.Killer(rng, engine.KillerQuota{Kind: engine.Kind{Variant: engine.X}, Level: engine.Easy}); ok {
			fig = Figure{Geo: p.Geo, Givens: p.Givens, Solution: p.Answer}
			break
		}
	}
	if fig.Geo == nil {
		t.Fatal("no easy killer X in 40 attempts")
	}
	const dpi = 200
	st := styleFor(testStyle)
	side := 300.0
	n := int(math.Ceil(side / 72 * dpi))
	r := newGrayCanvas(n, n, dpi)
	defer r.release()
	fr := drawCells(r, 0, 0, side, fig.Geo, make([]uint8, fig.Geo.Cells), nil, st)
	knocks := map[int]rect{}
	for _, cg := range fig.Geo.Cages {
		knocks[cg.Cells[0]] = cageSumBox(fr, cg.Cells[0], cg.Sum).knock
	}
	shaded := 0
	for u, k := range fig.Geo.Kinds {
		if k != engine.DiagonalHouse {
			continue
		}
		for _, i := range fig.Geo.Houses[u] {
			b := fr.cellBox(i)
			// Clear of the cell lines by a pixel beyond their half width.
			m := st.forSide(side).thick/2 + 72.0/dpi
			x0, x1 := int((b.X+m)*r.k), int((b.right()-m)*r.k)
			y0, y1 := int((b.Y+m)*r.k), int((b.bottom()-m)*r.k)
			white, paper := 0, 0
			k, sum := knocks[i]
			for y := y0; y < y1; y++ {
				for x := x0; x < x1; x++ {
					px, py := (float64(x)+0.5)/r.k, (float64(y)+0.5)/r.k
					// A pixel's edge may straddle the knockout's.
					near := sum && px > k.X-1 && px < k.X+k.W+1 && py > k.Y-1 && py < k.Y+k.H+1
					deep := sum && px > k.X+1 && px < k.X+k.W-1 && py > k.Y+1 && py < k.Y+k.H-1
					g := r.img.GrayAt(x, y).Y
					switch {
					case deep && g >= 250:
						paper++
					case !near && g > grey8(shadeFill)+2:
						white++
					}
				}
			}
			if white > 0 {
				t.Errorf("diagonal cell %s: %d pixels lighter than its shade", fig.Geo.CellName(i), white)
			}
			if sum && paper == 0 {
				t.Errorf("diagonal cell %s: its sum's knockout is not white", fig.Geo.CellName(i))
			}
			shaded++
		}
	}
	if shaded == 0 {
		t.Fatal("no diagonal cells")
	}
}

// TestFitsCagesNamesLeastSide holds the refusal of a killer grid too small
// for its sums to the side it names: that side prints, and a point less
// does not, so a user who follows the message gets the largest grid the
// page allows them, not one the MinKillerCell rule of books would ask for.
func TestFitsCagesNamesLeastSide(t *testing.T) {
	fig := testKiller(t)
	st := styleFor(testStyle)
	err := st.fitsCages(fig.Geo, 100)
	if err == nil {
		t.Fatal("a 100pt killer grid printed its cage sums")
	}
	m := regexp.MustCompile(`want a side of at least (\d+)pt, ([\d.]+)in\)`).FindStringSubmatch(err.Error())
	if m == nil {
		t.Fatalf("no side named: %v", err)
	}
	pt, _ := strconv.ParseFloat(m[1], 64)
	in, _ := strconv.ParseFloat(m[2], 64)
	if !st.cagesFit(fig.Geo, pt) {
		t.Errorf("the named side %.0fpt does not print the sums", pt)
	}
	if st.cagesFit(fig.Geo, pt-1) {
		t.Errorf("%.0fpt prints the sums too, under the named %.0fpt", pt-1, pt)
	}
	if math.Abs(in-pt/72) > 0.006 {
		t.Errorf("%.2fin is not %.0fpt", in, pt)
	}
}
