package bank

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/sudokubook/sudokubook/engine"
)

// ErrTaken is wrapped by Reserve's error when another book printed or
// claimed one of the keys meanwhile.
var ErrTaken = errors.New("puzzle already taken by another book")

// ErrStale is wrapped by the error of a build drawing on a bank whose keys
// an older sudokubook wrote (see Fix): a printed puzzle's old key would not
// match the key of the same puzzle made again, so it could be printed
// twice. bank check --fix mends the bank.
var ErrStale = errors.New("keys from an older sudokubook")

// staleErr is the error for puzzle p, whose stored key is not its key.
func (c *Claim) staleErr(p Puzzle) error {
	return fmt.Errorf("%s: puzzle %d (%s %dx%d): %w: run sudokubook bank check --fix --db %s first",
		c.b.path, p.ID, p.Variant, p.Size, p.Size, ErrStale, c.b.path)
}

// Claim is one build's hold on puzzles: drawn from the bank or generated,
// they are the build's until it records or releases them.
type Claim struct {
	b     *Bank
	token string
	ids   map[string]int64 // ref (variant, size, key) -> puzzle id, for every claimed puzzle

	recorded []int64 // the printings' row ids Record made, for Unrecord
	pending  bool    // RecordPending marked them, and Finalize has not
}

// NewClaim starts a claim with a token no other build shares.
func (b *Bank) NewClaim() (*Claim, error) {
	var t [12]byte
	if _, err := rand.Read(t[:]); err != nil {
		return nil, err
	}
	return &Claim{b: b, token: hex.EncodeToString(t[:]), ids: map[string]int64{}}, nil
}

func expiry() int64 { return time.Now().Add(ClaimLease).Unix() }

// Printed returns the keys of every puzzle of a variant and size printed in
// some book, or held by a live claim of another build. Each key is made
// again from its puzzle: a key an older sudokubook wrote is an error
// wrapping ErrStale, not a key that would let the puzzle be printed again.
func (c *Claim) Printed(ctx context.Context, variant string, size int) (keys map[string]bool, err error) {
	defer func() { err = fileErr(c.b.path, err) }()
	// From the printings and claims to the puzzles, not the other way: a
	// big bank has far more puzzles than printings. CROSS JOIN is SQLite's
	// way to fix that order; left to itself the planner walked all the
	// puzzles of the kind (0.3 s in a bank of a million).
	cols := "p." + strings.ReplaceAll(puzzleColumns, ", ", ", p.")
	rows, err := c.b.db.QueryContext(ctx, `SELECT `+cols+` FROM printings r CROSS JOIN puzzles p ON p.id = r.puzzle
		WHERE p.variant = ? AND p.size = ?
		UNION SELECT `+cols+` FROM claims c CROSS JOIN puzzles p ON p.id = c.puzzle
		WHERE p.variant = ? AND p.size = ? AND c.token <> ? AND c.expires > ?`,
		variant, size, variant, size, c.token, time.Now().Unix())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		p, err := scanPuzzle(rows)
		if err != nil {
			return nil, err
		}
		if KeyText(p.P) != p.Key {
			return nil, c.staleErr(p)
		}
		out[p.Key] = true
	}
	return out, rows.Err()
}

