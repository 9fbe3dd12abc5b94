package book

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokubook/sudokubook/engine"
)

// frontBook fills and assembles a spec.
func frontBook(t *testing.T, spec string) *Book {
	t.Helper()
	s := load(t, spec)
	found, err := engine.Fill(context.Background(), s.Quotas(), engine.FillOptions{Seed: uint64(s.Seed), Workers: 2})
	if err != nil {
		t.Fatalf("Fill: %v", err)
	}
	b, err := Assemble(s, found)
	if err != nil {
		t.Fatalf("Assemble: %v", err)
	}
	return b
}

// frontGrids lists the front's grids by what they are for.
func frontGrids(f *Front) map[string]Puzzle {
	out := map[string]Puzzle{}
	if f.Title != nil {
		out["title"] = *f.Title
	}
	if f.Example != nil {
		out["example"] = f.Example.Puzzle
	}
	for _, k := range f.Kinds {
		if k.Puzzle.Givens != nil {
			out[fmt.Sprintf("%s %d example", k.Variant, k.Side)] = k.Puzzle
		}
	}
	for _, l := range f.Lessons {
		out[l.Technique.String()+" lesson"] = l.Puzzle
	}
	return out
}

// TestFrontGridsAreNoPuzzleOfTheBook: for a book of every kind, the title
// page's grid and every how-to-play example are made for the page: each
// has one solution (the solver proves it), none has the key of a puzzle
// of the book or of another front grid, every kind of the book has its
// example, and the grids are the same whatever the worker count.
func TestFrontGridsAreNoPuzzleOfTheBook(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	printAll(t)
	for _, tc := range []struct {
		name, spec string
	}{
		{"mixed", mixedSpec},
		{"kids", "title: K\nseed: 4\nsections:\n  - {level: easy, count: 3, size: 4}\n  - {level: easy, count: 3, size: 6}\n"},
		{"samurai", "title: S\nseed: 6\npuzzles_per_page: 1\nsections:\n  - {level: easy, count: 1, variant: samurai}\n"},
		{"classic", "title: C\nseed: 8\nsections:\n  - {level: easy, count: 4}\n  - {level: hard, count: 2}\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := frontBook(t, tc.spec)
			f, err := b.MakeFront(1)
			if err != nil {
				t.Fatal(err)
			}
			grids := frontGrids(f)
			if f.Title == nil {
				t.Error("no title grid")
			}
			keys := map[string]string{} // kind and key -> what has it
			for p := range b.All() {
				keys[p.Engine().Kind().String()+"/"+frontKey(p.Engine())] = fmt.Sprintf("puzzle %d", p.Number)
			}
			kinds := map[string]bool{}
			for p := range b.All() {
				kinds[p.Engine().Kind().String()] = true
			}
			for what, p := range grids {
				e := p.Engine()
				if !engine.Unique(e.Geometry(), e.Cells()) {
					t.Errorf("%s: not one solution", what)
				}
				k := e.Kind().String() + "/" + frontKey(e)
				if other, ok := keys[k]; ok {
					t.Errorf("%s has the key of %s", what, other)
				}
				keys[k] = what
				if p.Number != 0 {
					t.Errorf("%s is numbered %d, as a puzzle of the book", what, p.Number)
				}
				delete(kinds, e.Kind().String())
			}
			for k := range kinds {
				t.Errorf("no example of %s", k)
			}
			again, err := frontBook(t, tc.spec).MakeFront(3)
			if err != nil {
				t.Fatal(err)
			}
			for what, p := range frontGrids(again) {
				if q, ok := grids[what]; !ok || !slices.Equal(p.Givens, q.Givens) {
					t.Errorf("%s differs between 1 and 3 workers", what)
				}
			}
		})
	}
}

// TestFrontEndsWhenEveryPuzzleIsTaken: a 4x4 book that prints every
// essentially different easy 4x4 puzzle of its quota leaves the example
// no fresh puzzle there; the search gives up within its bound (falling
// back to a looser quota) rather than waiting for one, and whatever it
// finds is still none of the book's.
func TestFrontEndsWhenEveryPuzzleIsTaken(t *testing.T) {
	s := load(t, "title: F\nseed: 2\nsymmetry: rotational\nsections:\n  - {level: easy, count: 1, size: 4}\n")
	q := s.Quotas()[0]
	n, ok := engine.Distinct(q)
	if !ok {
		t.Fatal("4x4 easy puzzles are not counted")
	}
	spec := fmt.Sprintf("title: F\nseed: 2\nsymmetry: rotational\nsections:\n  - {level: easy, count: %d, size: 4}\n", n)
	b := frontBook(t, spec)
	start := time.Now()
	f, err := b.MakeFront(2)
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("the front took %v", d)
	}
	keys := map[string]bool{}
	for p := range b.All() {
		keys[frontKey(p.Engine())] = true
	}
	for what, p := range frontGrids(f) {
		if keys[frontKey(p.Engine())] {
			t.Errorf("%s is a puzzle of the book", what)
		}
	}
	t.Logf("%d puzzles in the book; front grids: %d", n, len(frontGrids(f)))
}

