// Package outdir commits a build's files into an output folder so that the
// folder shows either the whole previous book or the whole new one at every
// instant, and never touches a file the program did not write.
//
// # Layout
//
// Every file of a build lives in a generation folder under OUTDIR/.sudokubook.
// One symbolic link, .sudokubook/current, names the generation on show, and
// each top-level output name in OUTDIR (book.pdf, manifest.json, png, ...) is
// a fixed link through it:
//
//	OUTDIR/book.pdf      -> .sudokubook/current/book.pdf
//	OUTDIR/manifest.json -> .sudokubook/current/manifest.json
//	OUTDIR/.sudokubook/current -> gen-8d1f0c2a
//	OUTDIR/.sudokubook/gen-8d1f0c2a/{book.pdf,manifest.json,png/...}
//	OUTDIR/.sudokubook/lock
//
// Commit writes and fsyncs a new generation, adds the links it needs (a link
// to a name the old generation lacks dangles, so the old book still shows
// without it), then renames a new pointer over .sudokubook/current: one
// rename(2), atomic on every POSIX file system, switches every name at once.
// Links the new book does not use are removed after the switch (they dangle
// by then) and the old generation last. A kill, a failed call or a full disk
// at any step leaves the pointer on one complete generation; the next Open
// removes whatever the interrupted build left.
//
// Why not swap OUTDIR itself with renameat2(RENAME_EXCHANGE)? With `-o .`
// the user's shell would be left inside the old, deleted folder; the parent
// folder would have to be writable; and files of the user's own that share
// OUTDIR would have to be moved across, which is where data gets lost. The
// pointer needs only rename(2) and symlink(2), so it is also the same code
// on every Unix.
//
// # Without links
//
// A folder that cannot hold symbolic links (FAT, exFAT, some network
// shares, Windows without the privilege; Open finds out with a probe
// link, and Options.NoLinks forces it) takes a second commit, described
// in plainfiles.go: the book's files are plain files in OUTDIR, recorded
// in .sudokubook/book, and a commit renames each staged file over its
// place after writing the new record as a journal, .sudokubook/switch.
// It promises less, and Dir.Notes says so for the caller to print: every
// file is replaced atomically and a file of the user's is never touched,
// but between two renames the folder holds some old and some new files.
// A kill or a failure before the journal leaves the old book whole; one
// after it leaves the journal, and the next Open finishes the switch, so
// the folder shows the new book whole again. A folder keeps the commit
// its book was made with. On Windows os.Rename replaces a file
// (MoveFileEx with MOVEFILE_REPLACE_EXISTING) but fails while another
// program holds that file open, such as a PDF viewer showing book.pdf:
// the commit then stops part-way, and the next build, with the file
// closed, finishes it.
//
// # Ownership
//
// An entry of OUTDIR is the program's when it is .sudokubook or a link
// pointing exactly into .sudokubook/current under its own name. Open
// refuses (ErrForeign) a folder holding anything else unless told to allow
// it, and refuses, always, a foreign entry at a name the build may write.
// Nothing foreign is ever renamed, replaced or deleted.
//
// # Locking
//
// Open takes an exclusive, non-blocking lock on .sudokubook/lock (flock(2)
// on Unix, LockFileEx on Windows) and holds it until Close, so of two
// builds into one folder the second fails at once (ErrBusy) and the first
// commits whole. Both systems drop the lock when its holder dies. Other
// systems (Plan 9, WebAssembly) have no such lock, and Open refuses there.
// The lock file itself is never removed: removing a lock file lets a third
// process lock a different inode.
package outdir

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
)

const (
	stateDir   = ".sudokubook"
	currentPtr = "current"
	lockName   = "lock"
	genPrefix  = "gen-"
	newPtrPref = "current.new-"
	// genHex is how many hex digits follow genPrefix in a generation's
	// name: Stage draws 6 random bytes.
	genHex = 12
)

// ErrForeign is wrapped when OUTDIR holds something the program did not
// write; the caller reports it as an input error.
var ErrForeign = errors.New("the output folder holds files sudokubook did not write")

// ErrBusy is wrapped when another build holds OUTDIR's lock.
var ErrBusy = errors.New("another sudokubook build is writing to the output folder")

