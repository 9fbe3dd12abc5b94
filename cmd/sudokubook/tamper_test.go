package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The attack on the tidy-up: a pointer planted in OUTDIR's state folder
// (an unpacked archive or a shared folder can carry one) aimed a build's
// removal of the old generation at a folder outside OUTDIR, and the build
// deleted it and exited 0. It is refused, exit 2, and nothing outside
// OUTDIR, nor in it, changes.
func TestBuildNeverTouchesOutsideOutdir(t *testing.T) {
	for _, c := range []struct{ name, link, target string }{
		{"pointer leads out", "current", "gen-zz/../../../victim"},
		{"lock is a link", "lock", "../../victim/created-by-build"},
	} {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			out := filepath.Join(root, "out")
			victim := filepath.Join(root, "victim")
			os.MkdirAll(filepath.Join(victim, "photos"), 0o755)
			os.WriteFile(filepath.Join(victim, "photos", "a.jpg"), []byte("holiday"), 0o644)
			state := filepath.Join(out, ".sudokubook")
			os.MkdirAll(filepath.Join(state, "gen-zz"), 0o755)
			if err := os.Symlink(c.target, filepath.Join(state, c.link)); err != nil {
				t.Fatal(err)
			}
			_, stderr, code := runCmd(t, "", "build", "testdata/small.yaml", "-o", out, "--quiet")
			if code != 2 || !strings.Contains(stderr, "nothing was changed") {
				t.Errorf("got exit %d, %q; want 2 saying nothing was changed", code, stderr)
			}
			if b, err := os.ReadFile(filepath.Join(victim, "photos", "a.jpg")); err != nil || string(b) != "holiday" {
				t.Errorf("the folder outside OUTDIR was touched: %q, %v", b, err)
			}
			if ents, _ := os.ReadDir(victim); len(ents) != 1 {
				t.Errorf("the folder outside OUTDIR gained entries: %v", ents)
			}
			if ents, _ := os.ReadDir(out); len(ents) != 1 {
				t.Errorf("OUTDIR gained entries: %v", ents)
			}
		})
	}
}
