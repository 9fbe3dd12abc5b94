// Package web writes the playable web edition of a book: one HTML file that
// holds every puzzle (or a sample), plays them in any browser with no
// network, and keeps each reader's progress in the browser's local storage.
//
// The page is built from a manifest, so the same file comes out of a build
// (`html: true` in the spec) and out of `sudokubook html` on an existing
// book. Its style and script live in assets/ as plain files, embedded here,
// so they can be read and linted like any other source; its words live in
// lang/, one file per language of templates/lang, and the words of its
// hints are the steps' templates every reader of a step fills
// (templates/lang/steps, see package wording).
//
// # Data
//
// A puzzle is its number, its section and one character a cell, the digit
// for a given and "." for an open cell ("4.8"), plus the grader's steps
// the page cannot find itself (see Hints). The page finds the solution by
// its own search when a puzzle is opened: the book proved it unique, and
// the answers would cost a third of a classic puzzle's data. The puzzles' JSON is
// deflated and written in base64; the browser inflates it with its own
// DecompressionStream. docs/web.md gives the bytes a puzzle takes on
// the examples. Grid shapes are a separate table the puzzles point into, so
// variants add regions, extra houses and shading without touching the rest.
//
// # Hints
//
// A hint must be a true next step from the reader's grid, which rarely
// matches the grader's path cell for cell. The page therefore carries a
// small solver for the rungs that most hints need (full house, naked and
// hidden singles, pointing, claiming, naked and hidden pairs, triples and
// quads, x-wing, swordfish and jellyfish; on a killer its cage
// combinations, the rule of 45 on one house and cage pointing, which are
// most of a killer's steps), run on the reader's own digits
// and worded as `sudokubook explain` words them, in the book's language.
// Past those rungs it falls back on the grader's own harder steps, stored
// with the puzzle in path order as codes (stepCode): the first one whose
// eliminations or placements are still open on the reader's grid is
// given, worded in the page in the book's language as explain words it:
// its technique's template (templates/lang/steps; hint.go), filled with
// the cells that make its pattern (a wing's pivot and pincers, a fish's
// lines and fins, a chain's links), its digits and houses, which the code
// carries as a few characters each, and what the step removes and places.
// The pattern's cells are framed on the grid, apart from the cells the
// step changes. Only puzzles that need those rungs carry steps, and no
// step carries words but an AIC's or xy-chain's notation, which reads the
// same in every language.
//
// # One engine, two pages
//
// The generator page (Generator) runs the Go engine itself, compiled to
// WebAssembly by go generate (internal/mkengine) and run in a worker, so
// its puzzles, proofs, grades and hints are the engine's. A book's page
// keeps the small player above instead: the engine is some fifty times
// the page's size and makes the first hint several times slower to come,
// and a book's puzzles are already proved and graded. The player grades
// nothing; its steps are the grader's ladder read back, and the tests hold
// them to explain's notes word for word.
//
// # Size
//
// The script, style and page skeleton are hand-written and readable in
// assets/; the page carries them with comment lines and the spaces that
// part no tokens cut (minify.go, which changes no statement or string),
// within a budget of 40 KB that TestPageSize holds. A killer's cages travel
// as a map, a character a cell naming its cage, and a character a sum, so
// the map deflates well; a figure's shape is only the corner place of each
// 9x9 grid, from which the page derives the places out of play, the box
// lines and the houses in the grader's order (figure.go).
package web
