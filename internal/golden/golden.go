// Package golden compares a test's text output with a file kept under
// testdata, for the tests that hold a whole table of results (step notes,
// hint codes, lesson cells) to what an earlier version wrote.
package golden

import (
	"os"
	"strings"
	"testing"
)

// Lines fails t at the first line where got and the file at path differ,
// naming the line and both texts; a missing line reads "(end)". With
// update it writes got to path instead and passes.
func Lines(t testing.TB, path, got string, update bool) {
	t.Helper()
	if update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if line, g, w, same := firstDifference(got, string(want)); !same {
		t.Fatalf("%s line %d:\ngot  %s\nwant %s", path, line, g, w)
	}
}

// firstDifference finds the first line, counted from 1, at which got and
// want differ, and the two lines there.
func firstDifference(got, want string) (line int, g, w string, same bool) {
	gs, ws := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range max(len(gs), len(ws)) {
		g, w = "(end)", "(end)"
		if i < len(gs) {
			g = gs[i]
		}
		if i < len(ws) {
			w = ws[i]
		}
		if g != w {
			return i + 1, g, w, false
		}
	}
	return 0, "", "", true
}