// ErrNotFolder is wrapped when OUTDIR names a file: a user who typed the
// PDF's name (-o book.pdf) for the folder the book goes into, a path under
// a file, or a loop of links.
var ErrNotFolder = errors.New("the output is a file, not a folder")

// ErrTampered is wrapped when OUTDIR's state folder holds something this
// package never writes where it expects its own entries: a pointer that
// leads out of .sudokubook, a lock or state folder that is a link. Such a
// folder may come from an unpacked archive or a shared disk; following it
// would let a build delete or create files outside OUTDIR, so it is refused
// and nothing is changed. The caller reports it as an input error.
var ErrTampered = errors.New("the output folder's .sudokubook state is not as sudokubook leaves it")

// ErrKilled is what an Options.Fault hook returns to model a process killed
// at that call.
var ErrKilled = errors.New("killed (test fault)")

// Options says what a build may do to OUTDIR.
type Options struct {
	// Names are every top-level name the build may write. A foreign entry
	// at one of them is refused even when AllowForeign is set.
	Names []string
	// AllowForeign lets the build share OUTDIR with other files, which it
	// leaves alone.
	AllowForeign bool
	// NoLinks makes Open take the commit without links, as when its probe
	// finds the folder cannot hold them: for tests of that commit on any
	// disk, and for a folder that will be copied to a disk without links.
	NoLinks bool
	// Fault, when set (by tests), is called before every file-system
	// call of a stage and a commit, with the call's name and path. An
	// error it returns is returned as that call's error; a test that
	// wants to model a kill returns ErrKilled, after which the Stage does
	// no further calls and leaves its mess for the next Open, as a killed
	// process would.
	Fault func(op, path string) error
}

// Dir is an output folder locked for one build.
type Dir struct {
	path     string
	state    string
	lock     *os.File
	created  bool // OUTDIR did not exist before Open
	linkFree bool // the commit without links (plainfiles.go)
	notes    []string
	fault    func(op, path string) error // Options.Fault

	// mu orders Stage against Close: Close may come from another
	// goroutine (a signal's clean-up) while the build is still running,
	// and no stage may be made after it, or be left by it.
	mu     sync.Mutex
	closed bool
	stages []*Stage
}

// LinkFree says whether the folder takes the commit without links.
func (d *Dir) LinkFree() bool { return d.linkFree }

// Notes are what the user should be told about this folder: which
// promise holds on its disk, and any interrupted switch Open finished.
// The caller prints them; this package does not.
func (d *Dir) Notes() []string { return d.notes }

// Open makes OUTDIR if need be, checks that everything in it is the
// program's (see Options), checks it is writable by taking the lock, and
// removes what killed builds left. Call it before any long work.
func Open(path string, opt Options) (*Dir, error) {
	d := &Dir{path: path, state: filepath.Join(path, stateDir), fault: opt.Fault}
	switch fi, err := os.Stat(path); {
	case errors.Is(err, fs.ErrNotExist):
		if err := os.MkdirAll(path, 0o755); err != nil {
			if badPath(err) || errors.Is(err, fs.ErrExist) {
				// A link that leads nowhere: Stat finds nothing, mkdir
				// finds the link.
				return nil, fmt.Errorf("cannot make the output folder %s: %w (a link that leads nowhere, or a part of the path is a file: %v); nothing was changed", path, ErrNotFolder, err)
			}
			return nil, fmt.Errorf("cannot make the output folder %s: %w", path, err)
		}
		d.created = true
	case badPath(err):
		return nil, fmt.Errorf("cannot use the output folder %s: %w (a part of the path is a file, or its links loop: %v); nothing was changed", path, ErrNotFolder, err)
	case err != nil:
		return nil, fmt.Errorf("cannot use the output folder %s: %w", path, err)
	case !fi.IsDir():
		return nil, fmt.Errorf("cannot make the output folder %s: %w (-o names the folder the book, its manifest and images go into); nothing was changed", path, ErrNotFolder)
	}
	if err := d.checkOwnership(opt); err != nil {
		return nil, err
	}
	if err := os.Mkdir(d.state, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
		d.dropIfCreated()
		return nil, fmt.Errorf("cannot write in the output folder %s: %w", path, err)
	}
	if err := d.checkState(); err != nil {
		return nil, err
	}
	lf, err := openLock(filepath.Join(d.state, lockName))
	if err != nil {
		d.dropIfCreated()
		if errors.Is(err, ErrTampered) {
			return nil, err
		}
		return nil, fmt.Errorf("cannot write in the output folder %s: %w", path, err)
	}
	if err := lockFile(lf); err != nil {
		lf.Close()
		if errors.Is(err, errWouldBlock) {
			return nil, fmt.Errorf("%w %s; nothing was changed (run again when it ends)", ErrBusy, path)
		}
		return nil, fmt.Errorf("cannot lock the output folder %s: %w", path, err)
	}
	d.lock = lf
	if err := d.chooseCommit(opt); err != nil {
		d.Close()
		return nil, err
	}
	if err := d.cleanStale(); err != nil {
		d.Close()
		return nil, err
	}
	return d, nil
}

