package main

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/internal/pdftest"
	"github.com/sudokubook/sudokubook/layout"
	"github.com/sudokubook/sudokubook/preflight"
)

// buildInto runs "build SPEC -o DIR" with extra flags and fails the test on
// a non-zero exit.
func buildInto(t *testing.T, spec, dir string, flags ...string) string {
	t.Helper()
	out, stderr, code := runCmd(t, "", append([]string{"build", spec, "-o", dir, "--quiet"}, flags...)...)
	if code != 0 {
		t.Fatalf("build %s: exit %d\n%s%s", spec, code, out, stderr)
	}
	return out
}

func readManifest(t *testing.T, dir string) *book.Manifest {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := book.ReadManifest(f)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// treeFiles maps every file of the book on show in dir to its bytes, as a
// reader of the folder sees it: through the top-level links, without the
// program's own .sudokubook state.
func treeFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	top, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range top {
		if e.Name() == ".sudokubook" {
			continue
		}
		if _, err := os.Stat(filepath.Join(dir, e.Name())); errors.Is(err, fs.ErrNotExist) {
			continue // a link the book on show does not use, until the next build removes it
		}
		// A trailing slash makes WalkDir follow a root that is a link.
		root := filepath.Join(dir, e.Name())
		if fi, err := os.Stat(root); err == nil && fi.IsDir() {
			root += string(filepath.Separator)
		}
		err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, err := os.ReadFile(p)
			rel, _ := filepath.Rel(dir, p)
			out[rel] = b
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

func TestBuildSmallBook(t *testing.T) {
	dir := t.TempDir()
	buildInto(t, "testdata/small.yaml", dir, "-j", "1")
	files := treeFiles(t, dir)
	m := readManifest(t, dir)
	if len(m.Puzzles) != 18 {
		t.Fatalf("manifest has %d puzzles, want 18", len(m.Puzzles))
	}
	for _, p := range m.Puzzles {
		for _, f := range []string{p.PNG, p.SolutionPNG, p.SinglePDF, p.SolutionPDF} {
			if f == "" || files[filepath.FromSlash(f)] == nil {
				t.Errorf("puzzle %d: file %q listed but not written", p.Number, f)
			}
		}
		wantSection := "Easy"
		if p.Number > 10 {
			wantSection = "Medium Rare"
		}
		if p.Section != wantSection {
			t.Errorf("puzzle %d in section %q, want %q", p.Number, p.Section, wantSection)
		}
	}
	// 18 puzzles, 36 PNGs and 36 single PDFs, the book, manifest and report.
	if want := 1 + 1 + 1 + 36 + 36; len(files) != want {
		t.Errorf("%d files written, want %d", len(files), want)
	}
	verifyBook(t, files["book.pdf"], m, "en")
	verifySingles(t, files, m, "testdata/small.yaml")

	// Same spec and seed, other worker count: the same bytes, every file.
	dir2 := t.TempDir()
	buildInto(t, "testdata/small.yaml", dir2, "-j", "2")
	files2 := treeFiles(t, dir2)
	for name, b := range files {
		if !bytes.Equal(b, files2[name]) {
			t.Errorf("%s differs between -j 1 and -j 2", name)
		}
	}
	if len(files2) != len(files) {
		t.Errorf("-j 2 wrote %d files, -j 1 wrote %d", len(files2), len(files))
	}
}

func TestBuildBadSpecWritesNothing(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "bad.yaml")
	os.WriteFile(spec, []byte("title: X\nsections:\n  - level: easy\n    count: 10\n    clues: 18-20\n"), 0o644)
	out := filepath.Join(dir, "out")
	_, stderr, code := runCmd(t, "", "build", spec, "-o", out)
	if code != 2 || !strings.Contains(stderr, "bad.yaml:5") || !strings.Contains(stderr, "clues") {
		t.Errorf("got exit %d, stderr %q; want 2 and an error at bad.yaml:5 naming clues", code, stderr)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a refused spec created the output folder")
	}
}

// An output folder that cannot be made is named as the output folder, not
// only in mkdir's words.
func TestBuildOutputIsAFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "book.pdf")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := runCmd(t, "", "build", "testdata/small.yaml", "-o", file, "--quiet")
	// A user's slip (the PDF's name for the folder), so an input error,
	// exit 2, as the exit-code table says; the file is left as it was.
	if want := "cannot make the output folder " + file + ": the output is a file, not a folder"; code != 2 || !strings.Contains(stderr, want) {
		t.Errorf("got exit %d, stderr %q; want 2 and %q", code, stderr, want)
	}
	if b, err := os.ReadFile(file); err != nil || string(b) != "x" {
		t.Errorf("the file now holds %q (%v), want it untouched", b, err)
	}
}

