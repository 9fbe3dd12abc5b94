package main

import (
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/engine"
)

// TestBankFillResumes fills a bank in two runs and in one, and checks both
// hold the same puzzles: a fill stopped part-way and run again goes on
// where it stopped.
func TestBankFillResumes(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.db"), filepath.Join(dir, "b.db")
	for _, args := range [][]string{
		{"bank", "fill", "--level", "easy", "-n", "70", "--db", a, "-j", "2"},
		{"bank", "fill", "--level", "easy", "-n", "150", "--db", a, "-j", "1"},
		{"bank", "fill", "--level", "easy", "-n", "150", "--db", b, "-j", "2"},
	} {
		if _, stderr, code := runCmd(t, "", args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
	}
	outA, _, codeA := runCmd(t, "", "bank", "export", "--db", a)
	outB, _, codeB := runCmd(t, "", "bank", "export", "--db", b)
	if codeA != 0 || codeB != 0 {
		t.Fatalf("export: exit %d and %d", codeA, codeB)
	}
	if n := strings.Count(outA, "\n"); n != 192 {
		t.Fatalf("resumed bank: %d puzzles, want 192 (three whole batches of 64)", n)
	}
	if outA != outB {
		t.Fatalf("a fill in two runs and one in a single run differ:\n%s\n---\n%s", outA, outB)
	}
	out, _, code := runCmd(t, "", "bank", "stats", "--db", a)
	if code != 0 || !strings.Contains(out, "classic     9 easy           192         0       192") {
		t.Fatalf("stats: exit %d:\n%s", code, out)
	}
	out, stderr, code := runCmd(t, "", "bank", "check", "--db", a)
	if code != 0 || !strings.Contains(out, "sound; 192 puzzles, each proved unique") {
		t.Fatalf("check: exit %d:\n%s%s", code, out, stderr)
	}
}

func TestBankImport(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "bank.db")
	puzzles := sharedSet(t, "easy50.txt", 5)
	good := filepath.Join(dir, "good.txt")
	os.WriteFile(good, []byte("# mine\n"+strings.Join(puzzles, "\n")+"\n"), 0o644)
	out, stderr, code := runCmd(t, "", "bank", "import", good, "--db", db)
	if code != 0 || !strings.Contains(out, "5 puzzles read, 5 new, 0 already in the bank") {
		t.Fatalf("import: exit %d: %s%s", code, out, stderr)
	}
	// The same puzzles relabelled and turned are already there; a file
	// with one puzzle of several solutions imports nothing.
	moved := make([]string, len(puzzles))
	for i, p := range puzzles {
		g := engine.MustParseGrid(p)
		var m engine.Grid
		for c := range g {
			if v := g[80-c]; v != 0 {
				m[c] = v%9 + 1
			}
		}
		moved[i] = m.String()
	}
	again := filepath.Join(dir, "again.txt")
	os.WriteFile(again, []byte(strings.Join(moved, "\n")+"\n"), 0o644)
	out, stderr, code = runCmd(t, "", "bank", "import", again, "--db", db)
	if code != 0 || !strings.Contains(out, "5 puzzles read, 0 new, 5 already in the bank") {
		t.Fatalf("import of moved copies: exit %d: %s%s", code, out, stderr)
	}
	bad := filepath.Join(dir, "bad.txt")
	multi := sharedSet(t, "multi_solution.txt", 1)[0]
	os.WriteFile(bad, []byte(sharedSet(t, "easy50.txt", 8)[7]+"\n"+multi+"\n"), 0o644)
	_, stderr, code = runCmd(t, "", "bank", "import", bad, "--db", db)
	if code != 1 || !strings.Contains(stderr, "bad.txt:2: ") || !strings.Contains(stderr, "nothing imported") {
		t.Fatalf("import of a multi-solution puzzle: exit %d: %s", code, stderr)
	}
	out, _, _ = runCmd(t, "", "bank", "export", "--db", db)
	if n := strings.Count(out, "\n"); n != 5 {
		t.Fatalf("after the failed import the bank holds %d puzzles, want 5", n)
	}
}

