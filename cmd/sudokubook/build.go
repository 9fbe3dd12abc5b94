package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"time"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/preflight"
	"github.com/sudokubook/sudokubook/publish"
)

func runBuild(ctx context.Context, e env, args []string) error {
	fs := newFlags(e, "build")
	var opt publish.Options
	var quiet bool
	fs.StringVar(&opt.Out, "o", "", "output folder (required): book.pdf, manifest.json and the rest go here")
	fs.IntVar(&opt.Workers, "j", runtime.NumCPU(), "worker goroutines for generation and images")
	opt.Timeout = publish.DefaultTimeout
	fs.Var((*timeoutFlag)(&opt.Timeout), "timeout", "give up generating after this long (at most "+maxTimeoutText+")")
	printer := fs.String("printer", "kdp", "printer whose rules the finished book is checked against: kdp or lulu")
	fs.BoolVar(&opt.Strict, "strict", false, "exit 1 when the book fails its preflight check")
	fs.BoolVar(&quiet, "quiet", false, "no progress display")
	fs.BoolVar(&opt.AllowOtherFiles, "allow-other-files", false, "build into an OUTDIR that holds files of your own (they are left alone)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usagef("build wants one SPEC file, or several for a series")
	}
	if opt.Out == "" {
		return usagef("build needs an output folder: -o OUTDIR")
	}
	if err := checkNewName("-o", opt.Out); err != nil {
		return err
	}
	if opt.Workers, err = capWorkers(e, opt.Workers); err != nil {
		return err
	}
	if opt.Timeout <= 0 {
		return usagef("--timeout %s: want a positive duration such as 90s or 5m", opt.Timeout)
	}
	if opt.Printer, err = preflight.ParsePrinter(*printer); err != nil {
		return usagef("--printer: %v", err)
	}
	opt.Year = time.Now().Year()
	opt.Progress = newProgress(e.stderr, quiet, nil, nil)
	opt = buildOptions(ctx, e, opt)
	if len(pos) == 1 {
		spec, err := loadSpec(e, pos[0])
		if err != nil {
			return err
		}
		res, err := publish.Build(ctx, spec, opt)
		return summarize(e, opt, res, err)
	}
	return buildSeries(ctx, e, opt, pos)
}

// buildOptions is opt with what every build of the command shares: the
// Generator and Version it names, notes on stderr, clean-ups run on a
// signal, the link-free commit when the environment asks for it, and the
// test hooks e carries.
func buildOptions(ctx context.Context, e env, opt publish.Options) publish.Options {
	opt.Generator, opt.Version = name, version
	opt.NoLinks = os.Getenv(noLinksEnv) != ""
	opt.Notes = func(n publish.Note) {
		what := "note"
		if n.Warning {
			what = "warning"
		}
		fmt.Fprintf(e.stderr, "%s: %s: %s\n", name, what, n.Text)
	}
	opt.AtExit = func(fn func()) func() { return atExit(ctx, fn) }
	if e.hooks != nil {
		opt.Hooks = e.hooks.build
	}
	return opt
}

// loadSpec loads the spec at path and shows its warnings. A spec file
// that is missing, unreadable or a folder is an input error (exit 2).
func loadSpec(e env, path string) (*book.Spec, error) {
	spec, err := book.LoadFile(path)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
		return nil, inputErr(fmt.Errorf("spec file: %w", err))
	}
	// A folder given for the spec (build . -o out) is a slip on the command
	// line, not a failure: exit 2, saying what was wanted.
	if errors.Is(err, syscall.EISDIR) {
		return nil, inputErr(fmt.Errorf("spec file: %s is a folder; give the spec's YAML file, such as %s", path, filepath.Join(path, "book.yaml")))
	}
	if err != nil {
		return nil, err
	}
	for _, w := range spec.Warnings() {
		fmt.Fprintf(e.stderr, "%s: warning: %s\n", name, w)
	}
	return spec, nil
}

// buildSeries builds several specs in one run, volume after volume, each
// into OUTDIR/NAME (publish.SeriesVolumes), sharing one set of printed
// keys so that no two volumes share a puzzle.
func buildSeries(ctx context.Context, e env, opt publish.Options, specs []string) error {
	vols, err := publish.SeriesVolumes(opt.Out, specs)
	if err != nil {
		return usagef("%v", err)
	}
	for i := range vols {
		s, err := loadSpec(e, vols[i].Name)
		if err != nil {
			return fmt.Errorf("%s: %w", vols[i].Name, err)
		}
		vols[i].Spec = s
	}
	done, err := publish.BuildSeries(ctx, vols, opt)
	for i, res := range done {
		o := opt
		o.Out = vols[i].Out
		if i == len(done)-1 && err != nil {
			return summarize(e, o, res, err)
		}
		if serr := summarize(e, o, res, nil); serr != nil {
			return serr
		}
	}
	return err
}

// summarize says what the build wrote and how its preflight went: results
// on stdout, a failed preflight loudly on stderr (and as the exit code with
// --strict). err is the build's.
func summarize(e env, opt publish.Options, s *publish.Result, err error) error {
	var sf *publish.ShortfallError
	switch {
	case errors.Is(err, publish.ErrRejected) && s != nil:
		opt.Progress.Done()
		reportFailures(e, opt.Printer, s.Rejected, s)
		fmt.Fprintf(e.stderr, "*** --strict: %s was left as it was; the failing book is kept in %s (until the next rejected one)\n", opt.Out, s.Rejected)
		return errSilent
	case errors.As(err, &sf):
		return fmt.Errorf("%w (--timeout)", err)
	case err != nil:
		return err
	}
	in := func(name string) string { return filepath.Join(opt.Out, name) } // out\book.pdf on Windows
	fmt.Fprintf(e.stdout, "wrote %s: %s, %s on %d pages (%s)\n", in("book.pdf"), plural(s.Puzzles, "puzzle"), plural(s.Sections, "section"), s.Pages, s.Trim)
	for _, d := range []struct {
		n         int
		dir, what string
	}{{s.PNGs, "png", "image"}, {s.PDFs, "pdf", "single-grid PDF"}, {s.SVGs, "svg", "single-grid SVG"}, {s.FeedDays, "feed", "dated JSON document"}} {
		if d.n > 0 {
			fmt.Fprintf(e.stdout, "wrote %s: %s\n", in(d.dir)+string(filepath.Separator), plural(d.n, d.what))
		}
	}
	if s.Cover != "" {
		fmt.Fprintf(e.stdout, "wrote %s\n", in("cover.pdf"))
	}
	if s.HTML != "" {
		fmt.Fprintf(e.stdout, "wrote %s: the web edition\n", in(s.HTML))
	}
	fmt.Fprintf(e.stdout, "wrote %s (generated in %.1fs, built in %.1fs)\n", in("manifest.json"), s.Generated.Seconds(), s.Total.Seconds())
	reportFailures(e, opt.Printer, opt.Out, s)
	switch {
	case !s.OK() && opt.Strict:
		return errSilent
	case s.OK() && s.CoverPreflight != nil:
		fmt.Fprintf(e.stdout, "preflight (%s): every check passed, book and cover\n", opt.Printer)
	case s.OK():
		fmt.Fprintf(e.stdout, "preflight (%s): every check passed\n", opt.Printer)
	}
	return nil
}

// reportFailures prints, loudly on stderr, each failed rule of the book
// and the cover whose files are in dir.
func reportFailures(e env, p preflight.Printer, dir string, s *publish.Result) {
	for _, f := range []struct {
		name string
		rep  *preflight.Report
	}{{"book.pdf", &s.Preflight}, {"cover.pdf", s.CoverPreflight}} {
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
