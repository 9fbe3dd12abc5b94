package layout

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/png"
	"math"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/preflight"
)

// cellsOf turns cell names ("r1c2") into cell indices of a 9x9 grid.
func cellsOf(t *testing.T, names ...string) []int {
	t.Helper()
	out := make([]int, len(names))
	for k, s := range names {
		if len(s) != 4 || s[0] != 'r' || s[2] != 'c' {
			t.Fatalf("cell %q: want r1c1 to r9c9", s)
		}
		out[k] = int(s[1]-'1')*9 + int(s[3]-'1')
	}
	return out
}

// lineFixture is the fixture puzzle with thermometers (thermo) or arrows
// laid on its solution so they hold: rising runs, shafts that add up;
// with x, on an X grid.
func lineFixture(t *testing.T, arrows, x bool) Figure {
	t.Helper()
	givens, solution := fixturePuzzle(0)
	v := engine.Classic
	if x {
		v = engine.X
	}
	base, err := engine.Lookup(v, 9)
	if err != nil {
		t.Fatal(err)
	}
	var geo *engine.Geometry
	if arrows {
		geo, err = base.WithArrows([][]int{
			cellsOf(t, "r2c5", "r3c5", "r4c6", "r4c7"),
			cellsOf(t, "r7c1", "r8c1", "r9c1", "r9c2"),
			cellsOf(t, "r5c7", "r6c6", "r7c5"),
		})
	} else {
		geo, err = base.WithThermos([][]int{
			cellsOf(t, "r1c2", "r1c3", "r1c4", "r1c5", "r1c6", "r1c7"),
			cellsOf(t, "r3c1", "r2c1", "r2c2", "r3c2"),
			cellsOf(t, "r6c2", "r5c2", "r6c3", "r7c4", "r6c4"),
			cellsOf(t, "r8c5", "r8c4", "r8c3", "r8c2"),
		})
	}
	if err != nil {
		t.Fatal(err)
	}
	return Figure{Geo: geo, Givens: givens[:], Solution: solution[:]}
}

// markOps records a grid's drawing in order, discs and circles with the
// rest, each with its grey.
type markOps struct {
	gridOps
	ops []markOp
}

// markOp is one drawing call: a line (x1, y1)-(x2, y2) w wide, a disc
// or circle of radius r round (x1, y1) (a circle's line w wide), a
// rectangle, or a text.
type markOp struct {
	kind           byte // 'l'ine, 'd'isc, 'c'ircle, 'r'ect, 't'ext
	x1, y1, x2, y2 float64
	r, w           float64
	g              Grey
}

func (o *markOps) Line(x1, y1, x2, y2, w float64, g Grey) {
	o.ops = append(o.ops, markOp{kind: 'l', x1: x1, y1: y1, x2: x2, y2: y2, w: w, g: g})
}

func (o *markOps) Rect(x, y, w, h float64, g Grey) {
	o.ops = append(o.ops, markOp{kind: 'r', x1: x, y1: y, x2: x + w, y2: y + h, g: g})
}

func (o *markOps) Text(x, y float64, s string, f Font, size float64, g Grey, a Align) {
	o.ops = append(o.ops, markOp{kind: 't', x1: x, y1: y, g: g})
}

func (o *markOps) Disc(cx, cy, r float64, g Grey) {
	o.ops = append(o.ops, markOp{kind: 'd', x1: cx, y1: cy, r: r, g: g})
}

func (o *markOps) Circle(cx, cy, r, w float64, g Grey) {
	o.ops = append(o.ops, markOp{kind: 'c', x1: cx, y1: cy, r: r, w: w, g: g})
}

// capEnds are where a line's ink ends along it: its ends moved out by
// its square caps, half its width.
func capEnds(m markOp) (p, q point) {
	l := math.Hypot(m.x2-m.x1, m.y2-m.y1)
	ux, uy := (m.x2-m.x1)/l*m.w/2, (m.y2-m.y1)/l*m.w/2
	return point{m.x1 - ux, m.y1 - uy}, point{m.x2 + ux, m.y2 + uy}
}

