package bank

import (
	"context"
	"errors"
	"fmt"

	"github.com/sudokubook/sudokubook/engine"
)

// FillBatch is how many puzzles one fill transaction adds: small enough
// that a stopped fill loses little, large enough that commits are rare.
const FillBatch = 64

// ErrExhausted is wrapped when a fill stops because its kind gives no new
// puzzles: three batches in a row brought none.
var ErrExhausted = errors.New("the kind gives no new puzzles")

// FillOptions says how far a fill goes and how it generates.
type FillOptions struct {
	// UpTo is the count of the quota's kind and level the bank should
	// hold at least; the fill stops at the first whole batch past it.
	UpTo int
	// Seed and the batch number make each batch's engine seed (see
	// batchSeed); give each shard of a fill its own seed.
	Seed    uint64
	Workers int
	// Progress, when set, is told how many puzzles of the kind and level
	// the bank holds, at the start and after each batch.
	Progress func(have int)
}

// Filled is how a fill ended: the puzzles of its kind and level the bank
// holds, and how many this fill added.
type Filled struct{ Have, Added int }

// quotaVariant is the bank's name for the kind a quota makes: its row of
// the kind table.
func quotaVariant(q engine.Quota) string { return q.Kind.Family().String() }

// Fill generates puzzles of q's kind and level into the bank, a batch of
// FillBatch at a time (q.Count is set to it, q.Repeats on: the bank keeps
// one puzzle a key, so a batch may repeat keys), until it holds
// opt.UpTo. Whole batches only, even past UpTo: a batch is then the same
// whichever run makes it, so a fill stopped and run again, or run again
// to a higher UpTo, makes what one run would have. A fill that is
// stopped (ctx) keeps every batch it committed and returns ctx's error
// with how far it got.
func (b *Bank) Fill(ctx context.Context, q engine.Quota, opt FillOptions) (Filled, error) {
	q.Count, q.Repeats = FillBatch, true
	vname, side, level := quotaVariant(q), q.Kind.Side(), q.Level
	have, err := b.Count(ctx, vname, side, level)
	if err != nil {
		return Filled{}, err
	}
	batch, err := b.FillBatches(ctx, vname, side, level, opt.Seed)
	if err != nil {
		return Filled{}, err
	}
	progress := opt.Progress
	if progress == nil {
		progress = func(int) {}
	}
	progress(have)
	start, idle := have, 0
	for have < opt.UpTo {
		found, err := engine.Fill(ctx, []engine.Quota{q},
			engine.FillOptions{Seed: batchSeed(opt.Seed, batch), Workers: opt.Workers})
		if err != nil {
			if ctx.Err() != nil {
				err = ctx.Err()
			}
			return Filled{have, have - start}, err
		}
		ps := make([]Puzzle, len(found[0]))
		for i, p := range found[0] {
			ps[i] = FromEngine(p, fmt.Sprintf("generate seed=%d batch=%d", opt.Seed, batch))
		}
		added, now, err := b.AddBatch(ctx, vname, side, level, opt.Seed, batch+1, opt.UpTo, ps)
		if err != nil {
			return Filled{have, have - start}, err
		}
		if now >= opt.UpTo && added == 0 {
			// Another fill reached UpTo first; this batch is not needed.
			have = now
			break
		}
		have = now
		batch++
		// Small kinds run out: there are only so many 4x4 puzzles that
		// are not the same under the moves. Three batches in a row with
		// nothing new mean the kind has no more to give.
		if added == 0 {
			idle++
			if idle == 3 {
				return Filled{have, have - start}, fmt.Errorf("%w: three batches in a row brought no new %s %dx%d %s puzzle; stopped at %d (the kind may not have %d different ones)",
					ErrExhausted, vname, side, side, level, have, opt.UpTo)
			}
		} else {
			idle = 0
		}
		progress(have)
	}
	return Filled{have, have - start}, nil
}

// batchSeed is the engine seed of one fill batch: a function of the fill's
// seed and the batch number only, so a resumed fill makes what an unbroken
// one would have.
func batchSeed(seed uint64, batch int) uint64 {
	return seed*0x9e3779b97f4a7c15 ^ uint64(batch)*0xbf58476d1ce4e5b9
}
