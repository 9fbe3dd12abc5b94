package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/internal/outdir"
	"github.com/sudokubook/sudokubook/layout"
)

// runPNG renders one puzzle of any kind, or its solution, as a greyscale
// PNG with its DPI recorded, for a newspaper page or a worksheet.
func runPNG(ctx context.Context, e env, args []string) error {
	fs := newFlags(e, "png")
	out := fs.String("o", "", "output PNG file (required)")
	solution := fs.Bool("solution", false, "draw the solution (givens bold, the rest regular)")
	dpi := fs.Int("dpi", 300, "resolution in dots per inch (72 to 1200)")
	variant := variantFlag(fs)
	letters := fs.Bool("letters", false, "print 16x16 symbols as the letters A to P instead of 1 to 16")
	var size pngSize
	size.side = 3 * book.Inch
	fs.Var(&size, "size", "grid side, 4 to 16 (default: from the puzzle's length), or the image's side with a unit: 3in, 76mm, 216pt")
	fs.Var(lengthFlag{&size.side}, "side", "side of the image, with a unit: 3in, 76mm, 216pt")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("png wants one PUZZLE (81 characters, or N*N for another size), got %d arguments", len(pos))
	}
	if *out == "" {
		return usagef("png needs an output file: -o FILE.png")
	}
	if *dpi < 72 || *dpi > 1200 {
		return usagef("--dpi %d: want 72 to 1200", *dpi)
	}
	if size.side < 0.5*book.Inch || size.side > 20*book.Inch {
		return usagef("--side %s: want 0.5in to 20in", size.side)
	}
	k, err := flagKind(*variant, size.grid)
	if err != nil {
		return err
	}
	if err := checkOutFile("-o", *out); err != nil {
		return err
	}
	// The file is a PNG whatever its name; PNG bytes under a .jpg name
	// confuse every program that trusts the name.
	if ext := filepath.Ext(*out); !strings.EqualFold(ext, ".png") {
		return usagef("-o %s: png writes PNG images, so the file name must end in .png (got %q)", *out, ext)
	}
	p, err := argPuzzle(fs, k, pos[0])
	if err != nil {
		return usagef("PUZZLE: %v", err)
	}
	sol, err := engine.Solve(p.Geo, p.Cells)
	if err != nil {
		return fmt.Errorf("PUZZLE: %w", err)
	}
	style := book.Default().Style
	style.Letters = *letters
	typed := false
	fs.Visit(func(f *flag.Flag) { typed = typed || f.Name == "side" || f.Name == "size" && size.grid == 0 })
	if !typed {
		size.side = layout.ExportSide(p.Geo, size.side, style)
	}
	var buf bytes.Buffer
	fig := layout.Figure{Geo: p.Geo, Givens: p.Cells, Solution: sol}
	if err := layout.RenderPNG(&buf, fig, *solution, size.side, *dpi, style); err != nil {
		if errors.Is(err, layout.ErrSize) {
			return usagef("--side %s: %v", size.side, err)
		}
		return err
	}
	return writeFileAtomic(ctx, e, *out, buf.Bytes())
}

// pngSize reads png's --size: a bare number is the grid's side, as in
// solve and grade; a length with a unit is the image's side, as png has
// always taken it (the same as --side).
type pngSize struct {
	grid int
	side book.Length
}

func (s *pngSize) String() string {
	if s == nil || s.grid == 0 {
		return ""
	}
	return strconv.Itoa(s.grid)
}

func (s *pngSize) Set(v string) error {
	if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil {
		s.grid = n
		return nil
	}
	l, err := book.ParseLength(v)
	if err != nil {
		return fmt.Errorf("want a grid side (4, 6, 8, 9, 12 or 16) or the image's side with a unit (3in): %v", err)
	}
	s.side = l
	return nil
}

// lengthFlag is a flag holding a length with a unit.
type lengthFlag struct{ l *book.Length }

func (f lengthFlag) String() string {
	if f.l == nil {
		return ""
	}
	return f.l.String()
}

func (f lengthFlag) Set(v string) error {
	l, err := book.ParseLength(v)
	if err != nil {
		return err
	}
	*f.l = l
	return nil
}

// writeFileAtomic writes data to path whole or not at all
// (outdir.WriteFile), its temporary file removed on a signal too (atExit).
// Callers check the target first (checkOutFile).
func writeFileAtomic(ctx context.Context, e env, path string, data []byte) error {
	var afterTemp func()
	if e.hooks != nil && e.hooks.atTempFile != nil {
		afterTemp = func() { e.hooks.atTempFile(ctx) }
	}
	return outdir.WriteFile(path, data, func(fn func()) func() { return atExit(ctx, fn) }, afterTemp)
}
