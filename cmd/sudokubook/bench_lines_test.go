package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/internal/cputime"
	"github.com/sudokubook/sudokubook/internal/puzzlesets"
)

// BenchmarkSolveLines is `solve`'s reading and printing, a line at a time,
// in process: `solve FILE` over complete grids (the solutions of
// puzzles17), whose solving is a load and a check, so cpu-ns/line is
// nearly all line I/O: reading, parsing, the answer's formatting and its
// write. "puzzles17" runs the same over the puzzles themselves, the whole
// command less its start-up.
func BenchmarkSolveLines(b *testing.B) {
	lines := puzzlesets.Lines(b, "puzzles17.txt")
	var grids, puzzles strings.Builder
	for _, l := range lines {
		sol, err := engine.Solve(engine.Classic9, engine.MustParseGrid(l).Cells())
		if err != nil {
			b.Fatal(err)
		}
		grids.WriteString(engine.FormatLine(engine.Classic9, sol) + "\n")
		puzzles.WriteString(l + "\n")
	}
	for _, c := range []struct{ name, text string }{{"grids", grids.String()}, {"puzzles17", puzzles.String()}} {
		file := filepath.Join(b.TempDir(), c.name+".txt")
		if err := os.WriteFile(file, []byte(c.text), 0o644); err != nil {
			b.Fatal(err)
		}
		b.Run(c.name, func(b *testing.B) {
			cpu := cputime.Start()
			for b.Loop() {
				if err := run(context.Background(), []string{"solve", file}, nil, io.Discard, io.Discard); err != nil {
					b.Fatal(err)
				}
			}
			if t := cpu.Elapsed(); t > 0 {
				b.ReportMetric(float64(t.Nanoseconds())/float64(b.N*len(lines)), "cpu-ns/line")
			}
		})
	}
}

// BenchmarkLineIO is solve's reading and printing with no solving at all:
// each puzzle is written back as read, through the command's own loop, over
// a file of 35,000 lines (the puzzles17 set, or its sample repeated) so
// that the command's start is a small part. cpu-ns/line is the figure to
// hold against another solver's cost of reading and writing a line.
func BenchmarkLineIO(b *testing.B) {
	lines := puzzlesets.Lines(b, "puzzles17.txt")
	for len(lines) < 35000 {
		lines = append(lines, lines...)
	}
	file := filepath.Join(b.TempDir(), "puzzles.txt")
	if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	e := env{stdout: io.Discard, stderr: io.Discard}
	echo := func(dst []byte, p book.Line) ([]byte, error) {
		return p.AppendKind(engine.AppendLine(dst, p.Geo, p.Cells)), nil
	}
	cpu := cputime.Start()
	for b.Loop() {
		err := answerEach(context.Background(), e, "solve", []string{file}, echo,
			func(_ book.Line, word string) string { return word })
		if err != nil {
			b.Fatal(err)
		}
	}
	if t := cpu.Elapsed(); t > 0 {
		b.ReportMetric(float64(t.Nanoseconds())/float64(b.N*len(lines)), "cpu-ns/line")
	}
}
