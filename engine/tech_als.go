package engine

import (
	"math/bits"
	"strings"
	"sync"
)

// Almost locked sets. An almost locked set (ALS) is n cells of one house
// that hold n+1 digits between them: take any one digit away and the rest
// are locked in, so of any two of its digits at least one is placed in it.
// A lone cell with two candidates is the smallest.
//
// Two ALSs A and B share a restricted common x when every cell of A that
// holds x sees every cell of B that holds x: x goes in one of them at most.
// Whichever loses x is locked without it, so a second common digit z must
// go in A or in B:
//
//	A {1,2,3} in r1c1 r1c2      B {2,3} in r5c2
//	x = 3: r1c2 and r5c2 see each other
//	z = 2: a cell that sees every 2 of A and of B is not 2
//
// ALS-XZ is that pair; ALS-XY-wing puts a third ALS C in the middle, with
// restricted commons x with A and y with B (x and y different): C cannot
// give up both, so A loses x or B loses y, and one of them then holds a
// common z.
//
// WXYZ-wing is the same argument on four cells that need not share a
// house: four cells with four digits between them, every digit but z
// restricted (its cells among the four see each other, so it goes in one
// of them at most). Without z the four would hold three digits, at most
// one cell each: so one of them is z, and a cell seeing each of their z
// cells is not.

func init() {
	register(WXYZWing, findWXYZWing)
	register(ALSXZ, findALSXZ)
	register(ALSXYWing, findALSXYWing)
}

// almostLocked is one ALS: its cells, their digits and the house it lies in.
type almostLocked struct {
	cells cellSet
	mask  uint32
	house int
	size  int
	// sees indexes alsTable.sees: for each digit of mask in turn, the
	// cells that see every cell of the ALS holding it.
	sees int
	// reach is the union of those cells: an ALS that shares a restricted
	// common with this one has a cell in it. On a samurai most pairs of
	// ALSs lie apart, and this one test turns them away.
	reach cellSet
}

// alsEdge joins two disjoint ALSs of the table by their restricted commons.
type alsEdge struct {
	a, b int32
	rcc  uint32
}

// alsTable holds a board's ALSs between calls, so the finders allocate
// nothing once the pool's tables have grown.
type alsTable struct {
	list []almostLocked
	sees []cellSet
	dm   [MaxSide + 1]cellSet
	// ALS-XY-wing's graph: the edges, and for each ALS the edges at it
	// (at[from[i]:from[i+1]], indexes into edges).
	edges []alsEdge
	from  []int32
	at    []int32
	next  []int32 // graph's scratch
	// byCell is, for each cell, the set of ALSs (by index, words of 64)
	// that hold it; near is the set touching last made.
	byCell, near []uint64
	// petals holds a death blossom's candidate petals, per stem digit.
	petals [MaxSide][]int32

	// The board the table was filled from. The ALS finders run one after
	// another on one board (ALS-XZ, ALS-XY-wing, the death blossom, ALS
	// chains), so the ALSs are collected once and their graph built
	// once, by the first that needs it, for all of them.
	geo     *Geometry
	cells   [MaxCells]uint8
	cands   [MaxCells]uint32
	filled  bool
	graphed bool
}

var alsBufs = sync.Pool{New: func() any {
	return &alsTable{list: make([]almostLocked, 0, 1024), sees: make([]cellSet, 0, 4096)}
}}

// maxALSCells bounds the cells of an ALS: larger ones are rare in the
// steps a solver would take, and on a 16x16 grid their number explodes.
func maxALSCells(g *Geometry) int {
	if g.N > 9 {
		return 3
	}
	return 5
}

// collect fills t.list with every ALS of b of up to maxALSCells cells,
// each once, house by house in geometry order.
func (t *alsTable) collect(b *Board) {
	g := b.geo()
	if t.filled && t.geo == g && t.cells == b.Cells && t.cands == b.Cands {
		return
	}
	t.geo, t.cells, t.cands, t.filled, t.graphed = g, b.Cells, b.Cands, true, false
	t.list, t.sees = t.list[:0], t.sees[:0]
	t.dm = digitCellSets(b)
	limit := maxALSCells(g)
	var open [MaxSide]int
	for u, h := range g.Houses {
		n := 0
		for _, c := range h {
			if b.Cells[c] == 0 {
				open[n] = c
				n++
			}
		}
		t.grow(b, u, open[:n], 0, cellSet{}, 0, 0, limit)
	}
	t.index()
}

