package engine

// Edge marks: a mark on the border between two orthogonal neighbours with
// a rule on their pair of digits. Kropki's dots, XV's letters,
// consecutive's bars and greater-than's signs are all one constraint,
// EdgeMarks, told apart by their edgeRule (kropki.go, xv.go,
// consecutive.go, greaterthan.go say what each mark means); this file
// holds what they share: the edges of a grid, the marks on them, their
// check, line form, manifest marks and their propagation in the layered
// solver.
//
// An edge joins cell A to cell B = A+1 (its right-hand neighbour) or
// B = A+N (the cell below). Edges are numbered the line form's way: the
// right edges row by row (N-1 a row), then the down edges row by row (N a
// row):
//
//	 0  1  2        a 4x4: right edges 0-11 (three a row),
//	 .  .  .  .     down edges 12-23 (four a row)
//
// A rule may say something of the edges without a mark too, the negative
// constraint: with every white dot given, two cells without one do not
// differ by 1. EdgeMarks.All says whether the puzzle takes it.

import (
	"fmt"
	"math/bits"
	"strings"
)

// Edge is the border between cell A and its right-hand or lower
// neighbour B.
type Edge struct{ A, B int }

// Down reports whether the edge runs under A (B is below A).
func (e Edge) Down() bool { return e.B != e.A+1 }

// GridEdges lists every edge of an n x n grid in the line form's order:
// the right edges row by row, then the down edges row by row.
func GridEdges(n int) []Edge {
	out := make([]Edge, 0, 2*n*(n-1))
	for r := range n {
		for c := range n - 1 {
			out = append(out, Edge{r*n + c, r*n + c + 1})
		}
	}
	for r := range n - 1 {
		for c := range n {
			out = append(out, Edge{r*n + c, (r+1)*n + c})
		}
	}
	return out
}

// edgeIndex is the number of the edge between orthogonal neighbours a
// and b of an n x n grid in GridEdges' order, -1 when they are not.
func edgeIndex(n, a, b int) int {
	if a > b {
		a, b = b, a
	}
	switch {
	case b == a+1 && a%n != n-1:
		return a/n*(n-1) + a%n
	case b == a+n && b < n*n:
		return n*(n-1) + a
	}
	return -1
}

// edgeRule is what one kind's marks mean. Marks are numbered from 1 (0 is
// no mark); ok says whether digit a in cell A and b in cell B keep mark m,
// and for m = 0 whether they keep the negative constraint.
type edgeRule struct {
	name string
	// right and down are the line form's symbols of marks 1.. on a right
	// and a down edge ('.' is no mark); they differ only where a mark
	// points (a sign).
	right, down string
	ok          func(m uint8, a, b int) bool
	// negative says the rule has something to say of unmarked edges; a
	// rule without one (greater-than) never takes All.
	negative bool
	// ordered says a mark's relation is not symmetric (a sign): the
	// inequality-chain propagation and the canonical key read it.
	ordered bool
}

// edgeRules lists the rules, one per kind of edge mark.
var edgeRules = [...]*edgeRule{&kropkiRule, &xvRule, &consecutiveRule, &greaterRule}

// ruleNamed is the edge rule named name, nil for none.
func ruleNamed(name string) *edgeRule {
	for _, r := range edgeRules {
		if r.name == name {
			return r
		}
	}
	return nil
}

// marks is the number of mark kinds r has.
func (r *edgeRule) marks() int { return len(r.right) }

// pairTable is a rule's relation on one side: for mark m (0..marks) and
// digit a in A, fwd[m][a] is B's digits that go with it, bwd[m][b] A's
// digits that go with b in B.
type pairTable struct {
	fwd, bwd [3][maxLayerDigits + 1]uint16
}

// table works out r's relation for digits 1..n.
func (r *edgeRule) table(n int) *pairTable {
	t := new(pairTable)
	for m := range r.marks() + 1 {
		for a := 1; a <= n; a++ {
			for b := 1; b <= n; b++ {
				// The two cells of an edge share a row or a column.
				if a != b && r.ok(uint8(m), a, b) {
					t.fwd[m][a] |= 1 << b
					t.bwd[m][b] |= 1 << a
				}
			}
		}
	}
	return t
}

// EdgeMarks is the constraint of marks on edges (see the file's
// comment): a kind's rule, a mark for every edge of the grid (0 for
// none) and whether the negative constraint holds.
type EdgeMarks struct {
	rule  *edgeRule
	n     int
	edges []Edge
	marks []uint8 // by edge, in edges' order
	all   bool
	pairs *pairTable
	// chains are the orders the signs put on the boxes' cells (ordered
	// rules only; see edge_chains.go).
	chains []boxChain
}

