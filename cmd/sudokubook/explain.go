package main

import (
	"context"
	"fmt"

	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/wording"
)

// runExplain prints the path a human solver would take: one step per line,
// numbered, with the technique and what it placed or eliminated, then a
// summary line with the level and score. --lang tells the steps in a
// book language's words; without it, in explain's own English notes.
func runExplain(ctx context.Context, e env, args []string) error {
	fs := newFlags(e, "explain")
	kind := kindFlags(fs, 0)
	lang := fs.String("lang", "", "tell the steps in a book language: en, fr, de, es, it (default: explain's notes)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	k, err := kind()
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("explain wants one PUZZLE (81 characters, or N*N for another size), got %d arguments", len(pos))
	}
	p, err := argPuzzle(fs, k, pos[0])
	if err != nil {
		return usagef("PUZZLE: %v", err)
	}
	res, err := engine.NewGrader().Grade(p.Geo, p.Cells, engine.GradeOptions{Steps: true})
	if err != nil {
		return err
	}
	sol, err := engine.Solve(p.Geo, p.Cells)
	if err != nil {
		return err
	}
	lines, err := wording.Explain(p.Geo, p.Cells, res.Steps, *lang)
	if err != nil {
		return usagef("--lang: %v", err)
	}
	for i, l := range lines {
		fmt.Fprintf(e.stdout, "%3d. %s\n", i+1, l)
	}
	fmt.Fprintf(e.stdout, "solved in %s: level %s, score %d, hardest technique %s, rating %s\n",
		plural(len(res.Steps), "step"), res.Level, res.Score, res.Hardest, res.Rating)
	fmt.Fprintf(e.stdout, "solution: %s\n", engine.FormatLine(p.Geo, sol))
	return nil
}
