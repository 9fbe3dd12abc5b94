package engine

// The killer rungs on areas (see cage_areas.go).
//
// Rule of 45 on several houses (medium). Two or three rows or columns side
// by side, or two boxes, add up to 45 a house; their innies or outies, up
// to three cells that see each other, are a cage of their own.
//
// Cage splitting (medium). A cage or area that holds another leaves the
// difference of their totals to its other cells: when they see each other
// they are a cage of their own.
//
// Min/max sums (hard). Cells with a known total bound each other whether
// they see each other or not: a cell is at least the total less the most
// the others can make, and at most the total less the least they can.
//
//	r1c9 + r2c5 + r3c1 = 11, r2c5 in {1,2}, r3c1 in {3,4}
//	  -> r1c9 is 11-6 = 5 to 11-4 = 7

import (
	"fmt"
	"math/bits"
	"strings"
)

func init() {
	register(Rule45Houses, findRule45Houses)
	register(CageSplit, findCageSplit)
	register(MinMaxSum, findMinMaxSum)
}

func findRule45Houses(b *Board, s *Step) bool {
	g := b.geo()
	list := g.killerAreas()
	for i := range list {
		if a := &list[i]; len(a.houses) > 1 && areaSumStep(b, s, g, a) {
			return true
		}
	}
	return false
}

func findCageSplit(b *Board, s *Step) bool {
	g := b.geo()
	splits := g.killerSplits()
	for i := range splits {
		if areaSumStep(b, s, g, &splits[i]) {
			return true
		}
	}
	return false
}

// areaSumStep is sumStep on area i when its cells see each other and are
// few enough to keep in mind, with its note.
func areaSumStep(b *Board, s *Step, g *Geometry, a *area) bool {
	if a.combos == nil || len(a.cells) > maxLeft || !sumStep(b, s, a.cells, a.sum, a.combos) {
		return false
	}
	if s.Explain() {
		s.Pattern.Form = areaForm(a)
		s.add(areaParts(b, a)...)
		last := &s.Pattern.Parts[len(s.Pattern.Parts)-1]
		last.Sets = sumPart(b, last.Role, a.cells, a.sum, a.combos).Sets
	}
	return true
}

func findMinMaxSum(b *Board, s *Step) bool {
	g := b.geo()
	for _, list := range [][]area{g.killerAreas(), g.killerSplits()} {
		for i := range list {
			if a := &list[i]; len(a.cells) <= maxArea && minMaxStep(b, s, g, a) {
				return true
			}
		}
	}
	return false
}

// minMaxStep bounds one open cell of area i by what the others can make.
func minMaxStep(b *Board, s *Step, g *Geometry, a *area) bool {
	left := a.sum
	var open []int
	for _, x := range a.cells {
		if v := b.Cells[x]; v != 0 {
			left -= int(v)
		} else {
			open = append(open, x)
		}
	}
	if len(open) < 2 {
		return false
	}
	for k, x := range open {
		lo, hi := 0, 0
		for j, y := range open {
			if j != k {
				lo += int(FirstDigit(b.Cands[y]))
				hi += bits.Len32(b.Cands[y]) - 1
			}
		}
		from, to := left-hi, left-lo
		for m := b.Cands[x]; m != 0; m &= m - 1 {
			if d := FirstDigit(m); int(d) < from || int(d) > to {
				s.Eliminations = append(s.Eliminations, Elimination{x, d})
			}
		}
		if len(s.Eliminations) == 0 {
			continue
		}
		if s.Explain() {
			others := make([]int, 0, len(open)-1)
			for j, y := range open {
				if j != k {
					others = append(others, y)
				}
			}
			s.Pattern.Form = areaForm(a)
			s.add(areaParts(b, a)...)
			if len(open) < len(a.cells) {
				s.part(Part{Role: RoleSum, Sum: a.sum - left}) // the placed cells
			}
			// The others' least and most, and x's bounds.
			s.part(Part{Role: RoleCells, Cells: others, Sum: lo, Total: hi})
			s.part(Part{Role: RoleTarget, Cells: []int{x}, Sum: from, Total: to})
		}
		return true
	}
	return false
}

// boundText says what the bounds leave: "at least 5 and at most 7".
func boundText(from, to, n int) string {
	switch {
	case from > 1 && to < n:
		return fmt.Sprintf("at least %d and at most %d", from, to)
	case from > 1:
		return fmt.Sprintf("at least %d", from)
	}
	return fmt.Sprintf("at most %d", to)
}

// plusNames writes cells as a sum, "r1c2+r3c4".
func plusNames(g *Geometry, cells []int) string {
	names := make([]string, len(cells))
	for i, c := range cells {
		names[i] = g.CellName(c)
	}
	return strings.Join(names, "+")
}

// areaForm is the form of a step on area a: innies, outies or neither.
func areaForm(a *area) Form {
	switch a.kind {
	case areaInnies:
		return FormInnies
	case areaOuties:
		return FormOuties
	}
	return FormPlain
}

// areaParts are the parts of area a, as areaText names them: a cage; the
// innies or outies of houses; or a split's two areas and the cells they
// leave.
func areaParts(b *Board, a *area) []Part {
	g := b.geo()
	switch a.kind {
	case areaCage:
		return []Part{{Role: RoleCage, Cells: a.cells, Sum: a.sum}}
	case areaInnies, areaOuties:
		return []Part{{Role: RoleSum, Form: areaForm(a), Cells: a.cells, Sum: a.sum, Houses: a.houses, Total: a.cagSum}}
	}
	from, less := &g.areaTab.list[a.from], &g.areaTab.list[a.less]
	return append(append(areaParts(b, from), areaParts(b, less)...), Part{Role: RoleSum, Cells: a.cells, Sum: from.sum - less.sum})
}

// groupName names a group of houses and the pronoun for it: "row 3", "it";
// "rows 1-2", "them"; "boxes 1 and 2", "them".
func groupName(g *Geometry, houses []int) (name, pronoun string) {
	if len(houses) == 1 {
		return g.HouseName(houses[0]), "it"
	}
	first, last := g.HouseName(houses[0]), g.HouseName(houses[len(houses)-1])
	word, n1, _ := strings.Cut(first, " ")
	_, n2, _ := strings.Cut(last, " ")
	if g.Kinds[houses[0]] == BoxHouse {
		return fmt.Sprintf("boxes %s and %s", n1, n2), "them"
	}
	return fmt.Sprintf("%ss %s-%s", word, n1, n2), "them"
}