// Name is the constraint's name: the rule's ("kropki", "xv",
// "consecutive", "greater-than"), and for a rule with a negative
// constraint that the puzzle does not take, that name and "-some"
// ("kropki-some": only some dots are given). A rule with a negative
// constraint is printed with every mark given unless its name says
// otherwise, so the name alone tells a reader how to read an empty edge.
func (e *EdgeMarks) Name() string {
	if e.rule.negative && !e.all {
		return e.rule.name + someSuffix
	}
	return e.rule.name
}

// someSuffix marks the name of edge marks given only in part.
const someSuffix = "-some"

// edgeLayer reads a constraint name of edge marks: its rule and whether
// every mark is given.
func edgeLayer(name string) (r *edgeRule, all bool) {
	if base, ok := strings.CutSuffix(name, someSuffix); ok {
		if r := ruleNamed(base); r != nil && r.negative {
			return r, false
		}
		return nil, false
	}
	r = ruleNamed(name)
	return r, r != nil && r.negative
}

// All reports whether every mark the solution calls for is given, so an
// edge without one keeps the rule's negative constraint.
func (e *EdgeMarks) All() bool { return e.all }

// Mark is the mark on edge k of GridEdges(N), 0 for none.
func (e *EdgeMarks) Mark(k int) uint8 { return e.marks[k] }

// Edges lists the grid's edges, in the order Mark numbers them.
func (e *EdgeMarks) Edges() []Edge { return e.edges }

// binds reports whether edge k says anything of its pair.
func (e *EdgeMarks) binds(k int) bool { return e.marks[k] != 0 || e.all }

// Holds reports whether every edge keeps its mark, and with All every
// unmarked edge the negative constraint.
func (e *EdgeMarks) Holds(cells []uint8) bool {
	for k, ed := range e.edges {
		if e.binds(k) && !e.rule.ok(e.marks[k], int(cells[ed.A]), int(cells[ed.B])) {
			return false
		}
	}
	return true
}

// Line writes the marks as NAME:all|some:RIGHT:DOWN, the right edges row
// by row and then the down edges, a symbol each ('.' for none):
//
//	kropki:all:w.b......:....w...
func (e *EdgeMarks) Line() string {
	var b strings.Builder
	b.WriteString(e.rule.name)
	if e.all {
		b.WriteString(":all:")
	} else {
		b.WriteString(":some:")
	}
	right := e.n * (e.n - 1)
	for k, m := range e.marks {
		if k == right {
			b.WriteByte(':')
		}
		b.WriteByte(e.rule.symbol(m, k >= right))
	}
	return b.String()
}

// symbol is mark m's line symbol on a right or down edge.
func (r *edgeRule) symbol(m uint8, down bool) byte {
	if m == 0 {
		return '.'
	}
	if down {
		return r.down[m-1]
	}
	return r.right[m-1]
}

// Marks lists each mark as its two cells and its number in the rule
// (kropki: 1 white, 2 black; xv: 1 X, 2 V; consecutive: 1 the bar;
// greater-than: 1 the first cell is the smaller, 2 the second is);
// whether every mark is given is in the Name.
func (e *EdgeMarks) Marks() [][]int {
	var out [][]int
	for k, ed := range e.edges {
		if m := e.marks[k]; m != 0 {
			out = append(out, []int{ed.A, ed.B, int(m)})
		}
	}
	return out
}

