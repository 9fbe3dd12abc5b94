package web

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color"
	"image/png"
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
	d, err := newData(m, book.Range{}, mustTexts(t, "en"), mustWords(t, "en"), nil)
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
	d9, err := newData(m9, book.Range{}, mustTexts(t, "en"), mustWords(t, "en"), nil)
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
	// A book that prints the user's own pictures is refused without
	// them (a manifest alone): the page would show other symbols than
	// the book.
	m.Pictures = true
	if _, err := Page(m, Options{}); err == nil || !strings.Contains(err.Error(), "style.pictures") {
		t.Errorf("a book of pictures gave the page %v, want it refused naming style.pictures", err)
	}
	// With them, each is drawn as an image of the picture in grey, at
	// most pictureSide pixels a side, for a given and a reader's cell.
	big := image.NewNRGBA(image.Rect(0, 0, 600, 300))
	for y := range 300 {
		for x := range 300 {
			big.Set(x, y, color.NRGBA{200, 0, 0, 255}) // red left half, clear right half
		}
	}
	var file bytes.Buffer
	if err := png.Encode(&file, big); err != nil {
		t.Fatal(err)
	}
	files := make([][]byte, 6)
	for i := range files {
		files[i] = file.Bytes()
	}
	tags, err := pictureTags(files)
	if err != nil {
		t.Fatal(err)
	}
	d, err = newData(m, book.Range{}, mustTexts(t, "en"), mustWords(t, "en"), tags)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Pics) != 6 || d.Pics[0][0] != d.Pics[0][1] || !strings.HasPrefix(d.Pics[0][0], `<i class="pic"`) {
		t.Fatalf("a book of pictures carries %.80q, want 6 masks", d.Pics)
	}
	_, data, _ := strings.Cut(d.Pics[0][0], "base64,")
	data, _, _ = strings.Cut(data, ")")
	raw, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		t.Fatal(err)
	}
	shown, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	g, ok := shown.(*image.NRGBA)
	if !ok || g.Rect.Dx() > pictureSide || g.Rect.Dx() < pictureSide/2 || g.Rect.Dx() != 2*g.Rect.Dy() {
		t.Fatalf("the page's picture is %T %v, want a mask twice as wide as high, at most %d wide", shown, shown.Bounds(), pictureSide)
	}
	// Red prints a dark grey, so it is most of the ink; the clear half
	// is none.
	if left, right := g.NRGBAAt(10, 10).A, g.NRGBAAt(g.Rect.Dx()-10, 10).A; left < 140 || right != 0 {
		t.Errorf("the red half masks %d and the clear half %d, want most ink and none", left, right)
	}
}
