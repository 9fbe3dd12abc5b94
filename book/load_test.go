package book

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/templates"
)

func load(t testing.TB, yaml string) *Spec {
	t.Helper()
	s, err := Load(strings.NewReader(yaml), "spec.yaml")
	if err != nil {
		t.Fatalf("Load:\n%v", err)
	}
	return s
}

func TestLoadFullSpec(t *testing.T) {
	s, err := LoadFile("testdata/full.yaml")
	if err != nil {
		t.Fatalf("LoadFile: %v", err)
	}
	none := engine.SymNone
	checks := []struct {
		name      string
		got, want any
	}{
		{"title", s.Title, "Sudoku Sampler"},
		{"subtitle", s.Subtitle, "60 puzzles, easy to expert"},
		{"author", s.Author, "Ada Example"},
		{"language", s.Language, "en"},
		{"seed", s.Seed, int64(7)},
		{"year", s.Year, 2026},
		{"trim", s.Trim.String(), "210x297mm"},
		{"trim.W", s.Trim.W.String(), "210mm"},
		{"bleed", s.Bleed, true},
		{"margins.top", s.Margins.Top.String(), "0.75in"},
		{"margins.bottom", s.Margins.Bottom.String(), "20mm"},
		{"margins.outside", s.Margins.Outside.String(), "0.5in"},
		{"margins.inside", s.Margins.Inside.String(), "0.5in"},
		{"margins.auto", s.Margins.InsideAuto, false},
		{"puzzles_per_page", s.PuzzlesPerPage, 4},
		{"solutions_per_page", s.SolutionsPerPage, 12},
		{"symmetry", s.Symmetry, engine.SymMirror},
		{"section_start", s.SectionStart, StartRight},
		{"style", s.Style, Style{DigitSize: 18, TextSize: 11, ThinLine: 1, ThickLine: 2.5}},
		{"front", s.Front, FrontMatter{TitlePage: false, Copyright: true, HowToPlay: false, Contents: true}},
		{"intro", s.Intro, "Sixty puzzles, gentle to fierce.\n"},
		{"fonts", s.Fonts, FontFiles{Text: "fonts/Book.ttf", Digits: "/usr/share/fonts/Digits.ttf"}},
		{"fonts.text resolved", s.ResolvePath(s.Fonts.Text), "testdata/fonts/Book.ttf"},
		{"fonts.digits resolved", s.ResolvePath(s.Fonts.Digits), "/usr/share/fonts/Digits.ttf"},
		{"sections", len(s.Sections), 3},
		{"sections[0]", fmt.Sprintf("%v %v %v %v %v %v", s.Sections[0].Level, s.Sections[0].Count, s.Sections[0].Clues, s.Sections[0].Score, s.Sections[0].Title, s.Sections[0].Symmetry == nil), "easy 20 36-40 any Warm-up true"},
		{"sections[1]", fmt.Sprintf("%v %v %v %v %q %v", s.Sections[1].Level, s.Sections[1].Count, s.Sections[1].Clues, s.Sections[1].Score, s.Sections[1].Title, *s.Sections[1].Symmetry), `medium 20 any 0-400 "" ` + none.String()},
		{"sections[2]", fmt.Sprintf("%v %v %v", s.Sections[2].Level, s.Sections[2].Count, s.Sections[2].Clues), "expert 20 24"},
		{"png", s.PNG, PNGSpec{Puzzles: true, Solutions: true, DPI: 150, PDFSingles: true, Size: 180}},
		{"cover", s.Cover != nil && s.Cover.Paper == PaperCream, true},
		{"file", s.File(), "testdata/full.yaml"},
		{"line of sections[1].score", s.Line("sections[1].score"), 27},
		{"line of margins.inside", s.Line("margins.inside"), 10},
	}
	for _, c := range checks {
		if fmt.Sprint(c.got) != fmt.Sprint(c.want) {
			t.Errorf("%s: got %v, want %v", c.name, c.got, c.want)
		}
	}
	if got := s.Inside(900); got != s.Margins.Inside {
		t.Errorf("Inside(900) with an explicit gutter = %v, want %v", got, s.Margins.Inside)
	}
}

