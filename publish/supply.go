package publish

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/sudokubook/sudokubook/bank"
	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/internal/outdir"
)

// supply is where one book's puzzles come from besides the generator, and
// what it must not print. Per section it takes, in order: the setter's own
// puzzles (puzzles: FILE), unused puzzles from the bank, and generated ones
// for the rest. Keys already printed (in the bank, in the manifests the spec
// excludes, in earlier volumes of the same run) are left out everywhere
// unless the spec allows reprints.
type supply struct {
	spec     *book.Spec
	pre      [][]engine.Puzzle // per section: curated, then banked
	taken    map[string]bool   // keys of pre
	exclude  map[string]bool   // keys this book must not print
	bank     *bank.Bank
	claim    *bank.Claim
	recorded bool // the claim is printings now: nothing to release
	// front are the book's front matter's own grids (book.Front), which
	// the bank and the series keep as printed, so that no other book
	// prints one as a puzzle.
	front []book.Puzzle
}

// printed says whether p was printed before, where this book must not
// show it even as a front matter's grid (book.Book.AvoidInFront). A book
// with nothing printed before takes no key: a large grid's canonical key
// is the dearest part of a front grid's search.
func (s *supply) printed(p engine.Puzzle) bool {
	return len(s.exclude) > 0 && s.exclude[s.keyOf(p)]
}

// newSupply takes the files the spec points at, as Prepare read them, and
// claims its bank puzzles. series holds the keys printed by earlier
// volumes of this run.
func newSupply(ctx context.Context, in *Job, series map[string]bool, note func(string, ...any)) (*supply, error) {
	spec := in.spec
	s := &supply{
		spec: spec, pre: make([][]engine.Puzzle, len(spec.Sections)),
		taken: map[string]bool{}, exclude: map[string]bool{},
	}
	reprints := spec.Reprints == book.ReprintsAllow
	if !reprints {
		for k := range series {
			s.exclude[k] = true
		}
		for i, m := range in.exclude {
			if err := s.excludeManifest(spec.ResolvePath(spec.Exclude[i]), m); err != nil {
				return nil, spec.FieldError(fmt.Sprintf("exclude[%d]", i), "%v", err)
			}
		}
	}
	if spec.Bank != "" {
		// A build does not make its bank: a mistyped bank: would be a new,
		// empty bank that knows none of the puzzles printed before, and
		// the book could reprint them.
		path := spec.ResolvePath(spec.Bank)
		if err := book.CheckRegular(path); err != nil {
			return nil, spec.FieldError("bank", "%v; want a bank file", err)
		}
		bk, err := bank.OpenExisting(ctx, path)
		if errors.Is(err, bank.ErrNoBank) {
			return nil, spec.FieldError("bank", "no bank at %s; bank fill creates one", path)
		}
		if err != nil {
			return nil, err
		}
		s.bank = bk
		if err := resolve(ctx, bk, note); err != nil {
			s.close(ctx)
			return nil, err
		}
		if s.claim, err = bk.NewClaim(); err != nil {
			s.close(ctx)
			return nil, err
		}
		if !reprints {
			asked := map[[2]any]bool{}
			for i := range spec.Sections {
				v, n := s.sectionKind(i)
				if asked[[2]any{v, n}] {
					continue
				}
				asked[[2]any{v, n}] = true
				printed, err := s.claim.Printed(ctx, v, n)
				if err != nil {
					s.close(ctx)
					return nil, err
				}
				for k := range printed {
					s.exclude[bank.Tag(v, n, k)] = true
				}
			}
		}
	}
	for i, sec := range spec.Sections {
		if sec.Puzzles == "" {
			continue
		}
		if err := s.curated(i, sec, in.puzzles[i]); err != nil {
			s.close(ctx)
			return nil, err
		}
	}
	if s.claim != nil {
		quotas := spec.Quotas()
		for i, q := range quotas {
			need := q.Count - len(s.pre[i])
			if need <= 0 {
				continue
			}
			v, n := s.sectionKind(i)
			drawn, err := s.claim.Draw(ctx, v, n, q, need, func(p bank.Puzzle) bool {
				k := bank.Tag(v, n, p.Key)
				return q.Accepts(p.Engine()) && !s.exclude[k] && !s.taken[k]
			})
			if err != nil {
				s.close(ctx)
				return nil, err
			}
			for _, p := range drawn {
				s.pre[i] = append(s.pre[i], p.Engine())
				s.taken[bank.Tag(v, n, p.Key)] = true
			}
		}
	}
	return s, nil
}

