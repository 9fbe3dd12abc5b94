package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sudokubook/sudokubook/internal/puzzlesets"
)

// initCost is one package's init as GODEBUG=inittrace=1 reports it.
type initCost struct {
	pkg           string
	bytes, allocs int
}

// initTrace runs the binary with args and returns what each package's init
// allocated, from the runtime's own trace. Allocations, unlike times, are
// the same on every run, so a budget on them can be asserted.
func initTrace(t *testing.T, bin string, args ...string) []initCost {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %v: %v\n%s", bin, args, err, stderr.String())
	}
	var out []initCost
	sc := bufio.NewScanner(&stderr)
	for sc.Scan() {
		// init PKG @0.5 ms, 0.1 ms clock, 1234 bytes, 5 allocs
		f := strings.Fields(sc.Text())
		if len(f) != 11 || f[0] != "init" || f[8] != "bytes," {
			continue
		}
		b, err1 := strconv.Atoi(f[7])
		a, err2 := strconv.Atoi(f[9])
		if err1 != nil || err2 != nil {
			t.Fatalf("unreadable inittrace line %q", sc.Text())
		}
		out = append(out, initCost{f[1], b, a})
	}
	if len(out) == 0 {
		t.Fatalf("no inittrace lines in:\n%s", stderr.String())
	}
	return out
}

// TestInitCost keeps start-up cheap: every command runs the init of every
// package linked into the binary, so work done there is paid by `version`
// and `solve` too. It holds each init, and all of them together, to an
// allocation budget (building every geometry in the engine's init took
// 2.4 MB; our own packages get a tighter one), and keeps out go-runewidth,
// whose init builds tables for about 20 ms of CPU while allocating
// little; pdfcpu's api and form packages link it. BenchmarkStartup gives
// the CPU time.
func TestInitCost(t *testing.T) {
	const perPackage, total = 256 << 10, 1 << 20
	// Our own packages are held tighter: the engine's init allocated 170
	// KB in 2,621 allocations (the classic geometry's crossings, built
	// cell by cell) and the book's 92 KB in 1,229 (regular expressions
	// compiled up front); then about 40 KB in 100 and 5 KB in 65; the
	// engine's 3.4 KB in 24 since Classic9 is generated as data.
	const ownPackage, ownAllocs = 64 << 10, 400
	bin := binary(t)
	for _, args := range [][]string{{"version"}, {"solve", filepath.Join("testdata", "one.txt")}} {
		sum := 0
		for _, c := range initTrace(t, bin, args...) {
			sum += c.bytes
			if strings.HasPrefix(c.pkg, "github.com/sudokubook/") && (c.bytes > ownPackage || c.allocs > ownAllocs) {
				t.Errorf("%v: init of %s allocates %d bytes in %d allocations, want at most %d in %d: build tables on first use (as the engine's band tables and crossings are)", args, c.pkg, c.bytes, c.allocs, ownPackage, ownAllocs)
			}
			if c.bytes > perPackage {
				t.Errorf("%v: init of %s allocates %d bytes (%d allocations), want at most %d: do the work on first use", args, c.pkg, c.bytes, c.allocs, perPackage)
			}
			if strings.Contains(c.pkg, "go-runewidth") {
				t.Errorf("%v: %s is linked in (through pdfcpu's api or form package?): its init costs every command about 20 ms", args, c.pkg)
			}
		}
		if sum > total {
			t.Errorf("%v: inits allocate %d bytes in all, want at most %d", args, sum, total)
		}
	}
}

// BenchmarkStartup runs the built binary as a user does and reports the
// CPU time of each run (user+sys of the child, exec included), the
// start-up figure of docs/performance.md: `version`, and `solve` of one puzzle and of
// the 50 puzzles of easy50.
//
// The static sub-benchmarks run a CGO_ENABLED=0 build. The net package
// is linked through pdfcpu, which the preflight reads PDFs with
// (crypto/x509, net/http), and through modernc.org/libc, which the bank's
// SQLite runs on (github.com/google/uuid); see TestLinkedPackages. With
// cgo available, net makes the default build load the C library and
// start its threads through it: about 0.9 ms of every run (a Go hello
// world importing net: 2.1 ms against 1.2), for a resolver no command
// uses. Nothing in sudokubook needs cgo (SQLite is pure Go).
func BenchmarkStartup(b *testing.B) {
	static := filepath.Join(b.TempDir(), "sudokubook-static")
	build := exec.Command("go", "build", "-o", static, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		b.Fatalf("go build (CGO_ENABLED=0): %v\n%s", err, out)
	}
	for _, bin := range []struct{ name, path string }{{"default", binary(b)}, {"static", static}} {
		b.Run(bin.name, func(b *testing.B) { benchStartup(b, bin.path) })
	}
}

func benchStartup(b *testing.B, bin string) {
	fifty := filepath.Join(b.TempDir(), "easy50.txt")
	if err := os.WriteFile(fifty, []byte(strings.Join(puzzlesets.Lines(b, "easy50.txt"), "\n")+"\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name string
		args []string
	}{
		{"version", []string{"version"}},
		{"solve-1", []string{"solve", filepath.Join("testdata", "one.txt")}},
		{"solve-50", []string{"solve", fifty}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			var cpu int64
			for b.Loop() {
				// Output goes to the null device, as in a shell
				// redirect: a pipe would make the child wait on us.
				cmd := exec.Command(bin, bc.args...)
				if err := cmd.Run(); err != nil {
					b.Fatalf("%v: %v", bc.args, err)
				}
				cpu += int64(cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime())
			}
			b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
		})
	}
}

