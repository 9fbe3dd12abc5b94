package engine

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The harness the technique tests share: positions written as a grid plus
// eliminations (finderCase) or drawn as a picture of one digit's places
// (digitCase), the moves a finder must make there, and the checks every
// finder must pass on them.

// finderCase is a position and what one finder must do there. A position is
// a grid of filled cells plus the candidates removed beyond what the filled
// cells rule out. Cases taken from real puzzles are checked against the
// solver's solution; synthetic cases (patterns drawn on a mostly blank grid,
// with many solutions) carry the argument for their soundness in a comment.
type finderCase struct {
	name      string
	grid      string // 81 characters; "" for a blank grid
	elims     string // "r3c7-3 r8c5-79": r8c5 loses 7 and 9
	want      string // exact moves in the finder's order, "r4c6=7 r2c5-3"; "" means it must not fire
	note      string // the exact note, when given, so the sentences a solver reads are reviewed here
	synthetic bool   // not from a unique puzzle
	// cheapest says no rung of ownTechniques below this technique applies
	// here.
	cheapest bool
}

// ownTechniques are the rungs the cheapest check of a case tries, cheapest
// first: singles, locked candidates, subsets, fish and bifurcation. The
// single-digit patterns, wings, colouring, uniqueness and chains are not
// among them: some of them apply at the swordfish, jellyfish, finned fish
// and bifurcation cases too.
var ownTechniques = []Technique{
	FullHouse, NakedSingle, HiddenSingle, Pointing, Claiming,
	NakedPair, HiddenPair, NakedTriple, HiddenTriple, NakedQuad, HiddenQuad,
	XWing, Swordfish, Jellyfish, FinnedXWing, FinnedSwordfish, FinnedJellyfish, Bifurcation,
}

// onlyIn writes the eliminations that leave digit d, within house ("r2",
// "c5" or "b1"), only in the cells keep: for drawing patterns on a blank
// grid.
func onlyIn(d uint8, house string, keep ...string) string {
	n := int(house[1] - '1')
	u := map[byte]int{'r': 0, 'c': 9, 'b': 18}[house[0]] + n
	var out []string
	for _, c := range Units[u] {
		if !slices.Contains(keep, CellName(int(c))) {
			out = append(out, fmt.Sprintf("%s-%d", CellName(int(c)), d))
		}
	}
	return strings.Join(out, " ")
}

// parseMoves reads "r4c6=7 r2c5-39" into placements and eliminations.
func parseMoves(tb testing.TB, s string) ([]Placement, []Elimination) {
	tb.Helper()
	var pl []Placement
	var el []Elimination
	for _, f := range strings.Fields(s) {
		k := strings.IndexAny(f, "=-")
		if len(f) < 6 || f[0] != 'r' || f[2] != 'c' || k != 4 {
			tb.Fatalf("bad move %q", f)
		}
		r, err1 := strconv.Atoi(f[1:2])
		c, err2 := strconv.Atoi(f[3:4])
		if err1 != nil || err2 != nil || r < 1 || c < 1 {
			tb.Fatalf("bad cell in move %q", f)
		}
		cell := (r-1)*9 + c - 1
		for _, ch := range f[5:] {
			if ch < '1' || ch > '9' {
				tb.Fatalf("bad digit in move %q", f)
			}
			d := uint8(ch - '0')
			if f[k] == '=' {
				pl = append(pl, Placement{cell, d})
			} else {
				el = append(el, Elimination{cell, d})
			}
		}
	}
	return pl, el
}

// movesString writes a step's moves in the form parseMoves reads, one digit
// per move.
func movesString(s *Step) string {
	var parts []string
	for _, p := range s.Placements {
		parts = append(parts, fmt.Sprintf("%s=%d", CellName(p.Cell), p.Digit))
	}
	for _, e := range s.Eliminations {
		parts = append(parts, fmt.Sprintf("%s-%d", CellName(e.Cell), e.Digit))
	}
	return strings.Join(parts, " ")
}

// caseBoard builds the position of c.
func caseBoard(tb testing.TB, c finderCase) (Grid, Board) {
	tb.Helper()
	g := Grid{}
	if c.grid != "" {
		var err error
		if g, err = ParseGrid(c.grid); err != nil {
			tb.Fatalf("grid: %v", err)
		}
	}
	b := NewBoard(g)
	_, el := parseMoves(tb, c.elims)
	for k, e := range el {
		// Patterns drawn with onlyIn may overlap; anything else that
		// removes nothing is a typo.
		if !b.Eliminate(e.Cell, e.Digit) && !slices.Contains(el[:k], e) {
			tb.Fatalf("elimination %s-%d removes nothing", CellName(e.Cell), e.Digit)
		}
	}
	return g, b
}

