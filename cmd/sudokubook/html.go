package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/web"
)

// runHTML writes the web edition of an existing book from its manifest.
func runHTML(ctx context.Context, e env, args []string) error {
	fs := newFlags(e, "html")
	out := fs.String("o", "", "the HTML file to write (required)")
	puzzles := fs.String("puzzles", "", "only the puzzles numbered in this band, such as 1-10 (default: all)")
	gen := fs.String("generator", "", "write the generator page in this language (en, de, ...) instead: no MANIFEST")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if *gen != "" {
		return htmlGenerator(ctx, e, *gen, *out, pos)
	}
	if len(pos) != 1 {
		return usagef("html wants one MANIFEST (a book's manifest.json), got %d arguments", len(pos))
	}
	if *out == "" {
		return usagef("html needs a file to write: -o FILE")
	}
	var pick book.Range
	if *puzzles != "" {
		if pick, err = book.ParseRange(*puzzles); err != nil {
			return usagef("--puzzles: %v", err)
		}
		if pick.Set && (pick.Min < 1 || pick.Max < pick.Min) {
			return usagef("--puzzles %s: want puzzle numbers from 1 up, the smaller first", pick)
		}
	}
	// The manifest may be anything the reader names (a FIFO, /dev/zero, a
	// folder): read as warily as check reads one. What it cannot be is
	// an input error, exit 2, as a missing file is.
	data, err := readUntrusted(pos[0], "manifest", book.MaxManifestBytes)
	if err != nil {
		return err
	}
	m, err := book.ReadManifest(bytes.NewReader(data))
	if err != nil {
		return inputErr(fmt.Errorf("%s: %w", pos[0], err))
	}
	// A language the program has no words for is the manifest's fault,
	// as any other field it cannot use: exit 2, naming the field.
	if err := web.CheckLanguage(m.Language); err != nil {
		return inputErr(fmt.Errorf("%s: language: %w", pos[0], err))
	}
	if err := checkHTMLOut(*out); err != nil {
		return err
	}
	page, err := web.Page(m, web.Options{Puzzles: pick})
	if errors.Is(err, web.ErrNoPuzzles) {
		return inputErr(err)
	}
	if err != nil {
		return err
	}
	if err := writeFileAtomic(ctx, e, *out, page); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "wrote %s: the web edition of %q (%d KB)\n", *out, m.Title, (len(page)+1023)/1024)
	return nil
}

// htmlGenerator writes the generator page in language code.
func htmlGenerator(ctx context.Context, e env, code, out string, pos []string) error {
	if len(pos) != 0 || out == "" {
		return usagef("html --generator LANG wants -o FILE and no MANIFEST")
	}
	if err := web.CheckLanguage(code); err != nil {
		return usagef("--generator: %v", err)
	}
	if err := checkHTMLOut(out); err != nil {
		return err
	}
	page, err := web.Generator(web.GeneratorOptions{Language: code})
	if err == nil {
		err = writeFileAtomic(ctx, e, out, page)
	}
	if err == nil {
		fmt.Fprintf(e.stdout, "wrote %s: the generator page (%d KB)\n", out, (len(page)+1023)/1024)
	}
	return err
}

// checkHTMLOut checks that -o names a file the page may be written to.
func checkHTMLOut(out string) error {
	if err := checkNewName("-o", out); err != nil {
		return err
	}
	if err := checkOutFile("-o", out); err != nil {
		return err
	}
	if err := web.Replaceable(out); errors.Is(err, web.ErrNotOurs) {
		return inputErr(err)
	} else {
		return err
	}
}
