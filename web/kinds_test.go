package web

import (
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/templates"
)

// TestKindsGeom: a calcudoku's shape carries its cage map and printed
// clues, a kakuro's its shape and its clues in the engine's order, both
// their solutions; a page of either carries the kind script, a page of
// sudoku does not.
func TestKindsGeom(t *testing.T) {
	calc, cgiv, err := engine.ParseLine(engine.Latin, 0, "................/calcudoku:ops:aabbababcbdacddd:8x,24x,4x,3,1-,10+,1")
	if err != nil {
		t.Fatal(err)
	}
	g, answer := geomOf(calc)
	// Cages by their first cells, ( the first: r1c1 r1c2 r2c1, then
	// r1c3 r1c4 r2c4, r2c2 r3c2, r2c3, r3c1 r4c1, r3c3 r4c2-4, r3c4.
	if want := "(())(*+),*-.,---"; g.Calc != want || g.CalcClues != "8×,24×,4×,3,1−,10+,1" || !answer {
		t.Errorf("calcudoku cages %q, clues %q (solution carried %v), want %s and 8×,24×,4×,3,1−,10+,1 with the solution", g.Calc, g.CalcClues, answer, want)
	}
	// Two across runs (4 and 11) over two down runs (3 and 12) in the
	// corner of an 8x8 frame: 1 3 over 2 9.
	kakuro, kgiv, err := engine.ParseLine(engine.Kakuro, 0, "---------..------..---------------------------------------------/kakuro:4,11:3,12")
	if err != nil {
		t.Fatal(err)
	}
	k, answer := geomOf(kakuro)
	if want := strings.Repeat("-", 9) + ".." + strings.Repeat("-", 6) + ".." + strings.Repeat("-", 45); k.Kakuro != want || k.N != 8 || k.Digits != 9 || !answer {
		t.Errorf("kakuro shape %q on %d places a side, %d digits (solution carried %v), want %q on 8, 9 digits, with the solution", k.Kakuro, k.N, k.Digits, answer, want)
	}
	if want := string([]byte{cageBase + 4, cageBase + 11, cageBase + 3, cageBase + 12}); k.Clues != want {
		t.Errorf("kakuro clues %q, want %q", k.Clues, want)
	}
	en, _ := templates.Language("en")
	words := mustWords(t, "en")
	classic := engine.MustParseGrid(".9.1..5......598..2.....7.9...4.3..27..6.1..81..8.5...8.6.....5..753......5..6.4.").Cells()
	classicAnswer := digitCells("398167524674259831251348769589473612742691358163825497836914275417532986925786143")
	for _, c := range []struct {
		geo            *engine.Geometry
		givens, answer []uint8
		script         bool
	}{
		{calc, cgiv, digitCells("1243413234212314"), true},
		{engine.Classic9, classic, classicAnswer, false},
		{kakuro, kgiv, []uint8{1, 3, 2, 9}, true},
	} {
		d, err := dataOf("Kinds", []item{{number: 1, section: section{Title: "t", Level: "Easy"}, geo: c.geo, givens: c.givens, answer: c.answer}}, en, words)
		if err != nil {
			t.Fatalf("%s: %v", c.geo.Family(), err)
		}
		page, err := render(d)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(string(page), "window.sbKind="); got != c.script {
			t.Errorf("%s: the page carries the kind script: %v, want %v", c.geo.Family(), got, c.script)
		}
		if a := d.Puzzles[0].A; c.script && len(a) != c.geo.Width*c.geo.Width {
			t.Errorf("%s: the solution %q is not a symbol a place", c.geo.Family(), a)
		}
	}
}

func digitCells(s string) []uint8 {
	out := make([]uint8, len(s))
	for i := range s {
		out[i] = s[i] - '0'
	}
	return out
}
