//go:build unix

// These tests plant symbolic links as an attack would, or need the
// commit with links: on Unix any user makes links; Windows grants them
// only to administrators or in developer mode, and without them a folder
// takes the commit without links, whose tests (nolinks_test.go) run
// on every system.

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

// A folder keeps the commit its book was made with: a build without
// links into a folder whose book is held by links is refused, exit 1,
// the book untouched, as docs/output-folder.md says.
func TestBuildWithoutLinksIntoLinkedFolder(t *testing.T) {
	a, b, refA, refB := books(t)
	refs := map[string]map[string][]byte{"A": refA, "B": refB}
	dir := filepath.Join(t.TempDir(), "out")
	buildInto(t, a, dir)
	t.Setenv(noLinksEnv, "1")
	_, stderr, code := runCmd(t, "", "build", b, "-o", dir, "--quiet")
	if code != exitFailure || !strings.Contains(stderr, "the output folder "+dir+" holds a book committed with symbolic links; a build without links cannot replace it (build into a new folder)") {
		t.Errorf("exit %d, %q; want 1 and the refusal", code, stderr)
	}
	if got := whichBook(t, dir, refs); got != "A" {
		t.Errorf("after the refusal the folder shows %q, want A", got)
	}
	if fi, err := os.Lstat(filepath.Join(dir, "book.pdf")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("book.pdf is %v (%v), want the link it was", fi, err)
	}
}

// An -o that cannot be a folder (under a file, a loop of links, a link
// that leads nowhere) is a slip in the command line: exit 2, as the
// exit-code table says, and nothing made. Before, it was exit 1.
func TestOutdirNotAFolderExit2(t *testing.T) {
	root := t.TempDir()
	os.WriteFile(filepath.Join(root, "notes.txt"), []byte("x"), 0o644)
	os.Symlink("loop", filepath.Join(root, "loop"))
	os.Symlink("nowhere", filepath.Join(root, "dangling"))
	before := folderState(t, root)
	for _, out := range []string{"notes.txt/out", "loop", "loop/sub", "dangling"} {
		_, stderr, code := runCmd(t, "", "build", "testdata/small.yaml", "-o", filepath.Join(root, out), "--quiet")
		if code != 2 || !strings.Contains(stderr, "the output is a file, not a folder") || !strings.Contains(stderr, "nothing was changed") {
			t.Errorf("-o %s: exit %d, %q; want 2, a file not a folder, nothing changed", out, code, stderr)
		}
	}
	sameFolder(t, root, before)
}
