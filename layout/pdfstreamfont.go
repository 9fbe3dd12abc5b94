package layout

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokubook/sudokubook/internal/ttfsubset"
	"golang.org/x/image/math/fixed"
)

// streamFont is a face as pdfStream embeds it: a composite (Type0) font
// whose two-byte codes are the characters' Unicode values (Identity-H),
// with a CIDToGIDMap from each code to the glyph of the original font and
// the font file cut down to the glyphs shown (internal/ttfsubset). Only
// the set of characters shown is kept while the pages are written.
type streamFont struct {
	m        *metrics
	obj      int    // the Type0 font, numbered on first use
	resource string // its name in the pages' resources, /F1...
	used     map[rune]bool
}

// fontFor is f's font in this document, numbered on first use.
func (s *pdfStream) fontFor(f Font) *streamFont {
	if sf := s.byMetrics[f.metrics]; sf != nil {
		return sf
	}
	sf := &streamFont{m: f.metrics, obj: s.newObj(), resource: "/F" + strconv.Itoa(len(s.fonts)+1), used: map[rune]bool{}}
	s.fonts = append(s.fonts, sf)
	s.byMetrics[f.metrics] = sf
	return sf
}

// putFont writes f's objects: the Type0 font numbered on first use, then
// its descendant CIDFontType2 font, descriptor, glyph map, font file and
// ToUnicode map.
func (s *pdfStream) putFont(f *streamFont) error {
	m := f.m
	runes := make([]rune, 0, len(f.used))
	for r := range f.used {
		runes = append(runes, r)
	}
	slices.Sort(runes)
	gids := make([]uint16, len(runes))
	for i, r := range runes {
		gids[i] = uint16(m.tt.Index(r))
	}
	file, err := ttfsubset.Subset(m.ttf, gids)
	if err != nil {
		return fmt.Errorf("embedding %s: %w", m.name, err)
	}
	d, err := describe(m)
	if err != nil {
		return fmt.Errorf("embedding %s: %w", m.name, err)
	}
	name := "/" + subsetTag(f.obj) + "+" + pdfName(m.name)

	cid, desc, gidMap, fontFile, toUni := s.newObj(), s.newObj(), s.newObj(), s.newObj(), s.newObj()
	s.putObj(f.obj, "<</Type /Font\n/Subtype /Type0\n/BaseFont "+name+"\n/Encoding /Identity-H\n/DescendantFonts ["+ref(cid)+"]\n/ToUnicode "+ref(toUni)+">>")

	// Widths in thousandths of an em, runs of consecutive codes together:
	// the same advances the layout measured the text with.
	var w strings.Builder
	for i := 0; i < len(runes); {
		j := i + 1
		for j < len(runes) && runes[j] == runes[j-1]+1 {
			j++
		}
		w.WriteString(strconv.Itoa(int(runes[i])) + " [")
		for k := i; k < j; k++ {
			if k > i {
				w.WriteByte(' ')
			}
			w.WriteString(strconv.Itoa(int(math.Round(m.runeAdvance(runes[k]) * 1000))))
		}
		w.WriteString("]\n")
		i = j
	}
	s.putObj(cid, "<</Type /Font\n/Subtype /CIDFontType2\n/BaseFont "+name+
		"\n/CIDSystemInfo <</Registry (Adobe) /Ordering (Identity) /Supplement 0>>\n/FontDescriptor "+ref(desc)+
		"\n/W ["+w.String()+"]\n/CIDToGIDMap "+ref(gidMap)+">>")

	s.putObj(desc, fmt.Sprintf("<</Type /FontDescriptor\n/FontName %s\n/Flags %d\n/FontBBox [%d %d %d %d]\n/ItalicAngle %s\n/Ascent %d\n/Descent %d\n/CapHeight %d\n/StemV %d\n/FontFile2 %s>>",
		name, d.flags, d.bbox[0], d.bbox[1], d.bbox[2], d.bbox[3], strconv.FormatFloat(d.italic, 'f', -1, 64), d.ascent, d.descent, d.capHeight, d.stemV, ref(fontFile)))

	var gm []byte
	if len(runes) > 0 {
		gm = make([]byte, 2*(int(runes[len(runes)-1])+1))
	}
	for i, r := range runes {
		binary.BigEndian.PutUint16(gm[2*int(r):], gids[i])
	}
	s.putStream(gidMap, "", gm)
	s.putStream(fontFile, "/Length1 "+strconv.Itoa(len(file))+" ", file)
	s.putStream(toUni, "", toUnicode(runes))
	return nil
}

