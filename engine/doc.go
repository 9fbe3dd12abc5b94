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
//   - constraint.go, solve_layer.go: the constraint layer (below) and the
//     exact solver of every geometry that carries a constraint.
//   - solve.go: the classic 9x9 exact bit-parallel solver that counts solutions up to a
//     limit, used to prove a puzzle has exactly one solution.
//   - technique.go, grade.go, sets.go and the tech_*.go files: a
//     human-style solver that climbs a ladder of techniques, cheapest first,
//     and reports the hardest technique a puzzle needs, a score and a Level.
//   - pattern.go, notes.go: what a step found as data, its parts by role
//     (a wing's pivot and pincers, a fish's lines and fins, a chain and its
//     notation, a cage and its sums), and explain's English words for it,
//     one template per technique. Every other reader (a page, a lesson, an
//     app in another language) words a step from its Pattern.
//   - generate.go, symmetry.go: random complete grids and clue removal that
//     keeps exactly one solution, with optional symmetry of the givens.
//   - keys.go: the canonical key of a puzzle of any kind, the least grid
//     under the moves that keep its houses houses, so that a rotated or
//     relabelled copy is known as the same puzzle; the search itself is
//     package engine/canon's, which knows only cells and moves.
//   - quota.go: a bounded pool of workers that generates and grades candidates
//     until every requested quota is full, deterministic for a seed whatever
//     the worker count.
//
// # Constraints
//
// Houses are the geometry. Anything else a kind asks of its digits is a
// Constraint the geometry carries (constraint.go): killer's cages today,
// thermometers, arrows, dots, signs, parity cells or anti-knight peers
// tomorrow. The exact solver, the full-grid check, the line form, the
// manifest and the drawing read a constraint through the interface, never
// through the kind's name. Killer's cages are the first; their files are
// cage.go (the cages on a geometry: peers, digit combinations),
// constraint.go (KillerCages), solve_cage.go (their sums in the exact
// solvers), cage_text.go (the line form), cage_areas.go and
// tech_killer*.go (the rungs), generate_killer.go (making them) and
// layout/cages.go (the drawing).
//
// A new constraint (thermo, say) touches these files, and no others:
//
//   - engine/thermo.go, its home: the type with Name, Holds, Line, Marks
//     and its propagator (reset registers its items with the layered
//     solver, one a thermometer; prune narrows their candidates), the
//     constructor that lays it on a geometry (a constraint that keeps
//     cells apart adds them to the geometry's peers there, as WithCages
//     does, and every solver and rung that asks Sees knows them), and the
//     parse of its line part and of its marks;
//   - engine/constraint.go: one row in constraintKinds (name, line parts,
//     parse functions);
//   - engine/tech_thermo.go: its rungs, registered with register, and one
//     row a rung in technique.go's table (name, weight, level);
//   - engine/generate_thermo.go: its marks made from a solution;
//   - the kind table: one row naming the kind and its constraint;
//   - engine/keys.go: its key under the moves that keep it;
//   - layout/thermo.go: its drawing, and one case in layout/layers.go;
//   - book/manifest.go: a field for its marks and one case in marks;
//   - web/web.go and the page's script: its drawing on the page;
//   - templates/lang/*.yaml: its words in the five languages (the rules
//     text, the rung names and their explanations).
//
// Randomness is always passed in as a *rand.Rand; the package never uses a
// global or clock-seeded source.
package engine
