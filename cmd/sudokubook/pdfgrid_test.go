package main

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/internal/pdftest"
	"github.com/sudokubook/sudokubook/templates"
)

// This file checks a built book from the outside, the way a buyer's eye or
// a proof-reader would: it reads the text the PDF shows on each page (with
// its position) and confirms that the grid the manifest says is on a page
// is printed there, digit by digit, cell by cell.

// isSymbol reports whether s could be a grid's symbol: 1 to 16, or a
// letter A to P.
func isSymbol(s string) bool {
	if len(s) == 1 && s[0] >= 'A' && s[0] <= 'P' {
		return true
	}
	n, err := strconv.Atoi(s)
	return err == nil && n >= 1 && n <= 16 && s[0] != '0'
}

// symbolOf is how the page prints digit d: 1 to 16, or A to P.
func symbolOf(d uint8, letters bool) string {
	if letters {
		return string(rune('A' + d - 1))
	}
	return strconv.Itoa(int(d))
}

// matchGrid reports whether the digit items print exactly grid g: one item
// per filled cell, each showing that cell's digit, and all of them on one
// square lattice (x = a + pitch*col, y = b - pitch*row).
func matchGrid(items []pdftest.TextItem, g engine.Grid) error {
	_, err := matchCells(items, engine.Classic9, g[:], false)
	return err
}

// lattice is where a grid's cells lie on a PDF page, as read from its
// digits: the middle of the cell in row r, column c of the bounding box is
// at (x0 + pitch*c, y0 - pitch*r), in PDF points (y up).
type lattice struct{ x0, y0, pitch float64 }

// cellAt is the bounding box's row and column whose cell holds the point,
// and whether the point is within a quarter cell of that cell's middle.
func (l lattice) cellAt(x, y float64) (r, c int, near bool) {
	fc, fr := (x-l.x0)/l.pitch, (l.y0-y)/l.pitch
	c, r = int(math.Round(fc)), int(math.Round(fr))
	return r, c, math.Abs(fc-float64(c)) < 0.25 && math.Abs(fr-float64(r)) < 0.25
}

// matchCells is matchGrid on any geometry: the lattice runs over the
// figure's bounding box, so a samurai's cells sit at their places in it.
func matchCells(items []pdftest.TextItem, geo *engine.Geometry, g []uint8, letters bool) (lattice, error) {
	var cells []int
	for i, v := range g {
		if v != 0 {
			cells = append(cells, i)
		}
	}
	if len(items) != len(cells) {
		return lattice{}, fmt.Errorf("%d digits printed, want %d", len(items), len(cells))
	}
	// Reading order on the page: top row first (PDF y grows upwards).
	sorted := append([]pdftest.TextItem(nil), items...)
	sort.SliceStable(sorted, func(i, j int) bool {
		if math.Abs(sorted[i].Y-sorted[j].Y) > 1 {
			return sorted[i].Y > sorted[j].Y
		}
		return sorted[i].X < sorted[j].X
	})
	// Digits 1-9 of a 9x9 or smaller grid are placed by their ink, a
	// fraction of a point from one another; the symbols of wider grids
	// (10-16, or letters) are centred by their advance, so their middle is
	// on the lattice. Letters differ in width: their middle is estimated,
	// and a column is read with a quarter cell of slack.
	wide := geo.N > 9 || letters
	mid := func(it pdftest.TextItem) float64 {
		switch {
		case !wide:
			return it.X
		case letters:
			return it.X + 0.33*it.Size
		}
		return it.X + 0.556*it.Size*float64(len(it.Text))/2
	}
	a, px, ex := fitLine(sorted, cells, mid, geo.Col)
	b, py, ey := fitLine(sorted, cells, func(it pdftest.TextItem) float64 { return it.Y }, geo.Row)
	if px < 5 || math.Abs(px+py) > 0.02*px {
		return lattice{}, fmt.Errorf("digits are not on a square lattice: pitch %.2f across, %.2f down", px, -py)
	}
	slack := 1.0
	if letters {
		slack = px / 4
	}
	if ex > slack || ey > 1 {
		return lattice{}, fmt.Errorf("a digit is off its cell by %.1f pt across, %.1f pt down (lattice x=%.1f+%.2f*col, y=%.1f%.2f*row)", ex, ey, a, px, b, py)
	}
	for k, c := range cells {
		if want := symbolOf(g[c], letters); sorted[k].Text != want {
			return lattice{}, fmt.Errorf("%s shows %q, want %s", geo.CellName(c), sorted[k].Text, want)
		}
	}
	// The middle of a cell: digits 1-9 are set from the left of their
	// ink, half a digit's advance left of it; the baseline is half the
	// digits' height (0.72 em in the grid's sans) below it.
	size := sorted[0].Size
	if !wide {
		a += 0.278 * size
	}
	return lattice{x0: a, y0: b + 0.36*size, pitch: px}, nil
}

