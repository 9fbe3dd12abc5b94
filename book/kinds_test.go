package book

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/templates"
)

// printAll lets the test's specs through the "cannot be printed yet"
// refusal, as if the layout drew every kind, and restores the table after.
func printAll(t *testing.T) {
	t.Helper()
	saved := canPrint
	canPrint = func(Variant, int) bool { return true }
	t.Cleanup(func() { canPrint = saved })
}

func TestParseVariant(t *testing.T) {
	for _, v := range variants {
		got, err := ParseVariant(strings.ToUpper(v.String()))
		if err != nil || got != v {
			t.Errorf("ParseVariant(%q) = %v, %v; want %v", strings.ToUpper(v.String()), got, err, v)
		}
	}
	if _, err := ParseVariant("diagonal"); err == nil || !strings.Contains(err.Error(), "classic, x, hyper, jigsaw, samurai, twin, butterfly, sohei, flower, killer, killer-x") {
		t.Errorf("ParseVariant(diagonal): %v, want the list of variants", err)
	}
}

func TestLoadKinds(t *testing.T) {
	printAll(t)
	s := load(t, `title: K
style: {letters: true}
puzzles_per_page: 1
sections:
  - {level: easy, count: 2}
  - {level: medium, count: 2, variant: x}
  - {level: easy, count: 2, variant: jigsaw, size: 6}
  - {level: easy, count: 1, variant: killer, givens: 1-3, cage_size: 2-4}
  - {level: easy, count: 1, variant: KILLER-X}
  - {level: easy, count: 1, size: 16}
`)
	if !s.Style.Letters {
		t.Error("style.letters: got false, want true")
	}
	want := []struct {
		v    Variant
		side int
	}{{Variant{}, 9}, {Variant{Variant: engine.X}, 9}, {Variant{Variant: engine.Jigsaw}, 6}, {Variant{Layer: engine.CageLayer}, 9}, {Variant{Variant: engine.X, Layer: engine.CageLayer}, 9}, {Variant{}, 16}}
	qs := s.Quotas()
	for i, w := range want {
		sec := s.Sections[i]
		if sec.Variant != w.v || sec.Kind().Side() != w.side {
			t.Errorf("sections[%d]: %v %d, want %v %d", i, sec.Variant, sec.Kind().Side(), w.v, w.side)
		}
		if qs[i].Kind.Family() != w.v || qs[i].Kind.Side() != w.side {
			t.Errorf("quota %d: %+v, want %v %d", i, qs[i], w.v, w.side)
		}
	}
	if qs[0].Kind != (engine.Kind{}) {
		t.Errorf("classic quota kind %+v, want the zero Kind", qs[0].Kind)
	}
	if k := qs[3]; k.MinClues != 1 || k.MaxClues != 3 || k.MinCage != 2 || k.MaxCage != 4 || k.Symmetry != engine.SymNone {
		t.Errorf("killer quota %+v, want givens 1-3, cages 2-4, no symmetry", k)
	}
	if k := qs[4]; k.MaxClues != 0 || k.MaxCage != 0 {
		t.Errorf("killer-x quota %+v, want no givens and the engine's cage sizes", k)
	}
	for i, q := range qs {
		if err := q.Validate(); err != nil {
			t.Errorf("quota %d: %v", i, err)
		}
	}
}

