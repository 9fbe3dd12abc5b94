package main

import (
	"bytes"
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
