package engine

// Areas: every set of cells whose total the cages fix, for the killer rungs
// above the first two.
//
// A cage is one. The rule of 45 gives more: the rows, columns and boxes of
// a group of adjacent houses (one house, two or three rows or columns side
// by side, two boxes that share a side) hold every digit once per house, so
// their cells add up to 45 a house. The cells of the group outside the
// cages wholly inside it (innies) make up the rest, and the cells outside
// the group of the cages touching it (outies) the excess:
//
//	rows 1-2, 90 in all; the cages inside add up to 79
//	  -> the innies r1c9 + r2c5 add up to 11
//
// Cage splitting takes one area out of another that holds it: a cage of 23
// that holds the outie r3c4 of row 2 (7) leaves 16 to its other cells.
//
// Innies of several houses need not see each other; such an area keeps no
// digit sets, only its total, which min/max sums read.
//
// The areas follow from the cages alone, so they are worked out once per
// geometry, when a rung first asks, and never for a puzzle the first rungs
// solve: the generator's merge loop grades thousands of cage layouts.

import "sync"

// areaKind says where an area's total comes from, for the notes.
type areaKind uint8

const (
	areaCage areaKind = iota
	areaInnies
	areaOuties
	areaSplit
)

// area is a set of cells with a known total.
type area struct {
	kind   areaKind
	cells  []int
	set    cellSet
	sum    int
	combos []uint32 // its digit sets when its cells all see each other; nil otherwise
	// Innies and outies: the group of houses and the total of the cages
	// inside it (innies) or touching it (outies). A cage: its index. A
	// split: the areas (indexes) it is taken from and the one taken out.
	houses     []int
	cagSum     int
	cage       int
	from, less int
}

// areaTable holds a geometry's areas, worked out on first use; deriveSums
// gives every new cage layout a fresh table. The splits are a second
// step: the rule of 45 on several houses, tried first, does not need them.
type areaTable struct {
	once, splitOnce sync.Once
	list, splits    []area
}

// maxArea is the most cells a derived area the rungs read may have: past
// four a solver does not add them up in mind.
const maxArea = 4

// maxPart is the most cells an area of innies or outies may have to be
// split: a note naming ten cells does not help a solver.
const maxPart = 6

// killerAreas lists g's areas but the splits: the cages first (area i is
// cage i), then the innies and outies of single houses and of groups.
func (g *Geometry) killerAreas() []area {
	t := g.areaTab
	if t == nil {
		return nil
	}
	t.once.Do(func() { t.list = g.buildAreas() })
	return t.list
}

// killerSplits lists the splits: an area of killerAreas less another it
// holds, when at most maxArea cells are left (one level deep).
func (g *Geometry) killerSplits() []area {
	t := g.areaTab
	if t == nil {
		return nil
	}
	list := g.killerAreas()
	t.splitOnce.Do(func() { t.splits = g.buildSplits(list) })
	return t.splits
}

func (g *Geometry) buildAreas() []area {
	list := make([]area, 0, 2*len(g.Cages)+64)
	seen := make(map[cellSet]bool, cap(list))
	add := func(a area) {
		if g.fitArea(&a, seen) {
			list = append(list, a)
		}
	}
	for ci, c := range g.Cages {
		add(area{kind: areaCage, cells: c.Cells, set: setOf(c.Cells), sum: c.Sum, cage: ci})
	}
	// The innies of a group are its cells outside the cages wholly inside
	// it; the outies the cells outside it of the cages only partly in it.
	total := g.N * (g.N + 1) / 2
	stamp := make([]int, len(g.Cages))
	for k, grp := range g.houseGroups() {
		var in cellSet
		for _, u := range grp {
			in = in.or(g.houseSets[u])
		}
		var whole, part cellSet
		inSum, touchSum := 0, 0
		for _, u := range grp {
			for _, x := range g.Houses[u] {
				ci := g.CageOf(x)
				if stamp[ci] == k+1 {
					continue
				}
				stamp[ci] = k + 1
				c := list[ci].set // the cages come first, one area each
				touchSum += g.Cages[ci].Sum
				if c.andNot(in).empty() {
					whole = whole.or(c)
					inSum += g.Cages[ci].Sum
				} else {
					part = part.or(c)
				}
			}
		}
		all := total * len(grp)
		innies, outies := in.andNot(whole), part.andNot(in)
		if whole.empty() {
			innies = cellSet{} // the group itself: nothing to learn
		}
		add(area{kind: areaInnies, cells: members(innies), set: innies, sum: all - inSum, houses: grp, cagSum: inSum})
		add(area{kind: areaOuties, cells: members(outies), set: outies, sum: touchSum - all, houses: grp, cagSum: touchSum})
	}
	return list
}

