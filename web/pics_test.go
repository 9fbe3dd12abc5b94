package web

import (
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/book"
)

// TestPicsOnlyWhereShapes holds the shapes to the grids the book prints
// them on: a book with style.shapes carries the six (each filled and in
// outline, all different) and marks its classic 4x4 and 6x6 grids to draw
// them; a 9x9 book, shapes asked or not, carries none and draws digits.
func TestPicsOnlyWhereShapes(t *testing.T) {
	m, err := exampleBook("../examples/kids-shapes.yaml")
	if err != nil {
		t.Fatal(err)
	}
	d, err := newData(m, book.Range{}, mustTexts(t, "en"), mustWords(t, "en"))
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Pics) != 6 {
		t.Fatalf("a book of shapes carries %d shapes, want 6", len(d.Pics))
	}
	seen := map[string]bool{}
	for k, p := range d.Pics {
		for j, svg := range p {
			if seen[svg] || !strings.HasPrefix(svg, "<svg ") || !strings.Contains(svg, `fill="`+[]string{"currentColor", "none"}[j]+`"`) {
				t.Errorf("shape %d's %s SVG is %q: want an SVG of its own", k+1, []string{"filled", "outline"}[j], svg)
			}
			seen[svg] = true
		}
	}
	for k, g := range d.Geoms {
		if !g.Pic || g.N != 4 && g.N != 6 {
			t.Errorf("geometry %d (%dx%d) of the book of shapes draws shapes: %v, want a 4x4 or 6x6 drawing them", k, g.N, g.N, g.Pic)
		}
	}
	m9 := testManifest(t)
	m9.Shapes = true
	d9, err := newData(m9, book.Range{}, mustTexts(t, "en"), mustWords(t, "en"))
	if err != nil {
		t.Fatal(err)
	}
	if d9.Pics != nil {
		t.Error("a 9x9 book asking for shapes carries them: its grids keep their digits")
	}
	for k, g := range d9.Geoms {
		if g.Pic {
			t.Errorf("geometry %d (%dx%d) draws shapes", k, g.N, g.N)
		}
	}
	// A book that prints the user's own pictures is refused: the page
	// would show other symbols than the book.
	m.Pictures = true
	if _, err := newData(m, book.Range{}, mustTexts(t, "en"), mustWords(t, "en")); err == nil || !strings.Contains(err.Error(), "style.pictures") {
		t.Errorf("a book of pictures gave the page %v, want it refused naming style.pictures", err)
	}
}
