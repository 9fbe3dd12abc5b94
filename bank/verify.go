package bank

import (
	"bytes"
	"context"
	"fmt"

	"github.com/sudokubook/sudokubook/engine"
)

// Verified is what Verify found in a bank.
type Verified struct {
	// Damage are the problems Fix cannot mend: the file's own (SQLite's
	// integrity check) and each puzzle that is not unique or whose stored
	// solution is not its own, each said in one line.
	Damage []string
	// FileDamaged says the file itself is damaged: nothing should be
	// fixed in it.
	FileDamaged bool
	// Stale are the keys and gradings an older sudokubook made, one line
	// each, and Fixes what rewrites them.
	Stale []string
	Fixes []Fix
	// Puzzles is how many puzzles the bank holds: those read, less
	// those a fix folded into another.
	Puzzles int
	// Fixed is what a fix rewrote (nil when nothing was fixed).
	Fixed *FixReport
	// Sound says no damage and no stale puzzle is left. Printings and
	// Reprinted, read only then, count the bank's printings and list the
	// puzzles printed more than once: news, not damage, as a spec may
	// allow reprints.
	Sound     bool
	Printings int
	Reprinted []string
}

// Verify checks the bank's file, proves every puzzle unique again with its
// stored solution, and recomputes its key and grading. With fix it then
// rewrites the stale keys and gradings in one transaction, unless the
// file itself is damaged. progress, when set, is told every 4,096
// puzzles how many are done of how many: a bank of a million puzzles
// takes minutes.
func (b *Bank) Verify(ctx context.Context, fix bool, progress func(done, total int)) (Verified, error) {
	v, err := b.verify(ctx, progress)
	if err != nil {
		return v, err
	}
	if fix && !v.FileDamaged && len(v.Fixes) > 0 {
		rep, err := b.Fix(ctx, v.Fixes)
		if err != nil {
			return v, fmt.Errorf("%s: fixing: %w (nothing was changed)", b.path, err)
		}
		v.Fixed = &rep
		v.Puzzles -= len(rep.Merged)
	}
	if v.Sound = len(v.Damage) == 0 && (fix || len(v.Stale) == 0); !v.Sound {
		return v, nil
	}
	if v.Printings, err = b.Printings(ctx); err != nil {
		return v, err
	}
	v.Reprinted, err = b.Reprinted(ctx)
	return v, err
}

// verify is Verify without its fix.
func (b *Bank) verify(ctx context.Context, progress func(done, total int)) (Verified, error) {
	var v Verified
	problems, err := b.Integrity(ctx)
	if err != nil {
		return v, err
	}
	v.Damage, v.FileDamaged = problems, len(problems) > 0
	st, err := b.Stats(ctx)
	if err != nil {
		return v, err
	}
	total := 0
	for _, x := range st {
		total += x.Total
	}
	grader := engine.NewGrader()
	err = b.Each(ctx, func(p Puzzle) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		v.Puzzles++
		if v.Puzzles%4096 == 0 && progress != nil {
			progress(v.Puzzles, total)
		}
		who := fmt.Sprintf("puzzle %d %s", p.ID, p.Line())
		bad := func(msg string) { v.Damage = append(v.Damage, who+": "+msg) }
		geo, cells := p.P.Geometry(), p.P.Cells()
		switch sol, err := engine.Solve(geo, cells); {
		case err != nil:
			bad(err.Error())
			return nil
		case !bytes.Equal(sol, p.P.SolutionCells()):
			bad("stored solution is not the puzzle's")
			return nil
		}
		f := Fix{ID: p.ID, Variant: p.Variant, Size: p.Size, OldKey: p.Key}
		if k := KeyText(p.P); k != p.Key {
			v.Stale = append(v.Stale, fmt.Sprintf("%s: key %s, want %s", who, p.Key, k))
			f.Key = k
		}
		gr, err := grader.Grade(geo, cells, engine.GradeOptions{})
		if err != nil {
			bad(err.Error())
			return nil
		}
		if was := p.P.Grading; was.Level != gr.Level || was.Score != gr.Score || was.Rating != gr.Rating || was.Hardest != gr.Hardest {
			v.Stale = append(v.Stale, fmt.Sprintf("%s: graded %s, want %s", who, gradingText(was), gradingText(gr)))
			f.Grading = &gr
		}
		if f.Key != "" || f.Grading != nil {
			v.Fixes = append(v.Fixes, f)
		}
		return nil
	})
	return v, err
}

// gradingText is a grading as Verify shows it: level, score, rating and
// hardest technique.
func gradingText(g engine.Grading) string {
	return fmt.Sprintf("%s (score %d, rating %s, %s)", g.Level, g.Score, g.Rating, g.Hardest)
}
