package outdir

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

var noLinks = Options{Names: names, NoLinks: true}

// A book without links keeps that commit when links work again, says so
// in its notes, and leaves a file of the user's inside its folders alone.
func TestLinkFreeKeepsModeAndUsersFiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	if err := commitBook(dir, "A", noLinks); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(filepath.Join(dir, "book.pdf")); err != nil || !fi.Mode().IsRegular() {
		t.Fatalf("book.pdf: %v, %v; want a plain file", fi, err)
	}
	mine := filepath.Join(dir, "png", "my-notes.txt")
	os.WriteFile(mine, []byte("mine"), 0o644)
	d, err := Open(dir, opts()) // links would work: the folder's commit stays
	if err != nil {
		t.Fatal(err)
	}
	if !d.LinkFree() || len(d.Notes()) == 0 || !strings.Contains(d.Notes()[0], "without symbolic links") {
		t.Errorf("LinkFree %v, notes %q; want the commit without links, said so", d.LinkFree(), d.Notes())
	}
	d.Close()
	if err := commitBook(dir, "B", opts()); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(mine); err != nil || string(b) != "mine" {
		t.Errorf("the user's file in png/: %q, %v", b, err)
	}
	os.Remove(mine)
	sameBook(t, dir, "B")
	if _, err := os.Lstat(filepath.Join(dir, "png", "puzzle-001.png")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("book A's PNG is left: %v", err)
	}
}

// A file of the user's at a place the new book fills, made during the
// build, is refused before the switch: the old book stays, the file too.
func TestLinkFreeRefusesFileMadeDuringBuild(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	if err := commitBook(dir, "A", noLinks); err != nil {
		t.Fatal(err)
	}
	d, err := Open(dir, noLinks)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	s, _ := d.Stage()
	for k, v := range bookFiles("B") {
		s.Write(k, []byte(v))
	}
	os.WriteFile(filepath.Join(dir, "cover.pdf"), []byte("designer's cover"), 0o644)
	if err := s.Commit(); err == nil || !strings.Contains(err.Error(), "previous book is unchanged") {
		t.Errorf("got %v, want a refusal keeping the previous book", err)
	}
	s.Abort()
	if b, _ := os.ReadFile(filepath.Join(dir, "cover.pdf")); string(b) != "designer's cover" {
		t.Errorf("the user's cover.pdf became %q", b)
	}
	os.Remove(filepath.Join(dir, "cover.pdf"))
	sameBook(t, dir, "A")
}

// A record or journal found on disk is trusted in no part: one naming a
// place outside OUTDIR is refused, nothing changed.
func TestLinkFreeRecordTampered(t *testing.T) {
	for _, rec := range []string{
		recordHead + "\ngen-0123456789ab\n../victim/thesis.tex\n",
		recordHead + "\ngen-0123456789ab\n/etc/passwd\n",
		recordHead + "\ngen-zz/../..\nbook.pdf\n",
		"not a record\n",
	} {
		for _, name := range []string{recordName, switchName} {
			root := t.TempDir()
			v := victim(t, root)
			os.WriteFile(filepath.Join(v, "thesis.tex"), []byte("years"), 0o644)
			out := filepath.Join(root, "out")
			if err := commitBook(out, "A", noLinks); err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(out, stateDir, name), []byte(rec), 0o644)
			before := snapshot(t, root)
			if err := commitBook(out, "B", noLinks); !errors.Is(err, ErrTampered) {
				t.Errorf("%s %q: got %v, want ErrTampered", name, rec, err)
			}
			if after := snapshot(t, root); after != before {
				t.Errorf("%s %q: the refused build changed the disk:\n%s", name, rec, after)
			}
		}
	}
}

// snapshot records every entry under root without following links: its
// kind and mode, a link's target, a file's bytes.
func snapshot(t *testing.T, root string) string {
	t.Helper()
	var lines []string
	err := filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := e.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		line := fmt.Sprintf("%s %v", rel, fi.Mode())
		switch {
		case fi.Mode()&fs.ModeSymlink != 0:
			target, _ := os.Readlink(p)
			line += " -> " + target
		case fi.Mode().IsRegular():
			b, _ := os.ReadFile(p)
			line += fmt.Sprintf(" %q", b)
		}
		lines = append(lines, line)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// victim makes a folder of the user's beside OUTDIR, which no build may
// touch.
func victim(t *testing.T, root string) string {
	t.Helper()
	v := filepath.Join(root, "victim")
	if err := os.MkdirAll(filepath.Join(v, "photos"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(v, "photos", "holiday.jpg"), []byte("holiday"), 0o644); err != nil {
		t.Fatal(err)
	}
	return v
}