// excludeManifest adds the keys of every puzzle an earlier book printed,
// its front matter's grids too: m, read from path.
func (s *supply) excludeManifest(path string, m *book.Manifest) error {
	for _, p := range slices.Concat(m.Front, m.Puzzles) {
		e, err := p.Engine()
		if err != nil {
			return fmt.Errorf("%s: puzzle %d: %w", path, p.Number, err)
		}
		s.exclude[s.keyOf(e)] = true
	}
	return nil
}

// curated reads section i's own puzzles, data from its puzzles: file:
// each proved unique, graded, of the section's level (unless it says
// relabel), and new to the series.
func (s *supply) curated(i int, sec book.SectionSpec, data []byte) error {
	field := fmt.Sprintf("sections[%d].puzzles", i)
	grader := engine.NewGrader()
	err := book.EachLine(bytes.NewReader(data), sec.Puzzles, book.SectionLines(sec), func(line int, pz book.Line) error {
		at := fmt.Sprintf("%s:%d", sec.Puzzles, line)
		p, err := pz.Prove(grader)
		if err != nil {
			return fmt.Errorf("%s: %w", at, err)
		}
		if got := book.VariantOf(p.Geometry()); got != sec.Variant {
			return fmt.Errorf("%s: %s puzzle in %s section (want one line of the section's kind)", at, withArticle(got.String()), withArticle(sec.Variant.String()))
		}
		gr := p.Grading
		if gr.Level != sec.Level && !sec.Relabel {
			return fmt.Errorf("%s: %s puzzle (hardest step: %s) in %s section; move it, or say relabel: true to print it here", at, gr.Level, gr.Hardest, withArticle(sec.Level.String()))
		}
		key := s.keyOf(p)
		switch {
		case s.exclude[key]:
			return fmt.Errorf("%s: printed before (in the bank, an excluded book or an earlier volume); say reprints: allow to print it again", at)
		case s.taken[key]:
			return fmt.Errorf("%s: the same puzzle as another one of this book", at)
		}
		if len(s.pre[i]) == sec.Count {
			return fmt.Errorf("%s: more puzzles than the section's count of %d", at, sec.Count)
		}
		s.taken[key] = true
		s.pre[i] = append(s.pre[i], p)
		return nil
	})
	if err != nil {
		return s.spec.FieldError(field, "%v", err)
	}
	return nil
}

