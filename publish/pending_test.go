package publish

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/bank"
	"github.com/sudokubook/sudokubook/book"
)

// TestKilledBetweenRecordAndCommit: a build stopped after the bank records
// its book's printings but before the folder's commit leaves them pending;
// the next build on the bank finds the book is not there and drops them,
// saying so. One stopped after the commit but before its printings are
// final leaves them pending too, and the next build finds the book there
// and makes them final. Either way the bank ends knowing exactly the
// books that are on disk.
func TestKilledBetweenRecordAndCommit(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	ctx := context.Background()
	dir := t.TempDir()
	db := newBank(t, ctx, dir)
	build := func(title, out, stop string) ([]string, error) {
		t.Helper()
		spec, err := book.Load(strings.NewReader("title: "+title+"\nseed: 3\nyear: 2026\nbank: puzzles.db\nsections:\n  - {level: easy, count: 4}\n"), filepath.Join(dir, title+".yaml"))
		if err != nil {
			t.Fatal(err)
		}
		stopAt = func(step string) bool { return step == stop }
		defer func() { stopAt = nil }()
		var notes []string
		_, err = Build(ctx, spec, Options{Out: filepath.Join(dir, out), Notes: func(n Note) { notes = append(notes, n.Text) }})
		return notes, err
	}
	state := func() (int, []bank.PendingBook) { return bankState(t, ctx, db) }

	// A rebuild of a folder: the stopped build leaves the folder with the
	// first book in it, as a kill would.
	if _, err := build("First", "book", ""); err != nil {
		t.Fatal(err)
	}
	if _, err := build("Lost", "book", "record"); !errors.Is(err, errStopped) {
		t.Fatalf("stopped build: %v", err)
	}
	// A book is 6 printings: its 4 puzzles and its front matter's 2 grids.
	if n, p := state(); n != 12 || len(p) != 1 || p[0].Printings != 6 || p[0].Book != "Lost" {
		t.Fatalf("after a stop before the commit: %d printings, pending %v; want 12, Lost's 6 pending", n, p)
	}
	notes, err := build("Kept", "kept", "")
	if err != nil {
		t.Fatal(err)
	}
	if n, p := state(); n != 12 || len(p) != 0 {
		t.Errorf("after the next build: %d printings, pending %v; want First's and Kept's 12, none pending", n, p)
	}
	if !strings.Contains(strings.Join(notes, "\n"), "printings of Lost (6 printings, "+filepath.Join(dir, "book", "manifest.json")+") were dropped") {
		t.Errorf("the next build's notes %q do not say Lost's printings were dropped", notes)
	}

	if _, err := build("Late", "late", "commit"); !errors.Is(err, errStopped) {
		t.Fatalf("stopped build: %v", err)
	}
	if n, p := state(); n != 18 || len(p) != 1 || p[0].Book != "Late" {
		t.Fatalf("after a stop after the commit: %d printings, pending %v; want 18, Late's pending", n, p)
	}
	notes, err = build("Third", "third", "")
	if err != nil {
		t.Fatal(err)
	}
	if n, p := state(); n != 24 || len(p) != 0 {
		t.Errorf("after the next build: %d printings, pending %v; want 24, none pending", n, p)
	}
	if !strings.Contains(strings.Join(notes, "\n"), "printings of Late (6 printings, ") || !strings.Contains(strings.Join(notes, "\n"), "so they are final") {
		t.Errorf("the next build's notes %q do not say Late's printings are final", notes)
	}
}

// TestLiveBuildKeepsItsPrintings: a build that has recorded its printings
// but not yet committed its folder is alive, and its folder shows no book
// yet. Another build on the bank at that moment leaves those printings
// pending rather than dropping them, so it does not draw the live build's
// puzzles from the bank: the two books share none, and the bank ends
// knowing both.
func TestLiveBuildKeepsItsPrintings(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db := newBank(t, ctx, dir)
	spec := func(title, seed string) *book.Spec {
		t.Helper()
		s, err := book.Load(strings.NewReader("title: "+title+"\nseed: "+seed+"\nyear: 2026\nbank: puzzles.db\nsections:\n  - {level: easy, count: 4}\n"), filepath.Join(dir, title+".yaml"))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	var second *Result
	var secondErr error
	stopAt = func(step string) bool {
		if step == "record" {
			// The first build waits here, its printings pending and its
			// folder empty, while the second runs from start to end.
			stopAt = nil
			second, secondErr = Build(ctx, spec("Second", "8"), Options{Out: filepath.Join(dir, "second")})
		}
		return false
	}
	defer func() { stopAt = nil }()
	first, err := Build(ctx, spec("First", "7"), Options{Out: filepath.Join(dir, "first")})
	if err != nil {
		t.Fatal(err)
	}
	if secondErr != nil {
		t.Fatal(secondErr)
	}
	keys := map[string]bool{}
	for _, res := range []*Result{first, second} {
		m, err := book.ReadManifestFile(filepath.Join(res.Out, "manifest.json"))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range slices.Concat(m.Front, m.Puzzles) {
			if keys[p.Puzzle] {
				t.Errorf("puzzle %s is in both books", p.Puzzle)
			}
			keys[p.Puzzle] = true
		}
	}
	// Each book's 4 puzzles and its front matter's 2 grids.
	if n, pending := bankState(t, ctx, db); n != 12 || len(pending) != 0 {
		t.Errorf("the bank has %d printings, pending %v; want both books' 12, none pending", n, pending)
	}
}

// newBank makes an empty bank, puzzles.db in dir, and returns its path.
func newBank(t *testing.T, ctx context.Context, dir string) string {
	t.Helper()
	db := filepath.Join(dir, "puzzles.db")
	bk, err := bank.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	bk.Close()
	return db
}

// bankState is the bank's count of printings and its pending books.
func bankState(t *testing.T, ctx context.Context, db string) (printings int, pending []bank.PendingBook) {
	t.Helper()
	bk, err := bank.OpenExisting(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer bk.Close()
	if printings, err = bk.Printings(ctx); err != nil {
		t.Fatal(err)
	}
	if pending, err = bk.Pending(ctx); err != nil {
		t.Fatal(err)
	}
	return printings, pending
}
