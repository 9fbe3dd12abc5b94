package bank

import (
	"context"
	"database/sql"
	"encoding/hex"
	"fmt"

	"github.com/sudokubook/sudokubook/engine"
)

// Classic is the variant name of plain Sudoku (engine.Classic).
const Classic = "classic"

// Puzzle is one banked puzzle, of any kind the engine makes.
type Puzzle struct {
	ID      int64  // 0 until stored
	Key     string // KeyText of the canonical key
	Variant string // engine.Variant's name: classic, x, hyper, jigsaw
	Size    int
	P       engine.Puzzle // givens, solution and grading (Level, Score, Rating, Hardest kept)
	Origin  string
}

// KeyText is a puzzle's canonical key (engine.KeyOf) as the bank stores
// it: in the symbols of the line form, '.' for 0 (81 characters for
// classic 9x9), and for a kind with a constraint in hex.
func KeyText(p engine.Puzzle) string {
	k := p.Key()
	if p.Geometry().Layer() != engine.NoLayer {
		// The key of a constraint holds its marks (a killer's cage
		// numbers and sums) past the symbols: written in hex, two
		// characters a value.
		return hex.EncodeToString(k)
	}
	b := make([]byte, len(k))
	for i, v := range k {
		b[i] = '.'
		if v != 0 {
			b[i] = engine.Symbol(v)
		}
	}
	return string(b)
}

// FromEngine makes the bank's record of a puzzle, keyed by its canonical
// form.
func FromEngine(p engine.Puzzle, origin string) Puzzle {
	return Puzzle{Key: KeyText(p), Variant: VariantName(p), Size: p.Kind().Side(), P: p, Origin: origin}
}

// VariantName is the bank's name for a puzzle's kind: its row's name in
// the kind table (engine.Kinds), as a book's spec names it.
func VariantName(p engine.Puzzle) string { return p.Kind().Family().String() }

// parseVariant reads a name VariantName wrote: the grid's variant.
func parseVariant(name string) (engine.Variant, error) {
	f, err := engine.ParseFamily(name)
	return f.Variant, err
}

// Tag names a puzzle among those of every kind: its key within its
// variant and size. A classic 9x9 key is its own tag, so that exclusion
// sets written before there were kinds still read; every other kind has
// its kind in front, so that puzzles of two kinds never meet as one tag.
func Tag(variant string, size int, key string) string {
	if variant == Classic && size == 9 {
		return key
	}
	return fmt.Sprintf("%s/%d:%s", variant, size, key)
}

func (p Puzzle) ref() string { return Tag(p.Variant, p.Size, p.Key) }

// Engine is the puzzle as the engine and the book know it.
func (p Puzzle) Engine() engine.Puzzle { return p.P }

// Line is the puzzle's givens in the engine's line form (81 characters for
// classic 9x9; a jigsaw's regions after a slash).
func (p Puzzle) Line() string { return engine.FormatLine(p.P.Geometry(), p.P.Cells()) }

const puzzleColumns = "id, key, variant, size, grid, solution, level, score, rating, hardest, origin"

// scanPuzzle reads a row selected with puzzleColumns.
func scanPuzzle(rows interface{ Scan(...any) error }) (Puzzle, error) {
	var p Puzzle
	var grid, sol, level, hardest string
	var rating sql.NullFloat64
	var gr engine.Grading
	if err := rows.Scan(&p.ID, &p.Key, &p.Variant, &p.Size, &grid, &sol, &level, &gr.Score, &rating, &hardest, &p.Origin); err != nil {
		return p, err
	}
	bad := func(format string, a ...any) (Puzzle, error) {
		return p, fmt.Errorf("puzzle %d: %s", p.ID, fmt.Sprintf(format, a...))
	}
	v, err := parseVariant(p.Variant)
	if err != nil {
		return bad("%v", err)
	}
	geo, cells, err := engine.ParseLine(v, p.Size, grid)
	if err != nil {
		return bad("bad grid: %v", err)
	}
	_, answer, err := engine.ParseLine(v, p.Size, sol)
	if err != nil {
		return bad("bad solution: %v", err)
	}
	if err := gr.Level.UnmarshalText([]byte(level)); err != nil {
		return bad("%v", err)
	}
	if err := gr.Hardest.UnmarshalText([]byte(hardest)); err != nil {
		return bad("%v", err)
	}
	if rating.Valid {
		gr.Rating = engine.Rating(rating.Float64*10 + 0.5)
	}
	p.P = engine.Puzzle{Geo: geo, Givens: cells, Answer: answer, Grading: gr}
	return p, nil
}

