package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// folderState maps every file under dir, hidden ones too, to its bytes:
// what a refused command must leave exactly as it was.
func folderState(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || p == dir {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if d.IsDir() {
			out[rel+"/"] = nil
			return nil
		}
		if d.Type()&os.ModeSymlink != 0 {
			to, err := os.Readlink(p)
			out[rel+" -> "] = []byte(to)
			return err
		}
		b, err := os.ReadFile(p)
		out[rel] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// sameFolder reports how dir differs from an earlier folderState of it.
func sameFolder(t *testing.T, dir string, was map[string][]byte) {
	t.Helper()
	now := folderState(t, dir)
	for n, b := range now {
		if old, ok := was[n]; !ok {
			t.Errorf("%s was made", n)
		} else if !bytes.Equal(old, b) {
			t.Errorf("%s was changed", n)
		}
	}
	for n := range was {
		if _, ok := now[n]; !ok {
			t.Errorf("%s was removed", n)
		}
	}
}

// emptyBank makes a bank with no puzzles in it at dir/name, as a user
// would: an import of nothing.
func emptyBank(t *testing.T, dir, name string) string {
	t.Helper()
	db := filepath.Join(dir, name)
	if out, stderr, code := runCmd(t, "", "bank", "import", "-", "--db", db); code != 0 {
		t.Fatalf("import of nothing: exit %d: %s%s", code, out, stderr)
	}
	return db
}

// TestBankReadersRefuseMissingBank: stats, export and check given a --db
// where no file is (a typo) stop with exit 2 naming the file and saying
// what makes one, and make no file; before, each made an empty bank there
// and exited 0, as if the bank held nothing.
func TestBankReadersRefuseMissingBank(t *testing.T) {
	dir := t.TempDir()
	emptyBank(t, dir, "puzzles.db")
	typo := filepath.Join(dir, "puzles.db")
	for _, args := range [][]string{
		{"bank", "stats", "--db", typo},
		{"bank", "export", "--db", typo},
		{"bank", "export", "--db", typo, "--unused", "--level", "easy"},
		{"bank", "check", "--db", typo},
		{"bank", "check", "--fix", "--db", typo},
	} {
		was := folderState(t, dir)
		out, stderr, code := runCmd(t, "", args...)
		want := "no bank at " + typo + "; bank fill creates one"
		if code != 2 || !strings.Contains(stderr, want) || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 saying %q", args, code, out, stderr, want)
		}
		sameFolder(t, dir, was)
	}
}

// TestBankMakersMakeMissingBank: fill and import are the subcommands that
// make the bank --db names, as docs/series-and-bank.md's examples run them.
func TestBankMakersMakeMissingBank(t *testing.T) {
	dir := t.TempDir()
	db := emptyBank(t, dir, "new.db")
	if out := mustRun(t, "bank", "stats", "--db", db); !strings.Contains(out, "all                            0         0         0") {
		t.Errorf("stats of the bank import made:\n%s", out)
	}
	mustRun(t, "bank", "fill", "--level", "easy", "-n", "1", "--size", "4", "--db", filepath.Join(dir, "filled.db"), "-j", "1", "--quiet")
	if out := mustRun(t, "bank", "stats", "--db", filepath.Join(dir, "filled.db")); !strings.Contains(out, "classic     4 easy") {
		t.Errorf("stats of the bank fill made:\n%s", out)
	}
}

// TestBankMergeRefusesMissingSource: bank merge INTO.db missing.db is bad
// input (exit 2, naming the missing file and that nothing was merged), where
// it was exit 1 in stat's words; the target is left exactly as it was, and
// a target that did not exist is not made. A source that is not a bank is
// likewise refused before the target is touched.
func TestBankMergeRefusesMissingSource(t *testing.T) {
	dir := t.TempDir()
	into := emptyBank(t, dir, "into.db")
	other := emptyBank(t, dir, "other.db")
	notes := writeSpec(t, dir, "notes.db", "my notes\n")
	missing := filepath.Join(dir, "shard-9.db")
	newInto := filepath.Join(dir, "new.db")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{into, missing}, "bank merge: no bank at " + missing + "; nothing merged into " + into},
		{[]string{into, other, missing}, "bank merge: no bank at " + missing + "; nothing merged into " + into},
		{[]string{newInto, missing}, "bank merge: no bank at " + missing + "; nothing merged into " + newInto},
		{[]string{newInto, notes}, "not a sudokubook bank"},
	} {
		was := folderState(t, dir)
		out, stderr, code := runCmd(t, "", append([]string{"bank", "merge"}, c.args...)...)
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("merge %v: exit %d, stdout %q, stderr %q; want exit 2 saying %q", c.args, code, out, stderr, c.want)
		}
		sameFolder(t, dir, was)
	}
	// The merge itself still makes its target, from banks that are there.
	mustRun(t, "bank", "merge", newInto, into, other)
	if _, err := os.Stat(newInto); err != nil {
		t.Errorf("merge into a new bank: %v", err)
	}
}

// TestBuildRefusesMissingBank: a spec whose bank: names no file (a typo in
// volume 2's spec) is a spec error, exit 2, naming the field and the file;
// no bank and no output folder are made. Before, the build made an empty
// bank there, which knows nothing printed in volume 1, so volume 2 could
// reprint it.
func TestBuildRefusesMissingBank(t *testing.T) {
	dir := t.TempDir()
	spec := writeSpec(t, dir, "vol2.yaml", seriesSpec("S", "volume: \"2\"\nbank: puzles.db\n"))
	was := folderState(t, dir)
	_, stderr, code := runCmd(t, "", "build", spec, "-o", filepath.Join(dir, "vol2"), "--quiet")
	want := "bank: no bank at " + filepath.Join(dir, "puzles.db") + "; bank fill creates one"
	if code != 2 || !strings.Contains(stderr, want) || !strings.Contains(stderr, "vol2.yaml:") {
		t.Errorf("exit %d, %s; want exit 2 naming vol2.yaml and saying %q", code, stderr, want)
	}
	sameFolder(t, dir, was)
}
