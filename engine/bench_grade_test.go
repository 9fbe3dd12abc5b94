package engine

import (
	"slices"
	"strings"
	"testing"
	"time"

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
				if _, err := g.Grade(ps[n%len(ps)], GradeOptions{}); err != nil {
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
// and the mean time per puzzle: the target is a median of 20 ms.
// Run it with -cpu 1 on a quiet machine; per-puzzle times are wall clock.
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
	times := make([]time.Duration, 0, len(ps))
	n := 0
	for b.Loop() {
		t0 := time.Now()
		if _, err := g.Grade(ps[n%len(ps)], GradeOptions{}); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(t0))
		n++
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds()), "median-us/puzzle")
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(n), "us/puzzle")
}
