package engine

import (
	"fmt"
	"sync"
)

// Distinct puzzles: a 4x4 has few.
//
// Two puzzles are the same puzzle when KeyOf gives them one key: one is the
// other turned, mirrored, with bands or rows swapped or its digits
// relabelled. On 9x9 and up a generator never meets the same key twice in
// a book's lifetime, but a 4x4 has 288 solution grids, and the puzzles the
// generator makes from them come down to a handful of keys: a book of 200
// easy 4x4 puzzles would print a few of them again and again, turned.
//
// So for the small kinds the number is known exactly, by enumeration of
// everything the generator can make for a quota: every solution grid (up
// to the key's moves where the quota's symmetry lets the moves through),
// every set of symmetry orbits kept as givens, kept when the generator's
// dig could end on it (see digEnds), graded, and held to the quota's
// bands. The keys of the puzzles kept are counted. A 4x4 grid has 2^16
// clue sets at most, so this takes well under a second, once a quota.

// Distinct reports how many essentially different puzzles (different
// KeyOf keys) Fill can make for q, and whether that is known. It is known
// for the kinds whose puzzles are few enough to enumerate: classic and X
// 4x4 at easy, the only level a book takes of them (see HardestLevel).
// Count and Repeats do not matter. The figure is computed once per quota
// and kept.
func Distinct(q Quota) (n int, known bool) {
	if !enumerable(q) {
		return 0, false
	}
	q.Count, q.Repeats = 0, false
	if v, ok := distinctMemo.Load(q); ok {
		return v.(int), true
	}
	n = len(distinctKeys(q))
	distinctMemo.Store(q, n)
	return n, true
}

var distinctMemo sync.Map // Quota (Count and Repeats zero) -> int

// enumerable reports whether Distinct can count q's puzzles.
func enumerable(q Quota) bool {
	s, _ := q.Kind.side()
	return s.Enumerated && q.Level == Easy &&
		q.Symmetry >= 0 && q.Symmetry < NumSymmetries
}

// distinctError says why q cannot be filled with distinct puzzles, or nil.
func (q Quota) distinctError() error {
	if q.Repeats {
		return nil
	}
	if n, ok := Distinct(q); ok && q.Count > n {
		return fmt.Errorf("%s %s puzzles: %d asked, but only %d are essentially different (the rest would repeat them turned or relabelled)", q.Level, q.Kind, q.Count, n)
	}
	return nil
}

// distinctKeys lists the keys of every puzzle Fill can make for q.
func distinctKeys(q Quota) map[string]bool {
	keys := map[string]bool{}
	geo, err := Lookup(q.Kind.Variant, q.Kind.Side())
	if err != nil {
		return keys
	}
	orbits := geo.orbits(q.Symmetry)
	if orbits == nil {
		return keys
	}
	grids := solutionGrids(geo)
	if q.Symmetry == SymNone {
		// Every move of the key maps a puzzle's givens to a puzzle with
		// the same singles and the same grading, so one grid of each key
		// stands for all. Under a symmetry the moves need not keep the
		// orbits, and every grid is walked.
		grids = gridsByKey(geo, grids)
	}
	solver, grader := newGenericSolver(geo), NewGrader()
	// Puzzles of one key grade alike, so each key is graded once: judged
	// holds every key met, whether q took it.
	judged := map[string]bool{}
	subsets := 1 << len(orbits)
	solvable := make([]bool, subsets)
	clues := make([]int, subsets)
	p := make([]uint8, geo.Cells)
	for _, sol := range grids {
		for set := range subsets {
			clues[set] = 0
			clear(p)
			for k, o := range orbits {
				if set&(1<<k) != 0 {
					for _, c := range o {
						p[c] = sol[c]
					}
					clues[set] += len(o)
				}
			}
			solvable[set] = solver.SinglesSolve(p)
		}
		for set := range subsets {
			if !solvable[set] || !digEnds(q, geo.Cells, set, orbits, solvable, clues) {
				continue
			}
			clear(p)
			for k, o := range orbits {
				if set&(1<<k) != 0 {
					for _, c := range o {
						p[c] = sol[c]
					}
				}
			}
			key := string(KeyOf(geo, p))
			if judged[key] {
				continue
			}
			judged[key] = true
			gr, err := grader.gradeUnique(geo, p, GradeOptions{})
			if err == nil && q.Accepts(newPuzzle(geo, p, sol, gr)) {
				keys[key] = true
			}
		}
	}
	return keys
}

// digEnds reports whether the easy dig (keepSingles, see dig and
// clueTarget) can end on the orbits in set, a puzzle singles solve. The
// dig tries every orbit once, in random order, from the full grid, takes
// one out while singles still solve and the clue count stays at the
// target or above, and stops on reaching the target. Singles solve every
// superset of a puzzle they solve, so taking the other orbits out first
// reaches set; it ends there when set is at the target, or above it with
// no orbit that could still go.
func digEnds(q Quota, cells, set int, orbits [][]int, solvable []bool, clues []int) bool {
	n := clues[set]
	lo, hi := q.MinClues, q.MinClues
	if f, _ := q.Kind.feasibleClues(q.Level); q.MaxClues >= max(f, q.MinClues) {
		lo, hi = max(f, q.MinClues), q.MaxClues
	}
	if n < lo {
		return false
	}
	if n <= hi {
		return true // a target of n
	}
	for k, o := range orbits {
		if set&(1<<k) != 0 && solvable[set&^(1<<k)] && n-len(o) >= hi {
			return false // even aimed at hi, the dig would take o out too
		}
	}
	return true
}

// solutionGrids lists every solution grid of geo, which must be small.
func solutionGrids(geo *Geometry) [][]uint8 {
	var out [][]uint8
	p := make([]uint8, geo.Cells)
	var walk func(i int)
	walk = func(i int) {
		if i == geo.Cells {
			out = append(out, append([]uint8(nil), p...))
			return
		}
	digits:
		for d := uint8(1); d <= uint8(geo.N); d++ {
			for _, j := range geo.Peers[i] {
				if p[j] == d {
					continue digits
				}
			}
			p[i] = d
			walk(i + 1)
			p[i] = 0
		}
	}
	walk(0)
	return out
}

// gridsByKey keeps the first grid of each key.
func gridsByKey(geo *Geometry, grids [][]uint8) [][]uint8 {
	seen := map[string]bool{}
	var out [][]uint8
	for _, g := range grids {
		k := string(KeyOf(geo, g))
		if !seen[k] {
			seen[k] = true
			out = append(out, g)
		}
	}
	return out
}
