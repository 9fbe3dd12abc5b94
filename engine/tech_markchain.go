package engine

// Mark chain (hard). Three cells in a row or a column joined by two
// marks (or by edges without one, every mark given) take only the
// triples of different digits both marks allow, which says more than
// each mark alone. Two white dots on cells of {2,4}, {3,5} and {4,6}
// leave 2-3-4 and 4-5-6 (4-3-4 and 4-5-4 repeat a digit in the line):
// each holds a 4, so 4 leaves the rest of the line. Each cell keeps its
// digits of the triples left, and a digit every triple holds leaves the
// cells that see all three.

import (
	"fmt"
	"math/bits"
)

func init() { register(MarkChain, findMarkChain) }

// findMarkChain finds three cells in a line joined by two binding edges
// whose triples remove a candidate.
func findMarkChain(b *Board, s *Step) bool {
	g := b.geo()
	e := g.edgeMarksOf()
	if e == nil {
		return false
	}
	n := e.n
	for _, down := range [2]bool{false, true} {
		for a := range g.Cells {
			step := 1
			if down {
				step = n
			}
			bc, cc := a+step, a+2*step
			if !down && a%n > n-3 || down && cc >= g.Cells {
				continue
			}
			k1, k2 := edgeIndex(n, a, bc), edgeIndex(n, bc, cc)
			if !e.binds(k1) || !e.binds(k2) {
				continue
			}
			cells := [3]int{a, bc, cc}
			if b.Cells[a] != 0 && b.Cells[bc] != 0 || b.Cells[bc] != 0 && b.Cells[cc] != 0 {
				continue
			}
			if markChainStep(b, s, e, cells, k1, k2) {
				return true
			}
		}
	}
	return false
}

// markChainStep tries the three cells of one chain.
func markChainStep(b *Board, s *Step, e *EdgeMarks, cells [3]int, k1, k2 int) bool {
	g := b.geo()
	var m [3]uint16
	for i, x := range cells {
		m[i] = boardMask(b, x)
	}
	var keep [3]uint16
	must := ^uint16(0)
	var triples []uint32
	for ra := m[0]; ra != 0; ra &= ra - 1 {
		da := bits.TrailingZeros16(ra)
		for rb := e.pairs.fwd[e.marks[k1]][da] & m[1]; rb != 0; rb &= rb - 1 {
			db := bits.TrailingZeros16(rb)
			for rc := e.pairs.fwd[e.marks[k2]][db] & m[2] &^ (1 << da); rc != 0; rc &= rc - 1 {
				dc := bits.TrailingZeros16(rc)
				keep[0] |= 1 << da
				keep[1] |= 1 << db
				keep[2] |= 1 << dc
				t := uint16(1)<<da | 1<<db | 1<<dc
				must &= t
				if s.explain {
					triples = append(triples, uint32(da)<<8|uint32(db)<<4|uint32(dc))
				}
			}
		}
	}
	if keep[0] == 0 {
		return false // no triple: the board is wrong, which a finder leaves to others
	}
	for i, x := range cells {
		if b.Cells[x] != 0 {
			continue
		}
		for r := m[i] &^ keep[i]; r != 0; r &= r - 1 {
			s.Eliminations = append(s.Eliminations, Elimination{x, uint8(bits.TrailingZeros16(r))})
		}
	}
	for d := must; d != 0; d &= d - 1 {
		digit := uint8(bits.TrailingZeros16(d))
		for _, x := range g.Peers[cells[0]] {
			if x != cells[1] && x != cells[2] && b.Cells[x] == 0 && b.Cands[x]&Bit(digit) != 0 && g.Sees(x, cells[1]) && g.Sees(x, cells[2]) {
				s.Eliminations = append(s.Eliminations, Elimination{x, digit})
			}
		}
	}
	if len(s.Eliminations) == 0 {
		return false
	}
	if s.explain {
		s.part(e.edgePart(RoleBase, k1))
		s.part(e.edgePart(RoleBase, k2))
		var text []byte
		for i, t := range triples {
			if i > 0 {
				text = append(text, ',', ' ')
			}
			text = append(text, Symbol(uint8(t>>8)), '-', Symbol(uint8(t>>4&15)), '-', Symbol(uint8(t&15)))
		}
		s.part(Part{Role: RoleSet, Cells: cells[:], Digits: uint32(must), Text: string(text)})
	}
	return true
}

// markChainWords is the mark chain's note.
func markChainWords(g *Geometry, b *Board, s *Step) string {
	p := s.Pattern.Parts // the two edges, the three cells with their triples
	e := g.edgeMarksOf()
	return fmt.Sprintf("mark chain: %s; %s; so %s take only %s: %s",
		edgeRuleText(g, e.rule, p[0]), edgeRuleText(g, e.rule, p[1]), cellsAnd(g, p[2].Cells), p[2].Text, leaveText(g, s.Eliminations))
}