// grow extends the ALS candidate cells (size of them, digits mask) of
// house u with the open cells from index from on.
func (t *alsTable) grow(b *Board, u int, open []int, from int, cells cellSet, mask uint32, size, limit int) {
	g := b.geo()
	for i := from; i < len(open); i++ {
		c := open[i]
		m := mask | b.Cands[c]
		if bits.OnesCount32(m) > limit+1 {
			continue // digits never shrink as cells are added
		}
		cs := cells
		cs.add(c)
		if bits.OnesCount32(m) == size+2 && !alsSeen(g, u, cs, c) {
			a := almostLocked{cells: cs, mask: m, house: u, size: size + 1, sees: len(t.sees)}
			for r := m; r != 0; r &= r - 1 {
				see := seesAll(g, cs.and(t.dm[bits.TrailingZeros32(r)]))
				t.sees = append(t.sees, see)
				a.reach = a.reach.or(see)
			}
			t.list = append(t.list, a)
		}
		if size+1 < limit {
			t.grow(b, u, open, i+1, cs, m, size+1, limit)
		}
	}
}

// seesDigit is the set of cells that see every cell of a holding d, a digit
// of a.mask.
func (t *alsTable) seesDigit(a *almostLocked, d int) cellSet {
	return t.sees[a.sees+bits.OnesCount32(a.mask&(1<<d-1))]
}

// alsSeen reports whether cells (the last added c) lie in a house before u
// as well, so that house already listed them.
func alsSeen(g *Geometry, u int, cells cellSet, c int) bool {
	for _, v := range g.CellHouses[c] {
		if v >= u {
			return false
		}
		if cells.andNot(g.houseSets[v]).empty() {
			return true
		}
	}
	return false
}

