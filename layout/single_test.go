package layout

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/png"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
)

var testStyle = book.Style{TextSize: 10, ThinLine: 0.75, ThickLine: 2}

// pngChunk is one chunk of a PNG file.
type pngChunk struct {
	typ  string
	data []byte
}

// readChunks splits a PNG into chunks, checking every CRC.
func readChunks(t *testing.T, data []byte) []pngChunk {
	t.Helper()
	if !bytes.HasPrefix(data, pngSignature) {
		t.Fatal("no PNG signature")
	}
	var out []pngChunk
	for rest := data[8:]; len(rest) > 0; {
		if len(rest) < 12 {
			t.Fatalf("truncated chunk: %d bytes left", len(rest))
		}
		n := binary.BigEndian.Uint32(rest[:4])
		body := rest[4 : 8+n]
		if got, want := binary.BigEndian.Uint32(rest[8+n:12+n]), crc32.ChecksumIEEE(body); got != want {
			t.Fatalf("chunk %s: CRC %08x, want %08x", body[:4], got, want)
		}
		out = append(out, pngChunk{string(body[:4]), body[4:]})
		rest = rest[12+n:]
	}
	return out
}

func TestRenderPNG(t *testing.T) {
	givens, solution := fixturePuzzle(3)
	cases := []struct {
		name   string
		side   book.Length
		dpi    int
		show   bool
		pixels int
	}{
		{"3in at 300dpi", 216, 300, false, 900},
		{"solution 2in at 150dpi", 144, 150, true, 300},
		{"odd size", 100, 96, false, 133},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := RenderPNG(&buf, ClassicFigure(givens, solution), tc.show, tc.side, tc.dpi, testStyle); err != nil {
				t.Fatalf("RenderPNG: %v", err)
			}
			preview(t, strings.ReplaceAll(tc.name, " ", "_")+".png", buf.Bytes())
			img, err := png.Decode(bytes.NewReader(buf.Bytes()))
			if err != nil {
				t.Fatalf("decoding: %v", err)
			}
			g, ok := img.(*image.Gray)
			if !ok {
				t.Fatalf("decoded a %T, want *image.Gray", img)
			}
			if b := g.Bounds(); b.Dx() != tc.pixels || b.Dy() != tc.pixels {
				t.Errorf("size %dx%d, want %dx%d", b.Dx(), b.Dy(), tc.pixels, tc.pixels)
			}
			// The frame runs along the edges; the middle of a cell with no
			// digit is paper.
			if v := g.GrayAt(tc.pixels/2, 0).Y; v > 64 {
				t.Errorf("top edge pixel is %d, want frame ink (dark)", v)
			}
			chunks := readChunks(t, buf.Bytes())
			if chunks[0].typ != "IHDR" || chunks[1].typ != "pHYs" {
				t.Fatalf("chunks start %s, %s: want IHDR, pHYs", chunks[0].typ, chunks[1].typ)
			}
			p := chunks[1].data
			x, y := binary.BigEndian.Uint32(p[0:4]), binary.BigEndian.Uint32(p[4:8])
			dpi := float64(x) * 0.0254
			if x != y || p[8] != 1 || dpi < float64(tc.dpi)-0.5 || dpi > float64(tc.dpi)+0.5 {
				t.Errorf("pHYs %d x %d per unit %d (%.2f dpi), want %d dpi in metres", x, y, p[8], dpi, tc.dpi)
			}
		})
	}
}

// TestPNGShowsSolution compares the same cell with and without the solution:
// a blank cell gains ink as dark as a given's (at least 70% black, so it
// does not halftone into fuzz), and a digit filled in from the solution is
// told from the same digit printed as a given by its lighter weight: fewer
// dark pixels.
func TestPNGShowsSolution(t *testing.T) {
	givens, solution := fixturePuzzle(1)
	decode := func(g engine.Grid, show bool) *image.Gray {
		var buf bytes.Buffer
		if err := RenderPNG(&buf, ClassicFigure(g, solution), show, 216, 150, testStyle); err != nil {
			t.Fatalf("RenderPNG: %v", err)
		}
		img, err := png.Decode(&buf)
		if err != nil {
			t.Fatalf("decoding: %v", err)
		}
		return img.(*image.Gray)
	}
	// inside walks a cell's pixels, clear of its lines.
	inside := func(g *image.Gray, cell int, fn func(uint8)) {
		side := g.Bounds().Dx()
		x0, y0 := cell%9*side/9, cell/9*side/9
		for y := y0 + side/36; y < y0+side/9-side/36; y++ {
			for x := x0 + side/36; x < x0+side/9-side/36; x++ {
				fn(g.GrayAt(x, y).Y)
			}
		}
	}
	darkest := func(g *image.Gray, cell int) uint8 {
		d := uint8(255)
		inside(g, cell, func(v uint8) { d = min(d, v) })
		return d
	}
	ink := func(g *image.Gray, cell int) int {
		n := 0
		inside(g, cell, func(v uint8) {
			if v < 128 {
				n++
			}
		})
		return n
	}
	blank, given := -1, -1
	for i, v := range givens {
		if v == 0 && blank < 0 {
			blank = i
		}
		if v != 0 && given < 0 {
			given = i
		}
	}
	puzzle, solved := decode(givens, false), decode(givens, true)
	if d := darkest(puzzle, blank); d < 250 {
		t.Errorf("blank cell %d without solution: darkest %d, want paper", blank, d)
	}
	if d := darkest(solved, blank); d > 77 {
		t.Errorf("blank cell %d with solution: darkest %d, want ink at least 70%% black (at most 77)", blank, d)
	}
	if d := darkest(solved, given); d > 40 {
		t.Errorf("given cell %d: darkest %d, want black ink", given, d)
	}
	// The same digit in the same cell, once given and once filled in.
	withGiven := givens
	withGiven[blank] = solution[blank]
	bold, regular := ink(decode(withGiven, true), blank), ink(solved, blank)
	if float64(bold) < 1.15*float64(regular) {
		t.Errorf("cell %d: %d dark pixels as a given, %d filled in; want the given at least 15%% heavier", blank, bold, regular)
	}
}

