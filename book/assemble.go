package book

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/templates"
	"github.com/sudokubook/sudokubook/wording"
)

// ErrAssemble is wrapped when the engine's puzzles do not fit the spec they
// were made for: a count that does not match, a puzzle of the wrong level,
// a solution that does not solve its puzzle.
var ErrAssemble = errors.New("puzzles do not match the spec")

// Assemble builds the book from the spec and the puzzles found for each of
// its sections (found[i] for spec.Sections[i], as engine quotas return
// them). Sections keep the spec's order; puzzles are numbered from 1 across
// the whole book; a section without a title takes its level's printed name
// in the book's language.
//
// Assemble checks what it is given rather than trusting it, since the
// book prints these grids and the manifest vouches for them: every count
// must match the spec, every puzzle must be graded at its section's level,
// and every solution must be complete and agree with its givens.
func Assemble(spec *Spec, found [][]engine.Puzzle) (*Book, error) {
	ps := make([][]Puzzle, len(found))
	for i, f := range found {
		ps[i] = make([]Puzzle, len(f))
		for j, p := range f {
			ps[i][j] = FromEngine(p)
		}
	}
	return AssemblePuzzles(spec, ps)
}

// FromEngine is an engine puzzle in the book's form, not yet numbered:
// its grids and the part of its grading a book prints, 325 bytes against
// the engine's 815: a build holds a whole book of them.
func FromEngine(p engine.Puzzle) Puzzle {
	return Puzzle{
		Level:   p.Grading.Level,
		Geo:     p.Geometry(),
		Givens:  p.Givens,
		Answer:  p.Answer,
		Score:   p.Grading.Score,
		Hardest: p.Grading.Hardest,
		Rating:  p.Grading.Rating,
	}
}

// AssemblePuzzles is Assemble of puzzles already in the book's form
// (FromEngine). It takes found over: each section of the book is its
// list, put in print order in place, so a build never holds a book's
// puzzles twice.
func AssemblePuzzles(spec *Spec, found [][]Puzzle) (*Book, error) {
	if len(found) != len(spec.Sections) {
		return nil, fmt.Errorf("%w: %d sections of puzzles for %d sections in the spec", ErrAssemble, len(found), len(spec.Sections))
	}
	texts, err := templates.Language(spec.Language)
	if err != nil {
		return nil, err
	}
	var words *wording.Words
	if spec.StepWords {
		if words, err = wording.New(spec.Language); err != nil {
			return nil, err
		}
	}
	for i, sec := range spec.Sections {
		if len(found[i]) != sec.Count {
			return nil, fmt.Errorf("%w: sections[%d] (%v) has %d puzzles, the spec asks for %d", ErrAssemble, i, sec.Level, len(found[i]), sec.Count)
		}
		for j := range found[i] {
			p := found[i][j].Engine()
			want := sec.Level
			if sec.Relabel {
				// A setter's puzzle of another level, let in on purpose.
				want = found[i][j].Level
			}
			if err := checkKind(p, sec); err != nil {
				return nil, fmt.Errorf("%w: sections[%d], puzzle %d of %d: %w", ErrAssemble, i, j+1, sec.Count, err)
			}
			if err := checkPuzzle(p, found[i][j].Level, want); err != nil {
				return nil, fmt.Errorf("%w: sections[%d], puzzle %d of %d: %w", ErrAssemble, i, j+1, sec.Count, err)
			}
		}
	}
	b := &Book{Spec: spec, Sections: make([]Section, len(spec.Sections))}
	number := 1
	for i, sec := range spec.Sections {
		title := sec.Title
		if title == "" {
			title = sectionTitle(texts, sec)
		}
		ps := found[i]
		permute(ps, ramp(sec, ps))
		for j := range ps {
			p := &ps[j]
			p.Number, p.Section = number, i
			p.Clues = engine.CountClues(p.Cells())
			p.Hint = ""
			if spec.Hints {
				h, err := hintFor(p.Engine(), texts, words, sec.Technique)
				if err != nil {
					return nil, fmt.Errorf("%w: sections[%d], puzzle %d: %w", ErrAssemble, i, j+1, err)
				}
				p.Hint = h
			}
			number++
		}
		b.Sections[i] = Section{Title: title, Level: sec.Level, Puzzles: ps}
	}
	return b, nil
}

// permute puts ps in the order given, in place: ps[j] becomes the old
// ps[order[j]]. It follows each cycle of the permutation, marking order's
// entries done as it goes.
func permute(ps []Puzzle, order []int) {
	for j := range order {
		if order[j] < 0 {
			continue
		}
		first, cur := ps[j], j
		for {
			next := order[cur]
			order[cur] = -1
			if next == j {
				ps[cur] = first
				break
			}
			ps[cur] = ps[next]
			cur = next
		}
	}
}

// hint is the first step of g's solve past the easy rungs: the
// technique's name in the book's language and its moves, in a notation of
// no language: "X-Wing: r5c3≠4, r9c8≠4" (4 leaves r5c3 and r9c8) or
// "chaîne forcée: r2c6=5" (r2c6 is 5), or with words the step told in
// them. The easy rungs are the singles and, for a killer, its simple cage
// combinations and the rule of 45 on one house: every killer opens with
// those, so a hint naming one would point a stuck reader at what they
// have done already. A puzzle the easy rungs solve has no hint.
func hint(p engine.Puzzle, texts *templates.Texts, words *wording.Words) (string, error) {
	return hintFor(p, texts, words, nil)
}