// fontDesc is what a PDF's font descriptor says of a face, in thousandths
// of an em.
type fontDesc struct {
	flags                      int
	bbox                       [4]int
	italic                     float64 // degrees, counter-clockwise from vertical
	ascent, descent, capHeight int
	stemV                      int
}

// describe reads a face's descriptor values from its tables: the bounding
// box of all its glyphs, the ascent and descent of hhea, the italic angle
// of post and a stem width estimated from the OS/2 weight class (the font
// file has no stem width; readers use it only to fake the face when they
// cannot read the embedded one).
func describe(m *metrics) (fontDesc, error) {
	k := 1000 / m.upe
	em := func(v float64) int { return int(math.Round(v * k)) }
	b := m.tt.Bounds(fixed.Int26_6(m.tt.FUnitsPerEm()))
	d := fontDesc{
		flags:     4, // symbolic: the codes are not a standard encoding
		bbox:      [4]int{em(float64(b.Min.X)), em(float64(b.Min.Y)), em(float64(b.Max.X)), em(float64(b.Max.Y))},
		capHeight: int(math.Round(m.capTop * 1000)),
		stemV:     80,
	}
	hhea, err := ttfsubset.Table(m.ttf, "hhea")
	if err != nil {
		return d, err
	}
	if len(hhea) < 8 {
		return d, fmt.Errorf("%w: no hhea table", ttfsubset.ErrFont)
	}
	d.ascent = em(float64(int16(binary.BigEndian.Uint16(hhea[4:]))))
	d.descent = em(float64(int16(binary.BigEndian.Uint16(hhea[6:]))))
	if post, _ := ttfsubset.Table(m.ttf, "post"); len(post) >= 8 {
		d.italic = float64(int32(binary.BigEndian.Uint32(post[4:]))) / 65536
		if d.italic != 0 {
			d.flags |= 64
		}
	}
	if os2, _ := ttfsubset.Table(m.ttf, "OS/2"); len(os2) >= 6 {
		weight := float64(binary.BigEndian.Uint16(os2[4:]))
		d.stemV = 50 + int(math.Round(weight*weight/(65*65)))
	}
	return d, nil
}

// toUnicode is the CMap that gives each code shown its character, so text
// copied or searched in the PDF reads as it was set.
func toUnicode(runes []rune) []byte {
	var b bytes.Buffer
	b.WriteString("/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n" +
		"/CIDSystemInfo <</Registry (Adobe) /Ordering (UCS) /Supplement 0>> def\n" +
		"/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n" +
		"1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n")
	for len(runes) > 0 {
		n := min(len(runes), 100) // a bfchar block holds at most 100 entries
		fmt.Fprintf(&b, "%d beginbfchar\n", n)
		for _, r := range runes[:n] {
			fmt.Fprintf(&b, "<%04X> <%04X>\n", r, r)
		}
		b.WriteString("endbfchar\n")
		runes = runes[n:]
	}
	b.WriteString("endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n")
	return b.Bytes()
}

// subsetTag is the six capital letters a subset font's name starts with,
// made from the font's object number, so one book always gives the same
// names and two faces of a document never share one.
func subsetTag(obj int) string {
	t := []byte("SBAAAA")
	for i, v := 5, obj; i >= 2 && v > 0; i, v = i-1, v/26 {
		t[i] = byte('A' + v%26)
	}
	return string(t)
}

// pdfName keeps the letters, digits and hyphens of a face's name, which
// are safe in a PDF name as they are.
func pdfName(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	if b.Len() == 0 {
		return "Font"
	}
	return b.String()
}
