package book

import (
	"slices"

	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/wording"
)

// Lesson is a tutorial page: one technique at work in a puzzle made for
// the page (see Front), at the moment its solve first needs it.
type Lesson struct {
	Technique engine.Technique
	Puzzle    Puzzle
	Board     engine.Board // the filled cells and candidates just before the step
	Step      engine.Step
	Shade     []int // the cells the step names (its pattern and its targets)
	// Pattern and Targets cover Shade: the cells the pattern is made of
	// (an x-wing's four corners), drawn grey, and the cells the step
	// changes (those that lose a candidate or get a digit), framed. A
	// cell the pattern names that the step changes too (a hidden pair's
	// cells lose their other candidates) is in both and drawn both ways;
	// one the pattern reaches only through its houses is a target alone.
	Pattern, Targets []int
	// Start is where a forcing chain starts: the cell whose two
	// candidates it tries, or a house's two places for its digit. It is
	// drawn as pattern, its choices set apart; the cells the branches
	// force are pattern too, and the conclusion is a target.
	Start []int
	// Sum is set for a killer's first steps (a cage combination, the rule
	// of 45 on one house): what the caption says in the killer's terms.
	Sum *SumLesson
	// Told is the step in words, in the book's language.
	Told string
	// Section is the first section whose puzzles need the technique:
	// the lesson is printed before it.
	Section int
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
	Sets  []string // the digit sets still open, "1+5", "2+4"; none for one cell
	House string   // rule of 45: "row", "column" or "box"
	Index int      // rule of 45: the house's number, from 1
	Cages int      // rule of 45: the sum of the cages inside (innies) or touching (outies) the house
	Total int      // rule of 45: what a house adds up to, 45 on 9x9
}

// Lessons are a tutorial book's technique pages (see Front for where
// their puzzles come from, lessonWants for which techniques), in ladder
// order. A book without tutorial has none.
func (b *Book) Lessons() ([]Lesson, error) {
	f, err := b.MakeFront(1)
	if err != nil {
		return nil, err
	}
	return f.Lessons, nil
}

// isLessonKiller reports whether p is a killer a lesson page can draw: 9x9,
// one grid, with the candidates in three rows of three in each cell.
func isLessonKiller(p Puzzle) bool {
	g := p.Geometry()
	return len(g.Cages) > 0 && g.N == 9 && g.Width == 9 && !g.Variant.Multi()
}

