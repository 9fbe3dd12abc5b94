package main

import (
	"bufio"
	"cmp"
	"context"
	"fmt"
	"os"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
)

// runSolve prints each puzzle's solution, or "none" / "multiple"; any such
// line makes the command exit 1 once every line has been answered.
//
// A line read with a kind column keeps it on its solution line, as grade
// does: an X or hyper solution is 81 digits like a classic one, and a
// butterfly's 144 read as a 12x12. No column is added to a line without
// one (--variant said the kind, and says it again to the next command):
// output lines have the form of input lines.
// "none" and "multiple" carry no column: there is no puzzle on their line.
func runSolve(ctx context.Context, e env, args []string) error {
	return answerEach(ctx, e, "solve", args,
		func(dst []byte, p book.Line) ([]byte, error) {
			sol, err := engine.Solve(p.Geo, p.Cells)
			if err != nil {
				return dst, err
			}
			return p.AppendKind(engine.AppendLine(dst, p.Geo, sol)), nil
		},
		func(_ book.Line, word string) string { return word })
}

// runGrade prints puzzle, level, score and hardest technique per line. A
// puzzle without exactly one solution cannot be graded: its line says
// "none" or "multiple" in the level column and the command exits 1. A line
// read with a kind column keeps it, last, so that grade's output of a bank
// export reads back as the same kinds.
func runGrade(ctx context.Context, e env, args []string) error {
	gr := engine.NewGrader()
	return answerEach(ctx, e, "grade", args,
		func(dst []byte, p book.Line) ([]byte, error) {
			res, err := gr.Grade(p.Geo, p.Cells, engine.GradeOptions{})
			return p.AppendKind(append(dst, book.GradeLine(p.Geo, p.Cells, res)...)), err
		},
		func(p book.Line, word string) string {
			return p.WithKind(fmt.Sprintf("%s\t%s", engine.FormatLine(p.Geo, p.Cells), word))
		})
}

// answerEach runs a text command that answers every input puzzle with one
// line: answer's line, or, for a puzzle without exactly one solution, the
// line miss makes of the word "none" or "multiple". Such puzzles do not stop
// the run; they make the command exit 1 once every line is answered.
func answerEach(ctx context.Context, e env, cmd string, args []string,
	answer func([]byte, book.Line) ([]byte, error), miss func(book.Line, string) string) error {
	fs := newFlags(e, cmd)
	kind := kindFlags(fs, 0)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	k, err := kind()
	if err != nil {
		return err
	}
	// Interrupts are armed (armInterrupts) before anything that may wait
	// or take long: input not from a regular file (a terminal, a pipe, a
	// FIFO: even opening may wait), a second puzzle, or a first that is
	// not classic 9x9. One classic line from a file takes microseconds.
	wait := inputMayWait(e, pos)
	if wait {
		armInterrupts(ctx)
	}
	r, src, done, err := openInput(e, pos)
	if err != nil {
		return err
	}
	defer done()
	w := bufio.NewWriter(e.stdout) // a write a line cost more than solving
	defer w.Flush()                // a failed write stays in checkedWriter
	bad, first := 0, true
	var out []byte // each answer's line, in one buffer
	err = book.EachLine(r, src, flagKinds(fs, k), func(line int, p book.Line) error {
		if !first || p.Geo.Variant != engine.Classic || p.Geo.N != 9 {
			armInterrupts(ctx)
		}
		first = false
		if err := ctx.Err(); err != nil {
			return err
		}
		var err error
		out, err = answer(out[:0], p)
		if word, ok := solveOutcome(e, src, line, err); ok {
			bad++
			out = append(out[:0], miss(p, word)...)
		} else if err != nil {
			return fmt.Errorf("%s:%d: %w", src, line, err)
		}
		w.Write(out) // bufio keeps a failed write's error for WriteByte
		if err = w.WriteByte('\n'); err == nil && wait {
			err = w.Flush() // a reader that may wait gets each answer at once
		}
		return err
	})
	if err := cmp.Or(err, w.Flush()); err != nil {
		return err
	}
	if bad > 0 {
		fmt.Fprintf(e.stderr, "%s: %s without exactly one solution\n", name, plural(bad, "puzzle"))
		return errSilent
	}
	return nil
}

// inputMayWait reports whether reading the input named by the command's
// arguments (none or "-": stdin) could wait: anything but a regular file.
func inputMayWait(e env, pos []string) bool {
	var fi os.FileInfo
	var err error
	if len(pos) == 0 || pos[0] == "-" {
		f, ok := e.stdin.(*os.File)
		if !ok {
			return true
		}
		fi, err = f.Stat()
	} else {
		fi, err = os.Stat(pos[0])
	}
	return err != nil || !fi.Mode().IsRegular()
}
