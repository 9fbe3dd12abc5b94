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
		s.Note = fmt.Sprintf("%s%s, %s", areaText(g, a), whichText(b, a.cells, a.sum, a.combos), resultText(b, s))
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
			verb := "make"
			if len(others) == 1 {
				verb = "is"
			}
			s.Note = fmt.Sprintf("min/max sums: %s; %s %s %d to %d, so %s is %s: %s",
				areaText(g, a), plusNames(g, others), verb, lo, hi, g.CellName(x), boundText(from, to, g.N), strings.TrimPrefix(resultText(b, s), "so "))
			if len(open) < len(a.cells) {
				s.Note = strings.Replace(s.Note, "; ", fmt.Sprintf("; with %d of it placed, ", a.sum-left), 1)
			}
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

// areaText says how area a's total is known, ending on the total:
// "rule of 45 in rows 1-2: the cages inside them add up to 79, so the
// innies r1c9+r2c5 add up to 11".
func areaText(g *Geometry, a *area) string {
	switch a.kind {
	case areaCage:
		return fmt.Sprintf("cage %d in %d cells at %s", a.sum, len(a.cells), g.CellName(a.cells[0]))
	case areaInnies, areaOuties:
		them, why := groupName(g, a.houses)
		total := g.N * (g.N + 1) / 2 * len(a.houses)
		what := "innies"
		if a.kind == areaInnies {
			why = fmt.Sprintf("the cages inside %s add up to %d", why, a.cagSum)
		} else {
			why = fmt.Sprintf("the cages touching %s add up to %d, %d of it inside", why, a.cagSum, total)
			what = "outies"
		}
		if len(a.cells) == 1 {
			what = strings.TrimSuffix(what, "s")
		}
		return fmt.Sprintf("rule of 45 in %s: %s, so the %s %s", them, why, what, leftText(g, a.cells, a.sum))
	}
	from, less := &g.areaTab.list[a.from], &g.areaTab.list[a.less] // splits are of the first list
	verb := "holds"
	if from.kind != areaCage {
		verb = "hold"
	}
	return fmt.Sprintf("cage splitting: %s %s %s, so the other cells %s", partText(g, from), verb, partText(g, less),
		leftText(g, a.cells, from.sum-less.sum))
}

// partText names an area inside a split: "cage 23 in 4 cells at r3c4" or
// "the outie r3c4 of row 2 (7 by the rule of 45)".
func partText(g *Geometry, a *area) string {
	if a.kind == areaCage {
		return areaText(g, a)
	}
	what := "innies"
	if a.kind == areaOuties {
		what = "outies"
	}
	if len(a.cells) == 1 {
		what = strings.TrimSuffix(what, "s")
	}
	them, _ := groupName(g, a.houses)
	return fmt.Sprintf("the %s %s of %s (%d by the rule of 45)", what, plusNames(g, a.cells), them, a.sum)
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
