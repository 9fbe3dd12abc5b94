package outdir

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
)

var names = []string{"book.pdf", "cover.pdf", "png", "manifest.json"}

// A fake book: every file says which book it belongs to, so a folder
// mixing two books is caught file by file. Book "A" has PNGs and no
// cover, book "B" a cover and no PNGs, so a commit both adds and drops
// top-level names.
func bookFiles(id string) map[string]string {
	files := map[string]string{
		"book.pdf":      "pdf of " + id,
		"manifest.json": "manifest of " + id,
	}
	if id == "A" {
		files["png/puzzle-001.png"] = "png 1 of " + id
		files["png/puzzle-002.png"] = "png 2 of " + id
	} else {
		files["cover.pdf"] = "cover of " + id
	}
	return files
}

// shown reads the book a user sees in dir, through the links.
func shown(t *testing.T, dir string) map[string]string {
	t.Helper()
	got := map[string]string{}
	for _, n := range names {
		root := filepath.Join(dir, n)
		fi, err := os.Stat(root)
		if err != nil {
			continue
		}
		if fi.IsDir() {
			root += "/" // a trailing slash makes WalkDir follow the link
		}
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				t.Fatal(err)
			}
			if !d.IsDir() {
				b, err := os.ReadFile(p)
				if err != nil {
					t.Fatal(err)
				}
				rel, _ := filepath.Rel(dir, p)
				got[filepath.ToSlash(rel)] = string(b)
			}
			return nil
		})
	}
	return got
}

// sameBook says which of the books the folder shows whole, or fails.
func sameBook(t *testing.T, dir string, ids ...string) string {
	t.Helper()
	got := shown(t, dir)
	for _, id := range ids {
		if fmt.Sprint(got) == fmt.Sprint(bookFiles(id)) {
			return id
		}
	}
	t.Fatalf("folder shows neither book %v whole: %v", ids, got)
	return ""
}

func commitBook(dir, id string, opt Options) error {
	d, err := Open(dir, opt)
	if err != nil {
		return err
	}
	defer d.Close()
	s, err := d.Stage()
	if err != nil {
		return err
	}
	files := bookFiles(id)
	keys := make([]string, 0, len(files))
	for k := range files {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if err := s.Write(k, []byte(files[k])); err != nil {
			s.Abort()
			return err
		}
	}
	if err := s.Commit(); err != nil {
		s.Abort()
		return err
	}
	return nil
}

func opts() Options { return Options{Names: names} }

// modes are the two commits, with links and without.
var modes = []struct {
	name string
	opt  Options
}{
	{"links", Options{Names: names}},
	{"no links", Options{Names: names, NoLinks: true}},
}

// stateClean checks that only the lock, the pointer and one generation
// remain of the program's state, or for a book without links the lock and
// the record.
func stateClean(t *testing.T, dir string) {
	t.Helper()
	ents, err := os.ReadDir(filepath.Join(dir, stateDir))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	gens := 0
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), genPrefix) {
			gens++
			continue
		}
		got = append(got, e.Name())
	}
	wantGens, want := 1, "[current lock]"
	if _, err := os.Lstat(filepath.Join(dir, stateDir, recordName)); err == nil {
		wantGens, want = 0, "[book lock]"
	}
	if gens != wantGens || fmt.Sprint(got) != want {
		t.Errorf("state holds %d generations and %v, want %d and %s", gens, got, wantGens, want)
	}
	top, _ := os.ReadDir(dir)
	for _, e := range top {
		if p := filepath.Join(dir, e.Name()); e.Type()&fs.ModeSymlink != 0 {
			if _, err := os.Stat(p); err != nil {
				t.Errorf("dangling link %s left behind", e.Name())
			}
		}
	}
}

func TestCommitReplacesWholeBook(t *testing.T) {
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "out")
			for _, id := range []string{"A", "B", "A"} {
				if err := commitBook(dir, id, m.opt); err != nil {
					t.Fatal(err)
				}
				if got := sameBook(t, dir, id); got != id {
					t.Fatalf("shows %s, want %s", got, id)
				}
				stateClean(t, dir)
			}
		})
	}
}

// Every file-system call of a build, failed or killed in turn, in both
// commits: after each, with links the folder shows one whole book; without
// them it shows the old book whole up to the journal's rename, and from it
// the next Open finishes the switch to the new book. Either way the next
// build tidies up and commits. The calls are counted on a clean run first,
// so a new call in the commit is covered without editing the test.
func TestFaultAtEveryCall(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) { faultAtEveryCall(t, m.opt) })
	}
}

