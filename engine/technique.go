package engine

import (
	"fmt"
	"strings"
)

// Technique is one rung of the grading ladder. Techniques are declared
// cheapest first; the grader always tries them in this order and goes back
// to the first after any progress, so the hardest technique a solve used is
// the hardest the puzzle needs on that path.
type Technique int

const (
	FullHouse Technique = iota
	HiddenSingle
	NakedSingle
	CageCombination // killer: a cage's sum and size allow only some digit sets
	RunCombination  // kakuro: a run's clue and length allow only some digit sets
	Rule45          // killer: innies and outies of one house
	KropkiDot       // kropki: a dot leaves each cell the digits with a partner in the other
	XVPair          // xv: a letter leaves each cell the digits with a partner in the other
	ConsecutivePair // consecutive: a bar leaves each cell the digits with a partner in the other
	InequalitySign  // greater-than: a sign bounds each cell by the other
	InequalityChain // greater-than: a chain of signs in a box bounds a cell by the cells under or over it
	ThermoBounds    // thermo: a thermometer rises past its placed digits
	ArrowBounds     // arrow: a shaft adds up to its circle's digit
	Pointing        // locked candidates type 1
	Claiming        // locked candidates type 2
	CagePointing    // killer: a digit every set of a cage needs lies in one house
	RunPermutation  // kakuro: a digit no way of placing a run's sets puts in a cell
	ParitySet       // even-odd: a house's even (odd) digits left fill as many cells
	Rule45Houses    // killer: innies and outies of two or three adjacent houses
	CageSplit       // killer: an area less an area it holds
	NoMark          // edge marks, all given: an edge without a mark keeps the cells off the marks' pairs
	PairSet         // edge marks: a digit every pair an edge allows holds leaves the cells seeing both
	// thermo: a thermometer rises past its cells' candidates
	ThermoCandidates
	// arrow: the totals a shaft's candidates make, against the circle's
	ArrowSums
	NakedPair
	HiddenPair
	NakedTriple
	HiddenTriple
	XWing
	Swordfish
	RunContradiction // kakuro: a digit that leaves a run nearby no way
	MinMaxSum        // killer: cells with a known total bound each other
	MarkChain        // edge marks: three cells in a line joined by two marks take only some triples
	// kakuro: a digit that leaves a run two crossings away no way
	RunContradictionWide
	NakedQuad
	HiddenQuad
	Skyscraper
	TwoStringKite
	EmptyRectangle
	XYWing
	XYZWing
	WWing
	Jellyfish
	SimpleColouring
	UniqueRectangle1
	UniqueRectangle2
	UniqueRectangle3
	UniqueRectangle4
	UniqueRectangle5
	UniqueRectangle6
	HiddenRectangle
	BUGPlus1
	WXYZWing
	SueDeCoq // two houses' crossing locked with cells of each
	FinnedXWing
	FinnedSwordfish
	FinnedJellyfish
	XChain
	AlignedPairExclusion
	XYChain
	Medusa3D     // colouring across digits
	ALSXZ        // two almost locked sets joined by a restricted common
	ALSXYWing    // three almost locked sets, the middle one a pivot
	DeathBlossom // a stem cell and an almost locked set for each of its digits
	AIC          // alternating inference chains: nice loops, X-cycles and mixtures
	ALSChain     // four or more almost locked sets joined by restricted commons
	GroupedAIC   // alternating inference chains through groups of cells
	ForcingChain // dynamic forcing chains: contradiction, cell and unit forcing
	Bifurcation  // last resort: trial and error with the exact solver
	NumTechniques
)

// techniqueInfo is one row of the ladder table.
type techniqueInfo struct {
	name   string
	weight int    // score added each time the technique makes progress
	level  Level  // the lowest level whose solver may use it
	se     Rating // base rating on the SE scale (see Rating)
	// lengthBias shifts a chain's Length before SE's length charge, so
	// that a technique counting links differently from SE is charged as
	// SE charges it.
	lengthBias int8
}

