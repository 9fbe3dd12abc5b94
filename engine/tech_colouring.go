package engine

// Simple colouring works on one digit. Cells joined by conjugate pairs
// (the only two places of the digit in some house) form clusters; walking a
// cluster and giving the two cells of every pair opposite colours splits it
// in two, and exactly one colour holds the digit in every cell. Two rules
// follow:
//
//   - colour trap: a cell outside the cluster that sees a cell of each
//     colour sees the digit whichever colour is true, so it loses the digit.
//   - colour wrap: two cells of one colour that see each other cannot both
//     hold the digit, so that colour is false and loses the digit everywhere.
//
// A cluster of a single pair is left to the locked-candidate techniques.

func init() {
	register(SimpleColouring, findSimpleColouring)
}

func findSimpleColouring(b *Board, s *Step) bool {
	g := b.geo()
	dm := digitCellSets(b)
	links := linkBufs.Get().(*[MaxCells]cellSet)
	defer linkBufs.Put(links)
	for d := uint8(1); int(d) <= g.N; d++ {
		cells := dm[d]
		strongLinksInto(g, cells, links)
		var seen cellSet
		for starts := cells; !starts.empty(); {
			start := starts.pop()
			if seen.has(start) || links[start].empty() {
				continue
			}
			colours := colourCluster(links, start)
			seen = seen.or(colours[0]).or(colours[1])
			if colours[0].count()+colours[1].count() < 3 {
				continue
			}
			// Wrap first: it settles the whole cluster at once.
			for k := 0; k < 2; k++ {
				if a, c, ok := sameColourPeers(g, colours[k]); ok {
					startStep(s, SimpleColouring)
					addElims(s, colours[k], d)
					if s.Explain() {
						s.Pattern.Form = FormWrap
						s.digit(d)
						s.cells(RoleCells, a, c)
					}
					return true
				}
			}
			seen0, seen1 := seenBy(g, colours[0]), seenBy(g, colours[1])
			trap := seen0.and(seen1).and(cells).andNot(colours[0]).andNot(colours[1])
			if trap.empty() {
				continue
			}
			startStep(s, SimpleColouring)
			addElims(s, trap, d)
			if s.Explain() {
				t := trap.first()
				a := g.peerSets[t].and(colours[0]).first()
				c := g.peerSets[t].and(colours[1]).first()
				s.Pattern.Form = FormTrap
				s.digit(d)
				s.cells(RoleCells, start)
				s.cells(RoleEnds, a, c)
			}
			return true
		}
	}
	return false
}

// colourCluster walks the conjugate pairs from start and returns the two
// colour classes of its cluster. On a board that is already broken a cell
// may be reached with both colours; it keeps the first, which is harmless
// because such a board has no solution to protect.
func colourCluster(links *[MaxCells]cellSet, start int) [2]cellSet {
	var colours [2]cellSet
	var queue [MaxCells]int16
	var colour [MaxCells]uint8
	colours[0].add(start)
	queue[0] = int16(start)
	head, tail := 0, 1
	for head < tail {
		c := int(queue[head])
		head++
		k := colour[c] ^ 1
		for next := links[c].andNot(colours[0]).andNot(colours[1]); !next.empty(); {
			n := next.pop()
			colours[k].add(n)
			colour[n] = k
			queue[tail] = int16(n)
			tail++
		}
	}
	return colours
}

// sameColourPeers finds two cells of set that see each other.
func sameColourPeers(g *Geometry, set cellSet) (int, int, bool) {
	for rest := set; !rest.empty(); {
		a := rest.pop()
		if c := g.peerSets[a].and(rest); !c.empty() {
			return a, c.first(), true
		}
	}
	return 0, 0, false
}

// seenBy is the union of the peers of every cell in set.
func seenBy(g *Geometry, set cellSet) cellSet {
	var out cellSet
	for !set.empty() {
		out = out.or(g.peerSets[set.pop()])
	}
	return out
}
