package book

import (
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/templates"
	"github.com/sudokubook/sudokubook/wording"
)

// solved returns a valid filled grid: the classic shifted pattern with its
// digits relabelled by k, so that each k gives a different grid.
func solved(k int) engine.Grid {
	var g engine.Grid
	for i := range g {
		r, c := i/9, i%9
		g[i] = uint8((r*3+r/3+c+k)%9 + 1)
	}
	return g
}

// puzzleOf makes an engine puzzle from a solution by blanking every cell
// whose index is a multiple of gap. Its uniqueness is irrelevant here:
// Assemble files puzzles, it does not solve them.
func puzzleOf(k, gap int, l engine.Level) engine.Puzzle {
	sol := solved(k)
	g := sol
	for i := 0; i < 81; i += gap {
		g[i] = 0
	}
	return engine.Puzzle{Geo: engine.Classic9, Givens: g[:], Answer: sol[:], Grading: engine.Grading{Level: l, Score: 10 * k, Hardest: engine.HiddenSingle}}
}

func TestAssemble(t *testing.T) {
	s := load(t, `title: A
sections:
  - {level: easy, count: 2}
  - {level: hard, count: 3, title: The Hard Part}
  - {level: medium, count: 1}
`)
	found := [][]engine.Puzzle{
		{puzzleOf(0, 2, engine.Easy), puzzleOf(1, 2, engine.Easy)},
		{puzzleOf(2, 2, engine.Hard), puzzleOf(3, 3, engine.Hard), puzzleOf(4, 2, engine.Hard)},
		{puzzleOf(5, 2, engine.Medium)},
	}
	b, err := Assemble(s, found)
	if err != nil {
		t.Fatalf("Assemble: %v", err)
	}
	if b.Spec != s {
		t.Errorf("book does not keep its spec")
	}
	titles := []string{"Easy", "The Hard Part", "Medium"}
	for i, sec := range b.Sections {
		if sec.Title != titles[i] {
			t.Errorf("section %d title %q, want %q", i, sec.Title, titles[i])
		}
		if sec.Level != s.Sections[i].Level {
			t.Errorf("section %d level %v, want %v", i, sec.Level, s.Sections[i].Level)
		}
	}
	all := slices.Collect(b.All())
	if len(all) != 6 {
		t.Fatalf("got %d puzzles, want 6", len(all))
	}
	wantSection := []int{0, 0, 1, 1, 1, 2}
	for i, p := range all {
		if p.Number != i+1 {
			t.Errorf("puzzle %d numbered %d, want %d", i, p.Number, i+1)
		}
		if p.Section != wantSection[i] {
			t.Errorf("puzzle %d in section %d, want %d", p.Number, p.Section, wantSection[i])
		}
		if engine.Grid(p.Answer) != solved(i) {
			t.Errorf("puzzle %d: solution out of order", p.Number)
		}
		if p.Clues != engine.Grid(p.Givens).Clues() || p.Score != 10*i || p.Hardest != engine.HiddenSingle {
			t.Errorf("puzzle %d: clues %d score %d hardest %v, want %d, %d, hidden single", p.Number, p.Clues, p.Score, p.Hardest, engine.Grid(p.Givens).Clues(), 10*i)
		}
	}
	if all[3].Clues != 81-27 {
		t.Errorf("puzzle 4 clues %d, want 54", all[3].Clues)
	}
}

func TestAssembleRefuses(t *testing.T) {
	s := load(t, "title: A\nsections: [{level: easy, count: 2}]\n")
	wrongGiven := puzzleOf(1, 2, engine.Easy)
	wrongGiven.Givens[1] = wrongGiven.Answer[1]%9 + 1
	badSolution := puzzleOf(1, 2, engine.Easy)
	badSolution.Answer[0], badSolution.Answer[1] = badSolution.Answer[1], badSolution.Answer[0]
	emptySolution := puzzleOf(1, 2, engine.Easy)
	emptySolution.Answer[80] = 0
	cases := []struct {
		name  string
		found [][]engine.Puzzle
		want  string
	}{
		{"too few sections", nil, "0 sections of puzzles for 1 sections"},
		{"too few puzzles", [][]engine.Puzzle{{puzzleOf(0, 2, engine.Easy)}}, "sections[0] (easy) has 1 puzzles, the spec asks for 2"},
		{"too many puzzles", [][]engine.Puzzle{{puzzleOf(0, 2, engine.Easy), puzzleOf(1, 2, engine.Easy), puzzleOf(2, 2, engine.Easy)}}, "has 3 puzzles"},
		{"wrong level", [][]engine.Puzzle{{puzzleOf(0, 2, engine.Easy), puzzleOf(1, 2, engine.Hard)}}, "puzzle 2 of 2: graded hard, want easy"},
		{"given disagrees", [][]engine.Puzzle{{puzzleOf(0, 2, engine.Easy), wrongGiven}}, "disagrees with the solution"},
		{"solution invalid", [][]engine.Puzzle{{badSolution, puzzleOf(0, 2, engine.Easy)}}, "puzzle 1 of 2: solution:"},
		{"solution incomplete", [][]engine.Puzzle{{emptySolution, puzzleOf(0, 2, engine.Easy)}}, "solution has 0 at r9c9"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Assemble(s, c.found)
			if !errors.Is(err, ErrAssemble) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("Assemble error %v, want ErrAssemble containing %q", err, c.want)
			}
		})
	}
}

