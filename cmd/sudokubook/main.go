// Command sudokubook turns a YAML book spec into a print-ready Sudoku book,
// and exposes the engine to the shell: solve, grade, generate and explain
// read and write one puzzle per line as 81 characters ('.' or '0' blank).
//
// Exit codes: 0 success, 1 failure, 2 usage or spec error.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"syscall"

	"github.com/sudokubook/sudokubook/book"
)

// version is the generator's version, printed on copyright pages and in
// manifests so a reprint can be rebuilt. Release builds may override it
// with -ldflags "-X main.version=...".
var version = "0.1.0"

const name = "sudokubook"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(exitCode(err, os.Stderr))
}

// usageError marks a mistake in how the command was called (exit 2).
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error { return &usageError{fmt.Sprintf(format, a...)} }

// errSilent is a failure whose message was already printed (exit 1).
var errSilent = errors.New("failed")

func exitCode(err error, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	var ue *usageError
	switch {
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "%s: %v\nRun '%s help' for usage.\n", name, err, name)
		return 2
	case errors.Is(err, book.ErrSpec):
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return 2
	case errors.Is(err, errSilent):
		return 1
	}
	fmt.Fprintf(stderr, "%s: %v\n", name, err)
	return 1
}

// env is what a command may touch of the outside world; tests fill it with
// buffers.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

// command is one subcommand: it parses its own flags and does its job.
type command struct {
	summary string
	usage   string
	run     func(ctx context.Context, e env, args []string) error
}

var commands map[string]command

func init() {
	commands = map[string]command{
		"build":     {"build a book from a YAML spec", "build SPEC.yaml -o OUTDIR [-j N] [--timeout 5m] [--printer kdp|lulu] [--strict] [--quiet]", runBuild},
		"solve":     {"solve puzzles, one per line", "solve [FILE]", runSolve},
		"grade":     {"grade puzzles by the techniques they need", "grade [FILE]", runGrade},
		"generate":  {"generate new puzzles", "generate -n N --level L [--clues MIN-MAX] [--symmetry S] [--seed S] [-j N]", runGenerate},
		"explain":   {"show a step-by-step solution path", "explain PUZZLE", runExplain},
		"png":       {"render one puzzle as a PNG image", "png PUZZLE -o FILE [--solution] [--dpi 300] [--size 3in]", runPNG},
		"check":     {"preflight a book PDF for a printer", "check BOOK.pdf [--printer kdp|lulu] [--manifest manifest.json]", runCheck},
		"templates": {"list presets and languages", "templates", runTemplates},
		"version":   {"print the version", "version", runVersion},
	}
}

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	e := env{stdin: stdin, stdout: stdout, stderr: stderr}
	if len(args) == 0 {
		printUsage(stderr)
		return usagef("no command given")
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 {
			if c, ok := commands[args[1]]; ok {
				// The command's own -h prints its usage and flags; asked
				// for help, that is the result, so it goes to stdout.
				fmt.Fprintf(stdout, "%s %s: %s.\n", name, args[1], c.summary)
				err := c.run(ctx, env{stdin: stdin, stdout: stdout, stderr: stdout}, []string{"-h"})
				if errors.Is(err, flag.ErrHelp) {
					return nil
				}
				return err
			}
		}
		printUsage(stdout)
		return nil
	case "-version", "--version":
		return runVersion(ctx, e, nil)
	}
	c, ok := commands[args[0]]
	if !ok {
		return usagef("unknown command %q", args[0])
	}
	return c.run(ctx, e, args[1:])
}

func printUsage(w io.Writer) {
	fmt.Fprintf(w, "%s turns a YAML book spec into a print-ready Sudoku book.\n\nUsage:\n", name)
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %s %s\n        %s\n", name, commands[n].usage, commands[n].summary)
	}
	fmt.Fprintf(w, "\nPuzzles are 81 characters, row by row, with '.' or '0' for a blank.\n")
}

// newFlags makes a command's flag set; errors come back to run, not to
// os.Exit, and usage goes to stderr.
func newFlags(e env, cmd string) *flag.FlagSet {
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		fmt.Fprintf(e.stderr, "usage: %s %s\n", name, commands[cmd].usage)
		fs.PrintDefaults()
	}
	return fs
}

// parseArgs parses flags that may stand before, between or after the
// positional arguments (the standard flag package stops at the first
// positional one) and returns the positional arguments.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, &usageError{err.Error()}
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

func runVersion(_ context.Context, e env, args []string) error {
	pos, err := parseArgs(newFlags(e, "version"), args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("version takes no arguments")
	}
	fmt.Fprintf(e.stdout, "%s %s\n", name, version)
	return nil
}

// plural is a tiny helper for messages: "1 puzzle", "3 puzzles".
func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}