// A build that cannot finish leaves the previous book exactly as it was
// and no staging folder behind.
func TestFailedBuildKeepsPreviousBook(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	dir := t.TempDir()
	buildInto(t, "testdata/small.yaml", dir)
	before := treeFiles(t, dir)

	// A score band no medium puzzle reaches, and a short time limit.
	spec := filepath.Join(t.TempDir(), "short.yaml")
	os.WriteFile(spec, []byte("title: Short\nseed: 3\nsections:\n  - level: easy\n    count: 2\n  - level: medium\n    count: 2\n    score: 19000-20800\n"), 0o644)
	_, stderr, code := runCmd(t, "", "build", spec, "-o", dir, "--timeout", "1s", "--quiet")
	if code != 1 || !strings.Contains(stderr, "sections[1] (medium, medium): found 0 of 2") {
		t.Errorf("got exit %d, stderr %q; want 1 and the section that fell short", code, stderr)
	}
	after := treeFiles(t, dir)
	if len(after) != len(before) {
		t.Errorf("failed build changed the folder: %d files before, %d after", len(before), len(after))
	}
	for name, b := range before {
		if !bytes.Equal(b, after[name]) {
			t.Errorf("failed build changed %s", name)
		}
	}

	// An interrupted build (Ctrl-C) likewise.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var so, se bytes.Buffer
	err := run(ctx, []string{"build", "testdata/small.yaml", "-o", dir, "--quiet"}, nil, &so, &se)
	if err == nil {
		t.Fatal("cancelled build succeeded")
	}
	if got := treeFiles(t, dir); len(got) != len(before) {
		t.Errorf("cancelled build changed the folder")
	}
}

