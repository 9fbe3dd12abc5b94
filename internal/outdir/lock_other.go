//go:build !unix && !windows

package outdir

import (
	"errors"
	"os"
)

var errWouldBlock = errors.New("would block")

// lockFile refuses: without a system file lock two builds could mix one
// folder, and a build that cannot promise a whole book should not start.
func lockFile(*os.File) error {
	return errors.New("output folders need a system with file locks (Unix or Windows)")
}
