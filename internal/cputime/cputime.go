// Package cputime reads the CPU time the process has used, user and system,
// so benchmarks can report CPU per operation alongside wall-clock time. On a
// shared machine the wall clock counts time spent waiting for a core; CPU
// time counts only the work.
package cputime

import (
	"testing"
	"time"
)

// Meter measures the CPU time used between its start and its report.
type Meter struct{ start time.Duration }

// Start begins a measurement.
func Start() Meter { return Meter{start: Used()} }

// Report adds the CPU time per operation since m started to b's results as
// "cpu-ns/op". Call it after the benchmark loop. Nothing is reported where
// the platform gives no CPU time.
func (m Meter) Report(b *testing.B) {
	now := Used()
	if now == 0 || b.N == 0 {
		return
	}
	b.ReportMetric(float64(now-m.start)/float64(b.N), "cpu-ns/op")
}

// Elapsed is the CPU time used since m started (0 where the platform gives
// no CPU time).
func (m Meter) Elapsed() time.Duration {
	now := Used()
	if now == 0 {
		return 0
	}
	return now - m.start
}
