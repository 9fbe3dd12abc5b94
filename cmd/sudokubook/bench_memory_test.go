package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strconv"
	"testing"
	"time"
)

// BenchmarkBuildMemory builds books of easy puzzles (quick to generate), six
// a page, without PNGs, and reports the peak of the Go heap during the
// build above what was live before it (peak-heap-MB), sampled every few
// milliseconds. The memory target is a peak that stops growing with the
// puzzle count; comparing the sizes shows the slope (MB-per-1000).
func BenchmarkBuildMemory(b *testing.B) {
	var first float64
	for _, n := range []int{500, 2000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			dir := b.TempDir()
			spec := filepath.Join(dir, "spec.yaml")
			text := fmt.Sprintf("title: Memory\nseed: 3\nyear: 2026\ntrim: 8.5x11in\npuzzles_per_page: 6\nsolutions_per_page: 12\nsections:\n  - {level: easy, count: %d}\n", n)
			if err := os.WriteFile(spec, []byte(text), 0o644); err != nil {
				b.Fatal(err)
			}
			var peak float64
			for b.Loop() {
				runtime.GC()
				base := heapBytes()
				stop, done := make(chan struct{}), make(chan uint64)
				go func() {
					high := base
					for {
						select {
						case <-stop:
							done <- high
							return
						case <-time.After(2 * time.Millisecond):
							high = max(high, heapBytes())
						}
					}
				}()
				out, stderr, code := runWith("", "build", spec, "-o", filepath.Join(dir, "out"), "--quiet")
				close(stop)
				high := <-done
				if code != 0 {
					b.Fatalf("exit %d: %s%s", code, out, stderr)
				}
				peak = max(peak, float64(high-base)/(1<<20))
			}
			b.ReportMetric(peak, "peak-heap-MB")
			if n == 500 {
				first = peak
			} else if first > 0 {
				b.ReportMetric((peak-first)/1.5, "MB-per-1000")
			}
		})
	}
}

// heapBytes is the memory held by heap objects, live or not yet swept.
func heapBytes() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}