func faultAtEveryCall(t *testing.T, opt Options) {
	var fault func(op, path string) error
	opt.Fault = func(op, path string) error {
		if fault == nil {
			return nil
		}
		return fault(op, path)
	}
	var ops []string
	fault = func(op, path string) error { ops = append(ops, op); return nil }
	probe := filepath.Join(t.TempDir(), "out")
	if err := commitBook(probe, "A", opt); err != nil {
		t.Fatal(err)
	}
	ops = nil
	if err := commitBook(probe, "B", opt); err != nil {
		t.Fatal(err)
	}
	n := len(ops)
	seen := map[string]bool{}
	for _, op := range ops {
		seen[op] = true
	}
	want := []string{"mkdir", "write", "fsync", "symlink", "rename", "unlink", "removeall"}
	if opt.NoLinks {
		want = []string{"mkdir", "write", "fsync", "rename", "unlink", "removeall"}
	}
	for _, op := range want {
		if !seen[op] {
			t.Errorf("a commit of B over A makes no %s call; the test would not cover it", op)
		}
	}
	for _, kind := range []error{syscall.ENOSPC, syscall.EIO, ErrKilled} {
		for k := 0; k < n; k++ {
			name := fmt.Sprintf("%v at call %d (%s)", kind, k+1, ops[k])
			dir := filepath.Join(t.TempDir(), "out")
			fault = nil
			if err := commitBook(dir, "A", opt); err != nil {
				t.Fatal(err)
			}
			i := 0
			fault = func(op, path string) error {
				i++
				if i == k+1 {
					return kind
				}
				return nil
			}
			err := commitBook(dir, "B", opt)
			fault = nil
			if err == nil {
				t.Errorf("%s: the build reported success", name)
			}
			t.Log(name)
			// Up to the switch the old book shows; from it, the new (at
			// once with links, after the next Open without them).
			switched := k > indexOf(ops, "rename")
			if !switched || !opt.NoLinks {
				if got := sameBook(t, dir, "A", "B"); switched != (got == "B") {
					t.Errorf("%s: shows book %s", name, got)
				}
			} else {
				d, err := Open(dir, opt)
				if err != nil {
					t.Fatalf("%s: the next Open failed: %v", name, err)
				}
				d.Close()
				if got := sameBook(t, dir, "A", "B"); got != "B" {
					t.Errorf("%s: after the next Open, shows book %s", name, got)
				}
				stateClean(t, dir)
			}
			if err := commitBook(dir, "A", opt); err != nil {
				t.Fatalf("%s: the next build failed: %v", name, err)
			}
			sameBook(t, dir, "A")
			stateClean(t, dir)
		}
	}
}

func indexOf(ops []string, op string) int {
	for i, o := range ops {
		if o == op {
			return i
		}
	}
	return -1
}

func TestForeignFilesRefusedUntouched(t *testing.T) {
	dir := t.TempDir()
	mine := map[string]string{"pdf/taxes-2025.pdf": "taxes", "png/holiday.png": "holiday", "cover.pdf": "designer's cover", "notes.txt": "notes"}
	for p, c := range mine {
		os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755)
		if err := os.WriteFile(filepath.Join(dir, p), []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	check := func(when string) {
		t.Helper()
		for p, c := range mine {
			if b, err := os.ReadFile(filepath.Join(dir, p)); err != nil || string(b) != c {
				t.Errorf("%s: %s changed: %q, %v", when, p, b, err)
			}
		}
		if _, err := os.Lstat(filepath.Join(dir, stateDir)); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s: the refused folder was written to", when)
		}
	}
	for _, allow := range []bool{false, true} {
		err := commitBook(dir, "A", Options{Names: append(names, "pdf"), AllowForeign: allow})
		if !errors.Is(err, ErrForeign) || !strings.Contains(err.Error(), "cover.pdf, pdf, png") {
			t.Errorf("allow=%v: got %v, want ErrForeign naming cover.pdf, pdf, png", allow, err)
		}
		check(fmt.Sprintf("allow=%v", allow))
	}

	// Files of the user's at names the build does not use: refused
	// without the flag, left alone with it.
	dir2 := t.TempDir()
	os.WriteFile(filepath.Join(dir2, "notes.txt"), []byte("notes"), 0o644)
	if err := commitBook(dir2, "A", opts()); !errors.Is(err, ErrForeign) || !strings.Contains(err.Error(), "--allow-other-files") {
		t.Errorf("got %v, want ErrForeign suggesting --allow-other-files", err)
	}
	o := opts()
	o.AllowForeign = true
	for _, id := range []string{"A", "B"} {
		if err := commitBook(dir2, id, o); err != nil {
			t.Fatal(err)
		}
		sameBook(t, dir2, id)
		if b, _ := os.ReadFile(filepath.Join(dir2, "notes.txt")); string(b) != "notes" {
			t.Errorf("notes.txt changed to %q", b)
		}
	}

	// A book of sudokubook 0.1.0, plain files: refused, named as such.
	dir3 := t.TempDir()
	os.WriteFile(filepath.Join(dir3, "book.pdf"), []byte("old"), 0o644)
	os.WriteFile(filepath.Join(dir3, "manifest.json"), []byte("{}"), 0o644)
	if err := commitBook(dir3, "A", opts()); !errors.Is(err, ErrForeign) || !strings.Contains(err.Error(), "earlier sudokubook") {
		t.Errorf("got %v, want ErrForeign naming an earlier sudokubook's book", err)
	}
}

