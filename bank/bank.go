// Package bank keeps puzzles made ahead of time, and the books they were
// printed in, in one SQLite file.
//
// A bank holds each puzzle once, by its canonical key (engine.KeyOf), so
// a rotated or relabelled copy is the same puzzle; with its variant, size,
// grading (level, score, SE rating, hardest technique), clue count and
// origin (the generator's seed, or the file it was imported from). A
// printing records that a puzzle went into a book: title, volume, puzzle
// number and page. A puzzle with no printing is unused.
//
// Several processes may use one bank at once (builds and a fill): the file
// is in WAL mode, every change is one IMMEDIATE transaction, and a busy
// timeout makes writers queue instead of failing. A build claims the unused
// puzzles it takes (and the keys it generated) in one transaction before its
// files are written, so two builds never take the same puzzle, and turns the
// claims into printings just before it commits its files, so that no
// committed book is unknown to the bank (Unrecord takes them back if the
// commit fails with the old book in place). A build that dies before that
// leaves only claims, which lapse after ClaimLease; one that dies between
// the record and the commit leaves its printings pending (pending.go),
// which the next build settles from what the output folder holds.
// RecordBook records a committed book from its manifest, as often as
// asked.
//
// The file is checked before anything is read from or written to it: a
// file that is not a sudokubook bank (another SQLite database, anything
// else) gives an error wrapping ErrNotBank, and one whose pages SQLite's
// quick_check finds damaged an error wrapping ErrDamaged too; either is
// left exactly as it was. Readers (OpenReadOnly) write nothing at all.
package bank

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"time"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver, registered as "sqlite"
)

// ErrNotBank is wrapped by the error for a file that exists but is not a
// sudokubook bank, or is damaged.
var ErrNotBank = errors.New("not a sudokubook bank")

// ErrNoBank is wrapped by OpenExisting's and Check's error for a path where
// no file is: a mistyped name must not become a new, empty bank.
var ErrNoBank = errors.New("no bank")

// applicationID marks a SQLite file as a bank ("SDKB"), so another
// program's database is refused before any write.
const applicationID = 0x53444b42

// schemaVersion is the bank's user_version; a newer one is refused.
const schemaVersion = 1

// busyTimeout is how long a writer waits for another before failing. A
// fill commits a batch in milliseconds, so waits are short in practice.
const busyTimeout = 30 * time.Second

// ClaimLease is how long a build's claim on puzzles holds before another
// build may take them: longer than any build, so only the claims of a build
// that was killed lapse.
const ClaimLease = 2 * time.Hour

const schema = `
CREATE TABLE puzzles (
	id       INTEGER PRIMARY KEY,
	key      TEXT    NOT NULL,          -- canonical form, 81 characters
	variant  TEXT    NOT NULL,          -- classic
	size     INTEGER NOT NULL,          -- 9
	grid     TEXT    NOT NULL,          -- the puzzle as made or imported
	solution TEXT    NOT NULL,
	level    TEXT    NOT NULL,
	score    INTEGER NOT NULL,
	rating   REAL,                      -- SE-scale rating, NULL if unrated
	hardest  TEXT    NOT NULL,
	clues    INTEGER NOT NULL,
	origin   TEXT    NOT NULL,          -- "generate seed=S batch=B" or "import FILE:LINE"
	UNIQUE (variant, size, key)
);
CREATE INDEX puzzles_level ON puzzles (variant, size, level, id);
CREATE TABLE printings (
	id      INTEGER PRIMARY KEY,
	puzzle  INTEGER NOT NULL REFERENCES puzzles (id),
	book    TEXT    NOT NULL,
	volume  TEXT    NOT NULL,
	number  INTEGER NOT NULL,
	page    INTEGER NOT NULL
);
CREATE INDEX printings_puzzle ON printings (puzzle);
CREATE TABLE claims (
	puzzle  INTEGER NOT NULL REFERENCES puzzles (id),
	token   TEXT    NOT NULL,
	expires INTEGER NOT NULL,           -- Unix seconds
	PRIMARY KEY (puzzle, token)
);
CREATE INDEX claims_token ON claims (token);
CREATE TABLE fills (
	variant TEXT    NOT NULL,
	size    INTEGER NOT NULL,
	level   TEXT    NOT NULL,
	seed    INTEGER NOT NULL,
	batches INTEGER NOT NULL,           -- batches done; the next starts here
	PRIMARY KEY (variant, size, level, seed)
);
`

