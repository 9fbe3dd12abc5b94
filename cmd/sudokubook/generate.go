package main

import (
	"context"
	"fmt"
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
	levelName := fs.String("level", "medium", "easy, medium, tough, hard, expert or extreme")
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
		f, _ := engine.ParseFamily("killer")
		k.Layer = f.Layer
	}
	noteHardLevel(e, k, level)
	q := engine.Quota{Kind: k, Level: level, Count: *n, Symmetry: sym}
	// A layer that places its givens reads its clue band as --givens, and
	// one whose parts have sizes takes --cages (killer's, both).
	for _, f := range []struct {
		name, text string
		means      bool
		want       string
		lo, hi     *int
	}{{"--clues", *clues, !k.Layer.PlacesGivens(), "its givens are placed: --givens MIN-MAX", &q.MinClues, &q.MaxClues},
		{"--givens", *givens, k.Layer.PlacesGivens(), "--cages and --givens are for killer, --variant killer or killer-x", &q.MinClues, &q.MaxClues},
		{"--cages", *cages, k.Layer.SizedParts(), "--cages and --givens are for killer, --variant killer or killer-x", &q.MinCage, &q.MaxCage}} {
		if f.text == "" {
			continue
		}
		if !f.means {
			return usagef("%s does not apply to %s (%s)", f.name, k, f.want)
		}
		r, err := book.ParseRange(f.text)
		if err != nil {
			return usagef("%s: %v", f.name, err)
		}
		if r.Min > r.Max {
			return usagef("%s %s: want MIN-MAX with the smaller first", f.name, f.text)
		}
		*f.lo, *f.hi = r.Min, r.Max
	}
	if err := q.Validate(); err != nil {
		if lo, hi := engine.FeasibleClues(level); k.Side() == 9 && !k.Layer.PlacesGivens() && ((q.MaxClues != 0 && q.MaxClues < lo) || q.MinClues > hi) {
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
