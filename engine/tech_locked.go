package engine

// Locked candidates work on the three cells where a line (row or column)
// crosses a box. If a digit's places in the box all lie on that segment, the
// digit must go in the segment, so the rest of the line loses it (pointing).
// If a digit's places in the line all lie on that segment, the rest of the box
// loses it (claiming):
//
//	pointing, box 1            claiming, row 2
//	. . . | . . .              . . . | x x x | x x x
//	3 3 . | x x x   <- row 2   3 3 . | . . . | . . .   <- 3 only here in row 2
//	. . . | . . .              x x x | . . . | . . .
//
// In both, x marks where the digit goes.

func init() {
	register(Pointing, findPointing)
	register(Claiming, findClaiming)
}

// The crossings of a geometry (Geometry.crossings) are every ordered pair of
// houses that share two or more cells. With a box, region, diagonal or
// window first it is pointing; with a line first, claiming. On classic 9x9
// those are the 54 line-box crossings, and the order is the one people scan
// in: pointing box by box, claiming line by line.

func orCands(b *Board, cells []int) uint32 {
	var m uint32
	for _, c := range cells {
		m |= b.Cands[c]
	}
	return m
}

func findPointing(b *Board, s *Step) bool { return findLocked(b, s, Pointing) }

func findClaiming(b *Board, s *Step) bool { return findLocked(b, s, Claiming) }

// findLocked looks for a digit whose places in house a all lie where a
// meets house b, over the crossings whose a is a line (claiming) or not
// (pointing); that digit leaves the rest of b.
func findLocked(b *Board, s *Step, t Technique) bool {
	g := b.geo()
	locks := g.crossings()
	for k := range locks {
		x := &locks[k]
		if g.IsLine(x.a) != (t == Claiming) {
			continue
		}
		seg := orCands(b, x.seg)
		ds := seg &^ orCands(b, x.aRest)
		if ds == 0 {
			continue
		}
		if ds &= orCands(b, x.bRest); ds == 0 {
			continue
		}
		d := FirstDigit(ds)
		eliminateDigit(b, s, x.bRest, d)
		s.Technique = t
		if s.Explain() {
			s.houses(RoleBase, x.a)
			s.digit(d)
			s.houses(RoleCover, x.b)
		}
		return true
	}
	return false
}

// eliminateDigit adds to s the removal of d from every cell of cells that
// still has it.
func eliminateDigit(b *Board, s *Step, cells []int, d uint8) {
	for _, c := range cells {
		if b.Cands[c]&Bit(d) != 0 {
			s.Eliminations = append(s.Eliminations, Elimination{c, d})
		}
	}
}
