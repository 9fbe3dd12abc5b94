// Package engine makes and judges Sudoku puzzles. It knows nothing of pages,
// specs or files: it works on 81-cell grids and returns values.
//
// The pieces, each in its own file:
//
//   - grid.go: the Grid value (81 cells, 0 for a blank), parsing from the
//     81-character text form and the peer tables shared by every algorithm.
//   - solve.go: an exact bit-parallel solver that counts solutions up to a
//     limit, used to prove a puzzle has exactly one solution.
//   - technique.go, grade.go, sets.go and the tech_*.go files: a
//     human-style solver that climbs a ladder of techniques, cheapest first,
//     and reports the hardest technique a puzzle needs, a score and a Level.
//   - generate.go, symmetry.go: random complete grids and clue removal that
//     keeps exactly one solution, with optional symmetry of the givens.
//   - canon.go: the canonical form of a puzzle, the least grid under the
//     moves that keep a Sudoku a Sudoku, so that a rotated or relabelled
//     copy is known as the same puzzle.
//   - quota.go: a bounded pool of workers that generates and grades candidates
//     until every requested quota is full, deterministic for a seed whatever
//     the worker count.
//
// Randomness is always passed in as a *rand.Rand; the package never uses a
// global or clock-seeded source.
package engine
