package book

import (
	"errors"
	"strings"
	"testing"
)

// TestUnprintableText: every printed field of a spec takes any Unicode
// without a panic, and a text that cannot print is refused at load, with
// its line, its field and the characters by code point.
func TestUnprintableText(t *testing.T) {
	const secs = "sections:\n  - level: easy\n    count: 1\n"
	cases := []struct {
		name, yaml, want string
	}{
		{"emoji in the title", "title: \"Fun 🎉\"\n" + secs, `spec.yaml:1: title: "Fun 🎉": 🎉 (U+1F389) is outside the Basic Multilingual Plane`},
		{"emoji in the subtitle", "title: T\nsubtitle: \"😀😀\"\n" + secs, "spec.yaml:2: subtitle: "},
		{"emoji in the author", "title: T\nauthor: \"A 👩\u200d💻\"\n" + secs, "U+1F469"},
		{"emoji in the intro", "title: T\nintro: |\n  Hello 🧩\n" + secs, "spec.yaml:2: intro: 🧩 (U+1F9E9)"},
		{"emoji in a section title", "title: T\n" + secs + "    title: \"Go 🚀\"\n", "spec.yaml:5: sections[0].title: \"Go 🚀\": 🚀 (U+1F680)"},
		{"bell", "title: \"A\\aB\"\n" + secs, "spec.yaml:1: title: \"A\\aB\": control character U+0007 cannot be printed"},
		{"tab", "title: \"A\\tB\"\n" + secs, "control character U+0009 cannot be printed (remove it; a tab is a control character)"},
		{"NUL", "title: \"A\\0B\"\n" + secs, "control character U+0000"},
		{"zero-width spaces only", "title: \"\\u200b\\u200b\"\n" + secs, "spec.yaml:1: title: \"\\u200b\\u200b\": invisible format character U+200B cannot be printed"},
		{"direction override", "title: \"A\\u202eB\"\n" + secs, "invisible format character U+202E"},
		{"soft hyphen", "title: \"Su\\u00addoku\"\n" + secs, "invisible format character U+00AD"},
		{"Hebrew", "title: \"סודוקו\"\n" + secs, "spec.yaml:1: title: \"סודוקו\": right-to-left text (ס (U+05E1)"},
		{"Arabic", "title: \"سودوكو\"\n" + secs, "right-to-left text (س (U+0633)"},
		{"marks only", "title: \"\\u0301\\u0302\"\n" + secs, "has no visible character"},
		{"braille blank", "title: \"\\u2800\"\n" + secs, "has no visible character"},
		{"Hangul filler", "title: \"\\u3164 \\u3164\"\n" + secs, "has no visible character"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, err := Load(strings.NewReader(c.yaml), "spec.yaml")
			if err == nil {
				t.Fatalf("Load gave title %q, want an error containing %q", s.Title, c.want)
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

// TestPrintableText: scripts that print left to right, and combining marks
// that compose, are taken as they are (composed to NFC).
func TestPrintableText(t *testing.T) {
	const secs = "sections:\n  - level: easy\n    count: 1\n"
	for _, title := range []string{"Судоку", "数独の本", "Σουντόκου", "Zoë Müller-Ibáñez", "सुडोकु", "ซูโดกุ"} {
		s, err := Load(strings.NewReader("title: \""+title+"\"\n"+secs), "spec.yaml")
		if err != nil {
			t.Errorf("title %q: %v", title, err)
			continue
		}
		if s.Title != title {
			t.Errorf("title %q came back as %q", title, s.Title)
		}
	}
	s, err := Load(strings.NewReader("title: \"Cafe\\u0301\"\n"+secs), "spec.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if s.Title != "Café" {
		t.Errorf("e + combining acute: got %q, want the composed %q", s.Title, "Café")
	}
}

func TestFontFileNames(t *testing.T) {
	const secs = "sections:\n  - level: easy\n    count: 1\n"
	for _, c := range []struct{ yaml, want string }{
		{"fonts: {text: Noto.ttc}\n", `spec.yaml:2: fonts.text: "Noto.ttc" is a font collection`},
		{"fonts:\n  digits: face.woff2\n", `spec.yaml:3: fonts.digits: "face.woff2" is not a TrueType font`},
	} {
		_, err := Load(strings.NewReader("title: T\n"+c.yaml+secs), "spec.yaml")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %q", c.yaml, err, c.want)
		}
	}
	s, err := Load(strings.NewReader("title: T\nfonts: {text: f/My.TTF}\n"+secs), "books/spec.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := s.ResolvePath(s.Fonts.Text), "books/f/My.TTF"; got != want {
		t.Errorf("ResolvePath: got %q, want %q (relative to the spec)", got, want)
	}
}
