package engine

// The edge marks' rungs read the marks of the board's geometry (edges.go);
// on a geometry without them they find nothing.
//
// Kropki dot, XV pair, consecutive pair, inequality sign (easy). The two
// cells of a mark keep only the digits that have a partner in the other:
// beside a black dot, a cell with 3, 5 and 7 leaves its neighbour only 6
// (3's double; 5 and 7 have none), and the 3 stands. Each edge is one
// step.
//
// No mark (medium). With every mark given, an edge without one does the
// same with the negative rule: no dot beside a 4 leaves its neighbour
// without 3, 5, 2 and 8. Solvers count it harder than reading a mark: the
// clue is what is not printed.
//
// Inequality chain (easy). The signs inside a box chain its cells, and
// the cells of a box differ: a cell above three others along the signs is
// at least 4, and more when those three cannot be small (see
// edge_chains.go, chainBounds).
//
// Pair set (medium). The pairs an edge still allows may all hold one
// digit: a white dot on two cells of {3,4} and {4,5} is 3-4, 4-3 or 4-5,
// each with a 4, so the 4 is one of the two and leaves every other cell
// that sees both.

import (
	"fmt"
	"math/bits"
)

func init() {
	register(KropkiDot, edgePairFinder(&kropkiRule))
	register(XVPair, edgePairFinder(&xvRule))
	register(ConsecutivePair, edgePairFinder(&consecutiveRule))
	register(InequalitySign, edgePairFinder(&greaterRule))
	register(NoMark, findNoMark)
	register(InequalityChain, findInequalityChain)
	register(PairSet, findPairSet)
}

// boardMask is what cell x of b can hold: its digit or its candidates.
func boardMask(b *Board, x int) uint16 {
	if v := b.Cells[x]; v != 0 {
		return 1 << v
	}
	return uint16(b.Cands[x])
}

// partners is what edge k's pair table leaves each cell: the digits of A
// with a partner in B, and of B with one in A.
func (e *EdgeMarks) partners(k int, ma, mb uint16) (toA, toB uint16) {
	m := e.marks[k]
	for r := ma; r != 0; r &= r - 1 {
		toB |= e.pairs.fwd[m][bits.TrailingZeros16(r)]
	}
	for r := mb; r != 0; r &= r - 1 {
		toA |= e.pairs.bwd[m][bits.TrailingZeros16(r)]
	}
	return toA, toB
}

// edgePart is edge k of e in a pattern: its two cells, its mark's
// number in Sum (0 for none) and the mark's line symbol in Text.
func (e *EdgeMarks) edgePart(r Role, k int) Part {
	ed := e.edges[k]
	return Part{Role: r, Cells: []int{ed.A, ed.B}, Sum: int(e.marks[k]), Text: string(e.rule.symbol(e.marks[k], ed.Down()))}
}

// edgePairFinder finds one marked edge of rule r whose cells lose a
// digit.
func edgePairFinder(r *edgeRule) finder {
	return func(b *Board, s *Step) bool {
		e := b.geo().edgeMarksOf()
		if e == nil || e.rule != r {
			return false
		}
		return edgePairs(b, s, e, true)
	}
}

// findNoMark finds an unmarked edge, every mark given, whose cells lose
// a digit.
func findNoMark(b *Board, s *Step) bool {
	e := b.geo().edgeMarksOf()
	if e == nil || !e.all {
		return false
	}
	return edgePairs(b, s, e, false)
}

// edgePairs finds one edge, marked or not as marked says, whose cells
// lose a digit without a partner in the other.
func edgePairs(b *Board, s *Step, e *EdgeMarks, marked bool) bool {
	{
		for k, ed := range e.edges {
			if !e.binds(k) || (e.marks[k] != 0) != marked {
				continue
			}
			ma, mb := boardMask(b, ed.A), boardMask(b, ed.B)
			toA, toB := e.partners(k, ma, mb)
			var lose [2]uint16
			if b.Cells[ed.A] == 0 {
				lose[0] = ma &^ toA
			}
			if b.Cells[ed.B] == 0 {
				lose[1] = mb &^ toB
			}
			if lose[0]|lose[1] == 0 {
				continue
			}
			for i, x := range [2]int{ed.A, ed.B} {
				for m := lose[i]; m != 0; m &= m - 1 {
					s.Eliminations = append(s.Eliminations, Elimination{x, uint8(bits.TrailingZeros16(m))})
				}
			}
			if s.explain {
				s.part(e.edgePart(RoleBase, k))
			}
			return true
		}
		return false
	}
}