// TestLessonsFromFreshPuzzles: a tutorial book's lessons come from
// puzzles made for them, not from the book: the technique at its first
// use in a puzzle no puzzle of the book is, the fish told as a sentence
// that names its digit and lines, the lesson before the first section
// that needs it.
func TestLessonsFromFreshPuzzles(t *testing.T) {
	printAll(t)
	b := frontBook(t, "title: L\nseed: 11\ntutorial: true\nsections:\n  - {level: easy, count: 2}\n  - {level: tough, count: 2, technique: x-wing}\n")
	ls, err := b.Lessons()
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]int{}
	for p := range b.All() {
		keys[frontKey(p.Engine())] = p.Number
	}
	var xw *Lesson
	for i, l := range ls {
		if n, ok := keys[frontKey(l.Puzzle.Engine())]; ok {
			t.Errorf("%v lesson is puzzle %d of the book", l.Technique, n)
		}
		if l.Step.Technique != l.Technique {
			t.Errorf("%v lesson shows a %v step", l.Technique, l.Step.Technique)
		}
		if l.Technique == engine.XWing {
			xw = &ls[i]
		}
	}
	if xw == nil {
		t.Fatalf("no x-wing lesson in a book with an x-wing drill: %d lessons", len(ls))
	}
	if xw.Section != 1 {
		t.Errorf("x-wing lesson goes before section %d, want the drill (1)", xw.Section)
	}
	d := engine.FirstDigit(xw.Step.Pattern.Parts[0].Digits)
	want := fmt.Sprintf("the %d can only be in ", d)
	if !strings.Contains(xw.Told, want) || !strings.HasPrefix(xw.Told, "in rows ") && !strings.HasPrefix(xw.Told, "in columns ") {
		t.Errorf("x-wing told %q, want a sentence in rows or columns saying %q", xw.Told, want)
	}
	if len(xw.Pattern) != 4 {
		t.Errorf("x-wing pattern of %d cells, want its 4 corners", len(xw.Pattern))
	}
	for _, c := range xw.Pattern {
		if slices.Contains(xw.Targets, c) {
			t.Errorf("%s is both a corner and a target", engine.CellName(c))
		}
	}
}

// TestFrontGridEveryKind: every printed kind of the engine's kind table,
// at every printed side, gets its how-to-play example and title grid
// made fresh (not the book's one puzzle, one solution each), and the
// search ends within its bound.
func TestFrontGridEveryKind(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	printAll(t)
	for _, k := range engine.Kinds() {
		for _, side := range k.Sides {
			if !side.Printed {
				continue
			}
			name := fmt.Sprintf("%s-%d", k.Name, side.N)
			t.Run(name, func(t *testing.T) {
				extra, style := fmt.Sprintf(", size: %d", side.N), ""
				if k.Variant.Multi() {
					extra = "" // a figure of 9x9 grids takes no size
				}
				if side.N > 9 && k.Variant != engine.Kakuro {
					// As mixedSpec: a big grid with many givens fills fast.
					extra += fmt.Sprintf(", clues: %d-%d", side.N*side.N*55/100, side.N*side.N)
					style = "style: {letters: true}\n"
				}
				spec := fmt.Sprintf("title: K\nseed: 5\ntrim: 8.5x11in\npuzzles_per_page: 1\n%ssections:\n  - {level: easy, count: 1, variant: %s%s}\n", style, k.Name, extra)
				b := frontBook(t, spec)
				start := time.Now()
				f, err := b.MakeFront(2)
				if err != nil {
					t.Fatal(err)
				}
				if d := time.Since(start); d > time.Minute {
					t.Errorf("the front took %v", d)
				}
				book := b.Sections[0].Puzzles[0].Engine()
				grids := frontGrids(f)
				if len(grids) < 2 {
					t.Errorf("front grids %v, want a title grid and an example", slices.Collect(mapsKeys(grids)))
				}
				for what, p := range grids {
					e := p.Engine()
					if e.Kind() != book.Kind() {
						t.Errorf("%s is a %s, the book's puzzle a %s", what, e.Kind(), book.Kind())
					}
					if !engine.Unique(e.Geometry(), e.Cells()) {
						t.Errorf("%s: not one solution", what)
					}
					if frontKey(e) == frontKey(book) {
						t.Errorf("%s is the book's puzzle", what)
					}
				}
			})
		}
	}
}

// mapsKeys yields m's keys.
func mapsKeys(m map[string]Puzzle) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// TestFrontStopsWithItsContext: a build's time-out or interrupt ends the
// front's searches, which say so, rather than running out their bounds.
func TestFrontStopsWithItsContext(t *testing.T) {
	b := frontBook(t, "title: C\nseed: 8\ntutorial: true\nsections:\n  - {level: hard, count: 2}\n")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	start := time.Now()
	f, err := b.MakeFrontContext(ctx, 2)
	if !errors.Is(err, context.Canceled) || f != nil {
		t.Errorf("got %v, %v; want no front and the context's error", f, err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("a cancelled front took %v", d)
	}
}
