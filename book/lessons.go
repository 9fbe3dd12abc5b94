package book

import (
	"fmt"
	"regexp"
	"slices"

	"github.com/sudokubook/sudokubook/engine"
)

// Lesson is a tutorial page: one technique at work in one of the book's
// own puzzles, at the moment the solve first needs it.
type Lesson struct {
	Technique engine.Technique
	Puzzle    Puzzle
	Board     engine.Board // the filled cells and candidates just before the step
	Step      engine.Step
	Shade     []int // the cells the step names (its pattern and its targets)
}

// cellName finds the cells a step's note names, "r4c6"; fishLines the
// lines a fish's note names, "on 4 in rows 2 and 7 (columns 3 and 8".
var (
	cellName  = regexp.MustCompile(`r([1-9])c([1-9])`)
	fishLines = regexp.MustCompile(`on ([1-9]) in (rows|columns) ([1-9, and]+) \((columns|rows) ([1-9, and]+)`)
	digitRE   = regexp.MustCompile(`[1-9]`)
)

// Lessons picks a lesson for every technique beyond the singles that is the
// hardest some puzzle of the book needs, in ladder order (bifurcation, trial
// and error, has none): the first such puzzle in print order, at the first
// step of that technique in its solve.
func (b *Book) Lessons() ([]Lesson, error) {
	var out []Lesson
	var done [engine.NumTechniques]bool
	for _, p := range b.Puzzles() {
		t := p.Hardest
		// Lesson pages draw classic grids; other kinds teach no lesson.
		if p.Geo != nil || t <= engine.NakedSingle || t.Guesses() || done[t] {
			continue
		}
		done[t] = true
		res, err := engine.Grade(p.Grid, engine.GradeOptions{Steps: true})
		if err != nil {
			return nil, fmt.Errorf("lesson from puzzle %d: %w", p.Number, err)
		}
		board := engine.NewBoard(p.Grid)
		for _, s := range res.Steps {
			if s.Technique == t {
				out = append(out, Lesson{Technique: t, Puzzle: p, Board: board, Step: s, Shade: stepCells(&board, s)})
				break
			}
			board.Apply(&s)
		}
	}
	slices.SortStableFunc(out, func(a, b Lesson) int { return int(a.Technique) - int(b.Technique) })
	return out, nil
}

// stepCells lists the cells a step names in its note (for a fish, the
// cells of its digit where its lines cross) and the cells it changes, each
// once, in cell order.
func stepCells(b *engine.Board, s engine.Step) []int {
	var cells []int
	if m := fishLines.FindStringSubmatch(s.Note); m != nil {
		d := m[1][0] - '0'
		rows, cols := m[3], m[5]
		if m[2] == "columns" {
			rows, cols = cols, rows
		}
		for _, r := range digitRE.FindAllString(rows, -1) {
			for _, c := range digitRE.FindAllString(cols, -1) {
				if i := int(r[0]-'1')*9 + int(c[0]-'1'); b.Cands[i]&engine.Bit(d) != 0 {
					cells = append(cells, i)
				}
			}
		}
	}
	for _, m := range cellName.FindAllStringSubmatch(s.Note, -1) {
		cells = append(cells, int(m[1][0]-'1')*9+int(m[2][0]-'1'))
	}
	for _, p := range s.Placements {
		cells = append(cells, p.Cell)
	}
	for _, e := range s.Eliminations {
		cells = append(cells, e.Cell)
	}
	slices.Sort(cells)
	return slices.Compact(cells)
}