// seesAll is the set of cells that see every cell of set.
func seesAll(g *Geometry, set cellSet) cellSet {
	out := cellSet{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
	for w, x := range set {
		for ; x != 0; x &= x - 1 {
			out = out.and(g.peerSets[w<<6+bits.TrailingZeros64(x)])
		}
	}
	return out
}

// restricted is the set of the digits common to the ALSs a and b that are
// restricted commons: each one's cells in b see all its cells in a. The
// two must be disjoint.
func (t *alsTable) restricted(a, b *almostLocked) uint32 {
	var out uint32
	for m := a.mask & b.mask; m != 0; m &= m - 1 {
		x := bits.TrailingZeros32(m)
		if b.cells.and(t.dm[x]).andNot(t.seesDigit(a, x)).empty() {
			out |= 1 << x
		}
	}
	return out
}

// commonElims adds to s, digit by digit, the candidates z of zs that see
// every z of both ALSs a and b.
func (t *alsTable) commonElims(s *Step, a, b *almostLocked, zs uint32) {
	for m := zs; m != 0; m &= m - 1 {
		z := bits.TrailingZeros32(m)
		addElims(s, t.dm[z].and(t.seesDigit(a, z)).and(t.seesDigit(b, z)), uint8(z))
	}
}

// findALSXZ: two disjoint ALSs with a restricted common x; every other
// common digit z leaves the cells that see all of its cells in both. With
// two restricted commons each is the other's z.
func findALSXZ(b *Board, s *Step) bool {
	g := b.geo()
	t := alsBufs.Get().(*alsTable)
	defer alsBufs.Put(t)
	t.collect(b)
	return t.link(func(e alsEdge) bool {
		a, c := &t.list[e.a], &t.list[e.b]
		common := a.mask & c.mask
		if bits.OnesCount32(common) < 2 {
			return false
		}
		rcc := e.rcc
		// z needs a restricted common other than itself.
		var zs uint32
		for m := common; m != 0; m &= m - 1 {
			if z := m & -m; rcc&^z != 0 {
				zs |= z
			}
		}
		startStep(s, ALSXZ)
		t.commonElims(s, a, c, zs)
		if len(s.Eliminations) == 0 {
			return false
		}
		s.Length = a.size + c.size
		if s.Explain() {
			s.part(alsPart(g, RoleSet, a))
			s.part(alsPart(g, RoleSet, c))
			s.part(Part{Role: RoleLink, Digits: rcc})
			s.part(Part{Role: RoleDigit, Digits: zs})
		}
		return true
	})
}

// index fills t.byCell from t.list.
func (t *alsTable) index() {
	words := (len(t.list) + 63) / 64
	t.byCell = append(t.byCell[:0], make([]uint64, t.geo.Cells*words)...)
	for j := range t.list {
		for cs := t.list[j].cells; !cs.empty(); {
			t.byCell[cs.pop()*words+j/64] |= 1 << (j % 64)
		}
	}
	t.near = append(t.near[:0], make([]uint64, words)...)
}

// touching sets t.near to the ALSs with a cell in cells.
func (t *alsTable) touching(cells cellSet) {
	words := len(t.near)
	clear(t.near)
	for cs := cells; !cs.empty(); {
		for w, x := range t.byCell[cs.pop()*words:][:words] {
			t.near[w] |= x
		}
	}
}

// graph fills t.edges with every pair of disjoint ALSs that have a
// restricted common, and t.from and t.at with the edges at each ALS.
func (t *alsTable) graph() { t.link(nil) }

// link goes through the pairs of disjoint ALSs with a restricted common in
// order, calling stop (if not nil) at each until it reports true, and then
// reports true itself. Having gone through them all it has built the graph
// (t.edges, t.from, t.at), and later calls on the same board go through
// its edges instead.
func (t *alsTable) link(stop func(alsEdge) bool) bool {
	if t.graphed {
		for _, e := range t.edges {
			if stop != nil && stop(e) {
				return true
			}
		}
		return false
	}
	n := len(t.list)
	t.edges = t.edges[:0]
	// Only an ALS with a cell that sees a digit of ALS a all over a can
	// share a restricted common with a: the ALSs at a's reach are the
	// pairs worth a look, and they come out in the order of a loop over
	// every pair.
	words := len(t.near)
	for i := range t.list {
		a := &t.list[i]
		t.touching(a.reach)
		from := i + 1
		for w := from / 64; w < words; w++ {
			x := t.near[w]
			if w == from/64 {
				x &^= 1<<(from%64) - 1
			}
			for ; x != 0; x &= x - 1 {
				j := w*64 + bits.TrailingZeros64(x)
				c := &t.list[j]
				if a.mask&c.mask == 0 || !a.cells.and(c.cells).empty() {
					continue
				}
				if r := t.restricted(a, c); r != 0 {
					e := alsEdge{int32(i), int32(j), r}
					t.edges = append(t.edges, e)
					if stop != nil && stop(e) {
						return true
					}
				}
			}
		}
	}
	t.from = append(t.from[:0], make([]int32, n+1)...)
	for _, e := range t.edges {
		t.from[e.a+1]++
		t.from[e.b+1]++
	}
	for i := 1; i <= n; i++ {
		t.from[i] += t.from[i-1]
	}
	t.at = append(t.at[:0], make([]int32, 2*len(t.edges))...)
	t.next = append(t.next[:0], t.from[:n]...) // where each ALS's next edge goes
	for e, ed := range t.edges {
		t.at[t.next[ed.a]] = int32(e)
		t.next[ed.a]++
		t.at[t.next[ed.b]] = int32(e)
		t.next[ed.b]++
	}
	t.graphed = true
	return false
}

// findALSXYWing: a pivot ALS C shares a restricted common x with an ALS A
// and another, y, with an ALS B, the three disjoint. C cannot lose both x
// and y, so A is locked without x or B without y; a digit z common to A and
// B (neither x nor y) is then in one of them, and leaves the cells that see
// all of its cells in both.
func findALSXYWing(b *Board, s *Step) bool {
	g := b.geo()
	t := alsBufs.Get().(*alsTable)
	defer alsBufs.Put(t)
	t.collect(b)
	t.graph()
	for k := range t.list {
		piv := &t.list[k]
		near := t.at[t.from[k]:t.from[k+1]]
		for p, ep := range near {
			a := &t.list[t.edges[ep].other(k)]
			for _, eq := range near[p+1:] {
				c := &t.list[t.edges[eq].other(k)]
				zs := a.mask & c.mask
				if zs == 0 || !a.cells.and(c.cells).empty() {
					continue
				}
				x, y, ok := twoCommons(t.edges[ep].rcc, t.edges[eq].rcc)
				if !ok {
					continue
				}
				zs &^= Bit(x) | Bit(y)
				if zs == 0 {
					continue
				}
				startStep(s, ALSXYWing)
				t.commonElims(s, a, c, zs)
				if len(s.Eliminations) == 0 {
					continue
				}
				s.Length = a.size + c.size + piv.size
				if s.Explain() {
					s.part(alsPart(g, RolePivot, piv))
					s.part(Part{Role: RoleLink, Digits: Bit(x)})
					s.part(alsPart(g, RolePincer, a))
					s.part(Part{Role: RoleLink, Digits: Bit(y)})
					s.part(alsPart(g, RolePincer, c))
					s.part(Part{Role: RoleDigit, Digits: zs})
				}
				return true
			}
		}
	}
	return false
}

// other is the end of e that is not ALS k.
func (e alsEdge) other(k int) int {
	if int(e.a) == k {
		return int(e.b)
	}
	return int(e.a)
}

// twoCommons picks x from rx and y from ry, different digits, preferring
// the lowest; ok is false when no such choice exists.
func twoCommons(rx, ry uint32) (x, y uint8, ok bool) {
	for m := rx; m != 0; m &= m - 1 {
		x = uint8(bits.TrailingZeros32(m))
		if r := ry &^ Bit(x); r != 0 {
			return x, FirstDigit(r), true
		}
	}
	return 0, 0, false
}

// alsText writes an ALS as "r1c1 r1c2 {1,2,3}".
func alsText(g *Geometry, a *almostLocked) string {
	var names []string
	for cs := a.cells; !cs.empty(); {
		names = append(names, g.CellName(cs.pop()))
	}
	return strings.Join(names, " ") + " " + digitsText(a.mask)
}

// alsPart is set a in role r, its notation in Text.
func alsPart(g *Geometry, r Role, a *almostLocked) Part {
	p := Part{Role: r, Digits: a.mask, Text: alsText(g, a)}
	for cs := a.cells; !cs.empty(); {
		p.Cells = append(p.Cells, cs.pop())
	}
	return p
}

// zText says which digits must go in one of two sets: "2 is in one of
// them" or "2 and 7 are each in one of them".
func zText(zs uint32) string {
	if bits.OnesCount32(zs) == 1 {
		return digitList(zs) + " is in one of them"
	}
	return digitList(zs) + " are each in one of them"
}

// findWXYZWing: four cells, one seeing the other three, holding four
// digits between them, each digit but z restricted among them; z leaves
// every cell that sees all their z cells.
func findWXYZWing(b *Board, s *Step) bool {
	g := b.geo()
	dm := digitCellSets(b)
	var small cellSet // cells with two to four candidates
	for i := 0; i < g.Cells; i++ {
		if n := bits.OnesCount32(b.Cands[i]); n >= 2 && n <= 4 {
			small.add(i)
		}
	}
	for ps := small; !ps.empty(); {
		p := ps.pop()
		var wings [MaxPeers]int
		n := 0
		for ws := g.peerSets[p].and(small); !ws.empty(); {
			w := ws.pop()
			if bits.OnesCount32(b.Cands[w]|b.Cands[p]) <= 4 {
				wings[n] = w
				n++
			}
		}
		for i := 0; i < n; i++ {
			mi := b.Cands[p] | b.Cands[wings[i]]
			for j := i + 1; j < n; j++ {
				mj := mi | b.Cands[wings[j]]
				if bits.OnesCount32(mj) > 4 {
					continue
				}
				for k := j + 1; k < n; k++ {
					m := mj | b.Cands[wings[k]]
					if bits.OnesCount32(m) != 4 {
						continue
					}
					var quad cellSet
					quad.add(p)
					quad.add(wings[i])
					quad.add(wings[j])
					quad.add(wings[k])
					if wxyzStep(g, b, s, &dm, quad, m) {
						return true
					}
				}
			}
		}
	}
	return false
}

// wxyzStep checks the four cells quad holding the digits m for a single
// unrestricted digit z and records the step if it removes something.
func wxyzStep(g *Geometry, b *Board, s *Step, dm *[MaxSide + 1]cellSet, quad cellSet, m uint32) bool {
	var z uint8
	for r := m; r != 0; r &= r - 1 {
		d := uint8(bits.TrailingZeros32(r))
		cells := quad.and(dm[d])
		if mutualPeers(g, cells) {
			continue
		}
		if z != 0 {
			return false // two unrestricted digits
		}
		z = d
	}
	if z == 0 {
		return false // a locked set: the subsets see to it
	}
	zc := quad.and(dm[z])
	elim := dm[z].and(seesAll(g, zc))
	if elim.empty() {
		return false
	}
	startStep(s, WXYZWing)
	addElims(s, elim, z)
	if s.Explain() {
		var parts []string
		for qs := quad; !qs.empty(); {
			c := qs.pop()
			parts = append(parts, g.CellName(c)+" "+digitsText(b.Cands[c]))
			s.cand(b, RoleBase, c)
		}
		s.digit(z)
		s.digit(z)
	}
	return true
}

// mutualPeers reports whether every two cells of set see each other.
func mutualPeers(g *Geometry, set cellSet) bool {
	for cs := set; !cs.empty(); {
		c := cs.pop()
		if !cs.andNot(g.peerSets[c]).empty() {
			return false
		}
	}
	return true
}