// TestKindRefusals: every combination that cannot be made or printed
// legibly is refused, naming the field and what is allowed.
func TestKindRefusals(t *testing.T) {
	cases := []struct {
		name, sections, extra, want string
		printAll                    bool
	}{
		{"not printable yet", "{level: easy, count: 1, variant: killer}", "puzzles_per_page: 1\n", "spec.yaml:3: sections[0].variant: killer 9x9 cannot be printed yet (the layout draws classic 4x4, classic 6x6", false},
		{"unknown variant", "{level: easy, count: 1, variant: diagonal}", "", `sections[0].variant: unknown variant "diagonal" (want one of classic, x, hyper`, true},
		{"hyper on 6x6", "{level: easy, count: 1, variant: hyper, size: 6}", "", "sections[0].variant: hyper is not allowed on 6x6 (want size 9 for hyper)", true},
		{"size 10", "{level: easy, count: 1, size: 10}", "", "sections[0].size: 10 is not allowed (want 4, 6, 8, 9, 12 or 16)", true},
		{"level beyond 4x4", "{level: medium, count: 1, size: 4}", "", "sections[0].level: medium puzzles cannot be made for classic 4x4 (want easy only)", true},
		{"level beyond jigsaw 16x16", "{level: extreme, count: 1, variant: jigsaw, size: 16}", "", "sections[0].level: extreme puzzles cannot be made for jigsaw 16x16 (want a level from easy to expert)", true},
		{"16x16 at six a page", "{level: easy, count: 1, size: 16}", "puzzles_per_page: 6\n", "puzzles_per_page: 6 puzzles a page would print the classic 16x16 grids of sections[0] with cells of", true},
		{"16x16 solutions at twelve a page", "{level: easy, count: 1, size: 16}", "puzzles_per_page: 1\nsolutions_per_page: 12\n", "solutions_per_page: 12 solutions a page would print the classic 16x16 grids", true},
		{"samurai two a page", "{level: easy, count: 1, variant: samurai}", "", "puzzles_per_page: 2 puzzles a page would print the samurai grids", true},
		{"twin two a page", "{level: easy, count: 1, variant: twin}", "", "puzzles_per_page: 2 is not allowed with a twin section (want 1: a figure of several grids takes a page", false},
		{"butterfly four a page", "{level: easy, count: 1, variant: butterfly}", "puzzles_per_page: 4\n", "puzzles_per_page: 4 is not allowed with a butterfly section (want 1", false},
		{"killer png too small", "{level: easy, count: 1, variant: killer}", "puzzles_per_page: 1\npng: {size: 3in, puzzles: true}\n", "png.size: 3in would export the killer 9x9 grids of sections[0] with cells of 24pt (want at least 28.5pt", true},
		{"killer two a page", "{level: easy, count: 1, variant: killer}", "", "puzzles_per_page: 2 puzzles a page would print the killer 9x9 grids of sections[0] with cells of 25.23pt (want cells of at least 28.5pt", true},
		{"samurai with a size", "{level: easy, count: 1, variant: samurai, size: 9}", "", "sections[0].size: 9 is not allowed for samurai, a figure of 9x9 grids (want no size)", true},
		{"killer 12x12", "{level: easy, count: 1, variant: killer, size: 12}", "", "sections[0].variant: killer is not allowed on 12x12 (want size 6 or 9 for killer)", true},
		{"givens on classic", "{level: easy, count: 1, givens: 0-3}", "", "sections[0].givens: only means something for killer sections", true},
		{"clues on killer", "{level: easy, count: 1, variant: killer, clues: 0-3}", "", "sections[0].clues: is not for killer sections (want givens: A-B", true},
		{"clues on kakuro", "{level: easy, count: 1, variant: kakuro, size: 10, clues: 0-3}", "", "sections[0].clues: is not for kakuro sections", true},
		{"kakuro expert", "{level: expert, count: 1, variant: kakuro, size: 10}", "", "sections[0].level: expert puzzles cannot be made for kakuro 10x10 (want a level from easy to hard)", true},
		{"killer givens too many", "{level: easy, count: 1, variant: killer, givens: 10-50}", "", "sections[0].givens: 10-50 is not allowed (want A-B with 0 <= A <= B <= 40)", true},
		{"cage too large", "{level: easy, count: 1, variant: killer, size: 6, cage_size: 2-7}", "", "sections[0].cage_size: 2-7 is not allowed (want A-B with 1 <= A <= B <= 6, the grid side)", true},
		{"killer givens with symmetry", "{level: easy, count: 1, variant: killer, givens: 1-2, symmetry: rotational}", "", "sections[0].symmetry: rotational is not allowed for killer givens", true},
		{"clues beyond 6x6", "{level: easy, count: 1, size: 6, clues: 10-40}", "", "sections[0].clues: 10-40 is not allowed (want a band within 0-36, the cells of classic 6x6)", true},
		{"swordfish on 6x6", "{level: easy, count: 1, size: 6, technique: swordfish}", "", "sections[0].technique: swordfish cannot be asked for", true},
		{"letters without 16x16", "{level: easy, count: 1}", "style: {letters: true}\n", "style.letters: only means something for grids larger than 9x9", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.printAll {
				printAll(t)
			}
			if c.name == "not printable yet" {
				// Every kind prints now: take killer out of the table as a
				// kind whose drawing has not landed.
				saved := canPrint
				canPrint = func(v Variant, n int) bool { return v != Variant{Layer: engine.CageLayer} && saved(v, n) }
				t.Cleanup(func() { canPrint = saved })
			}
			_, err := Load(strings.NewReader("title: T\nsections:\n  - "+c.sections+"\n"+c.extra), "spec.yaml")
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v\nwant an error containing %q", err, c.want)
			}
		})
	}
	// Legible at the counts a page the refusals point to.
	printAll(t)
	for _, ok := range []string{
		"title: T\npuzzles_per_page: 2\nsolutions_per_page: 4\nsections: [{level: easy, count: 1, size: 16}]\n",
		"title: T\npuzzles_per_page: 1\nsolutions_per_page: 4\nsections: [{level: easy, count: 1, variant: samurai}]\n",
		// Figures' solutions go two a page whatever solutions_per_page says.
		"title: T\npuzzles_per_page: 1\nsolutions_per_page: 12\nsections: [{level: easy, count: 1, variant: samurai}]\n",
		"title: T\npuzzles_per_page: 6\nsections: [{level: easy, count: 1, variant: jigsaw, size: 6}]\n",
		// The bank keeps every kind.
		"title: T\nbank: b.db\npuzzles_per_page: 1\nsections: [{level: easy, count: 1, variant: samurai}]\n",
		"title: T\npuzzles_per_page: 1\nsolutions_per_page: 12\nsections: [{level: easy, count: 1, variant: killer}]\n",
		"title: T\ntrim: 8.5x11in\npuzzles_per_page: 2\nsections: [{level: easy, count: 1, variant: killer}]\n",
		// Kakuro to hard and to 15x15.
		"title: T\npuzzles_per_page: 1\nsolutions_per_page: 4\nsections: [{level: hard, count: 1, variant: kakuro, size: 15}]\n",
	} {
		if _, err := Load(strings.NewReader(ok), "spec.yaml"); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
}