// runFinderCases checks one finder on each case with checkFinderOn, after
// checking, for positions from unique puzzles, that the position and every
// wanted move agree with the solution and, for cheapest cases, that no
// lower rung applies.
func runFinderCases(t *testing.T, tech Technique, cases []finderCase) {
	t.Helper()
	f := finders[tech]
	if f == nil {
		t.Fatalf("%s has no finder", tech)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, b := caseBoard(t, c)
			if !c.synthetic {
				var sv classicSolver
				n, sol := sv.Count(g, 2)
				if n != 1 {
					t.Fatalf("grid has %d solutions, want 1 (mark synthetic cases)", n)
				}
				for i := 0; i < 81; i++ {
					if b.Cells[i] == 0 && b.Cands[i]&Bit(sol[i]) == 0 {
						t.Fatalf("position is wrong: %s lost its answer %d", CellName(i), sol[i])
					}
				}
				pl, el := parseMoves(t, c.want)
				for _, p := range pl {
					if sol[p.Cell] != p.Digit {
						t.Errorf("wanted placement %s=%d is wrong: answer %d", CellName(p.Cell), p.Digit, sol[p.Cell])
					}
				}
				for _, e := range el {
					if sol[e.Cell] == e.Digit {
						t.Errorf("wanted elimination %s-%d removes the answer", CellName(e.Cell), e.Digit)
					}
				}
			}
			if c.cheapest {
				for _, lower := range ownTechniques {
					var s Step
					if lower < tech && finders[lower](&b, &s) {
						t.Errorf("cheaper %s applies: %s", lower, movesString(&s))
					}
				}
			}
			checkFinderOn(t, tech, f, &b, c.want, c.note)
		})
	}
}

// namesTechnique reports whether a note starts by naming its technique, as
// in "hidden single: ..." or "x-wing on 4 ...".
func namesTechnique(note string, tech Technique) bool {
	rest, ok := strings.CutPrefix(note, tech.String())
	return ok && (strings.HasPrefix(rest, ": ") || strings.HasPrefix(rest, " on "))
}

// digitBoard builds a position for single-digit patterns from a picture of
// the places of digit d ('x' has it, '.' has not), one string per row. Every
// cell keeps all the other digits, so no other digit forms a pattern.
func digitBoard(t *testing.T, d uint8, rows ...string) Board {
	t.Helper()
	if len(rows) != 9 {
		t.Fatalf("digit picture has %d rows, want 9", len(rows))
	}
	var b Board
	for r, row := range rows {
		row = strings.ReplaceAll(row, " ", "")
		if len(row) != 9 || strings.Trim(row, "x.") != "" {
			t.Fatalf("digit picture row %d is %q: want 9 of 'x' and '.'", r+1, row)
		}
		for c := 0; c < 9; c++ {
			b.Cands[r*9+c] = AllDigits &^ Bit(d)
			if row[c] == 'x' {
				b.Cands[r*9+c] |= Bit(d)
			}
		}
	}
	return b
}

// onlyCands writes, for a blank grid, the eliminations that leave each
// listed cell with just the given candidates: onlyCands("r2c2=47") is
// "r2c2-1235689".
func onlyCands(cells ...string) string {
	var parts []string
	for _, c := range cells {
		cell, keep, ok := strings.Cut(c, "=")
		if !ok {
			panic("onlyCands: want like r2c2=47, got " + c)
		}
		drop := ""
		for d := '1'; d <= '9'; d++ {
			if !strings.ContainsRune(keep, d) {
				drop += string(d)
			}
		}
		parts = append(parts, cell+"-"+drop)
	}
	return strings.Join(parts, " ")
}

// checkFinderOn runs f, a finder of tech, on b as the grader would, with
// notes and without, and compares its moves with want (in the form of
// finderCase.want) and, when note is set, its note. It also checks that the
// finder leaves the board alone and that the no-note path, the one bulk
// grading takes, allocates nothing.
func checkFinderOn(t *testing.T, tech Technique, f finder, b *Board, want, note string) {
	t.Helper()
	for _, explain := range []bool{true, false} {
		before := *b
		s := Step{explain: explain}
		found := f(b, &s)
		if found && explain {
			writeNote(b, &s)
		}
		if *b != before {
			t.Fatalf("%s changed the board", tech)
		}
		if got := movesString(&s); got != want || found != (want != "") {
			t.Fatalf("explain=%v: %s returned %v with moves %q, want %q (%s)", explain, tech, found, got, want, s.Note)
		}
		if !found {
			continue
		}
		if s.Technique != tech {
			t.Errorf("step technique %s, want %s", s.Technique, tech)
		}
		if explain && note != "" && s.Note != note {
			t.Errorf("note:\n got %q\nwant %q", s.Note, note)
		}
		switch {
		case explain && !namesTechnique(s.Note, tech):
			t.Errorf("note %q does not start with %q", s.Note, tech)
		case !explain && s.Note != "":
			t.Errorf("note %q written without being asked for", s.Note)
		}
	}
	s := Step{Eliminations: make([]Elimination, 0, 81), Placements: make([]Placement, 0, 4)}
	if n := testing.AllocsPerRun(5, func() { startStep(&s, tech); f(b, &s) }); n != 0 {
		t.Errorf("%s allocates %.0f times per call without notes, want 0", tech, n)
	}
}

// digitCase is a single-digit position drawn as a picture (see digitBoard)
// and what the finder must do there: want as in finderCase, note exact
// when set. Pictures are synthetic: their soundness is the argument in the
// technique's comment.
type digitCase struct {
	name    string
	digit   uint8
	picture []string
	want    string
	note    string
}

func runDigitCases(t *testing.T, tech Technique, cases []digitCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := digitBoard(t, tc.digit, tc.picture...)
			checkFinderOn(t, tech, finders[tech], &b, tc.want, tc.note)
		})
	}
}
