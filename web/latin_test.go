package web

import (
	"errors"
	"testing"

	"github.com/sudokubook/sudokubook/engine"
)

// TestPlayable: the page plays a futoshiki and refuses a calcudoku, whose
// cages it does not draw, with an error that says so.
func TestPlayable(t *testing.T) {
	for _, c := range []struct {
		line string
		ok   bool
	}{
		{"........./calcudoku:ops:aabccbdde:3+,2-,6x,3:,2", false},
		{"................/greater-than:some:<..>........:....v..^....", true},
	} {
		geo, _, err := engine.ParseLine(engine.Latin, 0, c.line)
		if err != nil {
			t.Fatalf("%s: %v", c.line, err)
		}
		if err := playable(geo); (err == nil) != c.ok || err != nil && !errors.Is(err, ErrNotPlayable) {
			t.Errorf("%s: playable says %v, want ok %v", c.line, err, c.ok)
		}
	}
}
