//go:build !unix

package outdir

import (
	"fmt"
	"os"
)

// openLock opens (or makes) the lock file, refusing one that is a link.
// Without O_NOFOLLOW the name is checked before the open, and the file
// opened is checked to be the one checked, so a link swapped in between
// is caught before the lock is used.
func openLock(p string) (*os.File, error) {
	before, err := os.Lstat(p)
	if err == nil && !before.Mode().IsRegular() {
		return nil, fmt.Errorf("%w: %s is not a plain file; nothing was changed", ErrTampered, p)
	}
	f, err := os.OpenFile(p, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	fi, ferr := f.Stat()
	after, lerr := os.Lstat(p)
	if ferr != nil || lerr != nil || !after.Mode().IsRegular() || !os.SameFile(fi, after) {
		f.Close()
		return nil, fmt.Errorf("%w: %s is not a plain file; nothing was changed", ErrTampered, p)
	}
	return f, nil
}