// WithEdgeMarks returns a copy of g carrying the marks of the rule named
// name, a mark for each edge of GridEdges(g.N) (0 for none), with the
// negative constraint when all is set. g is not changed.
func (g *Geometry) WithEdgeMarks(name string, marks []uint8, all bool) (*Geometry, error) {
	r := ruleNamed(name)
	if r == nil {
		return nil, fmt.Errorf("%w: no edge marks are named %q", ErrGeometry, name)
	}
	if g.N > maxLayerDigits || g.pos != nil {
		return nil, fmt.Errorf("%w: %s marks need one grid of side at most %d", ErrGeometry, name, maxLayerDigits)
	}
	if len(g.layers) > 0 {
		return nil, fmt.Errorf("%w: the geometry carries %s already", ErrGeometry, g.layers[0].Name())
	}
	edges := GridEdges(g.N)
	if len(marks) != len(edges) {
		return nil, fmt.Errorf("%w: %s: want a mark for each of %d edges, got %d", ErrGeometry, name, len(edges), len(marks))
	}
	if all && !r.negative {
		return nil, fmt.Errorf("%w: %s marks say nothing of the edges without one", ErrGeometry, name)
	}
	for k, m := range marks {
		if int(m) > r.marks() {
			return nil, fmt.Errorf("%w: %s: mark %d on edge %d (want 0 to %d)", ErrGeometry, name, m, k, r.marks())
		}
	}
	k := *g
	k.classic = false
	e := &EdgeMarks{rule: r, n: g.N, edges: edges, marks: append([]uint8(nil), marks...), all: all, pairs: r.table(g.N)}
	if r.ordered {
		e.chains = boxChains(g, e)
	}
	k.layers = g.withLayer(e)
	return &k, nil
}

// edgeMarksOf is the edge-mark constraint g carries, nil for none.
func (g *Geometry) edgeMarksOf() *EdgeMarks {
	for _, c := range g.layers {
		if e, ok := c.(*EdgeMarks); ok {
			return e
		}
	}
	return nil
}

// parseEdgeLine reads a line whose last part is edge marks (see Line)
// on variant v: the givens, then the marks.
func parseEdgeLine(v Variant, size int, parts []string) (*Geometry, []uint8, error) {
	if len(parts) != 2 {
		return nil, nil, &ParseError{Msg: "edge marks: want GIVENS/NAME:all|some:RIGHT:DOWN"}
	}
	n := size
	if n == 0 {
		n = sideOf(len([]rune(strings.TrimSpace(parts[0]))))
		if v == Latin {
			n = latinSideOf(len([]rune(strings.TrimSpace(parts[0]))))
		}
	}
	if n == 0 || n > maxLayerDigits {
		if v == Latin {
			return nil, nil, &ParseError{Msg: fmt.Sprintf("edge marks: %d cells: want a square of 3 to 9 (3x3 to 9x9)", len([]rune(strings.TrimSpace(parts[0]))))}
		}
		return nil, nil, &ParseError{Msg: fmt.Sprintf("edge marks: %d cells: want 16, 36, 64 or 81 (4x4 to 9x9)", len([]rune(strings.TrimSpace(parts[0]))))}
	}
	if v.Multi() || v == Jigsaw {
		return nil, nil, &ParseError{Msg: fmt.Sprintf("edge marks are laid on single grids with boxes, not %s", v)}
	}
	base, err := Lookup(v, n)
	if err != nil {
		return nil, nil, err
	}
	cells, err := base.Parse(parts[0])
	if err != nil {
		return nil, nil, err
	}
	name, marks, all, err := parseEdgeMarks(n, parts[1])
	if err != nil {
		return nil, nil, err
	}
	geo, err := base.WithEdgeMarks(name, marks, all)
	if err != nil {
		return nil, nil, err
	}
	return geo, cells, nil
}

// parseEdgeMarks reads NAME:all|some:RIGHT:DOWN for an n x n grid.
func parseEdgeMarks(n int, s string) (name string, marks []uint8, all bool, err error) {
	f := strings.Split(strings.TrimSpace(s), ":")
	if len(f) != 4 {
		return "", nil, false, &ParseError{Msg: fmt.Sprintf("edge marks %q: want NAME:all|some:RIGHT:DOWN", s)}
	}
	r := ruleNamed(strings.ToLower(f[0]))
	if r == nil {
		return "", nil, false, &ParseError{Msg: fmt.Sprintf("edge marks: unknown kind %q", f[0])}
	}
	switch strings.ToLower(f[1]) {
	case "all":
		all = true
	case "some":
	default:
		return "", nil, false, &ParseError{Msg: fmt.Sprintf("%s: %q: want all (every mark given) or some", r.name, f[1])}
	}
	for part, want := range [2]int{n * (n - 1), (n - 1) * n} {
		text := f[2+part]
		if len(text) != want {
			return "", nil, false, &ParseError{Msg: fmt.Sprintf("%s: want %d %s edges for %dx%d, got %d", r.name, want, [2]string{"right", "down"}[part], n, n, len(text))}
		}
		syms := r.right
		if part == 1 {
			syms = r.down
		}
		for k, c := range []byte(text) {
			if c == '.' {
				marks = append(marks, 0)
				continue
			}
			m := strings.IndexByte(syms, lower(c))
			if m < 0 {
				return "", nil, false, &ParseError{Pos: k + 1, Char: rune(c), Msg: fmt.Sprintf("%s: unexpected %q on a %s edge (want . or one of %s)", r.name, c, [2]string{"right", "down"}[part], syms)}
			}
			marks = append(marks, uint8(m+1))
		}
	}
	return r.name, marks, all, nil
}

