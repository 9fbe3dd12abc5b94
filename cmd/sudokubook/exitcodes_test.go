package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sudokubook/sudokubook/engine"
)

const easyPuzzle = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."

// One exit-code table for every command: 0 ok, 1 failure, 2 usage or
// input error, 130 interrupted.
func TestExitCodeTable(t *testing.T) {
	multi := strings.Repeat(".", 81)
	dir := t.TempDir()
	cases := []struct {
		name  string
		stdin string
		args  []string
		code  int
		want  string
	}{
		{"solve ok", easyPuzzle, []string{"solve"}, 0, ""},
		{"solve multiple", multi, []string{"solve"}, 1, "without exactly one solution"},
		{"solve malformed", "12x", []string{"solve"}, 2, "stdin:1:"},
		{"grade malformed", "\n\n12x", []string{"grade"}, 2, "stdin:3:"},
		{"explain malformed", "", []string{"explain", "12x"}, 2, "PUZZLE"},
		{"solve missing file", "", []string{"solve", filepath.Join(dir, "none.txt")}, 2, "no such file"},
		{"line over 1 MiB", "# ok\n" + strings.Repeat("1", 1<<20+10) + "\n", []string{"grade"}, 2, "stdin:2: line longer than 1 MiB"},
		{"usage", "", []string{"frobnicate"}, 2, "unknown command"},
		{"version", "", []string{"version"}, 0, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, stderr, code := runCmd(t, c.stdin, c.args...)
			if code != c.code || !strings.Contains(stderr, c.want) {
				t.Errorf("got exit %d, stderr %q; want %d and %q", code, stderr, c.code, c.want)
			}
		})
	}

	// A panic is an internal error, exit 1, never Go's own exit 2.
	commands["panic-test"] = command{run: func(context.Context, env, []string) error { panic("boom") }}
	defer delete(commands, "panic-test")
	if _, stderr, code := runCmd(t, "", "panic-test"); code != 1 || !strings.Contains(stderr, "internal error") || !strings.Contains(stderr, "boom") {
		t.Errorf("panic: got exit %d, %q; want 1 and an internal error", code, stderr)
	}

	// A cancelled context (Ctrl-C) is 130, for a build as for a text command.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, args := range [][]string{
		{"build", "testdata/small.yaml", "-o", filepath.Join(dir, "out"), "--quiet"},
		{"generate", "-n", "5"},
	} {
		var so, se bytes.Buffer
		err := run(ctx, args, strings.NewReader(""), &so, &se)
		if code := exitCode(err, &se); code != 130 {
			t.Errorf("%s interrupted: exit %d (%v), want 130", args[0], code, err)
		}
	}
	// The interrupted first build leaves no empty OUTDIR behind.
	if _, err := os.Stat(filepath.Join(dir, "out")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("an interrupted first build left its OUTDIR: %v", err)
	}
}

// Every write to stdout is checked: /dev/full gives exit 1 with the error.
func TestWritesToDevFull(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("no /dev/full: %v", err)
	}
	defer full.Close()
	for _, c := range []struct {
		stdin string
		args  []string
	}{
		{easyPuzzle, []string{"solve"}},
		{easyPuzzle, []string{"grade"}},
		{"", []string{"generate", "-n", "2", "--level", "easy", "-j", "1"}},
		{"", []string{"explain", easyPuzzle}},
		{"", []string{"templates"}},
		{"", []string{"version"}},
		{"", []string{"help"}},
		{"", []string{"help", "solve"}},
	} {
		var se bytes.Buffer
		err := run(context.Background(), c.args, strings.NewReader(c.stdin), full, &se)
		if code := exitCode(err, &se); code != 1 || !strings.Contains(se.String(), "no space left on device") {
			t.Errorf("%v > /dev/full: exit %d, %q; want 1 and the write error", c.args, code, se.String())
		}
	}
}

