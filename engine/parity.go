package engine

// Even-odd: the parity constraint.
//
// Some cells are marked with the parity of their digit: a shaded square
// holds an even digit, a circle an odd one. Nothing else changes; the
// houses are the grid's own.
//
//	. . e . o . . . .     e: even (2 4 6 8), o: odd (1 3 5 7 9)
//
// A mark only narrows its cell's digits, which is known before any
// reasoning, so the constraint sets the cell's domain on the geometry
// (Geometry.domain): every solver and the grader's board start the cell
// with the digits of its parity only, as they start a given with its
// digit. What a person then reasons from the marks, a house whose even
// (odd) digits have all their places fixed, is the parity set rung
// (tech_parity.go).

import (
	"fmt"
	"strings"
)

// Parity marks. A cell's mark is its digit's remainder by 2, plus one.
const (
	NoParity uint8 = iota
	EvenCell       // a shaded square: an even digit
	OddCell        // a circle: an odd digit
)

// parityMasks are the digit sets of each mark on an n-grid, bit d for d.
func parityMask(n int, mark uint8) uint32 {
	all := uint32(1)<<(n+1) - 2
	switch mark {
	case EvenCell:
		return all & 0x15554 // 2 4 6 8 10 12 14 16
	case OddCell:
		return all & 0xAAAA // 1 3 5 7 9 11 13 15
	}
	return all
}

// ParityCells is the even-odd constraint: each cell's mark (NoParity,
// EvenCell or OddCell).
type ParityCells struct{ g *Geometry }

// Name is "parity".
func (ParityCells) Name() string { return "parity" }

// Marks of each cell, N*N of them. The slice is the geometry's: do not
// change it.
func (p ParityCells) Cells() []uint8 { return p.g.parity }

// Holds reports whether every marked cell of a full grid holds a digit of
// its parity.
func (p ParityCells) Holds(cells []uint8) bool {
	for i, m := range p.g.parity {
		if m != NoParity && int(cells[i])%2 != int(m-1) {
			return false
		}
	}
	return true
}

// Line is the parity map: one symbol a cell, e (even), o (odd) or '.'.
func (p ParityCells) Line() string { return "parity=" + ParityMap(p.g.parity) }

// ParityMap writes marks one symbol a cell: e, o or '.'.
func ParityMap(marks []uint8) string {
	b := make([]byte, len(marks))
	for i, m := range marks {
		b[i] = ".eo"[m]
	}
	return string(b)
}

// Marks lists the marked cells by parity: the even ones after a 0, the
// odd ones after a 1, each list left out when empty.
func (p ParityCells) Marks() [][]int {
	var out [][]int
	for rem := range 2 {
		list := []int{rem}
		for i, m := range p.g.parity {
			if int(m) == rem+1 {
				list = append(list, i)
			}
		}
		if len(list) > 1 {
			out = append(out, list)
		}
	}
	return out
}

// propagator: the marks are the cells' domains, which every solver reads
// at its start; there is nothing left to prune.
func (ParityCells) propagator(propagator) propagator { return noItems{} }

// noItems is the layered solver's part of a constraint whose rule the
// solver already keeps through the geometry (peers, domains).
type noItems struct{}

func (noItems) reset(*layerSolver)                                      {}
func (noItems) prune(*layerSolver, *layerState, int) (changed, ok bool) { return false, true }

// WithParity returns a copy of g carrying the parity marks (one a cell:
// NoParity, EvenCell or OddCell). g is not changed and must carry no
// marks yet; at least one cell is marked.
func (g *Geometry) WithParity(marks []uint8) (*Geometry, error) {
	if g.Variant.Multi() || g.N > MaxSide {
		return nil, fmt.Errorf("%w: parity marks on %s grids", ErrGeometry, g.Variant)
	}
	if g.parity != nil {
		return nil, fmt.Errorf("%w: the geometry has parity marks already", ErrGeometry)
	}
	if len(marks) != g.Cells {
		return nil, fmt.Errorf("%w: %d parity marks for %d cells", ErrGeometry, len(marks), g.Cells)
	}
	k := *g
	k.classic = false
	k.parity = make([]uint8, g.Cells)
	k.domain = make([]uint32, g.Cells)
	any := false
	for i, m := range marks {
		if m > OddCell {
			return nil, fmt.Errorf("%w: parity mark %d at %s (want none, even or odd)", ErrGeometry, m, g.CellName(i))
		}
		k.parity[i] = m
		k.domain[i] = g.domainOf(i) & parityMask(g.N, m)
		any = any || m != NoParity
	}
	if !any {
		return nil, fmt.Errorf("%w: no cell has a parity mark", ErrGeometry)
	}
	k.layers = g.withLayer(ParityCells{&k})
	return &k, nil
}

