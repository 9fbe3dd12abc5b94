package engine

// Quota asks for Count unique puzzles of one Level, within optional clue and
// score bands (a zero Max means no upper bound), with Symmetry kept by the
// givens.
type Quota struct {
	Level    Level
	Count    int
	MinClues int
	MaxClues int
	MinScore int
	MaxScore int
	Symmetry Symmetry
}

// Puzzle is a generated, uniquely solvable puzzle with its grading.
type Puzzle struct {
	Grid     Grid
	Solution Grid
	Grading  Grading
}

// feasibleClues is, per level, the band of clue counts the generator can
// reach in reasonable time. A quota whose clue band misses it is refused
// before any work starts.
var feasibleClues = [NumLevels][2]int{
	Easy:    {26, 80},
	Medium:  {22, 45},
	Hard:    {20, 36},
	Expert:  {19, 34},
	Extreme: {17, 32},
}

// FeasibleClues returns the lowest and highest clue counts at which puzzles
// of level l can be generated in reasonable time.
func FeasibleClues(l Level) (min, max int) {
	return feasibleClues[l][0], feasibleClues[l][1]
}
