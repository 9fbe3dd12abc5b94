package bank

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/sudokubook/sudokubook/engine"
)

// easyPuzzles generates n easy puzzles (fast) with the given seed.
// tb may be nil in a helper process; the easy quota cannot fail.
func easyPuzzles(tb testing.TB, n int, seed uint64) []Puzzle {
	found, err := engine.Fill(context.Background(), []engine.Quota{{Level: engine.Easy, Count: n}}, engine.FillOptions{Seed: seed, Workers: 1})
	if err != nil {
		if tb == nil {
			panic(err)
		}
		tb.Fatal(err)
	}
	out := make([]Puzzle, n)
	for i, p := range found[0] {
		out[i] = FromEngine(p, fmt.Sprintf("test seed=%d", seed))
	}
	return out
}

func openTemp(t *testing.T) (*Bank, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "bank.db")
	b, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b, path
}

func TestAddKeepsOnePerKey(t *testing.T) {
	ctx := context.Background()
	b, _ := openTemp(t)
	ps := easyPuzzles(t, 10, 1)
	n, err := b.Add(ctx, ps)
	if err != nil || n != 10 {
		t.Fatalf("Add: got %d, %v; want 10 new", n, err)
	}
	// The same puzzles again, and one of them transposed and relabelled:
	// nothing new.
	moved := ps[3]
	moved.P.Givens = make([]uint8, 81)
	for r := 0; r < 9; r++ {
		for c := 0; c < 9; c++ {
			if v := ps[3].P.Givens[c*9+r]; v != 0 {
				moved.P.Givens[r*9+c] = 10 - v
			}
		}
	}
	moved.Key = KeyText(moved.P)
	if moved.Key != ps[3].Key {
		t.Fatalf("test is wrong: moved puzzle has another key")
	}
	if n, err := b.Add(ctx, append(ps, moved)); err != nil || n != 0 {
		t.Fatalf("Add again: got %d, %v; want 0 new", n, err)
	}
	if has, err := b.Has(ctx, Classic, 9, moved.Key); err != nil || !has {
		t.Fatalf("Has(moved key): got %v, %v; want true", has, err)
	}
	var got []Puzzle
	if err := b.Each(ctx, func(p Puzzle) error { got = append(got, p); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(got) != 10 {
		t.Fatalf("Each: got %d puzzles, want 10", len(got))
	}
	for i, p := range got {
		w := ps[i]
		pg, wg := p.P.Grading, w.P.Grading
		if !slices.Equal(p.P.Givens, w.P.Givens) || !slices.Equal(p.P.Answer, w.P.Answer) || p.Key != w.Key || pg.Level != wg.Level ||
			pg.Score != wg.Score || pg.Hardest != wg.Hardest || pg.Rating != wg.Rating || p.Origin != w.Origin {
			t.Errorf("puzzle %d: got %+v, want %+v", i, p, w)
		}
	}
	st, err := b.Stats(ctx)
	if err != nil || len(st) != 1 || st[0] != (Stat{Classic, 9, "easy", 10, 0}) {
		t.Fatalf("Stats: got %+v, %v; want one line classic 9 easy 10 0", st, err)
	}
}

// TestForeignFileUntouched gives Open files that are not banks: each is
// refused with ErrNotBank and left byte for byte as it was, with nothing
// made beside it.
func TestForeignFileUntouched(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	other := filepath.Join(dir, "other.db")
	db, err := sql.Open("sqlite", other)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("CREATE TABLE t (x); INSERT INTO t VALUES (1)"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	_, good := openTemp(t)
	goodBytes, _ := os.ReadFile(good)
	damaged := append([]byte(nil), goodBytes...)
	for i := 100; i < len(damaged) && i < 8192; i++ {
		damaged[i] ^= 0x5a
	}
	cases := map[string][]byte{
		"text.db":    []byte("title: not a bank\n"),
		"empty.db":   {},
		"damaged.db": damaged,
	}
	for name, data := range cases {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	otherBytes, _ := os.ReadFile(other)
	cases["other.db"] = otherBytes
	for name, want := range cases {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(dir, name)
			b, err := Open(ctx, path)
			if err == nil {
				b.Close()
				t.Fatalf("Open(%s): no error", name)
			}
			if !errors.Is(err, ErrNotBank) {
				t.Errorf("Open(%s): got %v, want ErrNotBank", name, err)
			}
			got, _ := os.ReadFile(path)
			if !bytes.Equal(got, want) {
				t.Errorf("%s changed", name)
			}
			for _, side := range []string{"-wal", "-shm", "-journal"} {
				if _, err := os.Stat(path + side); err == nil {
					t.Errorf("%s%s was made", name, side)
				}
			}
		})
	}
}

func TestClaimsDrawRecordRelease(t *testing.T) {
	ctx := context.Background()
	b, _ := openTemp(t)
	ps := easyPuzzles(t, 12, 2)
	if _, err := b.Add(ctx, ps); err != nil {
		t.Fatal(err)
	}
	all := func(Puzzle) bool { return true }
	c1, _ := b.NewClaim()
	c2, _ := b.NewClaim()
	d1, err := c1.Draw(ctx, Classic, 9, engine.Quota{Level: engine.Easy}, 5, all)
	if err != nil || len(d1) != 5 {
		t.Fatalf("c1.Draw: got %d, %v; want 5", len(d1), err)
	}
	d2, err := c2.Draw(ctx, Classic, 9, engine.Quota{Level: engine.Easy}, 10, all)
	if err != nil || len(d2) != 7 {
		t.Fatalf("c2.Draw: got %d, %v; want the 7 left", len(d2), err)
	}
	seen := map[int64]bool{}
	for _, p := range append(d1, d2...) {
		if seen[p.ID] {
			t.Fatalf("puzzle %d drawn twice", p.ID)
		}
		seen[p.ID] = true
	}
	// c2 generated a puzzle c1 also wants to print: refused.
	extra := easyPuzzles(t, 1, 99)
	if err := c2.Reserve(ctx, extra, false); err != nil {
		t.Fatal(err)
	}
	if err := c1.Reserve(ctx, extra, false); !errors.Is(err, ErrTaken) {
		t.Fatalf("c1.Reserve of c2's puzzle: got %v, want ErrTaken", err)
	}
	var prints []Printing
	for i, p := range d1 {
		prints = append(prints, Printing{Key: p.Key, Book: "Vol", Volume: "1", Number: i + 1, Page: 10 + i})
	}
	if err := c1.Record(ctx, prints); err != nil {
		t.Fatal(err)
	}
	if err := c2.Release(ctx); err != nil {
		t.Fatal(err)
	}
	// c2's puzzles are free again; c1's are printed.
	c3, _ := b.NewClaim()
	if none, err := c3.Draw(ctx, Classic, 9, engine.Quota{Level: engine.Easy, MinClues: 80}, 5, all); err != nil || len(none) != 0 {
		t.Fatalf("Draw of 80 clues or more: got %d, %v; want none", len(none), err)
	}
	d3, err := c3.Draw(ctx, Classic, 9, engine.Quota{Level: engine.Easy}, 100, all)
	if err != nil || len(d3) != 8 {
		t.Fatalf("c3.Draw after release: got %d, %v; want 8 (7 + the generated one)", len(d3), err)
	}
	printed, err := c3.Printed(ctx, Classic, 9)
	if err != nil || len(printed) != 5 {
		t.Fatalf("Printed to c3: got %d keys, %v; want the 5 printed (c3's own claims are its to print)", len(printed), err)
	}
	for _, p := range d1 {
		if !printed[p.Key] {
			t.Errorf("printed puzzle %s missing from Printed", p.Line())
		}
	}
	got, err := b.PrintingsOf(ctx, Classic, 9, d1[2].Key)
	if err != nil || len(got) != 1 || got[0].Number != 3 || got[0].Page != 12 {
		t.Fatalf("PrintingsOf: got %+v, %v", got, err)
	}
	st, _ := b.Stats(ctx)
	if st[0].Used != 5 || st[0].Total != 13 {
		t.Fatalf("Stats: got %+v, want 13 puzzles, 5 used", st)
	}
}

// TestMergeShards fills three shards with overlapping puzzles and a
// printing, merges them, and checks every key once and the printing kept.
func TestMergeShards(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	all := map[string]bool{}
	var paths []string
	for s := 0; s < 3; s++ {
		path := filepath.Join(dir, fmt.Sprintf("shard-%d.db", s))
		b, err := Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		ps := append(easyPuzzles(t, 6, uint64(10+s)), easyPuzzles(t, 2, 7)...) // seed 7 is in every shard
		if _, _, err := b.AddBatch(ctx, Classic, 9, engine.Easy, uint64(10+s), 1, 0, ps); err != nil {
			t.Fatal(err)
		}
		for _, p := range ps {
			all[p.Key] = true
		}
		if s == 1 {
			c, _ := b.NewClaim()
			d, err := c.Draw(ctx, Classic, 9, engine.Quota{Level: engine.Easy}, 1, func(Puzzle) bool { return true })
			if err != nil {
				t.Fatal(err)
			}
			if err := c.Record(ctx, []Printing{{Key: d[0].Key, Book: "B", Volume: "2", Number: 1, Page: 5}}); err != nil {
				t.Fatal(err)
			}
		}
		b.Close()
		paths = append(paths, path)
	}
	out, _ := openTemp(t)
	np, nr, err := out.Merge(ctx, paths...)
	if err != nil || np != len(all) || nr != 1 {
		t.Fatalf("Merge: got %d puzzles %d printings, %v; want %d and 1", np, nr, err, len(all))
	}
	if np, nr, err := out.Merge(ctx, paths...); err != nil || np != 0 || nr != 0 {
		t.Fatalf("Merge again: got %d, %d, %v; want nothing new", np, nr, err)
	}
	st, _ := out.Stats(ctx)
	if st[0].Total != len(all) || st[0].Used != 1 {
		t.Fatalf("Stats: got %+v", st)
	}
	if _, _, err := out.Merge(ctx, filepath.Join(dir, "missing.db")); err == nil {
		t.Fatal("Merge of a missing file: no error")
	}
	if _, err := os.Stat(filepath.Join(dir, "missing.db")); err == nil {
		t.Fatal("Merge made the missing file")
	}
}

// TestConcurrentProcesses runs four processes on one bank: one adds
// batches while three draw, record and release claims at random. No added
// puzzle may be lost and no puzzle may be printed twice.
func TestConcurrentProcesses(t *testing.T) {
	ctx := context.Background()
	b, path := openTemp(t)
	seedPs := easyPuzzles(t, 40, 3)
	if _, err := b.Add(ctx, seedPs); err != nil {
		t.Fatal(err)
	}
	roles := []string{"fill", "book", "book", "book"}
	var wg sync.WaitGroup
	errs := make([]error, len(roles))
	outs := make([][]byte, len(roles))
	for i, role := range roles {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), "BANK_HELPER="+role, "BANK_PATH="+path, "BANK_ID="+strconv.Itoa(i))
			outs[i], errs[i] = cmd.CombinedOutput()
		}()
	}
	wg.Wait()
	for i := range roles {
		if errs[i] != nil {
			t.Fatalf("helper %d (%s): %v\n%s", i, roles[i], errs[i], outs[i])
		}
	}
	var total, doubled int
	if err := b.db.QueryRow("SELECT count(*) FROM puzzles").Scan(&total); err != nil {
		t.Fatal(err)
	}
	want := 40
	for _, batch := range helperFill(t) {
		want += len(batch)
	}
	if total != want {
		t.Errorf("puzzles: got %d, want %d (40 first, then the fill's)", total, want)
	}
	if err := b.db.QueryRow("SELECT count(*) FROM (SELECT puzzle FROM printings GROUP BY puzzle HAVING count(*) > 1)").Scan(&doubled); err != nil {
		t.Fatal(err)
	}
	if doubled != 0 {
		t.Errorf("%d puzzles printed in two books", doubled)
	}
	var printed int
	b.db.QueryRow("SELECT count(*) FROM printings").Scan(&printed)
	if printed == 0 {
		t.Errorf("no book recorded anything: the test proved nothing")
	}
	t.Logf("%d puzzles, %d printings", total, printed)
}