// ladder is the one table of names, weights, levels and SE ratings;
// docs/levels.md copies it, and TestDocLadderTable holds the copy to it. The SE column is SE 1.2.1's own figure where SE has the
// technique; the others (and the length biases) were fitted to the first
// half of the shared SE-rated sets, see rating_test.go.
var ladder = [NumTechniques]techniqueInfo{
	FullHouse:            {"full house", 4, Easy, 10, 0},
	HiddenSingle:         {"hidden single", 6, Easy, 12, 0},
	NakedSingle:          {"naked single", 8, Easy, 23, 0},
	CageCombination:      {"cage combination", 8, Easy, 20, 0},
	RunCombination:       {"run combination", 8, Easy, 20, 0},
	Rule45:               {"rule of 45", 8, Easy, 22, 0},
	KropkiDot:            {"kropki dot", 8, Easy, 20, 0},
	XVPair:               {"xv pair", 8, Easy, 20, 0},
	ConsecutivePair:      {"consecutive pair", 8, Easy, 20, 0},
	InequalitySign:       {"inequality sign", 8, Easy, 20, 0},
	InequalityChain:      {"inequality chain", 12, Easy, 22, 0},
	ThermoBounds:         {"thermo bounds", 8, Easy, 20, 0},
	ArrowBounds:          {"arrow bounds", 8, Easy, 20, 0},
	Pointing:             {"pointing", 30, Medium, 26, 0},
	Claiming:             {"claiming", 30, Medium, 28, 0},
	CagePointing:         {"cage pointing", 30, Medium, 28, 0},
	RunPermutation:       {"combination elimination", 30, Medium, 28, 0},
	ParitySet:            {"parity set", 35, Medium, 28, 0},
	Rule45Houses:         {"rule of 45 on several houses", 35, Medium, 30, 0},
	CageSplit:            {"cage splitting", 35, Medium, 30, 0},
	NoMark:               {"no mark", 30, Medium, 26, 0},
	PairSet:              {"pair set", 35, Medium, 30, 0},
	ThermoCandidates:     {"thermo candidates", 30, Medium, 28, 0},
	ArrowSums:            {"arrow sums", 35, Medium, 30, 0},
	NakedPair:            {"naked pair", 40, Medium, 30, 0},
	HiddenPair:           {"hidden pair", 50, Tough, 34, 0},
	NakedTriple:          {"naked triple", 60, Tough, 36, 0},
	HiddenTriple:         {"hidden triple", 70, Tough, 40, 0},
	MinMaxSum:            {"min/max sums", 90, Hard, 40, 0},
	RunContradiction:     {"run contradiction", 70, Tough, 38, 0},
	RunContradictionWide: {"wide run contradiction", 110, Hard, 46, 0},
	MarkChain:            {"mark chain", 90, Hard, 42, 0},
	NakedQuad:            {"naked quad", 100, Hard, 50, 0},
	HiddenQuad:           {"hidden quad", 120, Hard, 54, 0},
	XWing:                {"x-wing", 100, Tough, 32, 0},
	Skyscraper:           {"skyscraper", 110, Hard, 66, 0},
	TwoStringKite:        {"2-string kite", 110, Hard, 66, 0},
	EmptyRectangle:       {"empty rectangle", 120, Hard, 48, 0},
	XYWing:               {"xy-wing", 130, Hard, 42, 0},
	XYZWing:              {"xyz-wing", 150, Hard, 44, 0},
	WWing:                {"w-wing", 150, Hard, 64, 0},
	Swordfish:            {"swordfish", 160, Tough, 38, 0},
	Jellyfish:            {"jellyfish", 200, Hard, 52, 0},
	SimpleColouring:      {"simple colouring", 180, Hard, 57, 0},
	UniqueRectangle1:     {"unique rectangle type 1", 120, Hard, 45, 0},
	UniqueRectangle2:     {"unique rectangle type 2", 130, Hard, 46, 0},
	UniqueRectangle3:     {"unique rectangle type 3", 140, Hard, 46, 0},
	UniqueRectangle4:     {"unique rectangle type 4", 130, Hard, 46, 0},
	UniqueRectangle5:     {"unique rectangle type 5", 140, Hard, 47, 0},
	UniqueRectangle6:     {"unique rectangle type 6", 140, Hard, 56, 0},
	HiddenRectangle:      {"hidden rectangle", 150, Hard, 61, 0},
	BUGPlus1:             {"bug+1", 140, Hard, 56, 0},
	WXYZWing:             {"wxyz-wing", 200, Expert, 56, 0},
	SueDeCoq:             {"sue de coq", 220, Expert, 58, 0},
	FinnedXWing:          {"finned x-wing", 250, Expert, 60, 0},
	FinnedSwordfish:      {"finned swordfish", 300, Expert, 61, 0},
	FinnedJellyfish:      {"finned jellyfish", 350, Expert, 63, 0},
	XChain:               {"x-chain", 300, Expert, 55, -5},
	AlignedPairExclusion: {"aligned pair exclusion", 310, Expert, 62, 0},
	Medusa3D:             {"3d medusa", 330, Expert, 70, 0},
	XYChain:              {"xy-chain", 320, Expert, 69, -2},
	ALSXZ:                {"als-xz", 350, Extreme, 69, 0},
	ALSXYWing:            {"als-xy-wing", 380, Extreme, 70, 0},
	DeathBlossom:         {"death blossom", 420, Extreme, 76, 0},
	AIC:                  {"alternating inference chain", 400, Extreme, aicPureBase, -2},
	ALSChain:             {"als chain", 420, Extreme, 74, 0},
	GroupedAIC:           {"grouped alternating inference chain", 450, Extreme, groupedBase, 0},
	ForcingChain:         {"forcing chain", 600, Extreme, 78, 4},
	Bifurcation:          {"bifurcation", 1000, Extreme, 90, 0},
}

func (t Technique) String() string {
	if t >= 0 && t < NumTechniques {
		return ladder[t].name
	}
	return fmt.Sprintf("Technique(%d)", int(t))
}

// Weight is the score a technique adds each time it makes progress.
func (t Technique) Weight() int { return ladder[t].weight }

// SE is the technique's base rating on the SE scale; a step may add to it
// (see Rating).
func (t Technique) SE() Rating { return ladder[t].se }

// Level is the lowest level whose solver may use the technique.
func (t Technique) Level() Level { return ladder[t].level }

// Guesses reports whether the technique is trial and error: it tries a
// candidate and follows the consequences instead of deducing. A puzzle
// whose Hardest technique guesses cannot be promised to yield to logic
// alone; a book's how-to-play text keys its promise on this, so a new
// level or rung changes the promise only through this one predicate.
//
// A forcing chain counts: it supposes a digit and follows the singles it
// forces to a contradiction or to a common outcome, which on paper is
// writing in a trial digit and rubbing it out again, the very thing a
// reader promised "no guessing" does not expect to do.
func (t Technique) Guesses() bool { return t == Bifurcation || t == ForcingChain }

// ParseTechnique accepts a technique's name in any case.
func ParseTechnique(s string) (Technique, error) {
	for t := Technique(0); t < NumTechniques; t++ {
		if strings.EqualFold(strings.TrimSpace(s), ladder[t].name) {
			return t, nil
		}
	}
	return 0, fmt.Errorf("unknown technique %q", s)
}

func (t Technique) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

func (t *Technique) UnmarshalText(b []byte) error {
	v, err := ParseTechnique(string(b))
	if err != nil {
		return err
	}
	*t = v
	return nil
}