// mixedSpec is a book of every single-grid kind family and killer, small
// enough to fill in well under a second.
const mixedSpec = `title: Mixed
seed: 11
puzzles_per_page: 1
solutions_per_page: 4
style: {letters: true}
hints: true
sections:
  - {level: easy, count: 2}
  - {level: easy, count: 2, variant: x}
  - {level: easy, count: 1, variant: hyper}
  - {level: easy, count: 2, variant: jigsaw, size: 6}
  - {level: easy, count: 1, size: 4}
  - {level: easy, count: 1, size: 16, clues: 150-256}
  - {level: easy, count: 2, variant: killer, cage_size: 2-4}
  - {level: easy, count: 1, variant: killer-x, givens: 1-2}
  - {level: easy, count: 1, variant: twin}
`

// buildMixed fills and assembles mixedSpec with the given workers and
// returns the book and its manifest JSON.
func buildMixed(t *testing.T, workers int) (*Book, []byte) {
	t.Helper()
	s := load(t, mixedSpec)
	found, err := engine.Fill(context.Background(), s.Quotas(), engine.FillOptions{Seed: uint64(s.Seed), Workers: workers})
	if err != nil {
		t.Fatalf("Fill: %v", err)
	}
	b, err := Assemble(s, found)
	if err != nil {
		t.Fatalf("Assemble: %v", err)
	}
	pm := PageMap{Puzzle: map[int]int{}, Solution: map[int]int{}, Pages: 100}
	for p := range b.All() {
		pm.Puzzle[p.Number], pm.Solution[p.Number] = p.Number, 50+p.Number
	}
	var buf bytes.Buffer
	if err := WriteManifest(&buf, b, pm, ManifestFiles{}); err != nil {
		t.Fatalf("WriteManifest: %v", err)
	}
	return b, buf.Bytes()
}

