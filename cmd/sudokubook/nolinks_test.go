package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A build without links writes plain files and says plainly, even with
// --quiet, which promise holds; a rebuild replaces the book whole.
func TestBuildWithoutLinks(t *testing.T) {
	a, b, refA, refB := books(t)
	refs := map[string]map[string][]byte{"A": refA, "B": refB}
	dir := filepath.Join(t.TempDir(), "out")
	t.Setenv(noLinksEnv, "1")
	for _, c := range []struct{ spec, want string }{{a, "A"}, {b, "B"}, {a, "A"}} {
		_, stderr, code := runCmd(t, "", "build", c.spec, "-o", dir, "--quiet")
		if code != 0 || !strings.Contains(stderr, "note: "+dir+" is written without symbolic links") || !strings.Contains(stderr, "the next build into it finishes the switch") {
			t.Errorf("build %s: exit %d, %q; want 0 and the note", c.want, code, stderr)
		}
		if got := whichBook(t, dir, refs); got != c.want {
			t.Errorf("shows %q, want %s", got, c.want)
		}
		if fi, err := os.Lstat(filepath.Join(dir, "book.pdf")); err != nil || !fi.Mode().IsRegular() {
			t.Errorf("book.pdf is %v (%v), want a plain file", fi.Mode(), err)
		}
	}
}