// fitLine fits v = a + p*index(cell) by least squares and returns a, p and
// the largest residual.
func fitLine(items []pdftest.TextItem, cells []int, v func(pdftest.TextItem) float64, index func(int) int) (a, p, worst float64) {
	var sx, sy, sxx, sxy float64
	n := float64(len(cells))
	for k, c := range cells {
		x, y := float64(index(c)), v(items[k])
		sx, sy, sxx, sxy = sx+x, sy+y, sxx+x*x, sxy+x*y
	}
	if d := n*sxx - sx*sx; d != 0 {
		p = (n*sxy - sx*sy) / d
	}
	a = (sy - p*sx) / n
	for k, c := range cells {
		worst = math.Max(worst, math.Abs(v(items[k])-(a+p*float64(index(c)))))
	}
	return a, p, worst
}

// verifyBook checks every manifest record against the PDF: the puzzle is
// printed on its page under its label, the solution on its solution page
// under its label, and both are the manifest's grids. It also proves each
// puzzle unique with the solver and its solution right.
func verifyBook(t *testing.T, pdf []byte, m *book.Manifest, lang string) {
	t.Helper()
	verifyKinds(t, pdf, m, lang, false)
}

// verifyKinds is verifyBook for a book of any kinds; letters says its
// 16x16 grids print A to P.
func verifyKinds(t *testing.T, pdf []byte, m *book.Manifest, lang string, letters bool) {
	t.Helper()
	ctx, err := pdftest.Open(pdf)
	if err != nil {
		t.Fatal(err)
	}
	if ctx.PageCount != m.Pages {
		t.Fatalf("PDF has %d pages, manifest says %d", ctx.PageCount, m.Pages)
	}
	texts, err := templates.Language(lang)
	if err != nil {
		t.Fatal(err)
	}
	pages := map[int][]pdftest.TextItem{}
	items := func(n int) []pdftest.TextItem {
		if _, ok := pages[n]; !ok {
			its, err := pdftest.PageItems(ctx, n)
			if err != nil {
				t.Fatal(err)
			}
			pages[n] = its
		}
		return pages[n]
	}
	type marks struct {
		segs  []pdftest.Segment
		fills []pdftest.Fill
		dots  []pdftest.Disc
	}
	drawn := map[int]marks{}
	// marksOn checks the lines and fills over one grid of page n; a
	// turned grid's lattice is read in the page's coordinates turned
	// half a turn about the origin (see turn), and so are its marks.
	marksOn := func(n int, geo *engine.Geometry, lat lattice, solution, turned bool) error {
		if _, ok := drawn[n]; !ok {
			content, err := pdftest.PageContent(ctx, n)
			if err != nil {
				t.Fatal(err)
			}
			segs, fills := pdftest.Marks(content)
			drawn[n] = marks{segs, fills, pdftest.Discs(content)}
		}
		segs, fills := drawn[n].segs, drawn[n].fills
		if turned {
			segs, fills = turnMarks(segs, fills)
		}
		var err error
		if len(geo.Cages) > 0 && !solution {
			if segs, fills, err = cageMarks(segs, fills, drawn[n].dots, geo, lat); err != nil {
				return err
			}
		}
		if solution && geo.Variant == engine.Latin {
			// A solution prints as a plain Latin square, cages left off.
			if geo, err = engine.Lookup(engine.Latin, geo.N); err != nil {
				return err
			}
		}
		return checkMarks(segs, fills, geo, lat)
	}
	// grab finds label on page n, after what earlier grabs on that page
	// used (a solution's label may be a lone digit, like the grid before
	// it), and returns the count digits printed after it, skipping words
	// such as the level name before the first digit.
	//
	// A worksheet sets its answers upside down at the foot of the page
	// (solutions: foot): turned says to read only the page's turned text,
	// or only its upright text, each with a cursor of its own.
	type at struct {
		page   int
		turned bool
	}
	cursor := map[at]int{}
	grab := func(n int, label string, count int, symbol func(string) bool, turned bool) ([]pdftest.TextItem, error) {
		var its []pdftest.TextItem
		for _, it := range items(n) {
			if it.Turned == turned {
				its = append(its, it)
			}
		}
		k := at{n, turned}
		for i := cursor[k]; i < len(its); i++ {
			if strings.TrimSpace(its[i].Text) != label {
				continue
			}
			var got []pdftest.TextItem
			j := i + 1
			for ; j < len(its) && len(got) < count; j++ {
				if symbol(its[j].Text) {
					got = append(got, its[j])
				} else if len(got) > 0 {
					break
				}
			}
			cursor[k] = j
			if turned {
				got = turnItems(got)
			}
			return got, nil
		}
		what := "upright"
		if turned {
			what = "upside-down"
		}
		return nil, fmt.Errorf("page %d has no %s label %q after item %d", n, what, label, cursor[k])
	}
	// A book of shapes (style.shapes) draws the symbols of its classic
	// 4x4 and 6x6 grids as paths: takeShapes reads a page's next count
	// of them, upright or turned, each with a cursor of its own.
	paths := map[int][]pdftest.Path{}
	shapeCursor := map[at]int{}
	takeShapes := func(n, count int, turned bool) ([]pdftest.Path, error) {
		if _, ok := paths[n]; !ok {
			content, err := pdftest.PageContent(ctx, n)
			if err != nil {
				t.Fatal(err)
			}
			paths[n] = pdftest.Paths(content)
		}
		var got []pdftest.Path
		k := at{n, turned}
		i := shapeCursor[k]
		for ; i < len(paths[n]) && len(got) < count; i++ {
			if paths[n][i].Turned == turned {
				got = append(got, paths[n][i])
			}
		}
		shapeCursor[k] = i
		if len(got) < count {
			return nil, fmt.Errorf("page %d has %d shapes after the %d read, want %d", n, len(got), shapeCursor[k], count)
		}
		return got, nil
	}
	seen := map[string]bool{}
	for _, p := range m.Puzzles {
		geo, givens, answer, err := p.Grids()
		if err != nil {
			t.Fatalf("puzzle %d: %v", p.Number, err)
		}
		sol, err := engine.Solve(geo, givens)
		if err != nil {
			t.Errorf("puzzle %d is not uniquely solvable: %v", p.Number, err)
			continue
		}
		if !slices.Equal(sol, answer) {
			t.Errorf("puzzle %d: manifest solution %s, solver says %s", p.Number, p.Solution, geo.Format(sol))
		}
		// Killers and calcudokus without givens differ by their cages,
		// futoshikis by their signs.
		key := p.Puzzle + fmt.Sprint(p.Cages) + fmt.Sprint(p.Edges) + fmt.Sprint(p.CalcCages)
		if seen[key] {
			t.Errorf("puzzle %d appears twice in the book", p.Number)
		}
		seen[key] = true
		clues := 0
		for _, v := range givens {
			if v != 0 {
				clues++
			}
		}
		if p.Clues != clues {
			t.Errorf("puzzle %d: manifest says %d clues, grid has %d", p.Number, p.Clues, clues)
		}
		num := fmt.Sprint(p.Number)
		// A killer prints its cage sums before its givens.
		want, symbol := clues, isSymbol
		if len(geo.Cages) > 0 {
			want, symbol = clues+len(geo.Cages), func(s string) bool { return isSymbol(s) || isCageSum(s) }
		}
		shapes := m.Shapes && book.ShapesFit(geo)
		if shapes {
			want = 0 // the label only: the symbols are shapes
		}
		got, err := grab(p.Page, templates.Fill(texts.Puzzle, "number", num), want, symbol, false)
		if err == nil && shapes {
			var ps []pdftest.Path
			if ps, err = takeShapes(p.Page, clues, false); err == nil {
				var lat lattice
				if lat, err = matchShapes(ps, geo, givens, givens, false); err == nil {
					err = marksOn(p.Page, geo, lat, false, false)
				}
			}
		} else if err == nil {
			var lat lattice
			if len(geo.Cages) > 0 {
				lat, err = matchKiller(got, geo, givens)
			} else {
				lat, err = matchCells(got, geo, givens, letters)
			}
			if err == nil {
				err = marksOn(p.Page, geo, lat, false, false)
			} else if few := geo.Layer() != engine.NoLayer && clues < geo.N; few && strings.Contains(err.Error(), "lattice") {
				// A kind with marks may print a givens or two, too few to
				// find the grid's lattice by; its solution, every cell
				// printed, is checked below.
				err = nil
			}
		}
		if err != nil {
			t.Errorf("puzzle %d on page %d: %v", p.Number, p.Page, err)
		}
		// A solution on its puzzle's own page is a worksheet's answer,
		// printed upside down at the foot; one on a page of its own is
		// upright.
		foot := p.SolutionPage == p.Page
		want = geo.Cells
		if shapes {
			want = 0
		}
		got, err = grab(p.SolutionPage, templates.Fill(texts.Solution, "number", num), want, isSymbol, foot)
		if err == nil && shapes {
			var ps []pdftest.Path
			if ps, err = takeShapes(p.SolutionPage, geo.Cells, foot); err == nil {
				var lat lattice
				if lat, err = matchShapes(ps, geo, sol, givens, foot); err == nil {
					err = marksOn(p.SolutionPage, geo, lat, true, foot)
				}
			}
		} else if err == nil {
			var lat lattice
			lat, err = matchCells(got, geo, sol, letters)
			if err == nil {
				err = marksOn(p.SolutionPage, geo, lat, true, foot)
			}
		}
		if err != nil {
			t.Errorf("solution %d on page %d: %v", p.Number, p.SolutionPage, err)
		}
	}
}

