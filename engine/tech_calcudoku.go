package engine

// The calcudoku rungs are the killer's cage rungs read on a calcudoku's
// cages (calcudoku.go): the cage combination and cage pointing rungs call
// these on a geometry carrying them, and find killer cages otherwise.
//
// Cage combination (easy). A cage's target and operation allow only some
// fillings of its cells, and its cells' candidates rule out more: 12x
// over three cells in an L is 1-3-4, 2-2-3 or 1-2-6 in some order, and
// with a 5 ruled out nowhere... a cell keeps only the digits some filling
// left open puts there.
//
// Cage pointing (medium). A digit that every filling left open puts in
// the cage, and whose places in the cage all lie in one row or column,
// leaves the rest of that line.

import "fmt"

// calcCombination is the cage combination rung on k's cages.
func calcCombination(b *Board, s *Step, k *CalcCages) bool {
	var dom, keep [maxCalcCage]uint16
	for ci, c := range k.cages {
		open := false
		for j, x := range c.Cells {
			dom[j] = uint16(boardMask(b, x))
			open = open || b.Cells[x] == 0
		}
		if !open || k.live(ci, dom[:len(c.Cells)], keep[:]) == 0 {
			continue
		}
		for j, x := range c.Cells {
			if b.Cells[x] != 0 {
				continue
			}
			for m := b.Cands[x] &^ uint32(keep[j]); m != 0; m &= m - 1 {
				s.Eliminations = append(s.Eliminations, Elimination{x, FirstDigit(m)})
			}
		}
		if len(s.Eliminations) == 0 {
			continue
		}
		s.Technique = CageCombination
		if s.Explain() {
			s.calcCage(k, ci, dom[:len(c.Cells)])
		}
		return true
	}
	return false
}

// calcPointing is the cage pointing rung on k's cages.
func calcPointing(b *Board, s *Step, k *CalcCages) bool {
	g := b.geo()
	var dom [maxCalcCage]uint16
	for ci, c := range k.cages {
		m := len(c.Cells)
		open := false
		for j, x := range c.Cells {
			dom[j] = uint16(boardMask(b, x))
			open = open || b.Cells[x] == 0
		}
		if !open {
			continue
		}
		// must[u] holds the digits every live filling puts in line u of
		// the cage's cells at least once.
		must := map[int]uint16{}
		first := true
		t := k.tuples[ci]
		for at := 0; at < len(t); at += m {
			if !tupleLive(dom[:], t[at:at+m]) {
				continue
			}
			in := map[int]uint16{}
			for j, x := range c.Cells {
				for _, u := range g.CellHouses[x] {
					in[u] |= 1 << t[at+j]
				}
			}
			if first {
				must, first = in, false
				continue
			}
			for u := range must {
				must[u] &= in[u]
			}
		}
		for _, u := range sortedKeys(must) {
			for ds := must[u]; ds != 0; ds &= ds - 1 {
				d := uint8(FirstDigit(uint32(ds)))
				var places []int
				for _, x := range c.Cells {
					if b.Cells[x] == 0 && b.Cands[x]&Bit(d) != 0 && g.houseSets[u].has(x) {
						places = append(places, x)
					}
				}
				if len(places) == 0 {
					continue // placed already
				}
				for _, y := range g.Houses[u] {
					if int(k.cageOf[y]) != ci && b.Cells[y] == 0 && b.Cands[y]&Bit(d) != 0 {
						s.Eliminations = append(s.Eliminations, Elimination{y, d})
					}
				}
				if len(s.Eliminations) == 0 {
					continue
				}
				s.Technique = CagePointing
				if s.Explain() {
					s.calcCage(k, ci, dom[:m])
					s.digit(d)
					s.cells(RoleCells, places...)
					s.houses(RoleHouse, u)
				}
				return true
			}
		}
	}
	return false
}

// sortedKeys lists m's keys in increasing order.
func sortedKeys(m map[int]uint16) []int {
	out := make([]int, 0, len(m))
	for u := range m {
		out = append(out, u)
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// calcCage appends cage ci of k as a part: its cells, its target as Sum,
// its clue as Text, and the digits its live fillings use as Digits.
//
//go:noinline
func (s *Step) calcCage(k *CalcCages, ci int, dom []uint16) {
	c := k.cages[ci]
	var keep [maxCalcCage]uint16
	k.live(ci, dom, keep[:])
	var ds uint32
	for _, m := range keep[:len(c.Cells)] {
		ds |= uint32(m)
	}
	s.part(Part{Role: RoleCage, Cells: c.Cells, Sum: c.Target, Text: c.Printed(), Digits: ds})
}

// calcCageText names a calcudoku cage for a note: "cage 12x in 3 cells
// at r1c1".
func calcCageText(g *Geometry, p Part) string {
	if len(p.Cells) == 1 {
		return fmt.Sprintf("cage %s in 1 cell at %s", p.Text, g.CellName(p.Cells[0]))
	}
	return fmt.Sprintf("cage %s in %d cells at %s", p.Text, len(p.Cells), g.CellName(p.Cells[0]))
}
