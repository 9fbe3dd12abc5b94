package engine

// Keys of even-odd, anti-knight and anti-king puzzles (see keys.go).
//
//	even-odd      the parity map under the whole band-and-stack group of
//	              the grid (a mark moves with its cell, so every move that
//	              keeps the houses keeps the puzzle), then which map label
//	              is even, then the givens relabelled only by
//	              parity-keeping permutations: an even digit stays even
//	anti-knight,  the eight turns and mirrors that keep the houses (band
//	anti-king     and stack swaps do not keep a knight's or a king's
//	              distance), the givens relabelled freely

import (
	"bytes"
	"sync"

	"github.com/sudokubook/sudokubook/engine/canon"
)

// paritySearches hold, per side, searches of parity maps (0 unmarked, 1
// even, 2 odd, which the search may relabel) under the grid's group.
var paritySearches [17]searchCache

func paritySearch(n int) *canon.Search {
	br, bc, _ := BoxShape(n)
	return canon.NewSearch(n, br, bc, 0, 2, canon.FreeConfigs(n, bc, br == bc), nil)
}

// leastParity is an even-odd puzzle's key: the least moved parity map,
// relabelled; then, over every move that gives it, the least of the
// labels' parities and the moved givens with their even digits numbered
// 2, 4, 6... and their odd ones 1, 3, 5... in order of first appearance.
func leastParity(g *Geometry, cells []uint8) []uint8 {
	n := g.N
	c := &paritySearches[n]
	s := c.get(n, paritySearch)
	defer c.put(s)
	key := s.Least(g.parity)
	var best []uint8
	tail := make([]uint8, 2+n*n)
	givens := tail[2:]
	s.EachLeast(func(transposed bool, rows, cols, label []uint8) {
		tail[0], tail[1] = 0, 0
		for v := EvenCell; v <= OddCell; v++ {
			if l := label[v]; l > 0 {
				tail[l-1] = v
			}
		}
		for r := 0; r < n; r++ {
			for c := 0; c < n; c++ {
				i := int(rows[r])*n + int(cols[c])
				if transposed {
					i = int(cols[c])*n + int(rows[r])
				}
				givens[r*n+c] = cells[i]
			}
		}
		relabelParity(givens)
		if best == nil || bytes.Compare(tail, best) < 0 {
			best = append(best[:0], tail...)
		}
	})
	return append(key, best...)
}

// relabelParity numbers the digits of cells in order of first
// appearance, in place, within their parity: the first even digit met
// becomes 2, the next new one 4; the first odd 1, then 3. That is the
// least form under the relabellings that keep every digit's parity.
func relabelParity(cells []uint8) {
	var label [MaxSide + 1]uint8
	next := [2]uint8{2, 1}
	for i, v := range cells {
		if v == 0 {
			continue
		}
		if label[v] == 0 {
			label[v] = next[v%2]
			next[v%2] += 2
		}
		cells[i] = label[v]
	}
}

// apartGroups holds, per side, the turns and mirrors that keep a grid's
// houses (all eight where boxes are square, four on a 6x6).
var apartGroups sync.Map // side -> *canon.Group

// leastApart is an anti-knight or anti-king puzzle's key: the least
// relabelled givens under the turns and mirrors that keep the houses.
func leastApart(g *Geometry, cells []uint8) []uint8 {
	v, ok := apartGroups.Load(g.N)
	if !ok {
		sq := canon.SquareMoves(g.N)
		v, _ = apartGroups.LoadOrStore(g.N, sq.Sifted(canon.NewKeeper(g.N, g.Houses, sq, g.Houses)))
	}
	return v.(*canon.Group).Least(cells)
}

// apartOf is g's anti-knight or anti-king constraint, and false for none.
func (g *Geometry) apartOf() (ApartCells, bool) {
	for _, c := range g.layers {
		if a, ok := c.(ApartCells); ok {
			return a, true
		}
	}
	return ApartCells{}, false
}
