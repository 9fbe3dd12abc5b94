package layout

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-fonts/liberation/liberationserifregular"
	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/internal/ttfsubset"
	"golang.org/x/image/math/fixed"
)

// damage returns Liberation Serif with case i's damage, seeded by i: bits
// flipped in one table, bytes set to 0xff, the file cut inside a table,
// or a table's offset or length in the directory replaced.
func damage(i int) (desc string, ttf []byte) {
	orig := liberationserifregular.TTF
	type span struct{ rec, off, n int }
	tables := map[string]span{}
	for k := range int(binary.BigEndian.Uint16(orig[4:])) {
		rec := 12 + 16*k
		tables[string(orig[rec:rec+4])] = span{rec, int(binary.BigEndian.Uint32(orig[rec+8:])), int(binary.BigEndian.Uint32(orig[rec+12:]))}
	}
	tags := []string{"glyf", "loca", "cmap", "head", "hhea", "hmtx", "maxp", "post", "OS/2", "name", "cvt ", "fpgm", "prep"}
	rng := rand.New(rand.NewSource(int64(i)))
	b := bytes.Clone(orig)
	tag := tags[i%len(tags)]
	tb := tables[tag]
	switch kind := (i / len(tags)) % 5; kind {
	case 0, 1, 2:
		flips := 1 + rng.Intn(30)
		for range flips {
			p := tb.off + rng.Intn(tb.n)
			if kind == 2 {
				b[p] = 0xff
			} else {
				b[p] ^= byte(1 << rng.Intn(8))
			}
		}
		return fmt.Sprintf("%d bytes of %s changed (%d)", flips, tag, kind), b
	case 3:
		cut := tb.off + rng.Intn(tb.n+1)
		return fmt.Sprintf("cut at %d, in %s", cut, tag), b[:cut]
	default:
		at := tb.rec + 8 + 4*rng.Intn(2)
		binary.BigEndian.PutUint32(b[at:], rng.Uint32())
		return fmt.Sprintf("%s's directory record changed", tag), b
	}
}

// TestDamagedFontsSweep: Liberation Serif damaged 65 ways, as the text
// and digit fonts, is either refused by CheckText as a spec error or
// sets a whole book, its cover, a PNG and a single-grid PDF without an
// error, a panic or a word printed to standard output (fpdf's font reader
// prints what it gives up on).
func TestDamagedFontsSweep(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	dir := t.TempDir()
	refused := 0
	stdout := os.Stdout
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	printed := make(chan []byte)
	go func() { b, _ := io.ReadAll(r); printed <- b }()
	os.Stdout = w
	defer func() { os.Stdout = stdout }()
	for i := range 65 {
		desc, ttf := damage(i)
		path := filepath.Join(dir, fmt.Sprintf("f%d.ttf", i))
		if err := os.WriteFile(path, ttf, 0o644); err != nil {
			t.Fatal(err)
		}
		s := testSpec()
		s.Fonts = book.FontFiles{Text: path, Digits: path}
		s.PNG = book.PNGSpec{Size: 144, DPI: 600}
		s.Cover = &book.CoverSpec{Badge: "NEW"}
		if err := CheckText(s); err != nil {
			if !errors.Is(err, book.ErrSpec) {
				t.Errorf("case %d (%s): refused with %v, want a spec error (exit 2)", i, desc, err)
			}
			refused++
			continue
		}
		givens, solution := fixturePuzzle(1)
		var png, single bytes.Buffer
		if err := RenderSpecPNG(&png, s, ClassicFigure(givens, solution), true); err != nil {
			t.Errorf("case %d (%s): PNG: %v", i, desc, err)
		}
		if err := RenderSpecSinglePDF(&single, s, ClassicFigure(givens, solution), true, 2026); err != nil {
			t.Errorf("case %d (%s): single PDF: %v", i, desc, err)
		}
		b := testBook(s, 1)
		if _, err := RenderBook(b, testOptions); err != nil {
			t.Errorf("case %d (%s): book: %v", i, desc, err)
		}
		if _, err := RenderCover(b, 40, testOptions); err != nil {
			t.Errorf("case %d (%s): cover: %v", i, desc, err)
		}
	}
	w.Close()
	os.Stdout = stdout
	if out := <-printed; len(out) > 0 {
		t.Errorf("the font readers printed to standard output:\n%s", out)
	}
	if refused < 15 || refused > 55 {
		t.Errorf("%d of 65 damaged fonts refused: the damage is not what this test means", refused)
	}
}

// FuzzCheckFont: a font checkFont passes can be measured, rasterised,
// subset and cut by fpdf for the characters a book shows without a
// panic or an error.
func FuzzCheckFont(f *testing.F) {
	for _, i := range []int{0, 1, 27, 29, 53} {
		_, ttf := damage(i)
		f.Add(ttf)
	}
	f.Add(liberationserifregular.TTF)
	f.Fuzz(func(t *testing.T, ttf []byte) {
		if checkFont(ttf) != nil || embeddable(ttf) != nil {
			return
		}
		face, err := parseFace("Fuzz", ttf)
		if err != nil {
			t.Fatalf("checkFont passed a font parseFace refuses: %v", err)
		}
		const shown = "0123456789 AMPZ amz Éé…"
		var gids []uint16
		for _, r := range shown {
			face.glyph(200, r, fixed.Point26_6{X: 17, Y: 33})
			gids = append(gids, uint16(face.tt.Index(r)))
		}
		if _, err := ttfsubset.Subset(ttf, gids); err != nil {
			t.Fatalf("checkFont passed a font Subset refuses: %v", err)
		}
		if _, err := describe(face.metrics); err != nil {
			t.Fatalf("checkFont passed a font describe refuses: %v", err)
		}
		if err := tryCut(face, shown); err != nil {
			t.Fatalf("checkFont passed a font fpdf cannot cut: %v", err)
		}
	})
}
