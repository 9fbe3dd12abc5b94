package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

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
	// compiled up front); now about 40 KB in 100 and 5 KB in 65.
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
// README's start-up figure: `version`, and `solve` of one puzzle and of
// the 50 puzzles of easy50.
//
// The static sub-benchmarks run a CGO_ENABLED=0 build. pdfcpu, which the
// preflight reads PDFs with, links crypto/x509 and so the net package, and
// with cgo available net makes the binary load the C library and start
// its threads through it: about 0.5 ms of every run, for a resolver no
// command uses. Nothing in sudokubook needs cgo (SQLite is pure Go).
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
