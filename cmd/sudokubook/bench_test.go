package main

import (
	"runtime"
	"strconv"
	"testing"
)

// BenchmarkBuild240 is the whole build of the README's speed figure: spec,
// generation and grading of 240 puzzles on every core, layout, cover,
// preflight and files, as `sudokubook build` does it.
func BenchmarkBuild240(b *testing.B) {
	dir := b.TempDir()
	b.ReportAllocs()
	for b.Loop() {
		out, stderr, code := runWith("", "build", "testdata/bench240.yaml", "-o", dir, "--quiet", "-j", strconv.Itoa(runtime.NumCPU()))
		if code != 0 {
			b.Fatalf("exit %d: %s%s", code, out, stderr)
		}
	}
}