// same says whether two points agree to near's tolerance.
func same(a, b point) bool { return near(a.x, b.x) && near(a.y, b.y) }

// onSegment says whether p lies on the segment a-b, ends included.
func onSegment(p, a, b point) bool {
	cross := (b.x-a.x)*(p.y-a.y) - (b.y-a.y)*(p.x-a.x)
	dot := (p.x-a.x)*(b.x-a.x) + (p.y-a.y)*(b.y-a.y)
	l2 := (b.x-a.x)*(b.x-a.x) + (b.y-a.y)*(b.y-a.y)
	return math.Abs(cross) < 1e-6*l2 && dot >= -1e-6 && dot <= l2+1e-6
}

// drawn draws fig at side on a recorder, the solution shown or not, and
// returns the calls and the frame.
func drawn(fig Figure, side float64, sol bool) ([]markOp, gridFrame) {
	ops := &markOps{}
	var solution []uint8
	if sol {
		solution = fig.Solution
	}
	fr := drawCells(ops, 0, 0, side, fig.Geo, fig.Givens, solution, styleFor(testStyle))
	return ops.ops, fr
}

// inGrey is the calls of ops in grey g.
func inGrey(ops []markOp, g Grey) (out []markOp) {
	for _, o := range ops {
		if o.g == g && o.kind != 't' {
			out = append(out, o)
		}
	}
	return out
}

// TestDrawThermos draws thermometers on a puzzle and its solution and
// checks them as a reader sees them: each a bulb on its first cell's
// middle and a line thermoWidth of the cell wide along every step from
// middle to middle, nothing else, all under the cell lines (so a box
// line it crosses stays whole) and the digits; lighter on the solution.
func TestDrawThermos(t *testing.T) {
	lineCases(t, false, thermoGrey, thermoLight, func(fig Figure, sol bool, ops []markOp, fr gridFrame, g Grey) {
		lines := fig.Geo.Constraints()[0].(engine.Thermos).Lines()
		marks := inGrey(ops, g)
		w := thermoWidth * fr.cell
		discs, bulbs, segs := 0, 0, 0
		for _, m := range marks {
			switch m.kind {
			case 'd':
				discs++
				if near(m.r, thermoBulb*fr.cell) {
					bulbs++
				} else if !near(m.r, w/2) {
					t.Errorf("a disc of radius %.2f, want a bulb (%.2f) or a joint (%.2f)", m.r, thermoBulb*fr.cell, w/2)
				}
			case 'l':
				segs++
				if !near(m.w, w) {
					t.Errorf("a thermometer line %.2fpt wide, want %.2fpt", m.w, w)
				}
			default:
				t.Errorf("a thermometer drew %c", m.kind)
			}
		}
		steps := 0
		for _, l := range lines {
			pts := centres(fr, l)
			steps += len(l) - 1
			if !slicesContainsFunc(marks, func(m markOp) bool {
				return m.kind == 'd' && near(m.x1, pts[0].x) && near(m.y1, pts[0].y) && near(m.r, thermoBulb*fr.cell)
			}) {
				t.Errorf("thermometer %v: no bulb on %s", l, fig.Geo.CellName(l[0]))
			}
			for k := 1; k < len(pts); k++ {
				a, b := pts[k-1], pts[k]
				// A step's line lies along it, reaching its ends
				// with its caps: it starts and stops w/2 inside.
				if !slicesContainsFunc(marks, func(m markOp) bool {
					p, q := point{m.x1, m.y1}, point{m.x2, m.y2}
					return m.kind == 'l' && onSegment(p, a, b) && onSegment(q, a, b) &&
						near(math.Hypot(q.x-p.x, q.y-p.y), math.Hypot(b.x-a.x, b.y-a.y)-w)
				}) {
					t.Errorf("thermometer %v: no line from %s to %s", l, fig.Geo.CellName(l[k-1]), fig.Geo.CellName(l[k]))
				}
			}
		}
		if bulbs != len(lines) || segs != steps {
			t.Errorf("%d bulbs and %d lines, want %d and %d", bulbs, segs, len(lines), steps)
		}
		// Under the lines: every thermometer call comes before the
		// first black line, and every digit after.
		if black, _, last, text := callOrder(ops, g); last > black || last > text {
			t.Errorf("thermometers drawn at call %d, after the cell lines (%d) or digits (%d)", last, black, text)
		}
	})
}

