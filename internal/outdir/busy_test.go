package outdir

import (
	"os"
	"path/filepath"
	"testing"
)

// TestBusy: a folder is busy while a build holds it and not once the
// build lets go; a folder no build ever opened, or no folder, is not;
// and asking leaves the build's lock as it was.
func TestBusy(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	if Busy(dir) {
		t.Error("a folder that is not there is busy")
	}
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if Busy(dir) {
		t.Error("a folder no build opened is busy")
	}
	d, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !Busy(dir) || !Busy(dir) {
		t.Error("a folder a build holds is not busy")
	}
	if _, err := Open(dir, Options{}); err == nil {
		t.Error("a second build opened the folder while the first held it")
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	if Busy(dir) {
		t.Error("the folder is still busy after the build let go")
	}
}