// Every shipped example builds, passes its own preflight, and its PDF is
// what the manifest says, grid by grid.
func TestExamplesBuild(t *testing.T) {
	specs, err := filepath.Glob("../../examples/*.yaml")
	if err != nil || len(specs) < 4 {
		t.Fatalf("found %d examples (%v), want at least 4", len(specs), err)
	}
	if testing.Short() {
		// The fast tier builds one example; the full tier builds them all.
		specs = []string{"../../examples/starter.yaml"}
	}
	for _, spec := range specs {
		t.Run(filepath.Base(spec), func(t *testing.T) {
			dir := t.TempDir()
			s, pdf, m := buildAndVerify(t, spec, dir, "--strict")

			// The page size and fonts, read back independently of the
			// build's own check.
			pages, err := preflight.PageInfo(bytes.NewReader(pdf))
			if err != nil {
				t.Fatal(err)
			}
			if len(pages) != m.Pages || m.Pages%2 != 0 || m.Pages < 24 {
				t.Errorf("%d pages (manifest %d): want an even count of at least 24", len(pages), m.Pages)
			}
			for _, p := range pages {
				if tb := p.Trim; abs(tb.W()-float64(s.Trim.W)) > 0.01 || abs(tb.H()-float64(s.Trim.H)) > 0.01 {
					t.Fatalf("page %d trim %.2fx%.2f pt, want %.2fx%.2f", p.Page, tb.W(), tb.H(), float64(s.Trim.W), float64(s.Trim.H))
				}
			}
			fonts, err := preflight.Fonts(bytes.NewReader(pdf))
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range fonts {
				if !f.Embedded {
					t.Errorf("font %s on page %d is not embedded", f.Name, f.Page)
				}
			}
			if len(fonts) == 0 {
				t.Error("no fonts found")
			}
			if s.Cover != nil && m.Cover != "cover.pdf" {
				t.Errorf("spec asks for a cover, manifest lists %q", m.Cover)
			}
			if s.Cover != nil {
				// The cover passes the printer's cover rules: size and
				// spine for the page count, safe area, image resolution.
				stdout, stderr, code := runCmd(t, "", "check", filepath.Join(dir, "cover.pdf"))
				if code != 0 || !strings.Contains(stdout, "PASS spine width") || !strings.Contains(stdout, "PASS text in safe area") {
					t.Errorf("check of the cover: exit %d, stdout %q, stderr %q; want 0 and the cover's rules passed", code, stdout, stderr)
				}
				// Renamed and moved away from its manifest, the cover is
				// checked as an interior and fails; check says how to
				// check it, and that way passes the cover's rules.
				moved := filepath.Join(t.TempDir(), "my-cover.pdf")
				if err := os.WriteFile(moved, mustRead(t, filepath.Join(dir, "cover.pdf")), 0o644); err != nil {
					t.Fatal(err)
				}
				_, stderr, code = runCmd(t, "", "check", moved)
				if code != 1 || !strings.Contains(stderr, "like a full-wrap cover") || !strings.Contains(stderr, "--manifest OUTDIR/manifest.json") {
					t.Errorf("check of a moved cover: exit %d, stderr %q; want 1 and how to check a cover", code, stderr)
				}
				stdout, stderr, code = runCmd(t, "", "check", moved, "--manifest", filepath.Join(dir, "manifest.json"))
				if code != 0 || !strings.Contains(stdout, "PASS spine width") {
					t.Errorf("check of a moved cover with its manifest: exit %d, stdout %q, stderr %q; want 0 and the cover's rules passed", code, stdout, stderr)
				}
			}
		})
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

func TestCheckCommand(t *testing.T) {
	dir := t.TempDir()
	buildInto(t, "testdata/small.yaml", dir)
	out, _, code := runCmd(t, "", "check", filepath.Join(dir, "book.pdf"))
	// 18 puzzles make fewer than the 24 pages KDP asks for.
	if code != 1 || !strings.Contains(out, "FAIL page count") || !strings.Contains(out, "PASS margins") {
		t.Errorf("check: exit %d, output:\n%s\nwant exit 1, a failed page count and passed margins", code, out)
	}
}

// verifySingles checks the single-grid files against the manifest: each
// vector PDF prints the manifest's grid cell by cell, and each PNG is exactly
// what drawing the manifest's grid gives.
// buildAndVerify builds spec into dir and reads the book back against its
// manifest (verifyKinds): every puzzle of the spec is in the manifest and
// printed where it says.
func buildAndVerify(t *testing.T, spec, dir string, flags ...string) (*book.Spec, []byte, *book.Manifest) {
	t.Helper()
	buildInto(t, spec, dir, flags...)
	s, err := book.LoadFile(spec)
	if err != nil {
		t.Fatal(err)
	}
	pdf, err := os.ReadFile(filepath.Join(dir, "book.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	m := readManifest(t, dir)
	if len(m.Puzzles) != s.Total() {
		t.Fatalf("manifest has %d puzzles, spec asks %d", len(m.Puzzles), s.Total())
	}
	verifyKinds(t, pdf, m, s.Language, s.Style.Letters)
	return s, pdf, m
}

func verifySingles(t *testing.T, files map[string][]byte, m *book.Manifest, specPath string) {
	t.Helper()
	s, err := book.LoadFile(specPath)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range m.Puzzles {
		geo, g, sol, err := p.Grids()
		if err != nil {
			t.Fatalf("puzzle %d: %v", p.Number, err)
		}
		for _, f := range []struct {
			name     string
			want     []uint8
			solution bool
		}{{p.SinglePDF, g, false}, {p.SolutionPDF, sol, true}} {
			ctx, err := pdftest.Open(files[filepath.FromSlash(f.name)])
			if err != nil {
				t.Fatalf("%s: %v", f.name, err)
			}
			content, err := pdftest.PageContent(ctx, 1)
			if err != nil {
				t.Fatalf("%s: %v", f.name, err)
			}
			items, err := pdftest.Items(content)
			if err != nil {
				t.Fatalf("%s: %v", f.name, err)
			}
			var digits []pdftest.TextItem
			for _, it := range items {
				if isSymbol(it.Text) {
					digits = append(digits, it)
				}
			}
			if len(digits) != len(items) {
				t.Errorf("%s: %d strings, %d of them digits: want the grid only", f.name, len(items), len(digits))
			}
			lat, err := matchCells(digits, geo, f.want, s.Style.Letters)
			if err == nil {
				segs, fills := pdftest.Marks(content)
				err = checkMarks(segs, fills, geo, lat)
			}
			if err != nil {
				t.Errorf("%s: %v", f.name, err)
			}
		}
		fig := layout.Figure{Geo: geo, Givens: g, Solution: sol}
		for _, f := range []struct {
			name     string
			solution bool
		}{{p.PNG, false}, {p.SolutionPNG, true}} {
			var want bytes.Buffer
			if err := layout.RenderPNG(&want, fig, f.solution, s.PNG.Size, s.PNG.DPI, s.Style); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(files[filepath.FromSlash(f.name)], want.Bytes()) {
				t.Errorf("%s is not the drawing of the manifest's grid", f.name)
			}
		}
	}
}

// With --strict a book that fails its preflight (testdata/small.yaml has
// 16 pages, under KDP's 24) is not committed: the previous book stays on
// show, the failing one is kept in .sudokubook/rejected, the one
// rejected before it replaced, exit 1. Without --strict it is committed.
func TestStrictKeepsTheOldBook(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	a, _, refA, _ := books(t)
	dir := filepath.Join(t.TempDir(), "out")
	buildInto(t, a, dir)
	rejected := filepath.Join(dir, ".sudokubook", "rejected")
	for range 2 {
		_, stderr, code := runCmd(t, "", "build", "testdata/small.yaml", "-o", dir, "--quiet", "--strict")
		if code != exitFailure || !strings.Contains(stderr, "the failing book is kept in "+rejected) || !strings.Contains(stderr, rejected+"/preflight.txt") {
			t.Fatalf("a failing book with --strict: exit %d, %q; want 1 naming %s", code, stderr, rejected)
		}
		if got := whichBook(t, dir, map[string]map[string][]byte{"A": refA}); got != "A" {
			t.Errorf("after a failing --strict build the folder shows %q, want A unchanged", got)
		}
		if rep, err := os.ReadFile(filepath.Join(rejected, "preflight.txt")); err != nil || !strings.Contains(string(rep), "FAIL page count") {
			t.Errorf("the rejected book's report: %v %q, want its failed page count", err, rep)
		}
		if _, err := os.Stat(filepath.Join(rejected, "book.pdf")); err != nil {
			t.Errorf("the rejected book.pdf: %v", err)
		}
		// lock, current, A's generation and one rejected book.
		if ents, _ := os.ReadDir(filepath.Join(dir, ".sudokubook")); len(ents) != 4 {
			t.Errorf(".sudokubook holds %d entries, want 4", len(ents))
		}
	}
	_, stderr, code := runCmd(t, "", "build", "testdata/small.yaml", "-o", dir, "--quiet")
	if code != 0 || !strings.Contains(stderr, "FAILS the KDP preflight") {
		t.Fatalf("without --strict: exit %d, %q; want 0 and the warning", code, stderr)
	}
	if bytes.Equal(mustRead(t, filepath.Join(dir, "book.pdf")), refA["book.pdf"]) {
		t.Error("without --strict the failing book was not committed")
	}
}