// TestBankForeignFile gives every bank subcommand files that are not
// banks: exit 2, a message naming the file, and the file unchanged.
func TestBankForeignFile(t *testing.T) {
	dir := t.TempDir()
	foreign := filepath.Join(dir, "notes.db")
	want := []byte("title: my notes, not a bank\n")
	os.WriteFile(foreign, want, 0o644)
	puzzles := filepath.Join(dir, "p.txt")
	os.WriteFile(puzzles, []byte(sharedSet(t, "easy50.txt", 1)[0]+"\n"), 0o644)
	for _, args := range [][]string{
		{"bank", "stats", "--db", foreign},
		{"bank", "export", "--db", foreign},
		{"bank", "check", "--db", foreign},
		{"bank", "import", puzzles, "--db", foreign},
		{"bank", "fill", "--level", "easy", "-n", "1", "--db", foreign},
		{"bank", "merge", foreign, filepath.Join(dir, "x.db")},
	} {
		_, stderr, code := runCmd(t, "", args...)
		if code != 2 || !strings.Contains(stderr, "notes.db: not a sudokubook bank") {
			t.Errorf("%v: exit %d, stderr %q; want 2 and the file named", args[1], code, stderr)
		}
		if got, _ := os.ReadFile(foreign); string(got) != string(want) {
			t.Fatalf("%v changed the foreign file", args[1])
		}
	}
}

// TestBankMergeShards fills three shards as a batch engine would (one seed
// per shard), merges them, and checks the merged bank holds every puzzle
// once and passes check.
func TestBankMergeShards(t *testing.T) {
	dir := t.TempDir()
	var shards []string
	want := map[string]bool{}
	for i, seed := range []string{"1", "2", "3"} {
		db := filepath.Join(dir, "shard-"+seed+".db")
		if _, stderr, code := runCmd(t, "", "bank", "fill", "--level", "easy", "-n", "40", "--seed", seed, "--db", db, "-j", "1"); code != 0 {
			t.Fatalf("shard %d: %s", i, stderr)
		}
		out, _, _ := runCmd(t, "", "bank", "export", "--db", db)
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			want[classicKey(t, strings.Fields(l)[0])] = true
		}
		shards = append(shards, db)
	}
	all := filepath.Join(dir, "all.db")
	out, stderr, code := runCmd(t, "", append([]string{"bank", "merge", all}, shards...)...)
	if code != 0 {
		t.Fatalf("merge: exit %d: %s", code, stderr)
	}
	out, _, _ = runCmd(t, "", "bank", "export", "--db", all)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != len(want) {
		t.Fatalf("merged bank: %d puzzles, want %d", len(lines), len(want))
	}
	for _, l := range lines {
		if !want[classicKey(t, strings.Fields(l)[0])] {
			t.Fatalf("merged bank holds %s, which no shard made", l)
		}
	}
	if out, stderr, code := runCmd(t, "", "bank", "check", "--db", all); code != 0 {
		t.Fatalf("check of the merged bank: exit %d: %s%s", code, out, stderr)
	}
}

