//go:build !plan9

package outdir

import (
	"errors"
	"syscall"
)

// badPath says whether err from looking up OUTDIR means the path cannot
// be a folder: a part of it is a file, or its links loop.
func badPath(err error) bool {
	return errors.Is(err, syscall.ENOTDIR) || errors.Is(err, syscall.ELOOP)
}
