package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/web"
)

// TestBuildWritesHTML: `html: {puzzles: 2-4}` writes book.html with those
// puzzles, names it in the manifest, and `sudokubook html` makes the same
// page again from the manifest.
func TestBuildWritesHTML(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	dir := t.TempDir()
	spec, err := os.ReadFile("testdata/small.yaml")
	if err != nil {
		t.Fatal(err)
	}
	specFile := filepath.Join(dir, "spec.yaml")
	if err := os.WriteFile(specFile, append(spec, "html: {puzzles: 2-4}\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	stdout := buildInto(t, specFile, out, "-j", "1")
	if !strings.Contains(stdout, "book.html: the web edition") {
		t.Errorf("build does not say it wrote the web edition:\n%s", stdout)
	}
	page, err := os.ReadFile(filepath.Join(out, "book.html"))
	if err != nil {
		t.Fatal(err)
	}
	m := readManifest(t, out)
	// The page is the web package's page of this manifest and sample (the
	// web package's tests read pages back puzzle by puzzle).
	if want, err := web.Page(m, web.Options{Puzzles: book.Range{Min: 2, Max: 4, Set: true}}); err != nil || !bytes.Equal(page, want) {
		t.Errorf("book.html is not the web edition of puzzles 2-4 of its manifest (err %v)", err)
	}
	if m.HTML != "book.html" || m.Language != "en" {
		t.Errorf("manifest html %q language %q, want book.html and en", m.HTML, m.Language)
	}

	again := filepath.Join(dir, "again.html")
	if _, stderr, code := runCmd(t, "", "html", filepath.Join(out, "manifest.json"), "-o", again, "--puzzles", "2-4"); code != 0 {
		t.Fatalf("html: exit %d: %s", code, stderr)
	}
	if !bytes.Equal(mustRead(t, again), page) {
		t.Error("`sudokubook html` made a different page from the build's")
	}
	// Without --puzzles, every puzzle; over its own earlier file, fine.
	if _, stderr, code := runCmd(t, "", "html", filepath.Join(out, "manifest.json"), "-o", again); code != 0 {
		t.Fatalf("html over its own file: exit %d: %s", code, stderr)
	}
	if want, _ := web.Page(m, web.Options{}); !bytes.Equal(mustRead(t, again), want) {
		t.Error("html without --puzzles is not the web edition of every puzzle")
	}

	// A spec without html: a rebuild removes the old web edition.
	buildInto(t, "testdata/small.yaml", out, "-j", "1")
	if _, err := os.Stat(filepath.Join(out, "book.html")); !os.IsNotExist(err) {
		t.Errorf("a build without html left book.html behind (stat: %v)", err)
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestHTMLCommandErrors(t *testing.T) {
	dir := t.TempDir()
	manifest, err := filepath.Abs("../../web/testdata/manifest.json")
	if err != nil {
		t.Fatal(err)
	}
	foreign := filepath.Join(dir, "notes.html")
	if err := os.WriteFile(foreign, []byte("<html>my own notes</html>"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"no -o", []string{"html", manifest}, 2, "-o FILE"},
		{"no manifest", []string{"html", "-o", filepath.Join(dir, "x.html")}, 2, "one MANIFEST"},
		{"bad band", []string{"html", manifest, "-o", filepath.Join(dir, "x.html"), "--puzzles", "5-2"}, 2, "--puzzles 5-2"},
		{"not a band", []string{"html", manifest, "-o", filepath.Join(dir, "x.html"), "--puzzles", "some"}, 2, "not a range"},
		{"band outside the book", []string{"html", manifest, "-o", filepath.Join(dir, "x.html"), "--puzzles", "50-60"}, 2, "no puzzle numbered 50-60"},
		// Input errors, exit 2 as the exit-code table has it: a manifest
		// that is missing, not a manifest or not a file, and an -o that
		// is the reader's own file.
		{"missing manifest", []string{"html", filepath.Join(dir, "none.json"), "-o", filepath.Join(dir, "x.html")}, 2, "no such file"},
		{"not a manifest", []string{"html", foreign, "-o", filepath.Join(dir, "x.html")}, 2, "bad manifest"},
		{"manifest is a folder", []string{"html", dir, "-o", filepath.Join(dir, "x.html")}, 2, "is not a regular file (a folder)"},
		{"someone else's file", []string{"html", manifest, "-o", foreign}, 2, "not replacing it"},
		{"no such folder", []string{"html", manifest, "-o", filepath.Join(dir, "nowhere", "x.html")}, 1, "no folder"},
		// The generator page: no manifest, a language, an -o of its own.
		{"generator without -o", []string{"html", "--generator", "en"}, 2, "wants -o FILE"},
		{"generator and a manifest", []string{"html", "--generator", "en", "-o", filepath.Join(dir, "x.html"), manifest}, 2, "no MANIFEST"},
		{"generator in an unknown language", []string{"html", "--generator", "xx", "-o", filepath.Join(dir, "x.html")}, 2, `"xx"`},
		{"generator over someone else's file", []string{"html", "--generator", "en", "-o", foreign}, 2, "not replacing it"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, stderr, code := runCmd(t, "", c.args...)
			if code != c.code || !strings.Contains(stderr, c.msg) {
				t.Errorf("exit %d, stderr %q; want exit %d mentioning %q", code, stderr, c.code, c.msg)
			}
		})
	}
	if b, _ := os.ReadFile(foreign); string(b) != "<html>my own notes</html>" {
		t.Errorf("the reader's own file was changed: %q", b)
	}
	if _, err := os.Stat(filepath.Join(dir, "x.html")); !os.IsNotExist(err) {
		t.Errorf("a failed html command left x.html (stat: %v)", err)
	}
}

// A manifest in a language the program has no words for is an input
// error, exit 2, naming the file and the field, and writes nothing.
func TestHTMLUnknownLanguage(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	buildInto(t, "testdata/small.yaml", out, "-j", "1")
	data := bytes.Replace(mustRead(t, filepath.Join(out, "manifest.json")), []byte(`"language": "en"`), []byte(`"language": "xx"`), 1)
	if !bytes.Contains(data, []byte(`"language": "xx"`)) {
		t.Fatal("the manifest has no language field to change")
	}
	manifest := filepath.Join(dir, "manifest.json")
	if err := os.WriteFile(manifest, data, 0o644); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(dir, "page.html")
	_, stderr, code := runCmd(t, "", "html", manifest, "-o", page)
	if code != exitInput || !strings.Contains(stderr, manifest+": language: ") || !strings.Contains(stderr, `"xx"`) {
		t.Errorf("html of a manifest in language xx: exit %d, %q; want 2 naming the file and its language", code, stderr)
	}
	if _, err := os.Stat(page); err == nil {
		t.Error("html wrote a page for a language it has no words for")
	}
}

// TestHTMLGenerator: `html --generator LANG -o FILE` writes the web
// package's generator page in that language, the engine this binary
// carries inside it; a binary built without the engine (no go generate)
// says how to build it, exit 1, and writes nothing. Its bad uses are in
// TestHTMLCommandErrors.
func TestHTMLGenerator(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "play.html")
	stdout, stderr, code := runCmd(t, "", "html", "--generator", "de", "-o", out)
	want, err := web.Generator(web.GeneratorOptions{Language: "de"})
	switch {
	case errors.Is(err, web.ErrNoEngine):
		if code != 1 || !strings.Contains(stderr, "go generate ./web") {
			t.Errorf("without the engine: exit %d, %q; want 1 saying to run go generate", code, stderr)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("without the engine the page was written (stat: %v)", err)
		}
	case err != nil:
		t.Fatal(err)
	default:
		if code != 0 || !strings.Contains(stdout, "the generator page") {
			t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
		}
		if !bytes.Equal(mustRead(t, out), want) {
			t.Error("the page written is not the web package's German generator page")
		}
		if _, stderr, code := runCmd(t, "", "html", "--generator", "en", "-o", out); code != 0 || !bytes.Contains(mustRead(t, out), []byte(`lang="en"`)) {
			t.Errorf("over its own page: exit %d, %q", code, stderr)
		}
	}
}