// Bank is an open bank file.
type Bank struct {
	db   *sql.DB
	path string

	hasOnce sync.Once
	has     *sql.Stmt
	hasErr  error
}

// Path is the bank's file name.
func (b *Bank) Path() string { return b.path }

// Close closes the bank.
func (b *Bank) Close() error { return b.db.Close() }

// sqliteMagic starts every SQLite database file.
var sqliteMagic = []byte("SQLite format 3\x00")

// Open opens the bank at path, creating it when no file is there. An
// existing file is first read without writing (no journal, no lock files)
// to make sure it is a bank this version understands.
func Open(ctx context.Context, path string) (*Bank, error) {
	return open(ctx, path, true)
}

// OpenExisting opens the bank at path as Open does, but where no file is
// it creates nothing and returns an error wrapping ErrNoBank: for readers
// of a bank, and builds, whose mistyped path would otherwise be an empty
// bank that knows none of the puzzles already printed.
func OpenExisting(ctx context.Context, path string) (*Bank, error) {
	return open(ctx, path, false)
}

// Check reports, writing nothing, whether path is a bank this version can
// open: nil, or an error wrapping ErrNoBank or ErrNotBank. Merge checks
// every source with it before its target is touched.
func Check(ctx context.Context, path string) error {
	switch fi, err := os.Stat(path); {
	case errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("%w at %s", ErrNoBank, path)
	case err != nil:
		return err
	case fi.IsDir():
		return fmt.Errorf("bank %s: %w: it is a folder", path, ErrNotBank)
	}
	return probe(ctx, path)
}

// OpenReadOnly opens the bank at path for reading only, as bank stats,
// export and check do: nothing is created or written, so a bank on a
// read-only disk, or one the user may not write, can be read. Where no
// file is, the error wraps ErrNoBank.
func OpenReadOnly(ctx context.Context, path string) (*Bank, error) {
	if err := Check(ctx, path); err != nil {
		return nil, err
	}
	q := url.Values{}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds()))
	q.Add("_pragma", "cache_size(-32768)")
	q.Set("mode", "ro")
	db, err := openReader(ctx, path, q)
	if err != nil && !walMode(path) {
		// A WAL bank read without its -shm file needs to make one,
		// which a read-only folder refuses. With no -wal file there is
		// no writer whose pages it could miss: read it as immutable.
		q.Set("immutable", "1")
		db, err = openReader(ctx, path, q)
	}
	if err != nil {
		return nil, fileErr(path, err)
	}
	return &Bank{db: db, path: path}, nil
}

// openReader opens path with the DSN parameters q and reads its schema
// once, so that a file that cannot be read this way fails here.
func openReader(ctx context.Context, path string, q url.Values) (*sql.DB, error) {
	db, err := sql.Open("sqlite", "file:"+url.PathEscape(path)+"?"+q.Encode())
	if err != nil {
		return nil, err
	}
	var n int
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_master").Scan(&n); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

func open(ctx context.Context, path string, create bool) (*Bank, error) {
	if _, err := os.Stat(path); create && errors.Is(err, os.ErrNotExist) {
		// SQLite's own word for a missing folder is "unable to open
		// database file"; say which folder.
		if dir := filepath.Dir(path); dir != "" {
			if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
				return nil, fmt.Errorf("cannot make bank %s: no folder %s", path, dir)
			}
		}
		if err := createFile(ctx, path); err != nil {
			return nil, fmt.Errorf("cannot make bank %s: %w", path, err)
		}
	}
	if err := Check(ctx, path); err != nil {
		return nil, err
	}
	q := url.Values{}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds()))
	q.Add("_pragma", "foreign_keys(1)")
	q.Add("_pragma", "synchronous(NORMAL)")
	// 32 MiB of page cache (taken as needed) instead of SQLite's 2 MiB:
	// with the default, a build on a bank of a million puzzles re-read
	// the same pages 57,000 times and cost twice the CPU of one without
	// a bank; with it, the same.
	q.Add("_pragma", "cache_size(-32768)")
	q.Set("_txlock", "immediate")
	db, err := sql.Open("sqlite", "file:"+url.PathEscape(path)+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("bank %s: %w", path, err)
	}
	if _, err := db.ExecContext(ctx, "PRAGMA journal_mode=WAL"); err != nil {
		db.Close()
		return nil, fileErr(path, err)
	}
	return &Bank{db: db, path: path}, nil
}

