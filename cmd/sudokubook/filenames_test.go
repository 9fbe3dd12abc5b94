package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNewNamesPortable: the file or folder a command makes from its
// argument has a name Windows can hold, on every system.
func TestNewNamesPortable(t *testing.T) {
	dir := t.TempDir()
	spec := writeSpec(t, dir, "b.yaml", seriesSpec("G", "seed: 3\n"))
	for _, args := range [][]string{
		{"build", spec, "-o", filepath.Join(dir, "aux")},
		{"init", filepath.Join(dir, "nul")},
		{"init", filepath.Join(dir, "book.")},
	} {
		_, stderr, code := runCmd(t, "", args...)
		if code != 2 || !strings.Contains(stderr, "cannot be a file name on every system") {
			t.Errorf("%v: exit %d, want 2: %s", args, code, stderr)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != 1 {
		t.Errorf("the folder holds %d entries (%v), want the spec alone", len(entries), err)
	}
}
