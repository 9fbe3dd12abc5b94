package wording

import (
	"fmt"
	"strings"

	"github.com/sudokubook/sudokubook/engine"
)

// Explain tells each step of a solve of givens on geo, in order: in the
// templates of language code, or, for code "", in explain's own English
// notes (engine: a step's Note), those templates telling any step that
// has none.
func Explain(geo *engine.Geometry, givens []uint8, steps []engine.Step, code string) ([]string, error) {
	lang := code
	if lang == "" {
		lang = "en"
	}
	w, err := New(lang)
	if err != nil {
		return nil, err
	}
	b := engine.NewBoardOn(geo, givens)
	out := make([]string, len(steps))
	for i := range steps {
		s := &steps[i]
		if out[i] = s.Note; code != "" || s.Note == "" {
			out[i] = w.Step(geo, &b, *s)
		}
		b.Apply(s)
	}
	return out, nil
}

// Moves writes a step's moves in a notation of no language: "r5c3=4"
// (r5c3 is 4), "r5c3≠4" (4 leaves r5c3), joined by ", ".
func Moves(geo *engine.Geometry, s engine.Step) string {
	var moves []string
	for _, p := range s.Placements {
		moves = append(moves, fmt.Sprintf("%s=%c", geo.CellName(p.Cell), engine.Symbol(p.Digit)))
	}
	for _, e := range s.Eliminations {
		moves = append(moves, fmt.Sprintf("%s≠%c", geo.CellName(e.Cell), engine.Symbol(e.Digit)))
	}
	return strings.Join(moves, ", ")
}