// createFile makes an empty bank at path, whole or not at all: the schema is
// written to a new file beside it, which is then linked into place only if
// nothing is there yet. Two processes starting on a new bank at once thus
// never see it half made (a file without its schema would be refused as
// not a bank); the second one's link fails, and it uses the first's.
func createFile(ctx context.Context, path string) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".new-*")
	if err != nil {
		return err
	}
	name := tmp.Name()
	tmp.Close()
	defer os.Remove(name) // the link, if made, stays
	db, err := sql.Open("sqlite", "file:"+url.PathEscape(name))
	if err != nil {
		return err
	}
	// WAL from the start: a file linked into place in rollback mode
	// would be switched by its first openers, several at once, while the
	// others' immutable probes read its pages being rewritten.
	for _, stmt := range []string{
		"PRAGMA journal_mode=WAL",
		schema,
		fmt.Sprintf("PRAGMA application_id = %d", applicationID),
		fmt.Sprintf("PRAGMA user_version = %d", schemaVersion),
	} {
		if _, err = db.ExecContext(ctx, stmt); err != nil {
			break
		}
	}
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if err := os.Link(name, path); err != nil && !errors.Is(err, os.ErrExist) {
		return err
	}
	return nil
}

// probe checks, without writing anything, that path is a bank.
func probe(ctx context.Context, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	head := make([]byte, len(sqliteMagic))
	_, err = io.ReadFull(f, head)
	f.Close()
	if err != nil || !bytes.Equal(head, sqliteMagic) {
		return fmt.Errorf("bank %s: %w: it is not an SQLite database", path, ErrNotBank)
	}
	// immutable=1: no locks and no -wal or -shm files beside a foreign
	// file. But a bank in use keeps its latest pages in its -wal file,
	// which an immutable reader ignores: a file in WAL mode whose -wal is
	// there is read through it (read-only still).
	// That read is retried with locks, which wait for a writer as the
	// bank's own connections do, and which also see the pages of a
	// checkpoint half done.
	err = probeWith(ctx, path, "mode=ro&immutable=1")
	if err != nil && errors.Is(err, ErrNotBank) && walMode(path) {
		err = probeWith(ctx, path, fmt.Sprintf("mode=ro&_pragma=busy_timeout(%d)", busyTimeout.Milliseconds()))
	}
	return err
}

// walMode reports whether the SQLite file at path says it is in WAL mode
// (header bytes 18 and 19 are 2) and has a -wal file beside it.
func walMode(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	var h [20]byte
	if _, err := io.ReadFull(f, h[:]); err != nil || h[18] != 2 || h[19] != 2 {
		return false
	}
	_, err = os.Stat(path + "-wal")
	return err == nil
}

func probeWith(ctx context.Context, path, params string) error {
	db, err := sql.Open("sqlite", "file:"+url.PathEscape(path)+"?"+params)
	if err != nil {
		return fmt.Errorf("bank %s: %w", path, err)
	}
	defer db.Close()
	var app, ver int64
	if err := db.QueryRowContext(ctx, "PRAGMA application_id").Scan(&app); err != nil {
		return fmt.Errorf("bank %s: %w: %v", path, ErrNotBank, err)
	}
	if app != applicationID {
		return fmt.Errorf("bank %s: %w: it is some other SQLite database", path, ErrNotBank)
	}
	if err := db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&ver); err != nil {
		return fmt.Errorf("bank %s: %w: %v", path, ErrNotBank, err)
	}
	if ver != schemaVersion {
		return fmt.Errorf("bank %s: %w: schema version %d, this program knows %d", path, ErrNotBank, ver, schemaVersion)
	}
	var tables int
	err = db.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('puzzles', 'printings', 'claims', 'fills')").Scan(&tables)
	if err != nil || tables != 4 {
		return damagedErr(path, fmt.Sprintf("%d of its 4 tables readable%s", tables, errSuffix(err)))
	}
	// Then every page, read once: a write into a damaged file spreads the
	// damage (SQLite trusts the pages it changes), and a reader would
	// take garbage for puzzles. On a bank of a million puzzles this costs
	// about as much as one full read of the file.
	return quickCheck(ctx, db, path)
}

// tx runs fn in one IMMEDIATE transaction (the DSN's _txlock), so writers
// queue at the start instead of failing on an upgrade half-way.
func (b *Bank) tx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := b.db.BeginTx(ctx, nil)
	if err != nil {
		return fileErr(b.path, err)
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return fileErr(b.path, err)
	}
	return fileErr(b.path, tx.Commit())
}

func errSuffix(err error) string {
	if err == nil {
		return ""
	}
	return ": " + err.Error()
}
