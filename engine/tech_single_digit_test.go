package engine

import (
	"strings"
	"testing"
)

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
		switch {
		case explain && note != "" && s.Note != note:
			t.Errorf("note:\n got %q\nwant %q", s.Note, note)
		case explain && !namesTechnique(s.Note, tech):
			t.Errorf("note %q does not start with %q", s.Note, tech)
		case !explain && s.Note != "":
			t.Errorf("note %q written without being asked for", s.Note)
		}
	}
	s := Step{Eliminations: make([]Elimination, 0, 81), Placements: make([]Placement, 0, 4)}
	if n := testing.AllocsPerRun(5, func() { f(b, &s) }); n != 0 {
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

// noteCase pins the whole note of one position, so the sentences a solver
// reads are reviewed here rather than discovered in a book.
type noteCase struct {
	tech Technique
	pos  finderCase
	note string
}

// checkNoteCases runs each case through checkFinderOn.
func checkNoteCases(t *testing.T, cases []noteCase) {
	t.Helper()
	for _, nc := range cases {
		t.Run(nc.pos.name, func(t *testing.T) {
			_, b := caseBoard(t, nc.pos)
			checkFinderOn(t, nc.tech, finders[nc.tech], &b, nc.pos.want, nc.note)
		})
	}
}

func TestSkyscraper(t *testing.T) {
	runDigitCases(t, Skyscraper, []digitCase{
		{
			name: "rows on column 2", digit: 4,
			picture: []string{
				".x. ... x..",
				"... ... .x.",
				"... ... .x.",
				"... ... x..",
				".x. ... .x.",
				"... ... x..",
				"... ... ...",
				"... ... ...",
				"... ... ...",
			},
			want: "r2c8-4 r3c8-4 r4c7-4 r6c7-4",
			note: "skyscraper on 4: the row pairs r1c2=r1c7 and r5c2=r5c8 stand on column 2, so r1c7 or r5c8 holds 4: 4 leaves r2c8, r3c8, r4c7, r6c7",
		},
		{
			name: "tops aligned is an x-wing", digit: 4,
			picture: []string{
				".x. ... x..",
				"... ... ...",
				"... ... x..",
				"... ... x..",
				".x. ... x..",
				"... ... x..",
				"... ... ...",
				"... ... ...",
				"... ... ...",
			},
		},
		{
			name: "pairs on no common line", digit: 4,
			picture: []string{
				".x. ... x..",
				"... ... .x.",
				"... ... ...",
				"... ... ...",
				"x.. ... .x.",
				"... ... x..",
				"... ... ...",
				"... ... ...",
				"... ... ...",
			},
		},
	})
	runFinderCases(t, Skyscraper, []finderCase{
		{
			name: "columns on row 8",
			grid: "1......96.6...17..9...6.2.1.1.3.26.....17...87...4..1.2.1.3986..8..1....4..82.1..",
			want: "r5c6-6 r6c3-6",
		},
		{
			name: "rows on column 6",
			grid: "143792685952684..7876.5.94273581926429.46.7..46..27.9..29.7.4..5.4236.79..794..2.",
			want: "r6c7-5 r7c8-5",
		},
	})
}

func TestTwoStringKite(t *testing.T) {
	runDigitCases(t, TwoStringKite, []digitCase{
		{
			name: "meet in box 1", digit: 5,
			picture: []string{
				".x. ... .x.",
				"x.. ... ...",
				"... ... ...",
				"... ... ...",
				"... ... ...",
				"... ... ...",
				"... ... ...",
				"x.. ... .x.",
				"... ... ...",
			},
			want: "r8c8-5",
			note: "2-string kite on 5: the row pair r1c2=r1c8 and the column pair r2c1=r8c1 meet in box 1, so r1c8 or r8c1 holds 5: 5 leaves r8c8",
		},
		{
			name: "row pair inside the box", digit: 5,
			picture: []string{
				".xx ... ...",
				"x.. ... ...",
				"... ... ...",
				"... ... ...",
				"... ... ...",
				"... ... ...",
				"... ... ...",
				"x.x ... ...",
				"... ... ...",
			},
		},
		{
			name: "ends in different boxes", digit: 5,
			picture: []string{
				"... x.. .x.",
				"x.. ... ...",
				"... ... ...",
				"... ... ...",
				"... ... ...",
				"... ... ...",
				"... ... ...",
				"x.. ... .x.",
				"... ... ...",
			},
		},
	})
	runFinderCases(t, TwoStringKite, []finderCase{
		{
			name: "box 1",
			grid: "5..2..3......8..9...2.34..66..1..9...1.....4...7..3..87..3..4...9..7..2...5..6..9",
			want: "r5c4-9",
		},
		{
			name: "box 6",
			grid: "4.6...8.22.74....63.12...4564987.2.15.26...898.3...6..7643..5281385...9.925748163",
			want: "r2c6-3",
		},
	})
}

func TestEmptyRectangle(t *testing.T) {
	runDigitCases(t, EmptyRectangle, []digitCase{
		{
			name: "column pair", digit: 3,
			picture: []string{
				"... ... ...",
				"xx. ... .x.",
				".x. ... ...",
				"... ... ...",
				"... ... ...",
				"... ... ...",
				".x. ... .x.",
				"... ... ...",
				"... ... ...",
			},
			want: "r7c2-3",
			note: "empty rectangle on 3: in box 1, 3 lies only on row 2 and column 2; with the pair r2c8=r7c8, r7c2 would leave box 1 without 3: 3 leaves r7c2",
		},
		{
			name: "row pair", digit: 3,
			picture: []string{
				"... ... ...",
				"xx. ... .x.",
				".x. ... ...",
				"... ... ...",
				"... ... .x.",
				"... ... ...",
				".x. ... .x.",
				"... ... ...",
				"... ... ...",
			},
			want: "r2c8-3",
		},
		{
			name: "box places not on a cross", digit: 3,
			picture: []string{
				"x.. ... ...",
				".x. ... .x.",
				"..x ... ...",
				"... ... ...",
				"... ... ...",
				"... ... ...",
				".x. ... .x.",
				"... ... ...",
				"... ... ...",
			},
		},
		{
			name: "pair ends in the box's band", digit: 3,
			picture: []string{
				"... ... ...",
				"xx. ... .x.",
				".x. ... .x.",
				"... ... ...",
				"... ... ...",
				"... ... ...",
				".x. ... ...",
				"... ... ...",
				"... ... ...",
			},
		},
	})
	runFinderCases(t, EmptyRectangle, []finderCase{
		{
			name: "box 4",
			grid: "12..795688....2.9.9.........61..79..39.1........96.4....2.9....689...14....8...29",
			want: "r4c4-4",
		},
		{
			name: "box 3",
			grid: "..25..946.5.6..28..64.923..38.47.12.41..2....297......6..95...25..2...1..2..8....",
			want: "r9c9-7",
		},
	})
}
