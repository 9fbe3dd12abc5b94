package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/internal/pdftest"
)

// TestShapesBook builds children's books whose 4x4 and 6x6 grids print
// shapes (style.shapes) and reads them back from the outside: every
// puzzle and solution shape by shape on its lattice (verifyKinds reads a
// shape's symbol from its outline, filled for a given, outlined for a
// solved cell), a 9x9 section beside them in digits, the answers at the
// foot turned; the rules told in shapes, with no number to write; and
// the single-grid exports drawn in shapes too.
func TestShapesBook(t *testing.T) {
	for _, c := range []struct{ name, spec string }{
		{"kids", "template: kids\npng: {puzzles: true, solutions: true, svg: true}\nsections:\n  - {level: easy, count: 3, size: 4}\n  - {level: easy, count: 4, size: 6}\n"},
		{"worksheets in french", "language: fr\ntemplate: kids\nsolutions: foot\nsections:\n  - {level: easy, count: 2, size: 4}\n  - {level: easy, count: 3, size: 6}\n  - {level: easy, count: 1}\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			spec := writeSpec(t, dir, "k.yaml", "title: Shapes\nseed: 4\nstyle: {shapes: true}\n"+c.spec)
			out := filepath.Join(dir, "out")
			_, stderr, code := runCmd(t, "", "build", spec, "-o", out, "--quiet")
			if code != 0 {
				t.Fatalf("build: exit %d: %s", code, stderr)
			}
			pdf, err := os.ReadFile(filepath.Join(out, "book.pdf"))
			if err != nil {
				t.Fatal(err)
			}
			m := readManifest(t, out)
			if !m.Shapes {
				t.Fatal("the manifest does not say the book prints shapes")
			}
			lang := map[bool]string{true: "fr", false: "en"}[strings.Contains(c.spec, "fr")]
			verifyKinds(t, pdf, m, lang, false)

			ctx, err := pdftest.Open(pdf)
			if err != nil {
				t.Fatal(err)
			}
			var text []string
			shapes := 0
			for n := 1; n <= m.Pages; n++ {
				its, err := pdftest.PageItems(ctx, n)
				if err != nil {
					t.Fatal(err)
				}
				text = append(text, pdftest.Texts(its)...)
				content, err := pdftest.PageContent(ctx, n)
				if err != nil {
					t.Fatal(err)
				}
				shapes += len(pdftest.Paths(content))
			}
			all := strings.Join(text, " ")
			// The rules of the grids of shapes speak of shapes; only a
			// book with a 9x9 section, printed in digits, speaks of
			// numbers too.
			words := map[string][2]string{"en": {"Draw a shape in every empty space", "Put a number"}, "fr": {"Dessine une forme dans chaque case vide", "Écris un nombre"}}[lang]
			digits := strings.Contains(c.spec, "count: 1}")
			if !strings.Contains(all, words[0]) || strings.Contains(all, words[1]) != digits {
				t.Errorf("the rules in shapes: want %q, and %q only with a 9x9 section (%v)", words[0], words[1], digits)
			}
			if shapes == 0 {
				t.Error("no shape drawn")
			}
			for _, p := range m.Puzzles {
				if p.SolutionSVG == "" {
					continue
				}
				svg, err := os.ReadFile(filepath.Join(out, p.SolutionSVG))
				if err != nil {
					t.Fatal(err)
				}
				if n := bytes.Count(svg, []byte("<path")); n != p.Size*p.Size || bytes.Contains(svg, []byte("<text")) {
					t.Errorf("%s: %d paths and text %v, want a shape a cell and no text", p.SolutionSVG, n, bytes.Contains(svg, []byte("<text")))
				}
			}
		})
	}
}
