package engine

// Calcudoku: a Latin square (latin.go) cut into cages, each with a target
// and an operation. The digits of a cage, put together by its operation,
// make its target: added (+), multiplied (x), or, in a cage of two cells,
// the larger less the smaller (-) or the larger divided by the smaller
// (/). A cage of one cell holds its target, a given. Unlike a killer's, a
// cage may repeat a digit where its cells share no row or column:
//
//	+------+---+         12x over three cells: 1-3-4, 2-2-3 (the 2s in
//	|12x   |2/ |         different rows and columns), 1-2-6, ...
//	|   +--+   |         2/ over two: 1-2, 2-4, 3-6, 4-8
//
// In the no-operation form only the targets are printed, and a cage may
// take any operation that makes its target from its digits: 2 over two
// cells is 1+1 (never, the two share a line), 1x2, 4-2, 2/1, ...
//
// The constraint precomputes, for each cage, every filling of its cells
// that makes its target and keeps the digits of a row or column apart
// (tuples); the layered solver keeps each cell's digits that some tuple
// left open by its neighbours' candidates uses (calcProp), and the cage
// rungs read the same tuples (tech_calcudoku.go).

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// CalcOp is a calcudoku cage's operation.
type CalcOp uint8

const (
	OpGiven CalcOp = iota // one cell: its target is its digit
	OpAdd
	OpSub
	OpMul
	OpDiv
	// OpAny is a cage of the no-operation form: any operation that
	// makes its target (+ and x on three cells or more).
	OpAny
	numCalcOps
)

// calcOpSymbols are the operations as a clue writes them: 'x' for
// times and ':' for division (the line form parts its fields with '/';
// a page prints the signs).
const calcOpSymbols = " +-x:?"

func (o CalcOp) String() string {
	if o < numCalcOps {
		return strings.TrimSpace(calcOpSymbols[o : o+1])
	}
	return fmt.Sprintf("CalcOp(%d)", int(o))
}

// maxCalcCage is the most cells a calcudoku cage has: books print up to
// four or five.
const maxCalcCage = 5

// CalcCage is one calcudoku cage: its target, its operation (OpAny in the
// no-operation form) and its cells in increasing order.
type CalcCage struct {
	Target int
	Op     CalcOp
	Cells  []int
}

// Clue is the cage's clue, its target and operation: "12x", "2:" (two
// divided), or the target alone for one cell or the no-operation form.
func (c CalcCage) Clue() string {
	if c.Op == OpGiven || c.Op == OpAny {
		return strconv.Itoa(c.Target)
	}
	return strconv.Itoa(c.Target) + c.Op.String()
}

// Printed is the cage's clue as a page prints it and a step names it,
// with the signs × and ÷: "12×", "2÷", "3-", "7".
func (c CalcCage) Printed() string {
	return strings.NewReplacer("x", "×", ":", "÷").Replace(c.Clue())
}

// makes reports whether digits ds make target t by operation o.
func calcMakes(o CalcOp, t int, ds []uint8) bool {
	switch o {
	case OpGiven:
		return len(ds) == 1 && int(ds[0]) == t
	case OpAdd, OpMul:
		v := 0
		if o == OpMul {
			v = 1
		}
		for _, d := range ds {
			if o == OpAdd {
				v += int(d)
			} else {
				v *= int(d)
			}
		}
		return v == t
	case OpSub, OpDiv:
		if len(ds) != 2 {
			return false
		}
		a, b := int(max(ds[0], ds[1])), int(min(ds[0], ds[1]))
		if o == OpSub {
			return a-b == t
		}
		return a == b*t
	case OpAny:
		if len(ds) == 1 {
			return int(ds[0]) == t
		}
		for _, x := range []CalcOp{OpAdd, OpSub, OpMul, OpDiv} {
			if calcMakes(x, t, ds) {
				return true
			}
		}
	}
	return false
}

// CalcCages is the calcudoku constraint: the cages of a Latin square.
type CalcCages struct {
	n      int
	cages  []CalcCage
	noOps  bool    // the no-operation form: every cage OpAny but one-cell ones
	cageOf []int16 // each cell's cage
	// tuples[ci] are cage ci's fillings, len(Cells) digits each, flat.
	tuples [][]uint8
}

// Name is "calcudoku", or "calcudoku-no-op" for the no-operation form.
func (k *CalcCages) Name() string {
	if k.noOps {
		return "calcudoku-no-op"
	}
	return "calcudoku"
}

// Cages lists the cages, numbered by their first cell in reading order.
func (k *CalcCages) Cages() []CalcCage { return k.cages }

