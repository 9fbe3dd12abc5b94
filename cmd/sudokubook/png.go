package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/layout"
)

// runPNG renders one puzzle, or its solution, as a greyscale PNG with its
// DPI recorded, for a newspaper page or a worksheet.
func runPNG(_ context.Context, e env, args []string) error {
	fs := newFlags(e, "png")
	out := fs.String("o", "", "output PNG file (required)")
	solution := fs.Bool("solution", false, "draw the solution (givens bold, the rest lighter)")
	dpi := fs.Int("dpi", 300, "resolution in dots per inch (72 to 1200)")
	size := fs.String("size", "3in", "side of the grid, with a unit: 3in, 76mm, 216pt")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("png wants one PUZZLE (81 characters), got %d arguments", len(pos))
	}
	if *out == "" {
		return usagef("png needs an output file: -o FILE.png")
	}
	if *dpi < 72 || *dpi > 1200 {
		return usagef("--dpi %d: want 72 to 1200", *dpi)
	}
	side, err := book.ParseLength(*size)
	if err != nil {
		return usagef("--size: %v", err)
	}
	if side < 0.5*book.Inch || side > 20*book.Inch {
		return usagef("--size %s: want 0.5in to 20in", *size)
	}
	if err := checkOutFile("-o", *out); err != nil {
		return err
	}
	// The file is a PNG whatever its name; PNG bytes under a .jpg name
	// confuse every program that trusts the name.
	if ext := filepath.Ext(*out); !strings.EqualFold(ext, ".png") {
		return usagef("-o %s: png writes PNG images, so the file name must end in .png (got %q)", *out, ext)
	}
	g, err := engine.ParseGrid(pos[0])
	if err != nil {
		return usagef("PUZZLE: %v", err)
	}
	sol, err := engine.Solve(g)
	if err != nil {
		return fmt.Errorf("PUZZLE: %w", err)
	}
	var buf bytes.Buffer
	if err := layout.RenderPNG(&buf, g, sol, *solution, side, *dpi, book.Default().Style); err != nil {
		return err
	}
	return writeFileAtomic(*out, buf.Bytes())
}

// writeFileAtomic writes data beside path under a temporary name and
// renames it into place, so a reader never sees half a file. Callers check
// the target first (checkOutFile): the rename replaces a regular file only.
func writeFileAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return fmt.Errorf("writing %s: there is no folder %s", path, dir)
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	tmp := f.Name()
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
	if err != nil {
		os.Remove(tmp)
	}
	return err
}
