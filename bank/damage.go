package bank

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"modernc.org/sqlite"
)

// SQLite's primary result codes that fileErr words (sqlite3.h); written
// here rather than taken from modernc.org/sqlite/lib, whose package links
// net into every command.
const (
	sqliteBusy    = 5
	sqliteLocked  = 6
	sqliteCorrupt = 11
	sqliteNotADB  = 26
)

// ErrDamaged is wrapped, with ErrNotBank, by the error for a bank whose
// file SQLite finds damaged: pages that quick_check reports, or that fail
// as they are read. Nothing is written to such a file; the error says to
// restore it from a copy.
var ErrDamaged = errors.New("damaged")

// ErrBusy is wrapped by the error for a bank another process held for the
// whole busy timeout.
var ErrBusy = errors.New("in use by another sudokubook")

// damagedErr is the error for the bank at path, damaged as detail says.
func damagedErr(path, detail string) error {
	return fmt.Errorf("bank %s is %w (SQLite reports: %s); nothing was written; restore it from a copy (%w)",
		path, ErrDamaged, detail, ErrNotBank)
}

// quickCheck runs SQLite's quick_check on db, which reads every page of
// the file once (the b-trees and their records, not the indexes against
// the tables), and returns what it found, or nil for a sound file.
func quickCheck(ctx context.Context, db *sql.DB, path string) error {
	rows, err := db.QueryContext(ctx, "PRAGMA quick_check")
	if err != nil {
		return fileErr(path, err)
	}
	defer rows.Close()
	var found []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return fileErr(path, err)
		}
		if s != "ok" {
			found = append(found, s)
		}
	}
	if err := rows.Err(); err != nil {
		return fileErr(path, err)
	}
	if len(found) == 0 {
		return nil
	}
	detail := found[0]
	if len(found) > 1 {
		detail = fmt.Sprintf("%s; and %d more", detail, len(found)-1)
	}
	return damagedErr(path, detail)
}

// fileErr words an error SQLite gave on the bank at path: damage as
// damagedErr, a bank held past the busy timeout as ErrBusy, naming the
// file; anything else with the file's name in front.
func fileErr(path string, err error) error {
	if err == nil || errors.Is(err, ErrNotBank) || errors.Is(err, ErrBusy) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff {
		case sqliteCorrupt, sqliteNotADB:
			return damagedErr(path, strings.TrimSpace(se.Error()))
		case sqliteBusy, sqliteLocked:
			return fmt.Errorf("bank %s is %w, which held it for %s; try again once it is done", path, ErrBusy, busyTimeout)
		}
	}
	if strings.Contains(err.Error(), path) {
		return err
	}
	return fmt.Errorf("bank %s: %w", path, err)
}
