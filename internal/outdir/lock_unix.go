//go:build unix

package outdir

import (
	"errors"
	"os"
	"syscall"
)

var errWouldBlock = syscall.EWOULDBLOCK

// lockFile takes an exclusive flock(2) on f without waiting. The kernel
// drops it when the process dies, so a killed build never leaves the
// folder locked.
func lockFile(f *os.File) error {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if !errors.Is(err, syscall.EINTR) {
			return err
		}
	}
}
