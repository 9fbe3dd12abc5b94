package web

import (
	"errors"
	"fmt"

	"github.com/sudokubook/sudokubook/engine"
)

// ErrNotPlayable is wrapped by the error for a puzzle whose kind the page
// does not play: it would draw the grid without its clues.
var ErrNotPlayable = errors.New("the web edition does not play this kind")

// playable refuses a geometry the page cannot draw: a calcudoku's cages
// carry targets and operations the page's script has no drawing for, and
// a kakuro's clue cells and runs the same.
func playable(g *engine.Geometry) error {
	for _, c := range g.Constraints() {
		switch c.(type) {
		case *engine.CalcCages:
			return fmt.Errorf("%w: %s (its cages' targets and operations are not drawn on the page yet; leave html off, or the calcudoku sections out of it with html.puzzles)", ErrNotPlayable, g.Family())
		case *engine.KakuroRuns:
			return fmt.Errorf("%w: %s (its clue cells and runs are not drawn on the page yet; leave html off, or the kakuro sections out of it with html.puzzles)", ErrNotPlayable, g.Family())
		}
	}
	return nil
}

// playsFamily reports whether the page plays kind f, so the generator
// page offers it: not calcudoku nor kakuro (see playable).
func playsFamily(f engine.Family) bool {
	return f.Layer != "calcudoku" && f.Layer != "calcudoku-no-op" && f.Layer != "kakuro"
}
