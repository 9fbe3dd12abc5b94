package web

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/internal/golden"
	"github.com/sudokubook/sudokubook/templates"
)

var update = flag.Bool("update", false, "rewrite testdata/hints.golden from the step codes")

// TestHintCodesGolden holds the codes of the grader's steps the page
// stores (technique, moves and the fields its templates word) to those
// in testdata/hints.golden, over the puzzles of every kind in the test
// manifests and the committed samples of the hard classic sets: the page
// words a step from these fields alone, so a change here is a change in
// what a reader sees.
func TestHintCodesGolden(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	var sb strings.Builder
	en, err := templates.Language("en")
	if err != nil {
		t.Fatal(err)
	}
	grader := engine.NewGrader()
	code := func(name string, it item) {
		res, err := grader.Grade(it.geo, it.givens, engine.GradeOptions{Steps: true})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		fmt.Fprintf(&sb, "# %s\n", name)
		for _, s := range res.Steps {
			if _, ok := pageRungs[s.Technique]; ok && !(it.geo.Variant.Multi() && pageFish[s.Technique]) {
				continue
			}
			fmt.Fprintf(&sb, "%s\t%s\n", s.Technique, stepCode(it.geo, '*', s))
		}
	}
	for _, f := range []string{"testdata/manifest.json", "testdata/killer.json", "testdata/kinds.json"} {
		its, err := items(readManifest(t, f), book.Range{}, en)
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range its {
			code(fmt.Sprintf("%s %d", f, it.number), it)
		}
	}
	// The samples, not the full sets: the golden file must not depend on
	// whether ../shared/data is there.
	for _, set := range []struct {
		file string
		n    int
	}{{"top1465.txt", 60}, {"hardest1106.txt", 40}, {"se_rated.tsv", 80}} {
		data, err := os.ReadFile("../internal/puzzlesets/testdata/" + set.file)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.SplitN(string(data), "\n", set.n+1)[:set.n] {
			line, _, _ = strings.Cut(line, "\t")
			g, err := engine.ParseGrid(line)
			if err != nil {
				t.Fatalf("%s: %v", set.file, err)
			}
			code(set.file+" "+line, item{geo: engine.Classic9, givens: g[:]})
		}
	}
	golden.Lines(t, "testdata/hints.golden", sb.String(), *update)
}
