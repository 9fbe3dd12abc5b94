package main

import (
	"fmt"
	"math"
	"strconv"

	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/internal/pdftest"
)

// A killer puzzle on a book page prints, after its label, each cage's
// sum (in the order of the cages, numbered by their first cell) and then
// its givens; its lines are the grid's cell and box lines plus the cages'
// dots, inset from the cell lines, and a knockout under each sum (white,
// or the grey of a shaded cell).

// isCageSum reports whether s could be a killer cage's sum.
func isCageSum(s string) bool {
	n, err := strconv.Atoi(s)
	return err == nil && n >= 1 && n <= 45 && s[0] != '0'
}

// matchKiller reads a killer grid's printed items, the cage sums first
// and then the givens, against the manifest: every sum the cage's, in the
// cage's top-left cell, at 7pt or more; each given the manifest's, in
// its cell. It returns the grid's lattice, read from the sums.
func matchKiller(items []pdftest.TextItem, geo *engine.Geometry, givens []uint8) (lattice, error) {
	nc := len(geo.Cages)
	if len(items) < nc {
		return lattice{}, fmt.Errorf("%d items printed, want %d cage sums first", len(items), nc)
	}
	sums, digits := items[:nc], items[nc:]
	firsts := make([]int, nc)
	for k, c := range geo.Cages {
		firsts[k] = c.Cells[0]
		if got, want := sums[k].Text, strconv.Itoa(c.Sum); got != want {
			return lattice{}, fmt.Errorf("cage %d at %s: sum %q printed, want %s", k, geo.CellName(c.Cells[0]), got, want)
		}
		if sums[k].Size < 7 {
			return lattice{}, fmt.Errorf("cage %d at %s: sum at %.1fpt, want 7pt or more", k, geo.CellName(c.Cells[0]), sums[k].Size)
		}
	}
	// The sums sit at one offset from their cells' corners: they lie on
	// a lattice of their own.
	a, px, ex := fitLine(sums, firsts, func(it pdftest.TextItem) float64 { return it.X }, geo.Col)
	b, py, ey := fitLine(sums, firsts, func(it pdftest.TextItem) float64 { return it.Y }, geo.Row)
	if px < 5 || math.Abs(px+py) > 0.02*px || ex > 0.5 || ey > 0.5 {
		return lattice{}, fmt.Errorf("cage sums off a square lattice (pitch %.2f across, %.2f down, off by %.2f, %.2f)", px, -py, ex, ey)
	}
	lat := lattice{x0: a - sumInsetX(px) + px/2, y0: b + sumInsetY(px, sums[0].Size) - px/2, pitch: px}
	// The few givens a killer has sit in the middles of their cells (a
	// digit is set from the left of its ink, half its advance left of
	// the middle; its baseline half its height below).
	if len(digits) != engine.CountClues(givens) {
		return lattice{}, fmt.Errorf("%d givens printed, want %d", len(digits), engine.CountClues(givens))
	}
	for _, it := range digits {
		r, c, near := lat.cellAt(it.X+0.278*it.Size, it.Y+0.36*it.Size)
		i, ok := geo.InPlay(r, c)
		if !near || !ok || givens[i] == 0 || it.Text != strconv.Itoa(int(givens[i])) {
			return lattice{}, fmt.Errorf("given %q at (%.1f, %.1f) is not a given of the manifest in its cell", it.Text, it.X, it.Y)
		}
	}
	// Each sum starts in the top-left corner of its cage's first cell.
	for k, it := range sums {
		r, c := geo.Row(firsts[k]), geo.Col(firsts[k])
		left, top := lat.x0-lat.pitch/2+float64(c)*lat.pitch, lat.y0+lat.pitch/2-float64(r)*lat.pitch
		if dx, dy := it.X-left, top-it.Y; dx < 0 || dx > 0.25*lat.pitch || dy < 0 || dy > 0.45*lat.pitch {
			return lattice{}, fmt.Errorf("cage %d: sum %s at (%.1f, %.1f) is not in the top-left corner of %s", k, it.Text, it.X, it.Y, geo.CellName(firsts[k]))
		}
	}
	return lat, nil
}

// sumInsetX and sumInsetY estimate where a sum sits from its cell's
// corner (half a heavy line and a little white; the baseline a digit's
// height lower): only to find the lattice of a grid without givens,
// within the quarter cell the checks allow.
func sumInsetX(pitch float64) float64 { return 1 + math.Max(0.02*pitch, 0.5) }

func sumInsetY(pitch, size float64) float64 {
	return 1 + 2*math.Max(0.02*pitch, 0.5) + 0.72*size
}

// cageMarks splits a killer grid's marks: the cage dots (discs off the
// cell lines, which must lie at the inset from them) and the white
// knockouts go; the rest is for checkMarks. It reports an error for a
// line off the cell lines, a dot off the inset, and too few dots.
func cageMarks(segs []pdftest.Segment, fills []pdftest.Fill, dots []pdftest.Disc, geo *engine.Geometry, lat lattice) ([]pdftest.Segment, []pdftest.Fill, error) {
	left, top := lat.x0-lat.pitch/2, lat.y0+lat.pitch/2
	w := float64(geo.Width) * lat.pitch
	off := func(v, origin float64) float64 {
		k := (v - origin) / lat.pitch
		return math.Abs(k-math.Round(k)) * lat.pitch
	}
	in := func(x, y float64) bool {
		s := lat.pitch / 4
		return x > left-s && x < left+w+s && y < top+s && y > top-w-s
	}
	var keep []pdftest.Segment
	nDots := 0
	for _, sg := range segs {
		if !in(sg.X1, sg.Y1) || !in(sg.X2, sg.Y2) {
			keep = append(keep, sg)
			continue
		}
		var d float64
		switch {
		case sg.Y1 == sg.Y2:
			d = off(top-sg.Y1, 0)
		case sg.X1 == sg.X2:
			d = off(sg.X1, left)
		}
		if d < 0.05*lat.pitch {
			keep = append(keep, sg)
			continue
		}
		return nil, nil, fmt.Errorf("a mark (%.1f,%.1f)-(%.1f,%.1f) %.2f off the cell lines is no cell line; cages are dotted", sg.X1, sg.Y1, sg.X2, sg.Y2, d)
	}
	for _, dt := range dots {
		if !in(dt.X, dt.Y) {
			continue
		}
		dx, dy := off(dt.X, left), off(top-dt.Y, 0)
		atInset := func(d float64) bool { return math.Abs(d-0.12*lat.pitch) <= 0.03*lat.pitch }
		if !atInset(dx) && !atInset(dy) {
			return nil, nil, fmt.Errorf("a cage dot at (%.1f,%.1f) lies off the inset from the cell lines", dt.X, dt.Y)
		}
		nDots++
	}
	if nDots < len(geo.Cages)*4 {
		return nil, nil, fmt.Errorf("%d cage dots for %d cages", nDots, len(geo.Cages))
	}
	var rest []pdftest.Fill
	knockouts := 0
	for _, f := range fills {
		if in(f.X, f.Y) && f.W < lat.pitch/2 {
			knockouts++
			continue
		}
		rest = append(rest, f)
	}
	if knockouts != len(geo.Cages) {
		return nil, nil, fmt.Errorf("%d knockouts for %d cage sums", knockouts, len(geo.Cages))
	}
	return keep, rest, nil
}
