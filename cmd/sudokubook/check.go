package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/preflight"
)

// runCheck preflights a book PDF. The page geometry the layout meant (trim,
// margins, smallest text and line) comes from the manifest.json beside the
// PDF, which a build writes. A PDF alone cannot say where its margins were
// meant to be, so without a manifest the margins rule measures the clear
// space between the ink and the trim instead, and names any side it could
// not measure.
func runCheck(_ context.Context, e env, args []string) error {
	fs := newFlags(e, "check")
	printer := fs.String("printer", "kdp", "printer whose rules apply: kdp or lulu")
	manifest := fs.String("manifest", "", "manifest.json with the book's print geometry (default: beside the PDF)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("check wants one PDF, got %d arguments", len(pos))
	}
	p, err := preflight.ParsePrinter(*printer)
	if err != nil {
		return usagef("--printer: %v", err)
	}
	pdf, err := readPDF(pos[0])
	if err != nil {
		return err
	}
	mpath := *manifest
	if mpath == "" {
		// Beside the file the PDF's name resolves to: a build's
		// OUTDIR/book.pdf is a link into one generation, and the manifest
		// of that same generation is the one that describes it, even if a
		// new build switches OUTDIR meanwhile.
		dir := filepath.Dir(pos[0])
		if real, err := filepath.EvalSymlinks(pos[0]); err == nil {
			dir = filepath.Dir(real)
		}
		mpath = filepath.Join(dir, "manifest.json")
	}
	var exp preflight.Expect
	// The manifest is read as warily as the PDF: a FIFO or /dev/zero
	// beside it must not hang the check.
	if data, err := readUntrusted(mpath, "manifest", maxManifestBytes); err == nil {
		m, err := book.ReadManifest(bytes.NewReader(data))
		if err != nil {
			return fmt.Errorf("%s: %w", mpath, err)
		}
		if m.Cover != "" && filepath.Base(pos[0]) == m.Cover {
			return checkCover(e, pdf, p, m)
		}
		if m.Print != nil {
			exp = expectFrom(m.Print)
		}
	} else if *manifest != "" || !errors.Is(err, os.ErrNotExist) {
		return err
	}
	// The PDF may come from anywhere: everything that reads it runs within
	// preflight's bounds, and a file it cannot read is one line, exit 1.
	var rep preflight.Report
	err = withinBudget(pos[0], preflight.MemoryBudget, preflight.TimeBudget, func() error {
		if exp.TrimW == 0 {
			// No record of the design: take the trim from the PDF's own boxes.
			pages, err := preflight.PageInfo(bytes.NewReader(pdf))
			if err != nil {
				return fmt.Errorf("%s: %w", pos[0], err)
			}
			if len(pages) == 0 {
				return fmt.Errorf("%s: no pages", pos[0])
			}
			trim := pages[0].Trim
			if trim.IsZero() {
				trim = pages[0].Media
			}
			exp.TrimW, exp.TrimH = trim.W(), trim.H()
		}
		var err error
		rep, err = preflight.Check(bytes.NewReader(pdf), p, exp)
		if err == nil && rep.Unread != nil {
			err = fmt.Errorf("%s: %w", pos[0], rep.Unread)
		}
		return err
	})
	if err != nil {
		return oneLine(err)
	}
	if err := rep.Write(e.stdout); err != nil {
		return err
	}
	if !rep.OK() {
		return errSilent
	}
	return nil
}

// checkCover preflights a book's cover against the printer's cover rules:
// its size and spine from the manifest's trim, page count and stock.
func checkCover(e env, pdf []byte, p preflight.Printer, m *book.Manifest) error {
	if m.Print == nil {
		return fmt.Errorf("the manifest records no print geometry for the cover's %s", m.Cover)
	}
	per := preflight.WhitePerPage
	if m.CoverPaper == book.PaperCream.String() {
		per = preflight.CreamPerPage
	}
	rep, err := preflight.CheckCover(bytes.NewReader(pdf), p, preflight.CoverExpect{
		TrimW: m.Print.TrimW, TrimH: m.Print.TrimH, Pages: m.Pages, PerPage: per,
	})
	if err != nil {
		return err
	}
	if err := rep.Write(e.stdout); err != nil {
		return err
	}
	if !rep.OK() {
		return errSilent
	}
	return nil
}
