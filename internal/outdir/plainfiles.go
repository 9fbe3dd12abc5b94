package outdir

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// The commit without links, for a folder that cannot hold them (FAT,
// exFAT, some network shares, Windows without the privilege). The files
// of the book on show are real files at their places in OUTDIR, and
// .sudokubook/book records which ones are the program's. A commit stages
// a generation as the linked commit does, then:
//
//  1. checks that every place it will fill is empty or holds a file the
//     record names, in folders that are real folders of the program's;
//  2. writes the new book's record as a journal, .sudokubook/switch
//     (written aside, synced, renamed in): from here the switch is due;
//  3. renames each staged file over its place (a folder the top lacks
//     moves whole, one rename);
//  4. removes the old book's files the new one lacks;
//  5. renames the journal over the record, and removes the generation.
//
// Each rename replaces one file atomically, but between renames the
// folder holds some old and some new files. A kill there leaves the
// journal; the next Open finishes steps 3 to 5 from it (they only move
// what is still in the generation), so the folder ends whole again.

const (
	recordName = "book"        // the record of the book on show
	switchName = "switch"      // the record of a book being switched in
	switchTmp  = "switch.new-" // and a generation's name: a journal being written
	recordHead = "sudokubook book without links v1"
)

// record lists one book's files: its generation's name and every file,
// slash-separated and relative to OUTDIR, sorted.
type record struct {
	gen   string
	files []string
}

func (r record) encode() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s\n%s\n", recordHead, r.gen)
	for _, f := range r.files {
		fmt.Fprintf(&b, "%s\n", f)
	}
	return b.Bytes()
}

// tops is the set of top-level names the record's files live under.
func (r record) tops() map[string]bool {
	t := map[string]bool{}
	for _, f := range r.files {
		top, _, _ := strings.Cut(f, "/")
		t[top] = true
	}
	return t
}

// parseRecord reads a record found on disk, trusting none of it: every
// name must be one a Stage can write.
func parseRecord(b []byte) (record, error) {
	sc := bufio.NewScanner(bytes.NewReader(b))
	var lines []string
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if len(lines) < 2 || lines[0] != recordHead || !isGenName(lines[1]) {
		return record{}, errors.New("its header is not one sudokubook writes")
	}
	r := record{gen: lines[1], files: lines[2:]}
	for i, f := range r.files {
		if !validRel(f) || i > 0 && f <= r.files[i-1] {
			return record{}, fmt.Errorf("it names %q, not a file of a book", f)
		}
	}
	// The scanner stops quietly at a line longer than its buffer and
	// takes CRLF for LF: only the bytes encode writes are a record.
	if sc.Err() != nil || !bytes.Equal(r.encode(), b) {
		return record{}, errors.New("it is not laid out as sudokubook writes it")
	}
	return r, nil
}

// isSwitchTmpName says whether n is a journal being written.
func isSwitchTmpName(n string) bool {
	g, ok := strings.CutPrefix(n, switchTmp)
	return ok && isGenName(g)
}

// validRel says whether rel is a name a Stage accepts.
func validRel(rel string) bool {
	top, _, _ := strings.Cut(rel, "/")
	return fs.ValidPath(rel) && rel != "." && top != stateDir && !strings.ContainsAny(rel, "\\\x00\r\n")
}

// readRecord reads .sudokubook/name; ok is false when there is none. One
// that is not a regular file or not as this package writes it is
// ErrTampered.
func (d *Dir) readRecord(name string) (r record, ok bool, err error) {
	p := filepath.Join(d.state, name)
	fi, err := os.Lstat(p)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return record{}, false, nil
	case err != nil:
		return record{}, false, err
	case !fi.Mode().IsRegular():
		return record{}, false, fmt.Errorf("%w: %s is not a plain file; nothing was changed", ErrTampered, p)
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return record{}, false, err
	}
	if r, err = parseRecord(b); err != nil {
		return record{}, false, fmt.Errorf("%w: %s: %v; nothing was changed", ErrTampered, p, err)
	}
	return r, true, nil
}

// plainTops is the set of OUTDIR's top-level names that the records of a
// book without links say are the program's.
func (d *Dir) plainTops() (map[string]bool, error) {
	tops := map[string]bool{}
	if fi, err := os.Lstat(d.state); err != nil || !fi.IsDir() {
		return tops, nil // checkOwnership and checkState refuse what is odd
	}
	for _, n := range []string{recordName, switchName} {
		r, _, err := d.readRecord(n)
		if err != nil {
			return nil, err
		}
		for t := range r.tops() {
			tops[t] = true
		}
	}
	return tops, nil
}

// stagedFiles lists the regular files of a generation, slash-separated
// and sorted.
func stagedFiles(dir string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err == nil && e.Type().IsRegular() {
			rel, _ := filepath.Rel(dir, p)
			files = append(files, filepath.ToSlash(rel))
		}
		return err
	})
	sort.Strings(files)
	return files, err
}

