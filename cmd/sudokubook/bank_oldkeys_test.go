package main

import (
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBankCheckFlagsOldFigureKeys: samurai keys as the version before
// wrote them (testdata/samurai-old-keys.tsv: three samurai and the keys
// that version's bank import stored, under the figure's whole-line moves
// only, before a corner grid's rows moved on their own) are stale now:
// bank check flags each, exit 1, naming --fix; --fix rekeys all three and
// the bank is sound again.
func TestBankCheckFlagsOldFigureKeys(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "samurai-old-keys.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	var grids, keys []string
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		f := strings.Split(l, "\t")
		if len(f) != 2 {
			t.Fatalf("fixture line %q: want a puzzle and its old key", l)
		}
		grids, keys = append(grids, f[0]), append(keys, f[1])
	}
	dir := t.TempDir()
	db := filepath.Join(dir, "old.db")
	file := filepath.Join(dir, "samurai.txt")
	if err := os.WriteFile(file, []byte(strings.Join(grids, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	mustRun(t, "bank", "import", file, "--db", db, "--variant", "samurai")
	sqldb, err := sql.Open("sqlite", db)
	if err != nil {
		t.Fatal(err)
	}
	for i, g := range grids {
		res, err := sqldb.Exec("UPDATE puzzles SET key = ? WHERE grid = ?", keys[i], g)
		if err != nil {
			t.Fatal(err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			t.Fatalf("puzzle %d of the fixture: %d rows given its old key, want 1", i+1, n)
		}
	}
	sqldb.Close()

	out, stderr, code := runCmd(t, "", "bank", "check", "--db", db)
	if code != 1 || !strings.Contains(stderr, "bank check --fix --db") {
		t.Fatalf("check of a bank of old samurai keys: exit %d, want 1 naming --fix:\n%s%s", code, out, stderr)
	}
	for i, k := range keys {
		if !strings.Contains(out, ": key "+k+", want ") {
			t.Errorf("check does not flag puzzle %d's old key:\n%s", i+1, out)
		}
	}
	out = mustRun(t, "bank", "check", "--fix", "--db", db)
	if !strings.Contains(out, "fixed 3 keys and 0 gradings") || !strings.Contains(out, "sound; 3 puzzles") {
		t.Fatalf("check --fix: want 3 keys fixed and the bank sound:\n%s", out)
	}
	if out := mustRun(t, "bank", "check", "--db", db); !strings.Contains(out, "sound; 3 puzzles") {
		t.Fatalf("check after the fix:\n%s", out)
	}
}
