package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/sudokubook/sudokubook/engine"
)

// runExplain prints the path a human solver would take: one step per line,
// numbered, with the technique and what it placed or eliminated, then a
// summary line with the level and score.
func runExplain(ctx context.Context, e env, args []string) error {
	fs := newFlags(e, "explain")
	kind := kindFlags(fs, 0)
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
	for i, s := range res.Steps {
		note := s.Note
		if note == "" {
			note = describeStep(p.Geo, s)
		}
		fmt.Fprintf(e.stdout, "%3d. %s\n", i+1, note)
	}
	fmt.Fprintf(e.stdout, "solved in %s: level %s, score %d, hardest technique %s, rating %s\n",
		plural(len(res.Steps), "step"), res.Level, res.Score, res.Hardest, res.Rating)
	fmt.Fprintf(e.stdout, "solution: %s\n", engine.FormatLine(p.Geo, sol))
	return nil
}

// describeStep is the fallback wording for a step without a note.
func describeStep(geo *engine.Geometry, s engine.Step) string {
	var parts []string
	for _, p := range s.Placements {
		parts = append(parts, fmt.Sprintf("%s = %d", geo.CellName(p.Cell), p.Digit))
	}
	for _, x := range s.Eliminations {
		parts = append(parts, fmt.Sprintf("%d leaves %s", x.Digit, geo.CellName(x.Cell)))
	}
	return fmt.Sprintf("%s: %s", s.Technique, strings.Join(parts, ", "))
}
