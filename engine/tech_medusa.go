package engine

import (
	"fmt"
	"math/bits"
	"strings"
)

// 3D Medusa colours candidates of every digit at once. Two candidates are
// strongly linked when exactly one of them is true: the two of a bivalue
// cell, or the two places of a digit in a house. Starting from one
// candidate, give it one colour and each candidate strongly linked to a
// coloured one the other colour: in the solution one colour is all true
// and the other all false.
//
//	(4)r1c1 =house= (4)r1c7 =cell= (9)r1c7 =house= (9)r5c7 ...
//	   blue            green          blue           green
//
// A colour is false if two of its candidates share a cell, or two of one
// digit share a house, or some cell would be left with nothing were it true;
// its candidates all go. A candidate of no colour goes when it would clash
// with either colour: it sees the digit in both colours, or its cell holds
// one colour and it sees the digit in the other, or its cell holds both.

func init() {
	register(Medusa3D, findMedusa3D)
}

// medusaColours is one cluster: its candidates of each colour, per digit,
// and the cells holding a candidate of each colour.
type medusaColours struct {
	col   [2][MaxSide + 1]cellSet
	cells [2]cellSet
	size  int
}

func findMedusa3D(b *Board, s *Step) bool {
	g := b.geo()
	dm := digitCellSets(b)
	var done [MaxSide + 1]cellSet // candidates already in some cluster
	for d := 1; d <= g.N; d++ {
		for cs := dm[d]; !cs.empty(); {
			c := cs.pop()
			if done[d].has(c) {
				continue
			}
			var mc medusaColours
			mc.grow(b, &dm, c, uint8(d))
			for e := 1; e <= g.N; e++ {
				done[e] = done[e].or(mc.col[0][e]).or(mc.col[1][e])
			}
			if mc.size < 4 {
				continue // a strong link or a bivalue cell: nothing to colour against
			}
			if mc.step(b, s, &dm) {
				return true
			}
		}
	}
	return false
}

// grow colours the cluster of candidate (c, d), breadth first, with the
// strong links of the board.
func (mc *medusaColours) grow(b *Board, dm *[MaxSide + 1]cellSet, c int, d uint8) {
	g := b.geo()
	var queue [MaxCells * 4]struct {
		cell   int16
		digit  uint8
		colour uint8
	}
	head, tail := 0, 0
	add := func(c int, d uint8, colour uint8) {
		if mc.col[0][d].has(c) || mc.col[1][d].has(c) || tail == len(queue) {
			return
		}
		mc.col[colour][d].add(c)
		mc.cells[colour].add(c)
		mc.size++
		queue[tail].cell, queue[tail].digit, queue[tail].colour = int16(c), d, colour
		tail++
	}
	add(c, d, 0)
	for head < tail {
		n := queue[head]
		head++
		c, d, other := int(n.cell), n.digit, 1-n.colour
		if m := b.Cands[c]; bits.OnesCount32(m) == 2 {
			add(c, FirstDigit(m&^Bit(d)), other)
		}
		for _, u := range g.CellHouses[c] {
			if h := dm[d].and(g.houseSets[u]); h.count() == 2 {
				h.remove(c)
				add(h.first(), d, other)
			}
		}
	}
}

