package preflight

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// expect is what the layout would report for conforming(): half-inch
// margins, 10 pt text, 1 pt lines.
func expect() Expect {
	return Expect{
		TrimW: 6 * inch, TrimH: 9 * inch,
		MinTextPt: 10, MinLinePt: 1,
		Gutter: 0.5 * inch, Outside: 0.5 * inch, Top: 0.5 * inch, Bottom: 0.5 * inch,
	}
}

func check(t *testing.T, pdf []byte, p Printer, e Expect) Report {
	t.Helper()
	rep, err := Check(bytes.NewReader(pdf), p, e)
	if err != nil {
		t.Fatalf("Check: %v", err)
	}
	var names []string
	for _, r := range rep.Rules {
		names = append(names, r.Name)
	}
	if !slices.Equal(names, ruleOrder) {
		t.Fatalf("rules %q, want %q", names, ruleOrder)
	}
	streamingAgrees(t, pdf, p, e, rep)
	return rep
}

// streamingAgrees fails unless the page-at-a-time reader, where it reads
// the file at all, gives rep's verdicts and measurements on every rule but
// "valid PDF", which says pdfcpu's validation was not run.
func streamingAgrees(t *testing.T, pdf []byte, p Printer, e Expect, rep Report) {
	t.Helper()
	doc, err := openStreaming(bytes.NewReader(pdf), int64(len(pdf)))
	if err != nil {
		// CheckFile gives such a file to Check; a valid one should only
		// be refused for its cross-reference stream.
		if rep.Rules[0].Pass && !errors.Is(err, errXRefStream) {
			t.Errorf("page at a time: a file pdfcpu validates is refused: %v", err)
		}
		return
	}
	got := checkDoc(doc, p, e)
	if !rep.Rules[0].Pass {
		// pdfcpu refused the file: the page-at-a-time reader, which
		// does not validate, may measure what pdfcpu would not read.
		return
	}
	for i, r := range got.Rules[1:] {
		if want := rep.Rules[i+1]; r != want {
			t.Errorf("page at a time: %s %v %q, pdfcpu's reading %v %q", r.Name, r.Pass, r.Measured, want.Pass, want.Measured)
		}
	}
	if !got.Rules[0].Pass {
		t.Errorf("page at a time: %s: %s", got.Rules[0].Name, got.Rules[0].Measured)
	}
}

func failed(rep Report) []string {
	var out []string
	for _, r := range rep.Rules {
		if !r.Pass {
			out = append(out, r.Name)
		}
	}
	return out
}

func report(rep Report) string {
	var b strings.Builder
	if err := rep.Write(&b); err != nil {
		return err.Error()
	}
	return b.String()
}

func TestCheckConforming(t *testing.T) {
	rep := check(t, conforming().pdf(t), KDP, expect())
	if !rep.OK() {
		t.Fatalf("conforming book fails %v:\n%s", failed(rep), report(rep))
	}
	want := map[string]string{
		RuleValid:       "valid (pdfcpu strict)",
		RulePageSize:    "6.000 x 9.000 in",
		RulePageCount:   "30 pages",
		RuleFonts:       "1 font, all embedded",
		RuleGlyphs:      "732 characters shown, every one with a glyph",
		RuleTextSize:    "smallest 10.00 pt (page 1, text); layout records 10.00 pt",
		RuleLineWidth:   "smallest 1.00 pt (page 1, stroke); layout records 1.00 pt",
		RuleGreyscale:   "grey only",
		RuleAnnotations: "none",
		RuleActive:      "none",
		RuleMargins:     "gutter 0.500 in, outside 0.500 in, top 0.500 in, bottom 0.500 in",
	}
	for _, r := range rep.Rules {
		if r.Measured != want[r.Name] {
			t.Errorf("%s measured %q, want %q", r.Name, r.Measured, want[r.Name])
		}
	}
}

