package engine

import (
	"fmt"
	"math/rand/v2"
)

// Kind is what a quota asks for: a variant on a grid side. The zero Kind is
// classic 9x9.
type Kind struct {
	Variant Variant
	Size    int // grid side; 0 means 9
}

// Side is the grid side of k.
func (k Kind) Side() int {
	if k.Size == 0 {
		return 9
	}
	return k.Size
}

func (k Kind) String() string {
	n := k.Side()
	return fmt.Sprintf("%s %dx%d", k.Variant, n, n)
}

// Validate reports whether k can be made, with an error wrapping
// ErrGeometry that says what is allowed.
func (k Kind) Validate() error { return Allowed(k.Variant, k.Side()) }

// geometry returns the geometry of one puzzle of kind k: the shared one for
// fixed houses, fresh random regions for jigsaw.
func (k Kind) geometry(rng *rand.Rand) (*Geometry, error) {
	if k.Variant != Jigsaw {
		return Lookup(k.Variant, k.Side())
	}
	if err := k.Validate(); err != nil {
		return nil, err
	}
	return NewGeometry(Jigsaw, k.Side(), RandomRegions(rng, k.Side()))
}

// RandomRegions cuts an n x n grid into n orthogonally connected regions
// of n cells at random. It starts from the boxes and makes many random
// trades across region borders: a cell passes to a neighbouring region and
// that region hands back a cell on its border with the first, each trade
// kept only when both regions stay connected. Sizes never change, so every
// step is a valid jigsaw; 40 trades a cell mix the boxes away. Not every
// region set admits a filling (the generator drops those after a short
// search).
func RandomRegions(rng *rand.Rand, n int) []uint8 {
	br, bc, _ := BoxShape(n)
	regions := make([]uint8, n*n)
	for i := range regions {
		r, c := i/n, i%n
		regions[i] = uint8((r/br)*(n/bc) + c/bc)
	}
	trades := 40 * n * n
	for t := 0; t < trades; t++ {
		a := rng.IntN(n * n)
		nb := orthogonal(n, a)
		b := nb[rng.IntN(4)]
		if b < 0 || regions[a] == regions[b] {
			continue
		}
		from, to := regions[a], regions[b]
		// a moves from its region to b's; a cell of b's region bordering
		// a's region moves back.
		var back []int
		for i, r := range regions {
			if r != to {
				continue
			}
			for _, o := range orthogonal(n, i) {
				if o >= 0 && o != a && regions[o] == from {
					back = append(back, i)
					break
				}
			}
		}
		if len(back) == 0 {
			continue
		}
		c := back[rng.IntN(len(back))]
		regions[a], regions[c] = to, from
		if !connected(n, regions, from) || !connected(n, regions, to) {
			regions[a], regions[c] = from, to
		}
	}
	return regions
}

// connected reports whether region r of regions is orthogonally connected.
func connected(n int, regions []uint8, r uint8) bool {
	var stack [MaxCells]int
	var seen [MaxCells]bool
	start, total := -1, 0
	for i, x := range regions {
		if x == r {
			total++
			if start < 0 {
				start = i
			}
		}
	}
	if start < 0 {
		return true
	}
	stack[0], seen[start] = start, true
	top, reached := 1, 0
	for top > 0 {
		top--
		c := stack[top]
		reached++
		for _, o := range orthogonal(n, c) {
			if o >= 0 && !seen[o] && regions[o] == r {
				seen[o] = true
				stack[top] = o
				top++
			}
		}
	}
	return reached == total
}

// newPuzzle packs a generated puzzle: classic 9x9 in Grid and Solution,
// every other geometry in Geo, Givens and Answer.
func newPuzzle(geo *Geometry, p, sol []uint8, gr Grading) Puzzle {
	if geo.classic {
		return Puzzle{Grid: Grid(p), Solution: Grid(sol), Grading: gr}
	}
	return Puzzle{Geo: geo, Givens: p, Answer: sol, Grading: gr}
}

// Geometry is the puzzle's geometry (Classic9 when Geo is nil).
func (p Puzzle) Geometry() *Geometry {
	if p.Geo == nil {
		return Classic9
	}
	return p.Geo
}

// Kind is the puzzle's variant and side.
func (p Puzzle) Kind() Kind {
	g := p.Geometry()
	return Kind{Variant: g.Variant, Size: g.N}
}

// Cells is the puzzle's givens on any geometry, row by row (0 for blank).
func (p Puzzle) Cells() []uint8 {
	if p.Geo == nil {
		return p.Grid[:]
	}
	return p.Givens
}

// SolutionCells is the puzzle's solution on any geometry.
func (p Puzzle) SolutionCells() []uint8 {
	if p.Geo == nil {
		return p.Solution[:]
	}
	return p.Answer
}