// fill generates what the sections still need, leaving out excluded and
// taken keys, and returns every section's puzzles: its own, then banked,
// then generated. Progress and shortfalls count whole sections.
func (s *supply) fill(ctx context.Context, opt engine.FillOptions) ([][]book.Puzzle, error) {
	// Its own puzzles go into the result in the book's form: the engine's
	// copies are let go with it.
	defer func() { s.pre = nil }()
	quotas := s.spec.Quotas()
	var rest []engine.Quota
	var index []int // section of each quota in rest
	for i, q := range quotas {
		if q.Count -= len(s.pre[i]); q.Count > 0 {
			rest = append(rest, q)
			index = append(index, i)
		}
	}
	// Each section's list is made at its full size and the engine hands
	// over its puzzles one at a time (Emit), each kept in the book's form
	// (book.FromEngine, 325 bytes against 815), so the fill holds one
	// small copy of the book's puzzles, not the engine's, its slack and a
	// copy.
	out := make([][]book.Puzzle, len(quotas))
	for i := range out {
		out[i] = make([]book.Puzzle, 0, max(quotas[i].Count, len(s.pre[i])))
		for _, p := range s.pre[i] {
			out[i] = append(out[i], book.FromEngine(p))
		}
	}
	if len(rest) == 0 {
		return out, nil
	}
	counts := func(found []int) []int {
		all := make([]int, len(quotas))
		for i := range all {
			all[i] = len(s.pre[i])
		}
		for k, n := range found {
			all[index[k]] += n
		}
		return all
	}
	if progress := opt.Progress; progress != nil {
		opt.Progress = func(found []int) { progress(counts(found)) }
		progress(counts(make([]int, len(rest))))
	}
	if len(s.exclude)+len(s.taken) > 0 {
		opt.Skip = func(p engine.Puzzle) bool {
			k := s.keyOf(p)
			return s.exclude[k] || s.taken[k]
		}
	}
	opt.Emit = func(k int, p engine.Puzzle) error {
		out[index[k]] = append(out[index[k]], book.FromEngine(p))
		return nil
	}
	_, err := engine.Fill(ctx, rest, opt)
	var sf *engine.ShortfallError
	if errors.As(err, &sf) {
		for j := range sf.Short {
			sec := index[sf.Short[j].Quota]
			sf.Short[j].Quota = sec
			sf.Short[j].Found += len(s.pre[sec])
			sf.Short[j].Needed = quotas[sec].Count
		}
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}

// reserve claims, in the bank, every puzzle of the book that did not come
// from it, before any file is written: a build of the same spec running at
// the same time fails here instead of printing the same puzzles.
//
// The front matter's grids are claimed with them, and recorded as
// printed (number 0, see printings): a later book on the bank must not
// print the title page's grid or a worked example as a puzzle.
func (s *supply) reserve(ctx context.Context, b *book.Book) error {
	f, err := b.MakeFront(1) // made already: the book's own
	if err != nil {
		return err
	}
	s.front = f.FrontGrids()
	if s.claim == nil {
		return nil
	}
	var ps []bank.Puzzle
	origin := fmt.Sprintf("build %q seed=%d", s.spec.Title, s.spec.Seed)
	for p := range b.All() {
		e := p.Engine()
		e.Grading = gradingOf(*p)
		ps = append(ps, bank.FromEngine(e, origin))
	}
	for _, p := range s.front {
		e := p.Engine()
		e.Grading = gradingOf(p)
		ps = append(ps, bank.FromEngine(e, origin+" front matter"))
	}
	return s.claim.Reserve(ctx, ps, s.spec.Reprints == book.ReprintsAllow)
}

// gradingOf is the part of a book puzzle's grading the bank keeps.
func gradingOf(p book.Puzzle) engine.Grading {
	return engine.Grading{Level: p.Level, Score: p.Score, Hardest: p.Hardest, Rating: p.Rating}
}

// printings are the bank's records of the book's printings (none without
// a bank), made from its manifest before the book is let go.
func (s *supply) printings(m *book.Manifest) ([]bank.Printing, error) {
	if s.claim == nil {
		return nil, nil
	}
	var prints []bank.Printing
	for p := range m.Records() {
		e, err := p.Engine()
		if err != nil {
			return nil, err
		}
		prints = append(prints, bank.Printing{Variant: bank.VariantName(e), Size: e.Kind().Side(), Key: bank.KeyText(e),
			Book: m.Title, Volume: s.spec.Volume, Number: p.Number, Page: p.Page})
	}
	for _, p := range m.Front {
		e, err := p.Engine()
		if err != nil {
			return nil, err
		}
		prints = append(prints, bank.Printing{Variant: bank.VariantName(e), Size: e.Kind().Side(), Key: bank.KeyText(e),
			Book: m.Title, Volume: s.spec.Volume, Number: bank.FrontMatter})
	}
	return prints, nil
}

// record writes the book's printings into the bank, in one transaction,
// pending until finalize: proof is the book's manifest as it will be
// once committed, and sum the SHA-256 of its bytes. It is called just
// before the book's files are committed, so that the bank knows every
// committed book; a build that dies before its commit leaves pending
// printings, which the next build on the bank settles (resolve).
func (s *supply) record(ctx context.Context, prints []bank.Printing, proof, sum string) error {
	if s.claim == nil {
		return nil
	}
	if err := s.claim.RecordPending(context.WithoutCancel(ctx), prints, proof, sum); err != nil {
		return err
	}
	s.recorded = true
	return nil
}

// finalize makes the printings final once the book is committed. Should
// it fail, they stay pending, and the next build finds the book committed
// and makes them final then.
func (s *supply) finalize(ctx context.Context) {
	if s.claim != nil && s.recorded {
		s.claim.Finalize(context.WithoutCancel(ctx))
	}
}

// resolve settles the printings that builds stopped between recording
// and committing left pending, and says so.
func resolve(ctx context.Context, bk *bank.Bank, note func(string, ...any)) error {
	final, dropped, err := bk.ResolvePending(ctx, Outcome)
	for _, p := range final {
		note("the bank's printings of %s were pending: the book is committed, so they are final", p)
	}
	for _, p := range dropped {
		note("the bank's printings of %s were dropped: the build that recorded them stopped before it committed the book, so its puzzles are free again", p)
	}
	return err
}

// Outcome tells whether a book whose manifest is proof, with bytes of
// SHA-256 sum, was committed: its folder holds that manifest. A folder
// that is gone (moved, or on a disk not mounted), has a link-free switch
// due, or is held by a build still running cannot tell yet: a live build
// records its printings before it commits, and its folder shows no book
// until it does.
func Outcome(proof, sum string) bank.Outcome {
	dir := filepath.Dir(proof)
	if _, err := os.Stat(dir); err != nil || outdir.Switching(dir) || outdir.Busy(dir) {
		return bank.Undecided
	}
	f, err := os.Open(proof)
	if errors.Is(err, os.ErrNotExist) {
		return bank.NeverCommitted
	}
	if err != nil {
		return bank.Undecided
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return bank.Undecided
	}
	if hex.EncodeToString(h.Sum(nil)) == sum {
		return bank.Committed
	}
	return bank.NeverCommitted
}

// unrecord takes the printings back when the commit failed with the old
// book in place. If that fails too, the printings stay: the puzzles are
// not used again, and nothing printed is forgotten.
func (s *supply) unrecord(ctx context.Context) error {
	if s.claim == nil || !s.recorded {
		return nil
	}
	if err := s.claim.Unrecord(context.WithoutCancel(ctx)); err != nil {
		return err
	}
	s.recorded = false
	return nil
}

// keys are the canonical keys of the book's puzzles and its front
// matter's grids, for the next volume.
func (s *supply) keys(b *book.Book) []string {
	var out []string
	for p := range b.All() {
		out = append(out, s.keyOf(p.Engine()))
	}
	for _, p := range s.front {
		out = append(out, s.keyOf(p.Engine()))
	}
	return out
}

// keyOf is a puzzle's key among puzzles of every kind, as the exclusion
// sets hold it (tagged).
func (s *supply) keyOf(p engine.Puzzle) string {
	if p.Geometry() == engine.Classic9 {
		return bank.KeyText(p)
	}
	return bank.Tag(bank.VariantName(p), p.Kind().Side(), bank.KeyText(p))
}

// sectionKind is the bank's variant and size of section i's puzzles.
func (s *supply) sectionKind(i int) (string, int) {
	sec := s.spec.Sections[i]
	return sec.Variant.String(), sec.Kind().Side()
}

// close releases what the build claimed but did not record, and the bank.
// A claim is released even when ctx is done (the build was interrupted),
// within releaseWithin: a bank another process holds locked must not keep
// an interrupted build from ending (its claims then lapse with the lease).
// close may be called more than once.
func (s *supply) close(ctx context.Context) {
	if s.claim != nil && !s.recorded {
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), releaseWithin)
		s.claim.Release(rctx)
		cancel()
	}
	s.claim = nil
	if s.bank != nil {
		s.bank.Close()
		s.bank = nil
	}
}

