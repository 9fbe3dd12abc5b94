package bank

import (
	"context"
	"testing"

	"github.com/sudokubook/sudokubook/engine"
)

// staleFixes is what bank check finds in b: every puzzle whose stored key
// or grading is not what this version computes.
func staleFixes(t *testing.T, b *Bank) []Fix {
	t.Helper()
	gr := engine.NewGrader()
	var out []Fix
	err := b.Each(context.Background(), func(p Puzzle) error {
		f := Fix{ID: p.ID, Variant: p.Variant, Size: p.Size, OldKey: p.Key}
		if k := KeyText(p.P); k != p.Key {
			f.Key = k
		}
		g, err := gr.Grade(p.P.Geometry(), p.P.Cells(), engine.GradeOptions{})
		if err != nil {
			return err
		}
		if was := p.P.Grading; was.Level != g.Level || was.Score != g.Score || was.Rating != g.Rating || was.Hardest != g.Hardest {
			f.Grading = &g
		}
		if f.Key != "" || f.Grading != nil {
			out = append(out, f)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestFixRewritesStaleKeys makes a bank as an older sudokubook left it
// (a key from another keying, two puzzles with each other's keys, a
// grading from another ladder, and the same puzzle banked twice under two
// old keys, each copy printed), then fixes it: every key and grading is
// what this version computes, the twice-banked puzzle is one with both
// printings, and a fix that fails part-way changes nothing.
func TestFixRewritesStaleKeys(t *testing.T) {
	ctx := context.Background()
	b, _ := openTemp(t)
	ps := easyPuzzles(t, 6, 3)
	if _, err := b.Add(ctx, ps); err != nil {
		t.Fatal(err)
	}
	// Puzzle 4 again, transposed: the same puzzle, kept as another row
	// because an old key told them apart.
	dup := ps[3]
	dup.P.Givens, dup.P.Answer = make([]uint8, 81), make([]uint8, 81)
	for r := 0; r < 9; r++ {
		for c := 0; c < 9; c++ {
			dup.P.Givens[c*9+r] = ps[3].P.Givens[r*9+c]
			dup.P.Answer[c*9+r] = ps[3].P.Answer[r*9+c]
		}
	}
	dup.Key = "old dup"
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := b.db.ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	if _, err := b.Add(ctx, []Puzzle{dup}); err != nil {
		t.Fatal(err)
	}
	exec("UPDATE puzzles SET key = 'old one' WHERE id = 1")
	exec("UPDATE puzzles SET key = 'swap' WHERE id = 5")
	exec("UPDATE puzzles SET key = ? WHERE id = 6", ps[4].Key)
	exec("UPDATE puzzles SET key = ? WHERE id = 5", ps[5].Key)
	exec("UPDATE puzzles SET level = 'hard', score = 1 WHERE id = 2")
	exec("INSERT INTO printings (puzzle, book, volume, number, page) VALUES (4, 'Vol', '1', 1, 5), (7, 'Vol', '2', 3, 7)")

	fixes := staleFixes(t, b)
	if len(fixes) != 5 {
		t.Fatalf("%d stale puzzles found, want 5 (1, 2, 5, 6 and the copy): %+v", len(fixes), fixes)
	}
	// A fix that cannot be made (a puzzle that is not there) rolls back.
	missing := Fix{ID: 99, Grading: fixes[0].Grading}
	if missing.Grading == nil {
		missing.Grading = &engine.Grading{}
	}
	if _, err := b.Fix(ctx, append(fixes[:len(fixes):len(fixes)], missing)); err == nil {
		t.Fatal("Fix with a missing puzzle: no error")
	}
	if again := staleFixes(t, b); len(again) != 5 {
		t.Fatalf("after a failed fix %d stale puzzles, want the same 5", len(again))
	}

	rep, err := b.Fix(ctx, fixes)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Keys != 4 || rep.Gradings != 1 || rep.Levels != 1 || len(rep.Skipped) != 0 {
		t.Errorf("report %+v: want 4 keys, 1 grading, 1 level, nothing skipped", rep)
	}
	if len(rep.Merged) != 1 || rep.Merged[0] != (Merge{From: 7, Into: 4, Printings: 1}) {
		t.Errorf("merged %+v, want the copy (7) folded into puzzle 4 with its printing", rep.Merged)
	}
	if left := staleFixes(t, b); len(left) != 0 {
		t.Fatalf("after the fix %d puzzles are still stale: %+v", len(left), left)
	}
	var n int
	b.db.QueryRowContext(ctx, "SELECT count(*) FROM puzzles").Scan(&n)
	if n != 6 {
		t.Errorf("%d puzzles after the fix, want 6", n)
	}
	got, err := b.PrintingsOf(ctx, Classic, 9, ps[3].Key)
	if err != nil || len(got) != 2 {
		t.Errorf("printings of puzzle 4: %+v, %v; want both volumes'", got, err)
	}
	// A fix read before another process changed the key is left alone.
	rep, err = b.Fix(ctx, []Fix{{ID: 1, Variant: Classic, Size: 9, OldKey: "not its key", Key: "x"}})
	if err != nil || len(rep.Skipped) != 1 || rep.Keys != 0 {
		t.Errorf("fix of a changed puzzle: %+v, %v; want it skipped", rep, err)
	}
}

// TestMergeRekeys: a source bank whose keys an older version wrote merges
// under the keys made now: nothing stale comes in, and a puzzle the target
// already holds is not added twice.
func TestMergeRekeys(t *testing.T) {
	ctx := context.Background()
	src, srcPath := openTemp(t)
	dst, _ := openTemp(t)
	ps := easyPuzzles(t, 4, 5)
	if _, err := src.Add(ctx, ps); err != nil {
		t.Fatal(err)
	}
	if _, err := dst.Add(ctx, ps[:1]); err != nil {
		t.Fatal(err)
	}
	if _, err := src.db.ExecContext(ctx, "UPDATE puzzles SET key = 'old ' || id"); err != nil {
		t.Fatal(err)
	}
	src.Close()
	np, _, err := dst.Merge(ctx, srcPath)
	if err != nil || np != 3 {
		t.Fatalf("Merge: %d new, %v; want the 3 the target lacks", np, err)
	}
	if left := staleFixes(t, dst); len(left) != 0 {
		t.Errorf("%d stale keys merged in: %+v", len(left), left)
	}
}
