package engine

import (
	"bytes"

	"github.com/sudokubook/sudokubook/engine/canon"
)

// leastCalc is a calcudoku's key: the least, over the eight turns and
// mirrors of the square (row and column swaps part a cage's cells), of
// its moved cage map numbered in order of first appearance, then each
// cage's target and operation in that order, then its moved givens. The
// digits are never relabelled: a target depends on them.
func leastCalc(g *Geometry, cells []uint8) []uint8 {
	k := g.calcCagesOf()
	cage := make([]uint8, g.Cells)
	for i, c := range k.cageOf {
		cage[i] = uint8(c + 1)
	}
	grp := canon.SquareMoves(g.N)
	var best []uint8
	for _, m := range grp.Moves {
		moved := grp.Apply(m, cage)
		key := canon.Relabel(moved, true)
		clues := make([]uint8, 3*len(k.cages))
		for i, l := range key {
			c := k.cages[moved[i]-1]
			clues[3*(l-1)], clues[3*(l-1)+1], clues[3*(l-1)+2] = uint8(c.Target>>8), uint8(c.Target), uint8(c.Op)
		}
		key = append(key, clues...)
		key = append(key, grp.Apply(m, cells)...)
		if best == nil || bytes.Compare(key, best) < 0 {
			best = key
		}
	}
	return best
}