// lower is c in lower case, for ASCII letters.
func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// edgeMarksFromMarks reads Marks back onto base for the constraint named
// name (see Name).
func edgeMarksFromMarks(name string) func(base *Geometry, marks [][]int) (*Geometry, error) {
	return func(base *Geometry, list [][]int) (*Geometry, error) {
		r, all := edgeLayer(name)
		if r == nil {
			return nil, fmt.Errorf("%w: no edge marks are named %q", ErrGeometry, name)
		}
		marks := make([]uint8, len(GridEdges(base.N)))
		for i, m := range list {
			if len(m) != 3 {
				return nil, fmt.Errorf("%w: %s[%d]: want two cells and a mark", ErrGeometry, name, i)
			}
			if m[0] < 0 || m[1] < 0 || m[0] >= base.Cells || m[1] >= base.Cells || m[0] > m[1] {
				return nil, fmt.Errorf("%w: %s[%d]: cells %d and %d are not an edge in order", ErrGeometry, name, i, m[0], m[1])
			}
			k := edgeIndex(base.N, m[0], m[1])
			if k < 0 {
				return nil, fmt.Errorf("%w: %s[%d]: cells %d and %d are not neighbours", ErrGeometry, name, i, m[0], m[1])
			}
			if m[2] < 1 || m[2] > r.marks() || marks[k] != 0 {
				return nil, fmt.Errorf("%w: %s[%d]: mark %d (want 1 to %d, one an edge)", ErrGeometry, name, i, m[2], r.marks())
			}
			marks[k] = uint8(m[2])
		}
		return base.WithEdgeMarks(r.name, marks, all)
	}
}

// edgeProp is the edge marks' propagator in the layered solver: an item
// per edge that binds, each cell keeping only the digits with a partner
// among the other's candidates (arc consistency on the pair); with signs,
// an item per box more for their chains (see chainProp).
type edgeProp struct {
	e     *EdgeMarks
	lo    int
	mark  []uint8 // each item's mark, from lo
	chain chainProp
}

func (e *EdgeMarks) propagator(old propagator) propagator {
	if p, ok := old.(*edgeProp); ok {
		p.e = e
		return p
	}
	return &edgeProp{e: e}
}

func (p *edgeProp) reset(s *layerSolver) {
	p.lo = s.nitems
	p.mark = p.mark[:0]
	var pair [2]uint8
	for k, ed := range p.e.edges {
		if !p.e.binds(k) {
			continue
		}
		pair[0], pair[1] = uint8(ed.A), uint8(ed.B)
		if _, ok := s.addItem(p, pair[:]); ok {
			p.mark = append(p.mark, p.e.marks[k])
		}
	}
	p.chain.hi = s.nitems
	p.chain.reset(s, p, p.e)
}

func (p *edgeProp) prune(s *layerSolver, st *layerState, k int) (changed, ok bool) {
	if k >= p.chain.hi {
		return p.chain.prune(s, st, k)
	}
	c := s.item(k)
	a, b := int(c[0]), int(c[1])
	ma, mb := cellMask(st, a), cellMask(st, b)
	t := p.e.pairs
	m := p.mark[k-p.lo]
	var toB, toA uint16
	for r := ma; r != 0; r &= r - 1 {
		toB |= t.fwd[m][bits.TrailingZeros16(r)]
	}
	for r := mb; r != 0; r &= r - 1 {
		toA |= t.bwd[m][bits.TrailingZeros16(r)]
	}
	if ma&toA == 0 || mb&toB == 0 {
		return false, false
	}
	if st.cells[a] == 0 {
		if changed, ok = s.keep(st, a, toA); !ok {
			return true, false
		}
	}
	if st.cells[b] == 0 {
		c, ok := s.keep(st, b, toB)
		if !ok {
			return true, false
		}
		changed = changed || c
	}
	return changed, true
}

// cellMask is the digits cell x can hold: its placed digit or its
// candidates.
func cellMask(st *layerState, x int) uint16 {
	if v := st.cells[x]; v != 0 {
		return 1 << v
	}
	return st.cands[x]
}
