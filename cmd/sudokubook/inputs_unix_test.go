//go:build unix

package main

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestInputsFIFO: a FIFO named as a section's puzzles:, an exclude: or a
// bank: is refused at once, exit 2, naming the field, instead of a read
// that waits for a writer forever.
func TestInputsFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for field, extra := range map[string]string{
		"exclude[0]": "exclude: [fifo]\n",
		"bank":       "bank: fifo\n",
	} {
		spec := writeSpec(t, dir, "s.yaml", seriesSpec("F", extra))
		_, stderr, code := runCmd(t, "", "build", spec, "-o", filepath.Join(dir, "out"), "--quiet")
		if code != 2 || !strings.Contains(stderr, field) || !strings.Contains(stderr, "a FIFO") {
			t.Errorf("%s: exit %d, want 2 naming the field and a FIFO: %s", field, code, stderr)
		}
	}
	spec := writeSpec(t, dir, "p.yaml", "title: P\nyear: 2026\nsections:\n  - {level: easy, count: 6, puzzles: fifo}\n")
	if _, stderr, code := runCmd(t, "", "build", spec, "-o", filepath.Join(dir, "out"), "--quiet"); code != 2 || !strings.Contains(stderr, "sections[0].puzzles") || !strings.Contains(stderr, "a FIFO") {
		t.Errorf("puzzles: exit %d, want 2 naming the field and a FIFO: %s", code, stderr)
	}
	if _, stderr, code := runCmd(t, "", "bank", "stats", "--db", fifo); code != 2 || !strings.Contains(stderr, "--db") || !strings.Contains(stderr, "a FIFO") {
		t.Errorf("bank stats --db FIFO: exit %d, want 2 naming --db and a FIFO: %s", code, stderr)
	}
}