// findInequalityChain finds a cell that a chain of two or more signs in
// its box bounds past what its candidates allow.
func findInequalityChain(b *Board, s *Step) bool {
	e := b.geo().edgeMarksOf()
	if e == nil || len(e.chains) == 0 {
		return false
	}
	n := b.geo().N
	for ci := range e.chains {
		bc := &e.chains[ci]
		var lo, hi [maxLayerDigits]int
		for i, x := range bc.cells {
			m := boardMask(b, x)
			lo[i], hi[i] = bits.TrailingZeros16(m), 15-bits.LeadingZeros16(m)
		}
		for i, x := range bc.cells {
			below, above := bc.below[i], bc.above[i]
			if b.Cells[x] != 0 || bits.OnesCount16(below) < 2 && bits.OnesCount16(above) < 2 {
				continue
			}
			least, most := chainBounds(n, &lo, &hi, below, above)
			lose := uint16(b.Cands[x]) &^ rangeMask(least, most)
			if lose == 0 {
				continue
			}
			for m := lose; m != 0; m &= m - 1 {
				s.Eliminations = append(s.Eliminations, Elimination{x, uint8(bits.TrailingZeros16(m))})
			}
			if s.explain {
				s.houses(RoleHouse, bc.house)
				s.cells(RoleBase, positions(bc.cells, below)...)
				s.cells(RoleCover, positions(bc.cells, above)...)
				s.part(Part{Role: RoleTarget, Cells: []int{x}, Sum: least, Total: most})
			}
			return true
		}
	}
	return false
}

// positions lists the cells at the positions of set.
func positions(cells []int, set uint16) []int {
	var out []int
	for r := set; r != 0; r &= r - 1 {
		out = append(out, cells[bits.TrailingZeros16(r)])
	}
	return out
}

// findPairSet finds an edge of two open cells whose allowed pairs all
// hold a digit that another cell seeing both still has.
func findPairSet(b *Board, s *Step) bool {
	g := b.geo()
	e := g.edgeMarksOf()
	if e == nil {
		return false
	}
	for k, ed := range e.edges {
		if !e.binds(k) || b.Cells[ed.A] != 0 || b.Cells[ed.B] != 0 {
			continue
		}
		ma, mb := uint16(b.Cands[ed.A]), uint16(b.Cands[ed.B])
		must := ^uint16(0)
		m := e.marks[k]
		for r := ma; r != 0; r &= r - 1 {
			a := bits.TrailingZeros16(r)
			for q := e.pairs.fwd[m][a] & mb; q != 0; q &= q - 1 {
				must &= 1<<a | q&-q
			}
		}
		if must == ^uint16(0) || must == 0 {
			continue
		}
		found := false
		for d := must; d != 0; d &= d - 1 {
			digit := uint8(bits.TrailingZeros16(d))
			for _, x := range g.Peers[ed.A] {
				if x != ed.B && b.Cells[x] == 0 && b.Cands[x]&Bit(digit) != 0 && g.Sees(x, ed.B) {
					s.Eliminations = append(s.Eliminations, Elimination{x, digit})
					found = true
				}
			}
		}
		if !found {
			continue
		}
		if s.explain {
			s.part(e.edgePart(RoleBase, k))
			s.digits(uint32(must))
			var pairs []uint32
			for r := ma; r != 0; r &= r - 1 {
				a := bits.TrailingZeros16(r)
				for q := e.pairs.fwd[m][a] & mb; q != 0; q &= q - 1 {
					pairs = append(pairs, uint32(1<<a|q&-q))
				}
			}
			s.part(Part{Role: RoleSet, Cells: []int{ed.A, ed.B}, Sets: pairs})
		}
		return true
	}
	return false
}

