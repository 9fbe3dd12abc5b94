package engine

// The line form of a killer puzzle is three parts joined by slashes: the
// givens (see Geometry.Parse), the cage map, and the sums.
//
//	givens    .................................................................................
//	cage map  aabbbcdde ...   one letter per cell; a cage is a run of cells
//	                          joined side to side that share a letter, and
//	                          cages that touch have different letters
//	sums      3,15,22,...     one per cage, cages in the reading order of
//	                          their first cell
//
// A 4x4 killer:
//
//	................/abaaababbccbbbaa/6,4,8,6,8,5,3
//
// The same cells take any letters (a-z, A-Z), so a map drawn by hand needs
// only four or five; FormatLine writes the first letters a greedy
// colouring of the cages gives.

import (
	"fmt"
	"strconv"
	"strings"
)

// cageLetters are the symbols of a cage map.
const cageLetters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

// parseCages reads a cage map and its sums on an n x n grid.
func parseCages(n int, mapText, sumText string) ([]Cage, error) {
	cages, err := parseCageMap(n, mapText)
	if err != nil {
		return nil, err
	}
	sums := strings.Split(strings.TrimSpace(sumText), ",")
	if len(sums) != len(cages) {
		return nil, &ParseError{Msg: fmt.Sprintf("the cage map has %d cages but %d sums are given", len(cages), len(sums))}
	}
	for k, t := range sums {
		v, err := strconv.Atoi(strings.TrimSpace(t))
		if err != nil || v < 1 || v > 45 {
			return nil, &ParseError{Msg: fmt.Sprintf("sum %d: %q is not a number from 1 to 45", k+1, t)}
		}
		cages[k].Sum = v
	}
	return cages, nil
}

// parseCageMap reads a cage map on an n x n grid: its cages, numbered by
// their first cell in reading order, without their sums.
func parseCageMap(n int, mapText string) ([]Cage, error) {
	mapText = strings.TrimSpace(mapText)
	if len(mapText) != n*n {
		return nil, &ParseError{Msg: fmt.Sprintf("cage map: want %d letters for %dx%d, got %d", n*n, n, n, len([]rune(mapText)))}
	}
	for k, r := range mapText {
		if !strings.ContainsRune(cageLetters, r) {
			return nil, &ParseError{Pos: k + 1, Char: r, Msg: fmt.Sprintf("cage map: unexpected %q (want a letter a-z or A-Z)", r)}
		}
	}
	cage := make([]int, n*n)
	for i := range cage {
		cage[i] = -1
	}
	var cages []Cage
	for i := range cage {
		if cage[i] >= 0 {
			continue
		}
		ci := len(cages)
		cells := []int{i}
		cage[i] = ci
		for k := 0; k < len(cells); k++ {
			for _, o := range orthogonal(n, cells[k]) {
				if o >= 0 && cage[o] < 0 && mapText[o] == mapText[i] {
					cage[o] = ci
					cells = append(cells, o)
				}
			}
		}
		cages = append(cages, Cage{Cells: cells})
	}
	return cages, nil
}

// cageMapString writes a cage map of an n x n grid whose cell i lies in
// cage cageOf[i] (cages numbered by first cell): the first letters a
// greedy colouring of the cages gives.
func cageMapString(n int, cageOf []int16, cages int) string {
	letter := make([]int, cages)
	for ci := range cages {
		var used uint64
		for x, c := range cageOf {
			if int(c) != ci {
				continue
			}
			for _, o := range orthogonal(n, x) {
				if o >= 0 && int(cageOf[o]) < ci {
					used |= 1 << letter[cageOf[o]]
				}
			}
		}
		for used&(1<<letter[ci]) != 0 {
			letter[ci]++
		}
	}
	b := make([]byte, len(cageOf))
	for i, c := range cageOf {
		b[i] = cageLetters[letter[c]]
	}
	return string(b)
}

// CageString writes the cage map and the sums of g's cages, the second and
// third parts of the line form, joined by a slash.
func (g *Geometry) CageString() string {
	sums := make([]string, len(g.Cages))
	for ci, c := range g.Cages {
		sums[ci] = strconv.Itoa(c.Sum)
	}
	return cageMapString(g.N, g.cageOf, len(g.Cages)) + "/" + strings.Join(sums, ",")
}

// parseKillerLine reads the three parts of a killer line on variant v.
func parseKillerLine(v Variant, size int, parts []string) (*Geometry, []uint8, error) {
	if v != Classic && v != X {
		return nil, nil, &ParseError{Msg: fmt.Sprintf("killer is made on classic and x grids, not %s", v)}
	}
	n := size
	if n == 0 {
		n = sideOf(len([]rune(strings.TrimSpace(parts[0]))))
	}
	if n == 0 || n > MaxCageDigits {
		return nil, nil, &ParseError{Msg: fmt.Sprintf("killer: %d cells: want 16, 36, 64 or 81 (4x4 to 9x9)", len([]rune(strings.TrimSpace(parts[0]))))}
	}
	base, err := Lookup(v, n)
	if err != nil {
		return nil, nil, err
	}
	cells, err := base.Parse(parts[0])
	if err != nil {
		return nil, nil, err
	}
	cages, err := parseCages(n, parts[1], parts[2])
	if err != nil {
		return nil, nil, err
	}
	geo, err := base.WithCages(cages)
	if err != nil {
		return nil, nil, err
	}
	return geo, cells, nil
}
