package layout

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/templates"
)

// TestValidationAgrees walks every trim preset (and small trims below
// them) x every template (and none) x puzzles_per_page x
// solutions_per_page: a spec the validation accepts is one the layout
// sets, and one it refuses for its pages is one the layout would refuse,
// the refusal naming the field and its line. 4x4in with 12 solutions a
// page once passed validation and failed in the layout, after generation.
func TestValidationAgrees(t *testing.T) {
	if testing.Short() {
		t.Skip("walks every trim, template and page count: the full tier (go test without -short) runs it")
	}
	trims := append(book.SizePresets(), "4x4in", "3x4in", "4x6in", "5x5in")
	tpls := []string{""}
	for _, p := range templates.Presets() {
		tpls = append(tpls, p.Name)
	}
	accepted, refused, drawn := 0, 0, 0
	for _, tpl := range tpls {
		for _, trim := range trims {
			for _, per := range []int{1, 2, 4, 6} {
				for sol := 4; sol <= 12; sol++ {
					var y strings.Builder
					y.WriteString("title: T\nyear: 2026\n")
					if tpl != "" {
						y.WriteString("template: " + tpl + "\n")
					}
					fmt.Fprintf(&y, "trim: %s\npuzzles_per_page: %d\nsolutions_per_page: %d\nsections: [{level: easy, count: 1}]\n", trim, per, sol)
					name := fmt.Sprintf("%s/%s/%d/%d", tpl, trim, per, sol)
					spec, verr := book.Load(strings.NewReader(y.String()), "spec.yaml")
					if verr != nil {
						if !errors.Is(verr, book.ErrSpec) {
							t.Fatalf("%s: %v", name, verr)
						}
						refused++
						// Every refusal names a field at its line; those
						// of the page grid name the two counts.
						msg := verr.Error()
						perLine, solLine := "spec.yaml:5: puzzles_per_page", "spec.yaml:6: solutions_per_page"
						if tpl == "" {
							perLine, solLine = "spec.yaml:4: puzzles_per_page", "spec.yaml:5: solutions_per_page"
						}
						if !strings.Contains(msg, "spec.yaml:") {
							t.Errorf("%s: refused without naming a line: %v", name, verr)
						}
						if !strings.Contains(msg, perLine) && !strings.Contains(msg, solLine) {
							continue // margins too wide for the page, and the like
						}
						// What it refused, the layout refuses too: a spec
						// built past validation with the same values.
						d := book.Default()
						d.Trim, _ = book.ParseSize(trim)
						if tpl != "" {
							continue // the template's other fields matter; the direction below covers it
						}
						d.Title, d.PuzzlesPerPage, d.SolutionsPerPage, d.Year = "T", per, sol, 2026
						if _, _, err := planChecked(testBook(&d, 1), testOptions); err == nil {
							t.Errorf("%s: validation refused (%v) what the layout sets", name, verr)
						}
						continue
					}
					accepted++
					if _, _, err := planChecked(testBook(spec, 1), testOptions); err != nil {
						t.Errorf("%s: validation accepted, the layout refused: %v", name, err)
					}
					// Drawing costs more: draw the densest pages of each
					// trim and template.
					if per == 6 && sol == 12 {
						drawn++
						if _, err := RenderBook(testBook(spec, 1), testOptions); err != nil {
							t.Errorf("%s: validation accepted, RenderBook refused: %v", name, err)
						}
					}
				}
			}
		}
	}
	if accepted == 0 || refused == 0 {
		t.Errorf("%d accepted and %d refused: the walk tests nothing on one side", accepted, refused)
	}
	t.Logf("%d accepted (%d drawn), %d refused", accepted, drawn, refused)
}

// FuzzSpecToBook loads any spec end to end: a spec the validation (Load,
// then CheckText, as the build does) accepts is one the layout plans and
// draws, with no error and no panic. The
// puzzles are fixtures; generation is the engine's fuzzers' business.
func FuzzSpecToBook(f *testing.F) {
	for _, p := range templates.Presets() {
		f.Add("title: T\nyear: 2026\ntemplate: " + p.Name + "\nsections: [{level: easy, count: 1}]\n")
	}
	f.Add("title: T\nyear: 2026\ntrim: 4x4in\nsolutions_per_page: 12\nsections: [{level: easy, count: 1}]\n")
	f.Add("title: Ünïcödé ☃\nsubtitle: s\nauthor: a\nyear: 2026\ntrim: 5x8in\nmargins: {top: 1in, inside: 0.5in}\npuzzles_per_page: 6\nstyle: {text_size: 14pt}\nintro: |\n  two\n\n  paragraphs\nsections: [{level: hard, count: 1, title: H}]\n")
	f.Fuzz(func(t *testing.T, in string) {
		spec, err := book.Load(strings.NewReader(in), "fuzz.yaml")
		if err != nil {
			return
		}
		// What the fonts cannot draw is refused before work by CheckText,
		// which the build calls right after Load (only the layout knows
		// the fonts).
		if CheckText(spec) != nil {
			return
		}
		b := testBook(spec, 1)
		if _, _, err := planChecked(b, testOptions); err != nil {
			t.Fatalf("validation accepted, the layout refused: %v\n%s", err, in)
		}
		if _, err := RenderBook(b, testOptions); err != nil {
			t.Fatalf("validation accepted, RenderBook refused: %v\n%s", err, in)
		}
	})
}
