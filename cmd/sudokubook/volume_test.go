package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A series builds each volume into OUTDIR/NAME, NAME from the spec's file
// name: `build dots/...yaml -o p/SER` wrote a book into p/, and ..yaml,
// .yaml and .sudokubook.yaml built into OUTDIR or its state folder. Such
// names, and those Windows refuses, are refused before any work.
func TestSeriesVolumeNamesRefused(t *testing.T) {
	root := t.TempDir()
	good := writeSpec(t, root, "vol1.yaml", seriesSpec("Series", ""))
	for _, name := range []string{"...yaml", "..yaml", ".yaml", ".sudokubook.yaml", ".hidden.yaml",
		"con.yaml", "NUL.yaml", "com1.yaml", "lpt9.txt.yaml", "aux .yaml", "book..yaml", "a:b.yaml", "tab\t.yaml"} {
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join(root, "dots"+strings.Trim(filepath.Base(t.Name()), "."))
			os.MkdirAll(dir, 0o755)
			bad := writeSpec(t, dir, name, seriesSpec("Series", ""))
			parent := filepath.Join(t.TempDir(), "p")
			os.MkdirAll(parent, 0o755)
			_, stderr, code := runCmd(t, "", "build", good, bad, "-o", filepath.Join(parent, "SER"), "--quiet")
			if code != 2 || !strings.Contains(stderr, "rename the spec") {
				t.Errorf("got exit %d, %q; want 2 asking to rename the spec", code, stderr)
			}
			if ents, _ := os.ReadDir(parent); len(ents) != 0 {
				t.Errorf("a refused series wrote %v into %s", ents, parent)
			}
		})
	}
}
