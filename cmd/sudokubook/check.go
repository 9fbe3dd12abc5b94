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
	"github.com/sudokubook/sudokubook/publish"
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
	if data, err := readUntrusted(mpath, "manifest", book.MaxManifestBytes); err == nil {
		m, err := book.ReadManifest(bytes.NewReader(data))
		if err != nil {
			return fmt.Errorf("%s: %w", mpath, err)
		}
		isCover := m.Cover != "" && filepath.Base(pos[0]) == m.Cover
		if !isCover && m.Cover != "" && *manifest != "" {
			// A cover renamed away from cover.pdf, checked with its
			// book's manifest named: one page wider than tall is the
			// cover, as no interior is.
			err := withinBudget(pos[0], preflight.MemoryBudget, preflight.TimeBudget, func() error {
				pages, err := preflight.PageInfo(bytes.NewReader(pdf))
				if err != nil {
					return fmt.Errorf("%s: %w", pos[0], err)
				}
				isCover = preflight.CoverShaped(pages)
				return nil
			})
			if err != nil {
				return unreadable(err)
			}
		}
		if m.Print != nil {
			if err := m.Print.Validate(); err != nil {
				return inputErr(fmt.Errorf("%s: %w", mpath, err))
			}
		}
		if isCover {
			return checkCover(e, pdf, p, m)
		}
		if m.Print != nil {
			exp = publish.ExpectFrom(m.Print)
		}
	} else if *manifest != "" || !errors.Is(err, os.ErrNotExist) {
		return err
	}
	// The PDF may come from anywhere: everything that reads it runs within
	// preflight's bounds, and a file it cannot read is one line, exit 1.
	var rep preflight.Report
	coverLike := false
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
			trim := pages[0].TrimOrMedia()
			exp.TrimW, exp.TrimH = trim.W(), trim.H()
			coverLike = preflight.CoverShaped(pages)
		}
		var err error
		rep, err = preflight.Check(bytes.NewReader(pdf), p, exp)
		if err == nil && rep.Unread != nil {
			err = fmt.Errorf("%s: %w", pos[0], rep.Unread)
		}
		return err
	})
	if err != nil {
		return unreadable(err)
	}
	if err := rep.Write(e.stdout); err != nil {
		return err
	}
	if !rep.OK() {
		// A cover copied away from its book fails every interior rule;
		// say what to run instead of leaving the reader with the FAILs.
		if coverLike {
			fmt.Fprintf(e.stderr, "%s: %s is one page wider than tall, like a full-wrap cover: a cover is checked by the cover's rules only with its book's manifest (%s check %s --manifest OUTDIR/manifest.json)\n", name, pos[0], name, pos[0])
		}
		return errSilent
	}
	return nil
}

// unreadable is the one line check gives for a file it could not read:
// a failed check (exit 1) for a PDF that is broken or past a bound, an
// input error (exit 2) for a file that is no PDF at all.
func unreadable(err error) error {
	if errors.Is(err, preflight.ErrNotPDF) {
		return inputErr(oneLine(err))
	}
	return oneLine(err)
}

// checkCover preflights a book's cover against the printer's cover rules:
// its size and spine from the manifest's trim, page count and stock.
func checkCover(e env, pdf []byte, p preflight.Printer, m *book.Manifest) error {
	if m.Print == nil {
		return fmt.Errorf("the manifest records no print geometry for the cover's %s", m.Cover)
	}
	rep, err := preflight.CheckCover(bytes.NewReader(pdf), p, publish.CoverExpect(m.Print.TrimW, m.Print.TrimH, m.Pages, m.CoverPaper))
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