// chooseCommit decides, under the lock, how this folder commits: a folder
// holding a book without links keeps that commit (and any switch a killed
// build left is finished now); otherwise a probe link says whether the
// disk can hold the links of the one-rename switch.
func (d *Dir) chooseCommit(opt Options) error {
	cur, err := d.current()
	if err != nil {
		return fmt.Errorf("%w: %v; nothing was changed", ErrTampered, err)
	}
	old, hasRec, err := d.readRecord(recordName)
	if err != nil {
		return err
	}
	jr, hasJr, err := d.readRecord(switchName)
	if err != nil {
		return err
	}
	if cur != "" && (hasRec || hasJr) {
		return fmt.Errorf("%w: %s holds both a linked book and a book without links; nothing was changed", ErrTampered, d.state)
	}
	links := !hasRec && !hasJr && !opt.NoLinks && d.probeLinks() == nil
	if cur != "" && !links {
		if err := d.probeLinks(); err != nil {
			return fmt.Errorf("cannot make symbolic links in the output folder %s, whose book is held by them: %w", d.path, err)
		}
		return fmt.Errorf("the output folder %s holds a book committed with symbolic links; a build without links cannot replace it (build into a new folder)", d.path)
	}
	if links {
		return nil
	}
	d.linkFree = true
	d.notes = append(d.notes, fmt.Sprintf("%s is written without symbolic links (the disk cannot hold them, or they were turned off), so each file is replaced on its own: a build stopped part-way can leave old and new files mixed, and the next build into it finishes the switch", d.path))
	if !hasJr {
		return nil
	}
	root, err := os.OpenRoot(d.path)
	if err != nil {
		return err
	}
	defer root.Close()
	if err := d.switchIn(root, jr, old, plainCall); err != nil {
		return fmt.Errorf("cannot finish switching in the book an interrupted build left in %s: %w", d.path, err)
	}
	d.notes = append(d.notes, fmt.Sprintf("finished switching in the book an interrupted build left half replaced in %s", d.path))
	return nil
}

// probeLinks makes and removes one link in .sudokubook: an error says the
// disk cannot hold the links of the one-rename switch.
func (d *Dir) probeLinks() error {
	probe := filepath.Join(d.state, newPtrPref+"probe")
	if fi, err := os.Lstat(probe); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		os.Remove(probe)
	}
	if err := os.Symlink(genPrefix+"probe", probe); err != nil {
		return err
	}
	return os.Remove(probe)
}

// committed says whether the folder holds a committed book (or one being
// switched in).
func (d *Dir) committed() bool {
	for _, n := range []string{currentPtr, recordName, switchName} {
		if _, err := os.Lstat(filepath.Join(d.state, n)); !errors.Is(err, fs.ErrNotExist) {
			return true
		}
	}
	return false
}

// Close releases the lock. After a failed first build it also removes
// the folders Open made, so a refused or interrupted first build leaves no
// empty OUTDIR behind.
//
// Close drops every stage not on show first, so it is the one clean-up a
// build needs, and it is safe to call from another goroutine while the
// build still writes: what the build writes after it fails.
func (d *Dir) Close() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.lock == nil || d.closed {
		return nil
	}
	d.closed = true
	for _, s := range d.stages {
		s.Abort()
	}
	if d.created && !d.committed() {
		// Nothing committed: the lock file is the only thing left of ours.
		os.Remove(filepath.Join(d.state, lockName))
		os.Remove(d.state)
		os.Remove(d.path)
	}
	err := d.lock.Close() // closing drops the lock
	d.lock = nil
	return err
}

