//go:build unix

// These tests plant symbolic links as an attack would, or need the
// commit with links: on Unix any user makes links; Windows grants them
// only to administrators or in developer mode, and without them a folder
// takes the commit without links, whose tests (plainfiles_test.go) run
// on every system.

package outdir

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tree lists every path under root with its kind, to prove a refused
// Open changed nothing.
func tree(t *testing.T, root string) map[string]string {
	t.Helper()
	got := map[string]string{}
	filepath.Walk(root, func(p string, fi os.FileInfo, err error) error {
		if err != nil {
			return nil
		}
		kind := "file"
		switch {
		case fi.Mode()&os.ModeSymlink != 0:
			l, _ := os.Readlink(p)
			kind = "link " + l
		case fi.IsDir():
			kind = "dir"
		}
		got[p] = kind
		return nil
	})
	return got
}

func same(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// State found on disk that this package never writes is refused before
// anything is removed, locked or created, and nothing outside OUTDIR is
// touched: each case plants a victim folder beside OUTDIR and aims a
// link of the state folder at it.
func TestTamperedStateRefused(t *testing.T) {
	cases := []struct {
		name  string
		plant func(t *testing.T, state, victim string)
	}{
		{"pointer out of the state folder", func(t *testing.T, state, victim string) {
			// gen-zz/../../../victim: the name starts with gen- and leads out.
			os.MkdirAll(filepath.Join(state, "gen-zz"), 0o755)
			rel, _ := filepath.Rel(state, victim)
			mustLink(t, "gen-zz/../"+rel, filepath.Join(state, currentPtr))
		}},
		{"pointer straight to a folder outside", func(t *testing.T, state, victim string) {
			mustLink(t, victim, filepath.Join(state, currentPtr))
		}},
		{"pointer to a generation that is a link", func(t *testing.T, state, victim string) {
			mustLink(t, victim, filepath.Join(state, "gen-0123456789ab"))
			mustLink(t, "gen-0123456789ab", filepath.Join(state, currentPtr))
		}},
		{"pointer is a plain file", func(t *testing.T, state, victim string) {
			os.WriteFile(filepath.Join(state, currentPtr), []byte("gen-0123456789ab"), 0o644)
		}},
		{"lock is a link", func(t *testing.T, state, victim string) {
			mustLink(t, filepath.Join(victim, "planted-lock"), filepath.Join(state, lockName))
		}},
		{"lock is a dangling link into a folder outside", func(t *testing.T, state, victim string) {
			mustLink(t, filepath.Join(victim, "precious", "lock"), filepath.Join(state, lockName))
		}},
		{"state folder is a link", func(t *testing.T, state, victim string) {
			os.Remove(state)
			mustLink(t, victim, state)
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			out := filepath.Join(root, "out")
			victim := filepath.Join(root, "victim")
			os.MkdirAll(filepath.Join(victim, "precious"), 0o755)
			os.WriteFile(filepath.Join(victim, "precious", "thesis.txt"), []byte("years of work"), 0o644)
			state := filepath.Join(out, stateDir)
			os.MkdirAll(state, 0o755)
			c.plant(t, state, victim)
			before := tree(t, root)
			for _, allow := range []bool{false, true} {
				err := commitBook(out, "A", Options{Names: names, AllowForeign: allow})
				if !errors.Is(err, ErrTampered) {
					t.Errorf("allow-other-files %v: got %v, want ErrTampered", allow, err)
				}
			}
			if after := tree(t, root); !same(before, after) {
				t.Errorf("a refused build changed the disk:\nbefore %v\nafter  %v", before, after)
			}
		})
	}
}

// Entries of the state folder under names this package uses but of
// another kind are left alone or unlinked, never followed: a gen- link
// aimed outside is removed as a link, its target kept.
func TestStaleLinksUnlinkedNotFollowed(t *testing.T) {
	root := t.TempDir()
	out := filepath.Join(root, "out")
	victim := filepath.Join(root, "victim")
	os.MkdirAll(victim, 0o755)
	os.WriteFile(filepath.Join(victim, "keep.txt"), []byte("mine"), 0o644)
	if err := commitBook(out, "A", opts()); err != nil {
		t.Fatal(err)
	}
	state := filepath.Join(out, stateDir)
	mustLink(t, victim, filepath.Join(state, "gen-aaaaaaaaaaaa"))
	mustLink(t, victim, filepath.Join(state, newPtrPref+"gen-bbbbbbbbbbbb"))
	os.WriteFile(filepath.Join(state, "gen-notes.txt"), []byte("a user's note"), 0o644)
	if err := commitBook(out, "B", opts()); err != nil {
		t.Fatal(err)
	}
	sameBook(t, out, "B")
	if b, err := os.ReadFile(filepath.Join(victim, "keep.txt")); err != nil || string(b) != "mine" {
		t.Errorf("the link's target was touched: %q, %v", b, err)
	}
	for _, n := range []string{"gen-aaaaaaaaaaaa", newPtrPref + "gen-bbbbbbbbbbbb"} {
		if _, err := os.Lstat(filepath.Join(state, n)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("stale link %s left: %v", n, err)
		}
	}
	if _, err := os.Stat(filepath.Join(state, "gen-notes.txt")); err != nil {
		t.Errorf("a file of another name was removed: %v", err)
	}
}

// An OUTDIR under a file or through a loop of links is a slip in -o,
// said as ErrNotFolder (exit 2), not a failure.
func TestOutdirUnderFileOrLoop(t *testing.T) {
	root := t.TempDir()
	file := filepath.Join(root, "notes.txt")
	os.WriteFile(file, []byte("x"), 0o644)
	loop := filepath.Join(root, "loop")
	mustLink(t, "loop", loop)
	for _, out := range []string{filepath.Join(file, "sub"), loop, filepath.Join(loop, "sub")} {
		if _, err := Open(out, opts()); !errors.Is(err, ErrNotFolder) {
			t.Errorf("Open(%s): got %v, want ErrNotFolder", out, err)
		}
	}
}

func mustLink(t *testing.T, target, p string) {
	t.Helper()
	if err := os.Symlink(target, p); err != nil {
		t.Fatal(err)
	}
}

// -o naming a link that leads nowhere is a slip in -o (ErrNotFolder), not
// a failing disk, and the link stays as it was.
func TestOutdirDanglingLink(t *testing.T) {
	root := t.TempDir()
	out := filepath.Join(root, "out")
	if err := os.Symlink("nowhere", out); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, root)
	if _, err := Open(out, opts()); !errors.Is(err, ErrNotFolder) {
		t.Errorf("got %v, want ErrNotFolder", err)
	}
	if after := snapshot(t, root); after != before {
		t.Errorf("the refused Open changed the disk:\n%s", after)
	}
}

