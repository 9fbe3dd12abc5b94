package preflight

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/validate"
)

// The reading goes through pdfcpu's pdfcpu and validate packages, not its
// api package: api also links pdfcpu's form filling, whose text-width
// dependency (go-runewidth) builds tables in its init that cost every
// command of the binary about 20 ms of CPU before main (TestNoCostlyInit
// in cmd/sudokubook keeps it out). api.ReadContext and api.ValidateContext
// are thin wrappers of pdfcpu.Read and validate.XRefTable.

// pdfcpu's default configuration lives in a directory it creates under the
// user's config dir on first use. A checker that only reads has no use for
// it, so it is switched off once, before the first read, as
// api.DisableConfigDir does.
var configOnce sync.Once

func configuration(mode int) *model.Configuration {
	configOnce.Do(func() { model.ConfigPath = "disable" })
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = mode
	conf.Cmd = model.VALIDATE
	limitConfiguration(conf)
	return conf
}

// document is a PDF as read for checking.
type document struct {
	ctx *model.Context // nil when even relaxed reading failed

	// lazy is set instead of ctx for a file read a page at a time
	// (CheckFile), with every page's boundaries from one walk.
	lazy   *lazyFile
	boxes  []boxRun
	active map[string]bool // active content found, by lazyActive

	strict    bool  // it passed pdfcpu's strict validation
	strictErr error // why strict validation failed
	err       error // why relaxed validation failed (nil: it passed)
}

// open reads rs, validating strictly first and, when that fails, in
// pdfcpu's relaxed mode, which forgives the slips common writers make. The
// returned error is for a reader that cannot seek; a broken file is
// described in the document instead.
func open(rs io.ReadSeeker) (*document, error) {
	if rs == nil {
		return nil, ErrNoPDF
	}
	doc := &document{}
	if n, err := sizeOf(rs); err != nil {
		return nil, err
	} else if n > MaxFileBytes {
		doc.err = fmt.Errorf("%w: the file is %d MiB (at most %d MiB are read)", ErrLimit, n>>20, MaxFileBytes>>20)
		doc.strictErr = doc.err
		return doc, nil
	}
	if err := wholeFile(rs); err != nil {
		if errors.Is(err, errSeek) {
			return nil, err
		}
		doc.err, doc.strictErr = err, err
		return doc, nil
	}
	ctx, err := readValidate(rs, model.ValidationStrict)
	if errors.Is(err, errSeek) {
		return nil, err
	}
	if err == nil {
		doc.ctx, doc.strict = ctx, true
		return doc, nil
	}
	doc.strictErr = err
	ctx, err = readValidate(rs, model.ValidationRelaxed)
	if errors.Is(err, errSeek) {
		return nil, err
	}
	doc.ctx, doc.err = ctx, err
	return doc, nil
}

var errSeek = errors.New("rewind the PDF")

// ErrNotPDF is a file without the %PDF- header line, which is what a
// manifest, an image or a text file given by mistake is: not a broken
// PDF but no PDF at all. Check reports it in Report.Unread.
var ErrNotPDF = errors.New("not a PDF file: it has no %PDF- header line")

// errNotPDF is ErrNotPDF, as the readers name it.
var errNotPDF = ErrNotPDF

// eofWindow is how far from the end of the file its %%EOF marker may be:
// the 1024 bytes the PDF reference lets a reader search.
const eofWindow = 1024

// wholeFile refuses a file that does not start as a PDF, and one that
// ends without a %%EOF marker, which every PDF writer puts at the end of
// the file and of each update: a file cut short has lost it. pdfcpu's
// relaxed mode would rebuild such a file from whatever objects are left
// and invent a page where one is missing, so a report on it would
// describe pages the file never held.
func wholeFile(rs io.ReadSeeker) error {
	size, err := sizeOf(rs)
	if err != nil {
		return err
	}
	head := make([]byte, min(size, 1024))
	if _, err := io.ReadFull(rs, head); err != nil {
		return fmt.Errorf("%w: %w", ErrUnreadable, err)
	}
	if !bytes.HasPrefix(head, []byte("%PDF-")) {
		return errNotPDF
	}
	tail := make([]byte, min(size, eofWindow))
	if _, err := rs.Seek(size-int64(len(tail)), io.SeekStart); err != nil {
		return fmt.Errorf("%w: %w", errSeek, err)
	}
	if _, err := io.ReadFull(rs, tail); err != nil {
		return fmt.Errorf("%w: %w", ErrUnreadable, err)
	}
	if !bytes.Contains(tail, []byte("%%EOF")) {
		return fmt.Errorf("%w: the file is cut short: no %%%%EOF in its last %d bytes", ErrUnreadable, len(tail))
	}
	return nil
}

