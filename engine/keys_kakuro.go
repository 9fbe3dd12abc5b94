package engine

import "bytes"

// leastKakuro is a kakuro's key: the lesser of its box as it is and
// mirrored in its main diagonal, the only move that keeps the frame (the
// clue row on top and the clue column on the left) and turns across runs
// into down runs. Each place of the box is two bytes: a white cell 255
// and its given (0 for none), a clue cell its across clue and its down
// clue (0 for none). The digits are never relabelled: a clue depends on
// them.
func leastKakuro(g *Geometry, cells []uint8) []uint8 {
	k := g.kakuroRunsOf()
	n := g.Width
	var best []uint8
	for _, flip := range []bool{false, true} {
		key := make([]uint8, 0, 2*n*n)
		for r := range n {
			for c := range n {
				rr, cc := r, c
				if flip {
					rr, cc = c, r
				}
				if i, in := g.InPlay(rr, cc); in {
					key = append(key, 255, cells[i])
					continue
				}
				a, d := k.KakuroClue(rr, cc)
				if flip {
					a, d = d, a
				}
				key = append(key, uint8(a), uint8(d))
			}
		}
		if best == nil || bytes.Compare(key, best) < 0 {
			best = key
		}
	}
	return best
}