// markName is the English name of edge part p's mark, for explain.
func markName(r *edgeRule, p Part) string {
	if p.Sum == 0 {
		return "no mark"
	}
	switch r.name {
	case "kropki":
		return [...]string{"a white dot", "a black dot"}[p.Sum-1]
	case "xv":
		return [...]string{"an X", "a V"}[p.Sum-1]
	case "consecutive":
		return "a bar"
	}
	return "a sign"
}

// edgeRuleText says in English what the mark of edge part p asks.
func edgeRuleText(g *Geometry, r *edgeRule, p Part) string {
	a, b := g.CellName(p.Cells[0]), g.CellName(p.Cells[1])
	switch {
	case r.name == "greater-than":
		small, big := a, b
		if p.Sum == 2 {
			small, big = b, a
		}
		return fmt.Sprintf("the sign between %s and %s points to %s, so %s is less than %s", a, b, small, small, big)
	case p.Sum == 0:
		what := map[string]string{"kropki": "they neither differ by 1 nor is one twice the other", "xv": "they add up to neither 10 nor 5", "consecutive": "they do not differ by 1"}[r.name]
		return fmt.Sprintf("%s and %s have no mark between them and every mark is given, so %s", a, b, what)
	}
	what := map[string][]string{"kropki": {"they differ by 1", "one is twice the other"}, "xv": {"they add up to 10", "they add up to 5"}, "consecutive": {"they differ by 1"}}[r.name][p.Sum-1]
	return fmt.Sprintf("%s between %s and %s says %s", markName(r, p), a, b, what)
}

// edgePairWords is the note of the easy edge rungs.
func edgePairWords(g *Geometry, b *Board, s *Step) string {
	e := g.edgeMarksOf()
	return fmt.Sprintf("%s: %s, %s", s.Technique, edgeRuleText(g, e.rule, s.Pattern.Parts[0]), resultText(b, s))
}

// chainWords is the inequality chain's note.
func inequalityChainWords(g *Geometry, b *Board, s *Step) string {
	p := s.Pattern.Parts // the box, the cells below, the cells above, the cell bounded
	x := p[3]
	var says []string
	if len(p[1].Cells) > 0 {
		says = append(says, fmt.Sprintf("the signs put %s below %s", cellsAnd(g, p[1].Cells), g.CellName(x.Cells[0])))
	}
	if len(p[2].Cells) > 0 {
		says = append(says, fmt.Sprintf("the signs put %s above %s", cellsAnd(g, p[2].Cells), g.CellName(x.Cells[0])))
	}
	return fmt.Sprintf("inequality chain: in %s, %s, all different digits, so %s is %s: %s",
		g.HouseName(p[0].Houses[0]), andList(says), g.CellName(x.Cells[0]), boundText(x.Sum, x.Total, g.N), leaveText(g, s.Eliminations))
}

// pairSetWords is the pair set's note.
func pairSetWords(g *Geometry, _ *Board, s *Step) string {
	p := s.Pattern.Parts // the edge, the digits every pair holds, the pairs
	e := g.edgeMarksOf()
	var pairs []string
	for _, m := range p[2].Sets {
		pairs = append(pairs, digitsText(m))
	}
	return fmt.Sprintf("pair set: %s, which leaves them %s: each holds %s, so %s", edgeRuleText(g, e.rule, p[0]), orList(pairs), digitList(p[1].Digits), elimText(g, s.Eliminations))
}

// orList joins "a", "b", "c" as "a, b or c".
func orList(items []string) string {
	if len(items) <= 1 {
		if len(items) == 1 {
			return items[0]
		}
		return ""
	}
	out := items[0]
	for _, it := range items[1 : len(items)-1] {
		out += ", " + it
	}
	return out + " or " + items[len(items)-1]
}
