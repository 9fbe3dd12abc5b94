package main

import (
	"runtime"
	"strconv"
	"testing"

	"github.com/sudokubook/sudokubook/internal/cputime"
)

// BenchmarkBuild240 is the whole build of docs/performance.md's figure: spec,
// generation and grading of 240 puzzles on every core, layout, cover,
// preflight and files, as `sudokubook build` does it. cpu-ns/op adds up
// every core's work, the figure to quote on a busy machine.
func BenchmarkBuild240(b *testing.B) {
	benchBuild(b, "testdata/bench240.yaml")
}

// BenchmarkBuild240PNG is the same book with a 450-pixel PNG of every
// puzzle and every solution (480 images).
func BenchmarkBuild240PNG(b *testing.B) {
	benchBuild(b, "testdata/bench240png.yaml")
}

func benchBuild(b *testing.B, spec string) {
	dir := b.TempDir()
	b.ReportAllocs()
	cpu := cputime.Start()
	for b.Loop() {
		out, stderr, code := runWith("", "build", spec, "-o", dir, "--quiet", "-j", strconv.Itoa(runtime.NumCPU()))
		if code != 0 {
			b.Fatalf("exit %d: %s%s", code, out, stderr)
		}
	}
	cpu.Report(b)
}
