package publish

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"runtime/debug"
	"time"

	"github.com/sudokubook/sudokubook/bank"
	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/internal/outdir"
	"github.com/sudokubook/sudokubook/layout"
	"github.com/sudokubook/sudokubook/preflight"
	"github.com/sudokubook/sudokubook/web"
)

// Build builds the job's book into opt.Out, staged and moved into place
// only when every file is complete.
func (j *Job) Build(ctx context.Context, opt Options) (*Result, error) {
	return j.build(ctx, opt, nil)
}

// builder is one build under way: what its steps hand on to the next.
type builder struct {
	opt   Options
	job   *Job
	spec  *book.Spec
	sup   *supply
	st    *outdir.Stage
	start time.Time
	res   Result

	b      *book.Book
	lay    layout.Options
	files  book.ManifestFiles
	pm     book.PageMap
	pages  int
	rec    *book.ManifestPrint
	prints []bank.Printing // the bank's records of this book
	sum    string          // the SHA-256 of the book's manifest, hex
}

// build runs the steps. series holds the keys printed by earlier volumes
// of the run; the book's own are added to it. A book alone has none (nil),
// and its keys are not made.
func (j *Job) build(ctx context.Context, opt Options, series map[string]bool) (*Result, error) {
	if opt.Out == "" {
		return nil, errors.New("publish: Options.Out names no output folder")
	}
	opt = opt.withDefaults()
	r := &builder{opt: opt, job: j, spec: j.spec, start: time.Now()}
	r.res.Out = opt.Out
	// The spec's bank before the folder is touched: a bad one is a spec
	// error that leaves the folder as it was.
	sup, err := newSupply(ctx, j, series, func(format string, a ...any) { opt.note(false, format, a...) })
	if err != nil {
		return nil, err
	}
	r.sup = sup
	// Each clean-up runs as the build returns, or from the caller should
	// it stop the process first (Options.AtExit): an interrupted build
	// leaves no stage, no new folder and no claims.
	defer opt.atExit(func() { sup.close(ctx) })()
	od, err := r.openFolder()
	if err != nil {
		return nil, err
	}
	defer opt.atExit(func() { od.Close() })()
	defer opt.Progress.Done()
	if err := r.generate(ctx); err != nil {
		return nil, err
	}
	if r.st, err = od.Stage(); err != nil {
		return nil, err
	}
	committed := false
	defer func() {
		if !committed {
			r.st.Abort()
		}
	}()
	var keys []string
	for _, step := range []func(context.Context) error{r.layout, r.singles, r.cover, r.manifest, r.feed} {
		if err := step(ctx); err != nil {
			return nil, err
		}
	}
	if series != nil {
		keys = sup.keys(r.b)
	}
	// Nothing below reads the book: let it go, so that the preflight
	// does not hold it beside the PDF it reads back.
	r.b, r.pm = nil, book.PageMap{}
	if opt.Hooks.AtPreflight != nil {
		opt.Hooks.AtPreflight()
	}
	if err := r.preflight(ctx); err != nil {
		return &r.res, err
	}
	if err := r.commit(ctx); err != nil {
		return nil, err
	}
	committed = true
	opt.Progress.Done()
	if opt.Hooks.AfterCommit != nil {
		if err := opt.Hooks.AfterCommit(); err != nil {
			return nil, err
		}
	}
	for _, k := range keys {
		series[k] = true
	}
	r.res.Total = time.Since(r.start)
	return &r.res, nil
}

// openFolder claims the output folder before any work: one that is not
// ours, locked by another build or not writable fails now, not after
// generation.
func (r *builder) openFolder() (*outdir.Dir, error) {
	od, err := outdir.Open(r.opt.Out, outdir.Options{Names: OutputNames, AllowForeign: r.opt.AllowOtherFiles,
		NoLinks: r.opt.NoLinks, Fault: r.opt.Hooks.Fault})
	if err != nil {
		return nil, err
	}
	// Which promise holds on this disk is said every time: it is about
	// the book, not progress.
	for _, n := range od.Notes() {
		r.opt.note(false, "%s", n)
	}
	return od, nil
}

