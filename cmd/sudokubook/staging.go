package main

import (
	"fmt"
	"os"
	"path/filepath"
)

// outputNames are every top-level file or folder a build may write into
// OUTDIR. A build replaces all of them, so files left by an earlier build
// with other options (an old cover, old PNGs) never sit beside a manifest
// that does not mention them. The manifest goes last: it describes the rest.
var outputNames = []string{"book.pdf", "cover.pdf", "png", "pdf", "preflight.txt", "manifest.json"}

// staging collects a build's files in a hidden folder inside OUTDIR and
// moves them into place only when every one is complete, so a failed or
// interrupted build leaves the previous book untouched.
type staging struct {
	out string // OUTDIR
	dir string // the hidden folder inside it
}

func newStaging(out string) (*staging, error) {
	if err := os.MkdirAll(out, 0o755); err != nil {
		// "mkdir x: not a directory" alone does not say that x is the
		// output folder, nor that a file stands where it should be.
		return nil, fmt.Errorf("cannot make the output folder %s: %w", out, err)
	}
	dir, err := os.MkdirTemp(out, ".sudokubook-build-")
	if err != nil {
		return nil, fmt.Errorf("cannot write in the output folder %s: %w", out, err)
	}
	return &staging{out: out, dir: dir}, nil
}

// path is where the file rel (slash-separated, relative to OUTDIR) is
// staged; its folder is made.
func (s *staging) path(rel string) (string, error) {
	p := filepath.Join(s.dir, filepath.FromSlash(rel))
	return p, os.MkdirAll(filepath.Dir(p), 0o755)
}

// write stages one whole file.
func (s *staging) write(rel string, data []byte) error {
	p, err := s.path(rel)
	if err != nil {
		return err
	}
	return os.WriteFile(p, data, 0o644)
}

// commit moves the staged outputs into OUTDIR, replacing the previous
// build's, and removes the stage. Renames within one folder do not copy.
func (s *staging) commit() error {
	staged := map[string]bool{}
	ents, err := os.ReadDir(s.dir)
	if err != nil {
		return err
	}
	for _, e := range ents {
		staged[e.Name()] = true
	}
	for _, n := range outputNames {
		dst := filepath.Join(s.out, n)
		if staged[n] {
			if fi, err := os.Stat(dst); err == nil && fi.IsDir() {
				// A folder cannot be renamed over a non-empty one: move the
				// old one aside first, then drop it.
				old := filepath.Join(s.dir, ".old-"+n)
				if err := os.Rename(dst, old); err != nil {
					return err
				}
			}
			if err := os.Rename(filepath.Join(s.dir, n), dst); err != nil {
				return fmt.Errorf("moving %s into place: %w", n, err)
			}
		} else if err := os.RemoveAll(dst); err != nil {
			return err
		}
	}
	return os.RemoveAll(s.dir)
}

// abort drops the stage and everything in it.
func (s *staging) abort() { os.RemoveAll(s.dir) }