// TestCheckFailures breaks one thing in a conforming book at a time and
// expects exactly the rule about it to fail, with the value it measured.
func TestCheckFailures(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	tests := []struct {
		name     string
		book     func(*book)
		expect   func(*Expect)
		printer  Printer
		rule     string // the one rule that fails; "" when all pass
		passing  string // with rule "", a rule whose measure is checked
		measured string
		want     string // the rule's Want, when it matters
	}{
		{
			name:     "wrong page size",
			book:     func(b *book) { b.w, b.h = 8.5*inch, 11*inch },
			rule:     RulePageSize,
			measured: "30 of 30 pages off, first page 1 at 8.500 x 11.000 in",
			want:     "6 x 9 in",
		},
		{
			name:     "bleed expected, trim-size pages",
			expect:   func(e *Expect) { e.Bleed = true },
			rule:     RulePageSize,
			measured: "30 of 30 pages off, first page 1 at 6.000 x 9.000 in",
			want:     "6.125 x 9.25 in: 6 x 9 in trim + KDP bleed",
		},
		{
			name:   "KDP bleed pages",
			book:   func(b *book) { b.w, b.h = 6.125*inch, 9.25*inch },
			expect: func(e *Expect) { e.Bleed = true },
		},
		{
			name:     "KDP bleed pages at Lulu",
			book:     func(b *book) { b.w, b.h = 6.125*inch, 9.25*inch },
			expect:   func(e *Expect) { e.Bleed = true },
			printer:  Lulu,
			rule:     RulePageSize,
			measured: "30 of 30 pages off, first page 1 at 6.125 x 9.250 in",
			want:     "6.25 x 9.25 in: 6 x 9 in trim + Lulu bleed",
		},
		{
			name:     "trim box not the trim",
			book:     func(b *book) { b.trimBox = true },
			rule:     RulePageSize,
			measured: "6.000 x 9.000 in; trim box 5.875 x 8.750 in on 30 pages, first page 1",
		},
		{
			name:     "10 pages",
			book:     func(b *book) { b.pages = 10 },
			rule:     RulePageCount,
			measured: "10 pages",
			want:     "24 to 828 pages for KDP at 6 x 9 in",
		},
		{
			name:     "glyphs the font lacks",
			book:     func(b *book) { b.foreign = "数独 Sudoku" },
			rule:     RuleGlyphs,
			measured: "utf8go has no glyph for CID 6570, CID 72EC (first on page 5; they print as empty boxes)",
		},
		{
			name: "glyphs the font has",
			book: func(b *book) { b.foreign = "Zoë Müller-Ibáñez" },
		},
		{
			name:     "core font",
			book:     func(b *book) { b.coreFont = true },
			rule:     RuleFonts,
			measured: "1 of 2 fonts not embedded: Helvetica (Type1, page 1)",
		},
		{
			name:     "red fill",
			book:     func(b *book) { b.red = true },
			rule:     RuleGreyscale,
			measured: "colour in 1 mark on 1 page: page 2: fill in DeviceRGB 1 0 0",
		},
		{
			name:     "link",
			book:     func(b *book) { b.link = true },
			rule:     RuleAnnotations,
			measured: "1 annotation on 1 page, first page 1: Link",
		},
		{
			name:     "bookmark",
			book:     func(b *book) { b.bookmark = true },
			rule:     RuleAnnotations,
			measured: "bookmarks (Outlines in the catalog)",
		},
		{
			name:     "thin line found in the content",
			book:     func(b *book) { b.lineWidth = 0.2 },
			expect:   func(e *Expect) { e.MinLinePt = 0 },
			rule:     RuleLineWidth,
			measured: "smallest 0.20 pt (page 1, stroke)",
		},
		{
			name:     "thin line in the layout's record",
			expect:   func(e *Expect) { e.MinLinePt = 0.5 },
			rule:     RuleLineWidth,
			measured: "smallest 1.00 pt (page 1, stroke); layout records 0.50 pt",
		},
		{
			name:     "small text found in the content",
			book:     func(b *book) { b.fontSize = 5 },
			expect:   func(e *Expect) { e.MinTextPt = 0 },
			rule:     RuleTextSize,
			measured: "smallest 5.00 pt (page 1, text)",
		},
		{
			name:     "small text in the layout's record",
			expect:   func(e *Expect) { e.MinTextPt = 6.5 },
			rule:     RuleTextSize,
			measured: "smallest 10.00 pt (page 1, text); layout records 6.50 pt",
		},
		{
			name:     "0.3in gutter on 200 pages",
			book:     func(b *book) { b.pages = 200 },
			expect:   func(e *Expect) { e.Gutter = 0.3 * inch },
			rule:     RuleMargins,
			measured: "gutter 0.300 in, outside 0.500 in, top 0.500 in, bottom 0.500 in (too small: gutter)",
			want:     "gutter at least 0.5 in for 151-300 pages; outside, top and bottom at least 0.25 in",
		},
		{
			name:   "0.45in gutter on 150 pages",
			book:   func(b *book) { b.pages = 150 },
			expect: func(e *Expect) { e.Gutter = 0.45 * inch },
		},
		{
			name:     "0.45in gutter on 151 pages",
			book:     func(b *book) { b.pages = 151 },
			expect:   func(e *Expect) { e.Gutter = 0.45 * inch },
			rule:     RuleMargins,
			measured: "gutter 0.450 in, outside 0.500 in, top 0.500 in, bottom 0.500 in (too small: gutter)",
		},
		{
			name:     "KDP outside margin with bleed",
			book:     func(b *book) { b.w, b.h = 6.125*inch, 9.25*inch },
			expect:   func(e *Expect) { e.Bleed = true; e.Outside = 0.3 * inch },
			rule:     RuleMargins,
			measured: "gutter 0.500 in, outside 0.300 in, top 0.500 in, bottom 0.500 in (too small: outside)",
			want:     "gutter at least 0.375 in for 1-150 pages; outside, top and bottom at least 0.375 in",
		},
		{
			name:    "KDP top margin 0.3in without bleed",
			expect:  func(e *Expect) { e.Top = 0.3 * inch },
			printer: KDP,
		},
		{
			name:     "Lulu top margin 0.3in",
			expect:   func(e *Expect) { e.Top = 0.3 * inch },
			printer:  Lulu,
			rule:     RuleMargins,
			measured: "gutter 0.500 in, outside 0.500 in, top 0.300 in, bottom 0.500 in (too small: top)",
			want:     "gutter at least 0.375 in for 1-150 pages; outside, top and bottom at least 0.5 in",
		},
		{
			// Without the design, the clear space from the ink to the
			// trim is measured, by each glyph's own box in the embedded
			// Go font: the heading's P, set at x=54pt, has its ink from
			// 0.0815em (0.761in); its tallest glyph, the è, reaches
			// 0.7832em above its baseline at 60pt from the top (0.725in);
			// the folio's round digits dip 0.0186em under the baseline
			// 40pt from the bottom (0.553in). The grid's right edge at
			// 351.5pt is further in.
			name:     "margins not given",
			expect:   func(e *Expect) { e.Gutter, e.Outside, e.Top, e.Bottom = 0, 0, 0, 0 },
			passing:  RuleMargins,
			measured: "no manifest; clear space from the ink to the trim: gutter 0.761 in, outside 0.761 in, top 0.725 in, bottom 0.553 in",
		},
		{
			name:     "margins not given, ink near the edge",
			book:     func(b *book) { b.nearEdge = true },
			expect:   func(e *Expect) { e.Gutter, e.Outside, e.Top, e.Bottom = 0, 0, 0, 0 },
			rule:     RuleMargins,
			measured: "no manifest; clear space from the ink to the trim: gutter 0.131 in, outside 0.761 in, top 0.725 in, bottom 0.553 in (too small: gutter 0.131 in on page 3)",
		},
		{
			// The manifest's margins are only what was meant; a word set
			// outside them, or off the page, fails on the ink.
			name:     "ink near the edge despite the design",
			book:     func(b *book) { b.nearEdge = true },
			rule:     RuleMargins,
			measured: "gutter 0.500 in, outside 0.500 in, top 0.500 in, bottom 0.500 in; but the ink comes within gutter 0.131 in on page 3",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, e := conforming(), expect()
			if tt.book != nil {
				tt.book(&b)
			}
			if tt.expect != nil {
				tt.expect(&e)
			}
			rep := check(t, b.pdf(t), tt.printer, e)
			var wantFailed []string
			if tt.rule != "" {
				wantFailed = []string{tt.rule}
			}
			if got := failed(rep); !slices.Equal(got, wantFailed) {
				t.Fatalf("failed rules %q, want %q:\n%s", got, wantFailed, report(rep))
			}
			name := tt.rule
			if name == "" {
				name = tt.passing
			}
			if name == "" {
				return
			}
			r, _ := rep.Rule(name)
			if r.Measured != tt.measured {
				t.Errorf("%s measured %q, want %q", name, r.Measured, tt.measured)
			}
			if tt.want != "" && r.Want != tt.want {
				t.Errorf("%s want %q, want %q", tt.rule, r.Want, tt.want)
			}
		})
	}
}

