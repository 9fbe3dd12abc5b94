package puzzlesets

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSamples checks that every sample is small, and, where the full sets
// are present, that it is what testdata/README.md says: the set's first
// lines, unchanged, or for se121_generated.tsv (ordered by level) every
// fifth line from the first.
func TestSamples(t *testing.T) {
	entries, err := samples.ReadDir("testdata")
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 10 {
		t.Errorf("got %d samples, want one for each of the 10 public sets", len(entries))
	}
	for _, e := range entries {
		data, err := samples.ReadFile("testdata/" + e.Name())
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
		if len(lines) > 300 {
			t.Errorf("%s: %d lines, want a modest sample of at most 300", e.Name(), len(lines))
		}
		dir := sharedDir()
		if dir == "" {
			continue
		}
		full, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Errorf("%s: the sample has no full set: %v", e.Name(), err)
			continue
		}
		if e.Name() == "se121_generated.tsv" {
			var every5 []string
			for i, l := range strings.Split(strings.TrimSuffix(string(full), "\n"), "\n") {
				if i%5 == 0 {
					every5 = append(every5, l)
				}
			}
			if strings.Join(every5, "\n") != strings.Join(lines, "\n") {
				t.Errorf("%s: the sample is not every fifth line of %s", e.Name(), dir)
			}
			continue
		}
		if !strings.HasPrefix(string(full), string(data)) {
			t.Errorf("%s: the sample is not the first %d lines of %s", e.Name(), len(lines), dir)
		}
	}
}

// TestLinesFallsBack checks the fresh-clone path: with no shared folder
// beside the module, Lines reads the embedded sample.
func TestLinesFallsBack(t *testing.T) {
	root := t.TempDir()
	mod := filepath.Join(root, "repo")
	if err := os.MkdirAll(filepath.Join(mod, "pkg"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte("module x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(filepath.Join(mod, "pkg"))
	if got := findShared(); got != "" {
		t.Fatalf("findShared() = %q with no shared folder, want \"\"", got)
	}
	if err := os.MkdirAll(filepath.Join(root, "shared", "data"), 0o755); err != nil {
		t.Fatal(err)
	}
	if got, want := findShared(), filepath.Join(root, "shared", "data"); got != want {
		t.Fatalf("findShared() = %q, want %q", got, want)
	}
}