// TestBankVariants fills a bank with X 9x9, jigsaw 6x6 and classic 4x4
// puzzles: each kind keyed on its own, every puzzle proved unique again by
// check, the export importable into a second bank as the same puzzles, and
// a fill asking for more 4x4 puzzles than there are is refused.
func TestBankVariants(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	dir := t.TempDir()
	db := filepath.Join(dir, "v.db")
	for _, args := range [][]string{
		{"--variant", "x"},
		{"--variant", "jigsaw", "--size", "6"},
	} {
		all := append([]string{"bank", "fill", "--level", "easy", "-n", "1", "--db", db, "-j", "2", "--quiet"}, args...)
		if _, stderr, code := runCmd(t, "", all...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
	}
	_, stderr, code := runCmd(t, "", "bank", "fill", "--level", "easy", "-n", "1000", "--size", "4", "--db", db, "-j", "2", "--quiet")
	if code != 2 || !strings.Contains(stderr, "-n 1000: classic 4x4 easy has only 13 essentially different puzzles") {
		t.Fatalf("4x4 fill past what exists: exit %d: %s", code, stderr)
	}
	if _, stderr, code := runCmd(t, "", "bank", "fill", "--level", "easy", "-n", "13", "--size", "4", "--db", db, "-j", "2", "--quiet"); code != 0 {
		t.Fatalf("4x4 fill of all there are: exit %d: %s", code, stderr)
	}
	stats, _, _ := runCmd(t, "", "bank", "stats", "--db", db)
	for _, want := range []string{"x           9 easy            64", "jigsaw      6 easy            64", "classic     4 easy"} {
		if !strings.Contains(stats, want) {
			t.Errorf("stats lack %q:\n%s", want, stats)
		}
	}
	if out, stderr, code := runCmd(t, "", "bank", "check", "--db", db); code != 0 {
		t.Fatalf("check: exit %d: %s%s", code, out, stderr)
	}
	for _, kind := range [][]string{{"--variant", "x"}, {"--variant", "jigsaw"}} {
		out, _, _ := runCmd(t, "", "bank", "export", "--db", db)
		var lines []string
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			if (kind[1] == "jigsaw") == strings.Contains(l, "/") && len(strings.Fields(l)[0]) > 16 {
				lines = append(lines, l)
			}
		}
		file := filepath.Join(dir, kind[1]+".txt")
		os.WriteFile(file, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
		got, stderr, code := runCmd(t, "", append([]string{"bank", "import", file, "--db", db}, kind...)...)
		if code != 0 || !strings.Contains(got, "64 puzzles read, 0 new, 64 already in the bank") {
			t.Errorf("re-import of the %s puzzles: exit %d: %s%s", kind[1], code, got, stderr)
		}
	}
}

// TestBankCheckFixesStaleKeys: a bank holding keys and gradings an older
// sudokubook wrote (killer keys under fewer moves, gradings from an older
// ladder) is flagged by bank check, exit 1, naming --fix; bank check --fix
// rewrites them, says what it did, and the bank is sound again. Its
// killers then export alone and import back, found again by key.
func TestBankCheckFixesStaleKeys(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "old.db")
	mustRun(t, "bank", "fill", "--level", "easy", "-n", "1", "--db", db, "-j", "1", "--quiet")
	mustRun(t, "bank", "fill", "--variant", "killer-x", "--size", "6", "--level", "easy", "-n", "1", "--db", db, "-j", "1", "--quiet")
	sqldb, err := sql.Open("sqlite", db)
	if err != nil {
		t.Fatal(err)
	}
	res, err := sqldb.Exec("UPDATE puzzles SET key = 'old ' || id WHERE variant = 'killer-x' AND id % 2 = 0")
	if err != nil {
		t.Fatal(err)
	}
	keys, _ := res.RowsAffected()
	res, err = sqldb.Exec("UPDATE puzzles SET level = 'medium', score = score + 1 WHERE variant = 'classic' AND id <= 3")
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := res.RowsAffected(); n != 3 || keys == 0 {
		t.Fatalf("made %d keys and %d gradings stale, want some and 3", keys, n)
	}
	sqldb.Close()

	out, stderr, code := runCmd(t, "", "bank", "check", "--db", db)
	if code != 1 || !strings.Contains(out, ": key old ") || !strings.Contains(out, ": graded medium (score") ||
		!strings.Contains(stderr, "bank check --fix --db") {
		t.Fatalf("check of the stale bank: exit %d, want 1 naming the stale keys, gradings and --fix:\n%s%s", code, out, stderr)
	}
	out = mustRun(t, "bank", "check", "--fix", "--db", db)
	want := fmt.Sprintf("fixed %d keys and 3 gradings (3 puzzles changed level), 0 puzzles folded into another", keys)
	if !strings.Contains(out, want) || !strings.Contains(out, "sound; 128 puzzles") {
		t.Fatalf("check --fix: want %q and sound:\n%s", want, out)
	}
	if out := mustRun(t, "bank", "check", "--db", db); !strings.Contains(out, "sound; 128 puzzles, each proved unique") {
		t.Fatalf("check after the fix:\n%s", out)
	}
	if stats := mustRun(t, "bank", "stats", "--db", db); !strings.Contains(stats, "classic     9 easy            64") {
		t.Errorf("after the fix the 3 classic puzzles are easy again:\n%s", stats)
	}
	// One kind of a bank of several exports alone and imports back under
	// the name fill gives it.
	lines := mustRun(t, "bank", "export", "--db", db, "--variant", "killer-x", "--size", "6")
	if n := strings.Count(lines, "\n"); n != 64 {
		t.Fatalf("export --variant killer-x --size 6: %d lines, want 64", n)
	}
	file := filepath.Join(dir, "killers.txt")
	if err := os.WriteFile(file, []byte(lines), 0o644); err != nil {
		t.Fatal(err)
	}
	if out := mustRun(t, "bank", "import", file, "--db", filepath.Join(dir, "new.db"), "--variant", "killer-x", "--size", "6"); !strings.Contains(out, "64 puzzles read, 64 new") {
		t.Errorf("import of the exported killers:\n%s", out)
	}
	if out := mustRun(t, "bank", "import", file, "--db", db, "--variant", "killer-x", "--size", "6"); !strings.Contains(out, "64 puzzles read, 0 new, 64 already in the bank") {
		t.Errorf("import of the exported killers into their own bank:\n%s", out)
	}
}

