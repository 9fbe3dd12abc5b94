package engine

import (
	"fmt"
	"slices"
)

// SE's path. SE rates a puzzle by the hardest step of its own path, on
// which every step is the lowest rated one it can find. The ladder's order
// is by level and weight, not by SE rating: a skyscraper (6.6) comes before
// an xy-wing (4.2), a hidden triple (4.0) before an x-wing (3.2), and the
// ladder has rungs SE 1.2.1 lacks (see seHas). Where the
// ladder takes a step that a technique rated lower would have beaten, SE's
// path goes another way and may never need anything that hard.
//
// So the rating of a classic 9x9 puzzle is taken on a path of its own:
// from the first step where the two orders may part, the grader solves on,
// trying SE's techniques in order of their SE rating (the ladder's order
// among equals), and the puzzle's rating is the hardest step of the two
// parts. Level, Hardest, Score and Steps stay the ladder's: a level promises
// which techniques a reader needs, which SE's order would blur (an x-wing,
// rated 3.2, would come before a hidden pair, 3.4, and make a medium puzzle
// hard). On the fitting part of the standard-scale sets, this path with
// SE's techniques only took the mean absolute difference from 0.53 to 0.11.
//
// Other kinds keep the ladder's path for the rating: SE rates classic only,
// and their rating is the ladder's own scale.

// ladderOrder is every technique in the ladder's order.
var ladderOrder = func() (o [NumTechniques]Technique) {
	for t := range NumTechniques {
		o[t] = t
	}
	return o
}()

// seHas is the set of techniques Sudoku Explainer 1.2.1 has a rule for, or
// whose every step one of its rules makes at the same rating. SE's other
// eliminations come from its chains: a skyscraper, a kite, a w-wing, a
// colouring, a finned fish or an x-chain is for SE a forcing chain or a
// cycle (6.5 and up, and more for length), an als or a sue de coq a mixed
// chain (7.0 and up). So SE's path leaves the other rungs out, and the
// alternating inference chains (SE's "forcing chains and cycles"), the
// forcing chains (its multiple and dynamic chains) and bifurcation find
// what they found, at SE's figures. The skyscraper and the 2-string kite
// stay: each is a forcing x-chain of four links, SE's cheapest (6.6), so
// their finders, much cheaper than the chains', take those steps at SE's
// figure and order.
var seHas = func() (has [NumTechniques]bool) {
	for _, t := range []Technique{
		FullHouse, HiddenSingle, NakedSingle, Pointing, Claiming,
		NakedPair, HiddenPair, NakedTriple, HiddenTriple, NakedQuad, HiddenQuad,
		XWing, Swordfish, Jellyfish, XYWing, XYZWing, Skyscraper, TwoStringKite,
		UniqueRectangle1, UniqueRectangle2, UniqueRectangle3, UniqueRectangle4, BUGPlus1,
		AlignedPairExclusion, AIC, ForcingChain, Bifurcation,
	} {
		has[t] = true
	}
	return has
}()

// seOrder is SE 1.2.1's techniques by base rating, the ladder's order among
// equals; bifurcation, the last resort, stays last whatever its figure.
var seOrder = bySE()

func bySE() []Technique {
	var o []Technique
	for _, t := range ladderOrder {
		if seHas[t] {
			o = append(o, t)
		}
	}
	slices.SortStableFunc(o[:len(o)-1], func(a, b Technique) int { return int(ladder[a].se) - int(ladder[b].se) })
	return o
}

// seMayPart tells, for each technique, whether a ladder step of it may be
// one SE's path would not take: SE lacks it, a technique after it in the
// ladder comes before it in seOrder, or a direct rung rated below it might
// take a single first (see rating_direct.go).
var seMayPart = mayPart()

func mayPart() (part [NumTechniques]bool) {
	rank := [NumTechniques]int{}
	for i, t := range seOrder {
		rank[t] = i
	}
	for t := range NumTechniques {
		if !seHas[t] || ladder[t].se > seDirectLow {
			part[t] = true
			continue
		}
		for u := t + 1; u < NumTechniques; u++ {
			if seHas[u] && rank[u] < rank[t] {
				part[t] = true
			}
		}
	}
	return part
}

// sePath solves on from g.seBoard by seRungs, SE's techniques in SE's
// order with its direct rungs, and returns the rating of its hardest step.
func (g *Grader) sePath() (Rating, error) { return g.sePathTo(0) }

// sePathTo is sePath that stops once the rating is known to reach floor
// (no floor when 0), returning floor or more: at the first step rated
// floor or above, or at a step no rung based below floor finds. seRungs
// go by base rating (bifurcation, the dearest, last) and no step rates
// below its technique's base, so the step SE's path would take there
// rates floor or more, and the path up to it is the same. Whether a
// puzzle reaches a band's floor is all the generator asks of most
// minimal puzzles, and the rungs past the floor (the forcing chains,
// bifurcation) and the rest of a hard path are the dear part.
func (g *Grader) sePathTo(floor Rating) (Rating, error) {
	b, s := &g.board, &g.step
	*b = g.seBoard
	s.explain = false
	geo := b.geo()
	empty := 0
	for _, v := range b.Cells[:geo.Cells] {
		if v == 0 {
			empty++
		}
	}
	var top Rating
	for empty > 0 {
		r, ok := g.seStep(floor)
		if ok && floor > 0 && r >= floor {
			return r, nil
		}
		if !ok {
			return 0, fmt.Errorf("on SE's path at %s: %w", geo.Format(b.Cells[:geo.Cells]), ErrStuck)
		}
		placed, progress := g.applyStep()
		empty -= placed
		if !progress {
			return 0, fmt.Errorf("%s step changes nothing on SE's path: %w", s.Technique, ErrStuck)
		}
		if r > top {
			top, g.top = r, s.Technique
		}
	}
	if top <= g.seRating {
		g.top = g.seTop
	}
	return top, nil
}

// seStep finds the first step of seRungs on g.board, leaves it in g.step
// and returns its rating. With a floor (above 0) it stops at the first
// rung based at floor or above and returns floor without a step.
func (g *Grader) seStep(floor Rating) (Rating, bool) {
	b, s := &g.board, &g.step
	for i := range seRungs {
		u := &seRungs[i]
		if floor > 0 && u.base() >= floor {
			return floor, true
		}
		startStep(s, u.t)
		if u.direct != nil {
			if u.direct(b, s) {
				return u.se, true
			}
			continue
		}
		if f := finders[u.t]; f != nil && f(b, s) {
			return s.rating(), true
		}
	}
	return 0, false
}

// base is the least a step of u rates.
func (u *seRung) base() Rating {
	if u.direct != nil {
		return u.se
	}
	return ladder[u.t].se
}