// helperFill is what the fill helper adds: 4 batches of 5 new puzzles.
func helperFill(tb testing.TB) [][]Puzzle {
	var out [][]Puzzle
	for i := 0; i < 4; i++ {
		out = append(out, easyPuzzles(tb, 5, uint64(1000+i)))
	}
	return out
}

// TestMain runs a helper process of TestConcurrentProcesses when asked to
// by the environment, and the tests otherwise.
func TestMain(m *testing.M) {
	if role := os.Getenv("BANK_HELPER"); role != "" {
		if err := helper(role); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// helper is one process of TestConcurrentProcesses.
func helper(role string) error {
	ctx := context.Background()
	b, err := Open(ctx, os.Getenv("BANK_PATH"))
	if err != nil {
		return err
	}
	defer b.Close()
	id, _ := strconv.Atoi(os.Getenv("BANK_ID"))
	switch role {
	case "fill":
		for i, batch := range helperFill(nil) {
			if _, _, err := b.AddBatch(ctx, Classic, 9, engine.Easy, 1000, i+1, 0, batch); err != nil {
				return err
			}
		}
	case "book":
		rng := rand.New(rand.NewPCG(uint64(id), 0))
		for round := 0; round < 6; round++ {
			c, err := b.NewClaim()
			if err != nil {
				return err
			}
			d, err := c.Draw(ctx, Classic, 9, engine.Quota{Level: engine.Easy}, 1+rng.IntN(4), func(Puzzle) bool { return true })
			if err != nil {
				return err
			}
			if rng.IntN(3) == 0 {
				if err := c.Release(ctx); err != nil {
					return err
				}
				continue
			}
			var prints []Printing
			for i, p := range d {
				prints = append(prints, Printing{Key: p.Key, Book: "helper", Volume: strconv.Itoa(id), Number: round*10 + i, Page: 1})
			}
			if err := c.Record(ctx, prints); err != nil {
				return err
			}
		}
	}
	return nil
}

// TestOpenNewBankAtOnce opens one new bank from eight goroutines at once:
// every one gets the bank (none sees it half made), and no stray file is
// left beside it.
func TestOpenNewBankAtOnce(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "new.db")
	ps := easyPuzzles(t, 8, 4)
	var wg sync.WaitGroup
	errs := make([]error, len(ps))
	for i := range ps {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b, err := Open(ctx, path)
			if err == nil {
				_, err = b.Add(ctx, ps[i:i+1])
				b.Close()
			}
			errs[i] = err
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("opener %d: %v", i, err)
		}
	}
	b, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	st, err := b.Stats(ctx)
	if err != nil || len(st) != 1 || st[0].Total != len(ps) {
		t.Errorf("stats: %+v, %v; want %d puzzles", st, err, len(ps))
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.Contains(e.Name(), ".new-") {
			t.Errorf("stray file %s", e.Name())
		}
	}
}

