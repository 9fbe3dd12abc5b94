// Package ttfsubset cuts a TrueType font down to the glyphs a document
// shows, for embedding in a PDF.
//
// The glyphs keep their numbers: every glyph outside the subset stays in
// the index with an empty outline, so a PDF's CIDToGIDMap can name glyphs
// by their numbers in the original font and the advance widths (hmtx) stay
// as they were. An empty glyph costs four bytes of loca, so a Latin face
// of 2,000-odd glyphs shrinks from some 400 KB to the tables the PDF
// rasteriser needs (head, hhea, hmtx, maxp, loca, glyf, and the hinting
// tables cvt, fpgm and prep), its cmap and the outlines it shows.
//
// A composite glyph (an accented letter built from a base and an accent)
// brings its components into the subset with it, at any depth.
package ttfsubset

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"sort"
)

// ErrFont is wrapped by every error about a font that cannot be subset.
var ErrFont = errors.New("cannot subset font")

// kept are the tables a PDF's FontFile2 needs, and cmap, which the PDF
// does not use (its CIDToGIDMap names glyphs) but which keeps the subset a
// font that ordinary font readers open; others (name, OS/2, post, kern,
// GPOS...) are dropped, as the PDF carries the font's name and metrics in
// its own dictionaries.
var kept = map[string]bool{"head": true, "hhea": true, "hmtx": true, "maxp": true, "loca": true, "glyf": true, "cvt ": true, "fpgm": true, "prep": true, "cmap": true}

// table is one table of a font file: its tag and its bytes.
type table struct {
	tag  string
	data []byte
}

// tables reads a TrueType file's table directory.
func tables(ttf []byte) (map[string][]byte, error) {
	if len(ttf) < 12 {
		return nil, fmt.Errorf("%w: %d bytes is too short", ErrFont, len(ttf))
	}
	if v := binary.BigEndian.Uint32(ttf); v != 0x00010000 && v != 0x74727565 {
		return nil, fmt.Errorf("%w: version %#x is not TrueType outlines", ErrFont, v)
	}
	n := int(binary.BigEndian.Uint16(ttf[4:]))
	if len(ttf) < 12+16*n {
		return nil, fmt.Errorf("%w: table directory cut short", ErrFont)
	}
	out := make(map[string][]byte, n)
	for i := range n {
		rec := ttf[12+16*i:]
		tag := string(rec[:4])
		off, length := uint64(binary.BigEndian.Uint32(rec[8:])), uint64(binary.BigEndian.Uint32(rec[12:]))
		if off+length > uint64(len(ttf)) {
			return nil, fmt.Errorf("%w: table %q runs past the end of the file", ErrFont, tag)
		}
		out[tag] = ttf[off : off+length]
	}
	return out, nil
}

// font is a TrueType file's tables as Subset and Boxes read them, with
// the glyph offsets read and checked against glyf.
type font struct {
	t          map[string][]byte
	head, glyf []byte
	numGlyphs  int
	loca       []int
}

// parse reads and checks what the readers of this package need: the
// table directory, the tables named by need, head and maxp long enough,
// the units per em, and that each glyph's offsets lie inside glyf.
func parse(ttf []byte, need ...string) (*font, error) {
	t, err := tables(ttf)
	if err != nil {
		return nil, err
	}
	for _, tag := range need {
		if t[tag] == nil {
			return nil, fmt.Errorf("%w: no %s table", ErrFont, tag)
		}
	}
	head, maxp := t["head"], t["maxp"]
	if len(head) < 54 || len(maxp) < 6 {
		return nil, fmt.Errorf("%w: head or maxp cut short", ErrFont)
	}
	if upe := binary.BigEndian.Uint16(head[18:]); upe < 16 || upe > 16384 { // the range the TrueType spec allows
		return nil, fmt.Errorf("%w: %d units per em", ErrFont, upe)
	}
	f := &font{t: t, head: head, glyf: t["glyf"], numGlyphs: int(binary.BigEndian.Uint16(maxp[4:]))}
	f.loca, err = readLoca(t["loca"], f.numGlyphs, int16(binary.BigEndian.Uint16(head[50:])), len(f.glyf))
	if err != nil {
		return nil, err
	}
	return f, nil
}

// subsetNeeds are the tables Subset reads or copies whole.
var subsetNeeds = []string{"head", "hhea", "hmtx", "maxp", "loca", "glyf"}

