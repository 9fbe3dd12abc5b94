package main

import (
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	_ "modernc.org/sqlite"
)

// damagedBank makes a bank of 128 puzzles at dir/name and flips 30 bytes
// of it after offset 4096, inside its pages, and makes sure SQLite's own
// integrity_check finds the damage.
func damagedBank(t *testing.T, dir, name string) string {
	t.Helper()
	db := filepath.Join(dir, name)
	mustRun(t, "bank", "fill", "--level", "easy", "-n", "128", "--db", db, "-j", "2", "--quiet")
	b, err := os.ReadFile(db)
	if err != nil {
		t.Fatal(err)
	}
	for i := 4096 + 8; i < 4096+8+30; i++ {
		b[i] ^= 0xff
	}
	if err := os.WriteFile(db, b, 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := sql.Open("sqlite", "file:"+url.PathEscape(db)+"?mode=ro&immutable=1")
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	var first string
	if err := c.QueryRow("PRAGMA integrity_check").Scan(&first); err == nil && first == "ok" {
		t.Fatalf("integrity_check finds no damage in %s", db)
	}
	return db
}

// TestDamagedBankIsRefused: every command that writes a bank refuses one
// whose pages are damaged, exit 2, leaving its file byte for byte as it
// was; the readers say it is damaged. Before, fill, import, merge and a
// build wrote to it and exited 0, and stats read it with exit 0.
func TestDamagedBankIsRefused(t *testing.T) {
	dir := t.TempDir()
	db := damagedBank(t, dir, "p.db")
	good := emptyBank(t, dir, "good.db")
	puzzles := writeSpec(t, dir, "more.txt", "003020600900305001001806400008102900700000008006708200002609500800203009005010300\n")
	spec := writeSpec(t, dir, "s.yaml", seriesSpec("S", "bank: p.db\n"))
	want := "bank " + db + " is damaged (SQLite reports: "
	for _, args := range [][]string{
		{"bank", "fill", "--level", "easy", "-n", "200", "--db", db, "-j", "1", "--quiet"},
		{"bank", "import", puzzles, "--db", db},
		{"bank", "merge", db, good},
		{"bank", "merge", good, db},
		{"bank", "check", "--fix", "--db", db},
		{"build", spec, "-o", filepath.Join(dir, "out"), "--quiet"},
		{"bank", "stats", "--db", db},
		{"bank", "export", "--db", db},
		{"bank", "check", "--db", db},
	} {
		was := folderState(t, dir)
		_, stderr, code := runCmd(t, "", args...)
		if code != 2 || !strings.Contains(stderr, want) || !strings.Contains(stderr, "nothing was written; restore it from a copy") {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 saying %q", args, code, stderr, want)
		}
		sameFolder(t, dir, was)
	}
}

// TestBankReadersOnReadOnlyDisk: stats, export and check read a bank in a
// folder nobody may write, as on a read-only disk. Before, each opened
// the bank to write and failed with "unable to open database file (14)".
func TestBankReadersOnReadOnlyDisk(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	root, err := os.MkdirTemp("", "robank-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(filepath.Join(root, "ro"), 0o755); os.RemoveAll(root) })
	bin := filepath.Join(root, "sudokubook")
	exe, err := os.ReadFile(binary(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, exe, 0o755); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, "ro")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "p.db")
	mustRun(t, "bank", "fill", "--level", "easy", "-n", "1", "--size", "4", "--db", db, "-j", "1", "--quiet")
	for _, p := range []string{root, db, dir} {
		mode := os.FileMode(0o555)
		if p == db {
			mode = 0o444
		}
		if err := os.Chmod(p, mode); err != nil {
			t.Fatal(err)
		}
	}
	was := folderState(t, dir)
	for _, args := range [][]string{
		{"bank", "stats", "--db", db},
		{"bank", "export", "--db", db},
		{"bank", "check", "--db", db},
	} {
		cmd := exec.Command(bin, args...)
		if os.Getuid() == 0 {
			// root writes anywhere: run as nobody, whom the modes bind.
			runAsNobody(t, cmd)
		}
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%v on a read-only folder: %v\n%s", args, err, out)
		}
		sameFolder(t, dir, was)
	}
}

// TestBankFillsAtOnceStopWhereOneWould: two fills to -n 100 at once, with
// their own seeds, leave the bank with what one fill makes (two batches of
// 64), not each its own 128: the count is taken inside the batch's write
// transaction.
func TestBankFillsAtOnceStopWhereOneWould(t *testing.T) {
	dir := t.TempDir()
	db := emptyBank(t, dir, "p.db")
	var wg sync.WaitGroup
	outs := make([]string, 2)
	for i := range outs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out, stderr, code := runCmd(t, "", "bank", "fill", "--level", "easy", "-n", "100", "--seed", fmt.Sprint(i+1), "--db", db, "-j", "1", "--quiet")
			if code != 0 {
				t.Errorf("fill %d: exit %d: %s", i, code, stderr)
			}
			outs[i] = out
		}()
	}
	wg.Wait()
	out := mustRun(t, "bank", "stats", "--db", db)
	if !strings.Contains(out, "classic     9 easy           128") {
		t.Errorf("two fills to 100 at once left:\n%s\nthey said %q", out, outs)
	}
	for i, o := range outs {
		if !strings.Contains(o, ": 128 easy puzzles") {
			t.Errorf("fill %d said %q, want the bank's 128", i, o)
		}
	}
}
