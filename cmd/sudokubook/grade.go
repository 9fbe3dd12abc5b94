package main

import (
	"context"
	"fmt"

	"github.com/sudokubook/sudokubook/engine"
)

// runGrade prints puzzle, level, score and hardest technique per line. A
// puzzle without exactly one solution cannot be graded: its line says
// "none" or "multiple" in the level column and the command exits 1.
func runGrade(ctx context.Context, e env, args []string) error {
	fs := newFlags(e, "grade")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	r, src, done, err := openInput(e, pos)
	if err != nil {
		return err
	}
	defer done()
	gr := engine.NewGrader()
	bad := 0
	err = eachPuzzle(r, src, func(line int, g engine.Grid) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		res, err := gr.Grade(g, engine.GradeOptions{})
		if word, ok := solveOutcome(e, src, line, err); ok {
			bad++
			fmt.Fprintf(e.stdout, "%s\t%s\n", g, word)
			return nil
		} else if err != nil {
			return fmt.Errorf("%s:%d: %w", src, line, err)
		}
		fmt.Fprintln(e.stdout, gradeLine(g, res))
		return nil
	})
	if err != nil {
		return err
	}
	if bad > 0 {
		fmt.Fprintf(e.stderr, "%s: %s without exactly one solution\n", name, plural(bad, "puzzle"))
		return errSilent
	}
	return nil
}