// TestAssembleRamp: a section prints its puzzles by rising rating, then
// score, unless it asks for order: shuffle.
func TestAssembleRamp(t *testing.T) {
	ratings := []engine.Rating{72, 45, 72, 23}
	found := func() [][]engine.Puzzle {
		var ps []engine.Puzzle
		for k, r := range ratings {
			p := puzzleOf(k, 2, engine.Easy)
			p.Grading.Rating = r
			p.Grading.Score = 100 - k // the later of the two 7.2s scores less
			ps = append(ps, p)
		}
		return [][]engine.Puzzle{ps}
	}
	for _, tc := range []struct {
		order string
		want  []int // the found index printed at each place
	}{
		{"", []int{3, 1, 2, 0}},
		{"    order: ramp\n", []int{3, 1, 2, 0}},
		{"    order: shuffle\n", []int{0, 1, 2, 3}},
	} {
		s := load(t, "title: R\nsections:\n  - level: easy\n    count: 4\n"+tc.order)
		b, err := Assemble(s, found())
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range b.Sections[0].Puzzles {
			if want := found()[0][tc.want[i]]; !slices.Equal(p.Givens, want.Givens) || p.Number != i+1 {
				t.Errorf("order %q: place %d holds rating %s score %d, want found puzzle %d", tc.order, i+1, p.Rating, p.Score, tc.want[i])
			}
		}
	}
}

// TestHint: the hint is the first step past the singles, the technique
// named in the book's language, in moves any reader can apply; a puzzle
// that singles solve has none.
func TestHint(t *testing.T) {
	for _, tc := range []struct{ lang, grid, want string }{
		{"en", "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..", ""},
		{"en", "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", "pointing (locked candidates, box to line): r"},
		{"de", "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", "gesperrte Kandidaten (Block auf Linie): r"},
	} {
		g := engine.MustParseGrid(tc.grid)
		texts, err := templates.Language(tc.lang)
		if err != nil {
			t.Fatal(err)
		}
		got, err := hint(engine.Puzzle{Geo: engine.Classic9, Givens: g[:]}, texts, nil)
		if err != nil {
			t.Fatal(err)
		}
		if tc.want == "" && got != "" || !strings.HasPrefix(got, tc.want) {
			t.Errorf("%s: hint %q, want it to start %q", tc.grid, got, tc.want)
		}
		if got == "" {
			continue
		}
		// Every move must agree with the solution.
		_, sol := engine.CountSolutions(engine.Classic9, g.Cells(), 2)
		for _, m := range strings.Split(strings.SplitN(got, ": ", 2)[1], ", ") {
			var r, c, d int
			if _, err := fmt.Sscanf(m, "r%dc%d≠%d", &r, &c, &d); err != nil {
				t.Fatalf("move %q: %v", m, err)
			}
			if int(sol[(r-1)*9+c-1]) == d {
				t.Errorf("hint %q removes the answer %d from r%dc%d", got, d, r, c)
			}
		}
	}
}

// TestDrillHint: a drill's hint is the first step of its technique, even
// where an easier one comes first in the solve, in the book's language;
// the same puzzle outside a drill keeps its first step past the singles.
func TestDrillHint(t *testing.T) {
	g := engine.MustParseGrid(".....1....6.95...4..5..239.3.9..4.1.64.....35.1.5..4.9.968..7..7...69.5....4.....")
	p := engine.Puzzle{Geo: engine.Classic9, Givens: g[:]}
	xw := engine.XWing
	for _, tc := range []struct {
		lang  string
		drill *engine.Technique
		want  string
	}{
		{"en", &xw, "X-Wing: r"},
		{"de", &xw, "X-Wing: r"},
		{"en", nil, "pointing (locked candidates, box to line): r"},
	} {
		texts, err := templates.Language(tc.lang)
		if err != nil {
			t.Fatal(err)
		}
		got, err := hintFor(p, texts, nil, tc.drill)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(got, tc.want) {
			t.Errorf("%s, drill %v: hint %q, want it to start %q", tc.lang, tc.drill, got, tc.want)
		}
	}
}

