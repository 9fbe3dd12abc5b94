package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/internal/outdir"
	"github.com/sudokubook/sudokubook/layout"
	"github.com/sudokubook/sudokubook/preflight"
	"github.com/sudokubook/sudokubook/web"
)

// buildConfig is what build's flags say beyond the spec.
type buildConfig struct {
	spec    string
	out     string
	workers int
	timeout time.Duration
	printer preflight.Printer
	strict  bool
	quiet   bool
	year    int  // build year for a spec without one
	others  bool // OUTDIR may hold files that are not sudokubook's

	// singlesBudget bounds the memory of the PNGs and single PDFs drawn
	// at once (0: defaultSinglesBudget); watchSingles, when set (tests),
	// is told, as each starts, the estimate of all of them then drawing.
	singlesBudget int64
	watchSingles  func(bytes int64)

	// afterCommit, when a test sets it, runs once the book is committed;
	// its error ends the build there, as a build killed at that point.
	afterCommit func() error
}

func runBuild(ctx context.Context, e env, args []string) error {
	fs := newFlags(e, "build")
	var c buildConfig
	fs.StringVar(&c.out, "o", "", "output folder (required): book.pdf, manifest.json and the rest go here")
	fs.IntVar(&c.workers, "j", runtime.NumCPU(), "worker goroutines for generation and images")
	c.timeout = 5 * time.Minute
	fs.Var((*timeoutFlag)(&c.timeout), "timeout", "give up generating after this long (at most "+maxTimeoutText+")")
	printer := fs.String("printer", "kdp", "printer whose rules the finished book is checked against: kdp or lulu")
	fs.BoolVar(&c.strict, "strict", false, "exit 1 when the book fails its preflight check")
	fs.BoolVar(&c.quiet, "quiet", false, "no progress display")
	fs.BoolVar(&c.others, "allow-other-files", false, "build into an OUTDIR that holds files of your own (they are left alone)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usagef("build wants one SPEC file, or several for a series")
	}
	if c.out == "" {
		return usagef("build needs an output folder: -o OUTDIR")
	}
	if err := checkNewName("-o", c.out); err != nil {
		return err
	}
	if c.workers, err = capWorkers(e, c.workers); err != nil {
		return err
	}
	if c.timeout <= 0 {
		return usagef("--timeout %s: want a positive duration such as 90s or 5m", c.timeout)
	}
	if c.printer, err = preflight.ParsePrinter(*printer); err != nil {
		return usagef("--printer: %v", err)
	}
	c.year = time.Now().Year()
	if len(pos) == 1 {
		c.spec = pos[0]
		return build(ctx, e, c, nil)
	}
	return buildSeries(ctx, e, c, pos)
}

// buildSeries builds several specs in one run, volume after volume, each
// into OUTDIR/NAME (NAME the spec's file name without .yaml), sharing one
// set of printed keys so that no two volumes share a puzzle.
func buildSeries(ctx context.Context, e env, c buildConfig, specs []string) error {
	dirs := map[string]string{}
	names := make([]string, len(specs))
	for i, spec := range specs {
		dir, err := volumeName(spec)
		if err != nil {
			return err
		}
		// Windows and macOS disks fold case: vol1 and VOL1 are one folder.
		key := strings.ToLower(dir)
		if other, ok := dirs[key]; ok {
			return usagef("%s and %s would both be built into %s; rename one", other, spec, filepath.Join(c.out, dir))
		}
		dirs[key] = spec
		names[i] = dir
	}
	// Every volume's spec and files are read and checked before the
	// first is built: a bad second volume must not leave the first one
	// committed and the run failed half way.
	ins := make([]*inputs, len(specs))
	for i, spec := range specs {
		in, err := loadInputs(e, spec)
		if err != nil {
			return fmt.Errorf("%s: %w", spec, err)
		}
		ins[i] = in
	}
	printed := map[string]bool{}
	out := c.out
	for i, spec := range specs {
		c.spec = spec
		c.out = filepath.Join(out, names[i])
		if err := buildFrom(ctx, e, c, printed, ins[i]); err != nil {
			return fmt.Errorf("%s: %w", spec, err)
		}
	}
	return nil
}

// build runs the whole job: spec -> quotas -> engine -> book -> layout ->
// files, staged and moved into place only when all are complete. series
// holds the keys printed by earlier volumes of the run; the book's own are
// added to it. A book alone has none (nil), and its keys are not made.
func build(ctx context.Context, e env, c buildConfig, series map[string]bool) error {
	return buildFrom(ctx, e, c, series, nil)
}

