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
// carry targets and operations the page's script has no drawing for.
func playable(g *engine.Geometry) error {
	for _, c := range g.Constraints() {
		if _, ok := c.(*engine.CalcCages); ok {
			return fmt.Errorf("%w: %s (its cages' targets and operations are not drawn on the page yet; leave html off, or the calcudoku sections out of it with html.puzzles)", ErrNotPlayable, g.Family())
		}
	}
	return nil
}

// playsFamily reports whether the page plays kind f, so the generator
// page offers it: not calcudoku (see playable).
func playsFamily(f engine.Family) bool {
	return f.Layer != "calcudoku" && f.Layer != "calcudoku-no-op"
}
