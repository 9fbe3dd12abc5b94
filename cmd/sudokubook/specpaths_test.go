package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSpecPathBackslashes: a spec written on Windows, naming its art as
// art\cover.png, builds on any system; one naming a drive-letter path is
// refused here before any work, exit 2, naming the field.
func TestSpecPathBackslashes(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "art"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "art", "cover.png"), smallPNG(t), 0o644); err != nil {
		t.Fatal(err)
	}
	spec := writeSpec(t, dir, "win.yaml", artSpec("Windows", `'art\cover.png'`))
	if _, stderr, code := runCmd(t, "", "build", spec, "-o", filepath.Join(dir, "out"), "--quiet"); code != 0 {
		t.Errorf(`cover.art: art\cover.png: exit %d, want 0: %s`, code, stderr)
	}
	if filepath.Separator == '\\' {
		return // a drive letter is a path there
	}
	spec = writeSpec(t, dir, "drive.yaml", artSpec("Drive", `'C:\Books\cover.png'`))
	out := filepath.Join(dir, "out2")
	_, stderr, code := runCmd(t, "", "build", spec, "-o", out, "--quiet")
	if code != 2 || !strings.Contains(stderr, `cover.art: "C:\Books\cover.png" is a Windows path`) {
		t.Errorf("a drive-letter path: exit %d, want 2 naming cover.art: %s", code, stderr)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("the output folder was made")
	}
}
