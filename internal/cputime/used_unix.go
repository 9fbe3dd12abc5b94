//go:build unix

package cputime

import (
	"syscall"
	"time"
)

// Used is the CPU time, user plus system, the process has used so far,
// all threads together (the garbage collector's included).
func Used() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
