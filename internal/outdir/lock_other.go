//go:build !unix

package outdir

import (
	"errors"
	"fmt"
	"os"
)

var errWouldBlock = errors.New("would block")

// lockFile refuses: without flock(2) two builds could mix one folder, and
// a build that cannot promise a whole book should not start.
func lockFile(*os.File) error {
	return errors.New("output folders need a Unix system (flock)")
}

// openLock opens (or makes) the lock file, refusing one that is a link:
// without O_NOFOLLOW the check is made before the open.
func openLock(p string) (*os.File, error) {
	if fi, err := os.Lstat(p); err == nil && !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%w: %s is not a plain file; nothing was changed", ErrTampered, p)
	}
	return os.OpenFile(p, os.O_RDWR|os.O_CREATE, 0o644)
}
