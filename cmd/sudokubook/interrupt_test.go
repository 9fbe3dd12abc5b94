package main

import (
	"bufio"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/sudokubook/sudokubook/publish"
)

// layoutHelperEnv makes the test binary run main() itself with a signal
// sent to itself as page layout starts: a Ctrl-C that lands in layout,
// every time, with no race against the clock.
const layoutHelperEnv = "SUDOKUBOOK_TEST_INTERRUPT_AT_LAYOUT"

// layoutHelper runs the program (os.Args[1:] is its command line) with
// SIGINT delivered as layout starts. how is "stall" for a layout that
// never ends once interrupted (only main's grace exit can stop the
// process), or "finish" for one that runs to its end (the build must
// then refuse to commit); "single" delivers it once the first PNG is
// staged, "tempfile" once html -o has made its temporary file, and both
// stall there. It says on stderr when it sends the signal
// (signalSent).
func layoutHelper(how string) {
	var once sync.Once
	interrupt := func(ctx context.Context) {
		once.Do(func() {
			fmt.Fprintln(os.Stderr, signalSent)
			interruptSelf()
		})
		<-ctx.Done() // the signal has reached the build
		if how != "finish" {
			select {}
		}
	}
	h := &hooks{}
	switch how {
	case "single":
		h.build.AtSingle = interrupt
	case "tempfile":
		h.atTempFile = interrupt
	default:
		h.build.AtLayout = interrupt
	}
	os.Exit(mainWith(h))
}

// signalSent is the line layoutHelper writes as it signals itself.
const signalSent = "test: SIGINT sent"

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
	var so, se strings.Builder
	e := env{stdin: strings.NewReader(""), stdout: &so, stderr: &se,
		hooks: &hooks{build: publish.Hooks{AtLayout: func(context.Context) { cancel() }}}}
	err := runEnv(ctx, []string{"build", b, "-o", dir, "--quiet"}, e)
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

// Ctrl-C of a build drawing from a bank, during generation, during layout
// and while PNGs are written, where the build checks no context and
// stalls: only main's clean-ups can then tidy up. Each ends with 130
// within the bound of TestSignalsStopPromptly, leaves no .sudokubook in a
// new OUTDIR (nor the OUTDIR), leaves an existing book as it was, and
// releases every claim it made on the bank.
func TestInterruptLeavesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	dir := t.TempDir()
	db := filepath.Join(dir, "b.db")
	if _, stderr, code := runCmd(t, "", "bank", "fill", "--level", "easy", "-n", "40", "--db", db, "-j", "2"); code != 0 {
		t.Fatalf("bank fill: exit %d: %s", code, stderr)
	}
	const head = "title: From the bank\nseed: 3\nyear: 2026\nbank: b.db\nsections:\n  - level: easy\n    count: 20\n"
	small := filepath.Join(dir, "small.yaml")
	os.WriteFile(small, []byte(head+"png:\n  puzzles: true\n  dpi: 72\n  size: 1in\n"), 0o644)
	big := filepath.Join(dir, "big.yaml")
	os.WriteFile(big, []byte(head+"  - level: expert\n    count: 5000\n"), 0o644)
	a, _, refA, _ := books(t)
	existing := filepath.Join(dir, "existing")
	buildInto(t, a, existing)

	for _, c := range []struct {
		name, spec, at, out string
	}{
		{"generation", big, "", filepath.Join(dir, "new-gen")},
		{"layout", small, "stall", filepath.Join(dir, "new-layout")},
		{"png", small, "single", filepath.Join(dir, "new-png")},
		{"png over a book", small, "single", existing},
	} {
		t.Run(c.name, func(t *testing.T) {
			// The program itself, or the test binary as the program
			// with a signal at a set point (layoutHelper).
			cmd := exec.Command(binary(t), "build", c.spec, "-o", c.out, "--quiet", "-j", "2")
			if c.at != "" {
				cmd = exec.Command(os.Args[0], "build", c.spec, "-o", c.out, "--quiet", "-j", "2")
				cmd.Env = append(os.Environ(), layoutHelperEnv+"="+c.at)
			}
			var send func()
			if c.at == "" {
				send = func() {
					lock := filepath.Join(c.out, ".sudokubook", "lock")
					for deadline := time.Now().Add(time.Minute); ; time.Sleep(10 * time.Millisecond) {
						if _, err := os.Stat(lock); err == nil {
							break
						}
						if time.Now().After(deadline) {
							t.Fatal("the build never took its lock")
						}
					}
					time.Sleep(200 * time.Millisecond) // well into generation
					cmd.Process.Signal(syscall.SIGINT)
				}
			}
			stopsPromptly(t, cmd, send)
			if c.out == existing {
				if got := whichBook(t, existing, map[string]map[string][]byte{"A": refA}); got != "A" {
					t.Errorf("the book on show is %q after the interrupt, want A unchanged", got)
				}
				if ents, _ := os.ReadDir(filepath.Join(existing, ".sudokubook")); len(ents) != 3 {
					t.Errorf(".sudokubook holds %d entries, want 3 (lock, current, the book's generation): the interrupted build left its stage", len(ents))
				}
			} else if _, err := os.Lstat(filepath.Join(c.out, ".sudokubook")); !errors.Is(err, os.ErrNotExist) {
				n := 0
				filepath.WalkDir(filepath.Join(c.out, ".sudokubook"), func(string, os.DirEntry, error) error { n++; return nil })
				t.Errorf("an interrupted first build left %s/.sudokubook (%d entries)", c.out, n)
			}
			if n := claims(t, db); n != 0 {
				t.Errorf("the interrupted build left %d claims on the bank, want them released", n)
			}
		})
	}
}

// claims counts the claim rows of the bank at path.
func claims(t *testing.T, path string) int {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRow("SELECT count(*) FROM claims").Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// Ctrl-C of html -o while it writes its page, stalled there: exit 130
// within the bound, and no .FILE.tmp-* left beside the page.
func TestInterruptedHTMLLeavesNoTemp(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	buildInto(t, "testdata/small.yaml", out, "-j", "1")
	page := filepath.Join(dir, "r.html")
	cmd := exec.Command(os.Args[0], "html", filepath.Join(out, "manifest.json"), "-o", page)
	cmd.Env = append(os.Environ(), layoutHelperEnv+"=tempfile")
	stopsPromptly(t, cmd, nil)
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if e.Name() != "out" {
			t.Errorf("an interrupted html -o left %s", e.Name())
		}
	}
}

// stopsPromptly runs cmd, has send interrupt it (nil: the program signals
// itself, layoutHelper, and says so on stderr), and checks that it exits
// 130 within the bound of TestSignalsStopPromptly: half a second
// promised, room for a loaded 2-core machine.
func stopsPromptly(t *testing.T, cmd *exec.Cmd, send func()) {
	t.Helper()
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	r := bufio.NewReader(stderr)
	if send != nil {
		send()
	} else if line, err := r.ReadString('\n'); err != nil || strings.TrimSpace(line) != signalSent {
		t.Fatalf("no signal from the program: %q, %v", line, err)
	}
	sent := time.Now()
	rest, _ := io.ReadAll(r)
	err = cmd.Wait()
	took := time.Since(sent)
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitInterrupted {
		t.Errorf("exit %v, want 130; stderr %q", err, rest)
	}
	if took > 2*time.Second {
		t.Errorf("stopped %s after the signal, want within 2 s", took)
	}
}
