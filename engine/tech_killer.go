package engine

// The killer rungs read the cages of the board's geometry; on a geometry
// without cages they find nothing.
//
// Cage combination (easy). A cage's sum and size allow only some digit
// sets, and the digits already in it and its cells' candidates rule out
// more: 14 in 3 cells is one of eight sets, but with a 9 placed in it only
// {1,4,9} and {2,3,9} are left, so its other cells hold 1, 2, 3 or 4. A
// cell keeps only the digits of the sets left; a digit every set needs,
// with one place left in the cage, goes there.
//
// Rule of 45 (easy). The digits of a house add up to 45 (N(N+1)/2 on an
// N-grid). The cages wholly inside a house add up to some total; the one to
// three cells of the house they leave out (innies) add up to the rest, and
// being in one house they differ, so they are a cage of their own. In the
// same way the cells that the cages touching a house put outside it
// (outies) add up to the cages' total less 45; when they see each other
// they too are a cage.
//
//	row 1:  [ 8 ][ 12  ][ 9 ][ 7 ][ ? ]...      cages inside add up to 38:
//	                                          the cell left is 45-38 = 7
//
// Cage pointing (medium). A digit that every remaining set of a cage needs
// and whose places in the cage all lie in one house leaves the rest of that
// house: it is in the cage, so it is nowhere else there. A cage wholly
// inside a house is the common case.

import (
	"fmt"
	"slices"
	"strings"
)

func init() {
	register(CageCombination, findCageCombination)
	register(Rule45, findRule45)
	register(CagePointing, findCagePointing)
}

// sumStep fills s with what a cage (or the cells the rule of 45 leaves)
// forces: candidates outside its sets go, and a digit every set needs with
// one place left goes there. It reports whether anything did.
func sumStep(b *Board, s *Step, members []int, sum int, sets []uint32) bool {
	allowed, must, open, n, _ := cageSets(&b.Cells, &b.Cands, members, sum, sets, nil)
	if open == 0 || n == 0 {
		return false
	}
	for _, x := range members {
		if b.Cells[x] != 0 {
			continue
		}
		for m := b.Cands[x] &^ allowed; m != 0; m &= m - 1 {
			s.Eliminations = append(s.Eliminations, Elimination{x, FirstDigit(m)})
		}
	}
	for ; must != 0; must &= must - 1 {
		d := FirstDigit(must)
		at, k := -1, 0
		for _, x := range members {
			if b.Cells[x] == 0 && b.Cands[x]&Bit(d) != 0 {
				at, k = x, k+1
			}
		}
		if k == 1 && b.Cands[at] != Bit(d) {
			s.Placements = append(s.Placements, Placement{at, d})
		}
	}
	return len(s.Placements)+len(s.Eliminations) > 0
}

// liveSets lists the digit sets of sets that members can still take.
func liveSets(b *Board, members []int, sum int, sets []uint32) []uint32 {
	var live []uint32
	cageSets(&b.Cells, &b.Cands, members, sum, sets, &live)
	return live
}

// sumPart is cells with a known sum in role r, with the digit sets still
// open to them when there are several cells (one cell's sum is its
// digit).
func sumPart(b *Board, r Role, cells []int, sum int, sets []uint32) Part {
	p := Part{Role: r, Cells: cells, Sum: sum}
	if len(cells) > 1 {
		p.Sets = liveSets(b, cells, sum, sets)
	}
	return p
}