// TestCheckLinkValidity: fpdf writes link annotations inline, which
// pdfcpu's strict mode rejects; the file is still valid in relaxed mode and
// the validity rule says which mode passed.
func TestCheckLinkValidity(t *testing.T) {
	b := conforming()
	b.link = true
	rep := check(t, b.pdf(t), KDP, expect())
	r, _ := rep.Rule(RuleValid)
	if !r.Pass || !strings.HasPrefix(r.Measured, "valid in pdfcpu relaxed mode; strict: ") {
		t.Errorf("valid PDF: got pass=%v %q, want a pass in relaxed mode naming the strict error", r.Pass, r.Measured)
	}
}

func TestCheckUnreadable(t *testing.T) {
	rep := check(t, []byte("%PDF-1.4\nthis is not a PDF\n"), KDP, expect())
	if got := failed(rep); !slices.Equal(got, ruleOrder) {
		t.Fatalf("failed rules %q, want all of them", got)
	}
	if r, _ := rep.Rule(RuleValid); !strings.HasPrefix(r.Measured, "invalid: ") {
		t.Errorf("valid PDF measured %q, want it to start with %q", r.Measured, "invalid: ")
	}
	if r, _ := rep.Rule(RuleFonts); r.Measured != "not measured: the file cannot be read" {
		t.Errorf("fonts measured %q, want %q", r.Measured, "not measured: the file cannot be read")
	}
	if rep.OK() {
		t.Error("OK() = true for an unreadable file")
	}
}

