package main

import (
	"context"
	"fmt"

	"github.com/sudokubook/sudokubook/engine"
)

// runSolve prints each puzzle's solution, or "none" / "multiple"; any such
// line makes the command exit 1 once every line has been answered.
func runSolve(ctx context.Context, e env, args []string) error {
	fs := newFlags(e, "solve")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	r, src, done, err := openInput(e, pos)
	if err != nil {
		return err
	}
	defer done()
	bad := 0
	err = eachPuzzle(r, src, func(line int, g engine.Grid) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		sol, err := engine.Solve(g)
		if word, ok := solveOutcome(e, src, line, err); ok {
			bad++
			fmt.Fprintln(e.stdout, word)
			return nil
		} else if err != nil {
			return fmt.Errorf("%s:%d: %w", src, line, err)
		}
		fmt.Fprintln(e.stdout, sol)
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
