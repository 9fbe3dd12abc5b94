package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"testing"
	"time"
)

var testEntries = withFolders("sudokubook-v1-linux-amd64", []entry{
	{name: "sudokubook", mode: 0o755, data: []byte("\x7fELF binary")},
	{name: "README.md", mode: 0o644, data: []byte("# sudokubook\n")},
	{name: "examples/starter.yaml", mode: 0o644, data: []byte("title: Starter\n")},
	{name: "LICENSE", mode: 0o644, data: []byte("MIT\n")},
})

var testTime = time.Unix(1764547200, 0)

// The same entries and time give the same bytes, in either format, and a
// different time gives different bytes (the time is really written).
func TestArchiveReproducible(t *testing.T) {
	for _, format := range []string{"zip", "tar.gz"} {
		t.Run(format, func(t *testing.T) {
			write := func(mtime time.Time) []byte {
				var b bytes.Buffer
				if err := writeArchive(&b, format, testEntries, mtime); err != nil {
					t.Fatal(err)
				}
				return b.Bytes()
			}
			first, second := write(testTime), write(testTime)
			if !bytes.Equal(first, second) {
				t.Errorf("two runs differ: %d and %d bytes", len(first), len(second))
			}
			if bytes.Equal(first, write(testTime.Add(time.Hour))) {
				t.Error("an hour later gives the same bytes: the time is not in the archive")
			}
		})
	}
}

// Entries come out sorted, with the fixed time, mode and (in the tar) no
// owner, whatever order they went in.
func TestArchiveEntries(t *testing.T) {
	want := []struct {
		name string
		mode fs.FileMode
	}{
		{"sudokubook-v1-linux-amd64/", 0o755},
		{"sudokubook-v1-linux-amd64/LICENSE", 0o644},
		{"sudokubook-v1-linux-amd64/README.md", 0o644},
		{"sudokubook-v1-linux-amd64/examples/", 0o755},
		{"sudokubook-v1-linux-amd64/examples/starter.yaml", 0o644},
		{"sudokubook-v1-linux-amd64/sudokubook", 0o755},
	}
	var tb bytes.Buffer
	if err := writeArchive(&tb, "tar.gz", testEntries, testTime); err != nil {
		t.Fatal(err)
	}
	gz, err := gzip.NewReader(&tb)
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(gz)
	for i := 0; ; i++ {
		h, err := tr.Next()
		if err == io.EOF {
			if i != len(want) {
				t.Errorf("tar: %d entries, want %d", i, len(want))
			}
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if i >= len(want) || h.Name != want[i].name || fs.FileMode(h.Mode) != want[i].mode {
			t.Fatalf("tar entry %d: %s %o", i, h.Name, h.Mode)
		}
		if !h.ModTime.Equal(testTime) || h.Uid != 0 || h.Gid != 0 || h.Uname != "" || h.Gname != "" {
			t.Errorf("tar %s: time %v owner %d/%d %q/%q, want %v and 0/0 unnamed", h.Name, h.ModTime, h.Uid, h.Gid, h.Uname, h.Gname, testTime)
		}
	}

	var zb bytes.Buffer
	if err := writeArchive(&zb, "zip", testEntries, testTime); err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(zb.Bytes()), int64(zb.Len()))
	if err != nil {
		t.Fatal(err)
	}
	if len(zr.File) != len(want) {
		t.Fatalf("zip: %d entries, want %d", len(zr.File), len(want))
	}
	for i, f := range zr.File {
		if f.Name != want[i].name || f.Mode().Perm() != want[i].mode || !f.Modified.Equal(testTime) {
			t.Errorf("zip entry %d: %s %v %v, want %s %v %v", i, f.Name, f.Mode().Perm(), f.Modified, want[i].name, want[i].mode, testTime)
		}
	}
	rc, err := zr.File[4].Open()
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(rc)
	if string(got) != "title: Starter\n" {
		t.Errorf("zip examples/starter.yaml holds %q", got)
	}
}

func TestArchiveRefusesDuplicate(t *testing.T) {
	twice := []entry{{name: "a", mode: 0o644}, {name: "a", mode: 0o644}}
	if err := writeArchive(io.Discard, "zip", twice, testTime); err == nil {
		t.Error("the same name twice was archived")
	}
}