// TestBuildRefusesStaleBank: a build drawing on a bank whose printed
// puzzles carry keys an older sudokubook wrote stops before writing
// anything, naming bank check --fix (its old keys would not stop it
// printing those puzzles again); once fixed, the next volume builds and
// shares no puzzle with the first.
func TestBuildRefusesStaleBank(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	dir := t.TempDir()
	db := filepath.Join(dir, "killers.db")
	mustRun(t, "bank", "fill", "--variant", "killer-x", "--size", "6", "--level", "easy", "-n", "1", "--db", db, "-j", "1", "--quiet")
	spec := func(v string) string {
		return writeSpec(t, dir, "v"+v+".yaml", "title: Killers\nvolume: \""+v+"\"\nyear: 2026\nseed: 3\nbank: killers.db\npuzzles_per_page: 1\n"+
			"sections:\n  - {level: easy, count: 4, variant: killer-x, size: 6}\n")
	}
	mustRun(t, "build", spec("1"), "-o", filepath.Join(dir, "v1"), "--quiet")
	sqldb, err := sql.Open("sqlite", db)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sqldb.Exec("UPDATE puzzles SET key = 'old ' || id"); err != nil {
		t.Fatal(err)
	}
	sqldb.Close()
	out, stderr, code := runCmd(t, "", "build", spec("2"), "-o", filepath.Join(dir, "v2"), "--quiet")
	if code == 0 || !strings.Contains(stderr, "keys from an older sudokubook: run sudokubook bank check --fix --db") {
		t.Fatalf("build from a stale bank: exit %d, want a failure naming bank check --fix:\n%s%s", code, out, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "v2")); !os.IsNotExist(err) {
		t.Errorf("the refused build left %s behind (%v)", filepath.Join(dir, "v2"), err)
	}
	mustRun(t, "bank", "check", "--fix", "--db", db)
	mustRun(t, "build", spec("2"), "-o", filepath.Join(dir, "v2"), "--quiet")
	k1, k2 := kindKeysOf(t, filepath.Join(dir, "v1")), kindKeysOf(t, filepath.Join(dir, "v2"))
	for k := range k1 {
		if _, ok := k2[k]; ok {
			t.Errorf("volumes 1 and 2 share a puzzle")
		}
	}
	if len(k1) != 4 || len(k2) != 4 {
		t.Errorf("volumes of %d and %d puzzles, want 4 each", len(k1), len(k2))
	}
}
