// Package publish builds a book from its spec: the puzzles (from the
// setter's own files, the spec's bank and the generator), the interior
// PDF, the single-grid PNGs and PDFs, the cover, the web edition, the
// manifest and the printer's preflight, committed into an output folder
// as one whole book or not at all. It is what `sudokubook build` runs,
// without the command line: a Go program (a newspaper's service, an
// app's back end) builds books with the same guarantees.
//
//	spec, err := book.LoadFile("book.yaml")
//	...
//	res, err := publish.Build(ctx, spec, publish.Options{Out: "out"})
//
// # Guarantees
//
// The output folder (internal/outdir) shows the whole previous book or
// the whole new one at every instant, and a file that is not the build's
// is never touched. Everything the spec names (its cover art, fonts, the
// manifests it excludes, its sections' puzzle files and its bank) is read
// and checked before the folder is touched: a bad one is an error that
// wraps book.ErrSpec and leaves the folder as it was. The bank learns of
// a book before the book is committed, so no committed book is unknown to
// it. The same spec gives the same bytes, whatever Options.Workers says.
//
// # Errors
//
// Errors are classified with errors.Is: book.ErrSpec (the spec or a file
// it names), ErrForeign, ErrTampered, ErrNotFolder and ErrBusy (the output
// folder), bank.ErrNotBank (the spec's bank), ErrRejected (a book that
// failed its preflight under Options.Strict), *ShortfallError (with
// errors.As: generation ran out of time) and the context's errors for a
// build that was cancelled. Everything else is a failure to do the work:
// I/O, a full disk, an internal error.
//
// # Steps
//
// Build runs these steps, each a method of one build: load the spec's
// files (Prepare), supply puzzles from the setter's files and the bank,
// open the output folder, generate the rest, assemble and reserve the
// puzzles in the bank, lay out the interior, draw the single grids and
// the cover, write the manifest and the web edition (and a calendar's
// feed, see FeedRun), preflight the book,
// record it in the bank and commit the folder.
//
// The package prints nothing: progress goes to Options.Progress, notes
// and warnings to Options.Notes, and what was written comes back as a
// Result.
package publish

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
	"time"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/internal/outdir"
	"github.com/sudokubook/sudokubook/preflight"
)

// Generator is the program a book names as its maker, on its copyright
// page and in its manifest, with Version.
const Generator = "sudokubook"

// Version is the generator's version that books record when
// Options.Version is empty, so that a reprint can be rebuilt.
const Version = "0.2.0"

// DefaultTimeout is how long generation may take when Options.Timeout is 0.
const DefaultTimeout = 5 * time.Minute

// OutputNames are every top-level file or folder a build may write into
// its output folder. A file of the user's at one of these names makes the
// build refuse the folder before any work (internal/outdir never replaces
// what it did not write); a name the new book does not use disappears
// with the old book.
var OutputNames = []string{"book.pdf", "cover.pdf", "png", "pdf", "svg", "feed", "book.html", "preflight.txt", "manifest.json"}

// ErrRejected is wrapped when Options.Strict keeps a book that failed its
// preflight out of the output folder: the folder is as it was, and
// Result.Rejected names where the failing book was kept to read.
var ErrRejected = errors.New("the book fails its preflight check, so it was not written")

// The output folder's errors, for errors.Is: it holds files the build did
// not write (and Options.AllowOtherFiles is not set, or one is at a name
// the build writes), its state folder is not as a build leaves it, it is
// a file, or another build is writing to it.
var (
	ErrForeign   = outdir.ErrForeign
	ErrTampered  = outdir.ErrTampered
	ErrNotFolder = outdir.ErrNotFolder
	ErrBusy      = outdir.ErrBusy
)

// Options is how a book is built beyond what its spec says. The zero
// value, with Out set, builds as `sudokubook build SPEC -o OUT` does.
type Options struct {
	// Out is the output folder (required): book.pdf, manifest.json and
	// the rest go there. It is made if missing.
	Out string
	// Workers is how many goroutines generate puzzles and draw single
	// grids: 0 is runtime.NumCPU(). The book is the same whatever it is.
	Workers int
	// Timeout bounds generation (0: DefaultTimeout). A build that runs
	// past it fails with a *ShortfallError naming the sections short.
	Timeout time.Duration
	// Printer is whose rules the finished book is checked against.
	Printer preflight.Printer
	// Strict keeps a book that fails its preflight out of Out: the build
	// returns an error wrapping ErrRejected.
	Strict bool
	// Year is the build's year for a spec that sets none (0: this year).
	Year int
	// AllowOtherFiles lets Out hold files of the user's, left alone.
	AllowOtherFiles bool
	// NoLinks commits Out without symbolic links, as on a disk that
	// cannot hold them: for a folder that will be copied to such a disk.
	NoLinks bool
	// Generator and Version name the program on the copyright page and
	// in the manifest (empty: the package's Generator and Version).
	Generator, Version string
	// SinglesMemory bounds the memory of the PNGs and single PDFs drawn
	// at once (0: 512 MiB).
	SinglesMemory int64

	// Progress, when set, hears how the build goes.
	Progress Progress
	// Notes, when set, is given what the user should be told beside
	// the result: which promise the output folder's disk keeps, a cover
	// text that had to be shortened. The spec's own warnings
	// (book.Spec.Warnings) are the caller's to show.
	Notes func(Note)
	// AtExit, when set, registers a clean-up the build runs as it
	// returns (dropping its staged files, releasing its bank claims), and
	// returns the function the build calls to run it. A caller that may
	// end the process without waiting for Build (on a signal) runs the
	// clean-ups still registered first. Each runs once either way, and
	// must be safe to run while the build's own goroutines still work.
	AtExit func(cleanup func()) (run func())
	// Hooks are for tests.
	Hooks Hooks
}