func TestLockRefusesSecondBuild(t *testing.T) {
	dir := t.TempDir()
	d, err := Open(dir, opts())
	if err != nil {
		t.Fatal(err)
	}
	// flock(2) and LockFileEx locks belong to the open file, so a second
	// Open in this process is refused just as another process would be.
	if _, err := Open(dir, opts()); !errors.Is(err, ErrBusy) {
		t.Errorf("second Open: got %v, want ErrBusy", err)
	}
	d.Close()
	d2, err := Open(dir, opts())
	if err != nil {
		t.Fatalf("Open after Close: %v", err)
	}
	d2.Close()
}

// A first build that fails leaves no folder behind; a folder of the
// user's that merely looks like an old staging folder is theirs.
func TestStaleStateCleaned(t *testing.T) {
	dir := t.TempDir()
	users := filepath.Join(dir, ".sudokubook-build-123", "png")
	os.MkdirAll(users, 0o755)
	os.WriteFile(filepath.Join(users, "x.png"), []byte("x"), 0o644)
	if err := commitBook(dir, "A", opts()); !errors.Is(err, ErrForeign) {
		t.Errorf("a folder holding .sudokubook-build-123: got %v, want ErrForeign", err)
	}
	if err := commitBook(dir, "A", Options{Names: names, AllowForeign: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(users, "x.png")); err != nil {
		t.Errorf("the user's .sudokubook-build-123 was touched: %v", err)
	}
	stateClean(t, dir)

	fresh := filepath.Join(t.TempDir(), "new")
	d, err := Open(fresh, opts())
	if err != nil {
		t.Fatal(err)
	}
	s, _ := d.Stage()
	s.Write("book.pdf", []byte("x"))
	s.Abort()
	d.Close()
	if _, err := os.Stat(fresh); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a failed first build left %s: %v", fresh, err)
	}
}

// WriteFrom streams a file into the stage, Open reads it back before the
// commit, and a fill that fails leaves the book on show untouched.
func TestWriteFromStreamsAndFails(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	if err := commitBook(dir, "A", opts()); err != nil {
		t.Fatal(err)
	}
	d, err := Open(dir, opts())
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	s, err := d.Stage()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.WriteFrom("png/streamed.txt", func(w io.Writer) error {
		for _, part := range []string{"first ", "second"} {
			if _, err := io.WriteString(w, part); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	f, err := s.Open("png/streamed.txt")
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(f)
	f.Close()
	if err != nil || string(got) != "first second" {
		t.Errorf("read back %q (%v), want %q", got, err, "first second")
	}
	broken := errors.New("layout refused the book")
	err = s.WriteFrom("book.pdf", func(w io.Writer) error {
		io.WriteString(w, "%PDF-1.4 half a book")
		return broken
	})
	if !errors.Is(err, broken) {
		t.Errorf("WriteFrom: %v, want the fill's error", err)
	}
	if _, err := s.Open("../escape"); err == nil {
		t.Error("Open of a name outside the stage succeeded")
	}
	s.Abort()
	sameBook(t, dir, "A")
}
