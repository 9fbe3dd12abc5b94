package book

import (
	"strings"
	"testing"
)

// TestSpecPath: one rule for a spec's file names on every system, checked
// here for both: / and \ separate folders everywhere, an absolute path is
// taken where it is absolute, and one that is absolute only on the other
// system, or depends on a current drive, is refused.
func TestSpecPath(t *testing.T) {
	for _, c := range []struct {
		windows   bool
		dir, name string
		want      string // "" with refused
		refused   string
	}{
		{false, "/home/ann/books", `art\cover.jpg`, "/home/ann/books/art/cover.jpg", ""},
		{false, "/home/ann/books", "art/cover.jpg", "/home/ann/books/art/cover.jpg", ""},
		{false, "books", `..\fonts\x.ttf`, "fonts/x.ttf", ""},
		{false, "", "x.ttf", "x.ttf", ""},
		{false, "/home/ann/books", "/usr/share/fonts/x.ttf", "/usr/share/fonts/x.ttf", ""},
		{false, "/home/ann/books", `C:\Fonts\x.ttf`, "", "is a Windows path"},
		{false, "/home/ann/books", "c:/Fonts/x.ttf", "", "is a Windows path"},
		{false, "/home/ann/books", `\\server\share\x.ttf`, "", "is a Windows path"},
		{true, `C:\Users\ann\books`, `art\cover.jpg`, `C:\Users\ann\books\art\cover.jpg`, ""},
		{true, `C:\Users\ann\books`, "art/cover.jpg", `C:\Users\ann\books\art\cover.jpg`, ""},
		{true, `C:\Users\ann\books`, `..\fonts\x.ttf`, `C:\Users\ann\fonts\x.ttf`, ""},
		{true, `C:\Users\ann\books`, `D:\Fonts\x.ttf`, `D:\Fonts\x.ttf`, ""},
		{true, `C:\Users\ann\books`, "d:/Fonts/x.ttf", `d:\Fonts\x.ttf`, ""},
		{true, `C:\Users\ann\books`, `\\server\share\x.ttf`, `\\server\share\x.ttf`, ""},
		{true, `C:\Users\ann\books`, "C:x.ttf", "", "relative to the current folder of drive C:"},
		{true, `C:\Users\ann\books`, `\Fonts\x.ttf`, "", "has no drive"},
		{true, `C:\Users\ann\books`, "/usr/share/fonts/x.ttf", "", "has no drive"},
	} {
		got, err := specPath(c.dir, c.name, c.windows)
		switch {
		case c.refused == "" && (err != nil || got != c.want):
			t.Errorf("windows=%v: %q in %q: got %q, %v; want %q", c.windows, c.name, c.dir, got, err, c.want)
		case c.refused != "" && (err == nil || !strings.Contains(err.Error(), c.refused)):
			t.Errorf("windows=%v: %q: got %q, %v; want it refused with %q", c.windows, c.name, got, err, c.refused)
		}
	}
}

// TestSpecPathsRefusedAtLoad: a spec naming a file by a path this system
// cannot take is a spec error at load, naming the field.
func TestSpecPathsRefusedAtLoad(t *testing.T) {
	bad := `C:\Fonts\x.ttf`
	if onWindows {
		bad = `\Fonts\x.ttf`
	}
	_, err := Load(strings.NewReader("title: T\nfonts: {text: '"+bad+"'}\ncover: {art: '"+bad+"'}\nsections:\n  - {level: easy, count: 2}\n"), "t.yaml")
	if err == nil {
		t.Fatalf("%s loaded", bad)
	}
	for _, want := range []string{"t.yaml:2: fonts.text: ", "t.yaml:3: cover.art: "} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %v does not name %s", err, want)
		}
	}
}
