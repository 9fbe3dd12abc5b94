package layout

import (
	"bufio"
	"bytes"
	"compress/zlib"
	"fmt"
	"io"
	"math"
	"strconv"
	"time"
	"unicode/utf16"
)

// pdfStream writes a book's interior PDF as it is drawn: when a page ends,
// its content stream is compressed and written out with its page object,
// and nothing of it stays in memory but two offsets. The fonts, the page
// tree, the catalog and the cross-reference table come last, at Close.
// fpdf, which draws the cover and the single grids, holds every page until
// its Output; a 5,000-puzzle book then peaked at 234 MB, growing 42 KB a
// puzzle.
//
// It implements canvas with the operators fpdf writes for the same calls
// (the same number formats, each text as one "BT x y Td (...) Tj ET"
// after a "BT /Fn size Tf ET" that chooses its face, UTF-16BE strings), so
// internal/pdftest and the preflight read it as they read fpdf's pages.
// Errors are sticky, as in fpdf: the first one stops all writing and Close
// returns it.
type pdfStream struct {
	w    *bufio.Writer
	at   int64   // bytes written so far
	offs []int64 // offs[n-1] is where object n starts; 0 until it is written
	err  error

	info      docInfo
	pagesObj  int // the page tree, written at Close
	fontsObj  int // the one resource dictionary every page shares
	pageObjs  []int
	fonts     []*streamFont // in order of first use
	images    []int         // the object of each picture drawn, 0 until its first use
	byMetrics map[*metrics]*streamFont

	// The page being drawn.
	open                 bool
	pageH                float64
	pageObj, contentsObj int
	pageDict             string // its page object, written after its content
	content              bytes.Buffer
	packed               bytes.Buffer
	zw                   *zlib.Writer
	packs                bool // compress content streams (off for reading by eye)

	// Graphics state set on the page so far, to skip repeated operators.
	width        float64
	stroke, fill Grey
	font         *streamFont
	size         float64
	saved        savedState // the state at a Turn, which its Unturn restores
}

// docInfo is what a PDF says about itself: its document information and
// its language.
type docInfo struct {
	title, author, creator, lang string
	when                         time.Time // creation and modification date
}