// domainOf is the digit set cell i may hold before any given: g.All
// unless a constraint narrowed it.
func (g *Geometry) domainOf(i int) uint32 {
	if g.domain == nil {
		return g.All
	}
	return g.domain[i]
}

// parseParityMap reads a parity map of n*n symbols (e, o, '.'; either
// case) after its "parity=" tag.
func parseParityMap(n int, text string) ([]uint8, error) {
	text = strings.TrimSpace(text)
	body, ok := strings.CutPrefix(text, "parity=")
	if !ok {
		return nil, &ParseError{Msg: "parity map: want parity= and one symbol a cell (e even, o odd, . none)"}
	}
	if len(body) != n*n {
		return nil, &ParseError{Msg: fmt.Sprintf("parity map: want %d symbols for %dx%d, got %d", n*n, n, n, len([]rune(body)))}
	}
	out := make([]uint8, n*n)
	for k, r := range body {
		switch r {
		case 'e', 'E':
			out[k] = EvenCell
		case 'o', 'O':
			out[k] = OddCell
		case '.', '0':
		default:
			return nil, &ParseError{Pos: k + 1, Char: r, Msg: fmt.Sprintf("parity map: unexpected %q (want e, o or .)", r)}
		}
	}
	return out, nil
}

// parityFromMarks reads Marks back onto base.
func parityFromMarks(base *Geometry, marks [][]int) (*Geometry, error) {
	cells := make([]uint8, base.Cells)
	for i, l := range marks {
		if len(l) < 2 || l[0] < 0 || l[0] > 1 {
			return nil, fmt.Errorf("parity[%d]: want 0 (even) or 1 (odd), then at least one cell", i)
		}
		for _, x := range l[1:] {
			if x < 0 || x >= base.Cells {
				return nil, fmt.Errorf("parity[%d]: cell %d is off the %dx%d grid", i, x, base.N, base.N)
			}
			if cells[x] != NoParity {
				return nil, fmt.Errorf("parity[%d]: cell %s is marked twice", i, base.CellName(x))
			}
			cells[x] = uint8(l[0]) + 1
		}
	}
	return base.WithParity(cells)
}

// parseParityLine reads an even-odd line, givens/parity=MAP, on variant v.
func parseParityLine(v Variant, size int, parts []string) (*Geometry, []uint8, error) {
	base, cells, err := tagBase(v, size, parts[0], "even-odd")
	if err != nil {
		return nil, nil, err
	}
	marks, err := parseParityMap(base.N, parts[1])
	if err != nil {
		return nil, nil, err
	}
	geo, err := base.WithParity(marks)
	if err != nil {
		return nil, nil, err
	}
	return geo, cells, nil
}

// tagBase reads the givens of a line whose constraint part is tagged,
// on the plain grid of variant v (classic only: the kinds of these
// constraints), sized by size or by the givens.
func tagBase(v Variant, size int, givens, kind string) (*Geometry, []uint8, error) {
	if v != Classic {
		return nil, nil, &ParseError{Msg: fmt.Sprintf("%s is made on classic grids, not %s", kind, v)}
	}
	n := size
	if n == 0 {
		n = sideOf(len([]rune(strings.TrimSpace(givens))))
	}
	if n == 0 {
		return nil, nil, &ParseError{Msg: fmt.Sprintf("%s: %d cells: want 16, 36, 64, 81, 144 or 256", kind, len([]rune(strings.TrimSpace(givens))))}
	}
	base, err := Lookup(v, n)
	if err != nil {
		return nil, nil, err
	}
	cells, err := base.Parse(givens)
	if err != nil {
		return nil, nil, err
	}
	return base, cells, nil
}