// buildFrom is build with the spec and its files as loadInputs read them,
// or nil to read them now.
func buildFrom(ctx context.Context, e env, c buildConfig, series map[string]bool, in *inputs) error {
	start := time.Now()
	if in == nil {
		var err error
		if in, err = loadInputs(e, c.spec); err != nil {
			return err
		}
	}
	spec, art := in.spec, in.art
	// The spec's bank before the folder is touched: a bad one is a spec
	// error that leaves OUTDIR as it was.
	sup, err := newSupply(ctx, in, series)
	if err != nil {
		return err
	}
	// Each clean-up runs as the build returns, or from main should a
	// signal stop the build where it checks no context (atExit): an
	// interrupted build leaves no stage, no new OUTDIR and no claims.
	defer atExit(ctx, func() { sup.close(ctx) })()
	// The folder is claimed before any work: one that is not ours, locked
	// by another build or not writable fails now, not after generation.
	od, err := outdir.Open(c.out, outdir.Options{Names: outputNames, AllowForeign: c.others, NoLinks: os.Getenv(noLinksEnv) != ""})
	if err != nil {
		return err
	}
	defer atExit(ctx, func() { od.Close() })()
	// Which promise holds on this disk is said every time, --quiet or
	// not: it is about the book, not progress.
	for _, n := range od.Notes() {
		fmt.Fprintf(e.stderr, "%s: note: %s\n", name, n)
	}
	labels := make([]string, len(spec.Sections))
	need := make([]int, len(spec.Sections))
	for i, s := range spec.Sections {
		labels[i] = s.Level.String()
		if s.Title != "" {
			labels[i] = s.Title
		}
		need[i] = s.Count
	}
	prog := newProgress(e.stderr, c.quiet, labels, need)
	defer prog.done()

	genCtx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	found, err := sup.fill(genCtx, engine.FillOptions{
		Seed:     uint64(spec.Seed),
		Workers:  c.workers,
		Progress: prog.update,
	})
	if err != nil {
		return shortfall(err, labels, c.timeout)
	}
	genTime := time.Since(start)

	b, err := book.AssemblePuzzles(spec, found)
	if err != nil {
		return err
	}
	if err := sup.reserve(ctx, b); err != nil {
		return err
	}
	prog.step("laying out pages")
	if atLayout != nil {
		atLayout(ctx)
	}
	opt := layout.Options{Generator: name, Version: version, Year: c.year, CoverArt: art}
	st, err := od.Stage()
	if err != nil {
		return err
	}
	committed := false
	defer func() {
		if !committed {
			st.Abort()
		}
	}()
	// The interior goes to its staged file a page at a time, and the
	// preflight reads it back from there: a book's memory does not grow
	// with its page count (issue 14).
	var res layout.Written
	var layoutErr error
	err = st.WriteFrom("book.pdf", func(w io.Writer) error {
		res, layoutErr = layout.WriteBook(w, b, opt)
		return layoutErr
	})
	if layoutErr != nil {
		return layoutErr // a book the layout refuses, said as the layout says it
	}
	if err != nil {
		return err
	}
	files := book.ManifestFiles{PDF: "book.pdf"}
	if err := writeSingles(ctx, st, b, c, &files, prog); err != nil {
		return err
	}
	var cover string
	var coverRep *preflight.Report
	if spec.Cover != nil {
		prog.step("drawing the cover")
		cr, err := layout.RenderCover(b, res.Report.Pages, opt)
		if err != nil {
			return err
		}
		for _, w := range cr.Warnings {
			fmt.Fprintf(e.stderr, "warning: %s\n", w)
		}
		if err := st.Write("cover.pdf", cr.PDF); err != nil {
			return err
		}
		cover = "cover.pdf"
		per := preflight.WhitePerPage
		if spec.Cover.Paper == book.PaperCream {
			per = preflight.CreamPerPage
		}
		r, err := preflight.CheckCover(bytes.NewReader(cr.PDF), c.printer, preflight.CoverExpect{
			TrimW: float64(spec.Trim.W), TrimH: float64(spec.Trim.H), Pages: res.Report.Pages, PerPage: per,
		})
		if err != nil {
			return err
		}
		coverRep = &r
	}

	// The manifest and the web edition come before the preflight: they
	// are the book's last readers, and the book is let go before the
	// preflight reads the PDF back, so a build never holds both (issue
	// 14). The build checks exactly what the manifest records, so a later
	// `sudokubook check` of the same folder judges the book the same way.
	rec := printFrom(res.Report)
	if spec.HTML.On {
		files.HTML = "book.html"
	}
	// The manifest's records are made as they are written, never all
	// held at once (issue 14); the web edition alone wants them whole.
	m, err := book.BookManifest(b, res.PageMap, files)
	if err != nil {
		return err
	}
	m.Generator = name + " " + version
	m.Cover = cover
	if spec.Cover != nil {
		m.CoverPaper = spec.Cover.Paper.String()
	}
	m.Print = rec
	if spec.HTML.On {
		prog.step("writing the web edition")
		page, err := web.Page(m.Whole(), web.Options{Puzzles: spec.HTML.Puzzles})
		if err != nil {
			return err
		}
		if err := st.Write(files.HTML, page); err != nil {
			return err
		}
	}
	// Straight into its staged file: no second copy of a manifest that
	// holds every puzzle (8.5 MB for 20,000).
	if err := st.WriteFrom("manifest.json", m.Write); err != nil {
		return err
	}
	prints, err := sup.printings(m)
	if err != nil {
		return err
	}
	var keys []string
	if series != nil {
		keys = sup.keys(b)
	}
	sum := summaryOf(b, res.Report.Pages, files, cover)
	// Nothing below reads the book: let it go (see above).
	b, found, m, res.PageMap = nil, nil, nil, book.PageMap{}
	if atPreflight != nil {
		atPreflight()
	}

	prog.step("checking the book")
	rep, err := checkStaged(st, "book.pdf", c.printer, expectFrom(rec))
	if err != nil {
		return err
	}
	var pre bytes.Buffer
	rep.Write(&pre)
	if coverRep != nil {
		fmt.Fprintf(&pre, "\ncover.pdf:\n")
		coverRep.Write(&pre)
	}
	if err := st.Write("preflight.txt", pre.Bytes()); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("build interrupted, nothing written: %w", err)
	}
	// With --strict a book that fails its preflight is not shown: the
	// previous one stays, and the failing one is kept aside to read.
	if c.strict && !preflightOK(rep, coverRep) {
		at, err := st.Reject()
		if err != nil {
			return err
		}
		prog.done()
		reportFailures(e, c.printer, at, rep, coverRep)
		fmt.Fprintf(e.stderr, "*** --strict: %s was left as it was; the failing book is kept in %s (until the next rejected one)\n", c.out, at)
		return errSilent
	}
	// The bank learns of the book before it is committed, so that no
	// committed book is unknown to it (see supply.record).
	if err := sup.record(ctx, prints); err != nil {
		return fmt.Errorf("recording the book in the bank failed, so it was not written: %w", err)
	}
	if err := st.Commit(); err != nil {
		if !st.InPlace() {
			if uerr := sup.unrecord(ctx); uerr != nil {
				return fmt.Errorf("%w (the bank keeps this book's printings, so its puzzles are not used again: %v)", err, uerr)
			}
		}
		return err
	}
	committed = true
	prog.done()
	if c.afterCommit != nil {
		if err := c.afterCommit(); err != nil {
			return err
		}
	}
	for _, k := range keys {
		series[k] = true
	}

	return summarize(e, c, sum, rep, coverRep, genTime, time.Since(start))
}

