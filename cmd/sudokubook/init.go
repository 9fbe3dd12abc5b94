package main

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/sudokubook/sudokubook/internal/outdir"
)

// starterSpec is the commented spec init writes: a book that builds as it
// is and passes its preflight, with the fields a newcomer changes first.
//
//go:embed starter.yaml
var starterSpec []byte

// initSpecName is the file init writes in its folder.
const initSpecName = "book.yaml"

// runInit writes a commented starter spec, DIR/book.yaml (DIR defaults to
// the current folder), so nobody has to copy one out of the manual. It
// never overwrites a file: an existing book.yaml is an input error.
func runInit(_ context.Context, e env, args []string) error {
	flags := newFlags(e, "init")
	pos, err := parseArgs(flags, args)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		return usagef("init takes at most one folder, got %d arguments", len(pos))
	}
	dir := "."
	if len(pos) == 1 {
		dir = pos[0]
	}
	if err := checkNewName("init", dir); err != nil {
		return err
	}
	// init mybook.yaml made a folder of that name, and init FILE failed
	// in mkdir's words with exit 1: both are slips on the command line.
	fi, err := os.Stat(dir)
	ext := strings.ToLower(filepath.Ext(dir))
	switch {
	case err == nil && !fi.IsDir():
		return inputErr(fmt.Errorf("init: %s is a file; init takes a folder and writes %s in it", dir, initSpecName))
	case err == nil && outdir.IsBook(dir):
		return inputErr(fmt.Errorf("init: %s is a book's output folder; init writes its spec elsewhere (sudokubook init DIR)", dir))
	case errors.Is(err, fs.ErrNotExist) && (ext == ".yaml" || ext == ".yml"):
		base := strings.TrimSuffix(dir, filepath.Ext(dir))
		return usagef("init takes a folder, not a spec's file name: %s init %s writes %s", name, base, filepath.Join(base, initSpecName))
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("init: cannot make the folder %s: %w", dir, err)
	}
	path := filepath.Join(dir, initSpecName)
	// O_EXCL: the check that the file is new and its creation are one step.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return inputErr(fmt.Errorf("init: %s already exists; it is left as it is (choose another folder: sudokubook init DIR)", path))
	}
	if err != nil {
		return fmt.Errorf("init: %w", err)
	}
	_, err = f.Write(starterSpec)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path) // ours, and incomplete
		return fmt.Errorf("init: writing %s: %w", path, err)
	}
	fmt.Fprintf(e.stdout, "wrote %s, a commented starter spec; edit it, then build the book with:\n  %s build %s -o %s\n",
		path, name, path, filepath.Join(dir, "out"))
	return nil
}
