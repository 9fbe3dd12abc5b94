package main

import (
	"fmt"
	"math"
	"sort"
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

func isDigit(s string) bool { return len(s) == 1 && s[0] >= '1' && s[0] <= '9' }

// matchGrid reports whether the digit items print exactly grid g: one item
// per filled cell, each showing that cell's digit, and all of them on one
// square lattice (x = a + pitch*col, y = b - pitch*row).
func matchGrid(items []pdftest.TextItem, g engine.Grid) error {
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
	sorted := append([]pdftest.TextItem(nil), items...)
	sort.SliceStable(sorted, func(i, j int) bool {
		if math.Abs(sorted[i].Y-sorted[j].Y) > 1 {
			return sorted[i].Y > sorted[j].Y
		}
		return sorted[i].X < sorted[j].X
	})
	a, px, ex := fitLine(sorted, cells, func(it pdftest.TextItem) float64 { return it.X }, engine.Col)
	b, py, ey := fitLine(sorted, cells, func(it pdftest.TextItem) float64 { return it.Y }, engine.Row)
	if px < 5 || math.Abs(px+py) > 0.02*px {
		return fmt.Errorf("digits are not on a square lattice: pitch %.2f across, %.2f down", px, -py)
	}
	if ex > 1 || ey > 1 {
		return fmt.Errorf("a digit is off its cell by %.1f pt across, %.1f pt down (lattice x=%.1f+%.2f*col, y=%.1f%.2f*row)", ex, ey, a, px, b, py)
	}
	for k, c := range cells {
		if want := fmt.Sprint(g[c]); sorted[k].Text != want {
			return fmt.Errorf("%s shows %q, want %s", engine.CellName(c), sorted[k].Text, want)
		}
	}
	return nil
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
	// grab finds label on page n, after what earlier grabs on that page
	// used (a solution's label may be a lone digit, like the grid before
	// it), and returns the count digits printed after it, skipping words
	// such as the level name before the first digit.
	cursor := map[int]int{}
	grab := func(n int, label string, count int) ([]pdftest.TextItem, error) {
		its := items(n)
		for i := cursor[n]; i < len(its); i++ {
			if strings.TrimSpace(its[i].Text) != label {
				continue
			}
			var got []pdftest.TextItem
			j := i + 1
			for ; j < len(its) && len(got) < count; j++ {
				if isDigit(its[j].Text) {
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