// TestCheckNotAPDF checks a file that is no PDF at all (a manifest given
// by mistake) is called that, not described in pdfcpu's words.
func TestCheckNotAPDF(t *testing.T) {
	data := []byte(`{"title": "Sudoku"}`)
	rep := check(t, data, KDP, expect())
	const want = "invalid: not a PDF file: it has no %PDF- header line"
	if r, _ := rep.Rule(RuleValid); r.Pass || r.Measured != want {
		t.Errorf("valid PDF: got pass=%v %q, want a failure %q", r.Pass, r.Measured, want)
	}
	_, err := PageInfo(bytes.NewReader(data))
	if !errors.Is(err, ErrUnreadable) || !strings.Contains(err.Error(), "not a PDF file") {
		t.Errorf("PageInfo: got %v, want ErrUnreadable saying it is not a PDF file", err)
	}
}

func TestCheckArguments(t *testing.T) {
	pdf := bytes.NewReader(conforming().pdf(t))
	tests := []struct {
		name string
		run  func() error
		want error
	}{
		{"nil reader", func() error { _, err := Check(nil, KDP, expect()); return err }, ErrNoPDF},
		{"bad printer", func() error { _, err := Check(pdf, Printer(7), expect()); return err }, ErrPrinter},
		{"no trim", func() error { _, err := Check(pdf, KDP, Expect{}); return err }, ErrExpect},
		{"negative margin", func() error {
			e := expect()
			e.Bottom = -1
			_, err := Check(pdf, KDP, e)
			return err
		}, ErrExpect},
		{"PageInfo nil", func() error { _, err := PageInfo(nil); return err }, ErrNoPDF},
		{"Fonts of junk", func() error { _, err := Fonts(strings.NewReader("junk")); return err }, ErrUnreadable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.run(); !errors.Is(err, tt.want) {
				t.Errorf("got %v, want an error wrapping %v", err, tt.want)
			}
		})
	}
}

