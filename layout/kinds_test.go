package layout

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/png"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
)

// gridOps records what one grid drawing put on the canvas.
type gridOps struct {
	lines []gridLine
	rects []rect
	rectG []Grey
	texts []gridText
}

type gridLine struct {
	x1, y1, x2, y2, w float64
}

type gridText struct {
	x0, base, width, size float64
	s                     string
	f                     Font
}

func (o *gridOps) Line(x1, y1, x2, y2, w float64, g Grey) {
	o.lines = append(o.lines, gridLine{x1, y1, x2, y2, w})
}

func (o *gridOps) Rect(x, y, w, h float64, g Grey) {
	o.rects = append(o.rects, rect{x, y, w, h})
	o.rectG = append(o.rectG, g)
}

func (o *gridOps) Text(x, y float64, s string, f Font, size float64, g Grey, a Align) {
	o.texts = append(o.texts, gridText{alignX(x, s, f, size, a), y, textWidth(f, size, s), size, s, f})
}

// kindFixture is a figure of geo to lay out: every cell filled with a
// pattern that puts each digit in every row (a picture, not a proved
// puzzle), every third cell given.
func kindFixture(geo *engine.Geometry) Figure {
	sol := make([]uint8, geo.Cells)
	giv := make([]uint8, geo.Cells)
	for i := range sol {
		r, c := geo.Row(i), geo.Col(i)
		sol[i] = uint8((r*3+r/3+c)%geo.N) + 1
		if i%3 == 0 {
			giv[i] = sol[i]
		}
	}
	return Figure{Geo: geo, Givens: giv, Solution: sol}
}

// testGeometries is one geometry of every kind the grid routine draws.
func testGeometries(t *testing.T) map[string]*engine.Geometry {
	t.Helper()
	out := map[string]*engine.Geometry{}
	for _, k := range []struct {
		v engine.Variant
		n int
	}{
		{engine.Classic, 4}, {engine.Classic, 6}, {engine.Classic, 8}, {engine.Classic, 9},
		{engine.Classic, 12}, {engine.Classic, 16}, {engine.X, 9}, {engine.X, 6}, {engine.X, 16},
		{engine.Hyper, 9}, {engine.Samurai, 9}, {engine.Twin, 9}, {engine.Butterfly, 9},
	} {
		g, err := engine.Lookup(k.v, k.n)
		if err != nil {
			t.Fatal(err)
		}
		out[kindName(g)] = g
	}
	for _, n := range []int{6, 9, 12} {
		g, err := engine.NewGeometry(engine.Jigsaw, n, engine.RandomRegions(rand.New(rand.NewPCG(uint64(n), 7)), n))
		if err != nil {
			t.Fatal(err)
		}
		out[kindName(g)] = g
	}
	return out
}

// unitEdges lists the cell edges a set of lines covers, keyed
// "h r c" (the edge above cell (r, c)) or "v r c" (left of it), with the
// width of the line covering each. Only axis-aligned lines from corner
// to corner of cells are expected, but for a line heavier than the frame,
// which may stop short of it by the half of its extra weight (regionLines).
func unitEdges(t *testing.T, fr gridFrame, lines []gridLine) map[string]float64 {
	t.Helper()
	slack := 1e-6
	at := func(v, o float64) int {
		k := (v - o) / fr.cell
		if math.Abs(k-math.Round(k))*fr.cell > slack {
			t.Fatalf("a line ends at %.3f, off the cell corners (origin %.3f, cell %.3f)", v, o, fr.cell)
		}
		return int(math.Round(k))
	}
	out := map[string]float64{}
	for _, l := range lines {
		slack = 1e-6 + max(0, (l.w-fr.st.thick)/2)
		switch {
		case l.y1 == l.y2:
			r := at(l.y1, fr.y0)
			for c := at(min(l.x1, l.x2), fr.x0); c < at(max(l.x1, l.x2), fr.x0); c++ {
				key := fmt.Sprintf("h %d %d", r, c)
				out[key] = max(out[key], l.w)
			}
		case l.x1 == l.x2:
			c := at(l.x1, fr.x0)
			for r := at(min(l.y1, l.y2), fr.y0); r < at(max(l.y1, l.y2), fr.y0); r++ {
				key := fmt.Sprintf("v %d %d", r, c)
				out[key] = max(out[key], l.w)
			}
		default:
			t.Fatalf("slanted line %+v", l)
		}
	}
	return out
}

