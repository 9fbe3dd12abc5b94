// Command sudokubook turns a YAML book spec into a print-ready Sudoku book,
// and exposes the engine to the shell: solve, grade, generate and explain
// read and write one puzzle per line as 81 characters ('.' or '0' blank).
//
// Exit codes, the same for every command (see exitCode): 0 success,
// 1 failure, 2 usage or input error, 130 interrupted. main only maps the
// error run returns to a code; every subcommand is a function of a
// context, its arguments and its streams, so the tests call run directly.
// This package is the only one that reads flags or prints.
//
// Signals: SIGINT and SIGTERM cancel the command's context. After
// stopGrace a command still running runs what it left to clean up (a
// build's staged generation, the output folder a first build made, its
// bank claims, a temporary file of html -o or png -o) for at most
// cleanupBound, then exits 130 whatever it was doing, so every command
// stops within half a second. Commands that end as they start (version,
// templates, a solve of one classic line from a file) do not arm the
// handler (armInterrupts): os/signal starts threads, a measurable part of
// such a command's start-up, and the default action already ends them.
//
// Output: every write to standard output is checked, so a full disk is
// exit 1 with the error; a reader that goes early (generate | head -1) is
// not an error, and the command ends quietly with exit 0.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"os/signal"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/sudokubook/sudokubook/bank"
	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/internal/outdir"
	"github.com/sudokubook/sudokubook/publish"
)

// version is the generator's version, printed on copyright pages and in
// manifests so a reprint can be rebuilt. Release builds may override it
// with -ldflags "-X main.version=...".
var version = publish.Version

const name = "sudokubook"

// stopGrace is how long main waits, after SIGINT or SIGTERM, for the
// command to wind down by itself before it runs the command's clean-ups
// (atExit) on its own and exits: a command blocked on stdin, a FIFO or a
// long layout must still stop within half a second.
const stopGrace = 100 * time.Millisecond

// cleanupBound is how long main then gives those clean-ups (a build drops
// its staged generation, tens of milliseconds for a thousand files, and
// releases its bank claims) before it exits anyway, leaving slack under
// the half second promised for a loaded machine. A clean-up cut short
// leaves at most what a killed build leaves, which the next one removes.
const cleanupBound = 300 * time.Millisecond

func main() { os.Exit(mainWith(nil)) }

// mainWith runs the program on os.Args and returns its exit code; h are
// the test hooks (nil in the program), which tests that run main in a
// subprocess set.
func mainWith(h *hooks) int {
	// A reader that goes (generate | head -1) is a write that fails with
	// EPIPE, which checkedWriter turns into a quiet exit 0, instead of
	// death by SIGPIPE (141). Ignoring it costs no thread.
	signal.Ignore(syscall.SIGPIPE)
	ctx, cancel := context.WithCancel(context.Background())
	cleanups := &publish.Cleanups{}
	ctx = context.WithValue(ctx, cleanupsKey{}, cleanups)
	ctx = context.WithValue(ctx, armKey{}, sync.OnceFunc(func() {
		sig := make(chan os.Signal, 1)
		signal.Notify(sig, stopSignals...)
		go func() {
			<-sig
			cancel()
		}()
	}))
	done := make(chan int, 1)
	go func() {
		err := runEnv(ctx, os.Args[1:], env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, hooks: h})
		done <- exitCode(err, os.Stderr)
	}()
	var code int
	select {
	case code = <-done:
	case <-ctx.Done():
		select {
		case code = <-done:
		case <-time.After(stopGrace):
			cleaned := make(chan struct{})
			go func() {
				cleanups.Run()
				close(cleaned)
			}()
			select {
			case <-done: // it ended meanwhile, its clean-ups run
			case <-cleaned:
			case <-time.After(cleanupBound):
			}
			fmt.Fprintf(os.Stderr, "%s: interrupted\n", name)
			code = exitInterrupted
		}
	}
	cancel()
	return code
}

// cleanupsKey holds, in main's context, the *publish.Cleanups the command
// has registered with atExit.
type cleanupsKey struct{}

// atExit registers fn as a clean-up to run should a signal stop the
// command before it has, and returns the function to run it normally
// (deferred): see publish.Cleanups. Without main (tests calling run) it
// only makes fn run once.
func atExit(ctx context.Context, fn func()) func() {
	l, ok := ctx.Value(cleanupsKey{}).(*publish.Cleanups)
	if !ok {
		return sync.OnceFunc(fn)
	}
	return l.Add(fn)
}