// NoOps reports whether the puzzle prints targets only.
func (k *CalcCages) NoOps() bool { return k.noOps }

// Holds reports whether every cage of a full grid makes its target.
func (k *CalcCages) Holds(cells []uint8) bool {
	var buf [maxCalcCage]uint8
	for _, c := range k.cages {
		ds := buf[:0]
		for _, x := range c.Cells {
			ds = append(ds, cells[x])
		}
		if !calcMakes(c.Op, c.Target, ds) {
			return false
		}
	}
	return true
}

// Line writes the cages as calcudoku:ops|targets:MAP:CLUES, the cage map
// as a killer's (letters, cages that touch told apart) and the clues in
// the order of the cages' first cells:
//
//	calcudoku:ops:aabcc...:12x,2:,3,7+,...
func (k *CalcCages) Line() string {
	clues := make([]string, len(k.cages))
	for i, c := range k.cages {
		clues[i] = c.Clue()
	}
	form := "ops"
	if k.noOps {
		form = "targets"
	}
	return "calcudoku:" + form + ":" + cageMapString(k.n, k.cageOf, len(k.cages)) + ":" + strings.Join(clues, ",")
}

// Marks lists each cage as its target, its operation (0 one cell, 1 +,
// 2 -, 3 x, 4 /, 5 any) and its cells.
func (k *CalcCages) Marks() [][]int {
	out := make([][]int, 0, len(k.cages))
	for _, c := range k.cages {
		out = append(out, append([]int{c.Target, int(c.Op)}, c.Cells...))
	}
	return out
}

// WithCalcCages returns a copy of g, a Latin square, carrying the
// calcudoku cages cages (every cell in one; noOps for the no-operation
// form, whose cages of two cells or more are OpAny). g is not changed.
func (g *Geometry) WithCalcCages(cages []CalcCage, noOps bool) (*Geometry, error) {
	if g.Variant != Latin || g.N > maxLayerDigits {
		return nil, fmt.Errorf("%w: calcudoku cages lie on a Latin square of side at most %d", ErrGeometry, maxLayerDigits)
	}
	if len(g.layers) > 0 {
		return nil, fmt.Errorf("%w: the geometry carries %s already", ErrGeometry, g.layers[0].Name())
	}
	k := &CalcCages{n: g.N, noOps: noOps, cageOf: make([]int16, g.Cells), tuples: make([][]uint8, len(cages))}
	for i := range k.cageOf {
		k.cageOf[i] = -1
	}
	k.cages = make([]CalcCage, len(cages))
	for ci, c := range cages {
		cells := slices.Clone(c.Cells)
		slices.Sort(cells)
		if len(cells) == 0 || len(cells) > maxCalcCage {
			return nil, fmt.Errorf("%w: cage %d has %d cells (want 1 to %d)", ErrGeometry, ci+1, len(cells), maxCalcCage)
		}
		for _, x := range cells {
			if x < 0 || x >= g.Cells || k.cageOf[x] >= 0 {
				return nil, fmt.Errorf("%w: cage %d: cell %d is off the grid or in two cages", ErrGeometry, ci+1, x)
			}
			k.cageOf[x] = int16(ci)
		}
		if !cageConnected(g.N, cells) {
			return nil, fmt.Errorf("%w: cage %d at %s is not connected", ErrGeometry, ci+1, g.CellName(cells[0]))
		}
		op := c.Op
		switch {
		case len(cells) == 1:
			op = OpGiven
		case noOps:
			op = OpAny
		case op == OpGiven || op == OpAny || op >= numCalcOps:
			return nil, fmt.Errorf("%w: cage %d at %s: %d cells want an operation", ErrGeometry, ci+1, g.CellName(cells[0]), len(cells))
		case (op == OpSub || op == OpDiv) && len(cells) != 2:
			return nil, fmt.Errorf("%w: cage %d at %s: %s takes two cells, not %d", ErrGeometry, ci+1, g.CellName(cells[0]), op, len(cells))
		}
		k.cages[ci] = CalcCage{Target: c.Target, Op: op, Cells: cells}
		k.tuples[ci] = calcTuples(g, k.cages[ci])
		if len(k.tuples[ci]) == 0 {
			return nil, fmt.Errorf("%w: cage %d at %s: no digits 1-%d make %s", ErrGeometry, ci+1, g.CellName(cells[0]), g.N, k.cages[ci].Clue())
		}
	}
	for i, c := range k.cageOf {
		if c < 0 {
			return nil, fmt.Errorf("%w: cell %s is in no cage", ErrGeometry, g.CellName(i))
		}
	}
	// Cages are numbered by their first cell, as the map is read back.
	order := make([]int, len(cages))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return k.cages[a].Cells[0] - k.cages[b].Cells[0] })
	sorted, tuples := make([]CalcCage, len(order)), make([][]uint8, len(order))
	for i, o := range order {
		sorted[i], tuples[i] = k.cages[o], k.tuples[o]
		for _, x := range sorted[i].Cells {
			k.cageOf[x] = int16(i)
		}
	}
	k.cages, k.tuples = sorted, tuples
	out := *g
	out.classic = false
	out.layers = g.withLayer(k)
	return &out, nil
}