// Draw claims up to n unused puzzles of a variant, size and q's level and
// bands that accept takes and whose keys skip does not hold, in id order, and returns
// them. Unused means: never printed, and not held by a live claim. The
// draw is one transaction, so two builds drawing at once get different
// puzzles.
//
// The quota's clue and score bands are applied in the query, so that a
// section asking for a narrow band of a big bank does not read every
// puzzle of the level (inside a transaction that holds the write lock).
func (c *Claim) Draw(ctx context.Context, variant string, size int, q engine.Quota, n int, accept func(Puzzle) bool) ([]Puzzle, error) {
	maxClues, maxScore := q.MaxClues, q.MaxScore
	if maxClues == 0 {
		maxClues = 1 << 30 // a figure of several grids has more cells than size*size
	}
	if maxScore == 0 {
		maxScore = 1 << 62
	}
	var out []Puzzle
	err := c.b.tx(ctx, func(tx *sql.Tx) error {
		out = out[:0]
		rows, err := tx.QueryContext(ctx, "SELECT "+puzzleColumns+` FROM puzzles p
			WHERE variant = ? AND size = ? AND level = ?
			AND clues BETWEEN ? AND ? AND score BETWEEN ? AND ?
			AND NOT EXISTS (SELECT 1 FROM printings WHERE puzzle = p.id)
			AND NOT EXISTS (SELECT 1 FROM claims WHERE puzzle = p.id AND expires > ?)
			ORDER BY id`, variant, size, q.Level.String(), q.MinClues, maxClues, q.MinScore, maxScore, time.Now().Unix())
		if err != nil {
			return err
		}
		for len(out) < n && rows.Next() {
			p, err := scanPuzzle(rows)
			if err != nil {
				rows.Close()
				return err
			}
			if _, mine := c.ids[p.ref()]; !mine && accept(p) {
				if KeyText(p.P) != p.Key {
					rows.Close()
					return c.staleErr(p)
				}
				out = append(out, p)
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, p := range out {
			if _, err := tx.ExecContext(ctx, "INSERT OR REPLACE INTO claims (puzzle, token, expires) VALUES (?, ?, ?)", p.ID, c.token, expiry()); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, p := range out {
		c.ids[p.ref()] = p.ID
	}
	return out, nil
}

// Reserve stores the puzzles a build generated and claims them, failing
// with ErrTaken, and claiming nothing, when another book has printed or
// claimed one of their keys since the build looked (two builds of the same
// spec at once). With reprints set, printed keys are no obstacle.
func (c *Claim) Reserve(ctx context.Context, ps []Puzzle, reprints bool) error {
	ids := map[string]int64{}
	err := c.b.tx(ctx, func(tx *sql.Tx) error {
		clear(ids)
		var taken []string
		for _, p := range ps {
			if _, mine := c.ids[p.ref()]; mine {
				continue
			}
			id, _, err := insert(ctx, tx, p)
			if err != nil {
				return err
			}
			var printed, claimed int
			if err := tx.QueryRowContext(ctx, `SELECT
				(SELECT count(*) FROM printings WHERE puzzle = ?),
				(SELECT count(*) FROM claims WHERE puzzle = ? AND token <> ? AND expires > ?)`,
				id, id, c.token, time.Now().Unix()).Scan(&printed, &claimed); err != nil {
				return err
			}
			if claimed > 0 || (printed > 0 && !reprints) {
				taken = append(taken, p.Line())
				continue
			}
			if _, err := tx.ExecContext(ctx, "INSERT OR REPLACE INTO claims (puzzle, token, expires) VALUES (?, ?, ?)", id, c.token, expiry()); err != nil {
				return err
			}
			ids[p.ref()] = id
		}
		if len(taken) > 0 {
			return fmt.Errorf("%w: %d puzzles, first %s (was the same spec built twice at once?)", ErrTaken, len(taken), taken[0])
		}
		return nil
	})
	if err != nil {
		return err
	}
	for k, id := range ids {
		c.ids[k] = id
	}
	return nil
}

// FrontMatter is the Number of a printing in a book's front matter (the
// title page's grid, a worked example, a lesson), which is no numbered
// puzzle but is shown, and so is printed: no other book prints it as a
// puzzle.
const FrontMatter = 0

// Printing is where one puzzle appears in a book. Variant and Size name
// the puzzle's kind as the bank does (VariantName); empty and 0 mean
// classic 9x9.
type Printing struct {
	Variant string
	Size    int
	Key     string
	Book    string
	Volume  string
	Number  int
	Page    int
}

// Record turns the claim into printings, in one transaction, and ends it.
// A build records its book just before it commits the book's files, so that
// no committed book is ever unknown to the bank; should the commit then
// fail with the old book still in place, Unrecord takes the printings back.
// Every printing's key must be claimed.
func (c *Claim) Record(ctx context.Context, ps []Printing) error {
	var rows []int64
	err := c.b.tx(ctx, func(tx *sql.Tx) (err error) {
		rows, err = c.record(ctx, tx, ps)
		return err
	})
	if err == nil {
		c.recorded = rows
	}
	return err
}

// record inserts the printings and ends the claim, in tx, and returns the
// printings' row ids.
func (c *Claim) record(ctx context.Context, tx *sql.Tx, ps []Printing) ([]int64, error) {
	var rows []int64
	for _, p := range ps {
		v, n := p.Variant, p.Size
		if v == "" {
			v, n = Classic, 9
		}
		id, ok := c.ids[Tag(v, n, p.Key)]
		if !ok {
			return nil, fmt.Errorf("puzzle %d (key %s) was never claimed", p.Number, p.Key)
		}
		res, err := tx.ExecContext(ctx, "INSERT INTO printings (puzzle, book, volume, number, page) VALUES (?, ?, ?, ?, ?)",
			id, p.Book, p.Volume, p.Number, p.Page)
		if err != nil {
			return nil, err
		}
		row, err := res.LastInsertId()
		if err != nil {
			return nil, err
		}
		rows = append(rows, row)
	}
	_, err := tx.ExecContext(ctx, "DELETE FROM claims WHERE token = ?", c.token)
	return rows, err
}

// Unrecord takes back, in one transaction, the printings Record made: the
// book was not committed after all. Its puzzles are unused again.
func (c *Claim) Unrecord(ctx context.Context) error {
	err := c.b.tx(ctx, func(tx *sql.Tx) error {
		if c.pending {
			if _, err := tx.ExecContext(ctx, "DELETE FROM pending WHERE token = ?", c.token); err != nil {
				return err
			}
		}
		for _, row := range c.recorded {
			if _, err := tx.ExecContext(ctx, "DELETE FROM printings WHERE id = ?", row); err != nil {
				return err
			}
		}
		return nil
	})
	if err == nil {
		c.recorded, c.pending = nil, false
	}
	return err
}

// Release drops the claim without recording anything: the build failed or
// was interrupted. It is safe to call at any time, more than once, and
// after Record (when it drops nothing).
func (c *Claim) Release(ctx context.Context) error {
	_, err := c.b.db.ExecContext(ctx, "DELETE FROM claims WHERE token = ?", c.token)
	return fileErr(c.b.path, err)
}

// PrintingsOf lists where the puzzle with this key was printed.
func (b *Bank) PrintingsOf(ctx context.Context, variant string, size int, key string) ([]Printing, error) {
	rows, err := b.db.QueryContext(ctx, `SELECT book, volume, number, page FROM printings
		JOIN puzzles ON puzzles.id = printings.puzzle
		WHERE variant = ? AND size = ? AND key = ? ORDER BY printings.id`, variant, size, key)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Printing
	for rows.Next() {
		p := Printing{Variant: variant, Size: size, Key: key}
		if err := rows.Scan(&p.Book, &p.Volume, &p.Number, &p.Page); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// MergeFiles folds the banks at sources into the bank at target, making
// target when it is absent. Every bank is looked at first, writing nothing:
// a target that is not a bank, or a source that is missing (the error wraps
// ErrNoBank) or not a bank, stops the merge with the target as it was. A
// failure part-way leaves the sources merged before it in target.
func MergeFiles(ctx context.Context, target string, sources ...string) (puzzles, printings int, err error) {
	if err := Check(ctx, target); err != nil && !errors.Is(err, ErrNoBank) {
		return 0, 0, err
	}
	for _, p := range sources {
		if err := Check(ctx, p); err != nil {
			return 0, 0, fmt.Errorf("%w; nothing merged into %s", err, target)
		}
	}
	b, err := Open(ctx, target)
	if err != nil {
		return 0, 0, err
	}
	defer b.Close()
	puzzles, printings, err = b.Merge(ctx, sources...)
	if err != nil && !errors.Is(err, ErrNotBank) {
		err = fmt.Errorf("%w (banks merged before it are in %s)", err, target)
	}
	return puzzles, printings, err
}

// Merge folds the puzzles and printings of the banks at paths into b, each
// source in one transaction. A puzzle b already holds (by key) is not added
// again; its printings elsewhere are added to it. Fill progress is not
// merged: each shard keeps its own seeds. It returns how many puzzles and
// printings were new.
func (b *Bank) Merge(ctx context.Context, paths ...string) (puzzles, printings int, err error) {
	for _, path := range paths {
		src, err := OpenReadOnly(ctx, path)
		if err != nil {
			return puzzles, printings, err
		}
		np, nr, err := b.mergeOne(ctx, src)
		src.Close()
		if err != nil {
			return puzzles, printings, fmt.Errorf("merging %s: %w", path, err)
		}
		puzzles += np
		printings += nr
	}
	return puzzles, printings, nil
}

func (b *Bank) mergeOne(ctx context.Context, src *Bank) (np, nr int, err error) {
	// Each puzzle comes in under its key as made now, whatever version
	// wrote the source: a shard filled by an older sudokubook merges as
	// well as a new one.
	var ps []Puzzle
	if err := src.Each(ctx, func(p Puzzle) error {
		p.Key = KeyText(p.P)
		ps = append(ps, p)
		return nil
	}); err != nil {
		return 0, 0, err
	}
	type pr struct {
		id           int64
		book, volume string
		number, page int
	}
	rows, err := src.db.QueryContext(ctx, "SELECT puzzle, book, volume, number, page FROM printings ORDER BY id")
	if err != nil {
		return 0, 0, err
	}
	var prs []pr
	for rows.Next() {
		var r pr
		if err := rows.Scan(&r.id, &r.book, &r.volume, &r.number, &r.page); err != nil {
			rows.Close()
			return 0, 0, err
		}
		prs = append(prs, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, 0, err
	}
	err = b.tx(ctx, func(tx *sql.Tx) error {
		np, nr = 0, 0
		ids := make(map[int64]int64, len(ps)) // source id -> id here
		for _, p := range ps {
			srcID := p.ID
			id, isNew, err := insert(ctx, tx, p)
			if err != nil {
				return err
			}
			ids[srcID] = id
			if isNew {
				np++
			}
		}
		for _, r := range prs {
			id, ok := ids[r.id]
			if !ok {
				return fmt.Errorf("printing of missing puzzle %d", r.id)
			}
			// The same printing met twice (a bank merged again) is kept once.
			isNew, err := addPrinting(ctx, tx, id, r.book, r.volume, r.number, r.page)
			if err != nil {
				return err
			}
			if isNew {
				nr++
			}
		}
		return nil
	})
	return np, nr, err
}

// addPrinting records that puzzle id was printed as number in the book's
// volume, unless the bank has that printing already, and says whether it
// was new.
func addPrinting(ctx context.Context, tx *sql.Tx, id int64, book, volume string, number, page int) (bool, error) {
	var n int
	if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM printings WHERE puzzle = ? AND book = ? AND volume = ? AND number = ?",
		id, book, volume, number).Scan(&n); err != nil || n > 0 {
		return false, err
	}
	_, err := tx.ExecContext(ctx, "INSERT INTO printings (puzzle, book, volume, number, page) VALUES (?, ?, ?, ?, ?)",
		id, book, volume, number, page)
	return err == nil, err
}

// Printed is one puzzle of a committed book, with where it is printed.
type Printed struct {
	Puzzle       Puzzle
	Number, Page int
}

// RecordBook records the printings of a book already committed (read from
// its manifest), in one transaction: a puzzle the bank lacks is added, and
// a printing it has already (the same puzzle as the same number of the
// same title and volume, as the build recorded it) is not added again, so
// recording a book twice changes nothing. It returns how many printings
// were new and how many the bank knew.
func (b *Bank) RecordBook(ctx context.Context, title, volume string, ps []Printed) (added, known int, err error) {
	err = b.tx(ctx, func(tx *sql.Tx) error {
		added, known = 0, 0
		for _, p := range ps {
			id, _, err := insert(ctx, tx, p.Puzzle)
			if err != nil {
				return err
			}
			isNew, err := addPrinting(ctx, tx, id, title, volume, p.Number, p.Page)
			if err != nil {
				return err
			}
			if isNew {
				added++
			} else {
				known++
			}
		}
		return nil
	})
	return added, known, err
}

// String names a printing for messages: "Title vol. 2, puzzle 14 (page 9)".
func (p Printing) String() string {
	var s strings.Builder
	s.WriteString(p.Book)
	if p.Volume != "" {
		fmt.Fprintf(&s, " vol. %s", p.Volume)
	}
	if p.Number == FrontMatter {
		s.WriteString(", front matter")
		return s.String()
	}
	fmt.Fprintf(&s, ", puzzle %d (page %d)", p.Number, p.Page)
	return s.String()
}

// Reprinted lists every puzzle printed more than once, each as its grid
// and where it was printed; a series built without reprints has none.
func (b *Bank) Reprinted(ctx context.Context) (lines []string, err error) {
	defer func() { err = fileErr(b.path, err) }()
	rows, err := b.db.QueryContext(ctx, `SELECT p.grid, group_concat(r.book || ' vol. ' || r.volume || CASE r.number WHEN 0 THEN ' front matter' ELSE ' #' || r.number END, '; ')
		FROM printings r JOIN puzzles p ON p.id = r.puzzle
		GROUP BY r.puzzle HAVING count(*) > 1 ORDER BY r.puzzle`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var grid, where string
		if err := rows.Scan(&grid, &where); err != nil {
			return nil, err
		}
		out = append(out, grid+" printed in "+where)
	}
	return out, rows.Err()
}

// Printings counts the printings recorded.
func (b *Bank) Printings(ctx context.Context) (n int, err error) {
	defer func() { err = fileErr(b.path, err) }()
	err = b.db.QueryRowContext(ctx, "SELECT count(*) FROM printings").Scan(&n)
	return n, err
}

// PrintedIDs is the set of puzzle ids printed at least once.
func (b *Bank) PrintedIDs(ctx context.Context) (ids map[int64]bool, err error) {
	defer func() { err = fileErr(b.path, err) }()
	rows, err := b.db.QueryContext(ctx, "SELECT DISTINCT puzzle FROM printings")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]bool{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out[id] = true
	}
	return out, rows.Err()
}
