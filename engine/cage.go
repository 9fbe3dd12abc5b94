package engine

// Killer cages: the second kind of constraint a geometry can carry.
//
// A cage is a set of orthogonally connected cells with a sum; its digits
// add up to the sum and none repeats. A killer puzzle is a geometry whose
// cages cover every cell once, usually with no givens at all:
//
//	+-----+--+        cages 15 (3 cells), 3 (2 cells), ...
//	|15   |3 |        the sum sits in the cage's top-left cell
//	|  +--+  |
//	|  |     |
//
// Houses stay the sets that hold every digit once. A cage adds two things:
// its cells see each other (they are added to Peers, so every technique
// that asks Sees knows that two cells of a cage differ), and its sum, which
// the solver and the killer rungs read through the precomputed digit
// combinations of every (sum, size): 14 in 3 cells is one of
// {1,4,9} {1,5,8} {1,6,7} {2,3,9} {2,4,8} {2,5,7} {3,4,7} {3,5,6}.

import (
	"cmp"
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

// MaxCageDigits is the largest side a killer geometry may have: the
// combination table covers the digits 1 to 9.
const MaxCageDigits = 9

// Cage is a killer cage: its sum and its cells in increasing order.
type Cage struct {
	Sum   int
	Cells []int
}

// combos[size][sum] lists every set of size distinct digits 1..9 adding up
// to sum, as candidate masks (bit d for digit d), in increasing order.
// The lists are cut from one array, counted first: the table is built in
// the package's init, which every command of the binary pays for.
var combos = func() (t [MaxCageDigits + 1][46][]uint32) {
	const sets = 1 << MaxCageDigits // every subset of 1..9, the empty one included
	var n [MaxCageDigits + 1][46]int
	for m := uint32(2); m < 1<<(MaxCageDigits+1); m += 2 {
		n[bits.OnesCount32(m)][digitSum(m)]++
	}
	all := make([]uint32, 0, sets)
	for k := range n {
		for sum, c := range n[k] {
			t[k][sum] = all[len(all) : len(all) : len(all)+c]
			all = all[:len(all)+c]
		}
	}
	for m := uint32(2); m < 1<<(MaxCageDigits+1); m += 2 {
		k, sum := bits.OnesCount32(m), digitSum(m)
		t[k][sum] = append(t[k][sum], m)
	}
	return t
}()

// digitSum adds up the digits of a candidate set (bit d for digit d).
func digitSum(m uint32) int {
	sum := 0
	for r := m; r != 0; r &= r - 1 {
		sum += bits.TrailingZeros32(r)
	}
	return sum
}

// Combinations lists the sets of size distinct digits from 1..n adding up
// to sum (bit d for digit d), fewest high digits first. It is empty when no
// set fits.
func Combinations(n, size, sum int) []uint32 {
	if n < 1 || n > MaxCageDigits || size < 1 || size > n || sum < 0 || sum > 45 {
		return nil
	}
	all := uint32(1)<<(n+1) - 2
	var out []uint32
	for _, m := range combos[size][sum] {
		if m&^all == 0 {
			out = append(out, m)
		}
	}
	return out
}

// ComboText writes a digit set as a sum of its digits, "1+4+9".
func ComboText(m uint32) string {
	var b strings.Builder
	for _, d := range Digits(m) {
		if b.Len() > 0 {
			b.WriteByte('+')
		}
		b.WriteByte(Symbol(d))
	}
	return b.String()
}

// WithCages returns a copy of g carrying cages, which must cut the grid
// into orthogonally connected pieces of 1 to N cells, each with a sum some
// set of distinct digits reaches. g is not changed. The copy never takes
// the classic fast path: that solver knows nothing of sums.
func (g *Geometry) WithCages(cages []Cage) (*Geometry, error) {
	if g.N > MaxCageDigits {
		return nil, fmt.Errorf("%w: killer cages need a side of at most %d, not %d", ErrGeometry, MaxCageDigits, g.N)
	}
	if len(g.Cages) > 0 {
		return nil, fmt.Errorf("%w: the geometry has cages already", ErrGeometry)
	}
	k := *g
	k.classic = false
	k.Cages = make([]Cage, len(cages))
	k.cageOf = make([]int16, g.Cells)
	k.cageCombos = make([][]uint32, len(cages))
	for i := range k.cageOf {
		k.cageOf[i] = -1
	}
	// Cages are numbered by their first cell in reading order, so a
	// puzzle's cages have the same numbers however they were listed.
	sorted := make([]Cage, len(cages))
	for ci, c := range cages {
		sorted[ci] = Cage{Sum: c.Sum, Cells: slices.Clone(c.Cells)}
		slices.Sort(sorted[ci].Cells)
	}
	slices.SortStableFunc(sorted, func(a, b Cage) int { return cmp.Compare(first(a.Cells), first(b.Cells)) })
	for ci, c := range sorted {
		cells := c.Cells
		if len(cells) == 0 || len(cells) > g.N {
			return nil, fmt.Errorf("%w: cage %d has %d cells, want 1 to %d", ErrGeometry, ci+1, len(cells), g.N)
		}
		for _, x := range cells {
			if x < 0 || x >= g.Cells {
				return nil, fmt.Errorf("%w: cage %d has cell %d, off the %dx%d grid", ErrGeometry, ci+1, x, g.N, g.N)
			}
			if k.cageOf[x] >= 0 {
				return nil, fmt.Errorf("%w: cell %s is in cages %d and %d", ErrGeometry, g.CellName(x), k.cageOf[x]+1, ci+1)
			}
			k.cageOf[x] = int16(ci)
		}
		if !cageConnected(g.N, cells) {
			return nil, fmt.Errorf("%w: cage %d (%s) is not orthogonally connected", ErrGeometry, ci+1, g.CellName(cells[0]))
		}
		k.cageCombos[ci] = Combinations(g.N, len(cells), c.Sum)
		if len(k.cageCombos[ci]) == 0 {
			return nil, fmt.Errorf("%w: cage %d at %s: no %d different digits add up to %d", ErrGeometry, ci+1, g.CellName(cells[0]), len(cells), c.Sum)
		}
		k.Cages[ci] = Cage{Sum: c.Sum, Cells: cells}
	}
	for i, c := range k.cageOf {
		if c < 0 {
			return nil, fmt.Errorf("%w: cell %s is in no cage", ErrGeometry, g.CellName(i))
		}
	}
	// Cage mates see each other: the peer tables are rebuilt on the copy.
	k.peerSets = slices.Clone(g.peerSets)
	k.Peers = make([][]int, g.Cells)
	for _, c := range k.Cages {
		for _, a := range c.Cells {
			for _, b := range c.Cells {
				if a != b {
					k.peerSets[a].add(b)
				}
			}
		}
	}
	for i := range g.Cells {
		for set := k.peerSets[i]; !set.empty(); {
			k.Peers[i] = append(k.Peers[i], set.pop())
		}
	}
	k.deriveSums()
	k.layers = g.withLayer(KillerCages{&k})
	return &k, nil
}

// sumSet is a set of cells holding different digits with a known total:
// a cage, or what the rule of 45 leaves of a house. The exact solver prunes
// every one the same way.
type sumSet struct {
	cells  []int
	sum    int
	combos []uint32
	// For the rule of 45: the house, whether the cells are outies, and
	// the total of the cages inside (innies) or touching (outies) it.
	house  int
	outie  bool
	cagSum int
}

// deriveSums lists the solver's sum sets: the cages, then for every house
// of N cells the cells its inner cages leave (innies, which share the
// house) and the cells its touching cages put outside it (outies) when
// they see each other. Both follow from the cages alone, so they are
// worked out once; they are what makes zero-given killers quick to solve.
func (k *Geometry) deriveSums() {
	k.sums = k.sums[:0]
	k.areaTab = new(areaTable)
	for ci, c := range k.Cages {
		k.sums = append(k.sums, sumSet{cells: c.Cells, sum: c.Sum, combos: k.cageCombos[ci], house: -1})
	}
	total := k.N * (k.N + 1) / 2
	for u, h := range k.Houses {
		if len(h) != k.N {
			continue
		}
		innies, outies, inSum, touchSum := k.innies(h)
		if len(innies) > 0 && len(innies) < k.N {
			k.addSum(sumSet{cells: innies, sum: total - inSum, house: u, cagSum: inSum})
		}
		if len(outies) > 0 && len(outies) < k.N && seeEachOther(k, outies) {
			k.addSum(sumSet{cells: outies, sum: touchSum - total, house: u, outie: true, cagSum: touchSum})
		}
	}
}

func (k *Geometry) addSum(s sumSet) {
	if s.combos = Combinations(k.N, len(s.cells), s.sum); len(s.combos) > 0 {
		k.sums = append(k.sums, s)
	}
}

// innies reads house h against the cages: the cells of h outside the cages
// wholly inside it (innies), the cells outside h of the cages touching it
// (outies), the total of the inner cages and that of the touching ones.
func (k *Geometry) innies(h []int) (innies, outies []int, inSum, touchSum int) {
	var inHouse cellSet
	for _, x := range h {
		inHouse.add(x)
	}
	var seen [MaxCells]bool
	var whole [MaxCells]bool
	for _, x := range h {
		ci := k.CageOf(x)
		if seen[ci] {
			continue
		}
		seen[ci] = true
		c := k.Cages[ci]
		touchSum += c.Sum
		in := true
		for _, y := range c.Cells {
			if !inHouse.has(y) {
				in = false
				outies = append(outies, y)
			}
		}
		if in {
			whole[ci] = true
			inSum += c.Sum
		}
	}
	for _, x := range h {
		if !whole[k.CageOf(x)] {
			innies = append(innies, x)
		}
	}
	return innies, outies, inSum, touchSum
}

// first is cells[0], or -1 for none.
func first(cells []int) int {
	if len(cells) == 0 {
		return -1
	}
	return cells[0]
}

// CageOf is the index in Cages of the cage holding cell i, -1 without cages.
func (g *Geometry) CageOf(i int) int {
	if g.cageOf == nil {
		return -1
	}
	return int(g.cageOf[i])
}

// CageCombinations lists the digit sets cage ci may hold, from its sum and
// size alone.
func (g *Geometry) CageCombinations(ci int) []uint32 { return g.cageCombos[ci] }

// CageName is how a step names a cage: "cage 14/3 at r1c2" (sum, cells,
// top-left cell).
func (g *Geometry) CageName(ci int) string {
	c := g.Cages[ci]
	return fmt.Sprintf("cage %d/%d at %s", c.Sum, len(c.Cells), g.CellName(c.Cells[0]))
}

// cageConnected reports whether cells (sorted) are orthogonally connected
// on an n x n grid.
func cageConnected(n int, cells []int) bool {
	seen := map[int]bool{cells[0]: true}
	stack := []int{cells[0]}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, o := range orthogonal(n, c) {
			if o >= 0 && !seen[o] {
				if _, ok := slices.BinarySearch(cells, o); ok {
					seen[o] = true
					stack = append(stack, o)
				}
			}
		}
	}
	return len(seen) == len(cells)
}

