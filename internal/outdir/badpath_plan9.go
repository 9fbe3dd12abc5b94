package outdir

import (
	"errors"
	"syscall"
)

// badPath says whether err from looking up OUTDIR means the path cannot
// be a folder: a part of it is a file (Plan 9 has no links to loop).
func badPath(err error) bool { return errors.Is(err, syscall.ENOTDIR) }
