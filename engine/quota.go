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
