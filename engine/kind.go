package engine

import (
	"fmt"
	"math/rand/v2"
	"strings"
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
	if k.Variant.Multi() {
		return k.Variant.String()
	}
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

// ParseLine reads one puzzle of variant v in the line form: the N*N
// symbols of the givens (see Geometry.Parse), and for jigsaw a slash and
// N*N more symbols giving each cell's region (1-9, then A-G):
//
//	classic 4x4   1..4.2......3..1
//	jigsaw 4x4    1..4.2......3..1/1122112234442334
//	killer 4x4    ................/abaaababbccbbbaa/6,4,8,6,8,5,3
//
// A line with more parts carries a constraint (constraint.go): three
// parts are a killer on variant v (classic or x), the givens, the cage
// map and the sums (see cage_text.go).
//
// size is the grid side, or 0 to take it from the length of the givens
// (16, 36, 64, 81, 144 or 256 symbols).
func ParseLine(v Variant, size int, s string) (*Geometry, []uint8, error) {
	s = strings.TrimSpace(s)
	if parts := strings.Split(s, "/"); len(parts) > 2 {
		if k := layerOfLine(len(parts) - 1); k != nil {
			return k.line(v, size, parts)
		}
	}
	givens, regionText, hasRegions := strings.Cut(s, "/")
	if hasRegions != (v == Jigsaw) {
		if v == Jigsaw {
			return nil, nil, &ParseError{Msg: "jigsaw wants PUZZLE/REGIONS: the givens, a slash and each cell's region"}
		}
		return nil, nil, &ParseError{Msg: fmt.Sprintf("a %s puzzle has no /REGIONS part", v)}
	}
	n := size
	if v.Multi() {
		n = 9 // a figure of 9x9 grids; its text covers the bounding box
	}
	if n == 0 {
		cells := len([]rune(givens))
		n = sideOf(cells)
		if n == 0 {
			return nil, nil, &ParseError{Msg: fmt.Sprintf("%d cells: want 16, 36, 64, 81, 144 or 256 (4x4 to 16x16)", cells)}
		}
	}
	if err := Allowed(v, n); err != nil {
		return nil, nil, err
	}
	var geo *Geometry
	var err error
	if v == Jigsaw {
		regions, perr := parseRegions(n, regionText)
		if perr != nil {
			return nil, nil, perr
		}
		geo, err = NewGeometry(Jigsaw, n, regions)
	} else {
		geo, err = Lookup(v, n)
	}
	if err != nil {
		return nil, nil, err
	}
	cells, err := geo.Parse(givens)
	if err != nil {
		return nil, nil, err
	}
	return geo, cells, nil
}

// FormatLine writes cells on geo in the line form ParseLine reads.
func FormatLine(geo *Geometry, cells []uint8) string {
	s := geo.Format(cells)
	if len(geo.layers) > 0 {
		for _, c := range geo.layers {
			s += "/" + c.Line()
		}
		return s
	}
	if geo.Variant == Jigsaw {
		s += "/" + geo.RegionString()
	}
	return s
}

// RegionString writes each cell's region as a symbol, 1 for the first.
func (g *Geometry) RegionString() string {
	b := make([]byte, g.Cells)
	for i, r := range g.Regions {
		b[i] = Symbol(r + 1)
	}
	return string(b)
}

// sideOf is the allowed side whose square is cells, or 0.
func sideOf(cells int) int {
	for _, n := range Sizes() {
		if n*n == cells {
			return n
		}
	}
	return 0
}

// parseRegions reads a region string of n*n symbols.
func parseRegions(n int, s string) ([]uint8, error) {
	rs := []rune(s)
	if len(rs) != n*n {
		return nil, &ParseError{Msg: fmt.Sprintf("regions: want %d symbols for %dx%d, got %d", n*n, n, n, len(rs))}
	}
	out := make([]uint8, n*n)
	for k, r := range rs {
		d := strings.IndexRune(Symbols, toUpper(r)) + 1
		if d < 1 || d > n {
			return nil, &ParseError{Pos: k + 1, Char: r, Msg: fmt.Sprintf("regions: unexpected %q (want a region 1-%s)", r, string(Symbol(uint8(n))))}
		}
		out[k] = uint8(d - 1)
	}
	return out, nil
}
