package book

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/engine"
)

// FuzzKindColumns feeds the line reader of grade and bank import (no kind
// named) lines with kind columns: it never panics, every error is ErrLine
// naming the source, and a line it reads with a kind column reads back the
// same from the line bank export would write of it.
func FuzzKindColumns(f *testing.F) {
	f.Add(strings.Repeat(".", 16) + "\tvariant=x size=4\n")
	f.Add("1..4.2......3..1/1122112234442334\teasy\t1\tx\t1.0\tvariant=jigsaw size=4\n")
	f.Add("................/abaaababbccbbbaa/6,4,8,6,8,5,3\tvariant=killer\n")
	f.Add(strings.Repeat("-", 441) + "\tvariant=samurai size=9\n")
	f.Add("x\tvariant=flower size=16 size=\tsize=4\n")
	f.Add("................/calcudoku:ops:abbbbaccbadaddda:2,8+,7+,4:,2x,10+,1-\tvariant=calcudoku size=4\n")
	f.Add("................/calcudoku:targets:abbbbaccbadaddda:2,8,7,4,2,10,1\tvariant=calcudoku-no-op\n")
	f.Add("........................./greater-than:some:<>><><>.<.>>>>.<><.>:^...vv^...^vvv^vv^..\tvariant=futoshiki size=5\n")
	f.Fuzz(func(t *testing.T, in string) {
		err := EachLine(strings.NewReader(in), "in", LineKinds{}, func(line int, p Line) error {
			if p.Kind == "" {
				return nil
			}
			again, err := LineKinds{}.Parse(engine.FormatLine(p.Geo, p.Cells), p.Kind)
			if err != nil || again.Kind != p.Kind || !slices.Equal(again.Cells, p.Cells) || engine.FormatLine(again.Geo, again.Cells) != engine.FormatLine(p.Geo, p.Cells) {
				t.Fatalf("line %d (%s) read back as %s, %v", line, p.Kind, again.Kind, err)
			}
			return nil
		})
		if err != nil && (!errors.Is(err, ErrLine) || !strings.HasPrefix(err.Error(), "in:")) {
			t.Fatalf("error %v is not an input error naming the line", err)
		}
	})
}