// wantEdges is the weight every cell edge of geo should have: heavy
// between regions (boxes, jigsaw pieces) and between a cell in play and
// the outside, thin inside a region, none outside the figure.
func wantEdges(fr gridFrame) map[string]float64 {
	g := fr.geo
	region := func(r, c int) int {
		if i, ok := g.InPlay(r, c); ok {
			return int(g.Regions[i])
		}
		return -1
	}
	out := map[string]float64{}
	weigh := func(key string, a, b int) {
		switch {
		case a < 0 && b < 0:
		case a == b:
			out[key] = fr.st.thin
		case g.Variant == engine.Jigsaw && a >= 0 && b >= 0:
			out[key] = regionWeight(fr)
		default:
			out[key] = fr.st.thick
		}
	}
	for r := 0; r <= g.Width; r++ {
		for c := 0; c < g.Width; c++ {
			weigh(fmt.Sprintf("h %d %d", r, c), region(r-1, c), region(r, c))
			weigh(fmt.Sprintf("v %d %d", c, r), region(c, r-1), region(c, r))
		}
	}
	// A figure's sub-grids are framed heavier still (figureFrames).
	for _, corner := range g.Grids {
		for k := range 9 {
			for _, key := range []string{
				fmt.Sprintf("h %d %d", corner[0], corner[1]+k), fmt.Sprintf("h %d %d", corner[0]+9, corner[1]+k),
				fmt.Sprintf("v %d %d", corner[0]+k, corner[1]), fmt.Sprintf("v %d %d", corner[0]+k, corner[1]+9),
			} {
				out[key] = frameWidth(fr.st)
			}
		}
	}
	return out
}

// TestDrawCellsKinds draws a grid of every kind on a recorder and checks
// it against its geometry: every cell edge carries the line its regions
// call for (box lines, jigsaw borders, nothing outside a samurai), exactly
// the cells of the X diagonals and hyper windows are shaded, and every
// cell shows its symbol, at least MinText, inside the cell with room to
// spare.
func TestDrawCellsKinds(t *testing.T) {
	for name, geo := range testGeometries(t) {
		t.Run(name, func(t *testing.T) {
			st := styleFor(testStyle)
			side := 432.0
			fig := kindFixture(geo)
			if err := st.fits(geo, side); err != nil {
				t.Fatal(err)
			}
			ops := &gridOps{}
			fr := drawCells(ops, 10, 20, side, geo, fig.Givens, fig.Solution, st)

			got, want := unitEdges(t, fr, ops.lines), wantEdges(fr)
			for key, w := range want {
				if got[key] != w {
					t.Errorf("edge %s: line %.2fpt, want %.2fpt", key, got[key], w)
				}
			}
			for key := range got {
				if _, ok := want[key]; !ok {
					t.Errorf("edge %s drawn outside the figure", key)
				}
			}

			shaded := map[int]bool{}
			for u, k := range geo.Kinds {
				if k == engine.DiagonalHouse || k == engine.WindowHouse {
					for _, i := range geo.Houses[u] {
						shaded[i] = true
					}
				}
			}
			if len(ops.rects) != len(shaded) {
				t.Errorf("%d shaded cells, want %d", len(ops.rects), len(shaded))
			}
			for k, r := range ops.rects {
				i, ok := geo.InPlay(int(math.Round((r.Y-fr.y0)/fr.cell)), int(math.Round((r.X-fr.x0)/fr.cell)))
				if !ok || !shaded[i] || r != fr.cellBox(i) {
					t.Errorf("shade %+v is not a cell of a diagonal or window", r)
				}
				if g := ops.rectG[k]; g != shadeFill {
					t.Errorf("shade grey %.2f, want %.2f", g, shadeFill)
				}
			}

			if len(ops.texts) != geo.Cells {
				t.Fatalf("%d symbols drawn, want %d", len(ops.texts), geo.Cells)
			}
			for _, tx := range ops.texts {
				cx, cy := tx.x0+tx.width/2, tx.base-digitHeight(tx.f, tx.size)/2
				r, c := int((cy-fr.y0)/fr.cell), int((cx-fr.x0)/fr.cell)
				i, ok := geo.InPlay(r, c)
				if !ok {
					t.Fatalf("symbol %q at (%.1f, %.1f) outside the figure", tx.s, cx, cy)
				}
				if want := symbolText(fig.Solution[i], false); tx.s != want {
					t.Errorf("cell %s shows %q, want %q", geo.CellName(i), tx.s, want)
				}
				if tx.size < MinText {
					t.Errorf("cell %s: %.1fpt digits, want at least %.0fpt", geo.CellName(i), tx.size, MinText)
				}
				box := fr.cellBox(i)
				if room := box.W - fr.st.thin; tx.width > symbolRoom*box.W+1e-9 || tx.x0 < box.X+fr.st.thin/2 || tx.x0+tx.width > box.X+room+fr.st.thin/2 {
					t.Errorf("cell %s: %q %.1fpt wide at x %.1f does not clear the cell %.1f-%.1f", geo.CellName(i), tx.s, tx.width, tx.x0, box.X, box.right())
				}
				if given := fig.Givens[i] != 0; given != (tx.f == st.givenFont) {
					t.Errorf("cell %s: given %v but set in %v", geo.CellName(i), given, tx.f.name)
				}
			}
		})
	}
}

