package engine

// Arrows: the arrow constraint.
//
// An arrow is a circled cell and a shaft, a line of cells from it, each
// step to one of the eight neighbours; the shaft's digits add up to the
// circle's. Digits on a shaft may repeat where no house keeps them apart;
// with two or more shaft cells the circle exceeds each of them, so the
// circle and its shaft's cells are peers in the geometry.
//
//	 ( 9 )--[ 2 ]--[ 3 ]--[ 4 ]>      2 + 3 + 4 = 9
//
// Its line part is "arrow:" and the arrows, circle first, as cell paths
// (cell_path.go): arrow:r1c1r1c2r1c3,r9c9r8c8r7c7. Its marks list each
// arrow's cells, circle first.

import (
	"fmt"
	"math/bits"
	"strings"
)

// Arrows is the arrow constraint: the arrows of a geometry, each a list
// of cells, circle first, then the shaft from the circle to the head.
type Arrows struct {
	n     int
	lines [][]int
}

// Name is "arrow".
func (Arrows) Name() string { return "arrow" }

// Lines lists the arrows, each circle first. The slices are the
// constraint's: do not change them.
func (a Arrows) Lines() [][]int { return a.lines }

// Holds reports whether every arrow's shaft of a full grid adds up to its
// circle.
func (a Arrows) Holds(cells []uint8) bool {
	for _, l := range a.lines {
		sum := 0
		for _, c := range l[1:] {
			sum += int(cells[c])
		}
		if sum != int(cells[l[0]]) {
			return false
		}
	}
	return true
}

// Line is "arrow:" and the arrows as cell paths.
func (a Arrows) Line() string { return "arrow:" + formatPaths(a.n, a.lines) }

// Marks lists each arrow's cells, circle first.
func (a Arrows) Marks() [][]int { return clonePaths(a.lines) }

// WithArrows returns a copy of g carrying arrows, each a path (see
// checkPath) of a circle and 1 to N-1 shaft cells. g must be one grid of
// side at most 9 and carry no constraint yet.
func (g *Geometry) WithArrows(arrows [][]int) (*Geometry, error) {
	if err := g.lineLayerFits("arrows"); err != nil {
		return nil, err
	}
	for k, l := range arrows {
		if len(l) < 2 || len(l) > g.N {
			return nil, fmt.Errorf("%w: arrow %d has %d cells, want a circle and 1 to %d on its shaft", ErrGeometry, k+1, len(l), g.N-1)
		}
		if err := checkPath(g.N, l); err != nil {
			return nil, fmt.Errorf("%w: arrow %d: %v", ErrGeometry, k+1, err)
		}
		if len(l) == 2 && g.Sees(l[0], l[1]) {
			return nil, fmt.Errorf("%w: arrow %d: a shaft of one cell equals its circle, which %s sees", ErrGeometry, k+1, g.CellName(l[1]))
		}
	}
	a := Arrows{n: g.N, lines: clonePaths(arrows)}
	k := g.withPeers(func(yield func(a, b int)) {
		for _, l := range a.lines {
			if len(l) > 2 {
				for _, c := range l[1:] {
					yield(l[0], c)
				}
			}
		}
	})
	k.layers = g.withLayer(a)
	return k, nil
}

// arrowFromMarks reads Marks back onto base.
func arrowFromMarks(base *Geometry, marks [][]int) (*Geometry, error) {
	return base.WithArrows(marks)
}

// parseArrowPart reads the arrow part of a line, "arrow:" and the paths,
// onto base.
func parseArrowPart(base *Geometry, part string) (*Geometry, error) {
	text, ok := strings.CutPrefix(strings.TrimSpace(part), "arrow:")
	if !ok {
		return nil, &ParseError{Msg: fmt.Sprintf("%q: want arrow: and the arrows, circle first (arrow:r1c1r1c2r1c3)", part)}
	}
	lines, err := parsePaths(base.N, text)
	if err != nil {
		return nil, err
	}
	if len(lines) == 0 {
		return nil, &ParseError{Msg: "arrow: no arrow"}
	}
	return base.WithArrows(lines)
}