func TestRenderPNGErrors(t *testing.T) {
	g, s := fixturePuzzle(1)
	for _, tc := range []struct {
		name string
		side book.Length
		dpi  int
	}{{"zero dpi", 216, 0}, {"negative side", -1, 300}, {"huge", 72 * 100, 300}} {
		t.Run(tc.name, func(t *testing.T) {
			err := RenderPNG(&bytes.Buffer{}, ClassicFigure(g, s), false, tc.side, tc.dpi, testStyle)
			if !errors.Is(err, ErrSize) {
				t.Errorf("got %v, want ErrSize", err)
			}
		})
	}
}

func TestRenderSinglePDF(t *testing.T) {
	givens, solution := fixturePuzzle(2)
	var a, b bytes.Buffer
	if err := RenderSinglePDF(&a, ClassicFigure(givens, solution), true, 180, testStyle, 2025); err != nil {
		t.Fatalf("RenderSinglePDF: %v", err)
	}
	if err := RenderSinglePDF(&b, ClassicFigure(givens, solution), true, 180, testStyle, 2025); err != nil {
		t.Fatalf("RenderSinglePDF: %v", err)
	}
	preview(t, "single.pdf", a.Bytes())
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two renders differ")
	}
	ctx := readPDF(t, a.Bytes())
	if ctx.PageCount != 1 {
		t.Fatalf("%d pages, want 1", ctx.PageCount)
	}
	media, _ := pageBoxes(t, a.Bytes())
	if m := media[0]; !near(m[0], 0) || !near(m[1], 0) || !near(m[2], 180) || !near(m[3], 180) {
		t.Errorf("MediaBox %s, want [0 0 180 180]", boxString(m))
	}
	checkGoFonts(t, a.Bytes())
	texts := pageText(t, pageContent(t, ctx, 1))
	if len(texts) != 81 {
		t.Errorf("%d digits shown, want 81 with the solution", len(texts))
	}
	if err := RenderSinglePDF(&a, ClassicFigure(givens, solution), true, 10, testStyle, 2025); !errors.Is(err, ErrSize) {
		t.Errorf("10pt grid: got %v, want ErrSize", err)
	}
}

// TestExportSide: an export's default side grows to what the kind needs:
// a classic grid keeps 3in, a killer grows until its cage sums print, a
// samurai keeps a 9x9 grid's cells at 3in; every side returned prints.
func TestExportSide(t *testing.T) {
	killer := testKiller(t)
	samurai, err := engine.Lookup(engine.Samurai, 9)
	if err != nil {
		t.Fatal(err)
	}
	style := book.Default().Style
	for _, c := range []struct {
		name      string
		fig       Figure
		least, at float64 // the side must be at least least; exactly at when at > 0
	}{
		{"classic", Figure{Geo: engine.Classic9, Givens: make([]uint8, 81)}, 216, 216},
		{"killer", killer, 216, 0},
		{"samurai", Figure{Geo: samurai, Givens: make([]uint8, samurai.Cells)}, 216 * 21 / 9, 0},
	} {
		side := ExportSide(c.fig.Geo, 3*book.Inch, style)
		if float64(side) < c.least || c.at > 0 && float64(side) != c.at {
			t.Errorf("%s: side %.1fpt, want at least %.0fpt", c.name, float64(side), c.least)
		}
		if err := RenderPNG(&bytes.Buffer{}, c.fig, false, side, 300, style); err != nil {
			t.Errorf("%s at its export side %.1fpt: %v", c.name, float64(side), err)
		}
	}
	if err := RenderPNG(&bytes.Buffer{}, killer, false, 3*book.Inch, 300, style); err == nil {
		t.Error("a killer prints at 3in: the case no longer shows the side growing")
	}
}
