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
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("explain wants one PUZZLE (81 characters), got %d arguments", len(pos))
	}
	g, err := engine.ParseGrid(pos[0])
	if err != nil {
		return usagef("PUZZLE: %v", err)
	}
	res, err := engine.Grade(g, engine.GradeOptions{Steps: true})
	if err != nil {
		return err
	}
	for i, s := range res.Steps {
		note := s.Note
		if note == "" {
			note = describeStep(s)
		}
		fmt.Fprintf(e.stdout, "%3d. %s\n", i+1, note)
	}
	fmt.Fprintf(e.stdout, "solved in %s: level %s, score %d, hardest technique %s, rating %s\n",
		plural(len(res.Steps), "step"), res.Level, res.Score, res.Hardest, res.Rating)
	fmt.Fprintf(e.stdout, "solution: %s\n", res.Solution)
	return nil
}

// describeStep is the fallback wording for a step without a note.
func describeStep(s engine.Step) string {
	var parts []string
	for _, p := range s.Placements {
		parts = append(parts, fmt.Sprintf("%s = %d", engine.CellName(p.Cell), p.Digit))
	}
	for _, x := range s.Eliminations {
		parts = append(parts, fmt.Sprintf("%d leaves %s", x.Digit, engine.CellName(x.Cell)))
	}
	return fmt.Sprintf("%s: %s", s.Technique, strings.Join(parts, ", "))
}
