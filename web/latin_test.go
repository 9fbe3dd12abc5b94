package web

import (
	"errors"
	"testing"

	"github.com/sudokubook/sudokubook/engine"
)

// TestPlayable: the page plays a futoshiki and refuses a calcudoku and a
// kakuro, whose cages and clue cells it does not draw, with an error that
// says so.
func TestPlayable(t *testing.T) {
	for _, c := range []struct {
		v    engine.Variant
		line string
		ok   bool
	}{
		{engine.Latin, "........./calcudoku:ops:aabccbdde:3+,2-,6x,3:,2", false},
		{engine.Latin, "................/greater-than:some:<..>........:....v..^....", true},
		{engine.Kakuro, "---------..------..---------------------------------------------/kakuro:4,11:3,12", false},
	} {
		geo, _, err := engine.ParseLine(c.v, 0, c.line)
		if err != nil {
			t.Fatalf("%s: %v", c.line, err)
		}
		if err := playable(geo); (err == nil) != c.ok || err != nil && !errors.Is(err, ErrNotPlayable) {
			t.Errorf("%s: playable says %v, want ok %v", c.line, err, c.ok)
		}
	}
}
