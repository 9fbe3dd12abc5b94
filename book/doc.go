// Package book turns a YAML book spec into a book model: the spec, the
// quotas it asks of the engine, the assembled sections of numbered
// puzzles, the grids made for the front matter, and the manifest that
// records where each puzzle was printed. It never draws and never prints.
//
// Data flows one way: spec -> quotas -> engine -> Book -> layout ->
// manifest. Its main types:
//
//   - Spec (spec.go) and SectionSpec: a book spec as loaded. Load and
//     LoadFile parse it strictly (load.go: unknown and repeated fields,
//     wrong types and impossible requests are refused), in three layers:
//     the defaults, then the preset named by template:, then every field
//     the spec gives. Validate (validate.go, validate_kinds.go) refuses
//     before any work what cannot be made or printed legibly: a level past
//     engine.HardestLevel for the kind, a clue, score or rating band no
//     puzzle of the level can meet, a page whose cells would print digits
//     too small (PageSlots holds the one rule the layout also reads), text
//     the fonts cannot show, a file that is not a regular file.
//   - Quotas: what each section asks of engine.Fill.
//   - Book, Section, Puzzle (model.go, assemble.go): the assembled book,
//     puzzles numbered in print order, each section ramped by rating or
//     kept as generated; the setter's own puzzles (lines.go) first.
//   - Front (front.go) and Lesson (lessons.go): the title page's grid, the
//     how-to-play examples and the tutorial lessons, each a grid made for
//     its page from the book's seed, never a puzzle of the book (their keys
//     are checked against every puzzle's), the same whatever the worker
//     count.
//   - Manifest and ManifestPuzzle (manifest.go): the contract between a
//     build and everything that reads it after (the web edition, the
//     preflight's margins, a bank's record, a reader's own program).
//     ReadManifest rebuilds each record's geometry and checks its grids,
//     regions, cages and line against it.
//
// Invariants:
//
//   - Every error about a spec names the file, line and field, wraps
//     ErrSpec, and all of a spec's problems are reported at once
//     (FieldErrors).
//   - The same spec and seed give the same book, and a spec without a seed
//     takes one from its own text, so two different specs never share
//     puzzles by sharing a default.
//   - Paths a spec names are relative to the spec, with / or \ between
//     folders, the same on every system (paths.go).
//   - Numbers that must be whole (counts, page counts) refuse fractions;
//     lengths need a unit (units.go).
package book