// shapeSymbol reads which symbol a shape stands for (layout's
// symbolshapes.go: 1 a circle, 2 a square, 3 a triangle, 4 a star, 5 a
// heart, 6 a diamond) from its outline alone: its operators, and for a
// four-sided one whether its first side is level (a square) or slanted
// (a diamond on its point).
func shapeSymbol(p pdftest.Path) (uint8, bool) {
	switch p.Ops {
	case "mcccc":
		return 1, true
	case "mlll":
		if math.Abs(p.Pts[0][1]-p.Pts[1][1]) < 0.01 {
			return 2, true
		}
		return 6, true
	case "mll":
		return 3, true
	case "m" + strings.Repeat("l", 9):
		return 4, true
	case "mcccccc":
		return 5, true
	}
	return 0, false
}

// matchShapes is matchCells for a grid of shapes: one shape per filled
// cell of want, each the cell's symbol, centred (by its points' box) on
// one square lattice; filled where the cell is a given, an outline where
// it is solved. A turned grid's shapes are read turned back, as
// turnItems does.
func matchShapes(ps []pdftest.Path, geo *engine.Geometry, want, givens []uint8, turned bool) (lattice, error) {
	var cells []int
	for i, v := range want {
		if v != 0 {
			cells = append(cells, i)
		}
	}
	if len(ps) != len(cells) {
		return lattice{}, fmt.Errorf("%d shapes drawn, want %d", len(ps), len(cells))
	}
	// Each shape as an item at the middle of its box, its symbol its text.
	items := make([]pdftest.TextItem, len(ps))
	for k, p := range ps {
		x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, pt := range p.Pts {
			x0, x1 = math.Min(x0, pt[0]), math.Max(x1, pt[0])
			y0, y1 = math.Min(y0, pt[1]), math.Max(y1, pt[1])
		}
		d, ok := shapeSymbol(p)
		if !ok {
			return lattice{}, fmt.Errorf("a path %q at (%.1f, %.1f) is no shape a symbol is drawn as", p.Ops, x0, y0)
		}
		it := pdftest.TextItem{X: (x0 + x1) / 2, Y: (y0 + y1) / 2, Text: strconv.Itoa(int(d)), Size: map[bool]float64{true: 1}[p.Fill]}
		if turned {
			it.X, it.Y = -it.X, -it.Y
		}
		items[k] = it
	}
	sort.SliceStable(items, func(i, j int) bool {
		if math.Abs(items[i].Y-items[j].Y) > 1 {
			return items[i].Y > items[j].Y
		}
		return items[i].X < items[j].X
	})
	a, px, ex := fitLine(items, cells, func(it pdftest.TextItem) float64 { return it.X }, geo.Col)
	b, py, ey := fitLine(items, cells, func(it pdftest.TextItem) float64 { return it.Y }, geo.Row)
	if px < 5 || math.Abs(px+py) > 0.02*px {
		return lattice{}, fmt.Errorf("shapes are not on a square lattice: pitch %.2f across, %.2f down", px, -py)
	}
	if ex > 0.5 || ey > 0.5 {
		return lattice{}, fmt.Errorf("a shape is off its cell's middle by %.1f pt across, %.1f pt down", ex, ey)
	}
	for k, c := range cells {
		if w := strconv.Itoa(int(want[c])); items[k].Text != w {
			return lattice{}, fmt.Errorf("%s shows the shape of %s, want that of %s", geo.CellName(c), items[k].Text, w)
		}
		if filled := items[k].Size == 1; filled != (givens[c] != 0) {
			return lattice{}, fmt.Errorf("%s: shape filled %v, want filled for a given only", geo.CellName(c), filled)
		}
	}
	return lattice{x0: a, y0: b, pitch: px}, nil
}