// generate fills the sections (the setter's puzzles, the bank's, then
// generated ones), assembles the book and reserves its puzzles in the
// bank.
func (r *builder) generate(ctx context.Context) error {
	labels := make([]string, len(r.spec.Sections))
	need := make([]int, len(r.spec.Sections))
	for i, s := range r.spec.Sections {
		labels[i] = s.Level.String()
		if s.Title != "" {
			labels[i] = s.Title
		}
		need[i] = s.Count
	}
	r.opt.Progress.Start(labels, need)
	genCtx, cancel := context.WithTimeout(ctx, r.opt.Timeout)
	defer cancel()
	found, err := r.sup.fill(genCtx, engine.FillOptions{
		Seed:     uint64(r.spec.Seed),
		Workers:  r.opt.Workers,
		Progress: r.opt.Progress.Found,
	})
	if err != nil {
		return shortfall(err, labels, r.opt.Timeout)
	}
	if r.b, err = book.AssemblePuzzles(r.spec, found); err != nil {
		return err
	}
	// The front matter's and the lessons' own grids, made here on the
	// build's workers rather than one at a time when the layout asks.
	r.opt.Progress.Step("making the front matter's grids")
	r.b.AvoidInFront(r.sup.printed)
	if _, err := r.b.MakeFrontContext(genCtx, r.opt.Workers); err != nil {
		if ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded) {
			return fmt.Errorf("making the front matter's grids: %w (--timeout %v)", err, r.opt.Timeout)
		}
		return err
	}
	r.res.Generated = time.Since(r.start)
	return r.sup.reserve(ctx, r.b)
}

// layout writes the interior to its staged file a page at a time; the
// preflight reads it back from there, so a book's memory does not grow
// with its page count.
func (r *builder) layout(ctx context.Context) error {
	r.opt.Progress.Step("laying out pages")
	if r.opt.Hooks.AtLayout != nil {
		r.opt.Hooks.AtLayout(ctx)
	}
	r.lay = layout.Options{Generator: r.opt.Generator, Version: r.opt.Version, Year: r.opt.Year, CoverArt: r.job.art, Pictures: r.job.pictures}
	var w layout.Written
	var layoutErr error
	err := r.st.WriteFrom("book.pdf", func(f io.Writer) error {
		w, layoutErr = layout.WriteBook(ctx, f, r.b, r.lay)
		return layoutErr
	})
	if layoutErr != nil {
		return layoutErr // a book the layout refuses, said as the layout says it
	}
	if err != nil {
		return err
	}
	r.files = book.ManifestFiles{PDF: "book.pdf"}
	r.pm = w.PageMap
	r.pages = w.Report.Pages
	r.rec = printFrom(w.Report)
	return nil
}

// cover draws the cover the spec asks for and checks it.
func (r *builder) cover(context.Context) error {
	spec := r.spec
	if spec.Cover == nil {
		return nil
	}
	r.opt.Progress.Step("drawing the cover")
	cr, err := layout.RenderCover(r.b, r.pages, r.lay)
	if err != nil {
		return err
	}
	for _, w := range cr.Warnings {
		r.opt.note(true, "%s", w)
	}
	if err := r.st.Write("cover.pdf", cr.PDF); err != nil {
		return err
	}
	r.res.Cover = "cover.pdf"
	rep, err := preflight.CheckCover(bytes.NewReader(cr.PDF), r.opt.Printer,
		CoverExpect(float64(spec.Trim.W), float64(spec.Trim.H), r.pages, spec.Cover.Paper.String()))
	if err != nil {
		return err
	}
	r.res.CoverPreflight = &rep
	return nil
}

