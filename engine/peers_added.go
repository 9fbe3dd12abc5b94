package engine

import "slices"

// withPeers returns a copy of g on which each pair that pairs yields
// sees each other, for a constraint that keeps cells apart beyond the
// houses (a thermometer's cells all differ, an arrow's circle exceeds
// each cell of its shaft, a knight's move apart). Every solver and rung
// that asks Sees or reads Peers then knows them. The copy never takes the
// classic fast path, which knows nothing of constraints; the caller adds
// its constraint to the copy's layers.
func (g *Geometry) withPeers(pairs func(yield func(a, b int))) *Geometry {
	k := *g
	k.classic = false
	k.peerSets = slices.Clone(g.peerSets)
	pairs(func(a, b int) {
		if a != b {
			k.peerSets[a].add(b)
			k.peerSets[b].add(a)
		}
	})
	k.Peers = make([][]int, g.Cells)
	for i := range g.Cells {
		for set := k.peerSets[i]; !set.empty(); {
			k.Peers[i] = append(k.Peers[i], set.pop())
		}
	}
	return &k
}