// checkState refuses a state folder that is not the one this package
// leaves (see ErrTampered): .sudokubook and its lock must be what they
// seem, not links, and the pointer must name one generation inside it.
// It runs before the lock is taken and before anything is removed.
func (d *Dir) checkState() error {
	refuse := func(what string) error {
		return fmt.Errorf("%w: %s; nothing was changed (remove %s by hand if you trust it, or choose a new folder)", ErrTampered, what, d.state)
	}
	fi, err := os.Lstat(d.state)
	if err != nil {
		return fmt.Errorf("cannot use the output folder %s: %w", d.path, err)
	}
	if !fi.IsDir() {
		return refuse(d.state + " is a link or a file, not the folder sudokubook makes")
	}
	lock := filepath.Join(d.state, lockName)
	if fi, err := os.Lstat(lock); err == nil && !fi.Mode().IsRegular() {
		return refuse(lock + " is not a plain file")
	}
	if _, err := d.current(); err != nil {
		return refuse(err.Error())
	}
	return nil
}

// current reads the pointer: "" when there is none yet, else the one
// generation it names, checked to be a real folder inside .sudokubook
// under a name Stage makes. A pointer that is not a link, or names
// anything else (gen-x/../../victim), is an error.
func (d *Dir) current() (string, error) {
	p := filepath.Join(d.state, currentPtr)
	fi, err := os.Lstat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	if fi.Mode()&fs.ModeSymlink == 0 {
		return "", fmt.Errorf("%s is not a link", p)
	}
	target, err := os.Readlink(p)
	if err != nil {
		return "", err
	}
	if !isGenName(target) {
		return "", fmt.Errorf("%s points to %q, not to a generation folder beside it", p, target)
	}
	if gi, err := os.Lstat(filepath.Join(d.state, target)); err != nil || !gi.IsDir() {
		return "", fmt.Errorf("%s points to %q, which is not a folder inside %s", p, target, d.state)
	}
	return target, nil
}

