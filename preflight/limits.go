package preflight

import (
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// The bounds on what Check, PageInfo and Fonts read, all in one place: a
// PDF given to `sudokubook check` may be broken or hostile. Each bound is
// far above any book sudokubook writes (20,000 puzzles at one a page and
// four solutions a page is 25,000 pages and a few hundred MB) and far
// below what would exhaust a machine. A file past one is reported as
// unreadable, saying which bound, never read further.
const (
	// MaxFileBytes is the largest file read at all.
	MaxFileBytes = 1 << 30
	// MaxPages is the most pages a page tree may claim. PageInfo once
	// allocated for a 449-byte file's /Count 999999999 and died.
	MaxPages = 50_000
	// MaxStreamBytes is the most one stream may decode to: a 2 MB flate
	// bomb inflates to 2 GiB.
	MaxStreamBytes = 64 << 20
	// MaxOperators is the most content operators played over all pages,
	// forms included: forms that each draw the next a hundred times play
	// 100^depth operators from a few hundred bytes. A sudokubook book
	// plays about 600 a puzzle, solution included: the 20,000 puzzles a
	// spec allows, six a page (cmd/sudokubook/testdata/bench20000.yaml),
	// play about 12 million, so a bound of 10 million would leave the
	// build's own preflight with the drawing rules unmeasured from page
	// 4,218 on. Reading all of that book costs about 15% more CPU in its
	// build than stopping at 10 million, and no more memory.
	MaxOperators = 30_000_000
	// MaxContentBytes is the most content played over the whole file,
	// counted each time a stream is played: a stream that every page
	// (or every form) draws is read again for each, so a 400 KB file
	// whose 49,000 pages share one 56 MB stream asks for 2.7 TB of
	// reading, all of it white space that no operator bound sees. A
	// sudokubook book plays 8 to 9 bytes an operator (kids-6x6,
	// four-per-page and a small classic book), so the 12 million
	// operators of the largest book a spec allows are about 100 MB, and
	// MaxOperators' worth about 260 MB.
	MaxContentBytes = 1 << 30
	// maxDepth bounds nested forms and patterns, and pdfcpu's own
	// recursion through the object graph.
	maxDepth = 32
)

// The process-level bounds, memory and time, cannot be kept inside a
// library call that pdfcpu runs: the command enforces them around Check
// (cmd/sudokubook check.go) from these figures.
const (
	// MemoryBudget is the most heap a check may grow to, in bytes.
	MemoryBudget uint64 = 2 << 30
	// TimeBudget is the longest a check may take.
	TimeBudget = 2 * time.Minute
)

// workLimits are the bounds on the work of reading content that a check
// applies: MaxOperators and MaxContentBytes, unless a test sets lower
// ones in its Expect (zero: the package's).
type workLimits struct {
	ops     int
	content int64
}

// orDefaults is l with each unset bound the package's.
func (l workLimits) orDefaults() workLimits {
	if l.ops <= 0 {
		l.ops = MaxOperators
	}
	if l.content <= 0 {
		l.content = MaxContentBytes
	}
	return l
}

// ErrLimit is wrapped when a PDF goes past one of the bounds above.
// Check reports it in Report.Unread.
var ErrLimit = errors.New("past a safety bound")

// limitConfiguration sets pdfcpu's own resource limits from ours.
func limitConfiguration(conf *model.Configuration) {
	l := model.DefaultResourceLimits()
	l.MaxStreamBytes = MaxFileBytes
	l.MaxDecodeBytes = MaxStreamBytes
	l.MaxRecursionDepth = maxDepth
	l.MaxObjectCount = 10 * MaxPages * 100
	conf.Limits = l
}

// checkPages refuses a page tree that claims more than MaxPages pages,
// before anything allocates for them.
func checkPages(ctx *model.Context) error {
	if ctx.PageCount > MaxPages || ctx.PageCount < 0 {
		return fmt.Errorf("%w: the page tree claims %d pages (at most %d are read)", ErrLimit, ctx.PageCount, MaxPages)
	}
	return nil
}

// decode decodes a stream within MaxStreamBytes.
func decode(sd *types.StreamDict) error {
	if err := sd.DecodeWithLimit(MaxStreamBytes); err != nil {
		return fmt.Errorf("%w: %w (a stream may decode to at most %d MiB)", ErrLimit, err, MaxStreamBytes>>20)
	}
	return nil
}

// sizeOf is the length of rs, leaving it at the start.
func sizeOf(rs io.ReadSeeker) (int64, error) {
	n, err := rs.Seek(0, io.SeekEnd)
	if err != nil {
		return 0, fmt.Errorf("%w: %w", errSeek, err)
	}
	if _, err := rs.Seek(0, io.SeekStart); err != nil {
		return 0, fmt.Errorf("%w: %w", errSeek, err)
	}
	return n, nil
}