func TestLoadDefaults(t *testing.T) {
	s, err := LoadFile("testdata/minimal.yaml")
	if err != nil {
		t.Fatalf("LoadFile: %v", err)
	}
	want := Default()
	want.Title = "Just Easy"
	want.Sections = []SectionSpec{{Level: engine.Easy, Count: 10}}
	data, _ := os.ReadFile("testdata/minimal.yaml")
	want.Seed = contentSeed(data) // no seed: from the spec's text
	got := *s
	got.file, got.pos = "", nil
	if fmt.Sprintf("%+v", got) != fmt.Sprintf("%+v", want) {
		t.Errorf("minimal spec:\ngot  %+v\nwant %+v", got, want)
	}
	d := Default()
	for _, c := range []struct {
		name      string
		got, want any
	}{
		{"language", d.Language, "en"},
		{"seed", d.Seed, int64(1)},
		{"trim", d.Trim.String(), "6x9in"},
		{"margins", fmt.Sprint(d.Margins.Top, d.Margins.Bottom, d.Margins.Outside, d.Margins.InsideAuto), "0.5in 0.5in 0.5in true"},
		{"per page", fmt.Sprint(d.PuzzlesPerPage, d.SolutionsPerPage), "2 6"},
		{"symmetry", d.Symmetry, engine.SymRotational},
		{"section_start", d.SectionStart, StartAny},
		{"style", fmt.Sprint(d.Style.DigitSize, d.Style.TextSize, d.Style.ThinLine, d.Style.ThickLine), "0 10pt 0.75pt 2pt"},
		{"front", d.Front, FrontMatter{TitlePage: true, Copyright: true, HowToPlay: true, Contents: true}},
		{"png", fmt.Sprint(d.PNG.Puzzles, d.PNG.Solutions, d.PNG.PDFSingles, d.PNG.DPI, d.PNG.Size), "false false false 300 3in"},
		{"cover", d.Cover == nil, true},
	} {
		if fmt.Sprint(c.got) != fmt.Sprint(c.want) {
			t.Errorf("Default %s: got %v, want %v", c.name, c.got, c.want)
		}
	}
}

func TestLoadTemplateOverride(t *testing.T) {
	s := load(t, `title: Big
template: large-print
puzzles_per_page: 2
margins: {top: 1in}
style: {text_size: 18pt}
sections: [{level: easy, count: 5}]
`)
	for _, c := range []struct {
		name      string
		got, want any
	}{
		{"template", s.Template, "large-print"},
		{"trim from template", s.Trim.String(), "8.5x11in"},
		{"puzzles_per_page overridden", s.PuzzlesPerPage, 2},
		{"solutions_per_page from template", s.SolutionsPerPage, 4},
		{"margins.top overridden", s.Margins.Top.String(), "1in"},
		{"margins.bottom from template", s.Margins.Bottom.String(), "0.75in"},
		{"inside still auto", s.Margins.InsideAuto, true},
		{"text_size overridden", s.Style.TextSize.String(), "18pt"},
		{"large_digits from template", s.Style.LargeDigits, true},
		{"seed from the spec's text", s.Seed != 1 && s.Seed != 0, true},
		{"line of margins.top is the spec's", s.Line("margins.top"), 4},
		{"trim was not set by the spec", s.Line("trim"), 0},
	} {
		if fmt.Sprint(c.got) != fmt.Sprint(c.want) {
			t.Errorf("%s: got %v, want %v", c.name, c.got, c.want)
		}
	}
}

// TestLoadEveryPreset applies each embedded template to a minimal spec: each
// must load, validate and leave its mark.
func TestLoadEveryPreset(t *testing.T) {
	presets := templates.Presets()
	if len(presets) < 5 {
		t.Fatalf("got %d presets, want at least 5", len(presets))
	}
	for _, p := range presets {
		t.Run(p.Name, func(t *testing.T) {
			s := load(t, "title: T\ntemplate: "+p.Name+"\nsections: [{level: hard, count: 100}]\n")
			if err := s.Validate(); err != nil {
				t.Fatalf("Validate: %v", err)
			}
			set := 0
			for path, at := range s.pos {
				if at.file == "template "+p.Name {
					set++
					if path == "title" || strings.HasPrefix(path, "sections") {
						t.Errorf("template sets %s; templates may not", path)
					}
				}
			}
			if set < 4 {
				t.Errorf("template set %d fields, want at least trim, margins, per-page counts and style", set)
			}
		})
	}
}

func TestPresetMayNotSetTitle(t *testing.T) {
	s := Default()
	s.pos = map[string]pos{}
	d := &decoder{spec: &s, file: "template x", forbid: presetForbidden}
	root, err := parseDocument([]byte("trim: a4\ntitle: Mine\nsections: []\n"), "template x")
	if err != nil {
		t.Fatal(err)
	}
	d.value(root, reflectValue(&s), "")
	var msgs []string
	for _, e := range d.errs {
		msgs = append(msgs, e.Error())
	}
	got := strings.Join(msgs, "\n")
	for _, want := range []string{"template x:2: title: a template may not set title", "template x:3: sections: a template may not set sections"} {
		if !strings.Contains(got, want) {
			t.Errorf("errors:\n%s\nwant one containing %q", got, want)
		}
	}
	if s.Title != "" || s.Trim.String() != "a4" {
		t.Errorf("got title %q trim %v, want no title and trim a4", s.Title, s.Trim)
	}
}

