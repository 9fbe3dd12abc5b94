package main

import (
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBankCheckFlagsOldFigureKeys: figure keys as the version before
// wrote them (testdata/figure-old-keys.tsv: three samurai, a sohei, a
// twin, a butterfly and a flower, each with the key that version's bank
// import stored, under the figure's whole-line moves only, before a
// samurai's corner grid or a sohei's side grid moved on its own) are stale
// now for the samurai and the sohei, not for the others: bank check flags
// those four, exit 1, naming --fix; --fix rekeys them and the bank is
// sound again.
func TestBankCheckFlagsOldFigureKeys(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "figure-old-keys.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	type fixture struct{ variant, grid, key string }
	var all []fixture
	byVariant := map[string][]string{}
	var order []string
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		f := strings.Split(l, "\t")
		if len(f) != 3 {
			t.Fatalf("fixture line %q: want a variant, a puzzle and its old key", l)
		}
		all = append(all, fixture{f[0], f[1], f[2]})
		if byVariant[f[0]] == nil {
			order = append(order, f[0])
		}
		byVariant[f[0]] = append(byVariant[f[0]], f[1])
	}
	dir := t.TempDir()
	db := filepath.Join(dir, "old.db")
	for _, v := range order {
		file := filepath.Join(dir, v+".txt")
		if err := os.WriteFile(file, []byte(strings.Join(byVariant[v], "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		mustRun(t, "bank", "import", file, "--db", db, "--variant", v)
	}
	sqldb, err := sql.Open("sqlite", db)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range all {
		res, err := sqldb.Exec("UPDATE puzzles SET key = ? WHERE grid = ?", p.key, p.grid)
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
		t.Fatalf("check of a bank of old figure keys: exit %d, want 1 naming --fix:\n%s%s", code, out, stderr)
	}
	for i, p := range all {
		stale := p.variant == "samurai" || p.variant == "sohei"
		if got := strings.Contains(out, ": key "+p.key+", want "); got != stale {
			t.Errorf("puzzle %d (%s): flagged %v, want %v:\n%s", i+1, p.variant, got, stale, out)
		}
	}
	out = mustRun(t, "bank", "check", "--fix", "--db", db)
	if !strings.Contains(out, "fixed 4 keys and 0 gradings") || !strings.Contains(out, "sound; 7 puzzles") {
		t.Fatalf("check --fix: want 4 keys fixed and the bank sound:\n%s", out)
	}
	if out := mustRun(t, "bank", "check", "--db", db); !strings.Contains(out, "sound; 7 puzzles") {
		t.Fatalf("check after the fix:\n%s", out)
	}
}
