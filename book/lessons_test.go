package book

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/templates"
)

// killerPuzzles makes n easy 9x9 killers, graded, numbered from 1.
func killerPuzzles(t *testing.T, n int) []Puzzle {
	t.Helper()
	gen := engine.NewGenerator()
	rng := rand.New(rand.NewPCG(9, 9))
	var out []Puzzle
	for range 40 * n {
		p, ok := gen.Killer(rng, engine.KillerQuota{Level: engine.Easy})
		if !ok {
			continue
		}
		out = append(out, Puzzle{Number: len(out) + 1, Level: p.Grading.Level, Geo: p.Geo, Givens: p.Givens, Answer: p.Answer, Hardest: p.Grading.Hardest})
		if len(out) == n {
			return out
		}
	}
	t.Fatalf("fewer than %d easy killers in %d attempts", n, 40*n)
	return nil
}

// TestKillerLessons: a killer book teaches a killer's first steps, a cage
// combination and the rule of 45 on one house, from a killer made for it,
// each read in the killer's terms from the step: the cage's sum and size
// and the digit sets it leaves, which hold none of the digits the step
// strikes out; the house, and sums that add up by the rule of 45.
func TestKillerLessons(t *testing.T) {
	ps := killerPuzzles(t, 3)
	b := &Book{Spec: &Spec{Tutorial: true, Seed: 9}, Sections: []Section{{Puzzles: ps}}}
	ls, err := b.Lessons()
	if err != nil {
		t.Fatal(err)
	}
	var got []engine.Technique
	for _, l := range ls {
		got = append(got, l.Technique)
	}
	if len(ls) < 2 || ls[0].Technique != engine.CageCombination || ls[1].Technique != engine.Rule45 {
		t.Fatalf("lessons on %v, want a cage combination and the rule of 45 first", got)
	}
	for _, l := range ls {
		for _, p := range ps {
			if frontKey(l.Puzzle.Engine()) == frontKey(p.Engine()) {
				t.Errorf("the %v lesson is puzzle %d of the book, want one made for it", l.Technique, p.Number)
			}
		}
	}
	if len(slices.Compact(slices.Clone(got))) != len(got) {
		t.Errorf("lessons on %v: a technique twice", got)
	}
	for _, l := range ls[:2] {
		geo := l.Puzzle.Geo
		k := l.Sum
		if k == nil {
			t.Fatalf("%v lesson has no sum read from its note %q", l.Technique, l.Step.Note)
		}
		if len(k.Sets) == 0 && l.Technique == engine.CageCombination {
			t.Errorf("cage lesson lists no digit sets: %+v", k)
		}
		for _, set := range k.Sets {
			digits := strings.Split(set, "+")
			total := 0
			for _, d := range digits {
				total += int(d[0] - '0')
			}
			if total != k.Sum || len(digits) != k.Size {
				t.Errorf("%v lesson: set %s is not %d cells adding up to %d", l.Technique, set, k.Size, k.Sum)
			}
			for _, e := range l.Step.Eliminations {
				if strings.ContainsRune(set, rune('0'+e.Digit)) {
					t.Errorf("%v lesson: set %s holds %d, which the step strikes out of %s", l.Technique, set, e.Digit, geo.CellName(e.Cell))
				}
			}
		}
		switch l.Technique {
		case engine.CageCombination:
			cage := geo.Cages[geo.CageOf(l.Step.Eliminations[0].Cell)]
			if k.Kind != SumCage || k.Sum != cage.Sum || k.Size != len(cage.Cells) {
				t.Errorf("cage lesson %+v, want the cage of %s: %d in %d cells", k, geo.CellName(cage.Cells[0]), cage.Sum, len(cage.Cells))
			}
		case engine.Rule45:
			if k.Total != 45 || k.Index < 1 || k.Index > 9 || !slices.Contains([]string{"row", "column", "box"}, k.House) {
				t.Errorf("rule of 45 lesson %+v: want a row, column or box 1-9 of a grid adding up to 45", k)
			}
			if (k.Kind == SumInnies && k.Cages+k.Sum != 45) || (k.Kind == SumOuties && k.Cages-45 != k.Sum) || k.Kind == SumCage {
				t.Errorf("rule of 45 lesson %+v: the sums do not add up", k)
			}
			if len(l.Step.Placements) > 0 {
				t.Errorf("rule of 45 lesson places a digit; a lesson strikes candidates out")
			}
		}
		if len(l.Shade) < k.Size {
			t.Errorf("%v lesson frames %d cells, want the %d it reads", l.Technique, len(l.Shade), k.Size)
		}
	}
}

