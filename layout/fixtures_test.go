package layout

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
)

// -preview writes what the tests render to a directory, to look at.
var previewDir = flag.String("preview", "", "write rendered PDFs and PNGs to this directory")

func preview(t *testing.T, name string, data []byte) {
	t.Helper()
	if *previewDir == "" {
		return
	}
	if err := os.WriteFile(filepath.Join(*previewDir, name), data, 0o644); err != nil {
		t.Fatalf("writing preview: %v", err)
	}
}

// fixtureSolution is a complete valid grid. Layout fixtures are made from
// it by relabelling digits and blanking cells: they are pictures to lay out,
// not puzzles anyone has proved unique.
const fixtureSolution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

// fixturePuzzle makes the k-th fixture: the base grid with its digits
// relabelled by a rotation of 1-9, then a band of cells blanked so the
// givens differ from puzzle to puzzle.
func fixturePuzzle(k int) (givens, solution engine.Grid) {
	base := engine.MustParseGrid(fixtureSolution)
	for i, v := range base {
		solution[i] = uint8((int(v)-1+k)%9) + 1
	}
	givens = solution
	for i := range givens {
		if (i*7+k*5)%17 < 11 {
			givens[i] = 0
		}
	}
	return givens, solution
}

func testSpec() *book.Spec {
	return &book.Spec{
		Title:    "Sudoku Every Day",
		Subtitle: "Puzzles from easy to expert",
		Author:   "Zoë Müller-Ibáñez",
		Language: "en",
		Seed:     20250101,
		Year:     2025,
		Trim:     book.Size{W: 6 * 72, H: 9 * 72, Name: "6x9in"},
		Margins: book.Margins{
			Top: 0.6 * 72, Bottom: 0.6 * 72, Outside: 0.5 * 72, InsideAuto: true,
		},
		PuzzlesPerPage:   2,
		SolutionsPerPage: 6,
		SectionStart:     book.StartRight,
		Style:            book.Style{TextSize: 10, ThinLine: 0.75, ThickLine: 2},
		Front:            book.FrontMatter{TitlePage: true, Copyright: true, HowToPlay: true, Contents: true},
		Intro: "Welcome to this book of Sudoku puzzles. They start gently and grow harder section by section.\n\n" +
			"Take your time: each puzzle has one solution, reachable by logic alone.",
	}
}

// testBook makes a book with one section per count, levels in order
// (the five a book most often has: tough left out), and puzzles numbered
// from 1 across the book.
func testBook(spec *book.Spec, counts ...int) *book.Book {
	b := &book.Book{Spec: spec}
	n := 0
	levels := []engine.Level{engine.Easy, engine.Medium, engine.Hard, engine.Expert, engine.Extreme}
	for si, c := range counts {
		lvl := levels[si%len(levels)]
		sec := book.Section{Level: lvl}
		for range c {
			n++
			g, s := fixturePuzzle(n)
			sec.Puzzles = append(sec.Puzzles, book.Puzzle{
				Number: n, Section: si, Level: lvl, Geo: engine.Classic9, Givens: g[:], Answer: s[:], Clues: g.Clues(),
			})
		}
		b.Sections = append(b.Sections, sec)
	}
	return b
}

var testOptions = Options{Generator: "sudokubook", Version: "v0.1.0", Year: 2026}
