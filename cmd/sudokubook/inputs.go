package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"syscall"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/layout"
)

// maxPuzzleFileBytes bounds a section's puzzles: file. A section holds at
// most 5,000 puzzles; a line of the largest kind with its columns is under
// 2 KB, so 10 MB are past any file a section can use.
const maxPuzzleFileBytes = 64 << 20

// inputs are a spec and every file it names but its bank, read and checked
// before any work: the cover art, the fonts (checked by layout.CheckText),
// the manifests it excludes and its sections' puzzle files.
type inputs struct {
	spec    *book.Spec
	art     []byte
	exclude []*book.Manifest // per spec.Exclude
	puzzles map[int][]byte   // by section, the bytes of its puzzles: file
}

// loadInputs loads the spec at path and reads and checks every file it
// names, so that a bad one is a spec error, exit 2, before generation and
// before the output folder is touched.
func loadInputs(e env, path string) (*inputs, error) {
	spec, err := book.LoadFile(path)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
		return nil, inputErr(fmt.Errorf("spec file: %w", err))
	}
	// A folder given for the spec (build . -o out) is a slip on the command
	// line, not a failure: exit 2, saying what was wanted.
	if errors.Is(err, syscall.EISDIR) {
		return nil, inputErr(fmt.Errorf("spec file: %s is a folder; give the spec's YAML file, such as %s", path, filepath.Join(path, "book.yaml")))
	}
	if err != nil {
		return nil, err
	}
	for _, w := range spec.Warnings() {
		fmt.Fprintf(e.stderr, "%s: warning: %s\n", name, w)
	}
	in := &inputs{spec: spec, puzzles: map[int][]byte{}}
	// Fonts and glyphs before any work: a title the fonts cannot show is
	// a spec error, not a book of empty boxes.
	if err := layout.CheckText(spec); err != nil {
		return nil, err
	}
	// The cover's texts and art likewise: a title too long for the front
	// is refused now, naming the field, not cut short on the cover; art
	// is bounded by its size and its header before it is decoded.
	if p := spec.ArtPath(); p != "" {
		if in.art, err = book.ReadInput(p, layout.MaxArtBytes); err != nil {
			return nil, spec.FieldError("cover.art", "cannot read %s: %v", p, err)
		}
	}
	if err := layout.CheckCover(spec, in.art); err != nil {
		return nil, err
	}
	if spec.Reprints != book.ReprintsAllow {
		for i, f := range spec.Exclude {
			m, err := readExclude(spec.ResolvePath(f))
			if err != nil {
				return nil, spec.FieldError(fmt.Sprintf("exclude[%d]", i), "%v", err)
			}
			in.exclude = append(in.exclude, m)
		}
	}
	for i, sec := range spec.Sections {
		if sec.Puzzles == "" {
			continue
		}
		field := fmt.Sprintf("sections[%d].puzzles", i)
		data, err := book.ReadInput(spec.ResolvePath(sec.Puzzles), maxPuzzleFileBytes)
		if err != nil {
			return nil, spec.FieldError(field, "%v", err)
		}
		// Every line is read now; whether each puzzle is unique, of its
		// level and new to the series is known when the supply grades it.
		lk := sectionLines(sec)
		if err := eachKindPuzzle(bytes.NewReader(data), sec.Puzzles, lk, func(int, puzzle) error { return nil }); err != nil {
			return nil, spec.FieldError(field, "%v", err)
		}
		in.puzzles[i] = data
	}
	return in, nil
}

// readExclude reads the manifest of a book the spec must not reprint.
func readExclude(path string) (*book.Manifest, error) {
	data, err := book.ReadInput(path, maxManifestBytes)
	if err != nil {
		return nil, err
	}
	m, err := book.ReadManifest(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return m, nil
}