// TestMixedKindsBook: the same spec and seed give the same book whatever
// the worker count, every puzzle is of its section's kind, and the
// manifest's records read back to the book's grids, regions and cages,
// with solutions the solver proves unique.
func TestMixedKindsBook(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	printAll(t)
	b, one := buildMixed(t, 1)
	_, three := buildMixed(t, 3)
	if !bytes.Equal(one, three) {
		t.Errorf("the manifest differs between 1 and 3 workers")
	}
	m, err := ReadManifest(bytes.NewReader(one))
	if err != nil {
		t.Fatalf("ReadManifest: %v", err)
	}
	ps := slices.Collect(b.All())
	if len(m.Puzzles) != len(ps) {
		t.Fatalf("%d records for %d puzzles", len(m.Puzzles), len(ps))
	}
	for i, r := range m.Puzzles {
		p := ps[i]
		sec := b.Spec.Sections[p.Section]
		if r.Variant != sec.Variant.String() || r.Size != p.Geometry().N {
			t.Errorf("puzzle %d: record says %s %d, section is %s", r.Number, r.Variant, r.Size, sec.kindName())
		}
		geo, givens, sol, err := r.Grids()
		if err != nil {
			t.Errorf("puzzle %d: %v", r.Number, err)
			continue
		}
		if !slices.Equal(givens, p.Cells()) || !slices.Equal(sol, p.SolutionCells()) {
			t.Errorf("puzzle %d: the record's grids differ from the book's", r.Number)
		}
		if geo.Variant != p.Geometry().Variant || geo.N != p.Geometry().N || !slices.Equal(geo.Regions, p.Geometry().Regions) {
			t.Errorf("puzzle %d: the record's geometry differs from the book's", r.Number)
		}
		if got, want := len(r.Cages), len(p.Geometry().Cages); got != want || (want > 0) != (sec.Variant.Layer == engine.CageLayer) {
			t.Errorf("puzzle %d: %d cages in the record, %d in the book", r.Number, got, want)
		}
		if (r.Regions != "") != (sec.Variant.Variant == engine.Jigsaw) {
			t.Errorf("puzzle %d: regions %q on a %s", r.Number, r.Regions, r.Variant)
		}
		proved, err := engine.Solve(geo, givens)
		if err != nil || !slices.Equal(proved, sol) {
			t.Errorf("puzzle %d: the solver gives %v (%v), the record %s", r.Number, proved, err, r.Solution)
		}
		if r.Clues != engine.CountClues(givens) {
			t.Errorf("puzzle %d: %d clues recorded, %d givens", r.Number, r.Clues, engine.CountClues(givens))
		}
		if sec.Variant.Variant.Multi() && !strings.Contains(r.Puzzle, "-") {
			t.Errorf("puzzle %d: a %s without cells out of play: %s", r.Number, r.Variant, r.Puzzle)
		}
	}
}