// folderOfOurs checks that every folder above rel in OUTDIR is a real
// folder (not a link) or absent; it says whether all are present.
func folderOfOurs(root *os.Root, rel string) (bool, error) {
	dir := path.Dir(rel)
	if dir == "." {
		return true, nil
	}
	parts := strings.Split(dir, "/")
	for i := range parts {
		p := strings.Join(parts[:i+1], "/")
		fi, err := root.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return false, nil
		}
		if err != nil {
			return false, err
		}
		if !fi.IsDir() {
			return false, fmt.Errorf("%s is not a folder sudokubook made", p)
		}
	}
	return true, nil
}

// checkPlaces refuses, before the switch, a place of the new book that
// holds anything the old record does not name.
func (d *Dir) checkPlaces(root *os.Root, files []string, old record) error {
	ours := map[string]bool{}
	for _, f := range old.files {
		ours[f] = true
	}
	oldTops := old.tops()
	for _, rel := range files {
		top, _, _ := strings.Cut(rel, "/")
		fi, err := root.Lstat(top)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err == nil && !oldTops[top] {
			err = errors.New("it is not sudokubook's")
		}
		if err == nil {
			var whole bool
			if whole, err = folderOfOurs(root, rel); err == nil && whole {
				fi, err = root.Lstat(rel)
				switch {
				case errors.Is(err, fs.ErrNotExist):
					err = nil
				case err == nil && (!fi.Mode().IsRegular() || !ours[rel]):
					err = errors.New("it is not sudokubook's")
				}
			}
		}
		if err != nil {
			return fmt.Errorf("%s in the output folder %s appeared during the build or changed (%v); the previous book is unchanged", rel, d.path, err)
		}
	}
	return nil
}

// commitFiles is Commit for a folder without links (see above).
func (s *Stage) commitFiles() error {
	d := s.d
	files, err := stagedFiles(s.dir)
	if err != nil {
		return err
	}
	old, _, err := d.readRecord(recordName)
	if err != nil {
		return err
	}
	root, err := os.OpenRoot(d.path)
	if err != nil {
		return err
	}
	defer root.Close()
	if err := d.checkPlaces(root, files, old); err != nil {
		return err
	}
	rec := record{gen: s.gen, files: files}
	tmp := filepath.Join(d.state, switchTmp+s.gen)
	write := func() error {
		return writeSynced(tmp, func(w io.Writer) error { _, err := w.Write(rec.encode()); return err })
	}
	if err := s.call("write", tmp, write); err != nil {
		if !s.killed {
			os.Remove(tmp)
		}
		return fmt.Errorf("cannot write in the output folder %s: %w; the previous book is unchanged", d.path, err)
	}
	jr := filepath.Join(d.state, switchName)
	if err := s.call("rename", jr, func() error { return os.Rename(tmp, jr) }); err != nil {
		if !s.killed {
			os.Remove(tmp)
		}
		return fmt.Errorf("cannot switch the output folder %s to the new book: %w; the previous book is unchanged", d.path, err)
	}
	s.switched = true
	err = s.call("fsync", d.state, func() error { return syncDir(d.state) })
	if err == nil {
		err = d.switchIn(root, rec, old, s.call)
	}
	if err != nil {
		return fmt.Errorf("the output folder %s may hold part of the new book and part of the old one until the next build into it, which finishes the switch: %w", d.path, err)
	}
	return nil
}

// caller runs one file-system call: a Stage's call through the
// Options.Fault hook, or plainCall when Open finishes a switch.
type caller func(op, path string, f func() error) error

func plainCall(_, _ string, f func() error) error { return f() }

