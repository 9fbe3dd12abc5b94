package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/sudokubook/sudokubook/book"
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

// eachPuzzle calls fn for every non-blank line of r that is not a comment
// ('#'). A line that is not a puzzle, or longer than 1 MiB, stops the run
// with an input error (exit 2) naming the input, line and position. Only
// classic 9x9 lines are read: a kind column naming another kind is an error.
func eachPuzzle(r io.Reader, src string, fn func(line int, g engine.Grid) error) error {
	classic := book.LineKinds{Size: 9, Named: true, By: "only classic 9x9 puzzles are read here"}
	return book.EachLine(r, src, classic, func(line int, p book.Line) error {
		return fn(line, engine.Grid(p.Cells))
	})
}

// kindFlags adds --variant and --size to fs; the function it returns reads
// them once fs is parsed. size is the default side, 0 for "from the input".
func kindFlags(fs *flag.FlagSet, size int) func() (engine.Kind, error) {
	v := variantFlag(fs)
	n := fs.Int("size", size, "grid side: 4, 6, 8, 9, 12 or 16 (futoshiki, calcudoku: 3 to 9)"+map[bool]string{true: " (default: from the puzzle's length)"}[size == 0])
	return func() (engine.Kind, error) { return flagKind(*v, *n) }
}

// variantFlag adds --variant, which takes the kind table's names.
func variantFlag(fs *flag.FlagSet) *string {
	return fs.String("variant", "classic", "kind of puzzle: "+engine.FamilyList())
}

// flagKind is the kind --variant v and --size n name (n 0: any side).
func flagKind(v string, n int) (engine.Kind, error) {
	f, err := engine.ParseFamily(v)
	if err != nil {
		return engine.Kind{}, usagef("--variant: %v", err)
	}
	k := f.Kind(n)
	if n != 0 {
		if err := k.Validate(); err != nil {
			return engine.Kind{}, usagef("--variant %s --size %d: %v", f, n, err)
		}
	}
	return k, nil
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

// argPuzzle reads the puzzle a command takes as its argument (explain,
// png): the puzzle alone, or a whole line of generate, grade or bank
// export pasted in, whose kind column says the kind as it does on an
// input line, so that a pasted X line is not read as classic.
func argPuzzle(fs *flag.FlagSet, k engine.Kind, arg string) (book.Line, error) {
	text, columns, _ := strings.Cut(strings.TrimSpace(arg), "\t")
	return flagKinds(fs, k).Parse(text, columns)
}

// flagKinds is how a command with kindFlags reads its lines: as the
// flags say, and a kind column must agree with the flags given.
func flagKinds(fs *flag.FlagSet, k engine.Kind) book.LineKinds {
	lk := book.LineKinds{Variant: k.Family(), Size: k.Size}
	fs.Visit(func(f *flag.Flag) { lk.Named = lk.Named || f.Name == "variant" })
	lk.By = flagsSaid(lk)
	return lk
}

// flagsSaid is what the command line said of the kind, for messages.
func flagsSaid(lk book.LineKinds) string {
	var said []string
	if lk.Named {
		said = append(said, "--variant "+lk.Variant.String())
	}
	if lk.Size != 0 {
		said = append(said, "--size "+strconv.Itoa(lk.Size))
	}
	return "the command says " + strings.Join(said, " ")
}
