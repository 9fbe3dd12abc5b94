package cputime

import (
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
