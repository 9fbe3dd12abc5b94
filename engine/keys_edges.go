package engine

// The key of an edge-marked puzzle. A mark lies between two orthogonal
// neighbours, and of the band-and-stack moves only the turns and mirrors
// keep every pair of neighbours neighbours (swapping two rows of a band
// parts the rows on either side of them), so the key is least over the
// turns and mirrors that keep the houses (all eight on a 9x9 or a 4x4,
// and on an X grid; four on a 6x6, whose 2x3 boxes do not transpose). The
// marks move with their cells, and a sign turns with them so that it
// still points to the smaller cell.
//
// Digits are relabelled only where the rule is kept whatever the grid:
//
//   - greater-than: reading every digit d as N+1-d and turning every
//     sign round gives a puzzle whose solutions are the first's, digit
//     for digit so read, reached by the same steps: the same puzzle, as a
//     relabelled classic is;
//   - consecutive: d -> N+1-d keeps "differ by 1" and "do not", so every
//     bar and every edge without one; the marks stay as they are;
//   - kropki: d -> N+1-d keeps a white dot but not a black one (1 and 2
//     would be 9 and 8) nor, with every dot given, an edge without one
//     (3 and 6 have none, 7 and 4 would need one), so it counts only for a
//     kropki of white dots alone and not every dot given;
//   - xv: d -> 10-d on a 9x9 keeps an X but makes a V's 5 a 15, and with
//     every mark given an edge summing to 15 would need a V; so likewise
//     only for X's alone, not every mark given, on a 9x9.
//
// No other relabelling keeps a rule on every grid: a relabelling that
// keeps "differ by 1" on all pairs maps 1..N onto a path of the same
// order, which is the identity or the reversal.

import (
	"bytes"
	"sync"

	"github.com/sudokubook/sudokubook/engine/canon"
)

// edgeGroups holds the moves of each grid (variant and side) edge keys
// try.
var edgeGroups sync.Map // [2]int -> *canon.Group

func edgeGroup(g *Geometry) *canon.Group {
	k := [2]int{int(g.Variant), g.N}
	if v, ok := edgeGroups.Load(k); ok {
		return v.(*canon.Group)
	}
	cand := canon.SquareMoves(g.N)
	grp := cand.Sifted(canon.NewKeeper(g.N, g.Houses, cand, g.Houses))
	v, _ := edgeGroups.LoadOrStore(k, grp)
	return v.(*canon.Group)
}

// reverses reports whether reading d as N+1-d keeps e (see above).
func (e *EdgeMarks) reverses() bool {
	switch e.rule {
	case &greaterRule, &consecutiveRule:
		return true
	case &kropkiRule, &xvRule:
		if e.all || e.rule == &xvRule && e.n != 9 {
			return false
		}
		for _, m := range e.marks {
			if m == 2 { // a black dot, a V
				return false
			}
		}
		return true
	}
	return false
}

// leastEdges is an edge-marked puzzle's key: whether every mark is given,
// then the moved marks edge by edge, then the moved givens, least over
// the moves and the relabellings that keep the rule.
func leastEdges(g *Geometry, e *EdgeMarks, cells []uint8) []uint8 {
	grp := edgeGroup(g)
	n := g.N
	ident := make([]uint8, g.Cells)
	for i := range ident {
		ident[i] = uint8(i)
	}
	flips := []bool{false}
	if e.reverses() {
		flips = append(flips, true)
	}
	var best []uint8
	key := make([]uint8, 1+len(e.edges)+g.Cells)
	for _, m := range grp.Moves {
		src := grp.Apply(m, ident) // src[i]: the cell moved to i
		moved := grp.Apply(m, cells)
		for _, flip := range flips {
			key = key[:0]
			key = append(key, boolByte(e.all))
			for _, ed := range e.edges {
				a, b := int(src[ed.A]), int(src[ed.B])
				mark := e.marks[edgeIndex(n, a, b)]
				if e.rule.ordered && mark != 0 && (a > b) != flip {
					mark = 3 - mark // the smaller cell is now the other end
				}
				key = append(key, mark)
			}
			for _, v := range moved {
				if flip && v != 0 {
					v = uint8(n+1) - v
				}
				key = append(key, v)
			}
			if best == nil || bytes.Compare(key, best) < 0 {
				best = append(best[:0], key...)
			}
		}
	}
	return best
}

func boolByte(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}
