package engine

// Thermometers are grown on rising runs of the solution: from a random
// free cell, a line grows at either end, to a free neighbour (side or
// corner, crossing no other line) with a higher digit at the top or a
// lower one at the bulb, picked at random among those closest in value,
// so the run climbs slowly and grows long. A line shorter than three
// cells is dropped. Lines are grown until the level's count is reached or
// the free cells run out (see thermoCount).

import "math/rand/v2"

// thermoCount is how many thermometers a puzzle of level l on an n-grid
// gets: fewer for the harder levels, so the givens and the house rungs
// carry more of the solve.
func thermoCount(n int, l Level) int {
	if n < 9 {
		return []int{5, 4, 3, 3, 3}[l]
	}
	return []int{10, 9, 7, 6, 6}[l]
}

// layThermos is the thermo maker: thermometers on sol, on base.
func layThermos(rng *rand.Rand, base *Geometry, sol []uint8, l Level) (*Geometry, error) {
	return base.WithThermos(growThermos(rng, base.N, sol, thermoCount(base.N, l)))
}

// growThermos grows up to count thermometers of 3 to n cells on the
// solution sol of an n x n grid (see the top of the file).
func growThermos(rng *rand.Rand, n int, sol []uint8, count int) [][]int {
	e := newLineEdges(n)
	var lines [][]int
	var nb, pick []int
	for _, start := range rng.Perm(n * n) {
		if len(lines) == count {
			break
		}
		if e.used[start] {
			continue
		}
		line := []int{start}
		e.used[start] = true
		want := 3 + rng.IntN(n-2)
		for len(line) < want {
			// Grow at the top or at the bulb, at random, trying the
			// other end when one is stuck.
			top := rng.IntN(2) == 0
			next := -1
			for try := 0; try < 2 && next < 0; try++ {
				end := line[0]
				if top {
					end = line[len(line)-1]
				}
				nb = neighbours(n, end, nb)
				best := n + 1
				pick = pick[:0]
				for _, o := range nb {
					if !e.free(end, o) {
						continue
					}
					gap := int(sol[o]) - int(sol[end])
					if !top {
						gap = -gap
					}
					if gap <= 0 || gap > best {
						continue
					}
					if gap < best {
						best, pick = gap, pick[:0]
					}
					pick = append(pick, o)
				}
				if len(pick) > 0 {
					next = pick[rng.IntN(len(pick))]
					break
				}
				top = !top
			}
			if next < 0 {
				break
			}
			if top {
				e.step(line[len(line)-1], next)
				line = append(line, next)
			} else {
				e.step(line[0], next)
				line = append([]int{next}, line...)
			}
		}
		if len(line) < 3 {
			e.erase(line)
			continue
		}
		lines = append(lines, line)
	}
	return lines
}