// base is a valid spec; bad cases below edit it by line so that the line
// each error names is easy to check.
const base = `title: T
sections:
  - level: easy
    count: 10
`

func TestLoadBad(t *testing.T) {
	// The band the engine can reach for easy puzzles is the engine's to
	// measure; the message must quote it, whatever it is.
	lo, hi := engine.FeasibleClues(engine.Easy)
	easyBand := fmt.Sprintf("%d-%d", lo, hi)
	cases := []struct {
		name string
		yaml string
		want string // a substring of the error, with its file and line
	}{
		{"missing title", "sections: [{level: easy, count: 1}]\n", "spec.yaml: title: missing"},
		{"blank title", "title: '  '\nsections: [{level: easy, count: 1}]\n", "spec.yaml:1: title: missing"},
		{"no sections", "title: T\n", "spec.yaml: sections: none given"},
		{"empty sections", "title: T\nsections: []\n", "spec.yaml:2: sections: none given"},
		{"unknown field", "title: T\ntitel: X\n" + base[9:], `spec.yaml:2: unknown field "titel" (did you mean "title"?)`},
		{"unknown field far from any", base + "colour: red\n", `spec.yaml:5: unknown field "colour" (want one of title,`},
		{"unknown nested field", base + "style: {digits: 12pt}\n", `spec.yaml:5: style: unknown field "digits"`},
		{"unknown section field", base + "    levle: hard\n", `spec.yaml:5: sections[0]: unknown field "levle" (did you mean "level"?)`},
		{"unknown margin", base + "margins: {left: 1in}\n", `spec.yaml:5: margins: unknown field "left" (want top, bottom, outside or inside)`},
		{"field twice", base + "title: U\n", "spec.yaml:5: title: given twice (first at line 1)"},
		{"trim without unit", base + "trim: 6x9\n", `spec.yaml:5: trim: unknown size "6x9" (want a preset such as 6x9in, a4, or WxH with a unit such as 152x229mm)`},
		{"trim unknown unit", base + "trim: 6x9ft\n", `spec.yaml:5: trim: size "6x9ft" has an unknown unit "ft"`},
		{"trim too small", base + "trim: 2x3in\n", "spec.yaml:5: trim: 2x3in is too small (want at least 3x3in)"},
		{"trim too large", base + "trim: 13x15in\n", "spec.yaml:5: trim: 13x15in is too large (want at most 12x14in)"},
		{"negative margin", base + "margins: {top: -0.5in}\n", "spec.yaml:5: margins.top: -0.5in is not allowed (want 0 or more)"},
		{"huge margin", base + "margins:\n  outside: 4in\n", "spec.yaml:6: margins.outside: 4in is not allowed (want at most 3in)"},
		{"margin without unit", base + "margins:\n  bottom: 1\n", `spec.yaml:6: margins.bottom: "1" has no unit`},
		{"inside not auto", base + "margins: {inside: autox}\n", `spec.yaml:5: margins.inside: "autox" is neither a length nor auto`},
		{"margins not a mapping", base + "margins: 1in\n", "spec.yaml:5: margins: want a mapping of top, bottom, outside and inside"},
		{"no room across", base + "trim: 5x8in\nmargins: {outside: 1.5in, inside: 1.6in}\n", "spec.yaml:6: margins.outside: the margins leave 1.9in across a 5x8in page (with 1.6in inside); want at least 2in"},
		{"no room down", base + "trim: 5x5in\nmargins: {top: 1.5in, bottom: 1.6in}\n", "spec.yaml:6: margins.top: the margins leave 1.9in down a 5x5in page; want at least 2in"},
		{"grids too small", base + "trim: 3x5in\nmargins: {top: 0.25in, bottom: 0.25in, outside: 0.25in}\npuzzles_per_page: 6\n", "spec.yaml:7: puzzles_per_page: 6 puzzles on a 3x5in page would print at most"},
		{"puzzles per page", base + "puzzles_per_page: 3\n", "spec.yaml:5: puzzles_per_page: 3 is not allowed (want 1, 2, 4 or 6)"},
		{"solutions per page low", base + "solutions_per_page: 3\n", "spec.yaml:5: solutions_per_page: 3 is not allowed (want 4 to 12)"},
		{"solutions per page high", base + "solutions_per_page: 13\n", "spec.yaml:5: solutions_per_page: 13 is not allowed (want 4 to 12)"},
		{"symmetry", base + "symmetry: spiral\n", `spec.yaml:5: symmetry: unknown symmetry "spiral" (want one of none, rotational,`},
		{"section symmetry", base + "    symmetry: [none]\n", "spec.yaml:5: sections[0].symmetry: want a single value, not a list"},
		{"solutions place", base + "solutions: bottom\n", `spec.yaml:5: solutions: unknown solutions "bottom" (want back, an appendix after the puzzles, or foot,`},
		{"solutions per page at the foot", base + "solutions: foot\nsolutions_per_page: 8\n", "spec.yaml:6: solutions_per_page: 8 is not allowed with solutions: foot (want no solutions_per_page"},
		{"a figure's answer at the foot", "title: T\nsolutions: foot\npuzzles_per_page: 1\nsections:\n  - {level: easy, count: 1, variant: samurai}\n", "spec.yaml:2: solutions: foot is not allowed with a samurai section (want back"},
		{"answers at the foot too small", base + "solutions: foot\npuzzles_per_page: 6\n", "spec.yaml:6: puzzles_per_page: 6 solutions at the foot on a 6x9in page would print at most"},
		{"shapes without a small grid", base + "style: {shapes: true}\n", "spec.yaml:5: style.shapes: only means something for classic 4x4 and 6x6 grids (want a section with size: 4 or 6, or no shapes)"},
		{"pictures without shapes", "title: T\nstyle: {pictures: [{file: a.png, name: a cat}]}\nsections:\n  - {level: easy, count: 1, size: 4}\n", "spec.yaml:2: style.pictures: want style.shapes: true with them (the pictures stand in for the shapes)"},
		{"too few pictures", "title: T\nstyle: {shapes: true, pictures: [{file: a.png, name: a cat}]}\nsections:\n  - {level: easy, count: 1, size: 4}\n", "spec.yaml:2: style.pictures: 1 pictures given, want 4: one for each symbol of the book's 4x4 grids"},
		{"a picture out of the folder", "title: T\nstyle: {shapes: true, pictures: [{file: a.png, name: a cat}, {file: b.png, name: a dog}, {file: c.jpg, name: a hen}, {file: ../d.png, name: a cow}]}\nsections:\n  - {level: easy, count: 1, size: 4}\n", `spec.yaml:2: style.pictures[3].file: "../d.png" is not inside the spec's folder (want a name relative to it, without ..)`},
		{"an absolute picture", "title: T\nstyle: {shapes: true, pictures: [{file: a.png, name: a cat}, {file: b.png, name: a dog}, {file: c.jpg, name: a hen}, {file: /etc/d.png, name: a cow}]}\nsections:\n  - {level: easy, count: 1, size: 4}\n", `spec.yaml:2: style.pictures[3].file: "/etc/d.png" is not inside the spec's folder`},
		{"a picture not an image", "title: T\nstyle: {shapes: true, pictures: [{file: a.png, name: a cat}, {file: b.png, name: a dog}, {file: c.jpg, name: a hen}, {file: d.gif, name: a cow}]}\nsections:\n  - {level: easy, count: 1, size: 4}\n", `spec.yaml:2: style.pictures[3].file: "d.gif" is not a .png, .jpg or .jpeg file`},
		{"a picture without a name", "title: T\nstyle: {shapes: true, pictures: [{file: a.png, name: a cat}, {file: b.png, name: a dog}, {file: c.jpg, name: a hen}, {file: d.png}]}\nsections:\n  - {level: easy, count: 1, size: 4}\n", `spec.yaml: style.pictures[3].name: "": want what the rules call the picture, with its article ("a cat")`},
		{"shapes beside a thermometer", "title: T\nstyle: {shapes: true}\nsections:\n  - {level: easy, count: 1, size: 6}\n  - {level: easy, count: 1, size: 6, variant: thermo}\n", "spec.yaml:2: style.shapes: true is not allowed with a thermo 6x6 section (want classic 4x4 and 6x6 sections only"},
		{"section start", base + "section_start: left\n", `spec.yaml:5: section_start: unknown section start "left" (want any or right)`},
		{"language", base + "language: xx\n", `spec.yaml:5: language: unknown language "xx" (want one of `},
		{"template", "template: nope\n" + base, `spec.yaml:1: template: no such template "nope" (want one of a4-classroom,`},
		{"text size", base + "style: {text_size: 6pt}\n", "spec.yaml:5: style.text_size: 6pt is not allowed (want 7pt to 36pt)"},
		{"text size large", base + "style: {text_size: 54pt}\n", "spec.yaml:5: style.text_size: 54pt is not allowed (want 7pt to 36pt)"},
		{"text size without unit", base + "style: {text_size: 10}\n", `spec.yaml:5: style.text_size: "10" has no unit`},
		{"thin line", base + "style:\n  thin_line: 0.5pt\n", "spec.yaml:6: style.thin_line: 0.5pt is not allowed (want 0.75pt to 4pt"},
		{"thick not thicker", base + "style:\n  thin_line: 1pt\n  thick_line: 1pt\n", "spec.yaml:7: style.thick_line: 1pt is not allowed (want thicker than thin_line, 1pt"},
		{"thick vs template thin", "template: kdp-6x9\n" + base + "style:\n  thin_line: 2pt\n", "spec.yaml:7: style.thick_line: 2pt is not allowed (want thicker than thin_line, 2pt, so the boxes stand out); style.thick_line comes from template kdp-6x9"},
		{"digit size", base + "style: {digit_size: 100pt}\n", "spec.yaml:5: style.digit_size: 100pt is not allowed (want 0 to fit the cell, or 6pt to 72pt)"},
		{"digits too large for the cells", base + "puzzles_per_page: 6\nstyle: {digit_size: 40pt}\n", "spec.yaml:6: style.digit_size: 40pt is too large for cells of at most"},
		{"digits too large in points", base + "puzzles_per_page: 6\nstyle: {digit_size: 72pt}\n", "spec.yaml:6: style.digit_size: 72pt is too large for cells of at most 15.32pt (want at most 13pt, or 0 to fit the cell)"},
		{"count zero", base[:len(base)-3] + "0\n", "spec.yaml:4: sections[0].count: 0 is not allowed (want 1 to 5000)"},
		{"count absurd", base[:len(base)-3] + "5001\n", "spec.yaml:4: sections[0].count: 5001 is not allowed (want 1 to 5000)"},
		{"count not a number", base[:len(base)-3] + "ten\n", `spec.yaml:4: sections[0].count: "ten" is not allowed (want a whole number)`},
		{"count missing", "title: T\nsections:\n  - level: easy\n", "spec.yaml:3: sections[0].count: missing (want the number of puzzles, 1 to 5000)"},
		{"level missing", "title: T\nsections:\n  - count: 3\n", "spec.yaml:3: sections[0].level: missing (want one of easy, medium, tough, hard, expert, extreme)"},
		{"empty section", "title: T\nsections:\n  -\n", "spec.yaml:3: sections[0].level: missing"},
		{"level unknown", "title: T\nsections:\n  - {level: easy, count: 1}\n  - {level: fiendish, count: 1}\n", `spec.yaml:4: sections[1].level: unknown level "fiendish" (want one of easy, medium, tough, hard, expert, extreme)`},
		{"total too many", "title: T\nsections:\n" + strings.Repeat("  - {level: easy, count: 5000}\n", 5), "spec.yaml:2: sections: 25000 puzzles in all is too many (want at most 20000)"},
		{"clues below 17", base + "    clues: 10-20\n", "spec.yaml:5: sections[0].clues: 10-20 is not allowed (want a band within 17-81"},
		{"clues above 81", base + "    clues: 80-90\n", "spec.yaml:5: sections[0].clues: 80-90 is not allowed (want a band within 17-81"},
		{"clues reversed", base + "    clues: 40-30\n", "spec.yaml:5: sections[0].clues: 40-30 is not allowed (want MIN-MAX with MIN no larger than MAX)"},
		{"clues infeasible", base + "    clues: 20\n", "spec.yaml:5: sections[0].clues: 20 cannot be reached for easy puzzles (want a band that meets " + easyBand + ")"},
		{"clues not a range", base + "    clues: many\n", `spec.yaml:5: sections[0].clues: "many" is not a range (want MIN-MAX such as 36-40, one number, or any)`},
		{"score reversed", base + "    score: 500-100\n", "spec.yaml:5: sections[0].score: 500-100 is not allowed (want MIN-MAX with MIN no larger than MAX)"},
		{"score negative", base + "    score: -5-10\n", "spec.yaml:5: sections[0].score: -5-10 is not allowed (want scores of 0 or more)"},
		{"score zero", base + "    score: 0\n", "spec.yaml:5: sections[0].score: 0 is not allowed (every solve scores above 0"},
		{"rating reversed", base + "    rating: 8.0-7.0\n", "spec.yaml:5: sections[0].rating: 8.0-7.0 is not allowed (want MIN-MAX with MIN no larger than MAX)"},
		{"rating off the scale", base + "    rating: 0.5-30\n", "spec.yaml:5: sections[0].rating: 0.5-30.0 is not allowed (want a band within 1.0-20.0 on the SE scale)"},
		{"rating not a band", base + "    rating: hard\n", `spec.yaml:5: sections[0].rating: "hard" is not a rating band (want MIN-MAX on the SE scale, such as 7.0-8.5, or one rating)`},
		{"technique unknown", base + "    technique: x-wang\n", `spec.yaml:5: sections[0].technique: unknown technique "x-wang"`},
		{"technique of another level", base + "    technique: x-wing\n", "spec.yaml:5: sections[0].technique: x-wing cannot be asked for: technique x-wing is tough, not easy"},
		{"technique that guesses", "title: T\nsections:\n  - level: extreme\n    count: 3\n    technique: bifurcation\n", "spec.yaml:5: sections[0].technique: bifurcation cannot be asked for: bifurcation is trial and error"},
		{"order unknown", base + "    order: random\n", `spec.yaml:5: sections[0].order: "random" is not an order (want ramp or shuffle)`},
		{"section title too long", base + "    title: " + strings.Repeat("x", 201) + "\n", "spec.yaml:5: sections[0].title: 201 characters is too long (want at most 200)"},
		{"intro too long", base + "intro: " + strings.Repeat("x", 10001) + "\n", "spec.yaml:5: intro: 10001 characters is too long"},
		{"dpi low", base + "png: {dpi: 50}\n", "spec.yaml:5: png.dpi: 50 is not allowed (want 72 to 1200)"},
		{"dpi high", base + "png:\n  dpi: 2400\n", "spec.yaml:6: png.dpi: 2400 is not allowed (want 72 to 1200)"},
		{"png size small", base + "png: {size: 0.5in}\n", "spec.yaml:5: png.size: 0.5in is not allowed (want 1in to 10in)"},
		{"png too many pixels", base + "png:\n  size: 10in\n  dpi: 1200\n", "spec.yaml:6: png.size: 10in at 1200 dpi is 12000 pixels across (want at most 10000"},
		{"cover paper", base + "cover: {paper: blue}\n", `spec.yaml:5: cover.paper: unknown paper "blue" (want white or cream)`},
		{"bleed not bool", base + "bleed: maybe\n", `spec.yaml:5: bleed: "maybe" is not allowed (want true or false)`},
		{"seed not a number", base + "seed: abc\n", `spec.yaml:5: seed: "abc" is not allowed (want a whole number)`},
		{"year", base + "year: 26\n", "spec.yaml:5: year: 26 is not allowed (want a year such as 2026"},
		{"title a mapping", "title: {a: 1}\n" + base[9:], "spec.yaml:1: title: want text, not a mapping"},
		{"sections not a list", "title: T\nsections: easy\n", "spec.yaml:2: sections: want a list (lines starting with -), not a value"},
		{"front not a mapping", base + "front: yes\n", `spec.yaml:5: front: "yes" is not allowed (want a mapping of title_page, copyright, how_to_play, contents, children, belongs_to)`},
		{"two documents", base + "---\ntitle: U\n", "spec.yaml:5: a second YAML document"},
		{"empty file", "", "spec.yaml: empty spec"},
		{"only comments", "# nothing\n", "spec.yaml: empty spec"},
		{"not a mapping", "- title: T\n", "spec.yaml:1: want a mapping of fields"},
		{"bad yaml", "title: T\nsections: [\n", "spec.yaml:2: bad YAML: did not find expected node content"},
		{"tab indent", "title: T\n\tsections: []\n", "spec.yaml:2: a tab in the indentation"},
		{"latin-1", "sections: []\ntitle: Caf\xe9 cr\xe8me\n", "spec.yaml:2: not UTF-8 text: byte 0xE9 at column 11 is not a character in UTF-8 (save the spec as UTF-8"},
	}
	if len(cases) < 30 {
		t.Fatalf("only %d bad specs", len(cases))
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, err := Load(strings.NewReader(c.yaml), "spec.yaml")
			if err == nil {
				t.Fatalf("Load gave %+v, want an error containing %q", s, c.want)
			}
			if s != nil {
				t.Errorf("Load returned a spec with its error")
			}
			if !errors.Is(err, ErrSpec) {
				t.Errorf("error %q does not wrap ErrSpec", err)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error:\n%v\nwant it to contain:\n%s", err, c.want)
			}
		})
	}
}

