package main

import (
	"bufio"
	"errors"
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
// with an input error (exit 2) naming the input, line and position.
func eachPuzzle(r io.Reader, src string, fn func(line int, g engine.Grid) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1024), maxLine)
	n := 0
	for sc.Scan() {
		n++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		// A grade or generate line carries the puzzle first, then tabs.
		if i := strings.IndexByte(text, '\t'); i >= 0 {
			text = text[:i]
		}
		g, err := engine.ParseGrid(text)
		if err != nil {
			return inputErr(fmt.Errorf("%s:%d: %w", src, n, err))
		}
		if err := fn(n, g); err != nil {
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
	return fmt.Sprintf("%s\t%s\t%d\t%s\t%s", g, r.Level, r.Score, r.Hardest, r.Rating)
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