// stopSignals are what stop a command with exit 130. On Unix they are
// SIGINT (Ctrl-C) and SIGTERM. On Windows, Go delivers both Ctrl-C and
// Ctrl-Break as os.Interrupt, and closing the console window, logging off
// or shutting down (CTRL_CLOSE_EVENT, CTRL_LOGOFF_EVENT,
// CTRL_SHUTDOWN_EVENT) as syscall.SIGTERM; Windows ends the process a few
// seconds after a close, far more than stopGrace and cleanupBound.
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM}

// armKey holds, in main's context, the function that starts catching
// SIGINT and SIGTERM (they then cancel the context).
type armKey struct{}

// armInterrupts makes SIGINT and SIGTERM cancel ctx, from now on, so the
// command winds down and exits 130. Every command that can wait or run for
// long arms it before it does (dispatch arms all but instantCommands).
// It is armed on demand because catching a signal costs every run about
// 0.2-0.5 ms of CPU (os/signal starts two threads), a tenth of what
// `version` or a one-line `solve` costs in all; unarmed, a signal ends
// the process at once, by the signal. Without main (tests calling run),
// it does nothing.
func armInterrupts(ctx context.Context) {
	if arm, ok := ctx.Value(armKey{}).(func()); ok {
		arm()
	}
}

// instantCommands finish as soon as they start, or arm the interrupts
// themselves when they may wait or run long (solve: see answerEach).
var instantCommands = map[string]bool{"version": true, "templates": true, "solve": true}

// The exit codes. Every command maps its outcome through exitCode, so the
// table holds everywhere.
const (
	exitOK          = 0   // done
	exitFailure     = 1   // could not do it: I/O, a failed check, a time-out, an internal error
	exitInput       = 2   // the command line, a spec, a puzzle or the output folder is wrong
	exitInterrupted = 130 // SIGINT or SIGTERM (128 + SIGINT, as shells report Ctrl-C)
)

// usageError marks a mistake in how the command was called (exit 2); cmd
// is the command it was, for the hint to read its help.
type usageError struct{ msg, cmd string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error { return &usageError{msg: fmt.Sprintf(format, a...)} }

// inputError marks bad input that is not a matter of usage (a puzzle, a
// file that is missing or not ours): exit 2, without the usage hint.
type inputError struct{ err error }

func (e *inputError) Error() string { return e.err.Error() }
func (e *inputError) Unwrap() error { return e.err }

func inputErr(err error) error {
	if err == nil {
		return nil
	}
	return &inputError{err}
}

// errSilent is a failure whose message was already printed (exit 1).
var errSilent = errors.New("failed")

// errReaderGone is wrapped around a write to standard output that failed
// because its reader closed the pipe (head -1): the reader had what it
// wanted, so the command ends quietly, exit 0, as cat and seq do.
var errReaderGone = errors.New("the reader of standard output is gone")

// errInterrupted is wrapped around whatever a command returned after a
// signal cancelled it.
var errInterrupted = errors.New("interrupted")

// exitCode prints err and maps it to the exit-code table. It is the one
// place that decides a code.
func exitCode(err error, stderr io.Writer) int {
	if err == nil {
		return exitOK
	}
	var ue *usageError
	var ie *inputError
	switch {
	case errors.Is(err, flag.ErrHelp):
		return exitOK
	case errors.Is(err, errInterrupted):
		fmt.Fprintf(stderr, "%s: interrupted\n", name)
		return exitInterrupted
	case errors.As(err, &ue):
		help := "help"
		if ue.cmd != "" {
			help += " " + ue.cmd
		}
		fmt.Fprintf(stderr, "%s: %v\nRun '%s %s' for usage.\n", name, err, name, help)
		return exitInput
	case errors.As(err, &ie), errors.Is(err, book.ErrSpec), errors.Is(err, book.ErrLine), errors.Is(err, outdir.ErrForeign), errors.Is(err, outdir.ErrTampered), errors.Is(err, outdir.ErrNotFolder), errors.Is(err, bank.ErrNotBank):
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return exitInput
	case errors.Is(err, errSilent):
		return exitFailure
	case errors.Is(err, errReaderGone):
		return exitOK
	}
	fmt.Fprintf(stderr, "%s: %v\n", name, err)
	return exitFailure
}

// env is what a command may touch of the outside world; tests fill it with
// buffers, and with hooks.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	hooks          *hooks // nil in the program
}