// atLayout, when a test sets it, runs as page layout starts: the tests
// interrupt a build there, the longest stretch with nothing to check a
// context (layout.RenderBook takes none). Nil in the program.
var atLayout func(ctx context.Context)

// atSingle, when a test sets it, runs after each PNG or single PDF is
// staged: the tests interrupt a build there, with files in its stage. Nil
// in the program.
var atSingle func(ctx context.Context)

// atPreflight, when a test sets it, runs as the book's preflight starts,
// once the build has let the book go: the tests measure the heap there.
// Nil in the program.
var atPreflight func()

// summary is what a build says it wrote, kept past the book.
type summary struct {
	puzzles, sections, pages int
	trim                     string
	pngs, pdfs               int
	cover, html              string
}

func summaryOf(b *book.Book, pages int, files book.ManifestFiles, cover string) summary {
	return summary{
		puzzles: b.Len(), sections: len(b.Sections), pages: pages, trim: b.Spec.Trim.Name,
		pngs: len(files.PNG) + len(files.SolutionPNG), pdfs: len(files.SinglePDF) + len(files.SolutionPDF),
		cover: cover, html: files.HTML,
	}
}

// summarize says what the build wrote and how its preflight went: results
// on stdout, a failed preflight loudly on stderr (and as the exit code with
// --strict).
func summarize(e env, c buildConfig, s summary, rep preflight.Report, coverRep *preflight.Report, genTime, total time.Duration) error {
	fmt.Fprintf(e.stdout, "wrote %s/book.pdf: %s, %s on %d pages (%s)\n", c.out,
		plural(s.puzzles, "puzzle"), plural(s.sections, "section"), s.pages, s.trim)
	if s.pngs > 0 {
		fmt.Fprintf(e.stdout, "wrote %s/png/: %s\n", c.out, plural(s.pngs, "image"))
	}
	if s.pdfs > 0 {
		fmt.Fprintf(e.stdout, "wrote %s/pdf/: %s\n", c.out, plural(s.pdfs, "single-grid PDF"))
	}
	if s.cover != "" {
		fmt.Fprintf(e.stdout, "wrote %s/cover.pdf\n", c.out)
	}
	if s.html != "" {
		fmt.Fprintf(e.stdout, "wrote %s/%s: the web edition\n", c.out, s.html)
	}
	fmt.Fprintf(e.stdout, "wrote %s/manifest.json (generated in %.1fs, built in %.1fs)\n", c.out, genTime.Seconds(), total.Seconds())
	failed := !preflightOK(rep, coverRep)
	reportFailures(e, c.printer, c.out, rep, coverRep)
	switch {
	case failed && c.strict:
		return errSilent
	case !failed && coverRep != nil:
		fmt.Fprintf(e.stdout, "preflight (%s): every check passed, book and cover\n", c.printer)
	case !failed:
		fmt.Fprintf(e.stdout, "preflight (%s): every check passed\n", c.printer)
	}
	return nil
}