// lessonsFrom grades p and makes a lesson at the first step of each of
// the techniques it is asked for that the solve uses, its step told in
// words when words is not nil.
func lessonsFrom(p Puzzle, want []engine.Technique, words *wording.Words) ([]Lesson, error) {
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
			l := Lesson{Technique: s.Technique, Puzzle: p, Board: board, Step: s, Shade: stepCells(geo, &board, s)}
			l.Targets = targetCells(s)
			if len(s.Pattern.Cells()) == 0 && !fish[s.Technique] {
				l.Shade = append(l.Shade, baseCells(geo, &board, s)...)
				slices.Sort(l.Shade)
				l.Shade = slices.Compact(l.Shade)
			}
			named := s.Pattern.Cells()
			if s.Technique == engine.ForcingChain {
				// The branches force the conclusion's cell as they go:
				// it is the target, not the chain, unless the chain
				// starts there (a contradiction strikes out the choice
				// it broke on).
				l.Start = s.Pattern.Parts[0].Cells
				named = l.Start
			}
			l.Pattern = slices.DeleteFunc(slices.Clone(l.Shade), func(i int) bool {
				return slices.Contains(l.Targets, i) && !slices.Contains(named, i)
			})
			if len(geo.Cages) > 0 {
				l.Sum = sumLesson(geo, s, geo.N*(geo.N+1)/2)
			}
			if words != nil {
				l.Told = words.Lesson(geo, &board, s)
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

// sumLesson is what a cage combination's or a one-house rule of 45's
// caption prints, from the step's pattern, or nil for another step (or a
// rule of 45 on a house other than a row, a column or a box, whose lesson
// then takes the plain caption).
func sumLesson(geo *engine.Geometry, s engine.Step, total int) *SumLesson {
	parts := s.Pattern.Parts
	if len(parts) == 0 {
		return nil
	}
	p := parts[0]
	switch s.Technique {
	case engine.CageCombination:
		return &SumLesson{Kind: SumCage, Sum: p.Sum, Size: len(p.Cells), Sets: comboTexts(p.Sets)}
	case engine.Rule45:
		if len(p.Houses) != 1 {
			return nil
		}
		u := p.Houses[0]
		house, ok := map[engine.HouseKind]string{engine.RowHouse: "row", engine.ColumnHouse: "column", engine.BoxHouse: "box"}[geo.Kinds[u]]
		if !ok {
			return nil
		}
		l := &SumLesson{Kind: SumInnies, House: house, Index: houseIndex(geo, u), Cages: p.Total, Size: len(p.Cells), Sum: p.Sum,
			Sets: comboTexts(p.Sets), Total: total}
		if s.Pattern.Form == engine.FormOuties {
			l.Kind = SumOuties
		}
		return l
	}
	return nil
}

// comboTexts writes digit sets as "1+5", "2+4"; none for none.
func comboTexts(sets []uint32) []string {
	var out []string
	for _, m := range sets {
		out = append(out, engine.ComboText(m))
	}
	return out
}

// houseIndex is house u's number among the houses of its kind, from 1:
// "row 3" is 3.
func houseIndex(geo *engine.Geometry, u int) int {
	n := 1
	for v := range u {
		if geo.Kinds[v] == geo.Kinds[u] {
			n++
		}
	}
	return n
}

// stepCells lists the cells a step's pattern names (for a fish, the cells
// of its digit where its lines cross) and the cells it changes, each once,
// in cell order.
func stepCells(geo *engine.Geometry, b *engine.Board, s engine.Step) []int {
	var cells []int
	if fish[s.Technique] {
		// The digit, the base lines, the cover lines.
		parts := s.Pattern.Parts
		d := engine.FirstDigit(parts[0].Digits)
		for _, u := range parts[1].Houses {
			for _, v := range parts[2].Houses {
				for _, i := range geo.Houses[u] {
					if slices.Contains(geo.Houses[v], i) && b.Cands[i]&engine.Bit(d) != 0 {
						cells = append(cells, i)
					}
				}
			}
		}
	}
	cells = append(cells, s.Pattern.Cells()...)
	cells = append(cells, targetCells(s)...)
	slices.Sort(cells)
	return slices.Compact(cells)
}

// baseCells are the cells of a pattern named by its houses alone (a
// pointing pair's box, a claiming line) that hold its digit, and lie in a
// cover house too where it has some: the cells the step reads.
func baseCells(geo *engine.Geometry, b *engine.Board, s engine.Step) []int {
	var digits uint32
	var base, cover []int
	for _, p := range s.Pattern.Parts {
		switch p.Role {
		case engine.RoleDigit:
			digits |= p.Digits
		case engine.RoleBase:
			base = append(base, p.Houses...)
		case engine.RoleCover:
			cover = append(cover, p.Houses...)
		}
	}
	var cells []int
	for _, u := range base {
		for _, i := range geo.Houses[u] {
			if b.Cands[i]&digits == 0 || b.Cells[i] != 0 {
				continue
			}
			in := len(cover) == 0
			for _, v := range cover {
				in = in || slices.Contains(geo.Houses[v], i)
			}
			if in {
				cells = append(cells, i)
			}
		}
	}
	return cells
}

// targetCells lists the cells a step changes, each once, in cell order.
func targetCells(s engine.Step) []int {
	var cells []int
	for _, p := range s.Placements {
		cells = append(cells, p.Cell)
	}
	for _, e := range s.Eliminations {
		cells = append(cells, e.Cell)
	}
	slices.Sort(cells)
	return slices.Compact(cells)
}

// fish are the techniques whose pattern is a digit on base and cover lines.
var fish = map[engine.Technique]bool{
	engine.XWing: true, engine.Swordfish: true, engine.Jellyfish: true,
	engine.FinnedXWing: true, engine.FinnedSwordfish: true, engine.FinnedJellyfish: true,
}
