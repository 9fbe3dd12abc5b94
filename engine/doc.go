// Package engine makes and judges Sudoku puzzles. It knows nothing of pages,
// specs or files: it works on grids and returns values.
//
// The pieces, each in its own file:
//
//   - geometry.go: the Geometry value, what a kind of puzzle is (size N up
//     to 16, houses: rows, columns, boxes or jigsaw regions, and the extra
//     houses of X and hyper). The grader, solvers and generator read it.
//   - grid.go: the classic Grid value (81 cells, 0 for a blank), parsing
//     from the 81-character text form and the classic peer tables.
//   - solve_generic.go: the exact solver for every geometry but classic
//     9x9, bitsets per cell and per house.
//   - solve.go: the classic 9x9 exact bit-parallel solver that counts solutions up to a
//     limit, used to prove a puzzle has exactly one solution.
//   - technique.go, grade.go, sets.go and the tech_*.go files: a
//     human-style solver that climbs a ladder of techniques, cheapest first,
//     and reports the hardest technique a puzzle needs, a score and a Level.
//   - generate.go, symmetry.go: random complete grids and clue removal that
//     keeps exactly one solution, with optional symmetry of the givens.
//   - canon.go: the canonical form of a puzzle, the least grid under the
//     moves that keep a Sudoku a Sudoku, so that a rotated or relabelled
//     copy is known as the same puzzle; canon_variant.go does the same for
//     the variants, under the moves that keep their houses.
//   - quota.go: a bounded pool of workers that generates and grades candidates
//     until every requested quota is full, deterministic for a seed whatever
//     the worker count.
//
// Randomness is always passed in as a *rand.Rand; the package never uses a
// global or clock-seeded source.
package engine