// preflightOK says whether the book, and its cover if it has one, passed.
func preflightOK(rep preflight.Report, coverRep *preflight.Report) bool {
	return rep.OK() && (coverRep == nil || coverRep.OK())
}

// reportFailures prints, loudly on stderr, each failed rule of the book
// and the cover whose files are in dir.
func reportFailures(e env, p preflight.Printer, dir string, rep preflight.Report, coverRep *preflight.Report) {
	for _, f := range []struct {
		name string
		rep  *preflight.Report
	}{{"book.pdf", &rep}, {"cover.pdf", coverRep}} {
		if f.rep == nil || f.rep.OK() {
			continue
		}
		fmt.Fprintf(e.stderr, "\n*** WARNING: %s/%s FAILS the %s preflight check; the printer may reject it:\n", dir, f.name, p)
		for _, r := range f.rep.Rules {
			if !r.Pass {
				fmt.Fprintf(e.stderr, "***   FAIL %s: %s (want %s)\n", r.Name, r.Measured, r.Want)
			}
		}
		fmt.Fprintf(e.stderr, "*** the full report is in %s/preflight.txt\n", dir)
	}
}

// shortfall turns the engine's time-out into a message that names each
// section that fell short and what to do about it.
func shortfall(err error, labels []string, timeout time.Duration) error {
	var sf *engine.ShortfallError
	if !errors.As(err, &sf) {
		return err
	}
	if errors.Is(err, context.Canceled) {
		return fmt.Errorf("build interrupted, nothing written")
	}
	msg := fmt.Sprintf("gave up after %s without filling every section:", timeout)
	for _, q := range sf.Short {
		msg += fmt.Sprintf("\n  sections[%d] (%s, %s): found %d of %d", q.Quota, labels[q.Quota], q.Level, q.Found, q.Needed)
	}
	return fmt.Errorf("%s\nwiden those sections' clue or score bands, lower their counts, or raise --timeout", msg)
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

// expectFrom is what the preflight checker should expect of a book whose
// manifest records p.
func expectFrom(p *book.ManifestPrint) preflight.Expect {
	return preflight.Expect{
		TrimW: p.TrimW, TrimH: p.TrimH, Bleed: p.Bleed,
		MinTextPt: p.MinTextPt, MinLinePt: p.MinLinePt,
		Gutter: p.Gutter, Outside: p.Outside, Top: p.Top, Bottom: p.Bottom,
	}
}

// writeSingles renders the PNG previews and single-grid PDFs the spec asks
// for, on c.workers goroutines. Each file depends only on its puzzle, so the
// output is the same whatever the worker count.
func writeSingles(ctx context.Context, st *outdir.Stage, b *book.Book, c buildConfig, files *book.ManifestFiles, prog *progress) error {
	ps := b.Spec.PNG
	type job struct {
		rel      string
		p        *book.Puzzle
		solution bool
		pdf      bool
		cost     int64 // singleCost
	}
	var jobs []job
	files.PNG, files.SolutionPNG = map[int]string{}, map[int]string{}
	files.SinglePDF, files.SolutionPDF = map[int]string{}, map[int]string{}
	for p := range b.All() {
		add := func(on bool, rel string, solution, pdf bool, m map[int]string) {
			if on {
				jobs = append(jobs, job{rel, p, solution, pdf, singleCost(b.Spec, pdf)})
				m[p.Number] = rel
			}
		}
		add(ps.Puzzles, fmt.Sprintf("png/puzzle-%03d.png", p.Number), false, false, files.PNG)
		add(ps.Solutions, fmt.Sprintf("png/solution-%03d.png", p.Number), true, false, files.SolutionPNG)
		add(ps.PDFSingles, fmt.Sprintf("pdf/puzzle-%03d.pdf", p.Number), false, true, files.SinglePDF)
		add(ps.PDFSingles, fmt.Sprintf("pdf/solution-%03d.pdf", p.Number), true, true, files.SolutionPDF)
	}
	if len(jobs) == 0 {
		return nil
	}
	prog.step(fmt.Sprintf("drawing %s", plural(len(jobs), "single grid")))
	year := b.Spec.Year
	if year == 0 {
		year = c.year
	}
	// Workers bound the CPU, the budget the memory: a worker holds a whole
	// raster, and 64 of them at 1200 dpi once took 5.6 GB on 2 cores.
	budget := c.singlesBudget
	if budget <= 0 {
		budget = defaultSinglesBudget
	}
	work := make(chan job)
	errs := make(chan error, c.workers)
	freed := make(chan int64, len(jobs)) // never blocks a worker
	var running atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < c.workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range work {
				if now := running.Add(j.cost); c.watchSingles != nil {
					c.watchSingles(now)
				}
				var buf bytes.Buffer
				err := guard(func() error {
					if j.pdf {
						return layout.RenderSpecSinglePDF(&buf, b.Spec, layout.PuzzleFigure(*j.p), j.solution, year)
					}
					return layout.RenderSpecPNG(&buf, b.Spec, layout.PuzzleFigure(*j.p), j.solution)
				})
				if err == nil {
					err = st.Write(j.rel, buf.Bytes())
				}
				buf = bytes.Buffer{}
				running.Add(-j.cost)
				freed <- j.cost
				if err == nil && atSingle != nil {
					atSingle(ctx)
				}
				if err != nil {
					errs <- fmt.Errorf("%s: %w", j.rel, err)
					return
				}
			}
		}()
	}
	var err error
	var inFlight int64 // the estimates of the jobs handed out and not done