// glyph is glyph g's bytes in glyf.
func (f *font) glyph(g int) []byte { return f.glyf[f.loca[g]:f.loca[g+1]] }

// Check reports, as an error wrapping ErrFont, what in ttf would make
// Subset or Boxes fail for some choice of glyphs: the tables parse reads,
// and the component records of every composite glyph. A font that passes
// can be cut down to any of its glyphs.
func Check(ttf []byte) error {
	f, err := parse(ttf, subsetNeeds...)
	if err != nil {
		return err
	}
	if len(f.t["hhea"]) < 36 { // a PDF's font descriptor reads its ascent and descent
		return fmt.Errorf("%w: hhea cut short", ErrFont)
	}
	for g := range f.numGlyphs {
		if _, err := components(f.glyph(g)); err != nil {
			return fmt.Errorf("%w: glyph %d: %w", ErrFont, g, err)
		}
	}
	return nil
}

// Subset returns a TrueType file holding the glyphs gids of ttf, the
// components of those that are composites, and glyph 0 (.notdef), every
// other glyph left empty. The same font and glyphs give the same bytes.
func Subset(ttf []byte, gids []uint16) ([]byte, error) {
	f, err := parse(ttf, subsetNeeds...)
	if err != nil {
		return nil, err
	}
	t, head, numGlyphs, glyph := f.t, f.head, f.numGlyphs, f.glyph

	// The closure of the wanted glyphs under "is a component of".
	want := make([]bool, numGlyphs)
	stack := []int{0}
	for _, g := range gids {
		stack = append(stack, int(g))
	}
	for len(stack) > 0 {
		g := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if g >= numGlyphs || want[g] {
			continue
		}
		want[g] = true
		comps, err := components(glyph(g))
		if err != nil {
			return nil, fmt.Errorf("%w: glyph %d: %w", ErrFont, g, err)
		}
		stack = append(stack, comps...)
	}

	// New glyf and a long-format loca: glyphs padded to four bytes, as
	// the long format allows any offset.
	var newGlyf []byte
	newLoca := make([]byte, 4*(numGlyphs+1))
	for g := range numGlyphs {
		binary.BigEndian.PutUint32(newLoca[4*g:], uint32(len(newGlyf)))
		if want[g] {
			newGlyf = append(newGlyf, glyph(g)...)
			for len(newGlyf)%4 != 0 {
				newGlyf = append(newGlyf, 0)
			}
		}
	}
	binary.BigEndian.PutUint32(newLoca[4*numGlyphs:], uint32(len(newGlyf)))

	newHead := slices.Clone(head)
	binary.BigEndian.PutUint32(newHead[8:], 0)  // checkSumAdjustment, set below
	binary.BigEndian.PutUint16(newHead[50:], 1) // indexToLocFormat: long

	var ts []table
	for tag, data := range t {
		if !kept[tag] {
			continue
		}
		switch tag {
		case "glyf":
			data = newGlyf
		case "loca":
			data = newLoca
		case "head":
			data = newHead
		}
		ts = append(ts, table{tag, data})
	}
	sort.Slice(ts, func(i, j int) bool { return ts[i].tag < ts[j].tag })
	return write(ts), nil
}

// readLoca reads the glyph offsets, short (offset/2 in 16 bits) or long.
func readLoca(loca []byte, numGlyphs int, format int16, glyfLen int) ([]int, error) {
	out := make([]int, numGlyphs+1)
	for i := range out {
		switch {
		case format == 0 && len(loca) >= 2*(i+1):
			out[i] = 2 * int(binary.BigEndian.Uint16(loca[2*i:]))
		case format == 1 && len(loca) >= 4*(i+1):
			out[i] = int(binary.BigEndian.Uint32(loca[4*i:]))
		default:
			return nil, fmt.Errorf("%w: loca table cut short or of unknown format %d", ErrFont, format)
		}
		if out[i] > glyfLen || (i > 0 && out[i] < out[i-1]) {
			return nil, fmt.Errorf("%w: glyph %d's offset %d is outside glyf", ErrFont, i, out[i])
		}
	}
	return out, nil
}

// Composite glyph flags (the glyf table's component records).
const (
	argsAreWords   = 0x0001
	haveScale      = 0x0008
	moreComponents = 0x0020
	haveXYScale    = 0x0040
	haveTwoByTwo   = 0x0080
)

