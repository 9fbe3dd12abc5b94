package layout

import (
	"bytes"
	"errors"
	"image"
	"image/png"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
)

// TestCoverThemes: every preset theme, and a custom colour over one, sets
// its type well apart from its ground (WCAG contrast at least 7:1, which
// holds for the quieter ink too at 4.5:1) and its badge's type apart from
// the accent (3:1, for bold type).
func TestCoverThemes(t *testing.T) {
	red := book.Colour{R: 200, G: 30, B: 30}
	specs := map[string]*book.CoverSpec{}
	for _, name := range book.ThemeNames() {
		specs[name] = &book.CoverSpec{Theme: name}
	}
	specs["navy with a red accent"] = &book.CoverSpec{Theme: "navy", Colours: book.CoverColours{Accent: &red}}
	for name, cs := range specs {
		ink := inksFor(cs.Palette())
		if c := contrast(ink.ink, ink.ground); c < 7 {
			t.Errorf("%s: type on ground %.1f:1, want at least 7:1", name, c)
		}
		if c := contrast(ink.quiet, ink.ground); c < 4.5 {
			t.Errorf("%s: quiet type on ground %.1f:1, want at least 4.5:1", name, c)
		}
		if c := contrast(ink.onAccent, ink.accent); c < 3 {
			t.Errorf("%s: badge type on accent %.1f:1, want at least 3:1", name, c)
		}
	}
	if got := specs["navy with a red accent"].Palette(); got.Accent != red || got.Ground != book.CoverThemes["navy"].Ground {
		t.Errorf("custom accent gave palette %+v, want navy's ground with the red accent", got)
	}
	// The ground the cover is drawn in is the theme's.
	b := coverBook(6, 9, book.PaperWhite)
	b.Spec.Cover.Theme = "forest"
	cp, rec := recordCover(t, b, 120)
	if want := rgbOf(book.CoverThemes["forest"].Ground); cp.ink.ground != want || !slices.ContainsFunc(rec.ops, func(o coverOp) bool { return o.kind == "rect" && o.k == want }) {
		t.Errorf("forest cover's ground %v, want %v drawn", cp.ink.ground, want)
	}
}

// TestCoverLongTexts: a long title, subtitle or author is set smaller or on
// more lines, every word printed and none cut with an ellipsis; a text that
// cannot fit at a legible size is refused, naming its field.
func TestCoverLongTexts(t *testing.T) {
	long := "The Complete and Unabridged Big Book of Sudoku Puzzles for Every Evening of the Year"
	b := coverBook(6, 9, book.PaperWhite)
	b.Spec.Title, b.Spec.Subtitle = long, "Four hundred puzzles set in large type, graded from easy to expert, with every solution"
	b.Spec.Author = "Maximiliana Sophia Ungerbühler-Castellanos de la Fuente y Ortega"
	_, rec := recordCover(t, b, 300)
	var front []string
	cp := planCover(b, mustTexts(t, "en"), 300)
	for _, op := range rec.ops {
		if strings.Contains(op.text, "…") {
			t.Errorf("cover cuts %q with an ellipsis", op.text)
		}
		if op.kind == "text" && within(op.box, cp.geo.front()) {
			front = append(front, op.text)
		}
	}
	joined := strings.Join(front, " ")
	for _, text := range []string{b.Spec.Title, b.Spec.Subtitle, b.Spec.Author} {
		if !strings.Contains(joined, text) {
			t.Errorf("front prints %q, want all of %q", joined, text)
		}
	}
	for _, tc := range []struct {
		field string
		edit  func(s *book.Spec)
	}{
		{"title", func(s *book.Spec) { s.Title = strings.Repeat("Sudoku ", 28) }}, // 196 letters, the most a spec takes
		{"subtitle", func(s *book.Spec) { s.Subtitle = strings.Repeat("puzzles ", 25) }},
		{"cover.badge", func(s *book.Spec) { s.Cover.Badge = "WWWWWWWWWWWWWWWWWWWWWWW" }},
		{"cover.blurb", func(s *book.Spec) { s.Cover.Blurb = strings.Repeat("A line of blurb.\n", 60) }},
	} {
		b := coverBook(4, 6, book.PaperWhite)
		tc.edit(b.Spec)
		_, err := RenderCover(b, 120, testOptions)
		var fe *book.FieldError
		if !errors.As(err, &fe) || fe.Field != tc.field {
			t.Errorf("%s too long: got %v, want an error naming %s", tc.field, err, tc.field)
		}
		if err2 := CheckCover(b.Spec, nil); err2 == nil || err2.Error() != err.Error() {
			t.Errorf("%s: CheckCover says %v, RenderCover %v: want the same refusal before any work", tc.field, err2, err)
		}
	}
}

