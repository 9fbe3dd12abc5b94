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
// gives every new cage layout a fresh table.
type areaTable struct {
	once sync.Once
	list []area
}

// maxArea is the most cells a derived area the rungs read may have: past
// four a solver does not add them up in mind.
const maxArea = 4

// maxPart is the most cells an area of innies or outies may have to be
// split: a note naming ten cells does not help a solver.
const maxPart = 6

// killerAreas lists g's areas: the cages first (area i is cage i), then the
// innies and outies of single houses, of groups of houses, and the splits.
func (g *Geometry) killerAreas() []area {
	t := g.areaTab
	if t == nil {
		return nil
	}
	t.once.Do(func() { t.list = g.buildAreas() })
	return t.list
}

func (g *Geometry) buildAreas() []area {
	var list []area
	seen := make(map[cellSet]bool)
	add := func(a area) {
		if len(a.cells) == 0 || len(a.cells) >= g.Cells || seen[a.set] {
			return
		}
		if a.kind == areaCage || seeEachOther(g, a.cells) {
			a.combos = Combinations(g.N, len(a.cells), a.sum)
			if a.combos == nil {
				return
			}
		} else if a.sum < len(a.cells) || a.sum > g.N*len(a.cells) {
			return
		}
		seen[a.set] = true
		list = append(list, a)
	}
	for ci, c := range g.Cages {
		add(area{kind: areaCage, cells: c.Cells, set: setOf(c.Cells), sum: c.Sum, cage: ci})
	}
	total := g.N * (g.N + 1) / 2
	for _, grp := range g.houseGroups() {
		var cells []int
		for _, u := range grp {
			cells = append(cells, g.Houses[u]...)
		}
		innies, outies, inSum, touchSum := g.innies(cells)
		all := total * len(grp)
		add(area{kind: areaInnies, cells: sorted(innies), set: setOf(innies), sum: all - inSum, houses: grp, cagSum: inSum})
		add(area{kind: areaOuties, cells: sorted(outies), set: setOf(outies), sum: touchSum - all, houses: grp, cagSum: touchSum})
	}
	// Splits of one level: an area less another it holds, when a few
	// cells are left.
	n := len(list)
	for i := range n {
		for j := range n {
			a, b := &list[i], &list[j]
			if i == j || len(b.cells) >= len(a.cells) || !b.set.andNot(a.set).empty() {
				continue
			}
			if a.kind != areaCage && len(a.cells) > maxPart || b.kind != areaCage && len(b.cells) > maxPart {
				continue
			}
			rest := a.set.andNot(b.set)
			if rest.count() > maxArea {
				continue
			}
			var cells []int
			for s := rest; !s.empty(); {
				cells = append(cells, s.pop())
			}
			add(area{kind: areaSplit, cells: cells, set: rest, sum: a.sum - b.sum, from: i, less: j})
		}
	}
	return list
}

// houseGroups lists the groups of houses the rule of 45 reads: every house
// of N cells alone, then two and three adjacent rows, two and three
// adjacent columns, and two boxes side by side. Houses are numbered rows,
// columns, boxes (see Geometry.Houses).
func (g *Geometry) houseGroups() [][]int {
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

func setOf(cells []int) cellSet {
	var s cellSet
	for _, x := range cells {
		s.add(x)
	}
	return s
}

func sorted(cells []int) []int {
	out := make([]int, 0, len(cells))
	for s := setOf(cells); !s.empty(); {
		out = append(out, s.pop())
	}
	return out
}