// TestLoadReportsEveryProblem: one Load names every mistake, in line order,
// and does not repeat a field that failed to decode as a validation error.
func TestLoadReportsEveryProblem(t *testing.T) {
	_, err := Load(strings.NewReader(`titel: x
trim: 6x9
puzzles_per_page: 3
sections:
  - level: easy
    count: 0
  - level: hard
    count: abc
png: {dpi: 10}
`), "spec.yaml")
	if err == nil {
		t.Fatal("Load gave no error")
	}
	want := []string{
		"spec.yaml: title: missing",
		`spec.yaml:1: unknown field "titel"`,
		`spec.yaml:2: trim: unknown size "6x9"`,
		"spec.yaml:3: puzzles_per_page: 3 is not allowed",
		"spec.yaml:6: sections[0].count: 0 is not allowed",
		`spec.yaml:8: sections[1].count: "abc" is not allowed`,
		"spec.yaml:9: png.dpi: 10 is not allowed",
	}
	got := strings.Split(err.Error(), "\n")
	if len(got) != len(want) {
		t.Fatalf("got %d problems:\n%v\nwant %d", len(got), err, len(want))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("problem %d: got %q, want it to start with %q", i, got[i], want[i])
		}
	}
	var fe *FieldError
	if !errors.As(err, &fe) || fe.File != "spec.yaml" {
		t.Errorf("errors.As(*FieldError) = %+v, want a FieldError naming spec.yaml", fe)
	}
}

