package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// TestVarietySameForAnyJ: a book mixing kinds is the same, byte for byte,
// whatever the worker count: every kind's section fills through the same
// quota filler, in job order.
func TestVarietySameForAnyJ(t *testing.T) {
	const spec = "../../examples/variety.yaml"
	a, b := t.TempDir(), t.TempDir()
	buildInto(t, spec, a, "-j", "1")
	buildInto(t, spec, b, "-j", "3")
	fa, fb := treeFiles(t, a), treeFiles(t, b)
	for _, name := range []string{"book.pdf", "manifest.json", "cover.pdf"} {
		if fa[name] == nil || !bytes.Equal(fa[name], fb[name]) {
			t.Errorf("%s differs between -j 1 and -j 3 (or is missing)", name)
		}
	}
	m := readManifest(t, a)
	kinds := map[string]int{}
	for _, p := range m.Puzzles {
		kinds[p.Variant]++
	}
	for _, v := range []string{"classic", "x", "hyper", "jigsaw"} {
		if kinds[v] == 0 {
			t.Errorf("no %s puzzle in the variety book's manifest (%v)", v, kinds)
		}
	}
}

// TestOwnPuzzlesOfKinds: a section of any kind takes the setter's own
// puzzles in the text commands' line form, proved and graded on their
// geometry and printed first; a line of another kind is refused with its
// file and line.
func TestOwnPuzzlesOfKinds(t *testing.T) {
	dir := t.TempDir()
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(mustRun(t, "generate", "--variant", "jigsaw", "--size", "6", "--level", "easy", "-n", "2", "--seed", "4", "-j", "1")), "\n") {
		lines = append(lines, strings.Fields(l)[0])
	}
	writeSpec(t, dir, "own.txt", "# two jigsaws of mine\n"+strings.Join(lines, "\n")+"\n")
	spec := writeSpec(t, dir, "j.yaml", "title: Mine\nyear: 2026\nsections:\n  - {level: easy, count: 3, variant: jigsaw, size: 6, puzzles: own.txt}\n")
	mustRun(t, "build", spec, "-o", filepath.Join(dir, "j"), "--quiet")
	m := readManifest(t, filepath.Join(dir, "j"))
	if len(m.Puzzles) != 3 {
		t.Fatalf("%d puzzles, want 3 (2 own, 1 generated)", len(m.Puzzles))
	}
	for i, l := range lines {
		if got := m.Puzzles[i].Puzzle + "/" + m.Puzzles[i].Regions; got != l {
			t.Errorf("puzzle %d: %s, want the setter's %s", i+1, got, l)
		}
	}
	writeSpec(t, dir, "bad.txt", lines[0]+"\n"+strings.Repeat(".", 36)+"\n")
	spec = writeSpec(t, dir, "b.yaml", "title: Mine\nyear: 2026\nsections:\n  - {level: easy, count: 3, variant: jigsaw, size: 6, puzzles: bad.txt}\n")
	if _, stderr, code := runCmd(t, "", "build", spec, "-o", filepath.Join(dir, "b"), "--quiet"); code != 2 || !strings.Contains(stderr, "bad.txt:2") || !strings.Contains(stderr, "REGIONS") {
		t.Errorf("a line without regions in a jigsaw section: exit %d, %s", code, stderr)
	}
}