func (g *Geometry) buildSplits(list []area) []area {
	seen := make(map[cellSet]bool, len(list))
	for _, a := range list {
		seen[a.set] = true
	}
	var splits []area
	// An area holding b holds b's first cell: only those are tried.
	n := len(list)
	holding := make([][]int, g.Cells)
	for i := range n {
		for _, x := range list[i].cells {
			holding[x] = append(holding[x], i)
		}
	}
	for j := range n {
		for _, i := range holding[list[j].cells[0]] {
			a, b := &list[i], &list[j]
			if i == j || len(b.cells) >= len(a.cells) || !b.set.andNot(a.set).empty() {
				continue
			}
			rest := a.set.andNot(b.set)
			if rest.count() > maxArea {
				continue
			}
			if sp := (area{kind: areaSplit, cells: members(rest), set: rest, sum: a.sum - b.sum, from: i, less: j}); g.fitArea(&sp, seen) {
				splits = append(splits, sp)
			}
		}
	}
	return splits
}

// fitArea readies a for the list, its digit sets worked out, and reports
// whether it belongs there: a few cells, a total they can reach, and cells
// not listed already (seen, which it updates).
func (g *Geometry) fitArea(a *area, seen map[cellSet]bool) bool {
	if len(a.cells) == 0 || a.kind != areaCage && len(a.cells) > maxPart || seen[a.set] {
		return false
	}
	switch {
	case a.kind == areaCage:
		a.combos = g.cageCombos[a.cage]
	case seeEachOther(g, a.cells):
		if a.combos = digitSets(g.N, len(a.cells), a.sum); a.combos == nil {
			return false
		}
	case a.sum < len(a.cells) || a.sum > g.N*len(a.cells):
		return false
	}
	seen[a.set] = true
	return true
}

// houseGroups lists the groups of houses the rule of 45 reads: every house
// of N cells alone, then two and three adjacent rows, two and three
// adjacent columns, and two boxes side by side. Houses are numbered rows,
// columns, boxes (see Geometry.Houses).
func (g *Geometry) houseGroups() [][]int {
	key := groupKey{g.Variant, g.N, g.BoxRows, len(g.Houses), g.pos != nil}
	groupsMu.Lock()
	defer groupsMu.Unlock()
	if out, ok := groupCache[key]; ok {
		return out
	}
	out := g.makeHouseGroups()
	groupCache[key] = out
	return out
}

// groupKey is what a geometry's house groups depend on: its houses are
// numbered the same way for the same key.
type groupKey struct {
	v          Variant
	n, boxRows int
	houses     int
	multi      bool
}

var (
	groupsMu   sync.Mutex
	groupCache = make(map[groupKey][][]int)
)

func (g *Geometry) makeHouseGroups() [][]int {
	var out [][]int
	for u, h := range g.Houses {
		if len(h) == g.N {
			out = append(out, []int{u})
		}
	}
	if g.pos != nil {
		return out
	}
	n := g.N
	for _, base := range []int{0, n} { // rows, then columns
		for k := 2; k <= 3; k++ {
			for i := 0; i+k <= n; i++ {
				grp := make([]int, k)
				for j := range grp {
					grp[j] = base + i + j
				}
				out = append(out, grp)
			}
		}
	}
	if g.BoxRows == 0 || g.Variant == Jigsaw {
		return out
	}
	across := n / g.BoxCols // boxes in a band
	for b := range n {
		if (b+1)%across != 0 {
			out = append(out, []int{2*n + b, 2*n + b + 1})
		}
		if b+across < n {
			out = append(out, []int{2*n + b, 2*n + b + across})
		}
	}
	return out
}

// digitSets is Combinations without a copy on the 9x9 grid, where the
// table serves as it is.
func digitSets(n, size, sum int) []uint32 {
	if n == MaxCageDigits && size >= 1 && size <= n && sum >= 0 && sum <= 45 {
		return combos[size][sum]
	}
	return Combinations(n, size, sum)
}

func setOf(cells []int) cellSet {
	var s cellSet
	for _, x := range cells {
		s.add(x)
	}
	return s
}

// members lists the cells of s in increasing order; nil for none or too
// many to be an area.
func members(s cellSet) []int {
	k := s.count()
	if k == 0 || k > maxPart {
		return nil
	}
	out := make([]int, 0, k)
	for !s.empty() {
		out = append(out, s.pop())
	}
	return out
}