// TestDrawCellsLetters sets a 16x16 grid in letters: A for 1 to P for 16,
// each centred in its cell.
func TestDrawCellsLetters(t *testing.T) {
	geo, err := engine.Lookup(engine.Classic, 16)
	if err != nil {
		t.Fatal(err)
	}
	st := styleFor(testStyle)
	st.letters = true
	fig := kindFixture(geo)
	ops := &gridOps{}
	fr := drawCells(ops, 0, 0, 300, geo, fig.Givens, fig.Solution, st)
	for k, tx := range ops.texts {
		want := string(rune('A' + fig.Solution[k] - 1))
		if tx.s != want {
			t.Fatalf("cell %d shows %q, want %q", k, tx.s, want)
		}
		box := fr.cellBox(k)
		if mid := tx.x0 + tx.width/2; math.Abs(mid-(box.X+box.W/2)) > 1e-6 {
			t.Errorf("cell %d: %q centred at %.2f, cell's middle %.2f", k, tx.s, mid, box.X+box.W/2)
		}
	}
}

// TestFigurePNG renders a figure of each kind and looks at the pixels:
// a shaded cell's corner is the shade's grey and an unshaded one paper,
// and a samurai's places out of play stay paper.
func TestFigurePNG(t *testing.T) {
	geos := testGeometries(t)
	for _, name := range []string{"9x9 x", "9x9 hyper", "samurai", "16x16 classic", "9x9 jigsaw", "4x4 classic", "6x6 x", "12x12 classic"} {
		t.Run(name, func(t *testing.T) {
			geo := geos[name]
			var buf bytes.Buffer
			const dpi = 100
			if err := RenderPNG(&buf, kindFixture(geo), true, 432, dpi, testStyle); err != nil {
				t.Fatal(err)
			}
			preview(t, strings.ReplaceAll(name, " ", "-")+".png", buf.Bytes())
			img, err := png.Decode(&buf)
			if err != nil {
				t.Fatal(err)
			}
			gray := img.(*image.Gray)
			st := styleFor(testStyle).forSide(432)
			cell := st.cellSizeIn(432, geo.Width)
			k := float64(dpi) / 72
			// A point near the top-left corner of each place, clear of the
			// lines and of the digit.
			probe := func(r, c int) uint8 {
				x := (st.thick/2 + (float64(c)+0.2)*cell) * k
				y := (st.thick/2 + (float64(r)+0.2)*cell) * k
				return gray.GrayAt(int(x), int(y)).Y
			}
			shaded := map[int]bool{}
			for u, kd := range geo.Kinds {
				if kd == engine.DiagonalHouse || kd == engine.WindowHouse {
					for _, i := range geo.Houses[u] {
						shaded[i] = true
					}
				}
			}
			for r := range geo.Width {
				for c := range geo.Width {
					p := probe(r, c)
					i, in := geo.InPlay(r, c)
					want := uint8(255)
					if in && shaded[i] {
						want = uint8(grey255(shadeFill))
					}
					if p != want {
						t.Fatalf("place r%dc%d (in play %v, shaded %v): grey %d, want %d", r+1, c+1, in, shaded[i], p, want)
					}
				}
			}
		})
	}
}

