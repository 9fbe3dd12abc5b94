package book

import (
	"slices"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/templates"
	"github.com/sudokubook/sudokubook/wording"
)

// TestForcingChainLesson: a tutorial book whose hardest puzzle needs a
// forcing chain teaches one, from a grid made for the page and so no
// puzzle of the book. The start cell is drawn as pattern, the cells the
// branches force are pattern, the conclusion a target; and the sentence,
// in every language, names the start cell's choices, each branch's
// supposition and the singles it forces, and the conclusion, all read
// from the step's pattern.
func TestForcingChainLesson(t *testing.T) {
	g, err := engine.ParseGrid("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	if err != nil {
		t.Fatal(err)
	}
	res, err := engine.NewGrader().Grade(engine.Classic9, g[:], engine.GradeOptions{})
	if err != nil || res.Hardest != engine.ForcingChain {
		t.Fatalf("the book's puzzle grades %v (%v), want a forcing chain", res.Hardest, err)
	}
	p := Puzzle{Number: 1, Level: res.Level, Geo: engine.Classic9, Givens: g[:], Hardest: res.Hardest}
	b := &Book{Spec: &Spec{Tutorial: true, Seed: 7}, Sections: []Section{{Puzzles: []Puzzle{p}}}}
	ls, err := b.Lessons()
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(ls, func(l Lesson) bool { return l.Technique == engine.ForcingChain })
	if i < 0 {
		t.Fatalf("no forcing chain lesson among %d lessons", len(ls))
	}
	l := ls[i]
	if frontKey(l.Puzzle.Engine()) == frontKey(p.Engine()) {
		t.Fatal("the lesson's grid is the book's puzzle 1")
	}
	parts := l.Step.Pattern.Parts
	fork, end := parts[0], parts[len(parts)-1]
	if !slices.Equal(l.Start, fork.Cells) || len(l.Start) == 0 {
		t.Errorf("start %v, want the fork's cells %v", l.Start, fork.Cells)
	}
	for _, c := range l.Start {
		if !slices.Contains(l.Pattern, c) {
			t.Errorf("start cell %s is not drawn as pattern", engine.CellName(c))
		}
	}
	if !slices.Equal(l.Targets, targetCells(l.Step)) || len(l.Targets) == 0 {
		t.Errorf("targets %v, want the cells the step changes", l.Targets)
	}
	var forced []engine.Part // the branches' suppositions and singles
	for _, x := range parts[1 : len(parts)-1] {
		if x.Role == engine.RoleLink || x.Role == engine.RoleCells {
			forced = append(forced, x)
			c := x.Cells[0]
			if !slices.Contains(l.Pattern, c) && !slices.Contains(l.Targets, c) {
				t.Errorf("forced cell %s is drawn neither as chain nor as target", engine.CellName(c))
			}
		}
	}
	if len(forced) == 0 {
		t.Fatal("the step's pattern has no branch")
	}
	for _, c := range l.Pattern {
		if slices.Contains(l.Targets, c) && !slices.Contains(l.Start, c) {
			t.Errorf("%s is both chain and target; only a start cell a contradiction strikes may be", engine.CellName(c))
		}
	}
	for _, code := range templates.Languages() {
		w, err := wording.New(code)
		if err != nil {
			t.Fatal(err)
		}
		told := w.Lesson(l.Puzzle.Geometry(), &l.Board, l.Step)
		if code == "en" && told != l.Told {
			t.Errorf("the lesson tells %q, the English words %q", l.Told, told)
		}
		if strings.Contains(told, "{") || strings.Contains(told, w.Step(l.Puzzle.Geometry(), &l.Board, l.Step)) {
			t.Errorf("%s: %q: a placeholder left, or the notation's sentence", code, told)
		}
		// Each named in turn: the fork and its choices, each
		// supposition and single with its digit, the end with its.
		at := 0
		for j, x := range append(append([]engine.Part{fork}, forced...), end) {
			from := at
			for _, c := range x.Cells {
				k := strings.Index(told[at:], engine.CellName(c))
				if k < 0 {
					t.Fatalf("%s: %q does not name %s after byte %d", code, told, engine.CellName(c), at)
				}
				at += k + len(engine.CellName(c))
			}
			span := told[at:min(at+30, len(told))] // a cell's digit follows it: "r4c8 is 5"
			if j == 0 {
				next := strings.Index(told[at:], engine.CellName(forced[0].Cells[0]))
				span = told[from : at+next] // the choices: "r9c7 or r9c8", "r5c8 can only be 3 or 4"
			}
			for _, d := range engine.Digits(x.Digits) {
				if !strings.ContainsRune(span, rune('0'+d)) {
					t.Errorf("%s: %q: no %d where it names %s", code, told, d, engine.CellName(x.Cells[0]))
				}
			}
		}
		if code != "en" {
			continue
		}
		for _, x := range forced {
			if x.Role == engine.RoleLink && !strings.Contains(told, "if "+engine.CellName(x.Cells[0])+" is "+string(rune('0'+engine.FirstDigit(x.Digits)))+", then ") {
				t.Errorf("%q does not suppose %s is %d", told, engine.CellName(x.Cells[0]), engine.FirstDigit(x.Digits))
			}
		}
		d := string(rune('0' + engine.FirstDigit(end.Digits)))
		if !strings.HasSuffix(told, "either way "+engine.CellName(end.Cells[0])+" is "+d) && !strings.HasSuffix(told, "so "+engine.CellName(end.Cells[0])+" cannot be "+d) {
			t.Errorf("%q does not end on what %s is or cannot be", told, engine.CellName(end.Cells[0]))
		}
	}
	t.Log(l.Told)
}