// manifest writes the manifest and the web edition, and makes the bank's
// records of the book. They come before the preflight: they are the
// book's last readers, and the book is let go before the preflight reads
// the PDF back, so a build never holds both. The build checks exactly
// what the manifest records, so a later `sudokubook check` of the same
// folder judges the book the same way.
func (r *builder) manifest(context.Context) error {
	spec, files := r.spec, r.files
	if spec.HTML.On {
		files.HTML = "book.html"
	}
	// The manifest's records are made as they are written, never all
	// held at once; the web edition alone wants them whole.
	m, err := book.BookManifest(r.b, r.pm, files)
	if err != nil {
		return err
	}
	m.Generator = r.opt.Generator + " " + r.opt.Version
	m.Cover = r.res.Cover
	if spec.Cover != nil {
		m.CoverPaper = spec.Cover.Paper.String()
	}
	m.Print = r.rec
	if spec.HTML.On {
		r.opt.Progress.Step("writing the web edition")
		page, err := web.Page(m.Whole(), web.Options{Puzzles: spec.HTML.Puzzles, Pictures: r.job.pictures})
		if err != nil {
			return err
		}
		if err := r.st.Write(files.HTML, page); err != nil {
			return err
		}
	}
	// Straight into its staged file: no second copy of a manifest that
	// holds every puzzle (8.5 MB for 20,000).
	h := sha256.New()
	if err := r.st.WriteFrom("manifest.json", func(w io.Writer) error { return m.Write(io.MultiWriter(w, h)) }); err != nil {
		return err
	}
	r.sum = hex.EncodeToString(h.Sum(nil))
	if r.prints, err = r.sup.printings(m); err != nil {
		return err
	}
	r.res.Puzzles, r.res.Sections, r.res.Pages, r.res.Trim = r.b.Len(), len(r.b.Sections), r.pages, spec.Trim.Name
	r.res.PNGs = len(files.PNG) + len(files.SolutionPNG)
	r.res.PDFs = len(files.SinglePDF) + len(files.SolutionPDF)
	r.res.SVGs = len(files.SVG) + len(files.SolutionSVG)
	r.res.HTML = files.HTML
	return nil
}

// preflight checks the staged book and writes its report. With Strict a
// book that fails is not shown: the previous one stays, and the failing
// one is kept aside to read (ErrRejected).
func (r *builder) preflight(ctx context.Context) error {
	r.opt.Progress.Step("checking the book")
	rep, err := checkStaged(r.st, "book.pdf", r.opt.Printer, ExpectFrom(r.rec))
	if err != nil {
		return err
	}
	r.res.Preflight = rep
	var pre bytes.Buffer
	rep.Write(&pre)
	if c := r.res.CoverPreflight; c != nil {
		fmt.Fprintf(&pre, "\ncover.pdf:\n")
		c.Write(&pre)
	}
	if err := r.st.Write("preflight.txt", pre.Bytes()); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("build interrupted, nothing written: %w", err)
	}
	if r.opt.Strict && !r.res.OK() {
		at, err := r.st.Reject()
		if err != nil {
			return err
		}
		r.res.Rejected = at
		return fmt.Errorf("%s: %w", r.opt.Out, ErrRejected)
	}
	return nil
}

// commit records the book in the bank, then commits the folder. The bank
// learns of the book first, so that no committed book is unknown to it
// (see supply.record).
func (r *builder) commit(ctx context.Context) error {
	proof, err := filepath.Abs(filepath.Join(r.opt.Out, "manifest.json"))
	if err != nil {
		return err
	}
	if err := r.sup.record(ctx, r.prints, proof, r.sum); err != nil {
		return fmt.Errorf("recording the book in the bank failed, so it was not written: %w", err)
	}
	if stopAt != nil && stopAt("record") {
		return errStopped
	}
	if err := r.st.Commit(); err != nil {
		if !r.st.InPlace() {
			if uerr := r.sup.unrecord(ctx); uerr != nil {
				return fmt.Errorf("%w (the bank keeps this book's printings, pending, so its puzzles are not used until the next build finds the book is not there: %v)", err, uerr)
			}
		}
		return err
	}
	if stopAt != nil && stopAt("commit") {
		return errStopped
	}
	r.sup.finalize(ctx)
	return nil
}

// stopAt, when a test sets it, is asked after the bank records the book
// ("record") and after the folder's commit ("commit"): true stops the
// build there, as a kill would, with nothing undone. Nil in the program.
var stopAt func(step string) bool

var errStopped = errors.New("stopped by the test")

// ShortfallError is a generation that ran out of time before every
// section was full.
type ShortfallError struct {
	Timeout time.Duration
	Short   []Short
	err     error // the engine's
}

// Short is one section that fell short.
type Short struct {
	Section       int
	Label         string // the section's title, or its level
	Level         engine.Level
	Found, Needed int
}

