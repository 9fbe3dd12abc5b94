package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/sudokubook/sudokubook/engine"
)

// openInput returns the named file, or standard input for no name or "-".
func openInput(e env, args []string) (io.Reader, string, func(), error) {
	switch {
	case len(args) > 1:
		return nil, "", nil, usagef("want at most one FILE, got %d arguments", len(args))
	case len(args) == 0 || args[0] == "-":
		return e.stdin, "stdin", func() {}, nil
	}
	f, err := os.Open(args[0])
	if err != nil {
		return nil, "", nil, inputErr(err)
	}
	return f, args[0], func() { f.Close() }, nil
}

// maxLine is the longest input line read, 1 MiB: a puzzle line is 81
// characters and a grade line a few dozen more.
const maxLine = 1 << 20

// eachPuzzle calls fn for every non-blank line of r that is not a comment
// ('#'). A line that is not a puzzle, or longer than maxLine, stops the run
// with an input error (exit 2) naming the input, line and position. Only
// classic 9x9 lines are read: a kind column naming another kind is an error.
func eachPuzzle(r io.Reader, src string, fn func(line int, g engine.Grid) error) error {
	classic := lineKinds{size: 9, named: true, by: "only classic 9x9 puzzles are read here"}
	return eachKindPuzzle(r, src, classic, func(line int, p puzzle) error {
		return fn(line, engine.Grid(p.cells))
	})
}

// eachKindPuzzle is eachPuzzle for puzzles of the kinds lk allows: each
// line of the kind its kind column names, a line without one of lk's.
func eachKindPuzzle(r io.Reader, src string, lk lineKinds, fn func(line int, p puzzle) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1024), maxLine)
	n := 0
	for sc.Scan() {
		n++
		text := sc.Text()
		if n == 1 {
			// Windows Notepad starts a UTF-8 file with a byte-order mark,
			// which is no part of the first puzzle.
			text = strings.TrimPrefix(text, "\ufeff")
		}
		text = strings.TrimSpace(text)
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		// A grade or generate line carries the puzzle first, then tabs.
		text, columns, _ := strings.Cut(text, "\t")
		p, err := lk.parse(text, columns)
		if err != nil {
			return inputErr(fmt.Errorf("%s:%d: %w", src, n, err))
		}
		if err := fn(n, p); err != nil {
			return err
		}
	}
	if errors.Is(sc.Err(), bufio.ErrTooLong) {
		return inputErr(fmt.Errorf("%s:%d: line longer than 1 MiB; want one puzzle of 81 characters per line", src, n+1))
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("reading %s: %w", src, err)
	}
	return nil
}

// gradeLine is the one output format of grade and generate:
// puzzle<TAB>level<TAB>score<TAB>hardest technique<TAB>SE-scale rating.
// The rating comes last so that readers of the first four columns keep
// working.
func gradeLine(g engine.Grid, r engine.Grading) string {
	return kindGradeLine(engine.Classic9, g[:], r)
}

// kindGradeLine is gradeLine for a puzzle of any kind, in its line form.
func kindGradeLine(geo *engine.Geometry, cells []uint8, r engine.Grading) string {
	return fmt.Sprintf("%s\t%s\t%d\t%s\t%s", engine.FormatLine(geo, cells), r.Level, r.Score, r.Hardest, r.Rating)
}

// puzzle is one input puzzle of any kind: its geometry (a jigsaw's
// regions are in it) and its givens.
type puzzle struct {
	geo   *engine.Geometry
	cells []uint8
	kind  string // the line's kind column, as read ("" for none)
}

// parsePuzzle reads one puzzle line of kind k (Size 0: any size, taken
// from the line). Classic 9x9, and a classic line whose length fits no
// size, keep ParseGrid's messages ("too short"); a killer line (three
// parts) goes to ParseLine on any variant.
func parsePuzzle(k engine.Kind, text string) (puzzle, error) {
	killer := strings.Count(text, "/") == 2 // givens/cage map/sums
	if k.Variant == engine.Classic && !killer && (k.Size == 9 || k.Size == 0 && !squareLength(text)) {
		g, err := engine.ParseGrid(text)
		return puzzle{geo: engine.Classic9, cells: g[:]}, err
	}
	geo, cells, err := engine.ParseLine(k.Variant, k.Size, text)
	return puzzle{geo: geo, cells: cells}, err
}

// squareLength reports whether text has as many characters as a grid of
// an allowed side other than 9 has cells.
func squareLength(text string) bool {
	n := len([]rune(text))
	for _, side := range engine.Sizes() {
		if side != 9 && side*side == n {
			return true
		}
	}
	return false
}

// kindFlags adds --variant and --size to fs; the function it returns reads
// them once fs is parsed. size is the default side, 0 for "from the input".
func kindFlags(fs *flag.FlagSet, size int) func() (engine.Kind, error) {
	v := fs.String("variant", "classic", "kind of puzzle: classic, x, hyper, jigsaw, or a figure of 9x9 grids: samurai, twin, butterfly, sohei, flower")
	n := fs.Int("size", size, "grid side: 4, 6, 8, 9, 12 or 16"+map[bool]string{true: " (default: from the puzzle's length)"}[size == 0])
	return func() (engine.Kind, error) {
		variant, err := engine.ParseVariant(*v)
		if err != nil {
			return engine.Kind{}, usagef("--variant: %v", err)
		}
		k := engine.Kind{Variant: variant, Size: *n}
		if *n != 0 {
			if err := k.Validate(); err != nil {
				return engine.Kind{}, usagef("--variant %s --size %d: %v", variant, *n, err)
			}
		}
		return k, nil
	}
}

// solveOutcome names what a puzzle without a single solution has, for the
// per-line output of solve and grade. Givens that already break the rules
// are "none" too, and the reason goes to stderr naming the line and cells,
// so a typo in a puzzle is not mistaken for a hard puzzle.
func solveOutcome(e env, src string, line int, err error) (string, bool) {
	switch {
	case errors.Is(err, engine.ErrConflict):
		fmt.Fprintf(e.stderr, "%s:%d: %v\n", src, line, err)
		return "none", true
	case errors.Is(err, engine.ErrNoSolution):
		return "none", true
	case errors.Is(err, engine.ErrMultipleSolutions):
		return "multiple", true
	}
	return "", false
}
