package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
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

// Ctrl-C of a rebuild without links, in layout (stalling or running on):
// exit 130, the previous book whole and nothing of the interrupted build
// left in .sudokubook; the next build then commits.
func TestInterruptWithoutLinks(t *testing.T) {
	a, b, refA, refB := books(t)
	refs := map[string]map[string][]byte{"A": refA, "B": refB}
	dir := filepath.Join(t.TempDir(), "out")
	t.Setenv(noLinksEnv, "1")
	buildInto(t, a, dir)
	for _, how := range []string{"stall", "finish"} {
		cmd := exec.Command(os.Args[0], "build", b, "-o", dir, "--quiet")
		cmd.Env = append(os.Environ(), layoutHelperEnv+"="+how)
		done := make(chan struct{})
		// Not a measure of speed: only so that a build which never stops
		// fails the test instead of hanging it.
		timer := time.AfterFunc(2*time.Minute, func() {
			select {
			case <-done:
			default:
				cmd.Process.Kill()
			}
		})
		out, err := cmd.CombinedOutput()
		close(done)
		timer.Stop()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != exitInterrupted {
			t.Fatalf("%s: %v, %q; want exit 130", how, err, out)
		}
		if got := whichBook(t, dir, refs); got != "A" {
			t.Errorf("%s: after the interrupt the folder shows %q, want A", how, got)
		}
		if got := stateNames(t, dir); got != "[book lock]" {
			t.Errorf("%s: .sudokubook holds %s, want [book lock]", how, got)
		}
	}
	buildInto(t, b, dir)
	if got := whichBook(t, dir, refs); got != "B" {
		t.Errorf("the build after the interrupts shows %q, want B", got)
	}
}

func stateNames(t *testing.T, dir string) string {
	t.Helper()
	ents, err := os.ReadDir(filepath.Join(dir, ".sudokubook"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return fmt.Sprint(names)
}