// TestSumLessonPatterns reads the killer steps' patterns into the
// numbers a caption prints.
func TestSumLessonPatterns(t *testing.T) {
	sets := func(ss ...string) []uint32 {
		var out []uint32
		for _, s := range ss {
			var m uint32
			for _, d := range strings.Split(s, "+") {
				m |= engine.Bit(d[0] - '0')
			}
			out = append(out, m)
		}
		return out
	}
	step := func(t engine.Technique, f engine.Form, p engine.Part) engine.Step {
		return engine.Step{Technique: t, Pattern: engine.Pattern{Form: f, Parts: []engine.Part{p}}}
	}
	const row4, column7, box1 = 3, 9 + 6, 18
	for _, tc := range []struct {
		name string
		s    engine.Step
		want SumLesson
	}{
		{"cage 14 in 2 cells at r1c1 can only be 6+8 or 5+9",
			step(engine.CageCombination, engine.FormPlain, engine.Part{Role: engine.RoleCage, Cells: []int{0, 9}, Sum: 14, Sets: sets("6+8", "5+9")}),
			SumLesson{Kind: SumCage, Sum: 14, Size: 2, Sets: []string{"6+8", "5+9"}}},
		{"cage 15 in 5 cells at r5c1 must be 1+2+3+4+5",
			step(engine.CageCombination, engine.FormPlain, engine.Part{Role: engine.RoleCage, Cells: []int{36, 37, 38, 45, 46}, Sum: 15, Sets: sets("1+2+3+4+5")}),
			SumLesson{Kind: SumCage, Sum: 15, Size: 5, Sets: []string{"1+2+3+4+5"}}},
		{"rule of 45 in box 1: the cages inside it add up to 39, so the innies r2c3+r3c3 add up to 6, which can only be 2+4 or 1+5",
			step(engine.Rule45, engine.FormInnies, engine.Part{Role: engine.RoleSum, Cells: []int{11, 20}, Sum: 6, Houses: []int{box1}, Total: 39, Sets: sets("2+4", "1+5")}),
			SumLesson{Kind: SumInnies, Sum: 6, Size: 2, Sets: []string{"2+4", "1+5"}, House: "box", Index: 1, Cages: 39, Total: 45}},
		{"rule of 45 in row 4: the cages touching it add up to 67, 45 of it inside, so the outies r3c1+r5c2 add up to 22, which must be 6+7+9",
			step(engine.Rule45, engine.FormOuties, engine.Part{Role: engine.RoleSum, Cells: []int{18, 37}, Sum: 22, Houses: []int{row4}, Total: 67, Sets: sets("6+7+9")}),
			SumLesson{Kind: SumOuties, Sum: 22, Size: 2, Sets: []string{"6+7+9"}, House: "row", Index: 4, Cages: 67, Total: 45}},
		{"rule of 45 in column 7: the cages inside it add up to 38, so the innie r4c7 is 7",
			step(engine.Rule45, engine.FormInnies, engine.Part{Role: engine.RoleSum, Cells: []int{33}, Sum: 7, Houses: []int{column7}, Total: 38}),
			SumLesson{Kind: SumInnies, Sum: 7, Size: 1, House: "column", Index: 7, Cages: 38, Total: 45}},
	} {
		got := sumLesson(engine.Classic9, tc.s, 45)
		if got == nil {
			t.Errorf("%s: read as nothing, want %+v", tc.name, tc.want)
			continue
		}
		if got.Kind != tc.want.Kind || got.Sum != tc.want.Sum || got.Size != tc.want.Size || !slices.Equal(got.Sets, tc.want.Sets) ||
			got.House != tc.want.House || got.Index != tc.want.Index || got.Cages != tc.want.Cages || got.Total != tc.want.Total {
			t.Errorf("%s: read as %+v, want %+v", tc.name, *got, tc.want)
		}
	}
	diagonal := step(engine.Rule45, engine.FormInnies, engine.Part{Role: engine.RoleSum, Cells: []int{0}, Sum: 7, Houses: []int{27}, Total: 38})
	xgeo, err := engine.NewGeometry(engine.X, 9, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := sumLesson(xgeo, diagonal, 45); got != nil {
		t.Errorf("a rule of 45 on a diagonal read as %+v, want nil (the plain caption)", *got)
	}
}

// TestKillerHint: a medium or harder killer's hint names the first step
// of its solve past the easy rungs (the singles, the simple cage
// combinations and the rule of 45 on one house), as a classic hint names
// its first step past the singles, with moves that agree with the
// solution; an easy killer's steps are all on easy rungs, so it has none.
func TestKillerHint(t *testing.T) {
	texts, err := templates.Language("en")
	if err != nil {
		t.Fatal(err)
	}
	gen := engine.NewGenerator()
	rng := rand.New(rand.NewPCG(8, 8))
	for _, want := range []struct {
		level engine.Level
		n     int
	}{{engine.Easy, 2}, {engine.Medium, 3}, {engine.Hard, 2}} {
		made := 0
		for try := 0; made < want.n; try++ {
			if try == 60*want.n {
				t.Fatalf("fewer than %d %v killers in %d attempts", want.n, want.level, try)
			}
			p, ok := gen.Killer(rng, engine.KillerQuota{Level: want.level})
			if !ok {
				continue
			}
			made++
			got, err := hint(p, texts, nil)
			if err != nil {
				t.Fatal(err)
			}
			res, err := gradeSteps(p)
			if err != nil {
				t.Fatal(err)
			}
			first := slices.IndexFunc(res.Steps, func(s engine.Step) bool { return s.Technique.Level() > engine.Easy })
			if want.level == engine.Easy {
				if first >= 0 || got != "" {
					t.Errorf("easy killer: hint %q, a step past the easy rungs at %d, want none", got, first)
				}
				continue
			}
			if first < 0 {
				t.Fatalf("%v killer solved on the easy rungs alone", want.level)
			}
			step := res.Steps[first]
			name, moves, _ := strings.Cut(got, ": ")
			if step.Technique.Level() == engine.Easy || name != texts.Technique(step.Technique.String()) {
				t.Errorf("%v killer: hint %q, want the first step past the easy rungs, %v (%q)", want.level, got, step.Technique, step.Note)
			}
			for _, m := range strings.Split(moves, ", ") {
				cell, digit, placed := strings.Cut(m, "=")
				if !placed {
					cell, digit, _ = strings.Cut(m, "≠")
				}
				var r, c int
				if _, err := fmt.Sscanf(cell, "r%dc%d", &r, &c); err != nil || len(digit) != 1 {
					t.Fatalf("move %q of hint %q: %v", m, got, err)
				}
				if ans := p.Answer[(r-1)*9+c-1]; (ans == digit[0]-'0') != placed {
					t.Errorf("hint %q: move %s disagrees with the answer %d", got, m, ans)
				}
			}
		}
	}
}
