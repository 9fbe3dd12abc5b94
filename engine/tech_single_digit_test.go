package engine

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// emptyGrid is the blank puzzle: every cell has every candidate.
const emptyGrid = "................................................................................."

// finderCase is one position for a finder: the board is the puzzle's
// candidates after the edits; want lists the step exactly ("r5c8-9" for an
// elimination, "r2c2=7" for a placement), empty when the finder must not
// fire. With unique set the puzzle is solved and every candidate of the
// position and every change of the step is checked against the solution.
type finderCase struct {
	name   string
	puzzle string
	edits  []string
	want   []string
	note   string // when set, the exact note
	unique bool
}

// cellEdit reads "r4c8-69" (remove 6 and 9), "r4c8=69" (keep exactly 6 and
// 9) or "r4c8+6" (add 6, for positions no puzzle reaches).
func cellEdit(t *testing.T, e string) (cell int, op byte, digits uint16) {
	t.Helper()
	var r, c int
	var ds string
	if len(e) < 6 || e[0] != 'r' || e[2] != 'c' {
		t.Fatalf("bad edit %q: want like r4c8-69", e)
	}
	if _, err := fmt.Sscanf(e[:4], "r%1dc%1d", &r, &c); err != nil || r < 1 || r > 9 || c < 1 || c > 9 {
		t.Fatalf("bad cell in edit %q", e)
	}
	op, ds = e[4], e[5:]
	if !strings.ContainsRune("-=+", rune(op)) {
		t.Fatalf("bad operator in edit %q: want -, = or +", e)
	}
	for _, ch := range ds {
		if ch < '1' || ch > '9' {
			t.Fatalf("bad digit %q in edit %q", ch, e)
		}
		digits |= Bit(uint8(ch - '0'))
	}
	return (r-1)*9 + c - 1, op, digits
}

// candBoard builds a position: the puzzle's candidates, then the edits.
func candBoard(t *testing.T, puzzle string, edits ...string) Board {
	t.Helper()
	g, err := ParseGrid(puzzle)
	if err != nil {
		t.Fatalf("puzzle %q: %v", puzzle, err)
	}
	b := NewBoard(g)
	for _, e := range edits {
		cell, op, ds := cellEdit(t, e)
		if g[cell] != 0 {
			t.Fatalf("edit %q touches the filled cell %s", e, CellName(cell))
		}
		switch op {
		case '-':
			b.Cands[cell] &^= ds
		case '=':
			b.Cands[cell] = ds
		case '+':
			b.Cands[cell] |= ds
		}
	}
	return b
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

// stepText writes a step the way finderCase.want spells it.
func stepText(s *Step) []string {
	var out []string
	for _, p := range s.Placements {
		out = append(out, fmt.Sprintf("%s=%d", CellName(p.Cell), p.Digit))
	}
	for _, e := range s.Eliminations {
		out = append(out, fmt.Sprintf("%s-%d", CellName(e.Cell), e.Digit))
	}
	return out
}

// runFinderCases checks finder f of technique tech on each case, with and
// without notes.
func runFinderCases(t *testing.T, tech Technique, cases []finderCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := candBoard(t, tc.puzzle, tc.edits...)
			checkFinderOn(t, tech, finders[tech], &b, tc)
		})
	}
}

// checkFinderOn runs f, a finder of tech, on b as the grader would, twice
// (notes on and off), and compares the step with tc.
func checkFinderOn(t *testing.T, tech Technique, f finder, b *Board, tc finderCase) {
	t.Helper()
	var sol Grid
	if tc.unique {
		var err error
		if sol, err = Solve(b.Cells); err != nil {
			t.Fatalf("position's puzzle: %v", err)
		}
		for i := 0; i < 81; i++ {
			if b.Cells[i] == 0 && b.Cands[i]&Bit(sol[i]) == 0 {
				t.Fatalf("position lacks the solution's %d in %s: the edits are wrong", sol[i], CellName(i))
			}
		}
	}
	for _, explain := range []bool{true, false} {
		before := *b
		s := Step{explain: explain, Note: "stale", Eliminations: []Elimination{{Cell: 80, Digit: 9}}}
		fired := f(b, &s)
		if *b != before {
			t.Fatalf("%s changed the board", tech)
		}
		if !fired {
			if len(tc.want) > 0 {
				t.Fatalf("%s did not fire, want %v", tech, tc.want)
			}
			continue
		}
		got := stepText(&s)
		if len(tc.want) == 0 {
			t.Fatalf("%s fired, want nothing: got %v (%s)", tech, got, s.Note)
		}
		if s.Technique != tech {
			t.Errorf("step technique: got %s want %s", s.Technique, tech)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: got %v want %v (%s)", tech, got, tc.want, s.Note)
		}
		switch {
		case explain && s.Note == "":
			t.Errorf("no note with Explain on")
		case explain && tc.note != "" && s.Note != tc.note:
			t.Errorf("note:\n got %q\nwant %q", s.Note, tc.note)
		case !explain && s.Note != "":
			t.Errorf("note %q written with Explain off", s.Note)
		}
		if tc.unique {
			if msg := checkStep(b, &s, sol); msg != "" {
				t.Errorf("unsound: %s", msg)
			}
		}
	}
	// Bulk grading calls finders without notes millions of times: that
	// path must not allocate once the step's slices have room.
	s := Step{Eliminations: make([]Elimination, 0, 81), Placements: make([]Placement, 0, 4)}
	if n := testing.AllocsPerRun(5, func() { f(b, &s) }); n != 0 {
		t.Errorf("%s allocates %.0f times per call without notes, want 0", tech, n)
	}
}

// digitCase is a finderCase on a digitBoard picture.
type digitCase struct {
	name    string
	digit   uint8
	picture []string
	want    []string
	note    string
}

func runDigitCases(t *testing.T, tech Technique, cases []digitCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := digitBoard(t, tc.digit, tc.picture...)
			checkFinderOn(t, tech, finders[tech], &b, finderCase{want: tc.want, note: tc.note})
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
			want: []string{"r2c8-4", "r3c8-4", "r4c7-4", "r6c7-4"},
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
			name:   "columns on row 8",
			puzzle: "1......96.6...17..9...6.2.1.1.3.26.....17...87...4..1.2.1.3986..8..1....4..82.1..",
			want:   []string{"r5c6-6", "r6c3-6"},
			unique: true,
		},
		{
			name:   "rows on column 6",
			puzzle: "143792685952684..7876.5.94273581926429.46.7..46..27.9..29.7.4..5.4236.79..794..2.",
			want:   []string{"r6c7-5", "r7c8-5"},
			unique: true,
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
			want: []string{"r8c8-5"},
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
			name:   "box 1",
			puzzle: "5..2..3......8..9...2.34..66..1..9...1.....4...7..3..87..3..4...9..7..2...5..6..9",
			want:   []string{"r5c4-9"},
			unique: true,
		},
		{
			name:   "box 6",
			puzzle: "4.6...8.22.74....63.12...4564987.2.15.26...898.3...6..7643..5281385...9.925748163",
			want:   []string{"r2c6-3"},
			unique: true,
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
			want: []string{"r7c2-3"},
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
			want: []string{"r2c8-3"},
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
			name:   "box 4",
			puzzle: "12..795688....2.9.9.........61..79..39.1........96.4....2.9....689...14....8...29",
			want:   []string{"r4c4-4"},
			unique: true,
		},
		{
			name:   "box 3",
			puzzle: "..25..946.5.6..28..64.923..38.47.12.41..2....297......6..95...25..2...1..2..8....",
			want:   []string{"r9c9-7"},
			unique: true,
		},
	})
}