// lineCases draws lineFixture's thermometers (or arrows) on classic and
// X grids, puzzle and solution, and hands each drawing to check with the
// grey its marks should have: puzzle's, or light's on a solution.
func lineCases(t *testing.T, arrows bool, puzzle, light Grey, check func(fig Figure, sol bool, ops []markOp, fr gridFrame, g Grey)) {
	for _, x := range []bool{false, true} {
		fig := lineFixture(t, arrows, x)
		for _, sol := range []bool{false, true} {
			ops, fr := drawn(fig, 288, sol)
			g := puzzle
			if sol {
				g = light
			}
			check(fig, sol, ops, fr, g)
		}
	}
}

// callOrder is where in ops the drawing of marks in grey g lies against
// the grid: the first black line's call, the first and last mark's, the
// first digit's.
func callOrder(ops []markOp, g Grey) (black, first, last, text int) {
	black, first, last, text = len(ops), len(ops), -1, len(ops)
	for k, o := range ops {
		switch {
		case o.kind == 'l' && o.g == Black:
			black = min(black, k)
		case o.kind == 't':
			text = min(text, k)
		case o.g == g:
			first, last = min(first, k), k
		}
	}
	return black, first, last, text
}

// slicesContainsFunc says whether some op of ops passes f.
func slicesContainsFunc(ops []markOp, f func(markOp) bool) bool {
	for _, o := range ops {
		if f(o) {
			return true
		}
	}
	return false
}