// TestFigureTooSmall refuses a grid whose digits cannot clear its cells
// at the smallest print size, naming the side it needs; the same side
// holds a classic grid.
func TestFigureTooSmall(t *testing.T) {
	geo, err := engine.Lookup(engine.Classic, 16)
	if err != nil {
		t.Fatal(err)
	}
	fig := kindFixture(geo)
	err = RenderPNG(&bytes.Buffer{}, fig, true, 72, 300, testStyle)
	if !errors.Is(err, ErrSize) {
		t.Fatalf("16x16 at 1in: got %v, want ErrSize", err)
	}
	t.Log(err)
	if err := RenderSinglePDF(&bytes.Buffer{}, fig, true, 72, testStyle, 2026); !errors.Is(err, ErrSize) {
		t.Errorf("16x16 single PDF at 1in: got %v, want ErrSize", err)
	}
	g, s := fixturePuzzle(1)
	if err := RenderPNG(&bytes.Buffer{}, ClassicFigure(g, s), true, 72, 300, testStyle); err != nil {
		t.Errorf("classic at 1in: %v", err)
	}
	bad := fig
	bad.Givens = bad.Givens[:10]
	if err := RenderPNG(&bytes.Buffer{}, bad, true, 432, 100, testStyle); err == nil {
		t.Error("10 givens for 256 cells: no error")
	}
}

// kindBook is a book of one section of spec's first section's kind, its
// puzzles fixtures of that geometry (pictures, not proved puzzles).
func kindBook(t *testing.T, spec *book.Spec) *book.Book {
	t.Helper()
	k := spec.Sections[0].Kind()
	geo, err := engine.Lookup(k.Variant, k.Side())
	if err != nil {
		t.Fatal(err)
	}
	fig := kindFixture(geo)
	sec := book.Section{Level: spec.Sections[0].Level}
	for n := 1; n <= 2; n++ {
		sec.Puzzles = append(sec.Puzzles, book.Puzzle{Number: n, Level: sec.Level, Geo: geo, Givens: fig.Givens, Answer: fig.Solution})
	}
	return &book.Book{Spec: spec, Sections: []book.Section{sec}}
}