// insert stores p unless its key is already there, and returns its id
// either way and whether it was new.
func insert(ctx context.Context, tx *sql.Tx, p Puzzle) (int64, bool, error) {
	geo := p.P.Geometry()
	res, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO puzzles
		(key, variant, size, grid, solution, level, score, rating, hardest, clues, origin)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		p.Key, p.Variant, p.Size, p.Line(), engine.FormatLine(geo, p.P.SolutionCells()),
		p.P.Grading.Level.String(), p.P.Grading.Score, p.P.Grading.Rating.Float(), p.P.Grading.Hardest.String(),
		engine.CountClues(p.P.Cells()), p.Origin)
	if err != nil {
		return 0, false, err
	}
	if n, _ := res.RowsAffected(); n == 1 {
		id, err := res.LastInsertId()
		return id, true, err
	}
	var id int64
	err = tx.QueryRowContext(ctx, "SELECT id FROM puzzles WHERE variant = ? AND size = ? AND key = ?",
		p.Variant, p.Size, p.Key).Scan(&id)
	return id, false, err
}

// Add stores puzzles in one transaction, skipping any whose key the bank
// already holds, and returns how many were new.
func (b *Bank) Add(ctx context.Context, ps []Puzzle) (int, error) {
	added := 0
	err := b.tx(ctx, func(tx *sql.Tx) (err error) {
		added, err = insertAll(ctx, tx, ps)
		return err
	})
	return added, err
}

// insertAll inserts ps and counts the new ones.
func insertAll(ctx context.Context, tx *sql.Tx, ps []Puzzle) (int, error) {
	added := 0
	for _, p := range ps {
		_, isNew, err := insert(ctx, tx, p)
		if err != nil {
			return 0, err
		}
		if isNew {
			added++
		}
	}
	return added, nil
}

// Has reports whether the bank holds a puzzle with this key. The statement
// is prepared once per bank: look-ups come in bulk (a book checks every
// candidate), and preparing costs more than the look-up itself.
func (b *Bank) Has(ctx context.Context, variant string, size int, key string) (bool, error) {
	b.hasOnce.Do(func() {
		b.has, b.hasErr = b.db.PrepareContext(ctx, "SELECT EXISTS (SELECT 1 FROM puzzles WHERE variant = ? AND size = ? AND key = ?)")
	})
	if b.hasErr != nil {
		return false, b.hasErr
	}
	var found bool
	err := b.has.QueryRowContext(ctx, variant, size, key).Scan(&found)
	return found, err
}

// Count is how many puzzles of one variant (VariantName), size and level
// the bank holds.
func (b *Bank) Count(ctx context.Context, variant string, size int, level engine.Level) (n int, err error) {
	defer func() { err = fileErr(b.path, err) }()
	err = b.db.QueryRowContext(ctx, "SELECT count(*) FROM puzzles WHERE variant = ? AND size = ? AND level = ?",
		variant, size, level.String()).Scan(&n)
	return n, err
}

// FillBatches returns how many batches a fill with this seed has done, so a
// stopped fill resumes where it stopped.
func (b *Bank) FillBatches(ctx context.Context, variant string, size int, level engine.Level, seed uint64) (int, error) {
	var n int
	err := b.db.QueryRowContext(ctx, "SELECT batches FROM fills WHERE variant = ? AND size = ? AND level = ? AND seed = ?",
		variant, size, level.String(), int64(seed)).Scan(&n)
	if err == sql.ErrNoRows {
		return 0, nil
	}
	return n, err
}

