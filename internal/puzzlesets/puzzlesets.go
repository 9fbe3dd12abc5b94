// Package puzzlesets gives the tests the public puzzle sets: the full sets
// in ../shared/data when that folder sits beside the repository (as CI lays
// it out), and otherwise the small samples kept in testdata/, so that
// `go test ./...` passes on a fresh clone. The choice is made in one place,
// here, so that every test reading a set makes it the same way.
//
// testdata/README.md says where each sample comes from. A set is one
// puzzle per line (81 characters, or puzzle<TAB>rating for the .tsv sets);
// Lines drops blank lines and lines starting with '#'.
package puzzlesets

import (
	"bufio"
	"bytes"
	"embed"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

//go:embed testdata/*.txt testdata/*.tsv
var samples embed.FS

// Lines returns the puzzle lines of the set named by its file name, for
// example "top95.txt" or "se_rated.tsv". With ../shared/data present a
// missing or unreadable file there fails the test rather than falling back
// to the sample: CI must never run on the samples by accident.
func Lines(tb testing.TB, file string) []string {
	tb.Helper()
	var data []byte
	var err error
	where := ""
	if dir := sharedDir(); dir != "" {
		where = filepath.Join(dir, file)
		data, err = os.ReadFile(where)
	} else {
		where = "testdata sample " + file
		data, err = samples.ReadFile("testdata/" + file)
	}
	if err != nil {
		tb.Fatalf("puzzle set %s: %v", file, err)
	}
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		out = append(out, line)
	}
	if err := sc.Err(); err != nil {
		tb.Fatalf("%s: %v", where, err)
	}
	if len(out) == 0 {
		tb.Fatalf("%s: no puzzles", where)
	}
	return out
}

// Full reports whether Lines reads the full sets of ../shared/data rather
// than the samples, for a test whose threshold depends on the set's size.
func Full() bool { return sharedDir() != "" }

// sharedDir is the full sets' folder, or "" on a fresh clone.
var sharedDir = sync.OnceValue(findShared)

// findShared walks up from the working directory (a package folder while
// `go test` runs) to the module root, the folder holding go.mod, and looks
// for ../shared/data beside it.
func findShared() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
	data := filepath.Join(filepath.Dir(dir), "shared", "data")
	if st, err := os.Stat(data); err == nil && st.IsDir() {
		return data
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		// A folder that exists but cannot be read is a broken CI, not
		// a fresh clone: point Lines at it so the failure shows.
		return data
	}
	return ""
}