// step looks for a false colour, then for uncoloured candidates that clash
// with both colours, and records what it finds.
func (mc *medusaColours) step(b *Board, s *Step, dm *[MaxSide + 1]cellSet) bool {
	g := b.geo()
	for x := range 2 {
		if why, ok := mc.falseColour(b, x); ok {
			startStep(s, Medusa3D)
			for d := 1; d <= g.N; d++ {
				addElims(s, mc.col[x][d], uint8(d))
			}
			sortElims(s)
			if s.Explain() {
				s.Pattern.Form = FormWrap
				clash := Part{Role: RoleClash, Cells: []int{why.a}}
				switch {
				case why.b >= 0:
					clash.Cells, clash.Digits = append(clash.Cells, why.b), Bit(uint8(why.d))
				case why.d == 0:
					for d := 1; d <= g.N; d++ {
						if mc.col[x][d].has(why.a) {
							clash.Digits |= Bit(uint8(d))
						}
					}
				}
				s.part(mc.colour(g, 0))
				s.part(mc.colour(g, 1))
				s.part(clash)
			}
			return true
		}
	}
	startStep(s, Medusa3D)
	both := mc.cells[0].and(mc.cells[1])
	for d := 1; d <= g.N; d++ {
		var sees [2]cellSet
		for x := range 2 {
			for cs := mc.col[x][d]; !cs.empty(); {
				sees[x] = sees[x].or(g.peerSets[cs.pop()])
			}
		}
		clash := sees[0].and(sees[1]).or(sees[0].and(mc.cells[1])).or(sees[1].and(mc.cells[0])).or(both)
		addElims(s, dm[d].andNot(mc.col[0][d]).andNot(mc.col[1][d]).and(clash), uint8(d))
	}
	if len(s.Eliminations) == 0 {
		return false
	}
	sortElims(s)
	if s.Explain() {
		s.Pattern.Form = FormTrap
		s.part(mc.colour(g, 0))
		s.part(mc.colour(g, 1))
	}
	return true
}

// medusaWhy is why a colour is false: two of its candidates of digit d in
// cells a and b that see each other (b >= 0), two in cell a (d == 0), or
// cell a left with no candidate (d < 0).
type medusaWhy struct{ a, b, d int }

// falseColour reports whether colour x cannot be true, and why.
func (mc *medusaColours) falseColour(b *Board, x int) (medusaWhy, bool) {
	g := b.geo()
	var seen, twice cellSet
	for d := 1; d <= g.N; d++ {
		twice = twice.or(seen.and(mc.col[x][d]))
		seen = seen.or(mc.col[x][d])
		for cs := mc.col[x][d]; !cs.empty(); {
			c := cs.pop()
			if p := g.peerSets[c].and(mc.col[x][d]); !p.empty() {
				return medusaWhy{c, p.first(), d}, true
			}
		}
	}
	if !twice.empty() {
		return medusaWhy{twice.first(), -1, 0}, true
	}
	// A cell of no colour whose every candidate sees that digit in x.
	var sees [MaxSide + 1]cellSet
	for d := 1; d <= g.N; d++ {
		for cs := mc.col[x][d]; !cs.empty(); {
			sees[d] = sees[d].or(g.peerSets[cs.pop()])
		}
	}
	for c := 0; c < g.Cells; c++ {
		m := b.Cands[c]
		if m == 0 || mc.cells[x].has(c) {
			continue
		}
		empty := true
		for r := m; r != 0 && empty; r &= r - 1 {
			empty = sees[bits.TrailingZeros32(r)].has(c)
		}
		if empty {
			return medusaWhy{c, -1, -1}, true
		}
	}
	return medusaWhy{}, false
}

// colour is colour x as a part: its cells, a cell once for each of its
// digits, and its notation, "(4)r1c1 (9)r1c7".
func (mc *medusaColours) colour(g *Geometry, x int) Part {
	p := Part{Role: RoleSet}
	var names []string
	for c := 0; c < g.Cells; c++ {
		if !mc.cells[x].has(c) {
			continue
		}
		for d := 1; d <= g.N; d++ {
			if mc.col[x][d].has(c) {
				p.Cells = append(p.Cells, c)
				p.Digits |= Bit(uint8(d))
				names = append(names, fmt.Sprintf("(%c)%s", Symbol(uint8(d)), g.CellName(c)))
			}
		}
	}
	p.Text = strings.Join(names, " ")
	return p
}

// sortElims puts s's eliminations in cell order, digits rising within a
// cell, as the other finders write them.
func sortElims(s *Step) {
	e := s.Eliminations
	for i := 1; i < len(e); i++ {
		for j := i; j > 0 && (e[j].Cell < e[j-1].Cell || e[j].Cell == e[j-1].Cell && e[j].Digit < e[j-1].Digit); j-- {
			e[j], e[j-1] = e[j-1], e[j]
		}
	}
}