// readValidate reads and validates rs in one pdfcpu mode. The context comes
// back even when validation fails, when reading succeeded: a file can be
// invalid in a detail and still be measured.
func readValidate(rs io.ReadSeeker, mode int) (ctx *model.Context, err error) {
	if _, err := rs.Seek(0, io.SeekStart); err != nil {
		return nil, fmt.Errorf("%w: %w", errSeek, err)
	}
	defer recoverTo(&err)
	ctx, err = pdfcpu.Read(rs, configuration(mode))
	if errors.Is(err, pdfcpu.ErrCorruptHeader) {
		return nil, errNotPDF
	}
	if err != nil {
		return nil, fmt.Errorf("read: %w", err)
	}
	verr := validate.XRefTable(ctx)
	// Validation counts the page tree; a count past the bound is refused
	// before anything allocates per page.
	if err := checkPages(ctx); err != nil {
		return nil, err
	}
	if verr != nil {
		return ctx, fmt.Errorf("validate: %w", verr)
	}
	return ctx, nil
}

// recoverTo turns a panic inside pdfcpu, which a damaged file can cause,
// into an error.
func recoverTo(err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("%w: pdfcpu failed: %v", ErrUnreadable, r)
	}
}

// Box is a page boundary in points, lower-left and upper-right corners. The
// zero Box means the page does not set that boundary.
type Box struct{ X0, Y0, X1, Y1 float64 }

func (b Box) W() float64 { return b.X1 - b.X0 }
func (b Box) H() float64 { return b.Y1 - b.Y0 }

// IsZero says the boundary is not set.
func (b Box) IsZero() bool { return b == Box{} }

func boxOf(r *types.Rectangle) Box {
	if r == nil {
		return Box{}
	}
	return Box{r.LL.X, r.LL.Y, r.UR.X, r.UR.Y}
}

// PageBoxes are one page's boundaries as the file sets them (inherited ones
// included). Media is always set.
type PageBoxes struct {
	Page                     int // 1-based
	Media, Crop, Trim, Bleed Box
	Rotate                   int // degrees, a multiple of 90
}

// Size is the page as a viewer shows it and a printer images it: the crop
// box (or the media box), turned by the page's rotation.
func (p PageBoxes) Size() (w, h float64) {
	b := p.Crop
	if b.IsZero() {
		b = p.Media
	}
	w, h = b.W(), b.H()
	if p.Rotate%180 != 0 {
		w, h = h, w
	}
	return w, h
}

// TrimOrMedia is the page's trim box, or its media box when it has none.
func (p PageBoxes) TrimOrMedia() Box {
	if p.Trim.IsZero() {
		return p.Media
	}
	return p.Trim
}

// CoverShaped reports whether a PDF of these pages is one page wider than
// tall, as a full-wrap cover is and no book interior.
func CoverShaped(pages []PageBoxes) bool {
	return len(pages) == 1 && pages[0].TrimOrMedia().W() > pages[0].TrimOrMedia().H()
}

// PageInfo reads the boundaries of every page of a PDF.
func PageInfo(pdf io.ReadSeeker) ([]PageBoxes, error) {
	ctx, err := readable(pdf)
	if err != nil {
		return nil, err
	}
	return pageBoxes(ctx)
}

