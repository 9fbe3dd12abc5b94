//go:build unix

package main

import (
	"os"
	"os/exec"
	"syscall"
	"testing"
)

// The tests' access to what only Unix has: FIFOs, flock and a peak RSS in
// the child's rusage. platform_other_test.go gives the same names where
// these are missing, so every test file compiles for Windows too.

// mkfifo makes a FIFO at path.
func mkfifo(t *testing.T, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Fatal(err)
	}
}

// lockExclusive takes f's flock without waiting, as a running build holds
// its output folder's lock.
func lockExclusive(t *testing.T, f *os.File) {
	t.Helper()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Fatal(err)
	}
}

// peakRSSKiB is an ended child's peak resident memory in KiB, where the
// system reports it.
func peakRSSKiB(ps *os.ProcessState) (int64, bool) {
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0, false
	}
	return int64(ru.Maxrss), true
}

// interruptSelf sends the process SIGINT, as Ctrl-C does.
func interruptSelf() { syscall.Kill(os.Getpid(), syscall.SIGINT) }

// runAsNobody makes cmd run as the user nobody, whom file modes bind
// (root writes anywhere).
func runAsNobody(_ *testing.T, cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
}
