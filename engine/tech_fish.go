package engine

import "math/bits"

// A fish is a naked subset of lines for one digit. If in n rows (the base)
// the digit's places all lie in the same n columns (the cover), those n rows
// take the digit in those n columns, one each, so no other cell of the cover
// columns can have it. n = 2, 3, 4 gives the x-wing, swordfish and jellyfish;
// rows and columns may swap roles.
//
//	x-wing on 4, rows 2 and 7
//	. . . | . . . | . . .
//	. . 4 | . . . | . 4 .   <- base
//	. . x | . . . | . x .   x: 4 leaves these
//	. . 4 | . . . | . 4 .   <- base
//
// A finned fish is a fish spoilt by a few extra places (the fins) that all lie
// in one box. Either a fin holds the digit, or the fish is real; cells that
// are in a cover line and in the fin box are ruled out either way. Sashimi
// fish, where a base line keeps a place only in the fin box, are included:
// the same two cases cover them.

func init() {
	register(XWing, basicFish(XWing, 2))
	register(Swordfish, basicFish(Swordfish, 3))
	register(Jellyfish, basicFish(Jellyfish, 4))
	register(FinnedXWing, finnedFish(FinnedXWing, 2))
	register(FinnedSwordfish, finnedFish(FinnedSwordfish, 3))
	register(FinnedJellyfish, finnedFish(FinnedJellyfish, 4))
}

func basicFish(t Technique, n int) finder {
	return func(b *Board, s *Step) bool {
		g := b.geo()
		var buf [MaxSide]uint16
		sets := buf[:g.N]
		places := digitHousePlaces(b)
		for d := uint8(1); int(d) <= g.N; d++ {
			for pi := range g.planes {
				for side := range 2 { // rows as the base, then columns
					base, cover := g.planes[pi].lines[side], g.planes[pi].lines[1-side]
					gather(sets, &places[d], base)
					var rows, cols uint16
					found := lockedSets(sets, n, func(sel, union uint16) bool {
						rows, cols = sel, union
						for m := union; m != 0; m &= m - 1 {
							eliminateDigitOutside(b, s, cover[bits.TrailingZeros16(m)], sel, d)
						}
						return len(s.Eliminations) > 0
					})
					if !found {
						continue
					}
					s.Technique = t
					if s.Explain() {
						s.digit(d)
						s.houses(RoleBase, linesAt(base, rows)...)
						s.houses(RoleCover, linesAt(cover, cols)...)
					}
					return true
				}
			}
		}
		return false
	}
}

// gather copies into sets the places of lines (house numbers) from places.
func gather(sets []uint16, places *[maxHouses]uint16, lines []int) {
	for i, u := range lines {
		sets[i] = places[u]
	}
}

// eliminateDigitOutside adds to s the removal of d from the cells of house u
// whose positions are not in keep.
func eliminateDigitOutside(b *Board, s *Step, u int, keep uint16, d uint8) {
	for p, c := range b.geo().Houses[u] {
		if keep&(1<<p) == 0 && b.Cands[c]&Bit(d) != 0 {
			s.Eliminations = append(s.Eliminations, Elimination{c, d})
		}
	}
}

func finnedFish(t Technique, n int) finder {
	return func(b *Board, s *Step) bool {
		g := b.geo()
		var buf [MaxSide]uint16
		sets := buf[:g.N]
		places := digitHousePlaces(b)
		for d := uint8(1); int(d) <= g.N; d++ {
			for pi := range g.planes {
				for side := range 2 {
					base, cover := g.planes[pi].lines[side], g.planes[pi].lines[1-side]
					gather(sets, &places[d], base)
					// Fins reach over at most two lines beyond the cover,
					// because the fin box must share a line with it.
					found := chooseSets(sets, n, 1, n+2, func(rows, union uint16) bool {
						// With no fin it is a basic fish.
						return bits.OnesCount16(union) > n && finnedFishAt(b, s, t, sets, base, cover, rows, union, n, d)
					})
					if found {
						return true
					}
				}
			}
		}
		return false
	}
}

// finnedFishAt tries every choice of n cover lines for the base lines rows.
// The places left outside the cover are the fins; they must share one box
// (or region), and the cover cells outside the base that see every fin lose
// d. On a regular grid those are the cover cells in the fin box; the test
// by sight keeps the rule sound on any geometry.
func finnedFishAt(b *Board, s *Step, t Technique, sets []uint16, base, cover []int, rows, union uint16, n int, d uint8) bool {
	g := b.geo()
	// The covers are the n-line subsets of union, in increasing order.
	for cols := (-union) & union; cols != 0; cols = (cols - union) & union {
		if bits.OnesCount16(cols) != n {
			continue
		}
		finBox := -1
		seeAll := g.all
		for m := rows; m != 0 && finBox != -2; m &= m - 1 {
			i := bits.TrailingZeros16(m)
			for f := sets[i] &^ cols; f != 0; f &= f - 1 {
				fin := g.Houses[base[i]][bits.TrailingZeros16(f)]
				seeAll = seeAll.and(g.peerSets[fin])
				bx := int(g.Regions[fin])
				if finBox == -1 {
					finBox = bx
				} else if finBox != bx {
					finBox = -2
					break
				}
			}
		}
		if finBox < 0 {
			continue
		}
		for m := cols; m != 0; m &= m - 1 {
			u := cover[bits.TrailingZeros16(m)]
			for p, c := range g.Houses[u] {
				if rows&(1<<p) == 0 && seeAll.has(c) && b.Cands[c]&Bit(d) != 0 {
					s.Eliminations = append(s.Eliminations, Elimination{c, d})
				}
			}
		}
		if len(s.Eliminations) == 0 {
			continue
		}
		s.Technique = t
		if s.Explain() {
			var fins []int
			for m := rows; m != 0; m &= m - 1 {
				i := bits.TrailingZeros16(m)
				for f := sets[i] &^ cols; f != 0; f &= f - 1 {
					fins = append(fins, g.Houses[base[i]][bits.TrailingZeros16(f)])
				}
			}
			s.digit(d)
			s.houses(RoleBase, linesAt(base, rows)...)
			s.houses(RoleCover, linesAt(cover, cols)...)
			s.cells(RoleFin, fins...)
		}
		return true
	}
	return false
}

// linesAt returns the lines (house numbers) at positions sel of lines.
func linesAt(lines []int, sel uint16) []int {
	var out []int
	for m := sel; m != 0; m &= m - 1 {
		out = append(out, lines[bits.TrailingZeros16(m)])
	}
	return out
}
