package engine

// Arrows are laid on sums of the solution: a circle on a random free cell
// of digit 3 or more, and a shaft from it through free neighbours (side or
// corner, crossing no other line) whose digits add up to the circle's,
// found by a short random search; a circle no shaft of two or more cells
// fits is passed over. Arrows are laid until the level's count is reached
// or the free cells run out (see arrowCount).

import "math/rand/v2"

// arrowCount is how many arrows a puzzle of level l on an n-grid gets:
// fewer for the harder levels, as for thermometers.
func arrowCount(n int, l Level) int {
	if n < 9 {
		return []int{5, 4, 3, 3, 3}[l]
	}
	return []int{11, 10, 8, 7, 7}[l]
}

// arrowSearch bounds the cells one shaft search visits.
const arrowSearch = 64

// layArrows is the arrow maker: arrows on sol, on base.
func layArrows(rng *rand.Rand, base *Geometry, sol []uint8, l Level) (*Geometry, error) {
	return base.WithArrows(growArrows(rng, base.N, sol, arrowCount(base.N, l)))
}

// growArrows lays up to count arrows on the solution sol of an n x n grid
// (see the top of the file).
func growArrows(rng *rand.Rand, n int, sol []uint8, count int) [][]int {
	e := newLineEdges(n)
	var arrows [][]int
	for _, c := range rng.Perm(n * n) {
		if len(arrows) == count {
			break
		}
		if e.used[c] || sol[c] < 3 {
			continue
		}
		e.used[c] = true
		s := shaftSearch{e: e, n: n, sol: sol, rng: rng, budget: arrowSearch, most: min(n-1, 2+rng.IntN(3))}
		if line, ok := s.grow([]int{c}, int(sol[c])); ok {
			arrows = append(arrows, line)
			continue
		}
		e.used[c] = false
	}
	return arrows
}

// shaftSearch looks for a shaft that adds up to a circle.
type shaftSearch struct {
	e      *lineEdges
	n      int
	sol    []uint8
	rng    *rand.Rand
	budget int // cells left to visit
	most   int // the longest shaft wanted
}

// grow extends line (the circle and the shaft so far) by cells adding up
// to left, and returns the arrow; its steps are drawn in s.e when it
// succeeds, and nothing is when it does not.
func (s *shaftSearch) grow(line []int, left int) ([]int, bool) {
	if left == 0 {
		return line, len(line) >= 3
	}
	if len(line)-1 == s.most || s.budget == 0 {
		return nil, false
	}
	end := line[len(line)-1]
	nb := neighbours(s.n, end, nil)
	s.rng.Shuffle(len(nb), func(a, b int) { nb[a], nb[b] = nb[b], nb[a] })
	for _, o := range nb {
		d := int(s.sol[o])
		// A shaft of one cell equals its circle: it needs a second.
		if d > left || (len(line) == 1 && d == left) || !s.e.free(end, o) {
			continue
		}
		s.budget--
		s.e.step(end, o)
		if out, ok := s.grow(append(line, o), left-d); ok {
			return out, true
		}
		s.e.erase([]int{end, o})
		s.e.used[end] = true
	}
	return nil, false
}