// releaseWithin bounds the release of an unused claim, so that it fits
// in the half second the command gives an interrupt.
const releaseWithin = 250 * time.Millisecond

// withArticle puts "a" or "an" before a level's or a kind's name, as said
// aloud: "an easy section", "an x puzzle", "a hard puzzle".
func withArticle(word string) string {
	if word != "" && strings.ContainsRune("aeiouxAEIOUX", rune(word[0])) {
		return "an " + word
	}
	return "a " + word
}

// Printed are the bank's records of a built book's puzzles and its front
// matter's grids (number 0, bank.FrontMatter), read from its manifest
// (for bank.RecordBook), each with origin as its origin should
// the bank not know it.
func Printed(m *book.Manifest, origin string) ([]bank.Printed, error) {
	var out []bank.Printed
	for _, p := range slices.Concat(m.Front, m.Puzzles) {
		e, err := p.Engine()
		if err == nil {
			e.Grading, err = manifestGrading(p)
		}
		if err != nil {
			return nil, fmt.Errorf("puzzle %d: %w", p.Number, err)
		}
		out = append(out, bank.Printed{Puzzle: bank.FromEngine(e, origin), Number: p.Number, Page: p.Page})
	}
	return out, nil
}

// manifestGrading is the grading a manifest record says its puzzle has.
func manifestGrading(p book.ManifestPuzzle) (engine.Grading, error) {
	var gr engine.Grading
	if err := gr.Level.UnmarshalText([]byte(p.Level)); err != nil {
		return gr, err
	}
	if err := gr.Hardest.UnmarshalText([]byte(p.Hardest)); err != nil {
		return gr, err
	}
	gr.Score = p.Score
	gr.Rating = engine.Rating(p.Rating*10 + 0.5)
	return gr, nil
}