// hintFor is hint for a puzzle of a drill, a section whose every puzzle
// needs technique drill (nil for any other): its hint is the first step
// of that technique, so it opens with the technique the reader came to
// practise, not with the pointing pair that happens to come first.
func hintFor(p engine.Puzzle, texts *templates.Texts, words *wording.Words, drill *engine.Technique) (string, error) {
	res, err := gradeSteps(p)
	if err != nil {
		return "", err
	}
	geo := p.Geometry()
	uses := drill != nil && slices.ContainsFunc(res.Steps, func(s engine.Step) bool { return s.Technique == *drill })
	board := engine.NewBoardOn(geo, p.Givens)
	for _, s := range res.Steps {
		if s.Technique.Level() == engine.Easy || uses && s.Technique != *drill {
			board.Apply(&s)
			continue
		}
		if words != nil {
			return words.Step(geo, &board, s), nil
		}
		return StepNotation(geo, texts, s), nil
	}
	return "", nil
}

// gradeSteps grades p with its steps.
func gradeSteps(p engine.Puzzle) (engine.Grading, error) {
	return engine.NewGrader().Grade(p.Geometry(), p.Givens, engine.GradeOptions{Steps: true})
}

// StepNotation writes a grader's step as the printed hints do, in words of
// no language past the technique's name: "X-Wing: r5c3≠4, r9c8≠4" (4
// leaves r5c3 and r9c8), "chaîne forcée: r2c6=5" (r2c6 is 5).
func StepNotation(geo *engine.Geometry, texts *templates.Texts, s engine.Step) string {
	return texts.Technique(s.Technique.String()) + ": " + wording.Moves(geo, s)
}

// ramp puts a section's puzzles in the order it prints them: by rising
// rating, then score, so the reader meets the easiest first, unless the
// section asks for order: shuffle or starts with the setter's own puzzles
// (which keep their place, first). The sort is stable, so the order, like
// the puzzles, depends only on the spec and seed. It returns indexes into
// ps in that order: sorting a copy of the puzzles themselves held a
// second copy of a section (600 bytes a puzzle).
func ramp(sec SectionSpec, ps []Puzzle) []int {
	out := make([]int, len(ps))
	for i := range out {
		out[i] = i
	}
	if sec.Order == OrderShuffle || sec.Puzzles != "" {
		return out
	}
	slices.SortStableFunc(out, func(i, j int) int {
		a, b := &ps[i], &ps[j]
		if c := cmp.Compare(a.Rating, b.Rating); c != 0 {
			return c
		}
		return cmp.Compare(a.Score, b.Score)
	})
	return out
}

// checkPuzzle refuses a puzzle whose solution is not a filled, valid grid
// holding its givens, or whose grading is not at the level it is filed
// under.
func checkPuzzle(p engine.Puzzle, graded, want engine.Level) error {
	if err := checkCells(p); err != nil {
		return err
	}
	if graded != want {
		return fmt.Errorf("graded %v, want %v", graded, want)
	}
	return nil
}

// checkKind refuses a puzzle of another kind than its section's.
func checkKind(p engine.Puzzle, sec SectionSpec) error {
	got, want := VariantOf(p.Geometry()), sec.Variant
	if got != want || p.Kind().Side() != sec.Kind().Side() {
		return fmt.Errorf("a %s %d puzzle in a %s section", got, p.Kind().Side(), sec.kindName())
	}
	return nil
}

// checkCells checks a puzzle on any geometry: a complete solution that
// keeps every house (and every cage's sum), with the givens in it.
func checkCells(p engine.Puzzle) error {
	geo := p.Geometry()
	if len(p.Givens) != geo.Cells || len(p.Answer) != geo.Cells {
		return fmt.Errorf("%d givens and %d solution cells on a grid of %d", len(p.Givens), len(p.Answer), geo.Cells)
	}
	if err := geo.Validate(p.Answer); err != nil {
		return fmt.Errorf("solution: %w", err)
	}
	for c, v := range p.Answer {
		if v < 1 || int(v) > geo.N {
			return fmt.Errorf("solution has %d at %s (want a symbol in every cell)", v, geo.CellName(c))
		}
		if g := p.Givens[c]; g != 0 && g != v {
			return fmt.Errorf("given %c at %s disagrees with the solution's %c", engine.Symbol(g), geo.CellName(c), engine.Symbol(v))
		}
	}
	for _, k := range geo.Cages {
		sum := 0
		for _, c := range k.Cells {
			sum += int(p.Answer[c])
		}
		if sum != k.Sum {
			return fmt.Errorf("cage %s sums to %d in the solution, not %d", geo.CageName(geo.CageOf(k.Cells[0])), sum, k.Sum)
		}
	}
	return nil
}

// sectionTitle is the heading of a section that sets none: its level's
// name, and for a kind other than classic 9x9 the kind's name too, so that
// a variety book's easy X and easy jigsaw sections read apart.
func sectionTitle(texts *templates.Texts, sec SectionSpec) string {
	level := texts.Level(sec.Level.String())
	k, ok := texts.Kinds[sec.Variant.String()]
	if sec.Classic() || !ok || k.Name == "" {
		return level
	}
	n := strconv.Itoa(sec.Kind().Side())
	kind := templates.Fill(k.Name, "n", n)
	if n != "9" && !strings.Contains(k.Name, "{n}") {
		// A name without the size ("Killer Sudoku", "Sudoku X") would
		// head a 6x6 section like a 9x9 one; the size follows it.
		kind += " " + n + "x" + n
	}
	return templates.Fill(texts.KindSection, "kind", kind, "level", level)
}
