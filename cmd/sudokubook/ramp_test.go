package main

import (
	"path/filepath"
	"testing"
)

// TestBeginnerBooksRamp: the books for beginners, the starter example and
// the spec init writes, climb about a point of the SE scale at most from
// one section to the next (1.1 from the last puzzle of one to the first
// of the next: an easy section of hidden singles, 1.5, meets medium's
// first locked candidates at 2.6; 1.5 from the hardest of one to the
// hardest of the next), and each section's puzzles rise by rating.
func TestBeginnerBooksRamp(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	dir := t.TempDir()
	if _, stderr, code := runCmd(t, "", "init", filepath.Join(dir, "init")); code != 0 {
		t.Fatalf("init: exit %d, %s", code, stderr)
	}
	for _, spec := range []string{"../../examples/starter.yaml", filepath.Join(dir, "init", "book.yaml")} {
		t.Run(filepath.Base(filepath.Dir(spec))+"/"+filepath.Base(spec), func(t *testing.T) {
			out := t.TempDir()
			buildInto(t, spec, out)
			m := readManifest(t, out)
			type section struct {
				name              string
				first, last, high float64
			}
			var secs []section
			for i, p := range m.Puzzles {
				if i == 0 || p.Section != m.Puzzles[i-1].Section {
					secs = append(secs, section{name: p.Section, first: p.Rating})
				} else if p.Rating < m.Puzzles[i-1].Rating {
					t.Errorf("%s: puzzle %d rates %.1f, below the one before it (%.1f)", p.Section, p.Number, p.Rating, m.Puzzles[i-1].Rating)
				}
				s := &secs[len(secs)-1]
				s.last, s.high = p.Rating, max(s.high, p.Rating)
			}
			if len(secs) < 4 {
				t.Fatalf("%d sections, want at least 4 (easy, medium, tough, hard)", len(secs))
			}
			for i := 1; i < len(secs); i++ {
				a, b := secs[i-1], secs[i]
				if b.first-a.last > 1.1+1e-9 || b.high-a.high > 1.5+1e-9 {
					t.Errorf("%s -> %s: %.1f to %.1f, hardest %.1f to %.1f; want about a point at most", a.name, b.name, a.last, b.first, a.high, b.high)
				}
			}
		})
	}
}
