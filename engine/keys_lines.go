package engine

// The key of a thermo or arrow puzzle. A line runs through orthogonal and
// diagonal neighbours, which of the band-and-stack moves only the turns
// and mirrors keep neighbours, so the key is least over the turns and
// mirrors that keep the houses (the edge marks' group, keys_edges.go). A
// line moves with its cells and keeps its direction (a bulb stays the
// bulb, a circle the circle). Digits are never relabelled: a
// thermometer's order and an arrow's sum hold for the digits as they are.

import (
	"bytes"
	"slices"
)

// leastLines is the key of a geometry whose constraint is the paths
// lines: the number of lines, then each moved line as its length and
// its cells in order, the lines sorted, then the moved givens, least
// over the moves.
func leastLines(g *Geometry, lines [][]int, cells []uint8) []uint8 {
	grp := edgeGroup(g)
	ident := make([]uint8, g.Cells)
	for i := range ident {
		ident[i] = uint8(i)
	}
	pos := make([]uint8, g.Cells) // where a move puts cell i
	moved := make([][]uint8, len(lines))
	size := 1 + g.Cells
	for i, l := range lines {
		moved[i] = make([]uint8, 1+len(l))
		moved[i][0] = uint8(len(l))
		size += 1 + len(l)
	}
	sorted := make([][]uint8, len(lines))
	var best []uint8
	key := make([]uint8, 0, size)
	for _, m := range grp.Moves {
		for j, src := range grp.Apply(m, ident) {
			pos[src] = uint8(j)
		}
		for i, l := range lines {
			for k, c := range l {
				moved[i][1+k] = pos[c]
			}
		}
		copy(sorted, moved)
		slices.SortFunc(sorted, bytes.Compare)
		key = append(key[:0], uint8(len(lines)))
		for _, l := range sorted {
			key = append(key, l...)
		}
		key = append(key, grp.Apply(m, cells)...)
		if best == nil || bytes.Compare(key, best) < 0 {
			best = append(best[:0], key...)
		}
	}
	return best
}

// leastThermos is a thermo puzzle's key (leastLines).
func leastThermos(g *Geometry, cells []uint8) []uint8 {
	t, _ := thermometerOf(g)
	return leastLines(g, t.lines, cells)
}

// leastArrows is an arrow puzzle's key (leastLines).
func leastArrows(g *Geometry, cells []uint8) []uint8 {
	a, _ := arrowsOf(g)
	return leastLines(g, a.lines, cells)
}