// turnItems turns text set upside down half a turn about the page's
// origin: a turned grid's digits then lie on its lattice as an upright
// grid's do, their origins at the left of their ink and their baselines
// below it.
func turnItems(its []pdftest.TextItem) []pdftest.TextItem {
	out := make([]pdftest.TextItem, len(its))
	for i, it := range its {
		it.X, it.Y = -it.X, -it.Y
		out[i] = it
	}
	return out
}

// turnMarks is turnItems for the lines and fills of a page.
func turnMarks(segs []pdftest.Segment, fills []pdftest.Fill) ([]pdftest.Segment, []pdftest.Fill) {
	ts := make([]pdftest.Segment, len(segs))
	for i, s := range segs {
		s.X1, s.Y1, s.X2, s.Y2 = -s.X1, -s.Y1, -s.X2, -s.Y2
		ts[i] = s
	}
	tf := make([]pdftest.Fill, len(fills))
	for i, f := range fills {
		f.X, f.Y = -f.X-f.W, -f.Y-f.H
		tf[i] = f
	}
	return ts, tf
}

// checkMarks reads the lines and fills a page draws over one grid (found
// by its lattice) and checks them against the grid's geometry: heavy
// lines exactly on the borders of boxes or jigsaw regions and round the
// cells in play, thin lines on every other edge between cells in play,
// and a grey fill under exactly the cells of the X diagonals and hyper
// windows. Heavy is anything at least 1.5 times the thinnest line of the
// grid.
func checkMarks(segs []pdftest.Segment, fills []pdftest.Fill, geo *engine.Geometry, lat lattice) error {
	w := float64(geo.Width)
	left, top := lat.x0-lat.pitch/2, lat.y0+lat.pitch/2
	right, bottom := left+w*lat.pitch, top-w*lat.pitch
	slack := lat.pitch / 4
	inside := func(x, y float64) bool {
		return x > left-slack && x < right+slack && y < top+slack && y > bottom-slack
	}
	// Cell edges by kind, keyed "h r c" (the edge above row r, column c)
	// and "v r c" (left of it).
	onLine := func(v, origin float64) (int, bool) {
		k := (v - origin) / lat.pitch
		return int(math.Round(k)), math.Abs(k-math.Round(k)) < 0.1
	}
	thin := math.Inf(1)
	var mine []pdftest.Segment
	for _, sg := range segs {
		if inside(sg.X1, sg.Y1) && inside(sg.X2, sg.Y2) {
			mine = append(mine, sg)
			thin = math.Min(thin, sg.Width)
		}
	}
	got := map[string]float64{}
	for _, sg := range mine {
		switch {
		case sg.Y1 == sg.Y2:
			r, ok := onLine(top-sg.Y1, 0)
			c0, ok0 := onLine(math.Min(sg.X1, sg.X2), left)
			c1, ok1 := onLine(math.Max(sg.X1, sg.X2), left)
			if !ok || !ok0 || !ok1 {
				if geo.Layer() != engine.NoLayer {
					continue // a cage's dashed outline, a line's stroke or a mark, inside the cells
				}
				return fmt.Errorf("a line at y %.2f from x %.2f to %.2f is off the cell edges", sg.Y1, sg.X1, sg.X2)
			}
			for c := c0; c < c1; c++ {
				key := fmt.Sprintf("h %d %d", r, c)
				got[key] = math.Max(got[key], sg.Width)
			}
		case sg.X1 == sg.X2:
			c, ok := onLine(sg.X1, left)
			r0, ok0 := onLine(top-math.Max(sg.Y1, sg.Y2), 0)
			r1, ok1 := onLine(top-math.Min(sg.Y1, sg.Y2), 0)
			if !ok || !ok0 || !ok1 {
				if geo.Layer() != engine.NoLayer {
					continue
				}
				return fmt.Errorf("a line at x %.2f from y %.2f to %.2f is off the cell edges", sg.X1, sg.Y1, sg.Y2)
			}
			for r := r0; r < r1; r++ {
				key := fmt.Sprintf("v %d %d", r, c)
				got[key] = math.Max(got[key], sg.Width)
			}
		}
	}
	kakuro := geo.Layer() == "kakuro"
	const clueCell = -2
	region := func(r, c int) int {
		if _, ok := geo.InPlay(r, c); ok && kakuro {
			return 0 // white cells, thin lines between them all
		}
		if i, ok := geo.InPlay(r, c); ok {
			if geo.Variant == engine.Latin {
				// No boxes: every line inside the frame is thin but a
				// calcudoku's cage outlines, on the cell lines.
				for _, c := range geo.Constraints() {
					if k, ok := c.(*engine.CalcCages); ok {
						for ci, cg := range k.Cages() {
							if slices.Contains(cg.Cells, i) {
								return ci
							}
						}
					}
				}
				return 0
			}
			return int(geo.Regions[i])
		}
		if kakuro && r >= 0 && c >= 0 && r < geo.Width && c < geo.Width {
			return clueCell
		}
		return -1
	}
	check := func(key string, a, b int) error {
		width, drawn := got[key]
		heavy := drawn && width >= 1.5*thin
		// A kakuro's clue cells are black inside its frame: the lines
		// between two of them may be drawn or not, and a clue cell is
		// parted from a white one by the same thin line as two white
		// ones; only the frame is heavy.
		if a == clueCell && b == clueCell {
			return nil
		}
		switch {
		case a == clueCell && b == -1, b == clueCell && a == -1:
			a, b = 0, -1 // the frame: heavy
		case a == clueCell || b == clueCell:
			a, b = 0, 0 // beside a white cell: thin
		}
		switch {
		case a < 0 && b < 0:
			if drawn {
				return fmt.Errorf("edge %s is drawn outside the grid", key)
			}
		case a == b && (!drawn || heavy):
			return fmt.Errorf("edge %s inside a region: line %.2f pt (drawn %v), want a thin line", key, width, drawn)
		case a != b && !heavy:
			return fmt.Errorf("edge %s between regions: line %.2f pt (drawn %v), want a heavy line", key, width, drawn)
		}
		return nil
	}
	for k := 0; k <= geo.Width; k++ {
		for j := 0; j < geo.Width; j++ {
			if err := check(fmt.Sprintf("h %d %d", k, j), region(k-1, j), region(k, j)); err != nil {
				return err
			}
			if err := check(fmt.Sprintf("v %d %d", j, k), region(j, k-1), region(j, k)); err != nil {
				return err
			}
		}
	}

	shaded := map[int]bool{}
	for u, kd := range geo.Kinds {
		if kd == engine.DiagonalHouse || kd == engine.WindowHouse {
			for _, i := range geo.Houses[u] {
				shaded[i] = true
			}
		}
	}
	found, black := map[int]bool{}, map[int]bool{}
	for _, f := range fills {
		cx, cy := f.X+f.W/2, f.Y+f.H/2
		if !inside(cx, cy) || f.Grey >= 0.99 {
			continue // elsewhere on the page, or paper (a killer sum's knockout)
		}
		r, c, near := lat.cellAt(cx, cy)
		if geo.Layer() != engine.NoLayer && near && (f.W < lat.pitch-0.1 || f.H < lat.pitch-0.1) {
			continue // a mark inside a cell (an even cell's square, a thermometer's bulb)
		}
		i, in := geo.InPlay(r, c)
		whole := math.Abs(f.W-lat.pitch) <= 0.1 && math.Abs(f.H-lat.pitch) <= 0.1
		if kakuro && near && !in && whole && r >= 0 && c >= 0 && r < geo.Width && c < geo.Width {
			if f.Grey > 0.01 {
				return fmt.Errorf("the clue cell at row %d, column %d is %.3f grey, want black", r+1, c+1, f.Grey)
			}
			black[r*geo.Width+c] = true
			continue
		}
		switch {
		case !near || !in || !whole:
			return fmt.Errorf("a fill %.1fx%.1f at (%.1f, %.1f) is not one cell", f.W, f.H, f.X, f.Y)
		case !shaded[i]:
			return fmt.Errorf("%s is shaded, but no extra house holds it", geo.CellName(i))
		case f.Grey < 0.7 || f.Grey > 0.9:
			return fmt.Errorf("%s is shaded %.3f grey, want a light grey (0.7 to 0.9)", geo.CellName(i), f.Grey)
		}
		found[i] = true
	}
	for i := range shaded {
		if !found[i] {
			return fmt.Errorf("%s lies on a %s house but is not shaded", geo.CellName(i), geo.Variant)
		}
	}
	if kakuro {
		for p := range geo.Width * geo.Width {
			if _, in := geo.InPlay(p/geo.Width, p%geo.Width); !in && !black[p] {
				return fmt.Errorf("the clue cell at row %d, column %d is not black", p/geo.Width+1, p%geo.Width+1)
			}
		}
	}
	return nil
}