// TestLoadSilentUnderFailedValues: a value that could not be read at all
// is reported once, not again for the fields it would have held, while a
// mapping with an unknown key still has its other fields validated.
func TestLoadSilentUnderFailedValues(t *testing.T) {
	cases := []struct {
		name, yaml string
		want       []string // every problem, in order
	}{
		{"section not a mapping", base + "  - easy\n  - [hard, 3]\n", []string{
			`spec.yaml:5: sections[1]: "easy" is not allowed (want a mapping of level, count,`,
			"spec.yaml:6: sections[2]: a list is not allowed (want a mapping of level, count,",
		}},
		{"unknown key beside a bad band", base + "    clues: 10-20\n    cluse: 30\n", []string{
			"spec.yaml:5: sections[0].clues: 10-20 is not allowed",
			`spec.yaml:6: sections[0]: unknown field "cluse"`,
		}},
		{"unknown margin beside a bad one", base + "margins: {left: 1in, top: -1in}\n", []string{
			`spec.yaml:5: margins: unknown field "left"`,
			"spec.yaml:5: margins.top: -1in is not allowed",
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Load(strings.NewReader(c.yaml), "spec.yaml")
			if err == nil {
				t.Fatal("Load gave no error")
			}
			got := strings.Split(err.Error(), "\n")
			if len(got) != len(c.want) {
				t.Fatalf("got %d problems:\n%v\nwant %d", len(got), err, len(c.want))
			}
			for i := range c.want {
				if !strings.HasPrefix(got[i], c.want[i]) {
					t.Errorf("problem %d: got %q, want it to start with %q", i, got[i], c.want[i])
				}
			}
		})
	}
}