// TestDrawArrows draws arrows on a puzzle and its solution: each a
// circle round its first cell's middle, clear of the digit and of the
// cell lines, at no less than the line floor; a shaft from the circle's
// edge through every shaft cell's middle; a head of two equal arms
// meeting just past the last cell's middle; all over the cell lines and
// under the digits, in ink no lighter than the book allows on a puzzle
// and lighter on the solution.
func TestDrawArrows(t *testing.T) {
	lineCases(t, true, arrowInk, markLight, func(fig Figure, sol bool, ops []markOp, fr gridFrame, g Grey) {
		arrows := fig.Geo.Constraints()[0].(engine.Arrows).Lines()
		if !sol && g > lightestInk {
			t.Errorf("arrows in grey %.2f, lighter than the book's lightest ink %.2f", g, lightestInk)
		}
		marks := inGrey(ops, g)
		r, w := arrowCircle*fr.cell, arrowLineWidth(fr)
		d := digitBox(fr, 0)
		if r-w/2 < d.H/2 || r+w/2 > fr.cell/2-fr.st.thin/2 {
			t.Errorf("circle %.2f-%.2f from the middle: not clear of the digit (%.2f) and the cell line (%.2f)", r-w/2, r+w/2, d.H/2, fr.cell/2-fr.st.thin/2)
		}
		circles := 0
		var lines []markOp
		for _, m := range marks {
			switch m.kind {
			case 'c':
				circles++
				if !near(m.r, r) || !near(m.w, w) || m.w < MinLine {
					t.Errorf("a circle of radius %.2f, %.2fpt wide; want %.2f, %.2fpt", m.r, m.w, r, w)
				}
			case 'l':
				lines = append(lines, m)
				if !near(m.w, w) {
					t.Errorf("an arrow line %.2fpt wide, want %.2fpt", m.w, w)
				}
			}
		}
		if circles != len(arrows) {
			t.Errorf("%d circles, want %d", circles, len(arrows))
		}
		for _, l := range arrows {
			pts := centres(fr, l)
			if !slicesContainsFunc(marks, func(m markOp) bool { return m.kind == 'c' && near(m.x1, pts[0].x) && near(m.y1, pts[0].y) }) {
				t.Errorf("arrow %v: no circle on %s", l, fig.Geo.CellName(l[0]))
			}
			// The shaft starts on the circle, a line's width in so
			// its cap meets the circle's line, and reaches each
			// shaft cell's middle.
			ux, uy := unit(pts[0], pts[1])
			start := point{pts[0].x + ux*(r+w/2), pts[0].y + uy*(r+w/2)}
			if !slicesContainsFunc(lines, func(m markOp) bool { return near(m.x1, start.x) && near(m.y1, start.y) }) {
				t.Errorf("arrow %v: no shaft leaving the circle at (%.2f, %.2f)", l, start.x, start.y)
			}
			for k := 2; k < len(pts); k++ {
				if !slicesContainsFunc(lines, func(m markOp) bool {
					p, q := capEnds(m)
					return same(p, pts[k-1]) && same(q, pts[k])
				}) {
					t.Errorf("arrow %v: no shaft from %s to %s", l, fig.Geo.CellName(l[k-1]), fig.Geo.CellName(l[k]))
				}
			}
			// The head: two arms of one length from the point, at
			// equal angles either side of the last step.
			n := len(pts)
			lx, ly := unit(pts[n-2], pts[n-1])
			tip := point{pts[n-1].x + lx*arrowTip*fr.cell, pts[n-1].y + ly*arrowTip*fr.cell}
			var arms []float64
			for _, m := range lines {
				if p, q := capEnds(m); same(p, tip) || same(q, tip) {
					// A line ending (with its cap) at the point: the
					// shaft, or an arm; an arm's angle to the step.
					ax, ay := unit(point{m.x1, m.y1}, point{m.x2, m.y2})
					arms = append(arms, math.Abs(ax*lx+ay*ly))
				}
			}
			if len(arms) != 3 {
				t.Fatalf("arrow %v: %d lines meet at the point, want the shaft and two arms", l, len(arms))
			}
			head := 0
			for _, cos := range arms {
				if near(cos, math.Cos(arrowAngle)) {
					head++
				}
			}
			if head != 2 {
				t.Errorf("arrow %v: the head's arms meet the line at cosines %.3f, want two at %.3f", l, arms, math.Cos(arrowAngle))
			}
		}
		if black, first, last, text := callOrder(ops, g); first < black || last > text {
			t.Errorf("arrows drawn at calls %d-%d, want after the cell lines (%d) and before the digits (%d)", first, last, black, text)
		}
	})
}

// TestLinesFit: a thermometer's and an arrow's drawing fit a grid of
// their least side and every larger one tried, and refuse a smaller
// one with ErrSize, naming that side, and so does RenderPNG, in the
// book's style and in a large-print one.
func TestLinesFit(t *testing.T) {
	for _, arrows := range []bool{false, true} {
		fig := lineFixture(t, arrows, false)
		d := drawingOf(fig.Geo.Constraints()[0])
		for _, style := range []book.Style{testStyle, {TextSize: 19, DigitSize: 28, ThinLine: 1.25, ThickLine: 3.5, LargeDigits: true}} {
			st := styleFor(style)
			least := d.least(st, fig.Geo)
			t.Logf("%s, large %v: least side %.0fpt (cells of %.1fpt)", layerNames(fig.Geo), style.LargeDigits, least, st.cellSize(least))
			for side := least; side < 800; side += 7 {
				if err := d.fits(st, fig.Geo, side); err != nil {
					t.Errorf("%s at %.0fpt, at least its least side %.0fpt: %v", layerNames(fig.Geo), side, least, err)
				}
			}
			err := d.fits(st, fig.Geo, least-4)
			if !errors.Is(err, ErrSize) || !strings.Contains(err.Error(), fmt.Sprintf("at least %.0fpt", least)) &&
				!strings.Contains(err.Error(), fmt.Sprintf("at least %.0fpt", least-1)) {
				t.Errorf("%s at %.0fpt: got %v, want ErrSize naming the least side %.0fpt", layerNames(fig.Geo), least-4, err, least)
			}
			// Drawn at its least side, a grid keeps its marks clear of
			// the digits; a figure that small is refused.
			if err := RenderPNG(&bytes.Buffer{}, fig, false, book.Length(least-4), 100, style); !errors.Is(err, ErrSize) {
				t.Errorf("RenderPNG at %.0fpt: got %v, want ErrSize", least-4, err)
			}
			// A PNG is whole pixels: at its least side rounded up to one.
			whole := math.Ceil(least/72*100) * 72 / 100
			if err := RenderPNG(&bytes.Buffer{}, fig, false, book.Length(whole), 100, style); err != nil {
				t.Errorf("RenderPNG at %.1fpt: %v", whole, err)
			}
		}
	}
}