// TestCoverBadgeAndBlurb: the badge is printed on the front inside its
// safe area, and the cover's own blurb replaces the intro on the back with
// its line breaks kept.
func TestCoverBadgeAndBlurb(t *testing.T) {
	b := coverBook(6, 9, book.PaperWhite)
	b.Spec.Cover.Badge = "LARGE PRINT"
	b.Spec.Cover.Blurb = "Forty puzzles.\nOne a page:\n- easy\n- medium"
	cp, rec := recordCover(t, b, 120)
	safeFront := cp.geo.front().inset(coverSafe, coverSafe, coverSafe, coverSafe)
	var back []string
	badge := false
	for _, op := range rec.ops {
		if op.text == "LARGE PRINT" {
			badge = within(op.box, safeFront)
		}
		if op.kind == "text" && within(op.box, cp.geo.back()) {
			back = append(back, op.text)
		}
	}
	if !badge {
		t.Error("badge LARGE PRINT not printed inside the front's safe area")
	}
	for _, line := range []string{"Forty puzzles.", "One a page:", "- easy", "- medium"} {
		if !slices.Contains(back, line) {
			t.Errorf("back prints %q, want the blurb line %q on its own", back, line)
		}
	}
	if slices.ContainsFunc(back, func(s string) bool { return strings.Contains(s, "Welcome") }) {
		t.Error("back still prints the intro beside the cover's own blurb")
	}
}

// TestCoverCount: the front says how many puzzles the book holds, as its
// flag when the spec gives none (150 here: 40+40+40+30) and, beside a
// flag of its own, at the head of the levels line; CheckCover, which has
// only the spec, fits the same count.
func TestCoverCount(t *testing.T) {
	b := coverBook(6, 9, book.PaperWhite)
	front := func(b *book.Book) []string {
		cp, rec := recordCover(t, b, 120)
		var out []string
		for _, op := range rec.ops {
			if op.kind == "text" && within(op.box, cp.geo.front()) {
				out = append(out, op.text)
			}
		}
		return out
	}
	if got := front(b); !slices.Contains(got, "150 PUZZLES") {
		t.Errorf("front prints %q, want the flag 150 PUZZLES", got)
	}
	b.Spec.Cover.Badge = "LARGE PRINT"
	got := front(b)
	if !slices.ContainsFunc(got, func(s string) bool { return strings.HasPrefix(s, "150 puzzles · ") }) || slices.Contains(got, "150 PUZZLES") {
		t.Errorf("front with its own flag prints %q, want the count heading the levels line and no count flag", got)
	}
	s := *b.Spec
	s.Sections = []book.SectionSpec{{Level: engine.Easy, Count: 150}}
	cp := planCover(&book.Book{Spec: &s}, mustTexts(t, s.Language), 1)
	if cp.count != 150 {
		t.Errorf("a cover planned from the spec alone counts %d puzzles, want 150", cp.count)
	}
}

