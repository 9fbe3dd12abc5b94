package engine

import "fmt"

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

// crossing is where line meets box: the three shared cells, the six other
// cells of the line and the six other cells of the box.
type crossing struct {
	line, box uint8 // house indexes into Units
	seg       [3]uint8
	lineRest  [6]uint8
	boxRest   [6]uint8
}

// crossings lists the 54 line-box crossings, box by box (rows before
// columns within a box), which is the order pointing scans them. Claiming
// walks byLine instead.
var crossings [54]crossing

// byLine indexes crossings in line order: rows 1-9, then columns 1-9, each
// against its three boxes from left to right or top to bottom.
var byLine [54]uint8

func init() {
	n := 0
	for box := 18; box < 27; box++ {
		for _, line := range lineIndexes(box) {
			x := &crossings[n]
			x.line, x.box = uint8(line), uint8(box)
			var s, l, bx int
			for _, c := range Units[line] {
				if int(CellUnits[c][2]) == box {
					x.seg[s] = c
					s++
				} else {
					x.lineRest[l] = c
					l++
				}
			}
			for _, c := range Units[box] {
				if !inUnit(int(c), line) {
					x.boxRest[bx] = c
					bx++
				}
			}
			n++
		}
	}
	n = 0
	for line := 0; line < 18; line++ {
		for k := range crossings {
			if int(crossings[k].line) == line {
				byLine[n] = uint8(k)
				n++
			}
		}
	}
	initMates()
}

// lineMates and boxMates give, for each crossing, the two other crossings
// of the same line and the two parallel crossings of the same box: their
// segments make up the line's and the box's rest.
var lineMates, boxMates [54][2]uint8

func initMates() {
	for k := range crossings {
		var nl, nb int
		for o := range crossings {
			if o == k {
				continue
			}
			sameLine := crossings[o].line == crossings[k].line
			sameBox := crossings[o].box == crossings[k].box
			parallel := (crossings[o].line < 9) == (crossings[k].line < 9)
			switch {
			case sameLine:
				lineMates[k][nl] = uint8(o)
				nl++
			case sameBox && parallel:
				boxMates[k][nb] = uint8(o)
				nb++
			}
		}
	}
}

// lineIndexes returns the three rows then the three columns through box.
func lineIndexes(box int) [6]int {
	first := Units[box][0]
	r, c := Row(int(first)), Col(int(first))
	return [6]int{r, r + 1, r + 2, 9 + c, 10 + c, 11 + c}
}

func inUnit(cell, u int) bool {
	cu := CellUnits[cell]
	return int(cu[0]) == u || int(cu[1]) == u || int(cu[2]) == u
}

func orCands(b *Board, cells []uint8) uint16 {
	var m uint16
	for _, c := range cells {
		m |= b.Cands[c]
	}
	return m
}

func findPointing(b *Board, s *Step) bool {
	for k := range crossings {
		x := &crossings[k]
		seg := orCands(b, x.seg[:])
		line := orCands(b, x.lineRest[:])
		box := orCands(b, x.boxRest[:])
		if ds := seg &^ box & line; ds != 0 {
			d := FirstDigit(ds)
			eliminateDigit(b, s, x.lineRest[:], d)
			s.Technique = Pointing
			if s.Explain() {
				s.Note = fmt.Sprintf("pointing: in %s the %ds lie in %s, so %d leaves %s",
					houseName(int(x.box)), d, houseName(int(x.line)), d, cellList(s.Eliminations))
			}
			return true
		}
	}
	return false
}

func findClaiming(b *Board, s *Step) bool {
	for _, k := range byLine {
		x := &crossings[k]
		seg := orCands(b, x.seg[:])
		line := orCands(b, x.lineRest[:])
		box := orCands(b, x.boxRest[:])
		if ds := seg &^ line & box; ds != 0 {
			d := FirstDigit(ds)
			eliminateDigit(b, s, x.boxRest[:], d)
			s.Technique = Claiming
			if s.Explain() {
				s.Note = fmt.Sprintf("claiming: in %s the %ds lie in %s, so %d leaves %s",
					houseName(int(x.line)), d, houseName(int(x.box)), d, cellList(s.Eliminations))
			}
			return true
		}
	}
	return false
}

// eliminateDigit adds to s the removal of d from every cell of cells that
// still has it.
func eliminateDigit(b *Board, s *Step, cells []uint8, d uint8) {
	for _, c := range cells {
		if b.Cands[c]&Bit(d) != 0 {
			s.Eliminations = append(s.Eliminations, Elimination{int(c), d})
		}
	}
}
