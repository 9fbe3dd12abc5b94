package publish

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/sudokubook/sudokubook/book"
)

// smallSpec is a book of n easy puzzles, too short for KDP's 24 pages.
func smallSpec(t *testing.T, n string) *book.Spec {
	t.Helper()
	s, err := book.Load(strings.NewReader("title: Small\nseed: 2\nyear: 2026\nsections:\n  - {level: easy, count: "+n+", title: Warm-up}\n"), "small.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// A book that fails its preflight under Strict is kept out of the folder:
// the error is ErrRejected, the folder has no book, and the failing one
// is where the result says.
func TestStrictRejects(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	res, err := Build(context.Background(), smallSpec(t, "3"), Options{Out: out, Strict: true})
	if !errors.Is(err, ErrRejected) {
		t.Fatalf("strict build of an 8-page book: %v, want ErrRejected", err)
	}
	if res == nil || res.OK() || res.Rejected == "" {
		t.Fatalf("result %+v: want the failing preflight and where the book was kept", res)
	}
	if _, err := os.Stat(filepath.Join(res.Rejected, "book.pdf")); err != nil {
		t.Errorf("the rejected book is not in %s: %v", res.Rejected, err)
	}
	if _, err := os.Lstat(filepath.Join(out, "book.pdf")); err == nil {
		t.Errorf("%s/book.pdf exists after a rejected build", out)
	}
}

// recorder is a Progress that keeps what it hears.
type recorder struct {
	mu     sync.Mutex
	labels []string
	need   []int
	last   []int
	steps  []string
	done   int
}

func (r *recorder) Start(labels []string, need []int) { r.labels, r.need = labels, need }
func (r *recorder) Found(found []int) {
	r.mu.Lock()
	r.last = slices.Clone(found)
	r.mu.Unlock()
}
func (r *recorder) Step(what string) { r.steps = append(r.steps, what) }
func (r *recorder) Done()            { r.done++ }

// Progress hears the sections, their counts as they fill, and the steps
// after generation; the package itself prints nothing.
func TestProgressHearsTheBuild(t *testing.T) {
	var rec recorder
	out := filepath.Join(t.TempDir(), "out")
	if _, err := Build(context.Background(), smallSpec(t, "4"), Options{Out: out, Workers: 2, Progress: &rec}); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(rec.labels, []string{"Warm-up"}) || !slices.Equal(rec.need, []int{4}) {
		t.Errorf("Start(%q, %v), want the section's title and count", rec.labels, rec.need)
	}
	if !slices.Equal(rec.last, []int{4}) {
		t.Errorf("last Found(%v), want the section full", rec.last)
	}
	if want := []string{"making the front matter's grids", "laying out pages", "checking the book"}; !slices.Equal(rec.steps, want) {
		t.Errorf("steps %q, want %q", rec.steps, want)
	}
	if rec.done == 0 {
		t.Errorf("Done was never called")
	}
}

// A build cancelled as its pages are laid out stops there (layout checks
// its context a page at a time), returns the context's error, leaves no
// book and no stage (the folder it made is gone), and has registered its
// clean-ups with AtExit.
func TestCancelledInLayout(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var cl Cleanups
	added := 0
	opt := Options{Out: out, Hooks: Hooks{AtLayout: func(context.Context) { cancel() }},
		AtExit: func(fn func()) func() { added++; return cl.Add(fn) }}
	if _, err := Build(ctx, smallSpec(t, "3"), opt); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled in layout: %v, want context.Canceled", err)
	}
	if added < 2 {
		t.Errorf("%d clean-ups registered, want the bank's and the folder's", added)
	}
	ents, err := os.ReadDir(filepath.Join(out, ".sudokubook"))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), "gen-") {
			t.Errorf("the cancelled build left its stage %s", e.Name())
		}
	}
	if _, err := os.Lstat(filepath.Join(out, "book.pdf")); err == nil {
		t.Errorf("a cancelled build committed book.pdf")
	}
}
