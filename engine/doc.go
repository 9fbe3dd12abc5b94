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
// Constraint the geometry carries (constraint.go): killer's cages,
// thermometers, arrows, edge marks (kropki, xv, consecutive,
// greater-than), parity cells, anti-knight and anti-king peers. The exact
// solver, the full-grid check, the line form, the manifest and the
// drawing read a constraint through the interface, never through the
// kind's name. A kind names its constraint as its Layer (layer.go), and
// what the kind does beyond digging a plain grid (its maker, how a quota
// reads it, its key) comes from the constraint's row of constraintKinds.
//
// A new constraint (say "sandwich") touches these files, and no others
// (thermo and arrow came this way: their home files thermo.go, arrow.go,
// tech_thermo.go, generate_thermo.go, generate_arrow.go, keys_lines.go,
// layout/thermo.go, layout/arrow.go, and rows in the tables below):
//
//   - engine/sandwich.go, its home: the type with Name, Holds, Line, Marks
//     and its propagator (reset registers its items with the layered
//     solver; prune narrows their candidates), the constructor that lays
//     it on a geometry (a constraint that keeps cells apart adds them to
//     the geometry's peers there with withPeers, as WithCages does), and
//     the parse of its line part and of its marks;
//   - engine/constraint.go: one row in constraintKinds (name, line tag,
//     parse functions, key, manifest field; a quota reading only if its
//     givens are not dug or its parts have sizes, a label flag if its
//     marks write numbers in cells), and engine/layer.go: its maker in
//     layerMakers;
//   - engine/tech_sandwich.go: its rungs, registered with register; one
//     constant and one row a rung in technique.go's table (name, weight,
//     level); its explain words, one entry a rung in notes.go (and a Role
//     in pattern.go if no role names its parts);
//   - engine/generate_sandwich.go: its marks made from a solution;
//   - engine/keys_sandwich.go: its key under the moves that keep it (or
//     a shared one: leastLines for lines, leastEdges for edge marks);
//   - engine/kind.go: one row of the kind table per kind laying it;
//   - wording/say_marks.go: one technique a rung, the fields its words
//     take from the step's pattern;
//   - layout/sandwich.go: its drawing, and one case in layout/layers.go;
//   - book/manifest.go: only if its row names a new manifest field, that
//     field in ManifestPuzzle and markFields;
//   - web/marks.go and the page's script (web/assets/play.js): its
//     drawing on the page;
//   - templates/lang/*.yaml and templates/lang/steps/*.yaml: its words in
//     the five languages (the rules text, the rung names, the steps);
//   - scripts/hardest-levels, book/testdata/hardest_levels.tsv and the
//     README's kinds table: its measured hardest level.
//
// Randomness is always passed in as a *rand.Rand; the package never uses a
// global or clock-seeded source.
package engine
