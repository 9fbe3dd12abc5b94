package bank

import (
	"context"
	"database/sql"
	"fmt"
)

// A build records its book's printings just before it commits the book's
// folder, and a build can be killed between the two. RecordPending marks
// the printings pending, with the file whose bytes prove the commit (the
// book's manifest) and their SHA-256; Finalize, after the commit, makes
// them final. A build killed in between leaves them pending, and the
// next build on the bank, or bank check --fix, settles them
// (ResolvePending): the manifest holds those bytes, so the book was
// committed and its printings are final; or it does not, so the commit
// never happened and they are dropped, their puzzles free again. Until
// then a pending printing counts as printed: its puzzles are not used.
//
// The pending table is made by the first RecordPending: a bank without it
// has no pending printings, and an older sudokubook, which does not know
// the table, takes every printing as final, the safe side.
const pendingSchema = `CREATE TABLE IF NOT EXISTS pending (
	printing INTEGER PRIMARY KEY,
	token    TEXT NOT NULL,
	proof    TEXT NOT NULL,
	sum      TEXT NOT NULL
)`

// PendingBook is one book whose printings are pending: recorded by a
// build that had not yet committed it.
type PendingBook struct {
	Book, Volume string
	Proof, Sum   string // the file that proves the commit and its SHA-256, hex
	Printings    int
	token        string
}

func (p PendingBook) String() string {
	name := p.Book
	if p.Volume != "" {
		name += " vol. " + p.Volume
	}
	return fmt.Sprintf("%s (%d printings, %s)", name, p.Printings, p.Proof)
}

// RecordPending is Record with the printings marked pending until
// Finalize: the commit is proved by the file proof holding bytes whose
// SHA-256 is sum.
func (c *Claim) RecordPending(ctx context.Context, ps []Printing, proof, sum string) error {
	var rows []int64
	err := c.b.tx(ctx, func(tx *sql.Tx) (err error) {
		if rows, err = c.record(ctx, tx, ps); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, pendingSchema); err != nil {
			return err
		}
		for _, row := range rows {
			if _, err := tx.ExecContext(ctx, "INSERT INTO pending (printing, token, proof, sum) VALUES (?, ?, ?, ?)", row, c.token, proof, sum); err != nil {
				return err
			}
		}
		return nil
	})
	if err == nil {
		c.recorded, c.pending = rows, true
	}
	return err
}

// Finalize makes the printings RecordPending made final: the book is
// committed.
func (c *Claim) Finalize(ctx context.Context) error {
	if !c.pending {
		return nil
	}
	err := c.b.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "DELETE FROM pending WHERE token = ?", c.token)
		return err
	})
	if err == nil {
		c.pending = false
	}
	return fileErr(c.b.path, err)
}

// hasPending says whether the bank has a pending table.
func hasPending(ctx context.Context, q interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}) (bool, error) {
	var n int
	err := q.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'pending'").Scan(&n)
	return n > 0, err
}

// Pending lists the books whose printings are pending.
func (b *Bank) Pending(ctx context.Context) (books []PendingBook, err error) {
	defer func() { err = fileErr(b.path, err) }()
	if ok, err := hasPending(ctx, b.db); err != nil || !ok {
		return nil, err
	}
	rows, err := b.db.QueryContext(ctx, `SELECT q.token, q.proof, q.sum, min(r.book), min(r.volume), count(*)
		FROM pending q JOIN printings r ON r.id = q.printing GROUP BY q.token, q.proof, q.sum ORDER BY min(q.printing)`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var p PendingBook
		if err := rows.Scan(&p.token, &p.Proof, &p.Sum, &p.Book, &p.Volume, &p.Printings); err != nil {
			return nil, err
		}
		books = append(books, p)
	}
	return books, rows.Err()
}

// Outcome is what became of a build's commit, as ResolvePending asks it.
type Outcome int

const (
	Undecided      Outcome = iota // cannot be told yet: the printings stay pending
	Committed                     // the book is there: its printings are final
	NeverCommitted                // the book is not there: its printings are dropped
)

// ResolvePending settles the pending printings of each book by asking
// outcome about its proof, and returns the books made final and the
// books dropped.
func (b *Bank) ResolvePending(ctx context.Context, outcome func(proof, sum string) Outcome) (final, dropped []PendingBook, err error) {
	books, err := b.Pending(ctx)
	if err != nil || len(books) == 0 {
		return nil, nil, err
	}
	for _, p := range books {
		o := outcome(p.Proof, p.Sum)
		if o == Undecided {
			continue
		}
		err := b.tx(ctx, func(tx *sql.Tx) error {
			if o == NeverCommitted {
				if _, err := tx.ExecContext(ctx, "DELETE FROM printings WHERE id IN (SELECT printing FROM pending WHERE token = ?)", p.token); err != nil {
					return err
				}
			}
			_, err := tx.ExecContext(ctx, "DELETE FROM pending WHERE token = ?", p.token)
			return err
		})
		if err != nil {
			return final, dropped, err
		}
		if o == Committed {
			final = append(final, p)
		} else {
			dropped = append(dropped, p)
		}
	}
	return final, dropped, nil
}