// resultText says what a sum step did: "so 3 leaves r1c2; 9 goes in
// r1c3", or, when the cells lose more digits than they keep, what they
// keep: "so r1c1 and r2c1 keep 5, 6, 8 and 9".
func resultText(b *Board, s *Step) string {
	g := b.geo()
	var parts []string
	// A cell that gets its digit loses the others anyway: saying so for
	// each of them buries the placement.
	var elims []Elimination
	lost := make(map[int]uint32)
	var order []int
	for _, e := range s.Eliminations {
		if slices.ContainsFunc(s.Placements, func(p Placement) bool { return p.Cell == e.Cell }) {
			continue
		}
		elims = append(elims, e)
		if lost[e.Cell] == 0 {
			order = append(order, e.Cell)
		}
		lost[e.Cell] |= Bit(e.Digit)
	}
	// Cells left with the same digits are named together, and the note
	// says what they keep or what they lose, whichever is shorter.
	var keeps []string
	done := make(map[int]bool)
	for _, x := range order {
		if done[x] {
			continue
		}
		keep := b.Cands[x] &^ lost[x]
		var same []string
		for _, y := range order {
			if !done[y] && b.Cands[y]&^lost[y] == keep {
				done[y] = true
				same = append(same, g.CellName(y))
			}
		}
		verb := "keeps"
		if len(same) > 1 {
			verb = "keep"
		}
		keeps = append(keeps, fmt.Sprintf("%s %s %s", andList(same), verb, digitList(keep)))
	}
	if len(elims) > 0 {
		lose := leaveText(g, elims)
		if keep := strings.Join(keeps, "; "); len(keep) < len(lose) {
			lose = keep
		}
		parts = append(parts, lose)
	}
	for _, p := range s.Placements {
		parts = append(parts, fmt.Sprintf("%d goes in %s", p.Digit, g.CellName(p.Cell)))
	}
	return "so " + strings.Join(parts, "; ")
}

// leaveText says what elims remove, digits that leave the same cells
// together: "1 and 2 leave r2c8, r3c8; 9 leaves r2c8".
func leaveText(g *Geometry, elims []Elimination) string {
	var cells [MaxSide + 1][]int
	for _, e := range elims {
		cells[e.Digit] = append(cells[e.Digit], e.Cell)
	}
	var parts []string
	var done uint32
	for d := 1; d <= MaxSide; d++ {
		if len(cells[d]) == 0 || done&Bit(uint8(d)) != 0 {
			continue
		}
		var same uint32
		for e := d; e <= MaxSide; e++ {
			if slices.Equal(cells[e], cells[d]) {
				same |= Bit(uint8(e))
			}
		}
		done |= same
		verb := "leaves"
		if same&(same-1) != 0 {
			verb = "leave"
		}
		parts = append(parts, fmt.Sprintf("%s %s %s", digitList(same), verb, cellNames(g, cells[d])))
	}
	return strings.Join(parts, "; ")
}

func findCageCombination(b *Board, s *Step) bool { return cageCombination(b, s, nil) }

// cageCombination is findCageCombination with the grader's memo, m, of
// the cages where it found nothing (nil for none).
func cageCombination(b *Board, s *Step, m *cageMemo) bool {
	g := b.geo()
	if k := g.calcCagesOf(); k != nil {
		return calcCombination(b, s, k)
	}
	for ci, c := range g.Cages {
		if m != nil && m.same(b, ci, c.Cells, c.Sum) {
			continue
		}
		if !sumStep(b, s, c.Cells, c.Sum, g.cageCombos[ci]) {
			if m != nil {
				m.keep(b, ci, c.Cells, c.Sum)
			}
			continue
		}
		if s.Explain() {
			s.cage(b, c, g.cageCombos[ci])
		}
		return true
	}
	return false
}

// maxLeft is the most innie or outie cells the rule of 45 reads as a cage:
// past three a solver cannot keep the sets in mind.
const maxLeft = 3

func findRule45(b *Board, s *Step) bool {
	g := b.geo()
	// The innies and outies of every house are worked out with the cages
	// (Geometry.sums, after the cages themselves).
	for _, x := range g.sums[len(g.Cages):] {
		if len(x.cells) <= maxLeft && rule45Step(b, s, x) {
			return true
		}
	}
	return false
}

// rule45Step is sumStep on innies or outies, with its note. The note is
// written only when explaining: the generator grades after every cage
// merge, where formatting it for every house was a twentieth of the time.
func rule45Step(b *Board, s *Step, x sumSet) bool {
	if !sumStep(b, s, x.cells, x.sum, x.combos) {
		return false
	}
	if s.Explain() {
		s.Pattern.Form = FormInnies
		if x.outie {
			s.Pattern.Form = FormOuties
		}
		s.innies(b, x)
	}
	return true
}