func TestValidateBuiltInCode(t *testing.T) {
	s := Default()
	s.Title = "Code"
	s.Sections = []SectionSpec{{Level: engine.Medium, Count: 5}}
	if err := s.Validate(); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	s.Sections[0].Level = engine.Level(9)
	s.Symmetry = engine.Symmetry(-1)
	err := s.Validate()
	for _, want := range []string{"spec: sections[0].level: Level(9) is not allowed", "spec: symmetry: Symmetry(-1) is not allowed"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Validate error %v, want it to contain %q", err, want)
		}
	}
}

func TestLoadFileMissing(t *testing.T) {
	_, err := LoadFile("testdata/no-such.yaml")
	if !errors.Is(err, os.ErrNotExist) {
		t.Errorf("LoadFile of a missing file: got %v, want os.ErrNotExist", err)
	}
	if errors.Is(err, ErrSpec) {
		t.Errorf("a missing file is not a bad spec, got %v", err)
	}
}

// TestLoadFileFolder: a folder given for a spec is named once in the
// message, not once by Load and again by the read error it wraps.
func TestLoadFileFolder(t *testing.T) {
	_, err := LoadFile("testdata")
	if err == nil || errors.Is(err, ErrSpec) || strings.Count(err.Error(), "testdata") != 1 {
		t.Errorf("LoadFile of a folder: got %v, want a read error naming testdata once", err)
	}
}