// Every command stops within half a second of SIGINT or SIGTERM, with exit
// 130, whatever it waits on: stdin that never comes, a FIFO that stays
// open and silent, generation in full swing. Each case first shows it is
// running (an answer, a first line, its lock taken), so a slow start on a
// loaded machine is not mistaken for a slow stop.
func TestSignalsStopPromptly(t *testing.T) {
	bin := binary(t)
	dir := t.TempDir()
	big := filepath.Join(dir, "big.yaml")
	os.WriteFile(big, []byte("title: Big\nsections:\n  - level: expert\n    count: 5000\n"), 0o644)
	type started struct {
		stdout *bufio.Reader
		stdin  io.Writer
	}
	answerOne := func(t *testing.T, w io.Writer, r *bufio.Reader) {
		if _, err := io.WriteString(w, easyPuzzle+"\n"); err != nil {
			t.Fatal(err)
		}
		if _, err := r.ReadString('\n'); err != nil {
			t.Fatalf("no answer to the first puzzle: %v", err)
		}
	}
	cases := []struct {
		name  string
		args  func(i int) []string
		ready func(t *testing.T, i int, s started)
	}{
		{"solve on stdin", func(int) []string { return []string{"solve"} },
			func(t *testing.T, _ int, s started) { answerOne(t, s.stdin, s.stdout) }},
		{"solve on a FIFO", func(i int) []string { return []string{"solve", filepath.Join(dir, fmt.Sprint("fifo", i))} },
			func(t *testing.T, i int, s started) {
				f, err := os.OpenFile(filepath.Join(dir, fmt.Sprint("fifo", i)), os.O_WRONLY, 0)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { f.Close() })
				answerOne(t, f, s.stdout)
			}},
		{"generate", func(int) []string { return []string{"generate", "-n", "100000", "--level", "expert"} },
			func(t *testing.T, _ int, s started) {
				if _, err := s.stdout.ReadString('\n'); err != nil {
					t.Fatal(err)
				}
			}},
		{"build", func(i int) []string {
			return []string{"build", big, "-o", filepath.Join(dir, fmt.Sprint("out", i)), "--quiet"}
		}, func(t *testing.T, i int, _ started) {
			lock := filepath.Join(dir, fmt.Sprint("out", i), ".sudokubook", "lock")
			for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
				if _, err := os.Stat(lock); err == nil {
					return
				}
				if time.Now().After(deadline) {
					t.Fatal("the build never took its lock")
				}
			}
		}},
	}
	i := 0
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		for _, c := range cases {
			i++
			t.Run(sig.String()+"/"+c.name, func(t *testing.T) {
				fifo := filepath.Join(dir, fmt.Sprint("fifo", i))
				mkfifo(t, fifo)
				cmd := exec.Command(bin, c.args(i)...)
				stdin, err := cmd.StdinPipe() // open, and silent after ready
				if err != nil {
					t.Fatal(err)
				}
				defer stdin.Close()
				stdout, err := cmd.StdoutPipe()
				if err != nil {
					t.Fatal(err)
				}
				var stderr bytes.Buffer
				cmd.Stderr = &stderr
				if err := cmd.Start(); err != nil {
					t.Fatal(err)
				}
				defer cmd.Process.Kill()
				r := bufio.NewReader(stdout)
				c.ready(t, i, started{stdout: r, stdin: stdin})
				go io.Copy(io.Discard, r) // a full pipe must not be what stops it
				sent := time.Now()
				cmd.Process.Signal(sig)
				done := make(chan error, 1)
				go func() { done <- cmd.Wait() }()
				select {
				case err = <-done:
				case <-time.After(5 * time.Second):
					cmd.Process.Kill()
					<-done
					t.Fatalf("still running 5 s after %v", sig)
				}
				took := time.Since(sent)
				var ee *exec.ExitError
				if !errors.As(err, &ee) || ee.ExitCode() != 130 {
					t.Errorf("exit %v, want 130; stderr %q", err, stderr.String())
				}
				// The grace period is 100 ms. The bound tells "stops at the
				// signal" from "stops when its work is done" (minutes for
				// these runs) with room for a heavily shared machine, where
				// 0.5 s was missed by a process that did stop.
				if took > 2*time.Second {
					t.Errorf("stopped %s after %v, want within 2 s", took, sig)
				}
			})
		}
	}
}

