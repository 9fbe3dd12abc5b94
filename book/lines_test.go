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

// TestEachLineClassicFastPath holds the reader's way with plain 81-byte
// lines to the text parse every other line takes: each line gives the
// puzzle ParseLine gives, whether read alone, among lines that are not
// plain (a kind column, a blank, a comment, CRLF ends, a BOM) or with a
// kind named; and the cells of a line a caller keeps stay its own after
// hundreds more lines are read, though many lines share one allocation.
func TestEachLineClassicFastPath(t *testing.T) {
	rows := []string{
		"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
		"52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
		"6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
	}
	var in strings.Builder
	in.WriteString("\ufeff" + rows[0] + "\r\n# a comment\n\n")
	var want []string
	want = append(want, rows[0])
	for i := range 400 {
		r := rows[i%len(rows)]
		// Vary the lines so that a kept slice overwritten by a later
		// line would show.
		r = r[:i%81] + "." + r[i%81+1:]
		switch i % 7 {
		case 3:
			in.WriteString(r + "\tvariant=classic size=9\n")
		case 5:
			in.WriteString("  " + r + "\r\n")
		default:
			in.WriteString(r + "\n")
		}
		want = append(want, r)
	}
	for _, lk := range []LineKinds{{}, {Variant: Variant{Variant: engine.Classic}, Size: 9, Named: true}} {
		var got []Line
		err := EachLine(strings.NewReader(in.String()), "in", lk, func(_ int, p Line) error {
			got = append(got, p)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Fatalf("%+v: %d lines read, want %d", lk, len(got), len(want))
		}
		for i, p := range got {
			ref, err := ParseLine(Variant{Variant: engine.Classic}.Kind(9), want[i])
			if err != nil {
				t.Fatal(err)
			}
			if p.Geo != ref.Geo || !slices.Equal(p.Cells, ref.Cells) {
				t.Fatalf("%+v: line %d read as %s, want %s", lk, i, engine.FormatLine(p.Geo, p.Cells), want[i])
			}
		}
	}
}

// TestKindColumnOfKakuro: a kakuro's kind column names its frame's side
// (12 here), not its digits' 9, so the line generate writes reads back.
func TestKindColumnOfKakuro(t *testing.T) {
	const text = "----------------...-..----.....-..----....--..---...-....----..--.....---...-----...---.....--..----....-...---..--....----..-.....----..-...---/kakuro:24,11,21,7,28,12,21,18,5,15,12,24,28,17,26,10,4,11,8,26,14,19:17,19,17,34,9,32,11,15,8,7,11,12,25,17,30,17,4,23,21,9,19,4"
	p, err := LineKinds{}.Parse(text, "variant=kakuro size=12")
	if err != nil {
		t.Fatal(err)
	}
	if got := KindColumnOf(p.Geo); got != "variant=kakuro size=12" {
		t.Fatalf("KindColumnOf = %q, want variant=kakuro size=12", got)
	}
	back, err := LineKinds{}.Parse(engine.FormatLine(p.Geo, p.Cells), KindColumnOf(p.Geo))
	if err != nil || !slices.Equal(back.Cells, p.Cells) {
		t.Fatalf("the line does not read back: %v", err)
	}
}
