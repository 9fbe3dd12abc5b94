package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/publish"
)

// TestBuildDeadAfterCommitIsRecorded: a build that stops right after its
// book is committed (a test hook in its options, standing for a SIGKILL
// or Ctrl-C there) leaves a bank that knows the book, and volume 2 from
// that bank shares no puzzle with it. Before, the printings were recorded
// only after the commit, and a build stopped between the two left a book
// the bank did not know it had printed.
func TestBuildDeadAfterCommitIsRecorded(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "puzzles.db")
	mustRun(t, "bank", "fill", "--level", "easy", "-n", "12", "--db", db, "-j", "1", "--quiet")
	v1 := writeSpec(t, dir, "vol1.yaml", seriesSpec("Series", "volume: \"1\"\nbank: puzzles.db\nseed: 1\n"))
	var stdout, stderr bytes.Buffer
	died := errors.New("died after the commit")
	e := env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr,
		hooks: &hooks{build: publish.Hooks{AfterCommit: func() error { return died }}}}
	if err := runEnv(context.Background(), []string{"build", v1, "-o", filepath.Join(dir, "out1"), "-j", "1", "--quiet"}, e); !errors.Is(err, died) {
		t.Fatalf("build: %v, want the hook's error", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "out1", "manifest.json")); err != nil {
		t.Fatalf("the book was not committed: %v", err)
	}
	// 9 puzzles and the front matter's 2 grids.
	if out := mustRun(t, "bank", "check", "--db", db); !strings.Contains(out, "11 printings, 0 puzzles printed more than once") {
		t.Errorf("the bank after a build that died after its commit:\n%s", out)
	}
	v2 := writeSpec(t, dir, "vol2.yaml", seriesSpec("Series", "volume: \"2\"\nbank: puzzles.db\n"))
	mustRun(t, "build", v2, "-o", filepath.Join(dir, "out2"), "--quiet", "-j", "1")
	if n := shared(keysOf(t, filepath.Join(dir, "out1")), keysOf(t, filepath.Join(dir, "out2"))); n != 0 {
		t.Errorf("volumes 1 and 2 share %d puzzles", n)
	}
}

// TestBankRecordFindsReprints: a series that lost track. Volume 2 is built from
// a bank that never learnt of volume 1 (here a copy taken before volume 1
// was built), so it reprints volume 1's bank puzzles and bank check sees
// nothing wrong. bank record of volume 1's manifest tells the bank, after
// which check lists every reprint; recording it again changes nothing.
func TestBankRecordFindsReprints(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "puzzles.db")
	mustRun(t, "bank", "fill", "--level", "easy", "-n", "10", "--db", db, "-j", "1", "--quiet")
	data, err := os.ReadFile(db)
	if err != nil {
		t.Fatal(err)
	}
	stale := filepath.Join(dir, "stale.db")
	if err := os.WriteFile(stale, data, 0o644); err != nil {
		t.Fatal(err)
	}
	v1 := writeSpec(t, dir, "vol1.yaml", seriesSpec("Series", "volume: \"1\"\nbank: puzzles.db\nseed: 1\n"))
	v2 := writeSpec(t, dir, "vol2.yaml", seriesSpec("Series", "volume: \"2\"\nbank: stale.db\n"))
	mustRun(t, "build", v1, "-o", filepath.Join(dir, "out1"), "--quiet", "-j", "1")
	mustRun(t, "build", v2, "-o", filepath.Join(dir, "out2"), "--quiet", "-j", "1")
	k1, k2 := keysOf(t, filepath.Join(dir, "out1")), keysOf(t, filepath.Join(dir, "out2"))
	again := shared(k1, k2)
	if again != 6 {
		t.Fatalf("volume 2 reprinted %d of volume 1's puzzles, want its 6 bank ones (the scenario)", again)
	}
	if out := mustRun(t, "bank", "check", "--db", stale); !strings.Contains(out, "11 printings, 0 puzzles printed more than once") {
		t.Fatalf("check before the record:\n%s", out)
	}
	m1 := filepath.Join(dir, "out1", "manifest.json")
	if out := mustRun(t, "bank", "record", m1, "--db", stale); !strings.Contains(out, m1+": 11 printings recorded, 0 already known") {
		t.Errorf("record: %s", out)
	}
	out := mustRun(t, "bank", "check", "--db", stale)
	if !strings.Contains(out, "22 printings, 6 puzzles printed more than once") || strings.Count(out, "reprint: ") != 6 ||
		!strings.Contains(out, "Series vol. 1 #") || !strings.Contains(out, "Series vol. 2 #") {
		t.Errorf("check after the record:\n%s", out)
	}
	if out := mustRun(t, "bank", "record", m1, "--db", stale); !strings.Contains(out, m1+": already recorded, all 11 printings; nothing changed") {
		t.Errorf("record again: %s", out)
	}
	if out := mustRun(t, "bank", "check", "--db", stale); !strings.Contains(out, "22 printings, 6 puzzles printed more than once") {
		t.Errorf("check after recording twice:\n%s", out)
	}
	// The bank the build recorded volume 1 in knows it already.
	if out := mustRun(t, "bank", "record", m1, "--db", db); !strings.Contains(out, "already recorded, all 11 printings") {
		t.Errorf("record into the bank volume 1 was built from: %s", out)
	}
}