// TestReadManifestKinds: records that do not fit their kind are refused.
func TestReadManifestKinds(t *testing.T) {
	printAll(t)
	_, data := buildMixed(t, 2)
	m, err := ReadManifest(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	find := func(variant string) int {
		for i, r := range m.Puzzles {
			if r.Variant == variant {
				return i
			}
		}
		t.Fatalf("no %s record", variant)
		return -1
	}
	cases := []struct {
		name string
		edit func(r *ManifestPuzzle)
		want string
	}{
		{"unknown variant", func(r *ManifestPuzzle) { r.Variant = "diagonal" }, "unknown variant"},
		{"wrong size", func(r *ManifestPuzzle) { r.Size = 8 }, "want 64 symbols"},
		{"bad region", func(r *ManifestPuzzle) { r.Regions = strings.Repeat("1", len(r.Regions)) }, "region"},
		{"cage sum", func(r *ManifestPuzzle) { r.Cages[0][0]++ }, "sum"},
		{"no cages", func(r *ManifestPuzzle) { r.Cages = nil }, "0 cages"},
		{"solution clash", func(r *ManifestPuzzle) { r.Solution = r.Solution[1:2] + r.Solution[1:] }, "solution"},
		{"line without regions", func(r *ManifestPuzzle) { r.Line = r.Puzzle }, "is not the record's puzzle"},
		{"cage line", func(r *ManifestPuzzle) { r.Line = strings.Replace(r.Line, "/", "/b", 1)[:len(r.Line)] }, "is not the record's puzzle"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			mm := *m
			mm.Puzzles = slices.Clone(m.Puzzles)
			i := find("jigsaw")
			if strings.Contains(c.name, "cage") {
				i = find("killer")
			}
			r := mm.Puzzles[i]
			r.Cages = make([][]int, len(m.Puzzles[i].Cages))
			for k, cg := range m.Puzzles[i].Cages {
				r.Cages[k] = slices.Clone(cg)
			}
			c.edit(&r)
			mm.Puzzles[i] = r
			var buf bytes.Buffer
			if err := mm.Write(&buf); err != nil {
				t.Fatal(err)
			}
			if _, err := ReadManifest(&buf); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want an error containing %q", err, c.want)
			}
		})
	}
}

// TestKindPresets: the kids preset holds 4x4 and 6x6 sections with large
// cells, and the expert-16x16 preset holds 16x16 sections in numbers or
// letters, with room to write in the puzzles' cells.
func TestKindPresets(t *testing.T) {
	printAll(t)
	kids := load(t, "template: kids\ntitle: K\nsections:\n  - {level: easy, count: 4, size: 4}\n  - {level: easy, count: 4, size: 6}\n")
	ps, _ := kids.PageSlots(kids.Inside(30))
	if cell := ps.Side / 6; cell < 0.6*float64(Inch) {
		t.Errorf("kids: 6x6 cells of %.1fpt, want over 0.6in", cell)
	}
	// An activity book's page: the two grids one above the other, using
	// the page's height rather than leaving its top and foot empty.
	ts := TypeScaleFor(kids.Style)
	body := float64(kids.Trim.H-kids.Margins.Top-kids.Margins.Bottom) - ts.HeadBand() - ts.FootBand()
	if used := float64(ps.Rows) * (ps.Side + ps.LabelH) / body; ps.Cols != 1 || ps.Rows != 2 || used < 0.85 {
		t.Errorf("kids: %d columns of %d grids of %.0fpt, taking %.0f%% of the page's height; want two stacked, taking 85%% or more", ps.Cols, ps.Rows, ps.Side, 100*used)
	}
	if !kids.Style.LargeDigits || kids.Style.TextSize < 14 {
		t.Errorf("kids: style %+v, want large digits and type", kids.Style)
	}
	// Letters by default: one character a cell leaves room for pencil
	// marks, where the numbers 10 to 16 fill it; numbers on request.
	for letters, want := range map[string]bool{"": true, "style: {letters: false}\n": false} {
		s := load(t, "template: expert-16x16\ntitle: E\n"+letters+"sections:\n  - {level: medium, count: 4, size: 16}\n")
		if s.Style.Letters != want {
			t.Errorf("expert-16x16 with %q: letters %v, want %v", letters, s.Style.Letters, want)
		}
		if s.Style.ThickLine != 2.5 {
			t.Errorf("expert-16x16 with %q: thick line %v, want the preset's 2.5pt kept", letters, s.Style.ThickLine)
		}
		ps, ss := s.PageSlots(s.Inside(30))
		if ps.Side/16 < MinWriteCell || ss.Side/16 < MinCell(2) {
			t.Errorf("expert-16x16: cells of %.1fpt and %.1fpt", ps.Side/16, ss.Side/16)
		}
	}
}

