package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
)

// runGenerate prints N new puzzles of one level in the grade format, every
// kind but classic with its kind column, as bank export prints them, so
// that grade, solve and bank import read its output with no flags. Output
// depends only on the flags and the seed, never on -j.
func runGenerate(ctx context.Context, e env, args []string) error {
	fs := newFlags(e, "generate")
	n := fs.Int("n", 1, "number of puzzles")
	levelName := fs.String("level", "medium", "easy, medium, hard, expert or extreme")
	clues := fs.String("clues", "", "clue band MIN-MAX (default: any the level allows)")
	symName := fs.String("symmetry", "none", "symmetry of the givens: none, rotational, rotational90, mirror, mirror-vertical, diagonal, antidiagonal")
	seed := fs.Uint64("seed", 1, "random seed: the same seed gives the same puzzles")
	workers := fs.Int("j", runtime.NumCPU(), "worker goroutines")
	kind := kindFlags(fs, 9)
	killer := fs.Bool("killer", false, "cages with sums on --variant classic or x: the same as --variant killer or killer-x")
	cages := fs.String("cages", "", "killer cage sizes MIN-MAX (default 2-5)")
	givens := fs.String("givens", "", "killer givens MIN-MAX (default none)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	k, err := kind()
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("generate takes no arguments, got %q", pos[0])
	}
	if *n < 1 || *n > 100000 {
		return usagef("-n %d: want 1 to 100000", *n)
	}
	w, err := capWorkers(e, *workers)
	if err != nil {
		return err
	}
	level, err := engine.ParseLevel(*levelName)
	if err != nil {
		return usagef("--level: %v", err)
	}
	sym, err := engine.ParseSymmetry(*symName)
	if err != nil {
		return usagef("--symmetry: %v", err)
	}
	if *killer {
		k.Layer = engine.CageLayer
	}
	noteHardLevel(e, k, level)
	if k.Layer == engine.CageLayer {
		return generateKillers(ctx, e, k, level, *n, *seed, *cages, *givens)
	}
	if *cages != "" || *givens != "" {
		return usagef("--cages and --givens are for killer (--variant killer or killer-x)")
	}
	q := engine.Quota{Kind: k, Level: level, Count: *n, Symmetry: sym}
	if *clues != "" {
		r, err := book.ParseRange(*clues)
		if err != nil {
			return usagef("--clues: %v", err)
		}
		if r.Min > r.Max {
			return usagef("--clues %s: want MIN-MAX with the smaller first", *clues)
		}
		q.MinClues, q.MaxClues = r.Min, r.Max
	}
	if err := q.Validate(); err != nil {
		if lo, hi := engine.FeasibleClues(level); k.Side() == 9 && ((q.MaxClues != 0 && q.MaxClues < lo) || q.MinClues > hi) {
			return usagef("--clues %s: %s puzzles need a band that meets %d-%d", *clues, level, lo, hi)
		}
		return usagef("%v", err)
	}
	// Progress on a terminal only: generate's stdout is usually piped on.
	// Each puzzle is printed as it is committed, in the order that does
	// not depend on -j, so a reader (head -1) has the first at once, a
	// large batch needs no memory for the puzzles, and a closed pipe
	// stops the run at the next line.
	prog := newProgress(e.stderr, false, []string{level.String()}, []int{*n})
	_, err = engine.Fill(ctx, []engine.Quota{q}, engine.FillOptions{Seed: *seed, Workers: w, Progress: prog.Found,
		Emit: func(_ int, p engine.Puzzle) error {
			_, err := fmt.Fprintln(e.stdout, book.KindLine(p.Geometry(), p.Cells(), p.Grading))
			return err
		}})
	prog.Done()
	return err
}

// noteHardLevel warns before a run at a level past what a book may ask
// of kind k: generate and bank fill take any level, a harder one only
// costing time, but there a kind can take hours or never come (4x4
// expert ran silent until Ctrl-C), so say so before the wait.
func noteHardLevel(e env, k engine.Kind, level engine.Level) {
	if top := engine.HardestLevel(k); level > top {
		fmt.Fprintf(e.stderr, "%s: note: %s puzzles seldom or never need %s techniques (a book takes them up to %s); this may run a long time, Ctrl-C stops it\n", name, k, level, top)
	}
}

// generateKillers prints n killers of one level. They are made one after
// another from one random stream seeded by seed, so the output depends
// only on the flags (-j does not apply).
func generateKillers(ctx context.Context, e env, k engine.Kind, level engine.Level, n int, seed uint64, cages, givens string) error {
	q := engine.KillerQuota{Kind: k, Level: level}
	for _, f := range []struct {
		name, text string
		lo, hi     *int
	}{{"--cages", cages, &q.MinCage, &q.MaxCage}, {"--givens", givens, &q.MinGivens, &q.MaxGivens}} {
		if f.text == "" {
			continue
		}
		r, err := book.ParseRange(f.text)
		if err != nil {
			return usagef("%s: %v", f.name, err)
		}
		*f.lo, *f.hi = r.Min, r.Max
	}
	if err := q.Validate(); err != nil {
		return usagef("--killer: %v", err)
	}
	gen := engine.NewGenerator()
	rng := rand.New(rand.NewPCG(seed, killerStream))
	for made := 0; made < n; {
		if err := ctx.Err(); err != nil {
			return err
		}
		p, ok := gen.Killer(rng, q)
		if !ok {
			continue
		}
		made++
		if _, err := fmt.Fprintln(e.stdout, book.KindLine(p.Geometry(), p.Cells(), p.Grading)); err != nil {
			return err
		}
	}
	return nil
}

// killerStream separates the killer random stream from the others of a seed.
const killerStream = 0x6b696c6c6572
