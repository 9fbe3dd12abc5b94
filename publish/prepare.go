package publish

import (
	"bytes"
	"fmt"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/layout"
)

// maxPuzzleFileBytes bounds a section's puzzles: file. A section holds at
// most 5,000 puzzles; a line of the largest kind with its columns is under
// 2 KB, so 10 MB are past any file a section can use.
const maxPuzzleFileBytes = 64 << 20

// A Job is a spec and every file it names but its bank, read and checked
// before any work: the cover art, the fonts, the manifests it excludes
// and its sections' puzzle files. It may be built more than once.
type Job struct {
	spec     *book.Spec
	art      []byte
	pictures [][]byte         // style.pictures' files, in order
	exclude  []*book.Manifest // per spec.Exclude
	puzzles  map[int][]byte   // by section, the bytes of its puzzles: file
}

// Prepare reads and checks every file spec names, so that a bad one is an
// error wrapping book.ErrSpec, naming the field, before generation and
// before any output folder is touched. A series prepares every volume
// before it builds the first.
func Prepare(spec *book.Spec) (*Job, error) {
	j := &Job{spec: spec, puzzles: map[int][]byte{}}
	// Fonts and glyphs before any work: a title the fonts cannot show is
	// a spec error, not a book of empty boxes.
	if err := layout.CheckText(spec); err != nil {
		return nil, err
	}
	// The cover's texts and art likewise: a title too long for the front
	// is refused now, naming the field, not cut short on the cover; art
	// is bounded by its size and its header before it is decoded.
	if p := spec.ArtPath(); p != "" {
		var err error
		if j.art, err = book.ReadInput(p, layout.MaxArtBytes); err != nil {
			return nil, spec.FieldError("cover.art", "cannot read %s: %v", p, err)
		}
	}
	if err := layout.CheckCover(spec, j.art); err != nil {
		return nil, err
	}
	// The user's pictures only from inside the spec's folder (no path or
	// link out of it), bounded by size, and each a PNG or JPEG by its
	// header, before any work.
	for i, p := range spec.Style.Pictures {
		data, err := spec.ReadInFolder(p.File, layout.MaxPictureBytes)
		if err != nil {
			return nil, spec.FieldError(fmt.Sprintf("style.pictures[%d].file", i), "%v", err)
		}
		j.pictures = append(j.pictures, data)
	}
	if err := layout.CheckPictures(spec, j.pictures); err != nil {
		return nil, err
	}
	if spec.Reprints != book.ReprintsAllow {
		for i, f := range spec.Exclude {
			m, err := book.ReadManifestFile(spec.ResolvePath(f))
			if err != nil {
				return nil, spec.FieldError(fmt.Sprintf("exclude[%d]", i), "%v", err)
			}
			j.exclude = append(j.exclude, m)
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
		err = book.EachLine(bytes.NewReader(data), sec.Puzzles, book.SectionLines(sec), func(int, book.Line) error { return nil })
		if err != nil {
			return nil, spec.FieldError(field, "%v", err)
		}
		j.puzzles[i] = data
	}
	return j, nil
}