// leftText names innie or outie cells with their sum: "r3c4 is 7" or
// "r3c4+r3c5 add up to 9".
func leftText(g *Geometry, cells []int, sum int) string {
	names := make([]string, len(cells))
	for i, c := range cells {
		names[i] = g.CellName(c)
	}
	if len(cells) == 1 {
		return fmt.Sprintf("%s is %d", names[0], sum)
	}
	return fmt.Sprintf("%s add up to %d", strings.Join(names, "+"), sum)
}

// seeEachOther reports whether cells are pairwise peers, so hold
// different digits.
func seeEachOther(g *Geometry, cells []int) bool {
	for i, a := range cells {
		for _, c := range cells[i+1:] {
			if !g.Sees(a, c) {
				return false
			}
		}
	}
	return true
}

func findCagePointing(b *Board, s *Step) bool {
	g := b.geo()
	if k := g.calcCagesOf(); k != nil {
		return calcPointing(b, s, k)
	}
	for ci, c := range g.Cages {
		_, must, open, n, _ := cageSets(&b.Cells, &b.Cands, c.Cells, c.Sum, g.cageCombos[ci], nil)
		if open == 0 || n == 0 {
			continue
		}
		for ; must != 0; must &= must - 1 {
			d := FirstDigit(must)
			var places []int
			for _, x := range c.Cells {
				if b.Cells[x] == 0 && b.Cands[x]&Bit(d) != 0 {
					places = append(places, x)
				}
			}
			if len(places) == 0 {
				continue
			}
			for _, u := range g.CellHouses[places[0]] {
				if !allIn(g, u, places) {
					continue
				}
				for _, y := range g.Houses[u] {
					if g.CageOf(y) != ci && b.Cands[y]&Bit(d) != 0 {
						s.Eliminations = append(s.Eliminations, Elimination{y, d})
					}
				}
				if len(s.Eliminations) > 0 {
					if s.Explain() {
						s.cage(b, c, g.cageCombos[ci])
						s.digit(d)
						s.cells(RoleCells, places...)
						s.houses(RoleHouse, u)
					}
					return true
				}
			}
		}
	}
	return false
}

// allIn reports whether every cell is in house u.
func allIn(g *Geometry, u int, cells []int) bool {
	for _, c := range cells {
		if !g.houseSets[u].has(c) {
			return false
		}
	}
	return true
}

// cageMemo remembers, per cage, the exact state of its cells when the
// cage combination last found nothing there: with the same cells, sum,
// side, digits and candidates it would find nothing again. Grading scans
// every cage at every step; most of them no step touched. The grader
// keeps it, so the finder itself leaves its board alone.
type cageMemo struct {
	recs [][]uint32
}

func (m *cageMemo) same(b *Board, ci int, cells []int, sum int) bool {
	if ci >= len(m.recs) {
		return false
	}
	r := m.recs[ci]
	if len(r) != 2+2*len(cells) || r[0] != uint32(sum) || r[1] != uint32(b.geo().N) {
		return false
	}
	for k, x := range cells {
		if r[2+2*k] != uint32(x) || r[3+2*k] != cellState(b, x) {
			return false
		}
	}
	return true
}

func (m *cageMemo) keep(b *Board, ci int, cells []int, sum int) {
	for len(m.recs) <= ci {
		m.recs = append(m.recs, nil)
	}
	r := append(m.recs[ci][:0], uint32(sum), uint32(b.geo().N))
	for _, x := range cells {
		r = append(r, uint32(x), cellState(b, x))
	}
	m.recs[ci] = r
}

// cellState is a cell's digit, or its candidates for an empty cell.
func cellState(b *Board, x int) uint32 {
	if v := b.Cells[x]; v != 0 {
		return 1<<31 | uint32(v)
	}
	return b.Cands[x]
}