func (e *ShortfallError) Error() string {
	msg := fmt.Sprintf("gave up after %s without filling every section:", e.Timeout)
	for _, q := range e.Short {
		msg += fmt.Sprintf("\n  sections[%d] (%s, %s): found %d of %d", q.Section, q.Label, q.Level, q.Found, q.Needed)
	}
	return msg + "\nwiden those sections' clue or score bands, lower their counts, or allow more time"
}

func (e *ShortfallError) Unwrap() error { return e.err }

// shortfall turns the engine's time-out into an error that names each
// section that fell short.
func shortfall(err error, labels []string, timeout time.Duration) error {
	var sf *engine.ShortfallError
	if !errors.As(err, &sf) {
		return err
	}
	if errors.Is(err, context.Canceled) {
		return fmt.Errorf("build interrupted, nothing written: %w", context.Canceled)
	}
	e := &ShortfallError{Timeout: timeout, err: err}
	for _, q := range sf.Short {
		e.Short = append(e.Short, Short{Section: q.Quota, Label: labels[q.Quota], Level: q.Level, Found: q.Found, Needed: q.Needed})
	}
	return e
}

// printFrom records the page geometry the layout used, for the manifest.
func printFrom(r layout.Report) *book.ManifestPrint {
	return &book.ManifestPrint{
		TrimW: float64(r.Trim.W), TrimH: float64(r.Trim.H), Bleed: r.Bleed,
		Top: float64(r.Margins.Top), Bottom: float64(r.Margins.Bottom),
		Outside: float64(r.Margins.Outside), Gutter: float64(r.Margins.Inside),
		MinTextPt: r.MinTextPt, MinLinePt: r.MinLinePt,
	}
}

// ExpectFrom is what the preflight should expect of a book whose manifest
// records p.
func ExpectFrom(p *book.ManifestPrint) preflight.Expect {
	return preflight.Expect{
		TrimW: p.TrimW, TrimH: p.TrimH, Bleed: p.Bleed,
		MinTextPt: p.MinTextPt, MinLinePt: p.MinLinePt,
		Gutter: p.Gutter, Outside: p.Outside, Top: p.Top, Bottom: p.Bottom,
	}
}

// CoverExpect is what the preflight should expect of the cover of a book
// of pages pages trimmed to trimW x trimH points, on paper (a manifest's
// cover_paper: "white" or "cream"), which sets the spine's width.
func CoverExpect(trimW, trimH float64, pages int, paper string) preflight.CoverExpect {
	per := preflight.WhitePerPage
	if paper == book.PaperCream.String() {
		per = preflight.CreamPerPage
	}
	return preflight.CoverExpect{TrimW: trimW, TrimH: trimH, Pages: pages, PerPage: per}
}

// checkStaged runs the preflight on a staged PDF, read from its file. A
// book past preflight.StreamAbove (about 7,500 puzzles) is read a page at
// a time, so the preflight's memory stays flat in the book's size; a
// smaller one is read and validated whole by pdfcpu, as below.
//
// The preflight is the one step of a build whose memory grows with the
// book: pdfcpu reads every object of the file before it validates (about
// 2.4 KB of live heap a puzzle), and with Go's default GOGC of 100 the
// heap peaks near twice that (93 MB of heap for 45 MB live at 20,000
// puzzles). The collector runs at preflightGC while it reads: peak RSS of
// a 20,000-puzzle build 141 -> 129 MB, the same PDF, CPU within the
// load's noise (21.6 s against 21.8 s); the manifest's encoding (41 MB
// live at 20,000) is then the peak. A GOGC the user set lower, or off, is
// kept. The setting is the process's, so builds running at once in one
// process share it.
func checkStaged(st *outdir.Stage, rel string, p preflight.Printer, e preflight.Expect) (preflight.Report, error) {
	f, err := st.Open(rel)
	if err != nil {
		return preflight.Report{}, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return preflight.Report{}, err
	}
	if prev := debug.SetGCPercent(preflightGC); prev < preflightGC {
		debug.SetGCPercent(prev)
	} else {
		defer debug.SetGCPercent(prev)
	}
	return preflight.CheckFile(f, fi.Size(), p, e)
}

// preflightGC is the GOGC the preflight runs at (see checkStaged).
const preflightGC = 50