// components lists the glyphs a composite glyph is made of; a simple or
// empty glyph has none.
func components(g []byte) ([]int, error) {
	if len(g) < 10 || int16(binary.BigEndian.Uint16(g)) >= 0 {
		return nil, nil
	}
	var out []int
	p := 10
	for {
		if p+4 > len(g) {
			return nil, errors.New("composite record cut short")
		}
		flags := binary.BigEndian.Uint16(g[p:])
		out = append(out, int(binary.BigEndian.Uint16(g[p+2:])))
		p += 4
		if flags&argsAreWords != 0 {
			p += 4
		} else {
			p += 2
		}
		switch {
		case flags&haveScale != 0:
			p += 2
		case flags&haveXYScale != 0:
			p += 4
		case flags&haveTwoByTwo != 0:
			p += 8
		}
		if flags&moreComponents == 0 {
			return out, nil
		}
	}
}

// write lays tables (sorted by tag) out as a TrueType file with its
// directory, checksums and head's checkSumAdjustment.
func write(ts []table) []byte {
	n := len(ts)
	entrySelector := 0
	for 1<<(entrySelector+1) <= n {
		entrySelector++
	}
	searchRange := 16 << entrySelector

	out := make([]byte, 12+16*n)
	binary.BigEndian.PutUint32(out, 0x00010000)
	binary.BigEndian.PutUint16(out[4:], uint16(n))
	binary.BigEndian.PutUint16(out[6:], uint16(searchRange))
	binary.BigEndian.PutUint16(out[8:], uint16(entrySelector))
	binary.BigEndian.PutUint16(out[10:], uint16(16*n-searchRange))
	headAt := -1
	for i, t := range ts {
		rec := out[12+16*i:]
		copy(rec, t.tag)
		binary.BigEndian.PutUint32(rec[4:], checksum(t.data))
		binary.BigEndian.PutUint32(rec[8:], uint32(len(out)))
		binary.BigEndian.PutUint32(rec[12:], uint32(len(t.data)))
		if t.tag == "head" {
			headAt = len(out)
		}
		out = append(out, t.data...)
		for len(out)%4 != 0 {
			out = append(out, 0)
		}
	}
	if headAt >= 0 {
		binary.BigEndian.PutUint32(out[headAt+8:], 0xB1B0AFBA-checksum(out))
	}
	return out
}

// checksum is the TrueType table checksum: the sum of big-endian 32-bit
// words, the last one padded with zeros.
func checksum(b []byte) uint32 {
	var sum uint32
	for i := 0; i < len(b); i += 4 {
		var w [4]byte
		copy(w[:], b[i:])
		sum += binary.BigEndian.Uint32(w[:])
	}
	return sum
}

// Table returns the bytes of one table of a TrueType font, or nil when the
// font has no such table.
func Table(ttf []byte, tag string) ([]byte, error) {
	t, err := tables(ttf)
	if err != nil {
		return nil, err
	}
	return t[tag], nil
}

// GlyphBox is a glyph's bounding box in font units, as its glyf header
// gives it; Ink is false for a glyph with no outline (a space, or one cut
// from a subset).
type GlyphBox struct {
	X0, Y0, X1, Y1 int16
	Ink            bool
}

// Boxes reads the bounding box of every glyph of ttf, by glyph index, and
// the font's units per em. A PDF reader measuring where text's ink falls
// needs these, not the font-wide ascent and descent, which leave room for
// accents a line may not have. The box is the glyf header's, the one the
// font was made with: for a simple glyph it is the box golang/freetype
// loads unhinted, which the layout places text by; for a composite it may
// be a few units larger (TestBoxes says why).
func Boxes(ttf []byte) (unitsPerEm int, boxes []GlyphBox, err error) {
	f, err := parse(ttf, "head", "maxp", "loca", "glyf")
	if err != nil {
		return 0, nil, err
	}
	boxes = make([]GlyphBox, f.numGlyphs)
	for g := range boxes {
		b := f.glyph(g)
		if len(b) < 10 || binary.BigEndian.Uint16(b) == 0 {
			continue // no outline: no ink
		}
		v := func(at int) int16 { return int16(binary.BigEndian.Uint16(b[at:])) }
		boxes[g] = GlyphBox{X0: v(2), Y0: v(4), X1: v(6), Y1: v(8), Ink: true}
	}
	return int(binary.BigEndian.Uint16(f.head[18:])), boxes, nil
}
