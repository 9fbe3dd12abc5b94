package engine

// The rungs of thermometers and arrows; on a geometry without them they
// find nothing.
//
// Thermo bounds (easy). A thermometer's digits rise from its bulb, so the
// k-th of its L cells holds at least k and at most N-L+k, and a placed
// digit on it lifts the floor of the cells after it and lowers the
// ceiling of those before it: on a 9x9, a 4-cell thermometer with a 5 in
// its third cell holds 1-3, 2-4, 5, 6-9. Each cell keeps the digits
// between its bounds.
//
// Arrow bounds (easy). A shaft adds up to its circle: with its placed
// digits known and every open cell at least 1, the circle is at least
// their sum and the open cells together at most the circle's digit less
// the placed ones; with the circle and all but one shaft cell placed, the
// last holds what is left.
//
// Thermo candidates (medium). The same reading on the cells' candidates:
// a cell keeps only digits above some candidate of the cell before it and
// below some candidate of the cell after it.
//
// Arrow sums (medium). The totals a shaft's candidates can make: the
// circle keeps only those, and a shaft cell only the digits that with
// some candidates of the other shaft cells make a total the circle can
// hold.

import (
	"fmt"
	"math/bits"
)

func init() {
	register(ThermoBounds, func(b *Board, s *Step) bool { return thermoStep(b, s, false) })
	register(ThermoCandidates, func(b *Board, s *Step) bool { return thermoStep(b, s, true) })
	register(ArrowBounds, func(b *Board, s *Step) bool { return arrowStep(b, s, false) })
	register(ArrowSums, func(b *Board, s *Step) bool { return arrowStep(b, s, true) })
}

// lineDomains fills dom with what each cell of line can hold on b: its
// placed digit, and for an open cell its candidates when cands is set,
// else every digit (a bound a reader works out from the placed digits
// alone).
func lineDomains(b *Board, line []int, cands bool, dom []uint16) []uint16 {
	all := uint16(b.geo().All)
	dom = dom[:0]
	for _, c := range line {
		switch {
		case b.Cells[c] != 0:
			dom = append(dom, 1<<b.Cells[c])
		case cands:
			dom = append(dom, uint16(b.Cands[c]))
		default:
			dom = append(dom, all)
		}
	}
	return dom
}

// lineEliminations adds to s the candidates of line's open cells outside
// their domains in dom, and reports whether there were any.
func lineEliminations(b *Board, s *Step, line []int, dom []uint16) bool {
	found := false
	for k, c := range line {
		if b.Cells[c] != 0 {
			continue
		}
		for m := b.Cands[c] &^ uint32(dom[k]); m != 0; m &= m - 1 {
			s.Eliminations = append(s.Eliminations, Elimination{c, FirstDigit(m)})
			found = true
		}
	}
	return found
}

// thermoStep finds the first thermometer whose bounds, from its placed
// digits (or its candidates, with cands), rule out a candidate.
func thermoStep(b *Board, s *Step, cands bool) bool {
	g := b.geo()
	t, ok := thermometerOf(g)
	if !ok {
		return false
	}
	var buf [maxLayerDigits]uint16
	for _, l := range t.lines {
		dom := lineDomains(b, l, cands, buf[:])
		// No rising filling: the puzzle has no solution, which the
		// grader's proof rules out; there is nothing to read here.
		if !thermoBounds(dom, g.N) || !lineEliminations(b, s, l, dom) {
			continue
		}
		if s.Explain() {
			s.lineParts(b, RoleThermo, l, dom)
		}
		return true
	}
	return false
}

// arrowStep finds the first arrow whose sums, from its placed digits (or
// its candidates, with cands), rule out a candidate.
func arrowStep(b *Board, s *Step, cands bool) bool {
	g := b.geo()
	a, ok := arrowsOf(g)
	if !ok {
		return false
	}
	var buf [maxLayerDigits]uint16
	var pre [maxLayerDigits + 1]sumMask
	for _, l := range a.lines {
		dom := lineDomains(b, l, cands, buf[:])
		if !arrowBounds(dom, g.N, pre[:]) || !lineEliminations(b, s, l, dom) {
			continue
		}
		if s.Explain() {
			s.lineParts(b, RoleArrow, l, dom)
		}
		return true
	}
	return false
}

// lineParts appends the line (a thermometer or an arrow, in role r) and,
// for each open cell of it that loses a candidate, the cell in
// RoleTarget with the digits it keeps (Digits) and their least and most
// (Sum, Total).
//
//go:noinline
func (s *Step) lineParts(b *Board, r Role, line []int, dom []uint16) {
	s.part(Part{Role: r, Cells: line})
	for k, c := range line {
		if b.Cells[c] != 0 || b.Cands[c]&^uint32(dom[k]) == 0 {
			continue
		}
		keep := b.Cands[c] & uint32(dom[k])
		s.part(Part{Role: RoleTarget, Cells: []int{c}, Digits: keep, Sum: int(FirstDigit(keep)), Total: int(lastDigit(keep))})
	}
}

// lastDigit is the highest digit in m (0 if m is empty).
func lastDigit(m uint32) uint8 {
	if m == 0 {
		return 0
	}
	return uint8(31 - bits.LeadingZeros32(m))
}

// lineWords words a thermo or arrow step: the line, what each cell it
// narrows keeps, and what leaves.
func lineWords(g *Geometry, _ *Board, s *Step) string {
	p := s.Pattern.Parts // the line, then each cell it narrows
	line := p[0].Cells
	var what string
	if p[0].Role == RoleThermo {
		what = fmt.Sprintf("the thermometer %s rises from its bulb %s", spaced(g, line), g.CellName(line[0]))
	} else {
		what = fmt.Sprintf("the shaft %s adds up to the circle %s", spaced(g, line[1:]), g.CellName(line[0]))
	}
	keeps := make([]string, 0, len(p)-1)
	for _, t := range p[1:] {
		keeps = append(keeps, g.CellName(t.Cells[0])+" "+keepText(t))
	}
	return fmt.Sprintf("%s: %s, so %s: %s", s.Technique, what, andList(keeps), leaveText(g, s.Eliminations))
}

// keepText says what a narrowed cell keeps: "is 2 to 6" for a run of
// digits, "is 4" for one, "keeps 2, 4 and 6" otherwise.
func keepText(t Part) string {
	switch {
	case t.Sum == t.Total:
		return fmt.Sprintf("is %d", t.Sum)
	case Count(t.Digits) == t.Total-t.Sum+1:
		return fmt.Sprintf("is %d to %d", t.Sum, t.Total)
	}
	return "keeps " + digitList(t.Digits)
}