func FuzzLoad(f *testing.F) {
	for _, name := range []string{"testdata/full.yaml", "testdata/minimal.yaml"} {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatalf("seed corpus: %v", err)
		}
		f.Add(string(data))
	}
	f.Add(base + "margins: {inside: auto, top: 1in}\n")
	f.Add("template: large-print\n" + base + "cover:\n")
	f.Add("a: &x [*x, *x]\nsections: *x\n")
	f.Add("title: &t T\nsections: [{level: easy, count: 1, title: *t}]\n")
	f.Fuzz(func(t *testing.T, in string) {
		s, err := Load(strings.NewReader(in), "fuzz.yaml")
		if err != nil {
			if s != nil {
				t.Errorf("spec returned with error %v", err)
			}
			if !errors.Is(err, ErrSpec) {
				t.Errorf("error %v does not wrap ErrSpec", err)
			}
			return
		}
		if err := s.Validate(); err != nil {
			t.Errorf("Load accepted a spec that Validate refuses: %v", err)
		}
		if len(s.Quotas()) != len(s.Sections) {
			t.Errorf("Quotas: got %d, want %d", len(s.Quotas()), len(s.Sections))
		}
	})
}

// TestSpecYAMLRoundTrip: a loaded spec marshalled by yaml.v3 loads back to
// the same spec, and yaml.v3's own strict decoder reads a spec file into
// the same values as Load, so the types serve plain yaml.v3 users too.
func TestSpecYAMLRoundTrip(t *testing.T) {
	s, err := LoadFile("testdata/full.yaml")
	if err != nil {
		t.Fatal(err)
	}
	out, err := yaml.Marshal(s)
	if err != nil {
		t.Fatalf("yaml.Marshal: %v", err)
	}
	back, err := Load(bytes.NewReader(out), "marshalled.yaml")
	if err != nil {
		t.Fatalf("Load of the marshalled spec: %v\n%s", err, out)
	}
	strip := func(s Spec) string {
		c := *s.Cover
		s.file, s.pos, s.Cover = "", nil, nil
		return fmt.Sprintf("%+v %+v", s, c)
	}
	if strip(*back) != strip(*s) {
		t.Errorf("round trip:\ngot  %s\nwant %s\nvia\n%s", strip(*back), strip(*s), out)
	}

	data, err := os.ReadFile("testdata/full.yaml")
	if err != nil {
		t.Fatal(err)
	}
	plain := Default()
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&plain); err != nil {
		t.Fatalf("yaml.v3 strict decode: %v", err)
	}
	if strip(plain) != strip(*s) {
		t.Errorf("yaml.v3 decode:\ngot  %s\nwant %s", strip(plain), strip(*s))
	}
}

