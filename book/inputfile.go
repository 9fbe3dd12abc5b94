package book

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// ErrNotRegular is wrapped when a file a spec or a flag names is not a
// regular file: a FIFO or a device would block a read or never end it.
var ErrNotRegular = errors.New("not a regular file")

// OpenInput opens a file the user named for reading, refusing at once any
// that is not a regular file (a folder, FIFO, device or socket).
func OpenInput(path string) (*os.File, error) {
	// O_NONBLOCK: opening a FIFO for reading would otherwise wait for a
	// writer; it changes nothing for a regular file.
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("%s is %w (%s)", path, ErrNotRegular, FileKind(fi.Mode()))
	}
	return f, nil
}

// ReadInput reads a regular file of at most max bytes (OpenInput).
func ReadInput(path string, max int64) ([]byte, error) {
	f, err := OpenInput(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readAtMost(f, path, max)
}

// readAtMost reads f, named path, whole if it is at most max bytes. The
// size can change under us; the limit holds whatever the file says.
func readAtMost(f io.Reader, path string, max int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("%s is larger than %d MiB: %w", path, max>>20, ErrTooLarge)
	}
	return data, nil
}

// ErrTooLarge is wrapped when an input file is past its bound.
var ErrTooLarge = errors.New("file too large")

// FileKind names what a file that is not a regular one is.
func FileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "a special file"
}

// CheckRegular refuses a path that names something other than a regular
// file, for a file the program may also create (a bank): a missing one
// passes. A link is followed to what it names.
func CheckRegular(path string) error {
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().IsRegular() {
		return nil
	}
	return fmt.Errorf("%s is %w (%s)", path, ErrNotRegular, FileKind(fi.Mode()))
}

// ReadInFolder reads name, a file the spec names that must lie inside the
// spec's own folder (a user's pictures): a name that climbs out of it
// (".."), an absolute one, or a link anywhere on the way that leads out
// of it is refused, as is anything but a regular file of at most max
// bytes. A spec handed on with its folder then carries every file it
// prints, and a spec from someone else reads nothing else on the disk.
func (s *Spec) ReadInFolder(name string, max int64) ([]byte, error) {
	dir := "."
	if s.file != "" {
		dir = filepath.Dir(s.file)
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	rel := filepath.FromSlash(name)
	if name == "" || filepath.IsAbs(rel) || !filepath.IsLocal(rel) {
		return nil, fmt.Errorf("%s is not inside the spec's folder %s (want a name relative to it, without ..)", name, dir)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	f, err := root.OpenFile(rel, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s: no such file in the spec's folder %s", name, dir)
		}
		// os.Root refuses a link that leads out of the folder.
		return nil, fmt.Errorf("%s is not inside the spec's folder %s: %w", name, dir, err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is %w (%s)", name, ErrNotRegular, FileKind(fi.Mode()))
	}
	return readAtMost(f, name, max)
}
