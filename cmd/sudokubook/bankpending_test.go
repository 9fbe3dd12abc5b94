package main

import (
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "modernc.org/sqlite"
)

// TestBankCheckSettlesPending: bank check lists the printings a build
// stopped between recording and committing left pending, and --fix
// settles them: those of a book whose folder holds its manifest become
// final, those whose manifest is not there are dropped.
func TestBankCheckSettlesPending(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "puzzles.db")
	mustRun(t, "bank", "fill", "--level", "easy", "-n", "4", "--db", db, "-j", "1", "--quiet")
	for _, v := range []string{"1", "2"} {
		spec := writeSpec(t, dir, "vol"+v+".yaml", seriesSpec("Series", "volume: \""+v+"\"\nbank: puzzles.db\nseed: "+v+"\n"))
		mustRun(t, "build", spec, "-o", filepath.Join(dir, "out"+v), "--quiet", "-j", "1")
	}
	// Mark both books' printings pending as a stopped build leaves them:
	// volume 1's with its real manifest, volume 2's with one never written.
	sdb, err := sql.Open("sqlite", "file:"+url.PathEscape(db))
	if err != nil {
		t.Fatal(err)
	}
	for _, stmt := range []string{
		"CREATE TABLE IF NOT EXISTS pending (printing INTEGER PRIMARY KEY, token TEXT NOT NULL, proof TEXT NOT NULL, sum TEXT NOT NULL)",
		"INSERT INTO pending SELECT id, 'a', '" + filepath.Join(dir, "out1", "manifest.json") + "', '" + sha256File(t, filepath.Join(dir, "out1", "manifest.json")) + "' FROM printings WHERE volume = '1'",
		"INSERT INTO pending SELECT id, 'b', '" + filepath.Join(dir, "out2", "never.json") + "', '00' FROM printings WHERE volume = '2'",
	} {
		if _, err := sdb.Exec(stmt); err != nil {
			t.Fatal(err)
		}
	}
	sdb.Close()
	// Each book printed 9 puzzles and showed 2 grids of its own (the
	// title page's and the how-to-play example's), printed too.
	out := mustRun(t, "bank", "check", "--db", db)
	if !strings.Contains(out, "22 printings") || strings.Count(out, ": pending: Series vol. ") != 2 {
		t.Fatalf("check:\n%s", out)
	}
	out = mustRun(t, "bank", "check", "--fix", "--db", db)
	if !strings.Contains(out, "pending printings of Series vol. 1 (11 printings, ") || !strings.Contains(out, "made final") ||
		!strings.Contains(out, "pending printings of Series vol. 2 (11 printings, ") || !strings.Contains(out, "dropped") {
		t.Fatalf("check --fix:\n%s", out)
	}
	if out := mustRun(t, "bank", "check", "--db", db); !strings.Contains(out, "11 printings") || strings.Contains(out, "pending") {
		t.Errorf("check after --fix:\n%s", out)
	}
}

func sha256File(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}