// TestLinesPNG renders thermometers and arrows, on classic and X grids,
// and looks at the pixels a reader sees: a bulb's grey round its digit,
// the line's grey between two cells of it, paper beside the line; a box
// line a thermometer crosses stays black; an arrow's circle dark on its
// rim and paper inside, and lighter on the solution.
func TestLinesPNG(t *testing.T) {
	const side, dpi = 288.0, 150
	k := float64(dpi) / 72
	for _, x := range []bool{false, true} {
		for _, sol := range []bool{false, true} {
			for _, arrows := range []bool{false, true} {
				fig := lineFixture(t, arrows, x)
				var buf bytes.Buffer
				if err := RenderPNG(&buf, fig, sol, side, dpi, testStyle); err != nil {
					t.Fatal(err)
				}
				name := layerNames(fig.Geo) + map[bool]string{true: "-x"}[x] + map[bool]string{true: "-solution"}[sol] + ".png"
				preview(t, name, buf.Bytes())
				img, err := png.Decode(&buf)
				if err != nil {
					t.Fatal(err)
				}
				gray := img.(*image.Gray)
				fr := styleFor(testStyle).frameFor(fig.Geo, side)
				at := func(p point) int { return int(gray.GrayAt(int(p.x*k), int(p.y*k)).Y) }
				check := func(what string, p point, want Grey) {
					t.Helper()
					if got := at(p); math.Abs(float64(got-grey255(want))) > 2 {
						t.Errorf("%s: %s at (%.1f, %.1f) is grey %d, want %d", name, what, p.x, p.y, got, grey255(want))
					}
				}
				if !arrows {
					g := thermoGrey
					if sol {
						g = thermoLight
					}
					lines := fig.Geo.Constraints()[0].(engine.Thermos).Lines()
					for n, l := range lines {
						pts := centres(fr, l)
						// Below the digit, inside the bulb.
						check("a bulb", point{pts[0].x, pts[0].y + 0.33*fr.cell}, g)
						// A step's line a fifth of a cell past the cell
						// line, off the digits, and beside it.
						a, b := pts[0], pts[1]
						ux, uy := unit(a, b)
						mid := point{(a.x+b.x)/2 + ux*0.2*fr.cell, (a.y+b.y)/2 + uy*0.2*fr.cell}
						check("a thermometer's line", mid, g)
						if n == 0 { // along row 1, nothing beside it
							check("paper beside the line", point{mid.x - uy*0.25*fr.cell, mid.y + ux*0.25*fr.cell}, White)
						}
					}
					// The first runs along row 1 across the box line
					// between columns 3 and 4.
					box := point{fr.x0 + 3*fr.cell, fr.y0 + 0.5*fr.cell}
					check("the box line under a thermometer", box, Black)
					continue
				}
				g := arrowInk
				if sol {
					g = markLight
				}
				for _, l := range fig.Geo.Constraints()[0].(engine.Arrows).Lines() {
					c := centres(fr, l)[0]
					r := arrowCircle * fr.cell
					// The rim straight above the middle (the shaft
					// leaves it downwards or to the side), and inside it.
					if got := at(point{c.x, c.y - r}); got > grey255(g)+40 {
						t.Errorf("%s: an arrow's circle at its top is grey %d, want about %d", name, got, grey255(g))
					}
					check("paper inside a circle", point{c.x - 0.7*r, c.y - 0.3*r}, White)
				}
			}
		}
	}
}