// newPDFStream starts a PDF on w. Objects 1 and 2, the page tree and the
// shared resources, are numbered now and written at Close, so each page
// can name them as it is written.
func newPDFStream(w io.Writer, info docInfo, compress bool) *pdfStream {
	s := &pdfStream{w: bufio.NewWriterSize(w, 64<<10), info: info, packs: compress, byMetrics: map[*metrics]*streamFont{}}
	s.pagesObj, s.fontsObj = s.newObj(), s.newObj()
	s.zw = zlib.NewWriter(&s.packed)
	// The binary comment tells transfer programs the file is not text.
	s.puts("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	return s
}

func (s *pdfStream) puts(str string) {
	if s.err != nil {
		return
	}
	n, err := s.w.WriteString(str)
	s.at += int64(n)
	s.err = err
}

func (s *pdfStream) write(b []byte) {
	if s.err != nil {
		return
	}
	n, err := s.w.Write(b)
	s.at += int64(n)
	s.err = err
}

// newObj numbers an object to be written later.
func (s *pdfStream) newObj() int {
	s.offs = append(s.offs, 0)
	return len(s.offs)
}

// beginObj starts writing object n, recording where it starts.
func (s *pdfStream) beginObj(n int) {
	s.offs[n-1] = s.at
	s.puts(strconv.Itoa(n) + " 0 obj\n")
}

// putObj writes object n whole: a dictionary or other direct value.
func (s *pdfStream) putObj(n int, body string) {
	s.beginObj(n)
	s.puts(body)
	s.puts("\nendobj\n")
}

// putStream writes object n as a stream with the extra dictionary entries
// dict, compressed when the document is.
func (s *pdfStream) putStream(n int, dict string, data []byte) {
	if s.packs {
		s.packed.Reset()
		s.zw.Reset(&s.packed)
		s.zw.Write(data)
		if err := s.zw.Close(); err != nil && s.err == nil {
			s.err = err
		}
		data = s.packed.Bytes()
		dict += "/Filter /FlateDecode "
	}
	s.beginObj(n)
	s.puts("<<" + dict + "/Length " + strconv.Itoa(len(data)) + ">>\nstream\n")
	s.write(data)
	s.puts("\nendstream\nendobj\n")
}

// BeginPage starts a page of w by h points whose TrimBox is trim (in the
// layout's coordinates, y down from the top of the medium).
func (s *pdfStream) BeginPage(w, h float64, trim rect) {
	s.endPage()
	s.open, s.pageH = true, h
	s.content.Reset()
	// A page starts from the default graphics state: black, 1pt lines,
	// no font. Square caps close the corners of grids; mitred joins.
	s.width, s.stroke, s.fill, s.font, s.size = 1, Black, Black, nil, 0
	s.content.WriteString("2 J\n0 j\n")
	page, contents := s.newObj(), s.newObj()
	s.pageObjs = append(s.pageObjs, page)
	s.pageDict = "<</Type /Page\n/Parent " + ref(s.pagesObj) +
		"\n/MediaBox [0 0 " + num(w) + " " + num(h) + "]" +
		"\n/TrimBox [" + num(trim.X) + " " + num(h-trim.bottom()) + " " + num(trim.right()) + " " + num(h-trim.Y) + "]" +
		"\n/Resources " + ref(s.fontsObj) + "\n/Contents " + ref(contents) + ">>"
	s.pageObj, s.contentsObj = page, contents
}

// endPage writes the open page, if any: its content stream, then its page
// object.
func (s *pdfStream) endPage() {
	if !s.open {
		return
	}
	s.open = false
	s.putStream(s.contentsObj, "", s.content.Bytes())
	s.putObj(s.pageObj, s.pageDict)
}

func (s *pdfStream) op(parts ...string) {
	for i, p := range parts {
		if i > 0 {
			s.content.WriteByte(' ')
		}
		s.content.WriteString(p)
	}
	s.content.WriteByte('\n')
}

func (s *pdfStream) Line(x1, y1, x2, y2, width float64, g Grey) {
	s.setStroke(width, g)
	s.op(num(x1), num(s.pageH-y1), "m", num(x2), num(s.pageH-y2), "l S")
}

func (s *pdfStream) Rect(x, y, w, h float64, g Grey) {
	s.setFill(g)
	s.op(num(x), num(s.pageH-y), num(w), num(-h), "re f")
}

func (s *pdfStream) setStroke(width float64, g Grey) {
	if width != s.width {
		s.op(num(width), "w")
		s.width = width
	}
	if g != s.stroke {
		s.op(grey(g), "G")
		s.stroke = g
	}
}

func (s *pdfStream) setFill(g Grey) {
	if g != s.fill {
		s.op(grey(g), "g")
		s.fill = g
	}
}

func (s *pdfStream) Text(x, y float64, str string, f Font, size float64, g Grey, a Align) {
	if str == "" {
		return
	}
	sf := s.fontFor(f)
	if sf != s.font || size != s.size {
		s.op("BT", sf.resource, num(size), "Tf ET")
		s.font, s.size = sf, size
	}
	s.setFill(g)
	var lit []byte
	for _, r := range str {
		if r > 0xFFFF {
			// Identity-H codes are two bytes: a character beyond the Basic
			// Multilingual Plane has no code.
			if s.err == nil {
				s.err = fmt.Errorf("%w: %q: the character %U cannot be set", ErrBook, str, r)
			}
			return
		}
		sf.used[r] = true
		lit = escapeUTF16(lit, r)
	}
	s.op("BT", num(alignX(x, str, f, size, a)), num(s.pageH-y), "Td ("+string(lit)+") Tj ET")
}

// escapeUTF16 appends r as a two-byte code to a PDF literal string,
// escaping the bytes a literal cannot hold as they are.
func escapeUTF16(lit []byte, r rune) []byte {
	for _, b := range [2]byte{byte(r >> 8), byte(r)} {
		switch b {
		case '\\', '(', ')':
			lit = append(lit, '\\', b)
		case '\r':
			lit = append(lit, '\\', 'r')
		default:
			lit = append(lit, b)
		}
	}
	return lit
}

// Close ends the last page and writes the fonts, the page tree, the
// resources, the document information, the catalog and the
// cross-reference table, then flushes. It returns the first error met
// while writing.
func (s *pdfStream) Close() error {
	s.endPage()
	var fontRefs bytes.Buffer
	for _, f := range s.fonts {
		if err := s.putFont(f); err != nil && s.err == nil {
			s.err = err
		}
		fontRefs.WriteString(f.resource + " " + ref(f.obj) + "\n")
	}
	var images bytes.Buffer
	for k, obj := range s.images {
		if obj != 0 {
			images.WriteString("/Im" + strconv.Itoa(k+1) + " " + ref(obj) + "\n")
		}
	}
	if images.Len() > 0 {
		s.putObj(s.fontsObj, "<</ProcSet [/PDF /Text /ImageB]\n/Font <<\n"+fontRefs.String()+">>\n/XObject <<\n"+images.String()+">>\n>>")
	} else {
		s.putObj(s.fontsObj, "<</ProcSet [/PDF /Text]\n/Font <<\n"+fontRefs.String()+">>\n>>")
	}
	var kids bytes.Buffer
	for _, p := range s.pageObjs {
		kids.WriteString(ref(p) + " ")
	}
	s.putObj(s.pagesObj, "<</Type /Pages\n/Kids ["+kids.String()+"]\n/Count "+strconv.Itoa(len(s.pageObjs))+">>")

	infoObj := s.newObj()
	var info bytes.Buffer
	info.WriteString("<<")
	for _, e := range [][2]string{{"Title", s.info.title}, {"Author", s.info.author}, {"Creator", s.info.creator}} {
		if e[1] != "" {
			info.WriteString("/" + e[0] + " " + textString(e[1]) + "\n")
		}
	}
	date := textString("D:" + s.info.when.Format("20060102150405"))
	info.WriteString("/CreationDate " + date + "\n/ModDate " + date + ">>")
	s.putObj(infoObj, info.String())

	catalog := s.newObj()
	cat := "<</Type /Catalog\n/Pages " + ref(s.pagesObj)
	if s.info.lang != "" {
		cat += "\n/Lang " + textString(s.info.lang)
	}
	s.putObj(catalog, cat+">>")

	xref := s.at
	s.puts("xref\n0 " + strconv.Itoa(len(s.offs)+1) + "\n0000000000 65535 f \n")
	for _, off := range s.offs {
		s.puts(fmt.Sprintf("%010d 00000 n \n", off))
	}
	s.puts("trailer\n<</Size " + strconv.Itoa(len(s.offs)+1) + "\n/Root " + ref(catalog) + "\n/Info " + ref(infoObj) + ">>\n")
	s.puts("startxref\n" + strconv.FormatInt(xref, 10) + "\n%%EOF\n")
	if s.err == nil {
		s.err = s.w.Flush()
	}
	return s.err
}

// textString is a PDF text string: a literal, in UTF-16BE with a byte
// order mark when s is not plain printable ASCII.
func textString(s string) string {
	plain := true
	for _, r := range s {
		if r < 0x20 || r > 0x7e {
			plain = false
			break
		}
	}
	var lit []byte
	if plain {
		for i := range len(s) {
			switch c := s[i]; c {
			case '\\', '(', ')':
				lit = append(lit, '\\', c)
			default:
				lit = append(lit, c)
			}
		}
		return "(" + string(lit) + ")"
	}
	lit = escapeUTF16(lit, 0xFEFF)
	for _, u := range utf16.Encode([]rune(s)) {
		lit = escapeUTF16(lit, rune(u))
	}
	return "(" + string(lit) + ")"
}

func ref(n int) string { return strconv.Itoa(n) + " 0 R" }

// num writes a coordinate or size in points with two decimals, as fpdf
// does: a hundredth of a point is far below what a printer resolves.
func num(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }

// grey writes a grey level with three decimals.
func grey(g Grey) string {
	return strconv.FormatFloat(math.Max(0, math.Min(1, float64(g))), 'f', 3, 64)
}
