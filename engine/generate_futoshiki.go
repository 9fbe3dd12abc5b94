package engine

// How futoshiki puzzles are made
//
// A futoshiki is a Latin square (latin.go) with greater-than signs
// between some neighbours and few givens, often none. An attempt fills a
// square at random and lays its signs one edge at a time in random order,
// each pointing to the smaller digit of the solution, until the signs
// alone leave the square one solution (the layered solver counts; the
// number of signs laid is found by halving, a count a step). The signs
// laid past the last one needed are then taken out where the square does
// without them (a share by the level: an easy one keeps more), and on the
// larger squares a harder level takes out some needed ones too, so that
// givens carry the rest: the easy rungs (a sign, a chain of signs) read
// a sign further than a given. Then the givens are dug as for every kind
// (generate.go) with those signs: past hard every given the signs make
// needless goes; up to hard, a given goes only while the ladder up to the
// level still solves the square, so an easy futoshiki keeps the givens
// its level asks for. The solver proves the puzzle unique at the end, as
// it does for every kind.

import "math/rand/v2"

// futoshikiDrop is the share of the signs, in quarters, that an attempt
// at each level tries to take out (tough as medium).
var futoshikiDrop = [NumLevels]int{Easy: 2, Medium: 3, Tough: 3, Hard: 4, Expert: 4, Extreme: 4}

// futoshikiKeep is the share of the square's needed signs, in eighths,
// that an attempt at each level keeps: on easy at every side, so that
// givens carry the rest as the books' easy ones do (a 5x5 easy came with
// 3.9 givens and 10 signs of 40 on average, against 0.8 and 20 with
// every needed sign), and at the harder levels on a square of 6x6 or
// more (but a 6x6 medium). Measured: a 9x9 medium comes 110 a second so
// and 46 with every sign, a 5x5 medium 101 with every sign and 56 so.
var futoshikiKeep = [NumLevels]int{Easy: 3, Medium: 6, Tough: 6, Hard: 5, Expert: 4, Extreme: 4}

// latinSquare is the Latin square geometry of q's side and a random
// filled square on it, the start of every kind made on a Latin square.
func (g *Generator) latinSquare(rng *rand.Rand, q Quota) (*Geometry, []uint8, bool) {
	base, err := Lookup(Latin, q.Kind.Side())
	if err != nil || base.N > maxLayerDigits {
		return nil, nil, false
	}
	sol, ok := g.exactFor(base).fill(rng)
	return base, sol, ok
}

// futoshiki makes one futoshiki candidate for q (see the file's comment)
// and reports whether it fits q's level, clue band and symmetry. A miss
// is normal; try again with the same rng.
func (g *Generator) futoshiki(rng *rand.Rand, q Quota) (Puzzle, bool) {
	if q.Level < 0 || q.Level >= NumLevels || q.Symmetry < 0 || q.Symmetry >= NumSymmetries {
		return Puzzle{}, false
	}
	base, sol, ok := g.latinSquare(rng, q)
	if !ok {
		return Puzzle{}, false
	}
	edges := GridEdges(base.N)
	order := rng.Perm(len(edges))
	signs := func(k int) []uint8 { // the first k edges of order, signed
		marks := make([]uint8, len(edges))
		for _, e := range order[:k] {
			marks[e] = 1
			if sol[edges[e].A] > sol[edges[e].B] {
				marks[e] = 2
			}
		}
		return marks
	}
	blank := make([]uint8, base.Cells)
	unique := func(k int) bool {
		geo, err := base.WithEdgeMarks("greater-than", signs(k), false)
		return err == nil && g.layerExactFor(geo, base).count(blank, nil) == 1
	}
	lo, hi := 0, len(edges)
	if !unique(hi) {
		// Every sign leaves the square open (most 9x9s): givens must
		// help, and a sign on every edge would crowd the page, so a
		// share of them goes at random (more for an easy one, which
		// its givens carry).
		keep := 5
		if q.Level == Easy {
			keep = futoshikiKeep[Easy]
		}
		return g.futoshikiDug(rng, q, base, sol, sparseSigns(rng, signs(hi), keep))
	}
	for lo < hi {
		mid := (lo + hi) / 2
		if unique(mid) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	marks := signs(hi)
	// The signs laid past the last one needed are seldom few: take
	// out those the square does without, in random order, a share of
	// them by the level (an easy one keeps more signs, and fewer
	// givens for it).
	tries := hi * futoshikiDrop[q.Level] / 4
	for _, e := range order[:hi] {
		if tries == 0 {
			break
		}
		if rng.IntN(hi) >= hi*futoshikiDrop[q.Level]/4 {
			continue
		}
		tries--
		m := marks[e]
		marks[e] = 0
		geo, err := base.WithEdgeMarks("greater-than", marks, false)
		if err != nil || g.layerExactFor(geo, base).count(blank, nil) != 1 {
			marks[e] = m
		}
	}
	if keep := futoshikiKeep[q.Level]; keep < 8 && (q.Level == Easy || base.N >= 6 && (base.N >= 7 || q.Level >= Hard)) {
		// Fewer signs than the square needs, and givens dug for the rest:
		// a given says less to the easy rungs than a sign does.
		for _, e := range order[:hi] {
			if marks[e] != 0 && rng.IntN(8) >= keep {
				marks[e] = 0
			}
		}
	}
	return g.futoshikiDug(rng, q, base, sol, marks)
}

// sparseSigns keeps in marks, in place, a random share of its signs
// (keep in eight), and returns it.
func sparseSigns(rng *rand.Rand, marks []uint8, keep int) []uint8 {
	for e := range marks {
		if rng.IntN(8) >= keep {
			marks[e] = 0
		}
	}
	return marks
}

// futoshikiDug digs the givens of solution sol under the signs marks
// for q, and reports whether the puzzle fits q.
func (g *Generator) futoshikiDug(rng *rand.Rand, q Quota, base *Geometry, sol, marks []uint8) (Puzzle, bool) {
	geo, err := base.WithEdgeMarks("greater-than", marks, false)
	if err != nil {
		return Puzzle{}, false
	}
	p, ok := g.digFrom(rng, q, geo, g.layerExactFor(geo, base), sol)
	return p, ok && p.Grading.Level == q.Level && CountClues(p.Givens) >= q.MinClues && (q.MaxClues == 0 || CountClues(p.Givens) <= q.MaxClues) && geo.holds(q.Symmetry, p.Givens)
}
