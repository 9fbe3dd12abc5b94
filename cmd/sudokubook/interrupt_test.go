package main

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// layoutHelperEnv makes the test binary run main() itself with a signal
// sent to itself as page layout starts: a Ctrl-C that lands in layout,
// every time, with no race against the clock.
const layoutHelperEnv = "SUDOKUBOOK_TEST_INTERRUPT_AT_LAYOUT"

// layoutHelper runs the program (os.Args[1:] is its command line) with
// SIGINT delivered as layout starts. how is "stall" for a layout that
// never ends once interrupted (only main's grace exit can stop the
// process), or "finish" for one that runs to its end (the build must
// then refuse to commit).
func layoutHelper(how string) {
	atLayout = func(ctx context.Context) {
		syscall.Kill(os.Getpid(), syscall.SIGINT)
		<-ctx.Done() // the signal has reached the build
		if how == "stall" {
			select {}
		}
	}
	main()
}

// Ctrl-C while the pages are laid out, the one stretch of a build that
// checks no context. However layout goes on, the process ends with 130,
// the previous book stays whole, and the next build clears what the
// interrupted one left.
func TestInterruptDuringLayout(t *testing.T) {
	a, b, refA, refB := books(t)
	refs := map[string]map[string][]byte{"A": refA, "B": refB}
	dir := filepath.Join(t.TempDir(), "out")
	buildInto(t, a, dir)
	for _, how := range []string{"stall", "finish"} {
		t.Run(how, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "build", b, "-o", dir, "--quiet")
			cmd.Env = append(os.Environ(), layoutHelperEnv+"="+how)
			done := make(chan struct{})
			// Not a measure of speed: only so that a build which never
			// stops fails the test instead of hanging it.
			timer := time.AfterFunc(2*time.Minute, func() {
				select {
				case <-done:
				default:
					cmd.Process.Kill()
				}
			})
			defer timer.Stop()
			out, err := cmd.CombinedOutput()
			close(done)
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != exitInterrupted || !strings.Contains(string(out), "interrupted") {
				t.Fatalf("interrupted in layout: %v, output %q; want exit 130 saying interrupted", err, out)
			}
			if got := whichBook(t, dir, refs); got != "A" {
				t.Errorf("after an interrupt in layout the folder shows %q, want A", got)
			}
		})
	}
	// The next build takes over: the new book, and nothing left of the
	// interrupted ones beside it (lock, current, one generation).
	buildInto(t, b, dir)
	if got := whichBook(t, dir, refs); got != "B" {
		t.Errorf("the build after the interrupts shows %q, want B", got)
	}
	if ents, _ := os.ReadDir(filepath.Join(dir, ".sudokubook")); len(ents) != 3 {
		t.Errorf(".sudokubook holds %d entries after the interrupts and a whole build, want 3", len(ents))
	}
}

// In process, the same interrupt: run returns the interruption (130)
// without committing, and drops its stage itself.
func TestInterruptDuringLayoutInProcess(t *testing.T) {
	a, b, refA, refB := books(t)
	refs := map[string]map[string][]byte{"A": refA, "B": refB}
	dir := filepath.Join(t.TempDir(), "out")
	buildInto(t, a, dir)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	atLayout = func(context.Context) { cancel() }
	defer func() { atLayout = nil }()
	var so, se strings.Builder
	err := run(ctx, []string{"build", b, "-o", dir, "--quiet"}, strings.NewReader(""), &so, &se)
	if code := exitCode(err, &se); code != exitInterrupted {
		t.Fatalf("exit %d (%v), want 130", code, err)
	}
	if got := whichBook(t, dir, refs); got != "A" {
		t.Errorf("folder shows %q, want A", got)
	}
	if ents, _ := os.ReadDir(filepath.Join(dir, ".sudokubook")); len(ents) != 3 {
		t.Errorf(".sudokubook holds %d entries, want 3: the interrupted build left its stage", len(ents))
	}
}
