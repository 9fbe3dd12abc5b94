package layout

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-fonts/liberation/liberationserifregular"
	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/internal/pdftest"
)

// debianJapaneseFont is a TrueType-outline Japanese font from the Debian
// package fonts-ipafont-gothic, which .ci/run installs. (fonts-noto-cjk
// ships CFF-outline collections, which the PDF writer cannot embed.)
const debianJapaneseFont = "/usr/share/fonts/opentype/ipafont-gothic/ipagp.ttf"

// needFont returns the Debian font's path; CI must have it, elsewhere the
// test says what to install.
func needFont(t *testing.T) string {
	t.Helper()
	if _, err := os.Stat(debianJapaneseFont); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s missing in CI: .ci/run must install fonts-ipafont-gothic", debianJapaneseFont)
		}
		t.Skipf("%s missing: apt-get install fonts-ipafont-gothic to run this test", debianJapaneseFont)
	}
	return debianJapaneseFont
}

func TestCheckTextDefaultFonts(t *testing.T) {
	s := testSpec()
	s.Title = "はじめての数独"
	s.Sections = []book.SectionSpec{{Title: "入門"}}
	s.Cover = &book.CoverSpec{Badge: "大きな文字"}
	err := CheckText(s)
	if err == nil {
		t.Fatal("CheckText passed a Japanese title with the default fonts")
	}
	if !errors.Is(err, book.ErrSpec) {
		t.Errorf("error %v does not wrap book.ErrSpec (exit 2)", err)
	}
	for _, want := range []string{
		`title: "はじめての数独" cannot be printed: the text font`,
		"は (U+306F)", "独 (U+72EC)",
		`sections[0].title: "入門" cannot be printed`,
		`cover.badge: "大きな文字" cannot be printed`,
		"set fonts: {text: FILE.ttf}",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error:\n%v\nwant it to contain %q", err, want)
		}
	}
	if err := CheckText(testSpec()); err != nil {
		t.Errorf("the test spec (Zoë Müller-Ibáñez): %v", err)
	}
	for _, lang := range []string{"en", "es", "fr", "it", "de"} {
		s := testSpec()
		s.Language = lang
		if err := CheckText(s); err != nil {
			t.Errorf("language %s with the default fonts: %v", lang, err)
		}
	}
}

func TestUserFontFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("cff.otf", "OTTO\x00\x0a rest of a CFF font")
	write("coll.ttf", "ttcf\x00\x02 a collection renamed")
	write("junk.ttf", "not a font at all")
	restricted := bytes.Clone(liberationserifregular.TTF)
	for k := range int(binary.BigEndian.Uint16(restricted[4:])) {
		if rec := restricted[12+16*k:]; string(rec[:4]) == "OS/2" {
			binary.BigEndian.PutUint16(restricted[binary.BigEndian.Uint32(rec[8:])+8:], 0x0002) // fsType: restricted licence
		}
	}
	write("restricted.ttf", string(restricted))
	cases := []struct{ text, want string }{
		{"nothere.ttf", `fonts.text: "nothere.ttf": no such file or directory`},
		{"cff.otf", `fonts.text: "cff.otf" has PostScript (CFF) outlines`},
		{"coll.ttf", `fonts.text: "coll.ttf" is a font collection`},
		{"junk.ttf", `fonts.text: "junk.ttf" is not a font this program can read (`},
		{"restricted.ttf", `fonts.text: "restricted.ttf" cannot be used: its licence does not allow embedding it, subset, in a PDF (OS/2 fsType 0x0002)`},
	}
	for _, c := range cases {
		s := testSpec()
		s.Fonts.Text = filepath.Join(dir, c.text)
		err := CheckText(s)
		if err == nil || !strings.Contains(err.Error(), strings.Replace(c.want, `"`+c.text, `"`+filepath.Join(dir, c.text), 1)) {
			t.Errorf("%s: got %v, want %q", c.text, err, c.want)
		}
		if _, err := RenderBook(testBook(s, 2), testOptions); err == nil {
			t.Errorf("%s: RenderBook drew a book with it", c.text)
		}
	}
}

