package book

import (
	"context"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"sync"

	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/wording"
)

// Front matter grids
//
// The title page's ornament, each how-to-play example and each lesson
// show a grid of their own, never one of the book's puzzles: a reader who
// meets Puzzle 1 on the title page, again as the worked example and then
// on page 5 has been shown its answer, and a lesson drawn from a puzzle
// of the book is that puzzle half solved.
//
// So each is generated afresh from the book's seed, in a stream of its
// own (named by what it is for, so that adding a kind to a book does not
// change another kind's example), one attempt after another on one
// generator: the same spec gives the same grids whatever the worker
// count. Attempts may run on several goroutines, but they are judged in
// attempt order, so the first good one is always the same. Every grid is
// proven unique by the solver (the generator's last check) and kept only
// when its key is none of the book's puzzles' keys, nor another front
// grid's, nor one printed elsewhere that the build names (AvoidInFront:
// a bank's, an excluded book's, an earlier volume's).
//
// Every search is bounded: frontTries attempts on the kind's easiest
// quota of the book at easy, then as many at its own level, then as many
// on a looser one (no symmetry, any clue count the kind allows), and then
// the page goes without its grid. A
// 4x4 book may have printed every easy 4x4 puzzle there is; a search
// that waits for one more would never end.

// frontTries bounds each stream of a front grid's search.
const frontTries = 96

// lessonTries bounds a lesson's search: a technique that only a few
// puzzles of its level need takes more attempts to meet. Measured at
// seed 11, one hard attempt in 375 met a swordfish (8 in 3000, at about
// a millisecond an attempt): 1500 miss it one time in fifty.
const lessonTries = 1500

// Front holds the grids made for the front matter and the lessons.
type Front struct {
	Title   *Puzzle       // the title page's ornament; nil for none
	Example *Example      // the classic how-to-play example; nil for none
	Kinds   []KindExample // each other kind's how-to-play example, as KindExamples lists them
	Lessons []Lesson
}

// frontState is the book's front, made once.
type frontState struct {
	once  sync.Once
	front *Front
	err   error
}

// MakeFront makes the front matter's grids (see Front), with up to
// workers goroutines; the grids are the same whatever workers is. A
// second call returns what the first made.
func (b *Book) MakeFront(workers int) (*Front, error) {
	return b.MakeFrontContext(context.Background(), workers)
}

// MakeFrontContext is MakeFront that gives up when ctx is done, with its
// error: a build's time-out bounds the front's grids as it bounds the
// puzzles. (The searches are bounded anyway; an extreme lesson's can
// take seconds.)
func (b *Book) MakeFrontContext(ctx context.Context, workers int) (*Front, error) {
	if b.front == nil {
		b.front = &frontState{}
	}
	b.front.once.Do(func() { b.front.front, b.front.err = makeFront(ctx, b, max(workers, 1)) })
	return b.front.front, b.front.err
}

// AvoidInFront makes the front matter's grids (MakeFront, which must come
// after) leave out every puzzle printed reports: the puzzles of a bank,
// of the books a spec excludes and of a series' other volumes. A front
// grid is shown, and partly solved, beside the book's puzzles; one that a
// later or earlier book prints as a puzzle gives that puzzle away, as
// one of this book's would.
func (b *Book) AvoidInFront(printed func(engine.Puzzle) bool) { b.avoid = printed }

// FrontGrids are the puzzles the front matter and the lessons show, once
// MakeFront has made them: the title page's, the how-to-play examples'
// and each lesson's, in that order. A series or a bank keeps them out of
// the puzzles of its other books, as AvoidInFront keeps theirs out of
// these.
func (f *Front) FrontGrids() []Puzzle {
	var out []Puzzle
	if f.Title != nil {
		out = append(out, *f.Title)
	}
	if f.Example != nil {
		out = append(out, f.Example.Puzzle)
	}
	for _, k := range f.Kinds {
		if k.Example.Puzzle.Geo != nil {
			out = append(out, k.Example.Puzzle)
		}
	}
	for _, l := range f.Lessons {
		out = append(out, l.Puzzle)
	}
	return out
}

