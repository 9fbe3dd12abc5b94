package publish

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/internal/testimg"
	"github.com/sudokubook/sudokubook/layout"
)

// claims is a PNG of one pixel whose header claims w x h: a few hundred
// bytes that would decode to gigabytes.
func claims(t *testing.T, w, h uint32) []byte {
	t.Helper()
	b := testimg.Disc(5)
	// The IHDR chunk follows the 8-byte signature: length, type, then
	// width and height, and its CRC over type and data.
	binary.BigEndian.PutUint32(b[16:], w)
	binary.BigEndian.PutUint32(b[20:], h)
	binary.BigEndian.PutUint32(b[29:], crc32.ChecksumIEEE(b[12:29]))
	return b
}

// pictureSpec writes a kids' spec drawing pictures a.png to d.png in dir,
// each file's content from files (missing ones are not written).
func pictureSpec(t *testing.T, dir string, files map[string][]byte) *book.Spec {
	t.Helper()
	for name, data := range files {
		if data == nil {
			continue
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	spec := "title: Pictures\nseed: 3\nyear: 2026\nhtml: true\npng: {puzzles: true, solutions: true, svg: true, pdf_singles: true}\nfront: {how_to_play: true, children: true}\n" +
		"style:\n  shapes: true\n  pictures:\n" +
		"    - {file: a.png, name: a sun}\n    - {file: b.png, name: a moon}\n    - {file: c.png, name: a star}\n    - {file: d.png, name: a fish}\n" +
		"sections:\n  - {level: easy, count: 4, size: 4}\n"
	s, err := book.Load(strings.NewReader(spec), filepath.Join(dir, "spec.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestPicturesRefusedBeforeWork: a spec's pictures are read only from
// inside its folder, and checked before any work: a link out of the
// folder, a folder, a file past the bound, one that is no PNG or JPEG and
// one whose header claims too many pixels are each a spec error naming
// the picture's field, and no output folder is made.
func TestPicturesRefusedBeforeWork(t *testing.T) {
	outside := t.TempDir()
	secret := filepath.Join(outside, "secret.png")
	if err := os.WriteFile(secret, testimg.Disc(9), 0o644); err != nil {
		t.Fatal(err)
	}
	good := func(t *testing.T) map[string][]byte {
		return map[string][]byte{"a.png": testimg.Disc(6), "b.png": testimg.Disc(9), "c.png": testimg.Disc(12), "d.png": testimg.Disc(15)}
	}
	for _, c := range []struct {
		name string
		d    func(dir string) []byte // d.png's content, or nil after making it otherwise
		want string
	}{
		{"a link out of the folder", func(dir string) []byte {
			if err := os.Symlink(secret, filepath.Join(dir, "d.png")); err != nil {
				t.Fatal(err)
			}
			return nil
		}, "is not inside the spec's folder"},
		{"a folder", func(dir string) []byte {
			if err := os.Mkdir(filepath.Join(dir, "d.png"), 0o755); err != nil {
				t.Fatal(err)
			}
			return nil
		}, "not a regular file (a folder)"},
		{"missing", func(string) []byte { return nil }, "d.png: no such file in the spec's folder"},
		{"too large", func(string) []byte { return make([]byte, layout.MaxPictureBytes+1) }, "is larger than 32 MiB"},
		{"not an image", func(string) []byte { return []byte("GIF89a, or a text\n") }, "d.png is not a PNG or JPEG image"},
		{"too many pixels", func(string) []byte { return claims(t, 60000, 60000) }, "is 60000x60000 pixels"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			files := good(t)
			files["d.png"] = c.d(dir)
			spec := pictureSpec(t, dir, files)
			out := filepath.Join(dir, "out")
			_, err := Build(context.Background(), spec, Options{Out: out})
			var fe *book.FieldError
			if !errors.As(err, &fe) || fe.Field != "style.pictures[3].file" || !strings.Contains(err.Error(), c.want) {
				t.Errorf("build: %v, want a spec error at style.pictures[3].file saying %q", err, c.want)
			}
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Errorf("the output folder was made: %v", err)
			}
		})
	}

	// A link that stays inside the folder is a file of the folder.
	dir := t.TempDir()
	files := good(t)
	if err := os.WriteFile(filepath.Join(dir, "fish.png"), files["d.png"], 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("fish.png", filepath.Join(dir, "d.png")); err != nil {
		t.Fatal(err)
	}
	delete(files, "d.png")
	spec := pictureSpec(t, dir, files)
	res, err := Build(context.Background(), spec, Options{Out: filepath.Join(dir, "out")})
	if err != nil {
		t.Fatal(err)
	}
	// The book draws the four pictures, each one image in the PDF,
	// where a book of shapes draws none: a valid PDF, in grey only (the
	// book is too short for a printer, which the preflight says too).
	pdf, err := os.ReadFile(filepath.Join(res.Out, "book.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(pdf, []byte("/Subtype /Image /Width 40 /Height 40 /ColorSpace /DeviceGray")); n != 4 {
		t.Errorf("the book's PDF holds %d grey 40x40 images, want its 4 pictures", n)
	}
	// Its web edition paints them too, each once in the page's data.
	page, err := os.ReadFile(filepath.Join(res.Out, "book.html"))
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(page, []byte("mask:url(data:image/png;base64,")); n != 2*4 {
		t.Errorf("the web edition holds %d pictures, want the 4 (each for a given and a reader's cell)", n)
	}
	// And so do its single-grid exports: the PNG of puzzle 1's solution
	// inks each cell's middle as its picture's disc does, darker the
	// larger the disc; its SVG and PDF carry the pictures as images.
	m, err := book.ReadManifestFile(filepath.Join(res.Out, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	p1 := m.Puzzles[0]
	raw, err := os.ReadFile(filepath.Join(res.Out, p1.SolutionPNG))
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	side := img.Bounds().Dx()
	ink := map[byte]int{} // symbol -> inked pixels in its cell's middle
	for i := range 16 {
		cx, cy := (2*(i%4)+1)*side/8, (2*(i/4)+1)*side/8
		n := 0
		for y := cy - side/20; y < cy+side/20; y++ {
			for x := cx - side/20; x < cx+side/20; x++ {
				if gr, _, _, _ := img.At(x, y).RGBA(); gr < 0x8000 {
					n++
				}
			}
		}
		// Alike but for where the cell edges fall on the pixels.
		if old, ok := ink[p1.Solution[i]]; ok && (n < old*9/10 || n > old*11/10) {
			t.Errorf("symbol %c inks %d and %d pixels in two cells of the PNG, want its picture alike", p1.Solution[i], old, n)
		}
		ink[p1.Solution[i]] = n
	}
	if !(ink['1'] < ink['2'] && ink['2'] < ink['3'] && ink['3'] <= ink['4'] && ink['1'] > 0) {
		t.Errorf("the PNG's cells ink %v by symbol, want the discs' growing ink", ink)
	}
	svg, err := os.ReadFile(filepath.Join(res.Out, p1.SolutionSVG))
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(svg, []byte(`<image `)); n != 16 {
		t.Errorf("the solution's SVG holds %d images, want its 16 cells' pictures", n)
	}
	single, err := os.ReadFile(filepath.Join(res.Out, p1.SolutionPDF))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(single, []byte("/Subtype /Image")) {
		t.Error("the solution's single PDF holds no image")
	}
	for _, name := range []string{"valid PDF", "greyscale"} {
		if r, ok := res.Preflight.Rule(name); !ok || !r.Pass {
			t.Errorf("the book of pictures fails the preflight's %s: %+v", name, r)
		}
	}
}
