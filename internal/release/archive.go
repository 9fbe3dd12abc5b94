package main

import (
	"archive/tar"
	"archive/zip"
	"compress/flate"
	"compress/gzip"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
	"strings"
	"time"
)

// entry is one file or folder of an archive, by its slash-separated name
// inside it; a folder's name ends in "/".
type entry struct {
	name string
	mode fs.FileMode // permission bits only
	data []byte
}

// writeArchive writes entries, sorted by name, as a .zip (format "zip") or
// a .tar.gz (format "tar.gz"). Everything a file system would vary is
// fixed: every time is mtime, owner and group are 0 with no names, and
// compression is at one level, so the same entries and mtime give the same
// bytes.
func writeArchive(w io.Writer, format string, entries []entry, mtime time.Time) error {
	entries = slices.Clone(entries)
	slices.SortFunc(entries, func(a, b entry) int { return strings.Compare(a.name, b.name) })
	for i := 1; i < len(entries); i++ {
		if entries[i].name == entries[i-1].name {
			return fmt.Errorf("%s: twice in the archive", entries[i].name)
		}
	}
	mtime = mtime.UTC().Truncate(time.Second)
	switch format {
	case "zip":
		return writeZip(w, entries, mtime)
	case "tar.gz":
		return writeTarGz(w, entries, mtime)
	}
	return fmt.Errorf("archive format %q: want zip or tar.gz", format)
}

func writeZip(w io.Writer, entries []entry, mtime time.Time) error {
	zw := zip.NewWriter(w)
	zw.RegisterCompressor(zip.Deflate, func(out io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(out, flate.BestCompression)
	})
	for _, e := range entries {
		h := &zip.FileHeader{Name: e.name, Method: zip.Deflate, Modified: mtime}
		mode := e.mode
		if strings.HasSuffix(e.name, "/") {
			h.Method = zip.Store
			mode |= fs.ModeDir
		}
		h.SetMode(mode)
		f, err := zw.CreateHeader(h)
		if err != nil {
			return err
		}
		if _, err := f.Write(e.data); err != nil {
			return err
		}
	}
	return zw.Close()
}

func writeTarGz(w io.Writer, entries []entry, mtime time.Time) error {
	gz, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	tw := tar.NewWriter(gz)
	for _, e := range entries {
		h := &tar.Header{
			Name:     e.name,
			Mode:     int64(e.mode.Perm()),
			Size:     int64(len(e.data)),
			ModTime:  mtime,
			Typeflag: tar.TypeReg,
			Format:   tar.FormatUSTAR,
		}
		if strings.HasSuffix(e.name, "/") {
			h.Typeflag = tar.TypeDir
		}
		if err := tw.WriteHeader(h); err != nil {
			return err
		}
		if _, err := tw.Write(e.data); err != nil {
			return err
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	return gz.Close()
}

// withFolders adds, under prefix, an entry for every folder the entries'
// names pass through, so an archive unpacks with the same modes on every
// tool.
func withFolders(prefix string, entries []entry) []entry {
	seen := map[string]bool{}
	out := []entry{{name: prefix + "/", mode: 0o755}}
	seen[prefix+"/"] = true
	for _, e := range entries {
		e.name = prefix + "/" + e.name
		out = append(out, e)
		for d := path.Dir(e.name); d != prefix && d != "." && d != "/"; d = path.Dir(d) {
			if !seen[d+"/"] {
				seen[d+"/"] = true
				out = append(out, entry{name: d + "/", mode: 0o755})
			}
		}
	}
	return out
}
