package bank

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// TestBusyBankNamesItsFile: a writer that waits out the busy timeout on a
// bank another process holds says which file and why, where SQLite's own
// words were "database is locked (5) (SQLITE_BUSY)".
func TestBusyBankNamesItsFile(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "p.db")
	holder, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	tx, err := holder.db.BeginTx(ctx, nil) // IMMEDIATE: holds the write lock
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	b, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	// One connection, so the shorter wait below is the one used.
	b.db.SetMaxOpenConns(1)
	if _, err := b.db.ExecContext(ctx, "PRAGMA busy_timeout = 50"); err != nil {
		t.Fatal(err)
	}
	_, err = b.Add(ctx, nil)
	if !errors.Is(err, ErrBusy) || !strings.Contains(err.Error(), "bank "+path+" is in use by another sudokubook") {
		t.Errorf("got %v, want an error wrapping ErrBusy naming %s", err, path)
	}
}
