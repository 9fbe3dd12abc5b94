package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/sudokubook/sudokubook/book"
)

// checkOutFile refuses an -o target that is there and is not a regular
// file: a device, a FIFO, a folder or a link. The command replaces a
// regular file it is pointed at, whole (writeFileAtomic), and nothing else.
func checkOutFile(flag, path string) error {
	fi, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return err
	case fi.Mode().IsRegular():
		return nil
	}
	kind := book.FileKind(fi.Mode())
	if fi.Mode()&fs.ModeSymlink != 0 {
		kind = "a symbolic link"
	}
	return inputErr(fmt.Errorf("%s %s: that is %s; write to a regular file or a new path", flag, path, kind))
}
