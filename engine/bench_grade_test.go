package engine

import "testing"

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