// hooks let a test stop or observe a command where it checks no context.
type hooks struct {
	build publish.Hooks
	// atTempFile runs once writeFileAtomic has made its temporary file:
	// the tests interrupt html -o there.
	atTempFile func(ctx context.Context)
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
		"bank":      {"keep puzzles made ahead of time and the books they went into", "bank fill|stats|export|import|check|merge ... (bank help for each)", runBank},
		"build":     {"build a book from a YAML spec (several specs: a series, one folder each, sharing no puzzle)", "build SPEC.yaml [MORE.yaml...] -o OUTDIR [-j N] [--allow-other-files] [--timeout 5m] [--printer kdp|lulu] [--strict] [--quiet]", runBuild},
		"solve":     {"solve puzzles, one per line", "solve [FILE] [--variant V] [--size N]", runSolve},
		"grade":     {"grade puzzles by the techniques they need", "grade [FILE] [--variant V] [--size N]", runGrade},
		"generate":  {"generate new puzzles", "generate -n N --level L [--variant V] [--size N] [--clues MIN-MAX] [--symmetry S] [--seed S] [-j N] [--killer [--cages MIN-MAX] [--givens MIN-MAX]]", runGenerate},
		"explain":   {"show a step-by-step solution path", "explain PUZZLE [--variant V] [--size N]", runExplain},
		"png":       {"render one puzzle of any kind as a PNG image", "png PUZZLE -o FILE [--solution] [--dpi 300] [--side 3in] [--variant V] [--size N] [--letters]", runPNG},
		"init":      {"write a commented starter spec to edit", "init [DIR]", runInit},
		"html":      {"write the playable web edition of a built book", "html MANIFEST -o FILE [--puzzles 1-10]", runHTML},
		"check":     {"preflight a book PDF for a printer", "check BOOK.pdf [--printer kdp|lulu] [--manifest manifest.json]", runCheck},
		"templates": {"list presets and languages", "templates", runTemplates},
		"version":   {"print the version", "version", runVersion},
	}
}

// run runs one command line. A panic is reported as an internal error
// (exit 1), a failed write to stdout as a failure, and anything that ends
// after ctx was cancelled as an interruption.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	return runEnv(ctx, args, env{stdin: stdin, stdout: stdout, stderr: stderr})
}

// runEnv is run in e, whose stdout it checks.
func runEnv(ctx context.Context, args []string, e env) error {
	out := &checkedWriter{w: e.stdout}
	e.stdout = out
	err := guard(func() error { return dispatch(ctx, args, e) })
	if err == nil && out.err != nil {
		err = out.err
	}
	if err != nil && ctx.Err() != nil {
		err = fmt.Errorf("%w: %w", errInterrupted, err)
	}
	return err
}

// guard runs fn, turning a panic into an internal error: run's recover
// covers only its own goroutine, and a panic in any other would end the
// process with Go's exit 2. Every goroutine cmd starts runs under guard.
func guard(fn func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error, please report it: %v\n%s", r, debug.Stack())
		}
	}()
	return fn()
}

// checkedWriter keeps the first write error, so output that never arrived
// (a full disk, /dev/full, a closed pipe) cannot end in exit 0, and every
// write after it fails at once, so a loop printing results stops.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if errors.Is(err, syscall.EPIPE) {
		c.err = fmt.Errorf("%w: %w", errReaderGone, err)
		return n, c.err
	}
	if err != nil {
		c.err = fmt.Errorf("writing to standard output: %w", err)
		return n, c.err
	}
	return n, nil
}

func dispatch(ctx context.Context, args []string, e env) error {
	stdout, stderr := e.stdout, e.stderr
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
				err := c.run(ctx, env{stdin: e.stdin, stdout: stdout, stderr: stdout}, []string{"-h"})
				if errors.Is(err, flag.ErrHelp) {
					return nil
				}
				return err
			}
			return usagef("help: unknown command %q", args[1])
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
	if !instantCommands[args[0]] {
		armInterrupts(ctx)
	}
	err := c.run(ctx, e, args[1:])
	// The hint names the command's own help, which lists its flags.
	if ue := (*usageError)(nil); errors.As(err, &ue) && ue.cmd == "" {
		ue.cmd = args[0]
	}
	return err
}