// readable reads a PDF for PageInfo and Fonts, which, unlike Check, have
// no report to describe a broken file in: it is an error (ErrUnreadable).
func readable(pdf io.ReadSeeker) (*model.Context, error) {
	doc, err := open(pdf)
	if err != nil {
		return nil, err
	}
	if doc.ctx == nil {
		if errors.Is(doc.err, ErrUnreadable) {
			return nil, doc.err
		}
		return nil, fmt.Errorf("%w: %w", ErrUnreadable, doc.err)
	}
	return doc.ctx, nil
}

func pageBoxes(ctx *model.Context) (out []PageBoxes, err error) {
	defer recoverTo(&err)
	if err := checkPages(ctx); err != nil {
		return nil, err
	}
	pbs, err := ctx.PageBoundaries(nil)
	if err != nil {
		return nil, fmt.Errorf("%w: page boundaries: %w", ErrUnreadable, err)
	}
	for i, pb := range pbs {
		p := PageBoxes{Page: i + 1, Rotate: pb.Rot}
		if pb.Media != nil {
			p.Media = boxOf(pb.Media.Rect)
		}
		if pb.Crop != nil {
			p.Crop = boxOf(pb.Crop.Rect)
		}
		if pb.Trim != nil {
			p.Trim = boxOf(pb.Trim.Rect)
		}
		if pb.Bleed != nil {
			p.Bleed = boxOf(pb.Bleed.Rect)
		}
		if p.Media.IsZero() {
			return nil, fmt.Errorf("%w: page %d has no media box", ErrUnreadable, i+1)
		}
		out = append(out, p)
	}
	return out, nil
}

// page is one page's dictionary with the resources in effect on it.
type page struct {
	n    int
	dict types.Dict
	res  types.Dict
}

// eachPage calls fn for every page in order, walking the page tree once:
// pdfcpu's PageDict walks it from the root for each page asked, which on
// a tree of 49,000 pages is a billion steps. A page may appear more than
// once in the tree, as pdfcpu counts it; a node inside itself is a loop.
func eachPage(ctx *model.Context, fn func(p page) error) (err error) {
	defer recoverTo(&err)
	if err := checkPages(ctx); err != nil {
		return err
	}
	x := ctx.XRefTable
	root, err := x.Catalog()
	if err != nil {
		return fmt.Errorf("%w: %w", ErrUnreadable, err)
	}
	n := 0
	open := map[int]bool{}
	var walk func(o types.Object, depth int, res types.Object) error
	walk = func(o types.Object, depth int, res types.Object) error {
		if depth > maxDepth {
			return fmt.Errorf("%w: the page tree is deeper than %d", ErrLimit, maxDepth)
		}
		num := objNum(o)
		if num != 0 {
			if open[num] {
				return fmt.Errorf("%w: page tree node %d holds itself", ErrUnreadable, num)
			}
			open[num] = true
			defer delete(open, num)
		}
		d, err := x.DereferenceDict(o)
		if err != nil || d == nil {
			return fmt.Errorf("%w: page tree node %v is not a dictionary", ErrUnreadable, o)
		}
		if r, ok := d["Resources"]; ok {
			res = r
		}
		if t := d.Type(); t != nil && *t == "Page" {
			if n++; n > MaxPages {
				return fmt.Errorf("%w: the page tree holds more than %d pages", ErrLimit, MaxPages)
			}
			rd, err := x.DereferenceDict(res)
			if err != nil {
				return fmt.Errorf("%w: page %d: resources: %w", ErrUnreadable, n, err)
			}
			return fn(page{n: n, dict: d, res: rd})
		}
		kids, err := x.DereferenceArray(d["Kids"])
		if err != nil || kids == nil {
			return fmt.Errorf("%w: page tree node %v has no /Kids array", ErrUnreadable, o)
		}
		for _, k := range kids {
			if err := walk(k, depth+1, res); err != nil {
				return err
			}
		}
		return nil
	}
	return walk(root["Pages"], 0, nil)
}

// objects is what the checks ask of a reader: pdfcpu's XRefTable, which
// holds the whole file, or lazyFile, which reads an object from the file
// when asked. Both follow pdfcpu's rules: an indirect reference to a free
// object is nil, and a value of the wrong type is an error.
type objects interface {
	Dereference(o types.Object) (types.Object, error)
	DereferenceDict(o types.Object) (types.Dict, error)
	DereferenceArray(o types.Object) (types.Array, error)
	DereferenceStreamDict(o types.Object) (*types.StreamDict, bool, error)
	Catalog() (types.Dict, error)
}

