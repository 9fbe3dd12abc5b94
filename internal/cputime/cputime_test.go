package cputime

import (
	"testing"
	"time"
)

// TestUsedGrows spins for a while and checks the CPU time moved by at least
// part of it (other threads may add to it, nothing takes from it).
func TestUsedGrows(t *testing.T) {
	before := Used()
	if before == 0 {
		t.Skip("no CPU time on this platform")
	}
	x := 0
	for deadline := time.Now().Add(30 * time.Millisecond); time.Now().Before(deadline); {
		x++
	}
	if got := Used() - before; got < 5*time.Millisecond {
		t.Errorf("CPU time grew by %v over a 30ms spin (%d turns), want at least 5ms", got, x)
	}
}