func printUsage(w io.Writer) {
	fmt.Fprintf(w, "%s turns a YAML book spec into a print-ready Sudoku book.\n\nUsage:\n", name)
	listCommands(w, commands)
	// Every kind's line form, so a user of x, jigsaw, killer or a samurai
	// figure is not told a puzzle must be 81 characters.
	fmt.Fprintf(w, "\nA puzzle is one line: N*N characters row by row (81 for classic 9x9), 1-9 then A-G,\n"+
		"'.' or '0' for a blank. A jigsaw adds /REGIONS (each cell's region); a killer adds\n"+
		"/CAGES/SUMS (a letter a cell, then the sums); a samurai, twin, butterfly, sohei or\n"+
		"flower figure covers its bounding box row by row with '-' outside the figure.\n")
}

// listCommands prints the usage and summary of each command of table,
// sorted, and returns their names.
func listCommands(w io.Writer, table map[string]command) []string {
	names := slices.Sorted(maps.Keys(table))
	for _, n := range names {
		fmt.Fprintf(w, "  %s %s\n        %s\n", name, table[n].usage, table[n].summary)
	}
	return names
}

// newFlags makes a command's flag set; errors come back to run, not to
// os.Exit, and usage goes to stderr.
func newFlags(e env, cmd string) *flag.FlagSet {
	return newFlagSet(e, cmd, commands[cmd].usage).FlagSet
}

// parseArgs parses flags that may stand before, between or after the
// positional arguments (the standard flag package stops at the first
// positional one) and returns the positional arguments.
//
// A figure's line may open with cells out of play ("------..." for a sohei
// or a flower), which the flag package would refuse as a bad flag; an
// argument starting with three dashes is always taken as positional.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	// On a bad flag the flag package prints its error and the whole usage,
	// and run then prints the error again: it is silenced here, and run
	// prints one line (flagError). -h still prints the usage.
	out, usage := fs.Output(), fs.Usage
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	defer func() { fs.SetOutput(out); fs.Usage = usage }()
	var pos []string
	for {
		head, tail := args, []string(nil)
		if k := slices.IndexFunc(args, outOfPlayLine); k >= 0 {
			head, tail = args[:k], args[k:]
		}
		if err := fs.Parse(head); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fs.SetOutput(out)
				usage()
				return nil, err
			}
			return nil, flagError(fs, err)
		}
		rest := fs.Args()
		switch {
		case len(rest) > 0 && rest[0] == "--":
			return slices.Concat(pos, rest[1:], tail), nil
		case len(rest) > 0:
			pos = append(pos, rest[0])
			args = slices.Concat(rest[1:], tail)
		case len(tail) > 0:
			pos = append(pos, tail[0])
			args = tail[1:]
		default:
			return pos, nil
		}
	}
}

// outOfPlayLine reports whether a command-line argument is a figure's
// line opening with cells out of play, not a flag.
func outOfPlayLine(arg string) bool { return strings.HasPrefix(arg, "---") }

func runVersion(_ context.Context, e env, args []string) error {
	if err := (&flagSet{newFlags(e, "version")}).noArgs(args); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%s %s\n", name, version)
	return nil
}

// maxWorkers caps -j. Generation cannot keep more than 64 workers busy
// (engine.Fill's dispatch window), and each image worker holds a whole
// page bitmap, so more only costs memory: -j 1000000000 once ran out of it.
const maxWorkers = 64

// capWorkers checks a -j value: below 1 is a usage error, above
// maxWorkers is lowered to it with a note on stderr.
func capWorkers(e env, n int) (int, error) {
	if n < 1 {
		return 0, usagef("-j %d: want at least 1", n)
	}
	if n > maxWorkers {
		fmt.Fprintf(e.stderr, "%s: -j %d: using %d workers, the most that help\n", name, n, maxWorkers)
		return maxWorkers, nil
	}
	return n, nil
}

// plural is a tiny helper for messages: "1 puzzle", "3 puzzles".
func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}