// CagesOf returns the cages of a cage map (each cell's cage, 0-based) with
// the sums the solution gives them; the generator and the tests use it.
func CagesOf(cageMap []int, solution []uint8) []Cage {
	var cages []Cage
	for i, c := range cageMap {
		for len(cages) <= c {
			cages = append(cages, Cage{})
		}
		cages[c].Cells = append(cages[c].Cells, i)
		cages[c].Sum += int(solution[i])
	}
	return cages
}

// cageSets reads a set of mutually distinct cells that must add up to sum
// (a cage, or the cells the rule of 45 leaves) on a grid's cells and
// candidates: the digits placed in it, the digit sets of sets still
// possible (every placed digit in the set, each other digit a candidate of
// some empty cell, each empty cell able to take one of them), their union
// and intersection less the placed digits (allowed, must), and how many
// cells are open. live, when not nil, receives the sets still possible.
// sets==0 with open>0 is a contradiction; so is a full set whose digits
// do not add up to sum (full reports it).
func cageSets(cells *[MaxCells]uint8, cands *[MaxCells]uint32, members []int, sum int, sets []uint32, live *[]uint32) (allowed, must uint32, open, n int, full bool) {
	var placed, union uint32
	got := 0
	for _, x := range members {
		if v := cells[x]; v != 0 {
			if placed&Bit(v) != 0 {
				return 0, 0, open, 0, false // a digit twice
			}
			placed |= Bit(v)
			got += int(v)
		} else {
			union |= cands[x]
			open++
		}
	}
	if open == 0 {
		return 0, 0, 0, 0, got == sum
	}
	must = ^uint32(0)
next:
	for _, m := range sets {
		rest := m &^ placed
		if m&placed != placed || rest&^union != 0 {
			continue
		}
		for _, x := range members {
			if cells[x] == 0 && cands[x]&rest == 0 {
				continue next
			}
		}
		allowed |= rest
		must &= rest
		n++
		if live != nil {
			*live = append(*live, m)
		}
	}
	if n == 0 {
		must = 0
	}
	return allowed, must, open, n, false
}
