package engine

// Thermometers: the thermo constraint.
//
// A thermometer is a line of cells from its bulb, each step to one of the
// eight neighbours; its digits strictly rise from the bulb. So its cells
// all differ (they are peers of each other in the geometry), and the k-th
// of an L-cell thermometer on an N-grid lies in k..N-L+k, narrowed further
// by what its neighbours along the line can hold:
//
//	bulb                     on a 9x9, a 4-cell thermometer
//	 (O)==[ ]==[ ]==[ ]       holds 1-6, 2-7, 3-8, 4-9 before anything
//	                          is placed; a 5 in its third cell leaves
//	                          1-3, 2-4, 5, 6-9
//
// Its line part is "thermo:" and the thermometers bulb first, as cell
// paths (cell_path.go): thermo:r1c1r1c2r2c3,r5c5r4c5. Its marks list each
// thermometer's cells, bulb first.

import (
	"fmt"
	"math/bits"
	"strings"
)

// Thermos is the thermo constraint: the thermometers of a geometry, each
// a list of cells from its bulb.
type Thermos struct {
	n     int
	lines [][]int
}

// Name is "thermo".
func (Thermos) Name() string { return "thermo" }

// Lines lists the thermometers, each bulb first. The slices are the
// constraint's: do not change them.
func (t Thermos) Lines() [][]int { return t.lines }

// Holds reports whether every thermometer of a full grid rises from its
// bulb.
func (t Thermos) Holds(cells []uint8) bool {
	for _, l := range t.lines {
		for k := 1; k < len(l); k++ {
			if cells[l[k]] <= cells[l[k-1]] {
				return false
			}
		}
	}
	return true
}

// Line is "thermo:" and the thermometers as cell paths.
func (t Thermos) Line() string { return "thermo:" + formatPaths(t.n, t.lines) }

// Marks lists each thermometer's cells, bulb first.
func (t Thermos) Marks() [][]int { return clonePaths(t.lines) }

// WithThermos returns a copy of g carrying the thermometers lines, each
// a path of 2 to N cells from its bulb (see checkPath). g must be one
// grid of side at most 9 and carry no constraint yet.
func (g *Geometry) WithThermos(lines [][]int) (*Geometry, error) {
	if err := g.lineLayerFits("thermometers"); err != nil {
		return nil, err
	}
	for k, l := range lines {
		if len(l) < 2 || len(l) > g.N {
			return nil, fmt.Errorf("%w: thermometer %d has %d cells, want 2 to %d", ErrGeometry, k+1, len(l), g.N)
		}
		if err := checkPath(g.N, l); err != nil {
			return nil, fmt.Errorf("%w: thermometer %d: %v", ErrGeometry, k+1, err)
		}
	}
	t := Thermos{n: g.N, lines: clonePaths(lines)}
	k := g.withPeers(func(yield func(a, b int)) {
		for _, l := range t.lines {
			for i, a := range l {
				for _, b := range l[i+1:] {
					yield(a, b)
				}
			}
		}
	})
	k.layers = g.withLayer(t)
	return k, nil
}

// lineLayerFits reports why a constraint drawn as lines cannot lie on g:
// it is one grid of side at most 9 (the layered solver's bound) with no
// constraint yet.
func (g *Geometry) lineLayerFits(what string) error {
	if g.pos != nil || g.N > maxLayerDigits {
		return fmt.Errorf("%w: %s lie on one grid of side at most %d, not %s %dx%d", ErrGeometry, what, maxLayerDigits, g.Variant, g.N, g.N)
	}
	if len(g.layers) > 0 {
		return fmt.Errorf("%w: the geometry carries %s already", ErrGeometry, g.layers[0].Name())
	}
	return nil
}

// clonePaths copies a list of paths.
func clonePaths(paths [][]int) [][]int {
	out := make([][]int, len(paths))
	for k, p := range paths {
		out[k] = append([]int(nil), p...)
	}
	return out
}

// thermoFromMarks reads Marks back onto base.
func thermoFromMarks(base *Geometry, marks [][]int) (*Geometry, error) {
	return base.WithThermos(marks)
}