func TestPageInfo(t *testing.T) {
	b := conforming()
	b.pages = 3
	b.trimBox = true
	got, err := PageInfo(bytes.NewReader(b.pdf(t)))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 {
		t.Fatalf("got %d pages, want 3", len(got))
	}
	want := PageBoxes{
		Page:  2,
		Media: Box{0, 0, 432, 648},
		Trim:  Box{0, 9, 423, 639}, // fpdf measures y from the top: 9 pt down, 423 x 630
	}
	if got[1] != want {
		t.Errorf("page 2 boxes %+v, want %+v", got[1], want)
	}
	if w, h := got[1].Size(); w != 432 || h != 648 {
		t.Errorf("page 2 size %g x %g, want 432 x 648", w, h)
	}
}

func TestFonts(t *testing.T) {
	b := conforming()
	b.coreFont = true
	fs, err := Fonts(bytes.NewReader(b.pdf(t)))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range fs {
		got = append(got, fmt.Sprintf("%s %s embedded=%v page %d", f.Name, f.Subtype, f.Embedded, f.Page))
	}
	// fpdf names an embedded UTF-8 font "utf8" + its family.
	want := []string{"Helvetica Type1 embedded=false page 1", "utf8go Type0 embedded=true page 1"}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("fonts %q, want %q", got, want)
	}
}

func TestReportWrite(t *testing.T) {
	rep := Report{Rules: []Rule{
		{Name: RulePageSize, Pass: true, Measured: "6.000 x 9.000 in", Want: "6 x 9 in"},
		{Name: RulePageCount, Pass: false, Measured: "10 pages", Want: "24 to 828 pages"},
	}}
	want := "PASS page size: 6.000 x 9.000 in (want 6 x 9 in)\nFAIL page count: 10 pages (want 24 to 828 pages)\n"
	if got := report(rep); got != want {
		t.Errorf("Write:\n%s\nwant:\n%s", got, want)
	}
	if rep.OK() {
		t.Error("OK() = true with a failed rule")
	}
	if (Report{}).OK() {
		t.Error("OK() = true for an empty report")
	}
}

// TestCheckMarginsUnknownWidths: without a manifest, text in a font whose
// widths the file does not give (a standard 14 font) leaves the sides
// unmeasured; the rule says so and fails, and still judges top and bottom.
func TestCheckMarginsUnknownWidths(t *testing.T) {
	b, e := conforming(), expect()
	b.coreFont = true
	e.Gutter, e.Outside, e.Top, e.Bottom = 0, 0, 0, 0
	r, _ := check(t, b.pdf(t), KDP, e).Rule(RuleMargins)
	want := "no manifest; clear space from the ink to the trim: top 0.725 in, bottom 0.553 in; gutter and outside not measured: text in Helvetica, whose widths the file does not give"
	if r.Pass || r.Measured != want {
		t.Errorf("margins: pass %v, measured %q; want a failure measuring %q", r.Pass, r.Measured, want)
	}
}