func TestLoadEmptyValues(t *testing.T) {
	s := load(t, base+"margins:\nfront:\ncover:\n    \nstyle: {}\n")
	d := Default()
	if s.Margins != d.Margins || s.Front != d.Front || !reflect.DeepEqual(s.Style, d.Style) || s.Cover != nil {
		t.Errorf("empty values changed the defaults: margins %+v front %+v style %+v cover %v", s.Margins, s.Front, s.Style, s.Cover)
	}
	s = load(t, "template: kdp-6x9\n"+base+"    clues: any\ncover: {}\n")
	if s.Sections[0].Clues.Set || s.Cover == nil || s.Cover.Paper != PaperWhite {
		t.Errorf("clues: any gave %+v, cover: {} gave %+v; want an unset range and a white cover", s.Sections[0].Clues, s.Cover)
	}
}

// TestLoadSeedFromContent: a spec without a seed gets one from its text, so
// two specs that differ only in their title ("Volume 2") get different
// seeds, the same text the same seed, and a seed given is kept.
func TestLoadSeedFromContent(t *testing.T) {
	load := func(text string) int64 {
		t.Helper()
		s, err := Load(strings.NewReader(text), "s.yaml")
		if err != nil {
			t.Fatal(err)
		}
		return s.Seed
	}
	body := "sections: [{level: easy, count: 5}]\n"
	v1, v2 := load("title: Volume 1\n"+body), load("title: Volume 2\n"+body)
	if v1 == v2 {
		t.Errorf("Volume 1 and Volume 2 both get seed %d", v1)
	}
	if again := load("title: Volume 1\n" + body); again != v1 {
		t.Errorf("the same spec got seeds %d and %d", v1, again)
	}
	if got := load("title: Volume 1\nseed: 1\n" + body); got != 1 {
		t.Errorf("seed: 1 given, got %d", got)
	}
}

// TestLoadSolutionsFoot: a worksheet's answers at the foot take the
// preset's pages as they are (its solutions_per_page, meant for an
// appendix, is not the spec's to answer for), and leave the puzzles
// room: the foot band is taken from the puzzles' slots, not added to them.
func TestLoadSolutionsFoot(t *testing.T) {
	s, err := Load(strings.NewReader("template: a4-classroom\nsolutions: foot\n"+base), "spec.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if s.Solutions != SolutionsFoot {
		t.Fatalf("solutions %v, want foot", s.Solutions)
	}
	back := *s
	back.Solutions = SolutionsBack
	ps, ss := s.PageSlots(s.Inside(30))
	bp, _ := back.PageSlots(back.Inside(30))
	if ps.Side >= bp.Side || ps.Side < 2*ss.Side {
		t.Errorf("puzzles %.0fpt with answers at the foot, %.0fpt without, answers %.0fpt: want the puzzles smaller for the band, and still twice the answers", ps.Side, bp.Side, ss.Side)
	}
	if ss.Side < MinGridSide || ss.Cols != s.PuzzlesPerPage {
		t.Errorf("answers %.0fpt in %d columns, want at least %.0fpt, one a puzzle of the page", ss.Side, ss.Cols, MinGridSide)
	}
	ts := TypeScaleFor(s.Style)
	h := float64(s.Trim.H-s.Margins.Top-s.Margins.Bottom) - ts.HeadBand() - ts.FootBand()
	puzzleFoot := ps.Ys[len(ps.Ys)-1] + ps.LabelH + ps.Side + ts.NameLineHeight()
	if answersTop := ss.Ys[0]; answersTop < puzzleFoot+FootRuleGap/2 || answersTop+ss.LabelH+ss.Side > h+0.01 {
		t.Errorf("answers from %.1fpt to %.1fpt of a %.1fpt body whose puzzles end at %.1fpt: want them below the rule, inside the body", answersTop, answersTop+ss.LabelH+ss.Side, h, puzzleFoot)
	}
}
