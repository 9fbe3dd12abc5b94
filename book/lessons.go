package book

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokubook/sudokubook/engine"
)

// Lesson is a tutorial page: one technique at work in one of the book's
// own puzzles, at the moment the solve first needs it.
type Lesson struct {
	Technique engine.Technique
	Puzzle    Puzzle
	Board     engine.Board // the filled cells and candidates just before the step
	Step      engine.Step
	Shade     []int // the cells the step names (its pattern and its targets)
	// Sum is set for a killer's first steps (a cage combination, the rule
	// of 45 on one house): what the caption says in the killer's terms.
	Sum *SumLesson
}

// SumKind says what a SumLesson reads: a cage, or the cells of a house
// that the cages inside it leave over, or those of the cages touching it
// that stick out of it.
type SumKind int

const (
	SumCage SumKind = iota
	SumInnies
	SumOuties
)

// SumLesson is a killer step on a set of cells with a known sum: a cage,
// or the innies or outies of one house by the rule of 45.
type SumLesson struct {
	Kind  SumKind
	Sum   int      // the cells' total
	Size  int      // how many cells
	Sets  []string // the digit sets still open, "1+5", "2+4"; none if the note gives none
	House string   // rule of 45: "row", "column" or "box"
	Index int      // rule of 45: the house's number, from 1
	Cages int      // rule of 45: the sum of the cages inside (innies) or touching (outies) the house
	Total int      // rule of 45: what a house adds up to, 45 on 9x9
}

// cellName finds the cells a step's note names, "r4c6"; fishLines the
// lines a fish's note names, "on 4 in rows 2 and 7 (columns 3 and 8".
var (
	cellName  = lazyRegexp(`r([1-9])c([1-9])`)
	fishLines = lazyRegexp(`on ([1-9]) in (rows|columns) ([1-9, and]+) \((columns|rows) ([1-9, and]+)`)
	digitRE   = lazyRegexp(`[1-9]`)
	// The engine's notes of a cage combination and of the rule of 45 on
	// one house (engine/tech_killer.go), and the digit sets they list.
	cageNote   = lazyRegexp(`^cage ([0-9]+) in ([0-9]+) cells at r[1-9]c[1-9] (?:can only|must) be `)
	rule45Note = lazyRegexp(`^rule of 45 in (row|column|box) ([1-9]): the cages (inside|touching) it add up to ([0-9]+)(?:, [0-9]+ of it inside)?, so the (?:innies?|outies?) ((?:r[1-9]c[1-9]\+?)+) (?:is|add up to) ([0-9]+)(, which (?:can only|must) be )?`)
	setRE      = lazyRegexp(`^[1-9](?:\+[1-9])*`)
)

// Lessons picks a lesson for every technique beyond the singles that is the
// hardest some puzzle of the book needs, in ladder order (bifurcation, trial
// and error, has none): the first such puzzle in print order, at the first
// step of that technique in its solve. A book with killers also learns a
// killer's first steps, a cage combination and the rule of 45 on one
// house, from its first killer that takes them: no killer starts with a
// single, and these are the steps every one of them opens with.
//
// Lessons come from classic grids and from 9x9 killers (on the classic or
// the X grid); other kinds teach none.
func (b *Book) Lessons() ([]Lesson, error) {
	var out []Lesson
	var done [engine.NumTechniques]bool
	for p := range b.All() {
		killer := isLessonKiller(*p)
		if p.Geo != nil && !killer {
			continue
		}
		var want []engine.Technique
		if killer {
			want = append(want, engine.CageCombination, engine.Rule45)
		}
		if t := p.Hardest; t > engine.NakedSingle && !t.Guesses() && !slices.Contains(want, t) {
			want = append(want, t)
		}
		want = slices.DeleteFunc(want, func(t engine.Technique) bool { return done[t] })
		if len(want) == 0 {
			continue
		}
		ls, err := lessonsFrom(*p, want)
		if err != nil {
			return nil, fmt.Errorf("lesson from puzzle %d: %w", p.Number, err)
		}
		for _, l := range ls {
			done[l.Technique] = true
		}
		if !killer {
			// A classic puzzle's hardest step is always met.
			done[p.Hardest] = true
		}
		out = append(out, ls...)
	}
	slices.SortStableFunc(out, func(a, b Lesson) int { return int(a.Technique) - int(b.Technique) })
	return out, nil
}