// generate streams in order and stops on a closed pipe: the first line of
// a 100,000-puzzle run comes at once, in little memory, and the process
// ends when its reader goes.
func TestGenerateStreamsAndStopsOnClosedPipe(t *testing.T) {
	bin := binary(t)
	want, _, code := runCmd(t, "", "generate", "-n", "3", "--level", "easy", "--seed", "9", "-j", "1")
	if code != 0 {
		t.Fatalf("generate -n 3: exit %d", code)
	}
	first := strings.SplitN(want, "\n", 2)[0]

	start := time.Now()
	cmd := exec.Command(bin, "generate", "-n", "100000", "--level", "easy", "--seed", "9", "-j", "2")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	firstAfter := time.Since(start)
	// The child runs on until the pipe's buffer is full and then waits on
	// it: its peak by then is what a long stream costs.
	time.Sleep(500 * time.Millisecond)
	rss, measured := peakRSSKiB(cmd.Process.Pid)
	out.Close() // as head -1 does
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		<-done
		t.Fatal("generate ran on for 10 s after its reader closed the pipe")
	}
	if strings.TrimSpace(line) != first {
		t.Errorf("first line %q, want %q as from -n 3 -j 1", line, first)
	}
	if firstAfter > 5*time.Second {
		t.Errorf("first line after %v: the output is not streamed", firstAfter)
	}
	if measured && rss > 100<<10 {
		t.Errorf("peak memory %d KiB, want under 100 MiB", rss)
	}
}

// -j is capped with a message, not obeyed into exhaustion.
func TestWorkersCapped(t *testing.T) {
	out, stderr, code := runCmd(t, "", "generate", "-n", "2", "--level", "easy", "-j", "1000000000")
	if code != 0 || !strings.Contains(stderr, "-j 1000000000: using 64 workers") || strings.Count(out, "\n") != 2 {
		t.Errorf("got exit %d, %q; want 0, two puzzles and a note of the cap", code, stderr)
	}
}

// FuzzEachPuzzle feeds the line parser of solve and grade anything: it
// never panics, every grid it passes on is a valid parse of its line, and
// every error is an input error naming the source and a line.
func FuzzEachPuzzle(f *testing.F) {
	f.Add(easyPuzzle + "\n# comment\n\n" + easyPuzzle + "\teasy\t1\tx\n")
	f.Add("12x\n")
	f.Add(strings.Repeat(".", 81) + "\r\n" + strings.Repeat("0", 81))
	f.Add("\t\t\n  \n#\n")
	f.Add(easyPuzzle + "\teasy\t1\tx\t1.2\tvariant=classic size=9\n" + easyPuzzle + "\tvariant=x\n")
	f.Add(strings.Repeat(".", 16) + "\tvariant=killer size=4 size=4\tvariant=jigsaw\n")
	f.Fuzz(func(t *testing.T, in string) {
		lines := strings.Split(in, "\n")
		err := eachPuzzle(strings.NewReader(in), "in", func(line int, g engine.Grid) error {
			if line < 1 || line > len(lines) {
				t.Fatalf("line %d of %d", line, len(lines))
			}
			return nil
		})
		if err != nil && (exitCode(err, io.Discard) != exitInput || !strings.HasPrefix(err.Error(), "in:")) {
			t.Fatalf("error %v is not an input error (exit 2) naming the line", err)
		}
	})
}

// A reader that closes the pipe after its first line (head -1) ends
// generate, bank export and solve quietly with exit 0, as the exit-code
// table says, not with SIGPIPE's 141 or a write error's 1.
func TestClosedPipeExitsQuietly(t *testing.T) {
	bin := binary(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "b.db")
	if _, stderr, code := runCmd(t, "", "bank", "fill", "--level", "easy", "-n", "1500", "--db", db, "-j", "2"); code != 0 {
		t.Fatalf("bank fill: exit %d: %s", code, stderr)
	}
	many := filepath.Join(dir, "many.txt")
	if err := os.WriteFile(many, []byte(strings.Repeat(easyPuzzle+"\n", 20000)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"generate", "-n", "100000", "--level", "easy", "-j", "2"},
		{"bank", "export", "--db", db},
		{"solve", many},
	} {
		t.Run(args[0], func(t *testing.T) {
			cmd := exec.Command(bin, args...)
			out, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			if _, err := bufio.NewReader(out).ReadString('\n'); err != nil {
				t.Fatal(err)
			}
			out.Close()
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case err = <-done:
			case <-time.After(time.Minute):
				cmd.Process.Kill()
				<-done
				t.Fatal("ran on for a minute after its reader closed the pipe")
			}
			if err != nil || stderr.Len() != 0 {
				t.Errorf("%v after its reader went: %v, stderr %q; want exit 0 and nothing said", args, err, stderr.String())
			}
		})
	}
}