// isGenName says whether name is one generation folder's name as Stage
// makes it: gen- and 12 lower-case hex digits, no separator, no dots.
func isGenName(name string) bool {
	hexPart, ok := strings.CutPrefix(name, genPrefix)
	if !ok || len(hexPart) != genHex {
		return false
	}
	for _, c := range hexPart {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// isNewPtrName says whether name is a half-made pointer as Commit makes
// it: current.new- and a generation's name.
func isNewPtrName(name string) bool {
	g, ok := strings.CutPrefix(name, newPtrPref)
	return ok && isGenName(g)
}

func (d *Dir) dropIfCreated() {
	if d.created {
		os.Remove(d.path)
	}
}

// isOurLink says whether the entry name of OUTDIR is a link this package
// made: it points exactly to .sudokubook/current/name.
func (d *Dir) isOurLink(name string) bool {
	target, err := os.Readlink(filepath.Join(d.path, name))
	return err == nil && target == linkTarget(name)
}

func linkTarget(name string) string { return stateDir + "/" + currentPtr + "/" + name }

// checkOwnership refuses a folder holding entries that are not the
// program's (see the package doc).
func (d *Dir) checkOwnership(opt Options) error {
	ents, err := os.ReadDir(d.path)
	if err != nil {
		return fmt.Errorf("cannot read the output folder %s: %w", d.path, err)
	}
	reserved := map[string]bool{}
	for _, n := range opt.Names {
		reserved[n] = true
	}
	ours, err := d.plainTops()
	if err != nil {
		return err
	}
	var foreign, clash []string
	legacy := false
	for _, e := range ents {
		n := e.Name()
		switch {
		case n == stateDir && e.IsDir():
			continue
		case ours[n] && (e.IsDir() || e.Type().IsRegular()):
			continue // a file or folder a book without links recorded
		case n == stateDir:
			return fmt.Errorf("%w: %s is a link or a file, not the folder sudokubook makes; nothing was changed (remove it by hand if you trust it, or choose a new folder)", ErrTampered, filepath.Join(d.path, n))
		case e.Type()&fs.ModeSymlink != 0 && d.isOurLink(n):
			continue
		}
		if n == "manifest.json" && e.Type().IsRegular() {
			legacy = true
		}
		foreign = append(foreign, n)
		if reserved[n] {
			clash = append(clash, n)
		}
	}
	list := func(names []string) string {
		sort.Strings(names)
		if len(names) > 5 {
			names = append(names[:5], fmt.Sprintf("and %d more", len(names)-5))
		}
		return strings.Join(names, ", ")
	}
	switch {
	case legacy && len(clash) > 0:
		return fmt.Errorf("%w: %s holds a book as plain files that no build into it recorded (%s): one written by an earlier sudokubook, or a copy that turned a book's links into files; move it away or choose a new folder, nothing was changed", ErrForeign, d.path, list(clash))
	case len(clash) > 0:
		return fmt.Errorf("%w: %s already holds %s, which a build would replace; nothing was changed (move them, or choose an empty or new folder)", ErrForeign, d.path, list(clash))
	case len(foreign) > 0 && !opt.AllowForeign:
		return fmt.Errorf("%w: %s holds %s; nothing was changed (choose an empty or new folder, or pass --allow-other-files to build beside them)", ErrForeign, d.path, list(foreign))
	}
	return nil
}

// cleanStale removes what killed builds left: generations the pointer does
// not name, half-made pointers and links that dangle. It runs under the
// lock, so no live build owns any of them, and it removes only entries
// under the exact names and of the exact types this package makes: a
// generation is a real folder (a link of that name is unlinked, never
// followed), a half-made pointer a link; anything else is left alone.
func (d *Dir) cleanStale() error {
	cur, err := d.current()
	if err != nil {
		return fmt.Errorf("%w: %v; nothing was changed", ErrTampered, err)
	}
	ents, err := os.ReadDir(d.state)
	if err != nil {
		return fmt.Errorf("cannot read %s: %w", d.state, err)
	}
	for _, e := range ents {
		n := e.Name()
		p := filepath.Join(d.state, n)
		var rm func(string) error
		switch {
		case isGenName(n) && n != cur && e.IsDir():
			rm = os.RemoveAll // removes links inside, never their targets
		case isGenName(n) && n != cur && e.Type()&fs.ModeSymlink != 0,
			isNewPtrName(n) && e.Type()&fs.ModeSymlink != 0,
			isSwitchTmpName(n) && e.Type().IsRegular():
			rm = os.Remove
		default:
			continue
		}
		if err := rm(p); err != nil {
			return fmt.Errorf("cannot remove the unfinished build %s: %w", p, err)
		}
	}
	top, err := os.ReadDir(d.path)
	if err != nil {
		return err
	}
	for _, e := range top {
		n := e.Name()
		p := filepath.Join(d.path, n)
		if e.Type()&fs.ModeSymlink != 0 && d.isOurLink(n) {
			if _, err := os.Stat(p); errors.Is(err, fs.ErrNotExist) {
				os.Remove(p) // dangles: the book on show has no such file
			}
		}
	}
	return nil
}

// Stage is one generation being written. Its files are invisible until
// Commit.
type Stage struct {
	d        *Dir
	gen      string // gen-XXXX
	dir      string // its path
	dirs     map[string]bool
	killed   bool
	switched bool // the pointer names this generation: never remove it

	// mu makes Commit and Abort one after the other, never interleaved:
	// an Abort from a signal's clean-up waits for a Commit under way (and
	// then finds the book on show), or stops one from starting.
	mu      sync.Mutex
	aborted atomic.Bool // every file-system call fails from now on
	kept    bool        // moved aside by Reject: never remove it
}

// errAborted is what a stage's calls return once Abort has dropped it.
var errAborted = errors.New("the build was stopped")

// Stage starts a new generation.
func (d *Dir) Stage() (*Stage, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		return nil, fmt.Errorf("cannot write in the output folder %s: %w", d.path, errAborted)
	}
	var b [6]byte
	rand.Read(b[:])
	s := &Stage{d: d, gen: genPrefix + hex.EncodeToString(b[:]), dirs: map[string]bool{}}
	s.dir = filepath.Join(d.state, s.gen)
	if err := s.call("mkdir", s.dir, func() error { return os.Mkdir(s.dir, 0o755) }); err != nil {
		return nil, fmt.Errorf("cannot write in the output folder %s: %w", d.path, err)
	}
	s.dirs["."] = true
	d.stages = append(d.stages, s)
	return s, nil
}

// call runs one file-system call through the Options.Fault hook.
func (s *Stage) call(op, path string, f func() error) error {
	if s.killed {
		return ErrKilled
	}
	if s.aborted.Load() {
		return errAborted
	}
	if fault := s.d.fault; fault != nil {
		if err := fault(op, path); err != nil {
			if errors.Is(err, ErrKilled) {
				s.killed = true
			}
			return err
		}
	}
	return f()
}

// Write stages one whole file, rel being slash-separated and relative to
// OUTDIR. The file is synced before Write returns. Write is safe for
// concurrent use on distinct files.
func (s *Stage) Write(rel string, data []byte) error {
	return s.WriteFrom(rel, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteFrom stages one file whose bytes fill writes, for a file too big to
// hold in memory (a book's PDF is written a page at a time). The file is
// synced before WriteFrom returns; an error from fill is returned and the
// part written stays inside the stage, which Abort removes. Like Write,
// it is safe for concurrent use on distinct files.
func (s *Stage) WriteFrom(rel string, fill func(io.Writer) error) error {
	p, err := s.path(rel)
	if err != nil {
		return err
	}
	if err := s.mkdirs(filepath.Dir(filepath.FromSlash(rel))); err != nil {
		return err
	}
	if err := s.call("write", p, func() error { return writeSynced(p, fill) }); err != nil {
		return fmt.Errorf("writing %s: %w", rel, err)
	}
	return nil
}

// Open opens a file staged by Write or WriteFrom for reading, so a check
// can read back what is about to be committed.
func (s *Stage) Open(rel string) (*os.File, error) {
	p, err := s.path(rel)
	if err != nil {
		return nil, err
	}
	return os.Open(p)
}

// path is where the staged file rel lives.
func (s *Stage) path(rel string) (string, error) {
	if !fs.ValidPath(rel) || rel == "." || strings.HasPrefix(rel, stateDir) {
		return "", fmt.Errorf("outdir: bad file name %q", rel)
	}
	return filepath.Join(s.dir, filepath.FromSlash(rel)), nil
}

// mkdirs makes the folders of rel inside the stage. Concurrent writers may
// race to make one folder; an existing one is fine.
func (s *Stage) mkdirs(rel string) error {
	if rel == "." {
		return nil
	}
	if err := s.mkdirs(filepath.Dir(rel)); err != nil {
		return err
	}
	p := filepath.Join(s.dir, rel)
	err := s.call("mkdir", p, func() error { return os.Mkdir(p, 0o755) })
	if err != nil && !errors.Is(err, fs.ErrExist) {
		return err
	}
	return nil
}

func writeSynced(p string, fill func(io.Writer) error) error {
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	err = fill(f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// syncDir makes a folder's entries durable: a file's own fsync does not
// cover its name.
func syncDir(p string) error { return syncOpened(os.Open(p)) }

// syncOpened syncs and closes a folder just opened. Where folders cannot
// be synced (see dirSync), it only closes.
func syncOpened(f *os.File, err error) error {
	if err != nil {
		return err
	}
	if dirSync {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// Abort drops the stage unless it is on show. After a modelled kill it
// does nothing, as a dead process would not.
//
// Writers may still be at work on other goroutines: once Abort has begun,
// their calls fail, and the removal is tried again for a file one of them
// made as the folder was emptied.
func (s *Stage) Abort() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.killed || s.switched || s.kept {
		return
	}
	s.aborted.Store(true)
	for try := 0; try < 5; try++ {
		if os.RemoveAll(s.dir) == nil {
			return
		}
	}
}

// RejectedName is the folder, inside OUTDIR/.sudokubook, where Reject
// keeps a book that is not to be shown.
const RejectedName = "rejected"

// Reject keeps the staged generation aside, as .sudokubook/rejected,
// instead of showing it: the previous book stays on show, untouched, and
// the rejected one can still be read. A previous rejected book is
// replaced; .sudokubook is the program's own, and whatever sits at that
// name (a link included) is removed as an entry, never followed. It
// returns the folder's path.
func (s *Stage) Reject() (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.aborted.Load() {
		return "", errAborted
	}
	p := filepath.Join(s.d.state, RejectedName)
	if err := s.call("removeall", p, func() error { return os.RemoveAll(p) }); err != nil {
		return "", fmt.Errorf("cannot replace the rejected book %s: %w", p, err)
	}
	if err := s.call("rename", s.dir, func() error { return os.Rename(s.dir, p) }); err != nil {
		return "", fmt.Errorf("cannot keep the rejected book in %s: %w", p, err)
	}
	s.kept = true
	return p, nil
}

// Commit shows the staged generation in place of the previous one (see the
// package doc for the steps and why each instant holds one whole book). On
// an error before the switch the previous book is untouched; after the
// switch the new book is on show and an error is only about tidying up.
func (s *Stage) Commit() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.aborted.Load() {
		return errAborted
	}
	d := s.d
	// Every folder of the generation, deepest first, then its parent.
	var dirs []string
	err := filepath.WalkDir(s.dir, func(p string, e fs.DirEntry, err error) error {
		if err == nil && e.IsDir() {
			dirs = append(dirs, p)
		}
		return err
	})
	if err != nil {
		return err
	}
	sort.Sort(sort.Reverse(sort.StringSlice(dirs)))
	for _, p := range append(dirs, d.state) {
		if err := s.call("fsync", p, func() error { return syncDir(p) }); err != nil {
			return fmt.Errorf("syncing %s: %w", p, err)
		}
	}
	if d.linkFree {
		return s.commitFiles()
	}
	ents, err := os.ReadDir(s.dir)
	if err != nil {
		return err
	}
	names := map[string]bool{}
	for _, e := range ents {
		n := e.Name()
		names[n] = true
		p := filepath.Join(d.path, n)
		if d.isOurLink(n) {
			continue
		}
		// symlink(2) never replaces: a file that appeared since Open is
		// refused, not overwritten.
		err := s.call("symlink", p, func() error { return os.Symlink(linkTarget(n), p) })
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("%s appeared in the output folder during the build and is not sudokubook's; the previous book is unchanged", p)
		}
		if err != nil {
			return fmt.Errorf("cannot link %s: %w", p, err)
		}
	}
	if err := s.call("fsync", d.path, func() error { return syncDir(d.path) }); err != nil {
		return fmt.Errorf("syncing %s: %w", d.path, err)
	}

	// The switch.
	cur := filepath.Join(d.state, currentPtr)
	old, err := d.current()
	if err != nil {
		return fmt.Errorf("%w: %v; the previous book is unchanged", ErrTampered, err)
	}
	tmp := filepath.Join(d.state, newPtrPref+s.gen)
	if err := s.call("symlink", tmp, func() error { return os.Symlink(s.gen, tmp) }); err != nil {
		return fmt.Errorf("cannot write in the output folder %s: %w", d.path, err)
	}
	if err := s.call("rename", cur, func() error { return os.Rename(tmp, cur) }); err != nil {
		if !s.killed {
			os.Remove(tmp)
		}
		return fmt.Errorf("cannot switch the output folder %s to the new book: %w", d.path, err)
	}
	s.switched = true
	if err := s.call("fsync", d.state, func() error { return syncDir(d.state) }); err != nil {
		// The rename is done and visible; only its durability across a
		// power cut is in doubt. Say so rather than claim failure.
		return fmt.Errorf("the new book is in place, but syncing %s failed: %w", d.state, err)
	}

	// Tidy: links the new book does not use dangle now; the old
	// generation is unreferenced.
	top, err := os.ReadDir(d.path)
	if err != nil {
		return err
	}
	for _, e := range top {
		n := e.Name()
		if !names[n] && e.Type()&fs.ModeSymlink != 0 && d.isOurLink(n) {
			p := filepath.Join(d.path, n)
			if err := s.call("unlink", p, func() error { return os.Remove(p) }); err != nil {
				return fmt.Errorf("the new book is in place, but removing the old %s failed: %w", p, err)
			}
		}
	}
	if old != "" && old != s.gen {
		p := filepath.Join(d.state, old)
		if err := s.call("removeall", p, func() error { return os.RemoveAll(p) }); err != nil {
			return fmt.Errorf("the new book is in place, but removing the old one failed: %w", err)
		}
	}
	return nil
}
