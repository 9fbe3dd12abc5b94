//go:build !unix

package cputime

import "time"

// Used is 0 where the process's CPU time is not read: Report then reports
// nothing.
func Used() time.Duration { return 0 }
