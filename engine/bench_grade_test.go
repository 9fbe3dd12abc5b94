package engine

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokubook/sudokubook/internal/cputime"
	"github.com/sudokubook/sudokubook/internal/puzzlesets"
)

// BenchmarkGrade grades whole shared sets with one warm Grader, as a
// generator worker does, and reports the mean cost per puzzle.
func BenchmarkGrade(b *testing.B) {
	sets := []struct {
		name string
		step int
	}{
		{"easy50", 1},
		{"top95", 1},
		{"puzzles17", 100},
		{"hardest1106", 10},
	}
	for _, set := range sets {
		ps := sample(loadPuzzleSet(b, set.name), set.step)
		b.Run(set.name, func(b *testing.B) {
			g := NewGrader()
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				if _, err := g.Grade(Classic9, ps[n%len(ps)].Cells(), GradeOptions{}); err != nil {
					b.Fatal(err)
				}
				n++
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(n), "us/puzzle")
		})
	}
}

// BenchmarkGradeSE7 grades the puzzles of se_rated.tsv that SE rates 7.0
// or more (the first 300 of them), rating included, and reports the median
// and the mean time per puzzle, as CPU time (the process's, so run it with
// -cpu 1) and as wall clock; the target is a median of 20 ms.
func BenchmarkGradeSE7(b *testing.B) {
	var ps []Grid
	for _, line := range puzzlesets.Lines(b, "se_rated.tsv") {
		grid, rating, _ := strings.Cut(line, "\t")
		if r, err := ParseRating(rating); err != nil || r < 70 {
			continue
		}
		ps = append(ps, MustParseGrid(grid))
		if len(ps) == 300 {
			break
		}
	}
	g := NewGrader()
	var wall, cpu []time.Duration
	meter := cputime.Start()
	n := 0
	for b.Loop() {
		t0, c0 := time.Now(), cputime.Used()
		if _, err := g.Grade(Classic9, ps[n%len(ps)].Cells(), GradeOptions{}); err != nil {
			b.Fatal(err)
		}
		wall = append(wall, time.Since(t0))
		cpu = append(cpu, cputime.Used()-c0)
		n++
	}
	meter.Report(b)
	slices.Sort(wall)
	slices.Sort(cpu)
	b.ReportMetric(float64(cpu[len(cpu)/2].Microseconds()), "median-cpu-us")
	b.ReportMetric(float64(wall[len(wall)/2].Microseconds()), "median-wall-us")
}