// TestKindSectionTitles: a section of another kind than classic 9x9 that
// sets no title is headed by its kind and level, so that a variety book's
// easy sections read apart; classic sections keep the level alone.
func TestKindSectionTitles(t *testing.T) {
	printAll(t)
	b, _ := buildMixed(t, 2)
	want := []string{"Easy", "Sudoku X: Easy", "Hyper Sudoku: Easy", "Jigsaw Sudoku 6x6: Easy", "4x4 Sudoku: Easy", "16x16 Sudoku: Easy", "Easy", "Easy", "Twin Sudoku: Easy"}
	for i, sec := range b.Sections {
		if b.Spec.Sections[i].Variant.Layer == engine.CageLayer {
			continue // killer's texts are killer's own
		}
		if sec.Title != want[i] {
			t.Errorf("sections[%d] (%s): title %q, want %q", i, b.Spec.Sections[i].kindName(), sec.Title, want[i])
		}
	}
}

// TestDocKindSpecs: the spec examples of docs/kinds.md's "Kinds in a
// book" load as they are, so the documentation cannot drift from what
// Validate accepts.
func TestDocKindSpecs(t *testing.T) {
	data, err := os.ReadFile("../docs/kinds.md")
	if err != nil {
		t.Fatal(err)
	}
	_, part, ok := strings.Cut(string(data), "## Kinds in a book")
	if !ok {
		t.Fatal("docs/kinds.md has no section \"Kinds in a book\"")
	}
	part, _, _ = strings.Cut(part, "\n## ")
	blocks := strings.Split(part, "```yaml\n")[1:]
	if len(blocks) < 3 {
		t.Fatalf("%d spec examples in the section, want at least 3", len(blocks))
	}
	for i, b := range blocks {
		spec, _, _ := strings.Cut(b, "```")
		if _, err := Load(strings.NewReader(spec), fmt.Sprintf("docs/kinds.md example %d", i+1)); err != nil {
			t.Errorf("%v\n%s", err, spec)
		}
	}
}

// TestDocKindLevels: the last column of docs/kinds.md's kinds table gives,
// for every size a kind is made at, the hardest level engine.HardestLevel
// lets a book ask for, so the table cannot drift from the code again.
func TestDocKindLevels(t *testing.T) {
	data, err := os.ReadFile("../docs/kinds.md")
	if err != nil {
		t.Fatal(err)
	}
	_, part, ok := strings.Cut(string(data), "| kind | houses | sizes | levels a book can ask for |")
	if !ok {
		t.Fatal("docs/kinds.md has no kinds table with a column \"levels a book can ask for\"")
	}
	part, _, _ = strings.Cut(part, "\n\n")
	seen := map[Variant]bool{}
	for _, line := range strings.Split(part, "\n") {
		cols := strings.Split(line, " | ")
		if len(cols) != 4 || !strings.HasPrefix(cols[0], "| `") {
			continue
		}
		cell := strings.TrimSuffix(cols[3], " |")
		for _, name := range strings.Split(strings.Trim(cols[0], "| `"), "`, `") {
			va, err := ParseVariant(name)
			if err != nil {
				t.Errorf("kinds table: %v", err)
				continue
			}
			seen[va] = true
			for _, n := range engine.GridSides(va.Variant) {
				if !canPrint(va, n) {
					continue
				}
				got, err := docLevel(cell, n)
				want := engine.HardestLevel(engine.Kind{Variant: va.Variant, Size: n, Layer: va.Layer})
				if err != nil || got != want {
					t.Errorf("kinds table, %s %dx%d: %q reads as %v (%v); engine.HardestLevel says %v", va, n, n, cell, got, err, want)
				}
			}
		}
	}
	if len(seen) != len(variants) {
		t.Errorf("kinds table names %d of the %d variants", len(seen), len(variants))
	}
}

