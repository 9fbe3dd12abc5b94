package cputime

import (
	"runtime"
	"testing"
	"time"
)

// TestUsedGrows spins until the reading has moved by 5ms of CPU. A loaded
// machine may give the spin only a sliver of a core, so the spin is bounded
// by a generous wall-clock limit rather than timed: a reading that never
// moves fails, one that moves slowly because the core is shared does not.
func TestUsedGrows(t *testing.T) {
	before := Used()
	if before == 0 {
		t.Skip("no CPU time on this platform")
	}
	x := 0
	deadline := time.Now().Add(20 * time.Second)
	for Used()-before < 5*time.Millisecond {
		if time.Now().After(deadline) {
			t.Fatalf("CPU time grew by %v in 20s of spinning (%d turns), want at least 5ms", Used()-before, x)
		}
		for range 10000 {
			x++
		}
	}
}

// TestThreadGrows spins until the thread's reading has moved by 1ms, as
// TestUsedGrows does for the process.
func TestThreadGrows(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	before := Thread()
	if before == 0 {
		t.Skip("no thread CPU time on this platform")
	}
	x := 0
	deadline := time.Now().Add(20 * time.Second)
	for Thread()-before < time.Millisecond {
		if time.Now().After(deadline) {
			t.Fatalf("thread CPU time grew by %v in 20s of spinning (%d turns), want at least 1ms", Thread()-before, x)
		}
		for range 10000 {
			x++
		}
	}
}