// switchIn finishes switching rec in over old: steps 3 to 5 above. It
// moves only what is still in the generation, so it can run again after
// a kill part-way.
func (d *Dir) switchIn(root *os.Root, rec, old record, call caller) error {
	gen := stateDir + "/" + rec.gen
	if fi, err := root.Lstat(gen); err == nil && !fi.IsDir() {
		return fmt.Errorf("%w: %s is not a folder sudokubook made", ErrTampered, gen)
	}
	touched := map[string]bool{".": true}
	movedWhole := map[string]bool{}
	for _, rel := range rec.files {
		top, _, _ := strings.Cut(rel, "/")
		if movedWhole[top] {
			continue
		}
		src := gen + "/" + rel
		if _, err := root.Lstat(src); errors.Is(err, fs.ErrNotExist) {
			continue // moved by an earlier, interrupted run
		} else if err != nil {
			return err
		}
		if top != rel {
			if _, err := root.Lstat(top); errors.Is(err, fs.ErrNotExist) {
				// A folder the top lacks moves whole: one rename.
				if err := call("rename", top, func() error { return root.Rename(gen+"/"+top, top) }); err != nil {
					return err
				}
				movedWhole[top] = true
				continue
			}
			if err := mkParents(root, rel, call, touched); err != nil {
				return err
			}
		}
		if err := call("rename", rel, func() error { return root.Rename(src, rel) }); err != nil {
			return err
		}
		touched[path.Dir(rel)] = true
	}
	if err := syncFolders(root, touched, call); err != nil {
		return err
	}

	// The old book's files the new one lacks, then their folders if
	// nothing of the user's is left in them.
	keep := map[string]bool{}
	for _, f := range rec.files {
		for p := f; p != "."; p = path.Dir(p) {
			keep[p] = true
		}
	}
	var dirs []string
	for _, rel := range old.files {
		if keep[rel] {
			continue
		}
		if whole, err := folderOfOurs(root, rel); err != nil || !whole {
			continue
		}
		// Its folders go too, even when an interrupted run removed the
		// file already.
		for p := path.Dir(rel); p != "." && !keep[p]; p = path.Dir(p) {
			dirs = append(dirs, p)
		}
		if fi, err := root.Lstat(rel); err != nil || !fi.Mode().IsRegular() {
			continue
		}
		if err := call("unlink", rel, func() error { return root.Remove(rel) }); err != nil {
			return err
		}
	}
	sort.Sort(sort.Reverse(sort.StringSlice(dirs)))
	for i, p := range dirs {
		if i > 0 && p == dirs[i-1] {
			continue
		}
		if fi, err := root.Lstat(p); err != nil || !fi.IsDir() || !emptyFolder(root, p) {
			continue // a folder still holding a file of the user's stays
		}
		if err := call("unlink", p, func() error { return root.Remove(p) }); err != nil {
			return err
		}
	}

	jr, rp := filepath.Join(d.state, switchName), filepath.Join(d.state, recordName)
	if err := call("rename", rp, func() error { return os.Rename(jr, rp) }); err != nil {
		return err
	}
	if err := call("fsync", d.state, func() error { return syncDir(d.state) }); err != nil {
		return err
	}
	g := filepath.Join(d.state, rec.gen)
	return call("removeall", g, func() error { return os.RemoveAll(g) })
}

func emptyFolder(root *os.Root, p string) bool {
	f, err := root.Open(p)
	if err != nil {
		return false
	}
	defer f.Close()
	_, err = f.ReadDir(1)
	return err == io.EOF
}

// mkParents makes the folders above rel in OUTDIR that are missing;
// one there that is not a real folder is refused.
func mkParents(root *os.Root, rel string, call caller, touched map[string]bool) error {
	dir := path.Dir(rel)
	parts := strings.Split(dir, "/")
	for i := range parts {
		p := strings.Join(parts[:i+1], "/")
		fi, err := root.Lstat(p)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			if err := call("mkdir", p, func() error { return root.Mkdir(p, 0o755) }); err != nil {
				return err
			}
			touched[path.Dir(p)] = true
		case err != nil:
			return err
		case !fi.IsDir():
			return fmt.Errorf("%s is not a folder sudokubook made", p)
		}
	}
	return nil
}

// syncFolders makes the entries of the folders a switch changed durable.
func syncFolders(root *os.Root, dirs map[string]bool, call caller) error {
	names := make([]string, 0, len(dirs))
	for p := range dirs {
		names = append(names, p)
	}
	sort.Sort(sort.Reverse(sort.StringSlice(names)))
	for _, p := range names {
		if err := call("fsync", p, func() error { return syncOpened(root.Open(p)) }); err != nil {
			return err
		}
	}
	return nil
}

// IsBook reports whether the folder at path is a book's output folder:
// one that a build manages, where a file of anyone else's would sit
// among the book's own.
func IsBook(path string) bool {
	fi, err := os.Lstat(filepath.Join(path, stateDir))
	return err == nil && fi.IsDir()
}

// Switching reports whether the folder at path has a link-free switch
// due: a commit that was interrupted after it became due, which the next
// Open finishes. Until then the folder's files may still be the old
// book's though the new one is committed.
func Switching(path string) bool {
	_, err := os.Lstat(filepath.Join(path, stateDir, switchName))
	return err == nil
}

// Busy reports whether a build holds the lock of the output folder path
// now: a live build, whose folder need not hold its book yet, so what the
// folder shows says nothing of how that build ends. It makes nothing: a
// folder without a lock file has no build. What it cannot read it takes as
// busy, the side on which nothing is decided. To ask, it takes the lock for
// an instant, so a build opening the folder in that instant is told the
// folder is busy and can run again.
func Busy(path string) bool {
	p := filepath.Join(path, stateDir, lockName)
	before, err := os.Lstat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return false
	}
	if err != nil || !before.Mode().IsRegular() {
		return true
	}
	f, err := os.Open(p)
	if err != nil {
		return !errors.Is(err, fs.ErrNotExist)
	}
	defer f.Close() // closing drops the lock, if it was taken
	if fi, err := f.Stat(); err != nil || !os.SameFile(before, fi) {
		return true
	}
	return lockFile(f) != nil
}