// TestKindsValidationAgrees walks trims x puzzles and solutions a page x
// the kinds whose cells run smallest (16x16 in numbers and in letters,
// 12x12, samurai): every spec the validation accepts is one the layout
// plans without refusing a grid too small for its digits, and the
// densest accepted pages draw. A spec that passed validation and failed
// in the layout would fail after generation.
func TestKindsValidationAgrees(t *testing.T) {
	if testing.Short() {
		t.Skip("walks every trim and page count for four kinds: the full tier (go test without -short) runs it")
	}
	trims := append(book.SizePresets(), "4x6in", "5x5in")
	accepted, refused := map[string]int{}, 0
	for _, kind := range []struct{ section, extra string }{
		{"size: 16", ""}, {"size: 16", "style: {letters: true}\n"}, {"size: 12", ""}, {"variant: samurai", ""},
	} {
		for _, trim := range trims {
			for _, per := range []int{1, 2, 4, 6} {
				for _, sol := range []int{4, 6, 9, 12} {
					y := fmt.Sprintf("title: T\nyear: 2026\ntrim: %s\npuzzles_per_page: %d\nsolutions_per_page: %d\n%ssections: [{level: easy, count: 2, %s}]\n", trim, per, sol, kind.extra, kind.section)
					name := fmt.Sprintf("%s %s/%s/%d/%d", kind.section, kind.extra, trim, per, sol)
					spec, err := book.Load(strings.NewReader(y), "spec.yaml")
					if err != nil {
						if !errors.Is(err, book.ErrSpec) {
							t.Fatalf("%s: %v", name, err)
						}
						refused++
						continue
					}
					accepted[kind.section+" "+kind.extra]++
					b := kindBook(t, spec)
					if _, _, err := planChecked(b, testOptions); err != nil {
						t.Errorf("%s: validation accepted, the layout refused: %v", name, err)
						continue
					}
					if per == 6 && sol == 12 || kind.section == "variant: samurai" && sol == 4 {
						if _, err := RenderBook(b, testOptions); err != nil {
							t.Errorf("%s: validation accepted, RenderBook refused: %v", name, err)
						}
					}
				}
			}
		}
	}
	if len(accepted) != 4 || refused == 0 {
		t.Errorf("accepted %v and %d refused: the walk tests nothing for some kind, or on one side", accepted, refused)
	}
	t.Logf("accepted %v, %d refused", accepted, refused)
}

// TestConsecutiveBarsShowOnBoxLines: a consecutive bar lies along its
// cell line, so on a box line it is drawn at twice the box line's weight
// (a bar as heavy as the line would read as the line), and on a cell
// line at its own weight, heavier than the line.
func TestConsecutiveBarsShowOnBoxLines(t *testing.T) {
	edges := engine.GridEdges(9)
	marks := make([]uint8, len(edges))
	for k := range marks {
		marks[k] = 1
	}
	geo, err := engine.Classic9.WithEdgeMarks("consecutive", marks, true)
	if err != nil {
		t.Fatal(err)
	}
	st := styleFor(testStyle)
	side := 300.0
	ops := &gridOps{}
	fr := gridFrame{geo: geo, x0: 10, y0: 20, cell: st.cellSizeIn(side, 9), st: st.forSide(side)}
	edgeDrawing{geo.Constraints()[0].(*engine.EdgeMarks)}.draw(ops, fr)
	if len(ops.lines) != len(edges) {
		t.Fatalf("%d bars drawn, want one on each of %d edges", len(ops.lines), len(edges))
	}
	for k, e := range edges {
		l := ops.lines[k]
		box := e.Down() && (e.B/9)%3 == 0 || !e.Down() && (e.B%9)%3 == 0
		if box && l.w < 2*fr.st.thick {
			t.Errorf("bar between %s and %s on a box line: %.2fpt wide, want at least %.2fpt", geo.CellName(e.A), geo.CellName(e.B), l.w, 2*fr.st.thick)
		}
		if !box && l.w <= fr.st.thin {
			t.Errorf("bar between %s and %s: %.2fpt wide, no heavier than the %.2fpt cell line", geo.CellName(e.A), geo.CellName(e.B), l.w, fr.st.thin)
		}
	}
}

// TestEdgeShapesOfEveryKind: each kind of edge marks, given in full or
// in part, is drawn in its own shape (kropki with some dots drew
// greater-than's chevrons once).
func TestEdgeShapesOfEveryKind(t *testing.T) {
	for _, c := range []struct {
		name string
		all  bool
		want edgeShape
	}{
		{"kropki", true, kropkiShape{}}, {"kropki", false, kropkiShape{}}, {"xv", false, xvShape{}},
		{"consecutive", true, barShape{}}, {"greater-than", false, chevronShape{}},
	} {
		marks := make([]uint8, len(engine.GridEdges(9)))
		marks[0] = 1
		geo, err := engine.Classic9.WithEdgeMarks(c.name, marks, c.all)
		if err != nil {
			t.Fatal(err)
		}
		name := geo.Constraints()[0].Name()
		if got := shapeOf(name); got != c.want {
			t.Errorf("%s marks are drawn as %T, want %T", name, got, c.want)
		}
	}
}
