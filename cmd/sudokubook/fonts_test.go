package main

import (
	"bytes"
	bin "encoding/binary"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-fonts/liberation/liberationserifregular"
	"github.com/golang/freetype/truetype"
)

// fontTable is where table tag of ttf lies: its offset and length, and
// the offset of its directory record.
func fontTable(t *testing.T, ttf []byte, tag string) (off, n, rec int) {
	t.Helper()
	for i := range int(bin.BigEndian.Uint16(ttf[4:])) {
		rec := 12 + 16*i
		if string(ttf[rec:rec+4]) == tag {
			return int(bin.BigEndian.Uint32(ttf[rec+8:])), int(bin.BigEndian.Uint32(ttf[rec+12:])), rec
		}
	}
	t.Fatalf("no %s table", tag)
	return 0, 0, 0
}

// damagedFonts are Liberation Serif with the damage a copy, a download or
// a hostile file can carry, each of which a reader of fonts in this
// program once panicked on or misread after the book was generated.
func damagedFonts(t *testing.T) map[string][]byte {
	t.Helper()
	orig := liberationserifregular.TTF
	tt, err := truetype.Parse(orig)
	if err != nil {
		t.Fatal(err)
	}
	edit := func(f func(b []byte)) []byte {
		b := bytes.Clone(orig)
		f(b)
		return b
	}
	head, _, _ := fontTable(t, orig, "head")
	loca, _, _ := fontTable(t, orig, "loca") // long offsets in Liberation
	glyf, glyfLen, glyfRec := fontTable(t, orig, "glyf")
	one := int(tt.Index('1'))
	return map[string][]byte{
		// The digit 1's outline ends past glyf: the outline reader
		// slices past its table.
		"loca past glyf": edit(func(b []byte) { bin.BigEndian.PutUint32(b[loca+4*(one+1):], uint32(glyfLen+4000)) }),
		// A font box with its left edge right of its right edge: the
		// PNG raster sizes its masks from it.
		"box inverted": edit(func(b []byte) {
			bin.BigEndian.PutUint16(b[head+36:], 1000)
			bin.BigEndian.PutUint16(b[head+40:], 0xfc18) // -1000
		}),
		// 16 units to the em, the least TrueType allows: every glyph is
		// some 100 em tall.
		"units per em 16": edit(func(b []byte) { bin.BigEndian.PutUint16(b[head+18:], 16) }),
		// Seeded byte flips in the glyph offsets.
		"loca flips": edit(func(b []byte) {
			rng := rand.New(rand.NewSource(53))
			for range 22 {
				b[loca+rng.Intn(4*(int(tt.Index('z'))+1))] ^= byte(1 << rng.Intn(8))
			}
		}),
		"cut in glyf":    orig[:glyf+glyfLen/2],
		"glyf past 4 GB": edit(func(b []byte) { bin.BigEndian.PutUint32(b[glyfRec+8:], 0xffffff00) }),
	}
}

// TestDamagedFontsRefused: a damaged TrueType font named as the text and
// digit fonts of a book that writes a cover, PNGs and single PDFs is
// refused before any work, exit 2, naming the field and the file, and no
// output folder is made.
func TestDamagedFontsRefused(t *testing.T) {
	dir := t.TempDir()
	for name, ttf := range damagedFonts(t) {
		t.Run(name, func(t *testing.T) {
			file := strings.ReplaceAll(name, " ", "-") + ".ttf"
			if err := os.WriteFile(filepath.Join(dir, file), ttf, 0o644); err != nil {
				t.Fatal(err)
			}
			spec := writeSpec(t, dir, file+".yaml", seriesSpec("Damaged", "seed: 5\nfonts: {text: "+file+", digits: "+file+"}\n"+
				"cover: {badge: NEW}\npng: {puzzles: true, solutions: true, pdf_singles: true, dpi: 600}\n"))
			out := filepath.Join(dir, "out-"+file)
			_, stderr, code := runCmd(t, "", "build", spec, "-o", out, "--quiet")
			if want := `fonts.text: "` + file + `" is not a font this program can read (`; code != 2 || !strings.Contains(stderr, want) {
				t.Errorf("exit %d, want 2 with %q: %s", code, want, stderr)
			}
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Errorf("the output folder was made")
			}
		})
	}
}