// docLevel reads the hardest level a kinds-table cell gives size n:
// clauses parted by "; ", each "SIZES: easy to LEVEL" (or just "easy"),
// "every other size: ..." for the rest, or one level range for every size.
func docLevel(cell string, n int) (engine.Level, error) {
	size := fmt.Sprintf("%dx%d", n, n)
	rest := ""
	for _, c := range strings.Split(cell, "; ") {
		sizes, levels, ok := strings.Cut(c, ": ")
		switch {
		case !ok:
			rest = c
		case sizes == "every other size":
			rest = levels
		case slices.Contains(strings.FieldsFunc(sizes, func(r rune) bool { return r == ',' || r == ' ' }), size):
			return topLevel(levels)
		}
	}
	if rest == "" {
		return 0, fmt.Errorf("no level for %s", size)
	}
	return topLevel(rest)
}

// topLevel reads "easy to LEVEL" or a lone level.
func topLevel(s string) (engine.Level, error) {
	if _, top, ok := strings.Cut(s, " to "); ok {
		s = top
	}
	return engine.ParseLevel(s)
}

// TestKindSectionTitleSize: a kind whose name leaves out the size is
// headed with it when the grid is not 9x9 ("Killer Sudoku 6x6: Easy"), in
// every language, so a 6x6 killer section does not read as a 9x9 one; a
// 9x9 one and a name that carries its size are headed as before.
func TestKindSectionTitleSize(t *testing.T) {
	for _, code := range templates.Languages() {
		texts, err := templates.Language(code)
		if err != nil {
			t.Fatal(err)
		}
		cases := []struct {
			sec  SectionSpec
			size string
		}{
			{SectionSpec{Level: engine.Easy, Variant: Variant{Layer: engine.CageLayer}, Size: 6}, "6x6"},
			{SectionSpec{Level: engine.Easy, Variant: Variant{Variant: engine.Jigsaw}, Size: 12}, "12x12"},
			{SectionSpec{Level: engine.Easy, Variant: Variant{Variant: engine.X}, Size: 6}, "6x6"},
			{SectionSpec{Level: engine.Easy, Variant: Variant{Layer: engine.CageLayer}}, ""},
			{SectionSpec{Level: engine.Easy, Size: 6}, "6x6"},
		}
		for _, c := range cases {
			got := sectionTitle(texts, c.sec)
			if c.size != "" && strings.Count(got, c.size) != 1 {
				t.Errorf("%s: %s %d heads as %q, want the size %s once", code, c.sec.Variant, c.sec.Size, got, c.size)
			}
			if c.size == "" && strings.Contains(got, "x9") {
				t.Errorf("%s: 9x9 %s heads as %q, want no size", code, c.sec.Variant, got)
			}
		}
	}
}

// TestPresetLettersOn9x9: the expert-16x16 preset's letters do not make a
// book of that preset with 9x9 sections only invalid, while a spec that
// asks for letters on 9x9 alone is still told they change nothing.
func TestPresetLettersOn9x9(t *testing.T) {
	if _, err := Load(strings.NewReader("template: expert-16x16\ntitle: E\nsections:\n  - {level: easy, count: 2}\n"), "spec.yaml"); err != nil {
		t.Errorf("expert-16x16 with a 9x9 section: %v, want it valid", err)
	}
	_, err := Load(strings.NewReader("template: expert-16x16\ntitle: E\nstyle: {letters: true}\nsections:\n  - {level: easy, count: 2}\n"), "spec.yaml")
	if err == nil || !strings.Contains(err.Error(), "spec.yaml:3: style.letters: only means something") {
		t.Errorf("letters asked for on 9x9 alone: %v, want them refused", err)
	}
}