// TestJapaneseBookUserFont sets a Japanese-titled book in a Debian font:
// CheckText passes it, and the PDF embeds the font (subset: far smaller
// than the 6 MB file) and shows the title in it.
func TestJapaneseBookUserFont(t *testing.T) {
	font := needFont(t)
	s := testSpec()
	s.Title, s.Subtitle, s.Author = "はじめての数独", "やさしい問題から", "山田 花子"
	s.Fonts = book.FontFiles{Text: font, Digits: font}
	if err := CheckText(s); err != nil {
		t.Fatalf("CheckText: %v", err)
	}
	res, err := RenderBook(testBook(s, 4, 4), testOptions)
	if err != nil {
		t.Fatalf("RenderBook: %v", err)
	}
	preview(t, "japanese.pdf", res.PDF)
	if len(res.PDF) > 1<<20 {
		t.Errorf("PDF of %d bytes: the 6 MB font is not subset", len(res.PDF))
	}
	ctx, err := pdftest.Open(res.PDF)
	if err != nil {
		t.Fatal(err)
	}
	items, err := pdftest.PageItems(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	texts := strings.Join(pdftest.Texts(items), "|")
	for _, want := range []string{"はじめての数独", "やさしい問題から", "山田 花子"} {
		if !strings.Contains(texts, want) {
			t.Errorf("title page shows %q, want %q on it", texts, want)
		}
	}
	fonts := string(res.PDF)
	if !strings.Contains(fonts, "UserText-ipagp") && !strings.Contains(strings.ToLower(fonts), "usertext-ipagp") {
		t.Errorf("the PDF does not name the user font")
	}
}

// TestLongWordStaysOnPage: a 200-letter title with no space breaks between
// letters instead of running off both edges; the layout refuses any text
// that leaves the trim, so a book that renders has none.
func TestLongWordStaysOnPage(t *testing.T) {
	s := testSpec()
	s.Title = strings.Repeat("W", 200)
	s.Subtitle = strings.Repeat("x", 200)
	if _, err := RenderBook(testBook(s, 2), testOptions); err != nil {
		t.Fatalf("RenderBook: %v", err)
	}
	lines := wrap(s.Title, defaultFonts().Bold, 28, 300)
	if len(lines) < 2 || strings.Join(lines, "") != s.Title {
		t.Fatalf("wrap gave %d lines that join to %d letters, want the 200 letters over several lines", len(lines), len(strings.Join(lines, "")))
	}
	for _, l := range lines {
		if w := textWidth(defaultFonts().Bold, 28, l); w > 300 {
			t.Errorf("line %q is %.1fpt wide, want at most 300", l, w)
		}
	}
}

// TestMinimaRecordsProblems: the canvas record that RenderBook turns into
// an error sees a character with no glyph and text past the trim.
func TestMinimaRecordsProblems(t *testing.T) {
	m := newMinima(tinted{c: &coverRecorder{}})
	m.page, m.bounds = 3, rect{0, 0, 100, 100}
	m.Text(10, 50, "ok", defaultFonts().Regular, 10, Black, AlignLeft)
	if err := m.problems(); err != nil {
		t.Fatalf("text inside the page: %v", err)
	}
	m.Text(90, 50, "runs off the edge", defaultFonts().Regular, 10, Black, AlignLeft)
	m.Text(10, 70, "数", defaultFonts().Regular, 10, Black, AlignLeft)
	err := m.problems()
	if err == nil || !strings.Contains(err.Error(), `page 3: "runs off the edge"`) || !strings.Contains(err.Error(), "数 (U+6570)") {
		t.Errorf("got %v, want the text off the page and the missing glyph named", err)
	}
}

// TestSinglesUseDigitFont: a book's PNG and single-grid PDF exports set
// their digits in the spec's digit font, as the book does.
func TestSinglesUseDigitFont(t *testing.T) {
	font := needFont(t)
	givens, solution := fixturePuzzle(1)
	s := testSpec()
	s.PNG = book.PNGSpec{Size: 144, DPI: 100}
	var plain, own, pdf bytes.Buffer
	if err := RenderSpecPNG(&plain, s, ClassicFigure(givens, solution), true); err != nil {
		t.Fatal(err)
	}
	s.Fonts.Digits = font
	if err := RenderSpecPNG(&own, s, ClassicFigure(givens, solution), true); err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(plain.Bytes(), own.Bytes()) {
		t.Error("the PNG with fonts.digits set is the default font's")
	}
	if err := RenderSpecSinglePDF(&pdf, s, ClassicFigure(givens, solution), true, 2026); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.ToLower(pdf.String()), "userdigits-ipagp") {
		t.Error("the single-grid PDF does not embed the digit font")
	}
}

// TestJapaneseCoverTextFont: a book with a text font only (the digits in
// the default face) sets its cover's title in the text font, whose script
// the digits' face lacks, and a title written without spaces wraps
// between its characters rather than being refused.
func TestJapaneseCoverTextFont(t *testing.T) {
	font := needFont(t)
	s := testSpec()
	s.Title, s.Subtitle, s.Author = "はじめての数独パズルブック百問入り大きな文字版", "やさしい問題から", "山田 花子"
	s.Fonts = book.FontFiles{Text: font}
	s.Cover = &book.CoverSpec{Paper: book.PaperWhite}
	if err := CheckCover(s, nil); err != nil {
		t.Fatalf("CheckCover: %v", err)
	}
	res, err := RenderCover(testBook(s, 4, 4), 40, testOptions)
	if err != nil {
		t.Fatalf("RenderCover: %v", err)
	}
	cp := planCover(testBook(s, 4, 4), mustTexts(t, s.Language), 40)
	ft, err := cp.setFront()
	if err != nil {
		t.Fatal(err)
	}
	if name := strings.ToLower(cp.f.Display.String()); !strings.HasPrefix(name, "usertext") {
		t.Errorf("the cover's title is set in %s, want the user's text font (the digits' face has no kana)", cp.f.Display)
	}
	if len(ft.title) < 2 || strings.Join(ft.title, "") != s.Title {
		t.Errorf("front title set as %q, want %q wrapped over lines", ft.title, s.Title)
	}
	if !strings.Contains(strings.ToLower(string(res.PDF)), "usertext-ipagp") {
		t.Error("the cover does not name the user's text font")
	}
}