// A link a user made that looks like ours but points elsewhere is theirs.
func TestLookalikeLinkIsForeign(t *testing.T) {
	dir := t.TempDir()
	if err := os.Symlink("/etc/hostname", filepath.Join(dir, "book.pdf")); err != nil {
		t.Fatal(err)
	}
	if err := commitBook(dir, "A", Options{Names: names, AllowForeign: true}); !errors.Is(err, ErrForeign) {
		t.Errorf("got %v, want ErrForeign", err)
	}
	if target, _ := os.Readlink(filepath.Join(dir, "book.pdf")); target != "/etc/hostname" {
		t.Errorf("the user's link now points at %q", target)
	}
}

// The other way round: a folder whose book is held by links is not
// turned into one without links. A build told to commit without links
// there is refused before any work, naming the folder and what to do,
// and the book and the state folder stay exactly as they were; a build
// with links then replaces the book as before.
func TestLinkedFolderRefusesCommitWithoutLinks(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "out")
	if err := commitBook(dir, "A", opts()); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, root)
	_, err := Open(dir, noLinks)
	if err == nil || !strings.Contains(err.Error(), "holds a book committed with symbolic links") || !strings.Contains(err.Error(), "build into a new folder") {
		t.Fatalf("Open without links of a linked folder: %v; want the refusal naming a new folder", err)
	}
	for _, sentinel := range []error{ErrForeign, ErrTampered, ErrNotFolder, ErrBusy} {
		if errors.Is(err, sentinel) {
			t.Errorf("the refusal is %v: it is a failure (exit 1), the folder being sudokubook's", sentinel)
		}
	}
	if after := snapshot(t, root); after != before {
		t.Errorf("the refused Open changed the disk:\nbefore %s\nafter  %s", before, after)
	}
	sameBook(t, dir, "A")
	if err := commitBook(dir, "B", opts()); err != nil {
		t.Fatal(err)
	}
	sameBook(t, dir, "B")
	if fi, err := os.Lstat(filepath.Join(dir, "book.pdf")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("book.pdf after the next build: %v, %v; want a link as before", fi, err)
	}
}

// A linked book copied with its links followed (cp -rL, a copy onto a
// disk without links) is plain files no build recorded: refused as
// another's, nothing changed, the message naming such a copy, not only
// an earlier sudokubook.
func TestCopiedBookWithLinksFollowed(t *testing.T) {
	root := t.TempDir()
	orig := filepath.Join(root, "orig")
	if err := commitBook(orig, "A", opts()); err != nil {
		t.Fatal(err)
	}
	copied := filepath.Join(root, "copied")
	copyFollowing(t, orig, copied)
	before := snapshot(t, copied)
	for _, o := range []Options{opts(), noLinks} {
		err := commitBook(copied, "B", o)
		if !errors.Is(err, ErrForeign) || !strings.Contains(err.Error(), "a copy that turned a book's links into files") {
			t.Errorf("NoLinks %v: got %v, want ErrForeign naming a copy", o.NoLinks, err)
		}
	}
	if after := snapshot(t, copied); after != before {
		t.Errorf("the refused build changed the copy:\n%s", after)
	}
}

// copyFollowing copies the tree at src to dst as cp -rL does: each link
// is copied as what it leads to.
func copyFollowing(t *testing.T, src, dst string) {
	t.Helper()
	fi, err := os.Stat(src)
	if err != nil {
		t.Fatal(err)
	}
	if !fi.IsDir() {
		b, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, b, fi.Mode().Perm()); err != nil {
			t.Fatal(err)
		}
		return
	}
	if err := os.Mkdir(dst, 0o755); err != nil {
		t.Fatal(err)
	}
	ents, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		copyFollowing(t, filepath.Join(src, e.Name()), filepath.Join(dst, e.Name()))
	}
}
