package bank

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/sudokubook/sudokubook/engine"
)

// A bank outlives the program that filled it: a later version may key a
// kind under more moves (figures and killers did), or grade a puzzle
// differently (new rungs, new ratings). Its stored keys and gradings are
// then stale: a stale key no longer matches what a build computes, so a
// puzzle printed under its old key could be printed again. Fix brings them
// up to date in place.

// Fix is the stored key and grading a check found stale for one puzzle,
// with what they should be.
type Fix struct {
	ID      int64
	Variant string
	Size    int
	OldKey  string
	Key     string          // the new key; "" to keep OldKey
	Grading *engine.Grading // the new grading; nil to keep the stored one
}

// Merge records a puzzle dropped by Fix because its new key is another
// puzzle's: the same puzzle under the moves, banked twice under the old
// keys. Its printings and claims went to the one kept.
type Merge struct {
	From, Into int64
	Printings  int
}

// FixReport says what Fix changed.
type FixReport struct {
	Keys, Gradings int     // puzzles whose key, grading was rewritten
	Levels         int     // of the gradings, those whose level changed
	Merged         []Merge // puzzles folded into another under their new key
	Skipped        []int64 // puzzles changed by another process since the check
}

// Fix rewrites the stale keys and gradings of fixes in one transaction:
// either every fix is made or none (an error rolls all of it back). A
// puzzle whose new key another puzzle holds (or takes in the same fix) is
// folded into the one with the smaller id, which keeps both puzzles'
// printings and claims: nothing printed is forgotten. A puzzle whose
// stored key is no longer OldKey (another process changed it since the
// check read it) is left alone and reported.
func (b *Bank) Fix(ctx context.Context, fixes []Fix) (FixReport, error) {
	var rep FixReport
	err := b.tx(ctx, func(tx *sql.Tx) error {
		rep = FixReport{}
		gone := map[int64]bool{}
		skipped := map[int64]bool{}
		// Every key that changes is first set aside under a name no key
		// can have, so that the new keys can then be given in any order
		// without meeting an old key that is about to go.
		for _, f := range fixes {
			if f.Key == "" || f.Key == f.OldKey {
				continue
			}
			res, err := tx.ExecContext(ctx, "UPDATE puzzles SET key = ? WHERE id = ? AND key = ?",
				fmt.Sprintf("rekey %d", f.ID), f.ID, f.OldKey)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n != 1 {
				skipped[f.ID] = true
				rep.Skipped = append(rep.Skipped, f.ID)
			}
		}
		for _, f := range fixes {
			if f.Key == "" || f.Key == f.OldKey || skipped[f.ID] {
				continue
			}
			var other int64
			err := tx.QueryRowContext(ctx, "SELECT id FROM puzzles WHERE variant = ? AND size = ? AND key = ?",
				f.Variant, f.Size, f.Key).Scan(&other)
			switch {
			case err == sql.ErrNoRows:
				if _, err := tx.ExecContext(ctx, "UPDATE puzzles SET key = ? WHERE id = ?", f.Key, f.ID); err != nil {
					return err
				}
			case err != nil:
				return err
			default:
				keep, drop := other, f.ID
				if f.ID < other {
					keep, drop = f.ID, other
				}
				n, err := fold(ctx, tx, drop, keep)
				if err != nil {
					return err
				}
				if _, err := tx.ExecContext(ctx, "UPDATE puzzles SET key = ? WHERE id = ?", f.Key, keep); err != nil {
					return err
				}
				gone[drop] = true
				rep.Merged = append(rep.Merged, Merge{From: drop, Into: keep, Printings: n})
			}
			rep.Keys++
		}
		for _, f := range fixes {
			if f.Grading == nil || gone[f.ID] || skipped[f.ID] {
				continue
			}
			gr := f.Grading
			var level string
			if err := tx.QueryRowContext(ctx, "SELECT level FROM puzzles WHERE id = ?", f.ID).Scan(&level); err != nil {
				return fmt.Errorf("puzzle %d: %w", f.ID, err)
			}
			if level != gr.Level.String() {
				rep.Levels++
			}
			if _, err := tx.ExecContext(ctx, "UPDATE puzzles SET level = ?, score = ?, rating = ?, hardest = ? WHERE id = ?",
				gr.Level.String(), gr.Score, gr.Rating.Float(), gr.Hardest.String(), f.ID); err != nil {
				return err
			}
			rep.Gradings++
		}
		return nil
	})
	return rep, err
}

// fold moves the printings and claims of puzzle drop to puzzle keep and
// deletes drop, returning how many printings moved.
func fold(ctx context.Context, tx *sql.Tx, drop, keep int64) (int, error) {
	res, err := tx.ExecContext(ctx, "UPDATE printings SET puzzle = ? WHERE puzzle = ?", keep, drop)
	if err != nil {
		return 0, err
	}
	n, _ := res.RowsAffected()
	// A build holding claims on both keeps one (same token, same puzzle).
	if _, err := tx.ExecContext(ctx, "UPDATE OR IGNORE claims SET puzzle = ? WHERE puzzle = ?", keep, drop); err != nil {
		return 0, err
	}
	if _, err := tx.ExecContext(ctx, "DELETE FROM claims WHERE puzzle = ?", drop); err != nil {
		return 0, err
	}
	if _, err := tx.ExecContext(ctx, "DELETE FROM puzzles WHERE id = ?", drop); err != nil {
		return 0, err
	}
	return int(n), nil
}
