//go:build !unix

package main

import (
	"os"
	"os/exec"
	"runtime"
	"testing"
)

// mkfifo skips the test: there are no FIFOs here.
func mkfifo(t *testing.T, _ string) {
	t.Helper()
	t.Skipf("no FIFOs on %s", runtime.GOOS)
}

// lockExclusive skips the test: the output folder's lock here is not flock.
func lockExclusive(t *testing.T, _ *os.File) {
	t.Helper()
	t.Skipf("no flock on %s", runtime.GOOS)
}

// peakRSSKiB reports no peak memory: the system does not show it here.
func peakRSSKiB(int) (int64, bool) { return 0, false }

// interruptSelf fails the helper process: os.Process.Signal cannot send
// os.Interrupt here, and a console's Ctrl-C reaches every process on it.
func interruptSelf() {
	p, err := os.FindProcess(os.Getpid())
	if err == nil {
		err = p.Signal(os.Interrupt)
	}
	if err != nil {
		panic("interrupting the test's own process: " + err.Error())
	}
}

// runAsNobody skips the test: a process's user is not set this way here.
func runAsNobody(t *testing.T, _ *exec.Cmd) {
	t.Helper()
	t.Skipf("no setuid for a child on %s", runtime.GOOS)
}