// parseThermoPart reads the thermo part of a line, "thermo:" and the
// paths, onto base.
func parseThermoPart(base *Geometry, part string) (*Geometry, error) {
	text, ok := strings.CutPrefix(strings.TrimSpace(part), "thermo:")
	if !ok {
		return nil, &ParseError{Msg: fmt.Sprintf("%q: want thermo: and the thermometers, bulb first (thermo:r1c1r1c2r1c3)", part)}
	}
	lines, err := parsePaths(base.N, text)
	if err != nil {
		return nil, err
	}
	if len(lines) == 0 {
		return nil, &ParseError{Msg: "thermo: no thermometer"}
	}
	return base.WithThermos(lines)
}

// thermometerOf is the thermo constraint g carries, and false for none.
func thermometerOf(g *Geometry) (Thermos, bool) {
	for _, c := range g.layers {
		if t, ok := c.(Thermos); ok {
			return t, true
		}
	}
	return Thermos{}, false
}

// thermoBounds narrows the domains dom of a thermometer's cells, in line
// order, to the digits that keep it rising: each keeps only digits above
// some digit of the cell before it and below some digit of the cell after
// it. On a chain of strict inequalities that is every digit some rising
// filling of the line uses. It reports false when a cell is left none.
// Digits run 1..n; dom[k] has bit d for digit d.
func thermoBounds(dom []uint16, n int) bool {
	lo := 0
	for k := range dom {
		m := dom[k] &^ (uint16(2)<<lo - 1)
		if m == 0 {
			return false
		}
		dom[k] = m
		lo = bits.TrailingZeros16(m)
	}
	hi := n + 1
	for k := len(dom) - 1; k >= 0; k-- {
		m := dom[k] & (uint16(1)<<hi - 1)
		if m == 0 {
			return false
		}
		dom[k] = m
		hi = 15 - bits.LeadingZeros16(m)
	}
	return true
}

// thermoProp is the thermo constraint's part in the layered solver: one
// item a thermometer, pruned by thermoBounds on its cells' candidates.
type thermoProp struct {
	t   Thermos
	dom []uint16 // scratch
}

// propagator returns the thermo propagator, old's buffers reused when it
// is one.
func (t Thermos) propagator(old propagator) propagator {
	if p, ok := old.(*thermoProp); ok {
		p.t = t
		return p
	}
	return &thermoProp{t: t, dom: make([]uint16, 0, maxLayerDigits)}
}

func (p *thermoProp) reset(s *layerSolver) {
	var buf [maxLayerDigits]uint8
	for _, l := range p.t.lines {
		cells := buf[:0]
		for _, c := range l {
			cells = append(cells, uint8(c))
		}
		s.addItem(p, cells)
	}
}

func (p *thermoProp) prune(s *layerSolver, st *layerState, k int) (changed, ok bool) {
	cells := s.item(k)
	p.dom = layerDomains(st, cells, p.dom[:0])
	if !thermoBounds(p.dom, s.g.N) {
		return false, false
	}
	return keepDomains(s, st, cells, p.dom)
}

// layerDomains appends the digits each of cells can still hold in st: its
// candidates, or its placed digit.
func layerDomains(st *layerState, cells []uint8, dom []uint16) []uint16 {
	for _, c := range cells {
		if d := st.cells[c]; d != 0 {
			dom = append(dom, 1<<d)
		} else {
			dom = append(dom, st.cands[c])
		}
	}
	return dom
}

// keepDomains narrows each open cell of cells to its domain in dom.
func keepDomains(s *layerSolver, st *layerState, cells []uint8, dom []uint16) (changed, ok bool) {
	for j, c := range cells {
		if st.cells[c] != 0 {
			continue
		}
		ch, ok := s.keep(st, int(c), dom[j])
		if !ok {
			return true, false
		}
		changed = changed || ch
	}
	return changed, true
}

// parseThermoLine reads a thermo line, the givens and the thermo part,
// on a classic or X grid.
func parseThermoLine(v Variant, size int, parts []string) (*Geometry, []uint8, error) {
	return parsePathLine(v, size, parts, []Variant{Classic, X}, "thermo", parseThermoPart)
}
