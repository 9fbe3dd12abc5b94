package engine

import "sync"

// bandRung is a rung of rated's solve: a finder and its SE figure.
type bandRung struct {
	t      Technique
	find   finder
	se     Rating
	direct bool
}

// bandRungs are the rungs of SE's path rated up to 4.1, in the ladder's
// order (singles first, so that most steps cost little), then SE's direct
// rungs. Finders register in init, so the table is made on first use.
var bandRungs = sync.OnceValue(func() []bandRung {
	var rs []bandRung
	for _, t := range ladderOrder {
		if seHas[t] && finders[t] != nil && !t.leansOnUniqueness() && ladder[t].se <= bandTop {
			rs = append(rs, bandRung{t: t, find: finders[t], se: ladder[t].se})
		}
	}
	for _, u := range seRungs {
		if u.direct != nil {
			rs = append(rs, bandRung{t: u.t, find: u.direct, se: u.se, direct: true})
		}
	}
	return rs
})

// bandTop is the highest top rated answers for, the top of tough's band:
// above it SE's path takes chains, whose figures depend on their length.
const bandTop Rating = 41

// rated reports whether p's rating on geo is top or below, for top from
// 2.5 (easy's band) to 4.1 (tough's): whether SE's path, with only its
// rungs rated up to top, fills p in.
//
// SE's path takes the lowest rated step it finds at every turn, but which
// steps it takes does not matter for whether it gets through: every rung
// up to 4.1 only places digits its pattern forces or removes candidates
// its pattern rules out, and what one rung finds the others still find
// after it (or have no need to), so any order reaches the same end. So
// the solve goes in the ladder's order, cheapest first, and tries SE's
// direct rungs last, and only those whose own technique is above top
// (a direct pointing is a pointing). No rung up to 4.1 leans on
// uniqueness, so a full solve also proves that p has one solution.
func (g *Grader) rated(geo *Geometry, p []uint8, top Rating) bool {
	g.board.reset(geo, p)
	g.step.explain = false
	rungs := bandRungs()
	return g.solveBy(func() bool {
		b, s := &g.board, &g.step
		for i := range rungs {
			r := &rungs[i]
			if r.se > top || r.direct && ladder[r.t].se <= top {
				continue
			}
			startStep(s, r.t)
			if r.find(b, s) {
				return true
			}
		}
		return false
	})
}