// Hooks let a test stop or observe a build at points where it checks no
// context, or fail its file-system calls. A program leaves them nil.
type Hooks struct {
	// AtLayout runs as page layout starts.
	AtLayout func(ctx context.Context)
	// AtSingle runs after each PNG or single PDF is staged.
	AtSingle func(ctx context.Context)
	// AtPreflight runs as the book's preflight starts, once the build has
	// let the book go: the tests measure the heap there.
	AtPreflight func()
	// AfterCommit runs once the book is committed; its error ends the
	// build there, as a build killed at that point.
	AfterCommit func() error
	// WatchSingles is told, as each single grid starts, the estimate of
	// the memory of all of them then drawing.
	WatchSingles func(bytes int64)
	// Fault is called before every file-system call of the output
	// folder's stage and commit (outdir.Options.Fault).
	Fault func(op, path string) error
}

// Progress hears how a build goes, for a display. Its methods are called
// from the build's goroutine and from generation's collector, one at a
// time.
type Progress interface {
	// Start is called once generation starts: each section's label (its
	// title, or its level) and the count it needs.
	Start(labels []string, need []int)
	// Found is how many puzzles each section has so far.
	Found(found []int)
	// Step names the phase after generation ("laying out pages").
	Step(what string)
	// Done is called when the display should make way for what follows,
	// once or more.
	Done()
}

// Note is something a build tells its user that is not an error.
type Note struct {
	Warning bool   // a problem the book has, not only news
	Text    string // one line
}

// Result is what a build wrote.
type Result struct {
	Out      string // the output folder
	Puzzles  int
	Sections int
	Pages    int    // of the interior
	Trim     string // the trim's name, "6x9in"
	PNGs     int    // png/: puzzle and solution images
	PDFs     int    // pdf/: single-grid PDFs
	SVGs     int    // svg/: single-grid SVGs
	FeedDays int    // feed/: a calendar's days, a document each
	Cover    string // the cover's file, "" for none
	HTML     string // the web edition's file, "" for none
	// Preflight is the interior's check, CoverPreflight the cover's (nil
	// without a cover). Both are in Out's preflight.txt too.
	Preflight      preflight.Report
	CoverPreflight *preflight.Report
	// Rejected is, after ErrRejected, the folder the failing book was
	// kept in (until the next rejected one).
	Rejected string
	// Generated is how long the puzzles took, Total the whole build.
	Generated, Total time.Duration
}

// OK says whether the book, and its cover if it has one, passed the
// preflight.
func (r *Result) OK() bool {
	return r.Preflight.OK() && (r.CoverPreflight == nil || r.CoverPreflight.OK())
}

// Build builds the book spec describes into opt.Out: Prepare, then
// Job.Build.
func Build(ctx context.Context, spec *book.Spec, opt Options) (*Result, error) {
	j, err := Prepare(spec)
	if err != nil {
		return nil, err
	}
	return j.Build(ctx, opt)
}

// withDefaults fills what opt leaves to the package.
func (opt Options) withDefaults() Options {
	if opt.Workers <= 0 {
		opt.Workers = runtime.NumCPU()
	}
	if opt.Timeout <= 0 {
		opt.Timeout = DefaultTimeout
	}
	if opt.Year == 0 {
		opt.Year = time.Now().Year()
	}
	if opt.Generator == "" {
		opt.Generator = Generator
	}
	if opt.Version == "" {
		opt.Version = Version
	}
	if opt.SinglesMemory <= 0 {
		opt.SinglesMemory = defaultSinglesBudget
	}
	if opt.Progress == nil {
		opt.Progress = silent{}
	}
	return opt
}

// atExit registers cleanup through Options.AtExit, or only makes it run
// once without one.
func (opt Options) atExit(cleanup func()) func() {
	if opt.AtExit == nil {
		return sync.OnceFunc(cleanup)
	}
	return opt.AtExit(cleanup)
}

// note tells the user something, when someone listens.
func (opt Options) note(warning bool, format string, a ...any) {
	if opt.Notes != nil {
		opt.Notes(Note{Warning: warning, Text: fmt.Sprintf(format, a...)})
	}
}

// silent is the Progress of a build that nobody watches.
type silent struct{}

func (silent) Start([]string, []int) {}
func (silent) Found([]int)           {}
func (silent) Step(string)           {}
func (silent) Done()                 {}

// guard runs fn, turning a panic into an internal error, so that a panic
// in a goroutine of the build does not end the caller's process.
func guard(fn func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error, please report it: %v\n%s", r, debug.Stack())
		}
	}()
	return fn()
}