// frontKeys are the keys a front grid must not have: the book's
// puzzles', then each front grid's as it is taken, and any the book was
// told to avoid (AvoidInFront).
type frontKeys struct {
	seen  map[engine.Kind]map[string]bool
	avoid func(engine.Puzzle) bool
}

func (k frontKeys) add(p engine.Puzzle) {
	kind := p.Kind()
	if k.seen[kind] == nil {
		k.seen[kind] = map[string]bool{}
	}
	k.seen[kind][frontKey(p)] = true
}

func (k frontKeys) has(p engine.Puzzle) bool {
	return k.seen[p.Kind()][frontKey(p)] || k.avoid != nil && k.avoid(p)
}

// frontKey is the key two puzzles are told apart by: the canonical key
// (engine.KeyOf) on grids up to 9x9. On larger grids the canonical
// search can cost far more than the puzzle (a 16x16 with many clues has
// so many tied candidates that its search runs for minutes), and a
// turned copy there is vanishingly rare, so the exact line is the key,
// as the engine's own fill does.
func frontKey(p engine.Puzzle) string {
	g := p.Geometry()
	if g.N <= 9 {
		return string(p.Key())
	}
	return engine.FormatLine(g, p.Cells())
}

// makeFront makes the front's grids for b.
func makeFront(ctx context.Context, b *Book, workers int) (*Front, error) {
	keys := frontKeys{seen: map[engine.Kind]map[string]bool{}, avoid: b.avoid}
	for p := range b.All() {
		keys.add(p.Engine())
	}
	f := &Front{}
	if b.Spec == nil {
		return f, nil
	}
	quotas := b.Spec.Quotas()
	seed := uint64(b.Spec.Seed)
	// The classic example first, then the other kinds in the order the
	// sections first print them: the title page shows the first of them.
	var kinds []engine.Kind
	quota := map[engine.Kind]engine.Quota{}
	variant := map[engine.Kind]Variant{}
	for p := range b.All() {
		k := p.Engine().Kind()
		q := sectionQuota(quotas, *p)
		if old, ok := quota[k]; !ok {
			kinds = append(kinds, k)
			variant[k] = p.Variant()
		} else if old.Level <= q.Level {
			continue
		}
		quota[k] = q
	}
	for _, k := range kinds {
		q := quota[k]
		name := "example/" + k.String()
		ex := Example{Cell: -1}
		p, cell, ok := search(ctx, seed, name, q, workers, keys, true)
		if !ok {
			if k.Side() != 9 || k.Variant != engine.Classic || k.Layer != engine.NoLayer {
				// The kind's page shows its rules without a grid.
				f.Kinds = append(f.Kinds, KindExample{Variant: variant[k], Side: k.Side(), Example: ex})
			}
			continue
		}
		keys.add(p)
		ex.Puzzle = FromEngine(p)
		if cell >= 0 {
			ex.Cell, ex.Digit = cell, p.Answer[cell]
		}
		if p.Geometry() == engine.Classic9 {
			f.Example = &ex
		} else {
			f.Kinds = append(f.Kinds, KindExample{Variant: VariantOf(p.Geometry()), Side: k.Side(), Example: ex})
		}
		if f.Title == nil {
			// The title page's grid is a second one of the same kind,
			// so that the title page and the rules do not show one grid
			// twice either.
			if t, _, ok := search(ctx, seed, "title/"+k.String(), q, workers, keys, false); ok {
				keys.add(t)
				tp := FromEngine(t)
				f.Title = &tp
			}
		}
	}
	if f.Example != nil && f.Title != nil && f.Title.Geometry() != engine.Classic9 {
		// The title page shows a classic grid where the book has one.
		f.Title = nil
		if t, _, ok := search(ctx, seed, "title/"+engine.Kind{}.String(), quota[f.Example.Puzzle.Engine().Kind()], workers, keys, false); ok {
			keys.add(t)
			tp := FromEngine(t)
			f.Title = &tp
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if b.Spec.Tutorial {
		ls, err := makeLessons(ctx, b, seed, workers, keys)
		if err != nil {
			return nil, err
		}
		f.Lessons = ls
	}
	return f, nil
}

// sectionQuota is the quota a front grid like p is made to: its
// section's (exampleQuota), or, in a book whose spec has no such section
// (or one of another kind: a book put together by hand), p's kind and
// level.
func sectionQuota(quotas []engine.Quota, p Puzzle) engine.Quota {
	k := p.Engine().Kind()
	if p.Section < len(quotas) {
		q := quotas[p.Section]
		if qk := q.Kind; qk.Variant == k.Variant && qk.Layer == k.Layer && qk.Side() == k.Side() {
			return exampleQuota(q)
		}
	}
	return engine.Quota{Kind: k, Level: p.Level, Count: 1}
}

// exampleQuota is the quota an example of a section's kind is made to:
// the section's kind, level, clue band and cages, one puzzle, without the
// bands that only make it rarer (score, rating, technique).
func exampleQuota(q engine.Quota) engine.Quota {
	q.Count = 1
	q.MinScore, q.MaxScore = 0, 0
	q.MinRating, q.MaxRating = 0, 0
	q.TechniqueSet, q.Technique = false, 0
	q.Repeats = false
	return q
}

// looser is q with what a fallback may drop: its symmetry and its clue
// band (for a kind whose givens are dug; a killer's band is of givens it
// places, and stays).
func looser(q engine.Quota) engine.Quota {
	if q.Kind.Layer.PlacesGivens() {
		return q
	}
	q.Symmetry = engine.SymNone
	q.MinClues, q.MaxClues = 0, 0
	return q
}

// frontRand is attempt try's random source in the stream called name.
func frontRand(seed uint64, name string, stream, try int) *rand.Rand {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s/%d", name, stream)
	return rand.New(rand.NewPCG(seed^h.Sum64(), uint64(try)))
}

// search finds the first puzzle, in attempt order, of q's stream called
// name that fits q at easy (or, after frontTries each, q itself, then its
// looser form) and has no key
// in keys. With settle, one with a cell its givens settle alone is taken
// over one without, among the first settleHits fresh puzzles: on a kind
// whose marks do most of the work (a thermo, an arrow) few puzzles have
// such a cell, and the page shows a grid without pointing rather than
// wait. ok is false when no attempt gave one.
func search(ctx context.Context, seed uint64, name string, q engine.Quota, workers int, keys frontKeys, settle bool) (p engine.Puzzle, cell int, ok bool) {
	// An easy one first: a how-to-play example is read, not solved, and
	// easy attempts hit more often and have more givens to settle a cell.
	easy := q
	easy.Level = engine.Easy
	for stream, sq := range []engine.Quota{easy, q, looser(q)} {
		if sq.Validate() != nil || stream == 1 && q.Level == engine.Easy {
			continue
		}
		var first *engine.Puzzle
		hits := 0
		found, _ := attempts(ctx, seed, name, stream, sq, frontTries, workers, func(c engine.Puzzle) bool {
			if keys.has(c) {
				return false
			}
			if !settle {
				return true
			}
			if _, _, ok := settledCell(c.Geometry(), c.Cells()); ok {
				return true
			}
			if first == nil {
				first = &c
			}
			hits++
			return hits >= settleHits
		})
		if found != nil && settle {
			cell, _, ok := settledCell(found.Geometry(), found.Cells())
			if !ok {
				return *first, -1, true
			}
			return *found, cell, true
		}
		if found != nil {
			return *found, -1, true
		}
		if first != nil {
			return *first, -1, true
		}
	}
	return engine.Puzzle{}, -1, false
}

// settleHits is how many fresh puzzles search looks through for one with
// a settled cell.
const settleHits = 8

// attempts runs up to tries attempts of q's stream and returns the first,
// in attempt order, that fits q and that take takes, and how many
// attempts that was. Attempts run workers at a time, each worker with its
// own generator; take is called on this goroutine, in attempt order, so
// it may keep state.
func attempts(ctx context.Context, seed uint64, name string, stream int, q engine.Quota, tries, workers int, take func(engine.Puzzle) bool) (*engine.Puzzle, int) {
	gens := make([]*engine.Generator, workers)
	for i := range gens {
		gens[i] = engine.NewGenerator()
	}
	type result struct {
		p  engine.Puzzle
		ok bool
	}
	res := make([]result, workers)
	for base := 0; base < tries; base += workers {
		if ctx.Err() != nil {
			return nil, base
		}
		n := min(workers, tries-base)
		var wg sync.WaitGroup
		for w := range n {
			wg.Go(func() {
				p, ok := gens[w].Generate(frontRand(seed, name, stream, base+w), q)
				res[w] = result{p, ok}
			})
		}
		wg.Wait()
		for w := range n {
			if res[w].ok && take(res[w].p) {
				p := res[w].p
				return &p, base + w + 1
			}
		}
	}
	return nil, tries
}

// makeLessons makes the lessons of a tutorial book: one for each
// technique Lessons names, each from a fresh puzzle at the technique's
// level whose solve takes it (see Front). A technique no attempt meets
// within lessonTries has no lesson.
func makeLessons(ctx context.Context, b *Book, seed uint64, workers int, keys frontKeys) ([]Lesson, error) {
	lang := "en"
	if b.Spec.Language != "" {
		lang = b.Spec.Language
	}
	words, err := wording.New(lang)
	if err != nil {
		return nil, err
	}
	var out []Lesson
	for _, w := range lessonWants(b) {
		q := w.quota
		var got []Lesson
		var stepErr error
		_, _ = attempts(ctx, seed, "lesson/"+w.tech.String(), 0, q, lessonTries, workers, func(c engine.Puzzle) bool {
			if keys.has(c) {
				return false
			}
			ls, err := lessonsFrom(FromEngine(c), []engine.Technique{w.tech}, words)
			if err != nil {
				stepErr = err
				return true
			}
			if len(ls) == 0 {
				return false
			}
			keys.add(c)
			got = ls
			return true
		})
		if stepErr != nil {
			return nil, stepErr
		}
		for i := range got {
			got[i].Section = w.section
		}
		out = append(out, got...)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	slices.SortStableFunc(out, func(a, b Lesson) int { return int(a.Technique) - int(b.Technique) })
	return out, nil
}

// lessonWant is a technique a lesson is made for, and the quota its
// puzzle is made to.
type lessonWant struct {
	tech    engine.Technique
	quota   engine.Quota
	section int // the first section whose puzzles need it
}

// lessonWants lists the lessons a tutorial book has: every technique
// beyond the singles that is the hardest some classic puzzle of the book
// needs (bifurcation, trial and error, has none; a forcing chain has one,
// its branches followed in words as with a pencil), from a classic puzzle
// of its level; and for a book with 9x9 killers, a killer's first steps
// (a cage combination, the rule of 45 on one house), from a killer of its
// first killer section's kind and cages.
func lessonWants(b *Book) []lessonWant {
	var out []lessonWant
	seen := map[engine.Technique]bool{}
	quotas := b.Spec.Quotas()
	for p := range b.All() {
		if isLessonKiller(*p) {
			q := sectionQuota(quotas, *p)
			for _, t := range []engine.Technique{engine.CageCombination, engine.Rule45} {
				if !seen[t] {
					seen[t] = true
					out = append(out, lessonWant{t, q, p.Section})
				}
			}
			continue
		}
		if p.Geometry() != engine.Classic9 {
			continue
		}
		t := p.Hardest
		if t <= engine.NakedSingle || t == engine.Bifurcation || seen[t] {
			continue
		}
		seen[t] = true
		out = append(out, lessonWant{t, engine.Quota{Level: t.Level(), Count: 1}, p.Section})
	}
	return out
}
