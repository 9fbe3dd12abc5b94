package engine

// RatingCeiling is a rating no puzzle of kind k at level l can pass, so
// a rating band above it asks for puzzles that do not exist. It is
// derived from the ladder, as FeasibleScores is, so it stays true when
// figures change; it is safe, not tight.
//
// A puzzle's rating is that of its hardest step, and a step's is its
// technique's SE figure plus what the finder adds for the shape it found
// (stepExtra) plus, for the techniques that measure a length, SE's charge
// for it. No chain or trial is longer than the grid has candidates
// (cells times side), and bifurcation's length is the number of cells.
// Off classic 9x9 the rating is the ladder's path, whose steps are of the
// level or below; on classic 9x9 it is SE's path, which may take a
// technique of any level, so every rung counts there.
func RatingCeiling(k Kind, l Level) Rating {
	cells, side := k.cells(), k.Side()
	sePath := k.Variant == Classic && side == 9
	var top Rating
	for t := Technique(0); t < NumTechniques; t++ {
		if !sePath && t.Level() > l {
			continue
		}
		top = max(top, stepCeiling(t, cells, side))
	}
	return top
}

// stepCeiling bounds the rating of one step of t on a grid of cells
// cells and side side.
func stepCeiling(t Technique, cells, side int) Rating {
	r := ladder[t].se + stepExtra(t, side)
	switch {
	case t == Bifurcation:
		r += lengthRating(cells + int(ladder[t].lengthBias))
	case lengthRated[t]:
		r += lengthRating(cells*side + int(ladder[t].lengthBias))
	}
	return r
}

// lengthRated are the techniques whose steps carry a Length.
var lengthRated = map[Technique]bool{
	XChain: true, XYChain: true, ALSXZ: true, ALSXYWing: true, DeathBlossom: true,
	AIC: true, ALSChain: true, GroupedAIC: true, ForcingChain: true, Bifurcation: true,
}

// stepExtra bounds what t's finder adds to its base figure: a tenth a
// cell of a unique rectangle's subset past one, the mixed chain's
// figure, the forcing chain's for locked candidates, a hidden single's in
// a line.
func stepExtra(t Technique, side int) Rating {
	switch t {
	case HiddenSingle:
		return 3 // in a row or column
	case UniqueRectangle3:
		return Rating(side)
	case AIC:
		return aicMixBase - aicPureBase
	case ForcingChain:
		return forcingLocked
	}
	return 0
}