// TestRasterCircles checks the raster's discs and circles, which no
// classic grid draws, against their exact coverage of each pixel,
// sampled 16 by 16, at several sizes and widths. The raster takes a
// pixel's coverage from its centre's distance to the edge: exact on an
// edge along a pixel row, off most where the edge runs at 45 degrees,
// by up to 7% of the pixel (circleMaxDiff levels). A circle a
// pixel off or a ring of the wrong width would differ by the whole ink.
func TestRasterCircles(t *testing.T) {
	const n, dpi, circleMaxDiff = 300, 150, 18
	k := float64(dpi) / 72
	for _, c := range []struct {
		cx, cy, r, w float64 // w 0: a disc
		g            Grey
	}{
		{30, 30, 12, 0, 0.72}, {60.3, 25.7, 2.2, 0, Black},
		{100, 40, 14.4, 0.75, lightestInk}, {50, 100, 20, 2.5, Black}, {110, 110, 3.3, 0.9, 0.55},
	} {
		r := newGrayCanvas(n, n, dpi)
		if c.w == 0 {
			disc(r, c.cx, c.cy, c.r, c.g)
		} else {
			circleLine(r, c.cx, c.cy, c.r, c.w, c.g)
		}
		out, in := (c.r+c.w/2)*k, (c.r-c.w/2)*k
		if c.w == 0 {
			in = -1
		}
		want := image.NewGray(r.img.Rect)
		for i := range want.Pix {
			want.Pix[i] = 255
		}
		for py := int(c.cy*k - out - 1); py <= int(c.cy*k+out+1); py++ {
			for px := int(c.cx*k - out - 1); px <= int(c.cx*k+out+1); px++ {
				hit := 0
				for sy := range 16 {
					for sx := range 16 {
						d := math.Hypot(float64(px)+(float64(sx)+0.5)/16-c.cx*k, float64(py)+(float64(sy)+0.5)/16-c.cy*k)
						if d <= out && d >= in {
							hit++
						}
					}
				}
				want.Pix[py*want.Stride+px] = uint8(math.Round(255 - float64(hit)/256*float64(255-grey255(c.g))))
			}
		}
		d := comparePixels(want, r.img, circleMaxDiff)
		t.Logf("%+v: %s", c, d)
		if d.over > 0 || d.mean > 0.1 {
			t.Errorf("%+v: %s against the exact coverage, want max %d and mean at most 0.1", c, d, circleMaxDiff)
		}
	}
}

// TestLinesBook builds a book of a thermo section and an arrow section
// and holds it to the preflight's rules for ink: no line under the
// floor, no text under it, nothing but grey.
func TestLinesBook(t *testing.T) {
	s := testSpec()
	b := &book.Book{Spec: s}
	n := 0
	for si, arrows := range []bool{false, true} {
		fig := lineFixture(t, arrows, false)
		sec := book.Section{Level: engine.Easy}
		for range 4 {
			n++
			sec.Puzzles = append(sec.Puzzles, book.Puzzle{Number: n, Section: si, Level: engine.Easy, Geo: fig.Geo,
				Givens: fig.Givens, Answer: fig.Solution, Clues: 30})
		}
		b.Sections = append(b.Sections, sec)
	}
	res := render(t, b, testOptions)
	preview(t, "lines-book.pdf", res.PDF)
	rep, err := preflight.Check(bytes.NewReader(res.PDF), preflight.KDP, preflight.Expect{TrimW: float64(s.Trim.W), TrimH: float64(s.Trim.H), MinLinePt: res.Report.MinLinePt, MinTextPt: res.Report.MinTextPt})
	if err != nil {
		t.Fatalf("preflight: %v", err)
	}
	for _, name := range []string{preflight.RuleLineWidth, preflight.RuleTextSize, preflight.RuleGreyscale, preflight.RuleValid} {
		r, ok := rep.Rule(name)
		if !ok || !r.Pass {
			t.Errorf("preflight %s: %+v", name, r)
		}
	}
	if res.Report.MinLinePt < MinLine {
		t.Errorf("the layout records a %.2fpt line, want at least %.2fpt", res.Report.MinLinePt, MinLine)
	}
}
