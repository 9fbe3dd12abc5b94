//go:build windows

package outdir

import (
	"os"

	"golang.org/x/sys/windows"
)

var errWouldBlock = windows.ERROR_LOCK_VIOLATION

// lockFile takes an exclusive LockFileEx lock on the first byte of f
// without waiting. Windows drops it when the handle closes or the process
// dies, so a killed build never leaves the folder locked; a second handle,
// in this process or another, is refused with ERROR_LOCK_VIOLATION.
func lockFile(f *os.File) error {
	var ov windows.Overlapped
	return windows.LockFileEx(windows.Handle(f.Fd()),
		windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &ov)
}