feed:
	for _, j := range jobs {
		// A job waits until it fits the budget beside those in flight;
		// one bigger than the whole budget goes alone.
		for sent := false; !sent; {
			ready := work
			if inFlight > 0 && inFlight+j.cost > budget {
				ready = nil
			}
			select {
			case ready <- j:
				inFlight += j.cost
				sent = true
			case n := <-freed:
				inFlight -= n
			case err = <-errs:
				break feed
			case <-ctx.Done():
				err = fmt.Errorf("build interrupted, nothing written: %w", ctx.Err())
				break feed
			}
		}
	}
	close(work)
	wg.Wait()
	if err == nil {
		select {
		case err = <-errs:
		default:
		}
	}
	return err
}

// defaultSinglesBudget is the memory the PNGs and single PDFs drawn at
// once may take, by singleCost: room for 19 at 1200 dpi and 3in, or for
// -j 64 of the default 300 dpi ones many times over.
const defaultSinglesBudget = 512 << 20

// singleCost estimates the memory one single grid takes while it is drawn
// and staged: a PNG its greyscale raster (a byte a pixel, round(size/72 *
// dpi) pixels square, as layout draws it) and as much again for its
// encoded bytes and the encoder, measured at about 14 MB a worker more at
// 1200 dpi and 3in (13 MB of raster); a single PDF is vector and small.
func singleCost(s *book.Spec, pdf bool) int64 {
	if pdf {
		return 1 << 20
	}
	n := int64(math.Round(float64(s.PNG.Size) / 72 * float64(s.PNG.DPI)))
	return 2 * n * n
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
// kept.
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
