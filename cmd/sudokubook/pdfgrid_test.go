package main

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/templates"
)

// This file checks a built book from the outside, the way a buyer's eye or
// a proof-reader would: it reads the text the PDF shows on each page (with
// its position) and confirms that the grid the manifest says is on a page
// is printed there, digit by digit, cell by cell.

// textItem is one string the PDF shows, at its baseline origin in points.
type textItem struct {
	x, y float64
	s    string
}

// fpdf writes each string as "BT x y Td (utf-16be) Tj ET".
var showText = regexp.MustCompile(`BT ([-0-9.]+) ([-0-9.]+) Td \(((?:\\.|[^\\)])*)\) Tj ET`)

func strictConf() *model.Configuration {
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationStrict
	return conf
}

// readBook validates a PDF in strict mode and opens it for page reading.
func readBook(t *testing.T, pdf []byte) *model.Context {
	t.Helper()
	if err := api.Validate(bytes.NewReader(pdf), strictConf()); err != nil {
		t.Fatalf("pdfcpu strict validation: %v", err)
	}
	ctx, err := api.ReadAndValidate(bytes.NewReader(pdf), strictConf())
	if err != nil {
		t.Fatalf("reading PDF: %v", err)
	}
	return ctx
}

// pageItems lists the strings page n shows, in drawing order.
func pageItems(t *testing.T, ctx *model.Context, n int) []textItem {
	t.Helper()
	r, err := pdfcpu.ExtractPageContent(ctx, n)
	if err != nil {
		t.Fatalf("page %d: %v", n, err)
	}
	content, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("page %d: %v", n, err)
	}
	var out []textItem
	for _, m := range showText.FindAllSubmatch(content, -1) {
		var x, y float64
		fmt.Sscan(string(m[1]), &x)
		fmt.Sscan(string(m[2]), &y)
		out = append(out, textItem{x, y, decodeLiteral(t, m[3])})
	}
	return out
}

// decodeLiteral undoes PDF string escapes and the UTF-16BE encoding fpdf
// uses for embedded UTF-8 fonts.
func decodeLiteral(t *testing.T, lit []byte) string {
	var raw []byte
	for i := 0; i < len(lit); i++ {
		c := lit[i]
		if c == '\\' && i+1 < len(lit) {
			i++
			switch lit[i] {
			case 'n':
				c = '\n'
			case 'r':
				c = '\r'
			case 't':
				c = '\t'
			default:
				c = lit[i]
			}
		}
		raw = append(raw, c)
	}
	if len(raw)%2 != 0 {
		t.Fatalf("text literal %q: odd byte count", lit)
	}
	u := make([]uint16, len(raw)/2)
	for i := range u {
		u[i] = uint16(raw[2*i])<<8 | uint16(raw[2*i+1])
	}
	return string(utf16.Decode(u))
}

func isDigit(s string) bool { return len(s) == 1 && s[0] >= '1' && s[0] <= '9' }

// matchGrid reports whether the digit items print exactly grid g: one item
// per filled cell, each showing that cell's digit, and all of them on one
// square lattice (x = a + pitch*col, y = b - pitch*row).
func matchGrid(items []textItem, g engine.Grid) error {
	var cells []int
	for i, v := range g {
		if v != 0 {
			cells = append(cells, i)
		}
	}
	if len(items) != len(cells) {
		return fmt.Errorf("%d digits printed, want %d", len(items), len(cells))
	}
	// Reading order on the page: top row first (PDF y grows upwards).
	sorted := append([]textItem(nil), items...)
	sort.SliceStable(sorted, func(i, j int) bool {
		if math.Abs(sorted[i].y-sorted[j].y) > 1 {
			return sorted[i].y > sorted[j].y
		}
		return sorted[i].x < sorted[j].x
	})
	a, px, ex := fitLine(sorted, cells, func(it textItem) float64 { return it.x }, engine.Col)
	b, py, ey := fitLine(sorted, cells, func(it textItem) float64 { return it.y }, engine.Row)
	if px < 5 || math.Abs(px+py) > 0.02*px {
		return fmt.Errorf("digits are not on a square lattice: pitch %.2f across, %.2f down", px, -py)
	}
	if ex > 1 || ey > 1 {
		return fmt.Errorf("a digit is off its cell by %.1f pt across, %.1f pt down (lattice x=%.1f+%.2f*col, y=%.1f%.2f*row)", ex, ey, a, px, b, py)
	}
	for k, c := range cells {
		if want := fmt.Sprint(g[c]); sorted[k].s != want {
			return fmt.Errorf("%s shows %q, want %s", engine.CellName(c), sorted[k].s, want)
		}
	}
	return nil
}

// fitLine fits v = a + p*index(cell) by least squares and returns a, p and
// the largest residual.
func fitLine(items []textItem, cells []int, v func(textItem) float64, index func(int) int) (a, p, worst float64) {
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
	ctx := readBook(t, pdf)
	if ctx.PageCount != m.Pages {
		t.Fatalf("PDF has %d pages, manifest says %d", ctx.PageCount, m.Pages)
	}
	texts, err := templates.Language(lang)
	if err != nil {
		t.Fatal(err)
	}
	pages := map[int][]textItem{}
	items := func(n int) []textItem {
		if _, ok := pages[n]; !ok {
			pages[n] = pageItems(t, ctx, n)
		}
		return pages[n]
	}
	// grab finds label on page n, after what earlier grabs on that page
	// used (a solution's label may be a lone digit, like the grid before
	// it), and returns the count digits printed after it, skipping words
	// such as the level name before the first digit.
	cursor := map[int]int{}
	grab := func(n int, label string, count int) ([]textItem, error) {
		its := items(n)
		for i := cursor[n]; i < len(its); i++ {
			if strings.TrimSpace(its[i].s) != label {
				continue
			}
			var got []textItem
			j := i + 1
			for ; j < len(its) && len(got) < count; j++ {
				if isDigit(its[j].s) {
					got = append(got, its[j])
				} else if len(got) > 0 {
					break
				}
			}
			cursor[n] = j
			return got, nil
		}
		return nil, fmt.Errorf("page %d has no label %q after item %d", n, label, cursor[n])
	}
	seen := map[string]bool{}
	for _, p := range m.Puzzles {
		g, err := engine.ParseGrid(p.Puzzle)
		if err != nil {
			t.Fatalf("puzzle %d: %v", p.Number, err)
		}
		sol, err := engine.Solve(g)
		if err != nil {
			t.Errorf("puzzle %d is not uniquely solvable: %v", p.Number, err)
			continue
		}
		if sol.String() != p.Solution {
			t.Errorf("puzzle %d: manifest solution %s, solver says %s", p.Number, p.Solution, sol)
		}
		if seen[p.Puzzle] {
			t.Errorf("puzzle %d appears twice in the book", p.Number)
		}
		seen[p.Puzzle] = true
		if p.Clues != g.Clues() {
			t.Errorf("puzzle %d: manifest says %d clues, grid has %d", p.Number, p.Clues, g.Clues())
		}
		num := fmt.Sprint(p.Number)
		got, err := grab(p.Page, templates.Fill(texts.Puzzle, "number", num), g.Clues())
		if err == nil {
			err = matchGrid(got, g)
		}
		if err != nil {
			t.Errorf("puzzle %d on page %d: %v", p.Number, p.Page, err)
		}
		got, err = grab(p.SolutionPage, templates.Fill(texts.Solution, "number", num), 81)
		if err == nil {
			err = matchGrid(got, sol)
		}
		if err != nil {
			t.Errorf("solution %d on page %d: %v", p.Number, p.SolutionPage, err)
		}
	}
}