// Killers are banked under their own names ("killer", "killer-x"), apart
// from classic and X puzzles of the same size, and come back from a draw
// with their cages and sums, fit for the quota that asked.
func TestKillersKeepTheirCages(t *testing.T) {
	ctx := context.Background()
	b, _ := openTemp(t)
	rng := rand.New(rand.NewPCG(4, 5))
	gen := engine.NewGenerator()
	want := map[string]engine.Puzzle{}
	for _, base := range []engine.Variant{engine.Classic, engine.X} {
		for {
			p, ok := gen.Killer(rng, engine.KillerQuota{Kind: engine.Kind{Variant: base}, Level: engine.Easy})
			if !ok {
				continue
			}
			bp := FromEngine(p, "test")
			want[bp.Variant] = p
			if _, err := b.Add(ctx, []Puzzle{bp}); err != nil {
				t.Fatal(err)
			}
			break
		}
	}
	if _, ok := want["killer"]; !ok {
		t.Fatalf("kinds banked as %v, want killer and killer-x", want)
	}
	claim, err := b.NewClaim()
	if err != nil {
		t.Fatal(err)
	}
	for name, p := range want {
		for _, other := range []string{Classic, "x"} {
			if got, err := claim.Draw(ctx, other, 9, engine.Quota{Level: engine.Easy}, 5, func(Puzzle) bool { return true }); err != nil || len(got) != 0 {
				t.Errorf("a %s draw found %d puzzles (%v): killers leak into other kinds", other, len(got), err)
			}
		}
		q := engine.Quota{Kind: p.Kind(), Level: engine.Easy}
		got, err := claim.Draw(ctx, name, 9, q, 5, func(bp Puzzle) bool { return q.Accepts(bp.Engine()) })
		if err != nil || len(got) != 1 {
			t.Fatalf("%s: drew %d (%v), want the one banked", name, len(got), err)
		}
		e := got[0].Engine()
		if e.Geometry().CageString() != p.Geometry().CageString() || engine.FormatLine(e.Geometry(), e.Cells()) != engine.FormatLine(p.Geometry(), p.Cells()) {
			t.Errorf("%s came back as %s, want %s", name, got[0].Line(), engine.FormatLine(p.Geometry(), p.Cells()))
		}
	}
}

// A bank checked while another connection writes and checkpoints it is
// a bank: the check must not take pages half moved from the -wal file
// for damage, nor give up on a lock.
func TestCheckWhileCheckpointing(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "busy.db")
	w, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	ps := easyPuzzles(t, 400, 6)
	done := make(chan error, 1)
	go func() {
		for i := 0; i < len(ps); i += 20 {
			if _, err := w.Add(ctx, ps[i:i+20]); err != nil {
				done <- err
				return
			}
			if _, err := w.db.ExecContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)"); err != nil {
				done <- err
				return
			}
		}
		done <- nil
	}()
	checks := 0
	for {
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("writer: %v", err)
			}
			if checks == 0 {
				t.Fatalf("no check ran beside the writer (%d)", checks)
			}
			return
		default:
		}
		if err := Check(ctx, path); err != nil {
			t.Fatalf("check %d beside a writer: %v", checks, err)
		}
		checks++
	}
}