// arrowsOf is the arrow constraint g carries, and false for none.
func arrowsOf(g *Geometry) (Arrows, bool) {
	for _, c := range g.layers {
		if a, ok := c.(Arrows); ok {
			return a, true
		}
	}
	return Arrows{}, false
}

// sumMask is a set of totals 0..15, bit t for total t; the totals past
// the largest digit never matter, as the circle holds one digit.
type sumMask = uint16

// addDigits is the set of totals a + d for a total a of sums and a digit
// d of dom, cut at n.
func addDigits(sums sumMask, dom uint16, n int) sumMask {
	var out sumMask
	for m := dom; m != 0; m &= m - 1 {
		out |= sums << bits.TrailingZeros16(m)
	}
	return out & (sumMask(2)<<n - 1)
}

// addSums is the set of totals a + b for a in x and b in y, cut at n.
func addSums(x, y sumMask, n int) sumMask {
	var out sumMask
	for m := y; m != 0; m &= m - 1 {
		out |= x << bits.TrailingZeros16(m)
	}
	return out & (sumMask(2)<<n - 1)
}

// arrowBounds narrows the domains dom of an arrow's cells, circle first,
// to the digits some filling of the arrow uses: the circle keeps the
// totals its shaft can make, each shaft cell the digits that with some
// digits of the other shaft cells make a total the circle can hold. The
// shaft's digits are taken as free to repeat (peers keep them apart in
// the solver). It reports false when a cell is left none. pre is scratch
// of at least len(dom)+1 totals.
func arrowBounds(dom []uint16, n int, pre []sumMask) bool {
	shaft := dom[1:]
	pre = pre[:len(shaft)+1]
	pre[0] = 1
	for k, m := range shaft {
		pre[k+1] = addDigits(pre[k], m, n)
	}
	circle := dom[0] & pre[len(shaft)]
	if circle == 0 {
		return false
	}
	dom[0] = circle
	var suf sumMask = 1
	for k := len(shaft) - 1; k >= 0; k-- {
		others := addSums(pre[k], suf, n)
		var keep uint16
		for m := shaft[k]; m != 0; m &= m - 1 {
			d := bits.TrailingZeros16(m)
			if others<<d&circle != 0 {
				keep |= 1 << d
			}
		}
		if keep == 0 {
			return false
		}
		shaft[k] = keep
		suf = addDigits(suf, keep, n)
	}
	return true
}

// arrowProp is the arrow constraint's part in the layered solver: one
// item an arrow, pruned by arrowBounds on its cells' candidates.
type arrowProp struct {
	a   Arrows
	dom []uint16  // scratch
	pre []sumMask // scratch
}

// propagator returns the arrow propagator, old's buffers reused when it
// is one.
func (a Arrows) propagator(old propagator) propagator {
	if p, ok := old.(*arrowProp); ok {
		p.a = a
		return p
	}
	return &arrowProp{a: a, dom: make([]uint16, 0, maxLayerDigits), pre: make([]sumMask, maxLayerDigits+1)}
}

func (p *arrowProp) reset(s *layerSolver) {
	var buf [maxLayerDigits]uint8
	for _, l := range p.a.lines {
		cells := buf[:0]
		for _, c := range l {
			cells = append(cells, uint8(c))
		}
		s.addItem(p, cells)
	}
}

func (p *arrowProp) prune(s *layerSolver, st *layerState, k int) (changed, ok bool) {
	cells := s.item(k)
	p.dom = layerDomains(st, cells, p.dom[:0])
	if !arrowBounds(p.dom, s.g.N, p.pre) {
		return false, false
	}
	return keepDomains(s, st, cells, p.dom)
}

// parseArrowLine reads an arrow line, the givens and the arrow part, on a
// classic grid.
func parseArrowLine(v Variant, size int, parts []string) (*Geometry, []uint8, error) {
	return parsePathLine(v, size, parts, []Variant{Classic}, "arrow", parseArrowPart)
}
