package outdir

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
)

// WriteFile writes data beside path under a temporary name and renames it
// into place, so a reader never sees half a file: for one file written
// alone (an image, a web edition), where a whole output folder is not
// wanted. The rename replaces a regular file only; callers check the
// target first. atExit, when set, registers the temporary file's removal
// with the caller's clean-ups on a signal (as Options of a build do) and
// returns the function to run it; afterTemp, when set (tests), runs once
// the temporary file is made.
func WriteFile(path string, data []byte, atExit func(cleanup func()) func(), afterTemp func()) error {
	dir := filepath.Dir(path)
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return fmt.Errorf("writing %s: there is no folder %s", path, dir)
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	tmp := f.Name()
	// Removed however the write ends, a signal included; after the rename
	// there is nothing left at tmp to remove.
	remove := func() { os.Remove(tmp) }
	if atExit == nil {
		atExit = func(fn func()) func() { return sync.OnceFunc(fn) }
	}
	defer atExit(remove)()
	if afterTemp != nil {
		afterTemp()
	}
	// CreateTemp makes the file private (0600); an exported image or page
	// is for sharing, so it gets the mode a build gives its outputs.
	err = f.Chmod(0o644)
	if err == nil {
		_, err = f.Write(data)
	}
	if err == nil {
		// Synced before the rename: after a power cut the name must not
		// point at a file whose data never reached the disk.
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	return err
}