// AddBatch stores one fill batch and sets the fill's count of batches done
// to done, in one transaction: a fill stopped at any moment either has the
// batch and its count, or neither. With upTo above 0, a batch that finds
// the bank already holding upTo puzzles of the level (another fill got
// there first) adds nothing. It returns how many puzzles were new and how
// many of the level the bank holds after it.
func (b *Bank) AddBatch(ctx context.Context, variant string, size int, level engine.Level, seed uint64, done, upTo int, ps []Puzzle) (added, have int, err error) {
	err = b.tx(ctx, func(tx *sql.Tx) (err error) {
		added = 0
		// Counted inside the write transaction, so two fills at once
		// see each other's batches and stop where one fill would.
		if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM puzzles WHERE variant = ? AND size = ? AND level = ?",
			variant, size, level.String()).Scan(&have); err != nil {
			return err
		}
		if upTo > 0 && have >= upTo {
			return nil
		}
		if added, err = insertAll(ctx, tx, ps); err != nil {
			return err
		}
		have += added
		_, err = tx.ExecContext(ctx, `INSERT INTO fills (variant, size, level, seed, batches) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (variant, size, level, seed) DO UPDATE SET batches = excluded.batches`,
			variant, size, level.String(), int64(seed), done)
		return err
	})
	return added, have, err
}

// Stat is one line of Stats.
type Stat struct {
	Variant     string
	Size        int
	Level       string
	Total, Used int
}

// Stats counts puzzles by variant, size and level, and how many of them
// were printed at least once.
func (b *Bank) Stats(ctx context.Context) ([]Stat, error) {
	rows, err := b.db.QueryContext(ctx, `SELECT variant, size, level, count(*),
		count(*) FILTER (WHERE EXISTS (SELECT 1 FROM printings WHERE printings.puzzle = puzzles.id))
		FROM puzzles GROUP BY variant, size, level ORDER BY variant, size, level`)
	if err != nil {
		return nil, fileErr(b.path, err)
	}
	defer rows.Close()
	var out []Stat
	for rows.Next() {
		var s Stat
		if err := rows.Scan(&s.Variant, &s.Size, &s.Level, &s.Total, &s.Used); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	// Levels sort by name in SQL; put them in ladder order.
	rank := func(l string) int {
		var lv engine.Level
		if lv.UnmarshalText([]byte(l)) != nil {
			return int(engine.NumLevels)
		}
		return int(lv)
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j-1].Variant == out[j].Variant && out[j-1].Size == out[j].Size && rank(out[j-1].Level) > rank(out[j].Level); j-- {
			out[j-1], out[j] = out[j], out[j-1]
		}
	}
	return out, fileErr(b.path, rows.Err())
}

// Each calls fn for every puzzle in id order, stopping at its first error.
func (b *Bank) Each(ctx context.Context, fn func(Puzzle) error) error {
	rows, err := b.db.QueryContext(ctx, "SELECT "+puzzleColumns+" FROM puzzles ORDER BY id")
	if err != nil {
		return fileErr(b.path, err)
	}
	defer rows.Close()
	for rows.Next() {
		p, err := scanPuzzle(rows)
		if err != nil {
			return fileErr(b.path, err)
		}
		if err := fn(p); err != nil {
			return err
		}
	}
	return fileErr(b.path, rows.Err())
}

// Integrity runs SQLite's own integrity and foreign-key checks and returns
// what they found (nothing for a sound file).
func (b *Bank) Integrity(ctx context.Context) (problems []string, err error) {
	defer func() { err = fileErr(b.path, err) }()
	var out []string
	rows, err := b.db.QueryContext(ctx, "PRAGMA integrity_check")
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			rows.Close()
			return nil, err
		}
		if s != "ok" {
			out = append(out, s)
		}
	}
	rows.Close()
	fk, err := b.db.QueryContext(ctx, "PRAGMA foreign_key_check")
	if err != nil {
		return nil, err
	}
	defer fk.Close()
	for fk.Next() {
		var table, parent string
		var rowid, idx sql.NullInt64
		if err := fk.Scan(&table, &rowid, &parent, &idx); err != nil {
			return nil, err
		}
		out = append(out, fmt.Sprintf("%s row %d points at a missing %s", table, rowid.Int64, parent))
	}
	return out, fk.Err()
}
