// Package engine makes and judges Sudoku puzzles of every kind. It knows
// nothing of pages, specs or files: it works on grids and returns values.
// Its main types:
//
//   - Geometry: what a kind of puzzle is. The grid side N (up to 16), the
//     cells, and the houses: rows, columns, boxes or jigsaw regions, then
//     the kind's extra houses (X's diagonals, hyper's windows). Each cell
//     knows its houses and its peers, and every pair of houses sharing two
//     or more cells is a crossing. Anything a kind asks beyond its houses
//     is a Constraint the geometry carries. Multi-grid figures (samurai,
//     twin, butterfly, sohei, flower) number only their cells in play.
//   - Kind: a variant, a size and a layer, the name a book and the
//     commands use; the kind table (kind.go) says for each its sides, the
//     hardest level it reaches and whether a book prints it.
//   - Technique, Level, Grader, Grading, Step: the grading ladder and its
//     result, a value (Hardest, Score, Rating, Steps), never state to query
//     afterwards.
//   - Generator, Quota, Fill: making puzzles one at a time, and filling a
//     book's quotas with a pool of workers.
//   - KeyOf: a puzzle's canonical key.
//
// Invariants every file keeps:
//
//   - Randomness is always passed in as a *rand.Rand; the package never
//     uses a global or clock-seeded source, so the same seed gives the
//     same puzzles whatever the worker count.
//   - Every puzzle the package returns has been proved to have exactly one
//     solution by an exact solver, never by the grader alone.
//   - No technique asks which variant it is on: techniques read houses,
//     crossings, peers and constraints. A new kind is a constructor and a
//     row of the kind table, not an `if variant ==` in the techniques.
//   - Classic 9x9 has a fast path (its own solver and dig); it is a
//     specialisation chosen in one place, never a second program.
//
// # Files
//
//   - geometry.go, geometry_multi.go, planes.go: the Geometry value, the
//     figures of several 9x9 grids, and the per-grid rows, columns and
//     boxes of a figure that the fish and rectangle rungs read.
//   - grid.go: the classic Grid value (81 cells, 0 for a blank), parsing
//     from the 81-character text form and the classic peer tables.
//   - solve.go: the classic 9x9 exact solver. solve_generic.go and
//     solve_subsets.go: the exact solver of every other geometry without a
//     constraint. constraint.go, layer.go, solve_layer.go, solve_cage.go:
//     the constraint layer and the exact solver of every geometry that
//     carries one.
//   - technique.go, grade.go, sets.go and the tech_*.go files: the ladder.
//     rating.go, rating_path.go, rating_ceiling.go: the SE-scale rating.
//   - pattern.go, notes.go: what a step found as data, its parts by role
//     (a wing's pivot and pincers, a fish's lines and fins, a chain and its
//     notation, a cage and its sums), and explain's English words for it,
//     one template per technique. Every other reader (a page, a lesson, an
//     app in another language) words a step from its Pattern.
//   - generate.go, symmetry.go and the generate_*.go files: random
//     complete grids and clue removal that keeps exactly one solution.
//   - keys.go and the keys_*.go files: canonical keys; the search itself
//     is package engine/canon's, which knows only cells and moves.
//   - quota.go: the quota filler. distinct.go: how many different puzzles
//     the small kinds have.
//
// # Exact solvers
//
// Three exact solvers count solutions up to a limit (2 for a uniqueness
// check); which one a geometry gets is chosen in one place
// (Geometry.count for the grader, Generator.exactFor for the generator).
//
// Classic 9x9 (solve.go): for every digit and every band of three rows,
// one 27-bit word holds the cells where the digit may still go; the whole
// state is 27 words plus an empty-cell mask per band, 144 bytes, copied on
// a branch instead of undone. Inside a band a digit takes one of six
// row-by-box patterns, so three table look-ups and one AND do pointing,
// claiming and hidden singles at once; the same rule across the three
// bands does it for columns. Naked singles come from counting candidates
// across the nine words with bit operations. The search branches on the
// two-candidate cell that sees the most other two-candidate cells (after
// eight branches, the one whose peers share most of its candidates),
// iteratively on a fixed stack, without allocating.
//
// Every other geometry without a constraint (solve_generic.go): a
// candidate bitset per cell and a placed-digit bitset per house; naked and
// hidden singles and locked candidates to a fixed point, rescanning only
// the houses that changed; on grids of more than 81 cells naked and hidden
// subsets too (up to four on 12x12 and 16x16, pairs on the figures, none on
// 9x9, where they cost more than the search they save); then a branch on
// the cell with the fewest candidates, or on a digit with two places left
// in a house when no cell is down to two. Without the two-place branch and
// the subsets, 16x16 medium and hard generation spent nearly all its time
// in the search. A dancing-links solver was measured against it
// (dlx_test.go) and lost by several times on 9x9 and by orders of
// magnitude on generated 16x16 puzzles, where it searches what locked
// candidates and subsets deduce. Random fills keep the plain search
// (singles and cell branches), so a seed draws the grids it always drew.
//
// Geometries with a constraint (solve_layer.go): each cell's candidates,
// and per digit the cells that can hold it as a bit set; naked and hidden
// singles, then each constraint's propagator. For killer cages
// (solve_cage.go) the propagator reads sums: every cage, the innies and
// outies of every house group the grader reads (one house, two or three
// adjacent rows or columns, two boxes side by side) of at most six cells,
// and what one of those leaves of another that holds it, all worked out
// from bit sets when a check starts. A sum whose cells all see each other
// keeps only the digits of the sets its open cells and remaining total
// allow; one whose cells do not bounds each cell by the least and most the
// others can make. Only sums with a cell changed since their last pass are
// read again. The search branches on the open cell with the fewest
// candidates and the most open peers. Each layered solver is cross-checked
// against the generic one on random puzzles, some with several solutions
// or none.
//
// # The grading ladder
//
// A puzzle is graded by solving it as a person does (grade.go). The
// grader proves uniqueness with an exact solver first (the uniqueness
// rungs are sound only on unique puzzles), then climbs a ladder of
// techniques, cheapest first, and goes back to the bottom after every
// step, so it always takes the easiest technique that makes progress.
// The ladder is one table (technique.go): each Technique's name, weight,
// Level and SE rating. A Level is a cap on techniques: grading with a cap
// stops at the first technique above it, which is how the generator asks
// "is this puzzle at most hard?" cheaply. Each step adds its technique's
// weight to the score; the level is the hardest technique's; bifurcation,
// the last rung, gives every unique puzzle a grade. Techniques are found
// by finders of one signature, registered in the table; a finder reads
// the board's houses, crossings, peers and constraints, never the kind's
// name. Tracing is the optional Steps of GradeOptions, not flags inside
// the finders. A step is data: its moves and its Pattern, which explain,
// the printed hints, the lessons and the web page all word.
//
// The uniqueness rungs (unique rectangles, BUG+1) stay on every kind whose
// constraints are all houses of N cells holding each digit once; a
// rectangle is kept only when swapping its digits keeps every house whole
// (on X, one with a corner on a diagonal is passed over). Cages break
// them, so killer turns them off.
//
// The rating on the SE scale (rating_path.go) follows Sudoku Explainer's
// own path on classic 9x9: from the first ladder step SE would not take,
// the grader solves on with SE's techniques only, in order of their SE
// figure, and the rating is the hardest step of that path. On other kinds
// it is the ladder's own scale.
//
// # Killer
//
// A killer is a geometry with cages (Cage: a sum and its cells). Its
// rungs (tech_killer.go, tech_killer_areas.go) are cage combinations, the
// rule of 45 on one house and on several, cage pointing, cage splitting
// and min/max sums. The areas the last three read (innies and outies of
// every house and group, and one level of splits) follow from the cages
// alone, so they are worked out once per cage layout, when one of those
// rungs first asks; puzzles the first rungs finish never pay for them. The
// grader keeps, per cage, the digits and candidates its cells had when the
// finder last found nothing there, and skips a cage still in that state.
//
// The generator (generate_killer.go) cuts a random solution into dominoes,
// then merges neighbouring cages, single cells first, keeping a merge only
// while the puzzle stays unique and within the level (up to expert: the
// ladder up to the level solves it; extreme: the generic solver proves one
// solution within its node budget). A cell left alone below the least
// cage size takes a neighbour from a cage that can spare one. A refused
// merge puts back the sums and areas of the layout before it.
//
// # Generator
//
// Classic 9x9 (generate.go): a random complete grid, then clue removal a
// whole symmetry orbit at a time in random order, keeping exactly one
// solution. Easy puzzles are dug while singles alone still solve them
// (which proves uniqueness without the solver) down to a clue count drawn
// inside the band. Other levels dig to a minimal puzzle and are graded with
// a cap at the level wanted. A puzzle too hard is steered back: removed
// orbits are put back one at a time, each kept while the puzzle stays too
// hard and dropped if it turns too easy. A puzzle too easy is dropped (a
// hill-climb on swapped clues cost more per hit than a fresh attempt).
//
// Other kinds dig while the ladder up to the level asked for, without the
// uniqueness rungs, still solves the puzzle: a full solve by sound steps
// proves one solution, so no solver is needed while digging, the dig stops
// at the level instead of overshooting it, and large grids stay out of the
// sparse region where the solver is slowest. From hard up on grids of up to
// 81 cells the solver is asked first, as a cheap test that rules out a
// puzzle with several solutions before the dearer ladder runs. At expert,
// kinds of up to 81 cells dig to a minimal puzzle and steer it as classic
// does, resuming the ladder where it got stuck as each orbit goes back
// rather than grading from scratch; only a puzzle the resumed ladder fills
// in is graded afresh, so the level a puzzle reports is the one a fresh
// grading gives. The exact solver proves the result once at the end, with
// a node budget: a puzzle that needs more is dropped, never returned
// unproved. Jigsaw regions start from the boxes and take random trades
// across region borders, each kept only when both regions stay connected.
// A figure keeps a puzzle only when every grid's clues lie within 20% of
// their mean (Geometry.Balanced).
//
// # Quota filler
//
// Fill (quota.go) runs a bounded pool of workers that generate and grade
// candidates; one collector owns the quotas and commits candidates in job
// order, putting each into the first quota whose kind, level and bands it
// fits (a miss for one quota may fill another) and dropping duplicate
// keys. Job i takes its randomness from (seed, i) alone, and its target
// quota from the commits of jobs up to i-64, so the same seed gives the
// same puzzles whatever the worker count. The collector cancels the
// context when every quota is full. From hard up, a quota takes at most
// half its puzzles with one hardest technique.
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
// (thermo and arrow are laid out this way: their home files thermo.go,
// arrow.go, tech_thermo.go, generate_thermo.go, generate_arrow.go,
// keys_lines.go, layout/thermo.go, layout/arrow.go, and rows in the
// tables below):
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
//     kinds table of docs/kinds.md: its measured hardest level.
//
// Randomness is always passed in as a *rand.Rand; the package never uses a
// global or clock-seeded source.
package engine
