package main

import (
	"fmt"
	"path/filepath"

	"github.com/sudokubook/sudokubook/internal/outdir"
)

// checkNewName refuses a path whose last element, the file or folder the
// program would make, is a name Windows refuses (outdir.WindowsRefuses), on every
// system: a book built on Linux must copy to a Windows disk as it is. flag
// names the argument.
func checkNewName(flag, path string) error {
	base := filepath.Base(path)
	if base == "." || base == ".." || base == string(filepath.Separator) {
		return nil
	}
	if why := outdir.WindowsRefuses(base); why != "" {
		return inputErr(fmt.Errorf("%s %s: %q cannot be a file name on every system: it %s", flag, path, base, why))
	}
	return nil
}