// TestLinkedPackages keeps out of the binary the packages whose cost every
// command would pay, used or not: Go runs the init of every linked package
// before main, and with a C compiler present (a plain `go install`) a
// package with cgo code makes the binary load the C library at start,
// about 1 ms of CPU a run.
//
// net has cgo code (its resolver) and is linked today only through
// dependencies that cannot drop it: pdfcpu's reader (crypto/x509, and
// net/http in its validator) for the preflight, and modernc.org/libc
// (github.com/google/uuid) for the bank's SQLite. No other path may bring
// it in, nor os/user (cgo too). runtime/metrics builds a description of
// every metric in its init; go-runewidth, linked by pdfcpu's api and form
// packages, builds tables for about 20 ms.
func TestLinkedPackages(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	banned := map[string]string{
		"runtime/metrics":                   "read the heap with runtime.ReadMemStats",
		"os/user":                           "it loads the C library at start in a cgo build",
		"plugin":                            "it loads the C library at start in a cgo build",
		"github.com/mattn/go-runewidth":     "use pdfcpu's reader and validator, not its api package",
		"github.com/pdfcpu/pdfcpu/pkg/api":  "it links go-runewidth",
		"github.com/pdfcpu/pdfcpu/pkg/form": "it links go-runewidth",
	}
	imports := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		imports[f[0]] = f[1:]
		if why, ok := banned[f[0]]; ok {
			t.Errorf("%s is linked into the command: %s", f[0], why)
		}
	}
	if len(imports) < 50 || imports["net"] == nil {
		t.Fatalf("go list gave %d packages, net not among them; if net is gone at last, make this test keep it out:\n%s", len(imports), out)
	}
	// reaches[p]: net is p or among p's dependencies (-deps lists a
	// package after its own, so one pass in order fills it).
	reaches := map[string]bool{"net": true}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		p := strings.Fields(line)[0]
		for _, q := range imports[p] {
			reaches[p] = reaches[p] || reaches[q]
		}
	}
	const own = "github.com/sudokubook/sudokubook"
	through := []string{"github.com/pdfcpu/pdfcpu/", "modernc.org/", "github.com/google/uuid", "golang.org/x/crypto/ocsp"}
	for p := range imports {
		first, _, _ := strings.Cut(p, "/")
		if !reaches[p] || !strings.Contains(first, ".") {
			continue // the standard library's own users of net
		}
		if !strings.HasPrefix(p, own) && !slices.ContainsFunc(through, func(pre string) bool { return strings.HasPrefix(p, pre) }) {
			t.Errorf("%s links net, a dependency new to that (only pdfcpu and modernc's SQLite may, and what they link): with cgo available, every command then loads the C library at start", p)
		}
		if !strings.HasPrefix(p, own) {
			continue
		}
		for _, q := range imports[p] {
			if reaches[q] && !strings.HasPrefix(q, own) && !strings.HasPrefix(q, through[0]) && q != "modernc.org/sqlite" {
				t.Errorf("%s imports %s, which links net: with cgo available, every command then loads the C library at start", p, q)
			}
		}
	}
}

// TestInterruptsArmedOnDemand: catching SIGINT and SIGTERM costs a run
// about as much CPU as a one-line solve itself, so `version` and a
// one-line classic solve from a file never arm it, and everything that may
// wait or run long does, before it starts to (TestSignalsStopPromptly
// shows the armed commands then stop with 130).
func TestInterruptsArmedOnDemand(t *testing.T) {
	dir := t.TempDir()
	two := filepath.Join(dir, "two.txt")
	if err := os.WriteFile(two, []byte(easyPuzzle+"\n"+easyPuzzle+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	stdinFile, err := os.Open(filepath.Join("testdata", "one.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer stdinFile.Close()
	fifo := filepath.Join(dir, "fifo")
	mkfifo(t, fifo)
	x := strings.Repeat(".", 81)
	for _, c := range []struct {
		args  []string
		stdin io.Reader
		armed bool
	}{
		{[]string{"version"}, nil, false},
		{[]string{"templates"}, nil, false},
		{[]string{"solve", filepath.Join("testdata", "one.txt")}, nil, false},
		{[]string{"solve"}, stdinFile, false}, // stdin redirected from a file
		{[]string{"solve", two}, nil, true},   // a second puzzle may be one of many
		{[]string{"solve"}, strings.NewReader(easyPuzzle + "\n"), true},
		{[]string{"solve", "--variant", "x", "-"}, strings.NewReader(x + "\n"), true},
		{[]string{"grade", filepath.Join("testdata", "one.txt")}, nil, true},
		{[]string{"generate", "-n", "1", "--level", "easy", "--seed", "1"}, nil, true},
	} {
		armed := 0
		ctx := context.WithValue(context.Background(), armKey{}, func() { armed++ })
		in := c.stdin
		if in == nil {
			in = strings.NewReader("")
		}
		var out, errOut bytes.Buffer
		run(ctx, c.args, in, &out, &errOut)
		if (armed > 0) != c.armed {
			t.Errorf("%v: interrupts armed %d times, want armed %v (stderr %q)", c.args, armed, c.armed, errOut.String())
		}
	}
	// A FIFO is armed for before it is opened: opening one waits for
	// a writer.
	armed := make(chan struct{})
	ctx := context.WithValue(context.Background(), armKey{}, func() {
		select {
		case <-armed:
		default:
			close(armed)
		}
	})
	go func() {
		<-armed
		if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
			f.Close()
		}
	}()
	var out, errOut bytes.Buffer
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"solve", fifo}, strings.NewReader(""), &out, &errOut) }()
	// Not a measure of speed: without arming first, solve would wait on
	// the FIFO for ever; this fails the test instead of hanging it.
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("solve on a FIFO: %v", err)
		}
	case <-time.After(time.Minute):
		t.Fatal("solve opened the FIFO before arming the interrupts")
	}
}