var _ objects = (*model.XRefTable)(nil)

// The checks reach the file through these, whichever reader holds it.

func (d *document) readable() bool { return d.ctx != nil || d.lazy != nil }

func (d *document) objects() objects {
	if d.lazy != nil {
		return d.lazy
	}
	return d.ctx.XRefTable
}

func (d *document) pageCount() int {
	if d.lazy != nil {
		if len(d.boxes) == 0 {
			return 0
		}
		return d.boxes[len(d.boxes)-1].last
	}
	return d.ctx.PageCount
}

// eachPageBoxes calls fn with every page's boundaries in page order.
func (d *document) eachPageBoxes(fn func(b PageBoxes)) error {
	if d.lazy != nil {
		for _, r := range d.boxes {
			for n := r.first; n <= r.last; n++ {
				b := r.boxes
				b.Page = n
				fn(b)
			}
		}
		return nil
	}
	boxes, err := pageBoxes(d.ctx)
	if err != nil {
		return err
	}
	for _, b := range boxes {
		fn(b)
	}
	return nil
}

// boxRun is a run of pages with the same boundaries (Page unset in
// boxes). A book's pages nearly all share one set, so the page-at-a-time
// reader keeps a run, not a record, a page, so memory stays flat in the
// page count.
type boxRun struct {
	first, last int // 1-based pages
	boxes       PageBoxes
}

// eachPage calls fn for every page in order; the lazy reader drops each
// page when fn returns.
func (d *document) eachPage(fn func(p page) error) (err error) {
	if d.lazy == nil {
		return eachPage(d.ctx, fn)
	}
	defer recoverTo(&err)
	return d.lazy.pages(func(lp lazyPage) error {
		res, err := d.lazy.DereferenceDict(lp.res)
		if err != nil {
			return fmt.Errorf("%w: page %d: resources: %w", ErrUnreadable, lp.n, err)
		}
		return fn(page{n: lp.n, dict: lp.dict, res: res})
	})
}

// StreamAbove is the file size past which CheckFile reads a PDF a page at a
// time instead of through pdfcpu, whose whole-file read holds about 2.4 KB
// of live heap a puzzle: a 5,000-puzzle book (5.4 MB) is still read and
// validated by pdfcpu, a 10,000-puzzle one (10.7 MB) page by page.
const StreamAbove = 8 << 20

// CheckFile is Check for a file of size bytes: up to StreamAbove it is
// Check; past it the file is read a page at a time, so memory stays flat
// in the page count, and the "valid PDF" rule says that pdfcpu's
// validation was not run. A file the page-at-a-time reader cannot read (a
// cross-reference stream, say) goes through Check.
func CheckFile(r io.ReaderAt, size int64, p Printer, e Expect) (Report, error) {
	if size <= StreamAbove {
		return Check(io.NewSectionReader(r, 0, size), p, e)
	}
	if !p.valid() {
		return Report{}, fmt.Errorf("%w %s", ErrPrinter, p)
	}
	if err := e.validate(); err != nil {
		return Report{}, err
	}
	doc, err := openStreaming(r, size)
	if err != nil {
		return Check(io.NewSectionReader(r, 0, size), p, e)
	}
	return checkDoc(doc, p, e), nil
}

// openStreaming reads the cross-reference table and walks the page tree
// once; a file it cannot read is an error, for Check to judge instead.
func openStreaming(r io.ReaderAt, size int64) (doc *document, err error) {
	defer recoverTo(&err)
	lf, err := openLazy(r, size)
	if err != nil {
		return nil, err
	}
	boxes, err := lf.lazyBoxes()
	if err != nil {
		return nil, err
	}
	doc = &document{lazy: lf, boxes: boxes, strictErr: errors.New("not validated by pdfcpu")}
	// Every object is read once, for the "valid PDF" rule (it parses)
	// and the active-content rule (what it holds).
	doc.active, doc.err = lazyActive(lf)
	return doc, nil
}
