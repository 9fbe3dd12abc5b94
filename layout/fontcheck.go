package layout

import (
	"encoding/binary"
	"fmt"
	"io"
	"strings"

	"codeberg.org/go-pdf/fpdf"
	"github.com/golang/freetype/truetype"
	"github.com/sudokubook/sudokubook/internal/ttfsubset"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// maxGlyphEm bounds how far a glyph's outline and advance may reach from
// its origin, and the font's box, in em. The widest of Debian's TrueType
// fonts (DejaVu Math) reaches 3.6 em; a glyph or box past 8 em is damage,
// and the PNG raster would allocate its mask from it (a 1200 dpi cell's
// digit is some 200 pixels to the em).
const maxGlyphEm = 8

// checkFont refuses a font that one of the three readers of a user's
// font would fail on or draw wrongly, before any work: the subsetter of
// the book's PDF (internal/ttfsubset), golang/freetype, which measures
// the text and rasterises the PNGs, and fpdf, which sets the cover and
// the single-grid PDFs. Every glyph of the font is loaded by the first
// two; fpdf's reader is tried by tryEmbed and by CheckText with the
// characters a book may show.
func checkFont(ttf []byte) error {
	if err := ttfsubset.Check(ttf); err != nil {
		return err
	}
	if err := checkOutlines(ttf); err != nil {
		return err
	}
	return fpdfFits(ttf)
}

// fpdfFits checks the fields fpdf's font reader gives up on, which it
// reports by printing to the process's standard output rather than by an
// error: a name table of format 0 with whole UTF-16 names, the glyph and
// metric data formats 0, some horizontal metrics, and a Unicode cmap of
// format 4. ttfsubset.Check has checked the tables lie in the file.
func fpdfFits(ttf []byte) error {
	t := func(tag string) []byte { b, _ := ttfsubset.Table(ttf, tag); return b }
	u16 := func(b []byte, at int) int {
		if at+2 > len(b) {
			return -1
		}
		return int(binary.BigEndian.Uint16(b[at:]))
	}
	head, hhea, name, cmap := t("head"), t("hhea"), t("name"), t("cmap")
	switch {
	case u16(head, 52) != 0:
		return fmt.Errorf("glyph data format %d, want 0", u16(head, 52))
	case u16(hhea, 32) != 0 || u16(hhea, 34) < 1:
		return fmt.Errorf("horizontal metrics of format %d, %d of them", u16(hhea, 32), u16(hhea, 34))
	case u16(name, 0) != 0:
		return fmt.Errorf("a name table of format %d, want 0", u16(name, 0))
	}
	for i := range max(0, u16(name, 2)) {
		rec := 6 + 12*i
		if u16(name, rec+10) < 0 {
			return fmt.Errorf("name table cut short")
		}
		if u16(name, rec) == 3 && u16(name, rec+2) == 1 && u16(name, rec+4) == 0x409 && u16(name, rec+8)%2 != 0 {
			return fmt.Errorf("a name of %d bytes, which is not UTF-16", u16(name, rec+8))
		}
	}
	for i := range max(0, u16(cmap, 2)) {
		rec := 4 + 8*i
		if len(cmap) < rec+8 {
			break
		}
		platform, encoding, at := u16(cmap, rec), u16(cmap, rec+2), int(binary.BigEndian.Uint32(cmap[rec+4:]))
		if (platform == 3 && encoding == 1 || platform == 0) && u16(cmap, at) == 4 {
			return nil
		}
	}
	return fmt.Errorf("no Unicode character map of format 4")
}

// embeddable refuses a font whose OS/2 table says its licence forbids
// embedding it (fsType: restricted, no subsetting, or bitmaps only): a
// book must embed its fonts, subset.
func embeddable(ttf []byte) error {
	os2, _ := ttfsubset.Table(ttf, "OS/2")
	if len(os2) < 10 {
		return nil
	}
	if fs := binary.BigEndian.Uint16(os2[8:]); fs&0x000f == 0x0002 || fs&0x0300 != 0 {
		return fmt.Errorf("its licence does not allow embedding it, subset, in a PDF (OS/2 fsType %#04x)", fs)
	}
	return nil
}

// checkOutlines loads every glyph of ttf as the PNG raster loads it
// (golang/freetype, unhinted) and looks up every character of the Basic
// Multilingual Plane, the only ones a spec may print. The parser does not
// check its indexes against its tables: a damaged glyph or cmap makes it
// panic, and the panic is the answer here, turned into an error at this,
// the parser's boundary.
func checkOutlines(ttf []byte) (err error) {
	where := "the font's tables"
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%s: %v", where, r)
		}
	}()
	tt, err := truetype.Parse(ttf)
	if err != nil {
		return err
	}
	maxp, err := ttfsubset.Table(ttf, "maxp")
	if err != nil {
		return err
	}
	numGlyphs := int(binary.BigEndian.Uint16(maxp[4:])) // ttfsubset.Check read it
	upe := fixed.Int26_6(tt.FUnitsPerEm())
	far := func(vs ...fixed.Int26_6) bool {
		for _, v := range vs {
			if v < -maxGlyphEm*upe || v > maxGlyphEm*upe {
				return true
			}
		}
		return false
	}
	// At a scale of the units per em, freetype's 26.6 values are font units.
	if b := tt.Bounds(upe); b.Min.X > b.Max.X || b.Min.Y > b.Max.Y || far(b.Min.X, b.Min.Y, b.Max.X, b.Max.Y) {
		return fmt.Errorf("the font's box %v is not a box of at most %d em", b, maxGlyphEm)
	}
	for r := range rune(0x10000) {
		where = fmt.Sprintf("character U+%04X", r)
		if g := tt.Index(r); int(g) >= numGlyphs {
			return fmt.Errorf("%s is glyph %d of a font of %d glyphs", where, g, numGlyphs)
		}
	}
	var gb truetype.GlyphBuf
	for g := range numGlyphs {
		where = fmt.Sprintf("glyph %d", g)
		if err := gb.Load(tt, upe, truetype.Index(g), font.HintingNone); err != nil {
			return fmt.Errorf("%s: %v", where, err)
		}
		if b := gb.Bounds; far(b.Min.X, b.Min.Y, b.Max.X, b.Max.Y, gb.AdvanceWidth) {
			return fmt.Errorf("%s reaches more than %d em from its origin", where, maxGlyphEm)
		}
	}
	return nil
}

// tryEmbed sets a line in f in a scratch PDF, so a font the PDF writer
// cannot read fails here, before any work, and not after generation.
func tryEmbed(f Font) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	pdf := newPDF(100, 100, 2000, false)
	pdf.AddPage()
	c := newPDFCanvas(pdf)
	c.Text(10, 50, "0123456789", f, 10, Black, AlignLeft)
	return pdf.Output(io.Discard)
}

// tryCut cuts f down to the characters of shown as fpdf does when it
// writes a cover or a single-grid PDF: its reader follows the glyphs it
// is asked for, and a damaged one makes it panic, which is the answer
// here, at this boundary of the parser.
func tryCut(f Font, shown string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	if fpdf.UTF8CutFont(f.ttf, shown) == nil {
		return fmt.Errorf("no character map it can read")
	}
	return nil
}

// fpdfShown is what fpdf may set besides a spec's texts: the digits and
// letters of grids and cage sums, page and puzzle numbers, and the
// ellipsis of a shortened line.
var fpdfShown = func() string {
	var b strings.Builder
	for r := rune(0x20); r < 0x7f; r++ {
		b.WriteRune(r)
	}
	return b.String() + "…"
}()
