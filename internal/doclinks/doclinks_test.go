package doclinks

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestDocLinks: every relative link and anchor of README.md,
// CONTRIBUTING.md and docs/*.md resolves.
func TestDocLinks(t *testing.T) {
	root := filepath.Join("..", "..")
	files := []string{"README.md", "CONTRIBUTING.md"}
	pages, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) < 10 {
		t.Fatalf("%d pages in docs/, want the manual's pages", len(pages))
	}
	for _, p := range pages {
		rel, _ := filepath.Rel(root, p)
		files = append(files, rel)
	}
	problems, err := Check(root, files)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
	// Every page of the manual is reachable from its index.
	index, err := os.ReadFile(filepath.Join(root, "docs", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var linked []string
	for _, l := range Links(string(index)) {
		file, _, _ := strings.Cut(l.Target, "#")
		linked = append(linked, file)
	}
	for _, p := range pages {
		if name := filepath.Base(p); name != "README.md" && !slices.Contains(linked, name) {
			t.Errorf("docs/README.md does not link docs/%s", name)
		}
	}
}

// TestCheckFindsDeadLinks: a missing file, a missing anchor and a link
// into a folder with an anchor are each reported with their line; links
// in code, to other sites and to headings that exist are not.
func TestCheckFindsDeadLinks(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("docs/b.md", "# Page B\n\n## The `spec`: fields\n\n## Twice\n\n## Twice\n")
	write("a.md", strings.Join([]string{
		"# A",
		"[ok](docs/b.md) [ok](docs/b.md#the-spec-fields) [ok](docs/b.md#twice-1) [ok](#a) [ok](docs)",
		"[gone](docs/c.md)",
		"[no anchor](docs/b.md#fields)",
		"![picture](docs/b.png)",
		"[folder](docs#x) [web](https://example.com/x#y) `[code](nowhere.md)`",
		"```",
		"[fenced](nowhere.md)",
		"```",
		"[self](#missing)",
	}, "\n"))
	problems, err := Check(dir, []string{"a.md"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range problems {
		got = append(got, p.String())
	}
	want := []string{
		`a.md:3: link "docs/c.md": no such file`,
		`a.md:4: link "docs/b.md#fields": no heading with that anchor`,
		`a.md:5: link "docs/b.png": no such file`,
		`a.md:6: link "docs#x": an anchor into a folder`,
		`a.md:10: link "#missing": no heading with that anchor`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestSlug(t *testing.T) {
	for in, want := range map[string]string{
		"Kinds of puzzle: variants and sizes":        "kinds-of-puzzle-variants-and-sizes",
		"Samurai, sohei, flower, twin and butterfly": "samurai-sohei-flower-twin-and-butterfly",
		"What a build promises about OUTDIR":         "what-a-build-promises-about-outdir",
		"The `bank` commands":                        "the-bank-commands",
		"Futoshiki and calcudoku: Latin squares":     "futoshiki-and-calcudoku-latin-squares",
		"Checklist for KDP":                          "checklist-for-kdp",
		"Grading and levels (the SE scale, 1.0-9.9)": "grading-and-levels-the-se-scale-10-99",
		"Einführung": "einführung",
	} {
		if got := Slug(in); got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
	}
}
