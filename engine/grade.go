package engine

// Placement puts Digit in Cell.
type Placement struct {
	Cell  int
	Digit uint8
}

// Elimination removes candidate Digit from Cell.
type Elimination struct {
	Cell  int
	Digit uint8
}

// Step is one application of a technique: what it placed or eliminated and a
// sentence a solver understands ("in box 5, 7 fits only in r4c6").
type Step struct {
	Technique    Technique
	Placements   []Placement
	Eliminations []Elimination
	Note         string

	// explain is set by the grader when notes are wanted; finders format
	// Note only then, so grading in bulk does no string work.
	explain bool
}

// Explain reports whether the caller wants a Note written for this step.
func (s *Step) Explain() bool { return s.explain }

// Grading is the result of grading a puzzle: a value, never state to query.
type Grading struct {
	Level    Level     // fixed by Hardest
	Score    int       // sum of the weights of every step taken
	Hardest  Technique // hardest technique the solve needed
	Counts   [NumTechniques]int
	Steps    []Step // only when GradeOptions.Steps is set
	Solution Grid
}

// GradeOptions tunes a grading.
type GradeOptions struct {
	// Steps keeps every step with its note (for explain); off it costs nothing.
	Steps bool
	// Cap, when above zero, stops the grading as soon as the solve needs a
	// technique above this level; the Grading then reports Level Cap+1 and
	// the technique that crossed it. Generators use it to reject early.
	Cap Level
}