// artPNG is a w x h picture to put on a cover.
func artPNG(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		row := img.Pix[y*img.Stride:]
		for x := range w {
			copy(row[4*x:], []byte{uint8(x * 255 / w), uint8(y * 255 / h), 120, 255})
		}
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestCoverArt places art as the front's background and as a panel, checks
// the resolution at its printed size (a warning under 300 dpi naming
// cover.art, none at 300 or more), and reads the PDF back.
func TestCoverArt(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	for _, tc := range []struct {
		name  string
		place book.ArtPlace
		w, h  int
		warn  bool
	}{
		// A small cover keeps the pictures small: the front with its bleed
		// is 4.125 x 5.25in, so 300 dpi is 1238 x 1575 pixels.
		{"background sharp", book.ArtBackground, 1240, 1580, false},
		{"background soft", book.ArtBackground, 600, 800, true},
		{"panel sharp", book.ArtPanel, 900, 900, false},
		{"panel soft", book.ArtPanel, 200, 200, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := coverBook(4, 5, book.PaperWhite)
			b.Spec.Cover.Art, b.Spec.Cover.ArtAs = "art.png", tc.place
			opt := testOptions
			opt.CoverArt = artPNG(t, tc.w, tc.h)
			res := renderCover(t, b, 120, opt)
			readPDF(t, res.PDF)
			if again := renderCover(t, b, 120, opt); tc.warn && !bytes.Equal(again.PDF, res.PDF) {
				t.Error("the same cover with art rendered twice differs")
			}
			if warned := len(res.Warnings) > 0; warned != tc.warn || (warned && !strings.Contains(res.Warnings[0], "cover.art")) {
				t.Errorf("warnings %q, want a cover.art warning: %v", res.Warnings, tc.warn)
			}
			if !bytes.Contains(res.PDF, []byte("/Subtype /Image")) {
				t.Error("no image in the cover PDF")
			}
			cp := planCover(b, mustTexts(t, "en"), 120)
			cp.art, _ = loadArt(opt.CoverArt, tc.place)
			rec := &coverRecorder{}
			cp.draw(rec)
			front := cp.geo.front()
			mw, mh := cp.geo.media()
			images := 0
			for _, op := range rec.ops {
				if overlaps(op.box, cp.geo.barcode()) {
					t.Errorf("%s %q at %v inks the barcode area", op.kind, op.text, op.box)
				}
				if op.kind != "image" {
					continue
				}
				images++
				if !within(op.box, rect{front.X, 0, mw - front.X, mh}) {
					t.Errorf("art drawn at %v, want it on the front (bleed included)", op.box)
				}
				if safe := front.inset(coverSafe, coverSafe, coverSafe, coverSafe); tc.place == book.ArtPanel && !within(op.box, safe) {
					t.Errorf("panel art at %v, want it inside the front's safe area %v", op.box, safe)
				}
			}
			if images != 1 {
				t.Errorf("art drawn %d times, want once", images)
			}
		})
	}
	b := coverBook(6, 9, book.PaperWhite)
	b.Spec.Cover.Art = "art.png"
	if _, err := RenderCover(b, 120, Options{Year: 2026, CoverArt: []byte("not an image")}); err == nil {
		t.Error("RenderCover accepted art that is not an image")
	}
}

// TestCoverBackSample: the back carries a puzzle to try, the front
// matter's own grid (never one of the book's), its givens set inside the
// back's safe area, above the level table.
func TestCoverBackSample(t *testing.T) {
	b := coverBook(6, 9, book.PaperWhite)
	cp, rec := recordCover(t, b, 120)
	if cp.sample == nil {
		t.Fatal("no sample puzzle planned for the back")
	}
	for p := range b.All() {
		if bytes.Equal(engine.KeyOf(p.Geometry(), p.Cells()), engine.KeyOf(cp.sample.Geometry(), cp.sample.Cells())) {
			t.Fatalf("the back's sample is puzzle %d of the book", p.Number)
		}
	}
	safe := cp.geo.back().inset(coverSafe, coverSafe, coverSafe, coverSafe)
	digits, tableTop := 0, math.Inf(1)
	for _, op := range rec.ops {
		if op.kind != "text" || !within(op.box, cp.geo.back()) {
			continue
		}
		if len(op.text) == 1 && op.text >= "1" && op.text <= "9" {
			digits++
			if !within(op.box, safe) {
				t.Errorf("sample digit %s at %v outside the back's safe area", op.text, op.box)
			}
		}
		if op.text == sectionTitle(b.Sections[0], cp.texts) {
			tableTop = math.Min(tableTop, op.box.Y)
		}
	}
	if want := engine.CountClues(cp.sample.Cells()); digits != want {
		t.Errorf("the back sets %d digits, want the sample's %d givens", digits, want)
	}
	if tableTop == math.Inf(1) {
		t.Error("the back lost its level table to the sample")
	}
}