// isLessonKiller reports whether p is a killer a lesson page can draw: 9x9,
// one grid, with the candidates in three rows of three in each cell.
func isLessonKiller(p Puzzle) bool {
	return p.Geo != nil && len(p.Geo.Cages) > 0 && p.Geo.N == 9 && p.Geo.Width == 9 && !p.Geo.Variant.Multi()
}

// lessonsFrom grades p and makes a lesson at the first step of each of
// the techniques it is asked for that the solve uses.
func lessonsFrom(p Puzzle, want []engine.Technique) ([]Lesson, error) {
	geo := p.Geometry()
	res, err := gradeSteps(p.Engine())
	if err != nil {
		return nil, err
	}
	var out []Lesson
	board := engine.NewBoardOn(geo, p.Cells())
	for _, s := range res.Steps {
		// A rule of 45 on one cell places it: the lesson waits for one
		// that strikes candidates out of several, which shows the sums.
		single := s.Technique == engine.Rule45 && len(s.Placements) > 0
		if k := slices.Index(want, s.Technique); k >= 0 && !single {
			l := Lesson{Technique: s.Technique, Puzzle: p, Board: board, Step: s, Shade: stepCells(&board, s)}
			if len(geo.Cages) > 0 {
				l.Sum = sumLesson(s, geo.N*(geo.N+1)/2)
			}
			out = append(out, l)
			want = slices.Delete(want, k, k+1)
			if len(want) == 0 {
				break
			}
		}
		board.Apply(&s)
	}
	return out, nil
}

// sumLesson reads a cage combination's or a one-house rule of 45's note
// into the numbers its caption prints, or nil for another step (or a note
// worded otherwise, whose lesson then takes the plain caption).
func sumLesson(s engine.Step, total int) *SumLesson {
	switch s.Technique {
	case engine.CageCombination:
		m := cageNote().FindStringSubmatchIndex(s.Note)
		if m == nil {
			return nil
		}
		return &SumLesson{Kind: SumCage, Sum: atoi(s.Note[m[2]:m[3]]), Size: atoi(s.Note[m[4]:m[5]]), Sets: digitSets(s.Note[m[1]:])}
	case engine.Rule45:
		m := rule45Note().FindStringSubmatchIndex(s.Note)
		if m == nil {
			return nil
		}
		l := &SumLesson{Kind: SumInnies, House: s.Note[m[2]:m[3]], Index: atoi(s.Note[m[4]:m[5]]), Cages: atoi(s.Note[m[8]:m[9]]),
			Size: len(cellName().FindAllString(s.Note[m[10]:m[11]], -1)), Sum: atoi(s.Note[m[12]:m[13]]), Total: total}
		if s.Note[m[6]:m[7]] == "touching" {
			l.Kind = SumOuties
		}
		if m[14] >= 0 {
			l.Sets = digitSets(s.Note[m[15]:])
		}
		return l
	}
	return nil
}

// digitSets reads the sets at the start of a note's tail: "6+8 or 5+9, so
// ..." gives 6+8 and 5+9.
func digitSets(tail string) []string {
	var sets []string
	for {
		set := setRE().FindString(tail)
		if set == "" {
			return sets
		}
		sets = append(sets, set)
		tail = tail[len(set):]
		if !strings.HasPrefix(tail, " or ") {
			return sets
		}
		tail = tail[len(" or "):]
	}
}

// atoi reads a number the patterns above have matched as digits.
func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// stepCells lists the cells a step names in its note (for a fish, the
// cells of its digit where its lines cross) and the cells it changes, each
// once, in cell order.
func stepCells(b *engine.Board, s engine.Step) []int {
	var cells []int
	if m := fishLines().FindStringSubmatch(s.Note); m != nil {
		d := m[1][0] - '0'
		rows, cols := m[3], m[5]
		if m[2] == "columns" {
			rows, cols = cols, rows
		}
		for _, r := range digitRE().FindAllString(rows, -1) {
			for _, c := range digitRE().FindAllString(cols, -1) {
				if i := int(r[0]-'1')*9 + int(c[0]-'1'); b.Cands[i]&engine.Bit(d) != 0 {
					cells = append(cells, i)
				}
			}
		}
	}
	for _, m := range cellName().FindAllStringSubmatch(s.Note, -1) {
		cells = append(cells, int(m[1][0]-'1')*9+int(m[2][0]-'1'))
	}
	for _, p := range s.Placements {
		cells = append(cells, p.Cell)
	}
	for _, e := range s.Eliminations {
		cells = append(cells, e.Cell)
	}
	slices.Sort(cells)
	return slices.Compact(cells)
}
