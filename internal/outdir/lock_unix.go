//go:build unix

package outdir

import (
	"errors"
	"fmt"
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

// openLock opens (or makes) the lock file without following a link at
// its name: a lock that is a link to a file elsewhere is refused, so a
// build never creates or locks a file outside OUTDIR.
func openLock(p string) (*os.File, error) {
	f, err := os.OpenFile(p, os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW, 0o644)
	if errors.Is(err, syscall.ELOOP) {
		return nil, fmt.Errorf("%w: %s is a link; nothing was changed", ErrTampered, p)
	}
	if err != nil {
		return nil, err
	}
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("%w: %s is not a plain file; nothing was changed", ErrTampered, p)
	}
	return f, nil
}