// TestLessons: a lesson per hardest technique beyond singles, from a
// puzzle made for it where the step first uses it, with the step's cells
// shaded: for an x-wing, its four corners and its targets.
func TestLessons(t *testing.T) {
	b := &Book{Spec: &Spec{Tutorial: true, Seed: 3}}
	grids := []string{
		"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..", // singles
		"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", // pointing
	}
	var sec Section
	for k, s := range grids {
		g := engine.MustParseGrid(s)
		res, err := engine.Grade(engine.Classic9, g.Cells(), engine.GradeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		sol, err := engine.Solve(engine.Classic9, g.Cells())
		if err != nil {
			t.Fatal(err)
		}
		sec.Puzzles = append(sec.Puzzles, Puzzle{Number: k + 1, Level: res.Level, Geo: engine.Classic9, Givens: g[:], Answer: sol, Hardest: res.Hardest})
	}
	b.Sections = []Section{sec}
	ls, err := b.Lessons()
	if err != nil {
		t.Fatal(err)
	}
	if len(ls) != 1 || ls[0].Technique != engine.Pointing || ls[0].Step.Technique != engine.Pointing {
		t.Fatalf("lessons %+v, want one pointing lesson", ls)
	}
	l := ls[0]
	if slices.Equal(l.Puzzle.Givens, sec.Puzzles[1].Givens) || l.Puzzle.Number != 0 {
		t.Errorf("the lesson is puzzle %d of the book, want one made for it", l.Puzzle.Number)
	}
	if !engine.Unique(engine.Classic9, l.Puzzle.Givens) {
		t.Error("the lesson's puzzle has not one solution")
	}
	// A lesson is told in words even without step_words: a page that
	// teaches reads as a sentence.
	if want := "in box "; !strings.HasPrefix(l.Told, want) {
		t.Errorf("a book without step_words tells its lesson %q, want it to start %q", l.Told, want)
	}
	if !slices.Equal(l.Targets, targetCells(l.Step)) || len(l.Pattern) == 0 {
		t.Errorf("pattern %v, targets %v: want the pattern's cells and the step's", l.Pattern, l.Targets)
	}
	for _, c := range l.Pattern {
		if slices.Contains(l.Targets, c) {
			t.Errorf("%s is both in the pattern and a target", engine.CellName(c))
		}
	}
	de := &Book{Spec: &Spec{Language: "de", StepWords: true, Tutorial: true, Seed: 3}, Sections: b.Sections}
	told, err := de.Lessons()
	if err != nil {
		t.Fatal(err)
	}
	if want := "in Block "; len(told) != 1 || !strings.HasPrefix(told[0].Told, want) {
		t.Errorf("with step_words in German the lessons are %+v, want one starting %q", told, want)
	}
	for _, e := range l.Step.Eliminations {
		if l.Board.Cands[e.Cell]&engine.Bit(e.Digit) == 0 {
			t.Errorf("the lesson's board lacks the candidate %d in %s that the step removes", e.Digit, engine.CellName(e.Cell))
		}
		if !slices.Contains(l.Shade, e.Cell) {
			t.Errorf("target %s not shaded", engine.CellName(e.Cell))
		}
	}
	var board engine.Board
	board = engine.NewBoard(engine.MustParseGrid("1....2..3" + strings.Repeat(".", 72)))
	// An x-wing on 4 in rows 2 and 7 (columns 3 and 8): 4 leaves r5c3.
	fish := engine.Step{Technique: engine.XWing, Eliminations: []engine.Elimination{{Cell: 38, Digit: 4}},
		Pattern: engine.Pattern{Parts: []engine.Part{{Role: engine.RoleDigit, Digits: engine.Bit(4)},
			{Role: engine.RoleBase, Houses: []int{1, 6}}, {Role: engine.RoleCover, Houses: []int{9 + 2, 9 + 7}}}}}
	if got := stepCells(engine.Classic9, &board, fish); !slices.Equal(got, []int{11, 16, 38, 56, 61}) {
		t.Errorf("x-wing cells %v, want r2c3 r2c8 r5c3 r7c3 r7c8 (11 16 38 56 61)", got)
	}
}

// TestTechniqueNames: every language names every rung of the engine's
// ladder (templates' own test checks each language has English's keys), and
// names nothing the ladder does not have.
func TestTechniqueNames(t *testing.T) {
	en, err := templates.Language("en")
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{}
	for tc := range engine.NumTechniques {
		known[tc.String()] = true
		if _, ok := en.Techniques[tc.String()]; !ok {
			t.Errorf("templates/lang/en.yaml names no technique %q: add it to techniques in every language", tc)
		}
	}
	for name := range en.Techniques {
		if !known[name] {
			t.Errorf("templates/lang/en.yaml names technique %q, which the engine does not have", name)
		}
	}
}

// TestAssemblePuzzlesInPlace: AssemblePuzzles makes each section of the
// found list itself, in print order, with no second copy of the puzzles
// (a big book holds its puzzles once), and prints what Assemble prints.
func TestAssemblePuzzlesInPlace(t *testing.T) {
	ratings := []engine.Rating{72, 45, 72, 23, 30, 10, 90}
	var ps []Puzzle
	var eng []engine.Puzzle
	for k, r := range ratings {
		p := puzzleOf(k, 2, engine.Easy)
		p.Grading.Rating = r
		eng = append(eng, p)
		ps = append(ps, FromEngine(p))
	}
	s := load(t, "title: R\nsections:\n  - level: easy\n    count: 7\n")
	b, err := AssemblePuzzles(s, [][]Puzzle{ps})
	if err != nil {
		t.Fatal(err)
	}
	if got := b.Sections[0].Puzzles; &got[0] != &ps[0] {
		t.Errorf("the section is a copy of the found list, want the list itself")
	}
	want, err := Assemble(s, [][]engine.Puzzle{eng})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(b.Sections, want.Sections) {
		t.Errorf("AssemblePuzzles printed %+v\nAssemble printed %+v", b.Sections, want.Sections)
	}
	for i, p := range ps {
		if i > 0 && p.Rating < ps[i-1].Rating {
			t.Errorf("place %d rates %s after %s: not in print order", i+1, p.Rating, ps[i-1].Rating)
		}
	}
}

// TestPermute holds permute to its definition on every order of four
// puzzles: ps[j] becomes the old ps[order[j]].
func TestPermute(t *testing.T) {
	var orders [][]int
	var perms func(prefix []int, rest []int)
	perms = func(prefix, rest []int) {
		if len(rest) == 0 {
			orders = append(orders, slices.Clone(prefix))
		}
		for i := range rest {
			perms(append(prefix, rest[i]), append(slices.Clone(rest[:i]), rest[i+1:]...))
		}
	}
	perms(nil, []int{0, 1, 2, 3})
	if len(orders) != 24 {
		t.Fatalf("%d orders, want 24", len(orders))
	}
	for _, order := range orders {
		ps := []Puzzle{{Number: 10}, {Number: 11}, {Number: 12}, {Number: 13}}
		permute(ps, slices.Clone(order))
		for j, p := range ps {
			if p.Number != 10+order[j] {
				t.Errorf("order %v: place %d holds %d, want %d", order, j, p.Number, 10+order[j])
			}
		}
	}
}

// TestHintInWords: with step_words, the hint is the step told in the
// book's language from its template, naming the pattern's houses and
// what it removes; and step_words with neither hints nor a tutorial is
// refused.
func TestHintInWords(t *testing.T) {
	g := engine.MustParseGrid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	for _, tc := range []struct{ lang, want string }{
		{"en", `^pointing: in box \d the \ds lie in (row|column) \d, so \d leaves r\dc\d`},
		{"fr", `^paire pointante\x{a0}: dans le carré \d les \d sont sur la (ligne|colonne) \d, donc le \d quitte r\dc\d`},
		{"es", `^candidato señalador: en la caja \d los \d están en la (fila|columna) \d, así que el \d sale de r\dc\d`},
	} {
		texts, err := templates.Language(tc.lang)
		if err != nil {
			t.Fatal(err)
		}
		words, err := wording.New(tc.lang)
		if err != nil {
			t.Fatal(err)
		}
		got, err := hint(engine.Puzzle{Geo: engine.Classic9, Givens: g[:]}, texts, words)
		if err != nil {
			t.Fatal(err)
		}
		if !regexp.MustCompile(tc.want).MatchString(got) {
			t.Errorf("%s: hint %q, want %s", tc.lang, got, tc.want)
		}
	}
	s := Default()
	s.Title = "Words"
	s.Sections = []SectionSpec{{Level: engine.Medium, Count: 5}}
	s.StepWords = true
	if err := s.Validate(); err == nil || !strings.Contains(err.Error(), "step_words") {
		t.Errorf("step_words without hints or tutorial: %v, want an error naming step_words", err)
	}
	s.Hints = true
	if err := s.Validate(); err != nil {
		t.Errorf("step_words with hints: %v", err)
	}
}
