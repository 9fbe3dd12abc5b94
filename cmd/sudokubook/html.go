package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/templates"
	"github.com/sudokubook/sudokubook/web"
)

// runHTML writes the web edition of an existing book from its manifest.
func runHTML(ctx context.Context, e env, args []string) error {
	fs := newFlags(e, "html")
	out := fs.String("o", "", "the HTML file to write (required)")
	puzzles := fs.String("puzzles", "", "only the puzzles numbered in this band, such as 1-10 (default: all)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
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
	if code := m.Language; code != "" {
		if _, err := templates.Language(code); err != nil {
			return inputErr(fmt.Errorf("%s: language: %w", pos[0], err))
		}
		if _, err := web.Words(code); err != nil {
			return inputErr(fmt.Errorf("%s: language: %w", pos[0], err))
		}
	}
	if err := checkNewName("-o", *out); err != nil {
		return err
	}
	if err := checkOutFile("-o", *out); err != nil {
		return err
	}
	if err := ours(*out); err != nil {
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

// ours refuses to replace a file that is not a web edition this program
// wrote: -o pointed at the wrong file must not cost the reader that file.
func ours(path string) error {
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	head := make([]byte, 512)
	n, _ := f.Read(head)
	if !bytes.Contains(head[:n], []byte(web.Marker)) {
		return inputErr(fmt.Errorf("%s exists and is not a web edition sudokubook wrote; not replacing it", path))
	}
	return nil
}