// calcTuples lists every filling of c's cells with digits 1..N that
// makes its target, no digit twice in a row or column, flat.
func calcTuples(g *Geometry, c CalcCage) []uint8 {
	var out []uint8
	m := len(c.Cells)
	var ds [maxCalcCage]uint8
	var walk func(k int)
	walk = func(k int) {
		if k == m {
			if calcMakes(c.Op, c.Target, ds[:m]) {
				out = append(out, ds[:m]...)
			}
			return
		}
		for d := uint8(1); int(d) <= g.N; d++ {
			ok := true
			for j := range k {
				if ds[j] == d && g.Sees(c.Cells[j], c.Cells[k]) {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			ds[k] = d
			if calcPartial(c, ds[:k+1], m, g.N) {
				walk(k + 1)
			}
		}
	}
	walk(0)
	return out
}

// calcPartial reports whether the first digits ds of an m-cell cage c
// can still make its target on digits 1..n (a cheap cut of the walk).
func calcPartial(c CalcCage, ds []uint8, m, n int) bool {
	left := m - len(ds)
	switch c.Op {
	case OpGiven:
		return int(ds[0]) == c.Target
	case OpAdd:
		s := 0
		for _, d := range ds {
			s += int(d)
		}
		return s+left <= c.Target && s+left*n >= c.Target
	case OpMul:
		p := 1
		for _, d := range ds {
			p *= int(d)
		}
		return c.Target%p == 0
	}
	return true
}

// calcCagesOf is the calcudoku constraint g carries, nil for none.
func (g *Geometry) calcCagesOf() *CalcCages {
	for _, c := range g.layers {
		if k, ok := c.(*CalcCages); ok {
			return k
		}
	}
	return nil
}

// live is what cage ci's tuples still open by dom (each cell's digits,
// in the cage's cell order) leave each cell: keep[j] the digits of cell j
// some live tuple uses, and the count of live tuples.
func (k *CalcCages) live(ci int, dom []uint16, keep []uint16) int {
	m := len(k.cages[ci].Cells)
	for j := range keep[:m] {
		keep[j] = 0
	}
	t, n := k.tuples[ci], 0
	for at := 0; at < len(t); at += m {
		if !tupleLive(dom, t[at:at+m]) {
			continue
		}
		n++
		for j := range m {
			keep[j] |= 1 << t[at+j]
		}
	}
	return n
}

// tupleLive reports whether each cell j of a cage may still take digit
// tuple[j] (dom[j] its candidates).
func tupleLive(dom []uint16, tuple []uint8) bool {
	for j, d := range tuple {
		if dom[j]&(1<<d) == 0 {
			return false
		}
	}
	return true
}

// calcProp is the calcudoku constraint's part in the layered solver: one
// item a cage, pruned to the digits its live tuples use.
type calcProp struct {
	k         *CalcCages
	dom, keep [maxCalcCage]uint16
}

func (k *CalcCages) propagator(old propagator) propagator {
	if p, ok := old.(*calcProp); ok {
		p.k = k
		return p
	}
	return &calcProp{k: k}
}

func (p *calcProp) reset(s *layerSolver) {
	var buf [maxCalcCage]uint8
	for _, c := range p.k.cages {
		cells := buf[:0]
		for _, x := range c.Cells {
			cells = append(cells, uint8(x))
		}
		s.addItem(p, cells)
	}
}

func (p *calcProp) prune(s *layerSolver, st *layerState, k int) (changed, ok bool) {
	cells := s.item(k)
	for j, c := range cells {
		p.dom[j] = cellMask(st, int(c))
	}
	if p.k.live(k, p.dom[:len(cells)], p.keep[:]) == 0 {
		return false, false
	}
	return keepDomains(s, st, cells, p.keep[:len(cells)])
}

// parseCalcLine reads a calcudoku line: the givens, then the cages.
func parseCalcLine(v Variant, size int, parts []string) (*Geometry, []uint8, error) {
	if len(parts) != 2 {
		return nil, nil, &ParseError{Msg: "calcudoku: want GIVENS/calcudoku:ops|targets:MAP:CLUES"}
	}
	if v != Latin {
		return nil, nil, &ParseError{Msg: fmt.Sprintf("calcudoku is laid on a Latin square, not %s", v)}
	}
	n := size
	if n == 0 {
		n = latinSideOf(len([]rune(strings.TrimSpace(parts[0]))))
	}
	if n == 0 || n > maxLayerDigits {
		return nil, nil, &ParseError{Msg: fmt.Sprintf("calcudoku: %d cells: want a square of 3 to 9 (3x3 to 9x9)", len([]rune(strings.TrimSpace(parts[0]))))}
	}
	base, err := Lookup(Latin, n)
	if err != nil {
		return nil, nil, err
	}
	cells, err := base.Parse(parts[0])
	if err != nil {
		return nil, nil, err
	}
	f := strings.SplitN(strings.TrimSpace(parts[1]), ":", 4) // a clue may end in ':
	if len(f) != 4 || f[0] != "calcudoku" {
		return nil, nil, &ParseError{Msg: fmt.Sprintf("calcudoku part %q: want calcudoku:ops|targets:MAP:CLUES", parts[1])}
	}
	var noOps bool
	switch f[1] {
	case "ops":
	case "targets":
		noOps = true
	default:
		return nil, nil, &ParseError{Msg: fmt.Sprintf("calcudoku: %q: want ops (every operation printed) or targets", f[1])}
	}
	shapes, err := parseCageMap(n, f[2])
	if err != nil {
		return nil, nil, err
	}
	clues := strings.Split(f[3], ",")
	if len(clues) != len(shapes) {
		return nil, nil, &ParseError{Msg: fmt.Sprintf("the cage map has %d cages but %d clues are given", len(shapes), len(clues))}
	}
	cages := make([]CalcCage, len(shapes))
	for ci, clue := range clues {
		clue = strings.TrimSpace(clue)
		op := OpGiven
		if t := strings.TrimRight(clue, "+-x*:÷"); t != clue {
			switch clue[len(t):] {
			case "+":
				op = OpAdd
			case "-":
				op = OpSub
			case "x", "*":
				op = OpMul
			case ":", "÷":
				op = OpDiv
			default:
				return nil, nil, &ParseError{Msg: fmt.Sprintf("clue %d: %q: want a target and one of + - x :", ci+1, clue)}
			}
			clue = t
		}
		t, err := strconv.Atoi(clue)
		if err != nil || t < 1 {
			return nil, nil, &ParseError{Msg: fmt.Sprintf("clue %d: %q is not a target (a whole number from 1)", ci+1, clues[ci])}
		}
		if noOps && op != OpGiven {
			return nil, nil, &ParseError{Msg: fmt.Sprintf("clue %d: %q: a targets-only calcudoku prints no operations", ci+1, clues[ci])}
		}
		if !noOps && op == OpGiven && len(shapes[ci].Cells) > 1 {
			return nil, nil, &ParseError{Msg: fmt.Sprintf("clue %d: %q: a cage of %d cells wants an operation", ci+1, clues[ci], len(shapes[ci].Cells))}
		}
		cages[ci] = CalcCage{Target: t, Op: op, Cells: shapes[ci].Cells}
	}
	geo, err := base.WithCalcCages(cages, noOps)
	if err != nil {
		return nil, nil, err
	}
	return geo, cells, nil
}

// calcFromMarks reads Marks back onto base.
func calcFromMarks(noOps bool) func(base *Geometry, marks [][]int) (*Geometry, error) {
	return func(base *Geometry, marks [][]int) (*Geometry, error) {
		cages := make([]CalcCage, len(marks))
		for i, m := range marks {
			if len(m) < 3 || m[1] < 0 || m[1] >= int(numCalcOps) {
				return nil, fmt.Errorf("%w: cages[%d]: want a target, an operation 0-5 and at least one cell", ErrGeometry, i)
			}
			cages[i] = CalcCage{Target: m[0], Op: CalcOp(m[1]), Cells: m[2:]}
		}
		return base.WithCalcCages(cages, noOps)
	}
}

// calcDigits is the digits of the tuples, as one candidate set.
func calcDigits(t []uint8) uint32 {
	var m uint32
	for _, d := range t {
		m |= 1 << d
	}
	return m
}
