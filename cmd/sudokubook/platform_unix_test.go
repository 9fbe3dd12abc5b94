//go:build unix

package main

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
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

// peakRSSKiB is a running child's peak resident memory in KiB, where the
// system reports it (Linux's /proc). The usage an ended child reports will
// not do: Linux starts a child on its parent's memory and keeps that
// memory's peak as the child's, so it would measure the test process.
func peakRSSKiB(pid int) (int64, bool) {
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, false
	}
	for _, line := range strings.Split(string(status), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kib, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kib, err == nil
		}
	}
	return 0, false
}

// interruptSelf sends the process SIGINT, as Ctrl-C does.
func interruptSelf() { syscall.Kill(os.Getpid(), syscall.SIGINT) }

// runAsNobody makes cmd run as the user nobody, whom file modes bind
// (root writes anywhere).
func runAsNobody(_ *testing.T, cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
}
