package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/sudokubook/sudokubook/internal/outdir"
	"github.com/sudokubook/sudokubook/publish"
)

// The binary, built once, for the tests that need real processes: locks,
// kills, signals, mounts.
var (
	binOnce sync.Once
	binPath string
	binErr  error
)

func TestMain(m *testing.M) {
	if how := os.Getenv(layoutHelperEnv); how != "" {
		layoutHelper(how) // the test binary as the program: see TestInterruptDuringLayout
	}
	code := m.Run()
	if binPath != "" {
		os.RemoveAll(filepath.Dir(binPath))
	}
	os.Exit(code)
}

func binary(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		// Building the binary and running it in processes of their own
		// costs seconds; the full tier runs every test that does.
		t.Skip("runs the built binary as a process: the full tier (go test without -short) runs it")
	}
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "sudokubook-bin-")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "sudokubook")
		if out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput(); err != nil {
			binErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// Two small books that differ in their top-level names: A has PNGs, B
// none, so a commit both adds and drops links.
const (
	specA = "title: Book A\nseed: 1\nyear: 2026\nsections:\n  - level: easy\n    count: 2\npng:\n  puzzles: true\n  dpi: 72\n  size: 1in\n"
	specB = "title: Book B\nseed: 2\nyear: 2026\nsections:\n  - level: easy\n    count: 3\n"
)

// books writes the two specs and reference builds of each, and returns
// the spec paths and the reference trees.
func books(t *testing.T) (a, b string, refA, refB map[string][]byte) {
	t.Helper()
	dir := t.TempDir()
	a, b = filepath.Join(dir, "a.yaml"), filepath.Join(dir, "b.yaml")
	os.WriteFile(a, []byte(specA), 0o644)
	os.WriteFile(b, []byte(specB), 0o644)
	ra, rb := filepath.Join(dir, "refA"), filepath.Join(dir, "refB")
	buildInto(t, a, ra)
	buildInto(t, b, rb)
	return a, b, treeFiles(t, ra), treeFiles(t, rb)
}

// whichBook says which reference the folder shows, file for file, or ""
// for a mixture or a missing file.
func whichBook(t *testing.T, dir string, refs map[string]map[string][]byte) string {
	t.Helper()
	got := bookShown(t, dir, refs)
	if got == "" {
		var fs []string
		for f := range treeFiles(t, dir) {
			fs = append(fs, f)
		}
		t.Errorf("folder %s shows no whole book: %v", dir, fs)
	}
	return got
}

// bookShown is whichBook for a folder that may be mixed: it says "" and
// fails nothing.
func bookShown(t *testing.T, dir string, refs map[string]map[string][]byte) string {
	t.Helper()
	got := treeFiles(t, dir)
	for name, ref := range refs {
		if len(got) != len(ref) {
			continue
		}
		same := true
		for f, b := range ref {
			if !bytes.Equal(got[f], b) {
				same = false
				break
			}
		}
		if same {
			return name
		}
	}
	return ""
}

// `build -o .` in a folder of the user's own files must refuse, not
// delete them and exit 0.
func TestBuildRefusesFolderOfOtherFiles(t *testing.T) {
	dir := t.TempDir()
	mine := map[string]string{"pdf/taxes-2025.pdf": "taxes", "png/holiday.png": "holiday", "cover.pdf": "designer"}
	for p, c := range mine {
		os.MkdirAll(filepath.Join(dir, filepath.Dir(p)), 0o755)
		os.WriteFile(filepath.Join(dir, p), []byte(c), 0o644)
	}
	for _, flags := range [][]string{nil, {"--allow-other-files"}} {
		args := append([]string{"build", "testdata/small.yaml", "-o", dir, "--quiet"}, flags...)
		_, stderr, code := runCmd(t, "", args...)
		if code != 2 || !strings.Contains(stderr, "cover.pdf, pdf, png") || !strings.Contains(stderr, "nothing was changed") {
			t.Errorf("%v: got exit %d, stderr %q; want 2 naming cover.pdf, pdf, png", flags, code, stderr)
		}
		for p, c := range mine {
			if b, err := os.ReadFile(filepath.Join(dir, p)); err != nil || string(b) != c {
				t.Errorf("%s changed: %q %v", p, b, err)
			}
		}
		if ents, _ := os.ReadDir(dir); len(ents) != 3 {
			t.Errorf("the refused folder now holds %d entries, want 3", len(ents))
		}
	}

	// DIR/png as a plain file must be refused before the commit, not fail
	// half-way through it, leaving a new book.pdf beside an old manifest.
	dir2 := t.TempDir()
	a, _, refA, _ := books(t)
	buildInto(t, a, dir2)
	os.WriteFile(filepath.Join(dir2, "notes.txt"), []byte("mine"), 0o644)
	_, stderr, code := runCmd(t, "", "build", "testdata/small.yaml", "-o", dir2, "--quiet")
	if code != 2 || !strings.Contains(stderr, "notes.txt") || !strings.Contains(stderr, "--allow-other-files") {
		t.Errorf("got exit %d, stderr %q; want 2 naming notes.txt", code, stderr)
	}
	delete(refA, "notes.txt")
	os.Remove(filepath.Join(dir2, "notes.txt"))
	whichBook(t, dir2, map[string]map[string][]byte{"A": refA})

	// With the flag, the user's files stay and the book goes beside them.
	os.WriteFile(filepath.Join(dir2, "notes.txt"), []byte("mine"), 0o644)
	buildInto(t, "testdata/small.yaml", dir2, "--allow-other-files")
	if b, _ := os.ReadFile(filepath.Join(dir2, "notes.txt")); string(b) != "mine" {
		t.Errorf("notes.txt became %q", b)
	}
}

// A folder another build holds is refused at once, unchanged; of three
// real processes building into one folder, each either commits whole or
// fails saying so, and the folder shows one whole book.
func TestConcurrentBuildsLocked(t *testing.T) {
	bin := binary(t)
	a, b, refA, refB := books(t)
	dir := filepath.Join(t.TempDir(), "out")
	buildInto(t, a, dir)

	lf, err := os.OpenFile(filepath.Join(dir, ".sudokubook", "lock"), os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	lockExclusive(t, lf)
	out, err := exec.Command(bin, "build", b, "-o", dir, "--quiet").CombinedOutput()
	lf.Close()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 1 || !strings.Contains(string(out), "another sudokubook build is writing") {
		t.Errorf("build into a locked folder: %v, %s; want exit 1 saying another build holds it", err, out)
	}
	refs := map[string]map[string][]byte{"A": refA, "B": refB}
	if got := whichBook(t, dir, refs); got != "A" {
		t.Errorf("the locked-out build changed the folder to %q", got)
	}

	for round := 0; round < 3; round++ {
		var cmds []*exec.Cmd
		var outs []*bytes.Buffer
		for _, spec := range []string{a, b, a} {
			c := exec.Command(bin, "build", spec, "-o", dir, "--quiet")
			var buf bytes.Buffer
			c.Stdout, c.Stderr = &buf, &buf
			if err := c.Start(); err != nil {
				t.Fatal(err)
			}
			cmds, outs = append(cmds, c), append(outs, &buf)
		}
		won := 0
		for i, c := range cmds {
			err := c.Wait()
			switch {
			case err == nil:
				won++
			case strings.Contains(outs[i].String(), "another sudokubook build is writing"):
			default:
				t.Errorf("round %d, build %d: %v\n%s", round, i, err, outs[i])
			}
		}
		if won == 0 {
			t.Errorf("round %d: no build won", round)
		}
		whichBook(t, dir, refs)
	}
}

// SIGKILL at each file-system call of a build over a book, by strace's
// fault injection, one call at a time, in both commits. With links, after
// each kill the folder shows one whole book. Without them it may show a
// mix between two renames, and the next build's Open finishes the switch:
// a copy of the folder, opened and closed, shows one whole book. Either
// way the next build clears what the killed one left.
func TestKillAtEveryCall(t *testing.T) {
	if testing.Short() {
		t.Skip("kills a build at each of its file-system calls: the full tier (go test without -short) runs it")
	}
	strace, err := exec.LookPath("strace")
	if err != nil {
		t.Skip("strace is not installed (.ci/run installs it)")
	}
	bin := binary(t)
	a, b, refA, refB := books(t)
	refs := map[string]map[string][]byte{"A": refA, "B": refB}
	for _, noLinks := range []bool{false, true} {
		t.Run(fmt.Sprintf("no links %v", noLinks), func(t *testing.T) {
			killAtEveryCall(t, strace, bin, a, b, refs, noLinks)
		})
	}
}

func killAtEveryCall(t *testing.T, strace, bin, a, b string, refs map[string]map[string][]byte, noLinks bool) {
	env := os.Environ()
	calls := []string{"openat", "write", "fsync", "mkdirat", "symlinkat", "renameat", "unlinkat"}
	state := []string{"current", "gen-", "lock"}
	if noLinks {
		env = append(env, noLinksEnv+"=1")
		calls = []string{"openat", "write", "fsync", "mkdirat", "renameat", "unlinkat"}
		state = []string{"book", "lock"}
	}
	dir := filepath.Join(t.TempDir(), "out")
	build := exec.Command(bin, "build", a, "-o", dir, "--quiet")
	build.Env = env
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	shown := "A"
	kills := 0
	for _, sc := range calls {
		for n := 1; ; n++ {
			// Each run builds the book not on show, so every commit both
			// adds and drops files, over whatever the last kill left.
			spec, want := b, "B"
			if shown == "B" {
				spec, want = a, "A"
			}
			cmd := exec.Command(strace, "-f", "-qq", "-o", "/dev/null", "-e", "trace="+sc,
				"-e", fmt.Sprintf("inject=%s:signal=KILL:when=%d", sc, n), bin, "build", spec, "-o", dir, "--quiet")
			cmd.Env = env
			out, err := cmd.CombinedOutput()
			if err == nil {
				// The build ran past its n-th call, so every call is
				// covered; it also cleared what the kills left.
				if shown = whichBook(t, dir, refs); shown != want {
					t.Errorf("%s: a whole build shows %q, want %s", sc, shown, want)
				}
				ents, _ := os.ReadDir(filepath.Join(dir, ".sudokubook"))
				var got []string
				for _, e := range ents {
					got = append(got, strings.TrimRight(e.Name(), "0123456789abcdef"))
				}
				if fmt.Sprint(got) != fmt.Sprint(state) {
					t.Errorf("after kills at %s and a whole build, .sudokubook holds %v, want %v", sc, got, state)
				}
				break
			}
			if !strings.Contains(err.Error(), "killed") {
				t.Fatalf("%s #%d: %v\n%s", sc, n, err, out)
			}
			if noLinks {
				shown = repairedCopy(t, dir, refs)
			} else {
				shown = whichBook(t, dir, refs)
			}
			if shown == "" {
				t.Fatalf("killed at %s #%d: the folder shows no whole book", sc, n)
			}
			kills++
			if n > 200 {
				t.Fatalf("%s: still killed after %d calls", sc, n)
			}
		}
	}
	if kills < 20 {
		t.Errorf("only %d kills injected; is strace injecting?", kills)
	}
	t.Logf("%d kills", kills)
}

// repairedCopy copies a folder without links as it is, lets Open finish
// any switch a killed build left there, and says which book the copy
// then shows whole.
func repairedCopy(t *testing.T, dir string, refs map[string]map[string][]byte) string {
	t.Helper()
	cp := filepath.Join(t.TempDir(), "copy")
	if out, err := exec.Command("cp", "-a", dir, cp).CombinedOutput(); err != nil {
		t.Fatalf("cp: %v\n%s", err, out)
	}
	d, err := outdir.Open(cp, outdir.Options{Names: publish.OutputNames, NoLinks: true})
	if err != nil {
		t.Fatalf("opening a copy of the killed build's folder: %v", err)
	}
	d.Close()
	return whichBook(t, cp, refs)
}

// A write that fails (a full disk, an I/O error) at any point of the
// stage or the commit: exit 1 with the error, the previous book whole.
func TestWriteFailureKeepsOldBook(t *testing.T) {
	a, b, refA, refB := books(t)
	refs := map[string]map[string][]byte{"A": refA, "B": refB}
	dir := filepath.Join(t.TempDir(), "out")
	buildInto(t, a, dir)
	for _, op := range []string{"write", "mkdir", "fsync", "symlink", "rename"} {
		var calls atomic.Int32
		fault := func(o, path string) error {
			if o == op && calls.Add(1) == 1 {
				return syscall.ENOSPC
			}
			return nil
		}
		var so, se bytes.Buffer
		e := env{stdin: strings.NewReader(""), stdout: &so, stderr: &se, hooks: &hooks{build: publish.Hooks{Fault: fault}}}
		code := exitCode(runEnv(context.Background(), []string{"build", b, "-o", dir, "--quiet"}, e), &se)
		stderr := se.String()
		if code != 1 || !strings.Contains(stderr, "no space left on device") {
			t.Errorf("%s fails: got exit %d, stderr %q; want 1 and the error", op, code, stderr)
		}
		if got := whichBook(t, dir, refs); got != "A" {
			t.Errorf("%s fails: folder shows %q, want A", op, got)
		}
	}
}

// A real full disk and a real read-only folder, on a small tmpfs in a
// private mount namespace, where the machine allows one.
func TestFullAndReadOnlyDisk(t *testing.T) {
	bin := binary(t)
	if err := exec.Command("unshare", "-m", "true").Run(); err != nil {
		t.Skipf("cannot make a mount namespace here (%v); TestWriteFailureKeepsOldBook covers the same with a failing writer", err)
	}
	a, _, refA, refB := books(t)
	refs := map[string]map[string][]byte{"A": refA, "B": refB}
	work := t.TempDir()
	// Book A fits in 256 KiB; testdata/small.yaml's 72 images do not.
	script := `set -u
mnt=$1; bin=$2; a=$3; big=$4; out=$5
mount -t tmpfs -o size=256k tmpfs "$mnt" || exit 99
"$bin" build "$a" -o "$mnt/book" --quiet >/dev/null 2>&1 || exit 98
"$bin" build "$big" -o "$mnt/book" --quiet >"$out/full.out" 2>&1; echo $? >"$out/full.code"
cp -rL "$mnt/book" "$out/afterfull"
mount -o remount,ro "$mnt" || exit 97
"$bin" build "$big" -o "$mnt/book" --quiet >"$out/ro.out" 2>&1; echo $? >"$out/ro.code"
cp -rL "$mnt/book" "$out/afterro"
`
	mnt := filepath.Join(work, "mnt")
	os.Mkdir(mnt, 0o755)
	big, _ := filepath.Abs("testdata/small.yaml")
	out, err := exec.Command("unshare", "-m", "sh", "-c", script, "sh", mnt, bin, a, big, work).CombinedOutput()
	var ee *exec.ExitError
	if errors.As(err, &ee) && ee.ExitCode() == 99 {
		t.Skipf("cannot mount a tmpfs here (%s); TestWriteFailureKeepsOldBook covers the same with a failing writer", out)
	}
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, c := range []struct{ name, want string }{{"full", "no space left on device"}, {"ro", "read-only file system"}} {
		code, _ := os.ReadFile(filepath.Join(work, c.name+".code"))
		msg, _ := os.ReadFile(filepath.Join(work, c.name+".out"))
		if strings.TrimSpace(string(code)) != "1" || !strings.Contains(string(msg), c.want) {
			t.Errorf("%s: exit %s, %q; want 1 and %q", c.name, code, msg, c.want)
		}
		if got := whichBook(t, filepath.Join(work, "after"+c.name), refs); got != "A" {
			t.Errorf("%s: folder shows %q, want A", c.name, got)
		}
	}
}

// An OUTDIR under a file is a slip in -o (exit 2), reported before
// generation, not after.
func TestUnwritableOutdirBeforeWork(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "slow.yaml")
	// Hours of work if it started: the refusal must come first.
	os.WriteFile(spec, []byte("title: Slow\nsections:\n  - level: extreme\n    count: 5000\n"), 0o644)
	file := filepath.Join(dir, "f")
	os.WriteFile(file, nil, 0o644)
	start := time.Now()
	_, stderr, code := runCmd(t, "", "build", spec, "-o", filepath.Join(file, "out"), "--quiet", "--timeout", "3s")
	if code != 2 || !strings.Contains(stderr, "the output folder "+file) || !strings.Contains(stderr, "not a directory") {
		t.Errorf("got exit %d, %q; want 2 naming the output folder", code, stderr)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("refused after %s: the work ran first", d)
	}
}

// png -o replaced whatever stood at the target, a device or a FIFO
// included. It writes only to a regular file or a new path.
func TestPNGOutputOnlyRegularFile(t *testing.T) {
	const p = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	mkfifo(t, fifo)
	sub := filepath.Join(dir, "sub")
	os.Mkdir(sub, 0o755)
	target := filepath.Join(dir, "target.txt")
	os.WriteFile(target, []byte("keep"), 0o644)
	link := filepath.Join(dir, "link.png")
	os.Symlink(target, link)
	for _, c := range []struct{ path, kind string }{
		{"/dev/null", "a device"}, {fifo, "a FIFO"}, {sub, "a folder"}, {link, "a symbolic link"},
	} {
		_, stderr, code := runCmd(t, "", "png", p, "-o", c.path)
		if code != 2 || !strings.Contains(stderr, c.kind) {
			t.Errorf("-o %s: got exit %d, %q; want 2 naming %s", c.path, code, stderr, c.kind)
		}
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO was replaced")
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced")
	}
	if b, _ := os.ReadFile(target); string(b) != "keep" {
		t.Errorf("the link's target became %q", b)
	}
	// A regular file it is pointed at is replaced whole.
	reg := filepath.Join(dir, "old.png")
	os.WriteFile(reg, []byte("old"), 0o644)
	if _, stderr, code := runCmd(t, "", "png", p, "-o", reg); code != 0 {
		t.Fatalf("-o a regular file: exit %d, %s", code, stderr)
	}
	if b, _ := os.ReadFile(reg); !bytes.HasPrefix(b, []byte("\x89PNG")) {
		t.Errorf("the regular file was not replaced by a PNG")
	}
	// A new file is readable by others, as a build's outputs are, not
	// private as a temporary file is made.
	fresh := filepath.Join(dir, "new.png")
	if _, stderr, code := runCmd(t, "", "png", p, "-o", fresh); code != 0 {
		t.Fatalf("-o a new path: exit %d, %s", code, stderr)
	}
	if fi, err := os.Stat(fresh); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("new PNG: mode %v (err %v), want -rw-r--r--", fi.Mode().Perm(), err)
	}
}
