package publish

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/bank"
	"github.com/sudokubook/sudokubook/book"
)

// frontSpec is a small classic book with a title page and a how-to-play
// example, their grids its own; every volume of it has the same seed, so
// that without care a later volume makes the same front grids again.
func frontSpec(t *testing.T, dir, name, extra string) *book.Spec {
	t.Helper()
	s, err := book.Load(strings.NewReader("title: Fronts\nvolume: \""+name+"\"\nseed: 4\nyear: 2026\n"+extra+"sections:\n  - {level: easy, count: 4}\n"), filepath.Join(dir, name+".yaml"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// shown reads a built book's manifest: the keys of its puzzles and of its
// front matter's grids, each key to what it was there.
func shown(t *testing.T, out string) (puzzles, front map[string]string) {
	t.Helper()
	m, err := book.ReadManifestFile(filepath.Join(out, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	key := func(p book.ManifestPuzzle) string {
		e, err := p.Engine()
		if err != nil {
			t.Fatal(err)
		}
		return bank.KeyText(e)
	}
	puzzles, front = map[string]string{}, map[string]string{}
	for _, p := range m.Puzzles {
		puzzles[key(p)] = p.Puzzle
	}
	for _, p := range m.Front {
		front[key(p)] = p.Puzzle
	}
	if len(front) != 2 {
		t.Fatalf("%s: the manifest lists %d front matter grids, want the title page's and the example's", out, len(front))
	}
	return puzzles, front
}

// apart fails the test for every grid one book shows (a puzzle or a front
// matter grid) that another shows too.
func apart(t *testing.T, what string, a, b string) {
	t.Helper()
	pa, fa := shown(t, a)
	pb, fb := shown(t, b)
	for _, pair := range []struct {
		name string
		x, y map[string]string
	}{
		{"a puzzle of the first is a front matter grid of the second", pa, fb},
		{"a front matter grid of the first is a puzzle of the second", fa, pb},
		{"the two show one front matter grid", fa, fb},
		{"the two print one puzzle", pa, pb},
	} {
		for k, grid := range pair.x {
			if _, ok := pair.y[k]; ok {
				t.Errorf("%s: %s: %s", what, pair.name, grid)
			}
		}
	}
}

// TestFrontGridsApartAcrossBooks: a front matter grid (the title page's,
// the how-to-play example's) is never a puzzle of another book of the
// series, nor another's front grid, nor the reverse: in one run, on one
// bank, and excluding an earlier manifest. The volumes share a seed, so
// each would make the first's front grids again if nothing kept them out.
func TestFrontGridsApartAcrossBooks(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	out := func(name string) string { return filepath.Join(dir, name) }

	// One run of two volumes.
	var vols []Volume
	for _, v := range []string{"r1", "r2"} {
		vols = append(vols, Volume{Name: v, Spec: frontSpec(t, dir, v, ""), Out: out(v)})
	}
	if _, err := BuildSeries(ctx, vols, Options{Workers: 1}); err != nil {
		t.Fatal(err)
	}
	apart(t, "one run", out("r1"), out("r2"))

	// A later volume excluding the first's manifest.
	if _, err := Build(ctx, frontSpec(t, dir, "x", "exclude: [r1/manifest.json]\n"), Options{Out: out("x"), Workers: 1}); err != nil {
		t.Fatal(err)
	}
	apart(t, "excluding the first", out("r1"), out("x"))

	// Two volumes on one bank, one after the other: the bank keeps the
	// first's front grids as printed, and lists no reprint.
	db := newBank(t, ctx, dir)
	for _, v := range []string{"b1", "b2"} {
		if _, err := Build(ctx, frontSpec(t, dir, v, "bank: puzzles.db\n"), Options{Out: out(v), Workers: 1}); err != nil {
			t.Fatal(err)
		}
	}
	apart(t, "one bank", out("b1"), out("b2"))
	bk, err := bank.OpenExisting(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	again, err := bk.Reprinted(ctx)
	bk.Close()
	if err != nil || len(again) != 0 {
		t.Errorf("the bank lists reprints %q (%v), want none", again, err)
	}
	// And a setter's own puzzle that is the first volume's title page
	// grid is refused as printed before.
	_, f1 := shown(t, out("b1"))
	var grid string
	for _, g := range f1 {
		grid = g
		break
	}
	if err := os.WriteFile(filepath.Join(dir, "own.txt"), []byte(grid+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	own := frontSpec(t, dir, "own", "bank: puzzles.db\n")
	own.Sections[0].Puzzles, own.Sections[0].Relabel = "own.txt", true
	_, err = Build(ctx, own, Options{Out: out("own"), Workers: 1})
	if err == nil || !strings.Contains(err.Error(), "printed before") {
		t.Errorf("a setter's puzzle that volume b1's front matter shows: %v, want it refused as printed before", err)
	}
}
