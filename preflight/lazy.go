package preflight

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// lazyFile reads a PDF one object at a time from the file, for the page
// checks of a book too big for pdfcpu's whole-file read: pdfcpu loads
// every object and every stream before it answers anything (live heap
// about 2.4 KB a puzzle), and has no page-at-a-time mode.
//
// Only what keeps this small is kept: the offset of every object (8 bytes
// each) and the trailer. An object is read from the file, parsed with
// pdfcpu's own object parser (so both readers see the same values), and
// dropped by the caller when done with it. It reads classic cross-reference
// tables, which is what layout's book writer and fpdf write; a file with a
// cross-reference stream is refused with errXRefStream, and the caller
// falls back to pdfcpu.
type lazyFile struct {
	r       io.ReaderAt
	size    int64
	offs    []int64 // offs[n] is where object n starts; 0: free or absent
	trailer types.Dict
	cache   lazyCache
	nested  int // streams being read whose /Length or /Filter is being resolved
}

var errXRefStream = errors.New("the file has a cross-reference stream, which the page-at-a-time reader does not read")

// maxObjectBytes bounds one object's text outside its stream data: a
// sudokubook page dictionary is a few hundred bytes, a font's widths a
// few KB.
const maxObjectBytes = 1 << 20

// openLazy reads the cross-reference table of the size bytes in r.
func openLazy(r io.ReaderAt, size int64) (*lazyFile, error) {
	if size > MaxFileBytes {
		return nil, fmt.Errorf("%w: the file is %d MiB (at most %d MiB are read)", ErrLimit, size>>20, MaxFileBytes>>20)
	}
	head := make([]byte, min(size, 8))
	if _, err := r.ReadAt(head, 0); err != nil && err != io.EOF {
		return nil, fmt.Errorf("%w: %w", ErrUnreadable, err)
	}
	if !bytes.HasPrefix(head, []byte("%PDF-")) {
		return nil, errNotPDF
	}
	f := &lazyFile{r: r, size: size}
	tailLen := min(size, eofWindow)
	tail := make([]byte, tailLen)
	if _, err := r.ReadAt(tail, size-tailLen); err != nil && err != io.EOF {
		return nil, fmt.Errorf("%w: %w", ErrUnreadable, err)
	}
	if !bytes.Contains(tail, []byte("%%EOF")) {
		return nil, fmt.Errorf("%w: the file is cut short: no %%%%EOF in its last %d bytes", ErrUnreadable, tailLen)
	}
	i := bytes.LastIndex(tail, []byte("startxref"))
	if i < 0 {
		return nil, fmt.Errorf("%w: no startxref in the last %d bytes", ErrUnreadable, tailLen)
	}
	fs := bytes.Fields(tail[i+len("startxref"):])
	if len(fs) == 0 {
		return nil, fmt.Errorf("%w: startxref without an offset", ErrUnreadable)
	}
	at, err := strconv.ParseInt(string(fs[0]), 10, 64)
	if err != nil || at <= 0 || at >= size {
		return nil, fmt.Errorf("%w: startxref %q is not an offset in the file", ErrUnreadable, fs[0])
	}
	// Follow /Prev through the updates, newest first; an entry already
	// set by a newer section stays. The bound stops a /Prev loop.
	seen := map[int64]bool{}
	for sect := 0; at > 0; sect++ {
		if sect > 64 || seen[at] {
			return nil, fmt.Errorf("%w: the cross-reference sections loop (/Prev)", ErrUnreadable)
		}
		seen[at] = true
		tr, err := f.readXRef(at)
		if err != nil {
			return nil, err
		}
		if f.trailer == nil {
			f.trailer = tr
		}
		at = 0
		if p, ok := tr["Prev"].(types.Integer); ok {
			at = int64(p)
			if at <= 0 || at >= size {
				return nil, fmt.Errorf("%w: /Prev %d is not an offset in the file", ErrUnreadable, at)
			}
		}
	}
	return f, nil
}

// readXRef reads the cross-reference section at offset at and returns its
// trailer dictionary.
func (f *lazyFile) readXRef(at int64) (types.Dict, error) {
	rd := io.NewSectionReader(f.r, at, f.size-at)
	lr := &lineReader{r: rd}
	if line, err := lr.line(); err != nil || !bytes.HasPrefix(line, []byte("xref")) {
		return nil, fmt.Errorf("%w: %w", ErrUnreadable, errXRefStream)
	}
	for {
		line, err := lr.line()
		if err != nil {
			return nil, fmt.Errorf("%w: cross-reference table: %w", ErrUnreadable, err)
		}
		if bytes.HasPrefix(line, []byte("trailer")) {
			break
		}
		fs := bytes.Fields(line)
		if len(fs) != 2 {
			return nil, fmt.Errorf("%w: cross-reference subsection header %q", ErrUnreadable, line)
		}
		first, err1 := strconv.Atoi(string(fs[0]))
		count, err2 := strconv.Atoi(string(fs[1]))
		if err1 != nil || err2 != nil || first < 0 || count < 0 || first+count > 10*MaxPages*100 {
			return nil, fmt.Errorf("%w: cross-reference subsection header %q", ErrUnreadable, line)
		}
		if int64(count)*20 > f.size {
			return nil, fmt.Errorf("%w: a cross-reference subsection claims %d entries, more than the file holds", ErrUnreadable, count)
		}
		if need := first + count; need > len(f.offs) {
			f.offs = append(f.offs, make([]int64, need-len(f.offs))...)
		}
		for n := first; n < first+count; n++ {
			e, err := lr.line()
			if err != nil {
				return nil, fmt.Errorf("%w: cross-reference entry %d: %w", ErrUnreadable, n, err)
			}
			ef := bytes.Fields(e)
			if len(ef) != 3 || len(ef[2]) != 1 {
				return nil, fmt.Errorf("%w: cross-reference entry %d is %q", ErrUnreadable, n, e)
			}
			off, err := strconv.ParseInt(string(ef[0]), 10, 64)
			if err != nil || off < 0 || off >= f.size {
				return nil, fmt.Errorf("%w: cross-reference entry %d is %q", ErrUnreadable, n, e)
			}
			if ef[2][0] == 'n' && f.offs[n] == 0 && n > 0 {
				f.offs[n] = off
			}
		}
	}
	// The trailer dictionary follows the keyword, up to startxref.
	rest := make([]byte, 0, 256)
	for {
		line, err := lr.line()
		if err != nil {
			return nil, fmt.Errorf("%w: trailer: %w", ErrUnreadable, err)
		}
		if bytes.HasPrefix(bytes.TrimSpace(line), []byte("startxref")) {
			break
		}
		rest = append(append(rest, line...), '\n')
		if len(rest) > maxObjectBytes {
			return nil, fmt.Errorf("%w: trailer longer than %d bytes", ErrUnreadable, maxObjectBytes)
		}
	}
	o, err := parseObject(string(rest))
	if err != nil {
		return nil, fmt.Errorf("%w: trailer: %w", ErrUnreadable, err)
	}
	d, ok := o.(types.Dict)
	if !ok {
		return nil, fmt.Errorf("%w: trailer is not a dictionary", ErrUnreadable)
	}
	return d, nil
}

// parseObject is pdfcpu's parser, with a panic turned into an error.
func parseObject(s string) (o types.Object, err error) {
	defer recoverTo(&err)
	return model.ParseObject(&s)
}

// lineReader reads lines ended by LF, CR or CRLF, each at most 4 KB.
type lineReader struct {
	r   io.Reader
	buf []byte
	eof bool
}

func (l *lineReader) line() ([]byte, error) {
	for {
		if i := bytes.IndexAny(l.buf, "\r\n"); i >= 0 {
			line := l.buf[:i]
			j := i + 1
			if l.buf[i] == '\r' && j < len(l.buf) && l.buf[j] == '\n' {
				j++
			} else if l.buf[i] == '\r' && j == len(l.buf) && !l.eof {
				// A CR at the end of what was read may be half a CRLF.
				if err := l.fill(); err != nil {
					return nil, err
				}
				continue
			}
			out := append([]byte(nil), line...)
			l.buf = l.buf[j:]
			if len(bytes.TrimSpace(out)) == 0 {
				continue
			}
			return out, nil
		}
		if l.eof {
			if len(bytes.TrimSpace(l.buf)) == 0 {
				return nil, io.ErrUnexpectedEOF
			}
			out := l.buf
			l.buf = nil
			return out, nil
		}
		if len(l.buf) > 4096 {
			return nil, errors.New("line longer than 4096 bytes")
		}
		if err := l.fill(); err != nil {
			return nil, err
		}
	}
}

func (l *lineReader) fill() error {
	chunk := make([]byte, 512)
	n, err := l.r.Read(chunk)
	l.buf = append(l.buf, chunk[:n]...)
	if err == io.EOF {
		l.eof = true
		return nil
	}
	return err
}

// object reads object n from the file: a fresh value the caller may keep
// or drop. A stream comes back with its encoded bytes (Raw), not decoded.
func (f *lazyFile) object(n int) (types.Object, error) {
	if n <= 0 || n >= len(f.offs) || f.offs[n] == 0 {
		return nil, nil // a reference to a free or absent object is null
	}
	at := f.offs[n]
	// Read a window and widen it until the object's text ends.
	var text []byte
	for size := int64(4096); ; size *= 4 {
		size = min(size, f.size-at, maxObjectBytes)
		text = make([]byte, size)
		if _, err := f.r.ReadAt(text, at); err != nil && err != io.EOF {
			return nil, fmt.Errorf("%w: object %d: %w", ErrUnreadable, n, err)
		}
		if bytes.Contains(text, []byte("endobj")) || bytes.Contains(text, []byte("stream")) ||
			size == f.size-at || size == maxObjectBytes {
			break
		}
	}
	// "n g obj" starts it.
	fs := bytes.Fields(text[:min(len(text), 64)])
	if len(fs) < 3 || string(fs[0]) != strconv.Itoa(n) || !bytes.HasPrefix(fs[2], []byte("obj")) {
		return nil, fmt.Errorf("%w: object %d is not at offset %d", ErrUnreadable, n, at)
	}
	body := text[bytes.Index(text, []byte("obj"))+3:]
	end := bytes.Index(body, []byte("endobj"))
	st := streamKeyword(body)
	if st >= 0 && (end < 0 || st < end) {
		return f.stream(n, at+int64(len(text)-len(body)), body, st)
	}
	if end < 0 {
		return nil, fmt.Errorf("%w: object %d has no endobj within %d bytes", ErrUnreadable, n, len(text))
	}
	o, err := parseObject(string(body[:end]))
	if err != nil {
		return nil, fmt.Errorf("%w: object %d: %w", ErrUnreadable, n, err)
	}
	return o, nil
}

// streamKeyword finds the "stream" keyword that ends a stream's
// dictionary: the first "stream" after ">>" and white space, before any
// "endobj". The stream's data may hold anything, so the search stops at
// the first match.
func streamKeyword(body []byte) int {
	end := bytes.Index(body, []byte("endobj"))
	if end < 0 {
		end = len(body)
	}
	from := 0
	for {
		i := bytes.Index(body[from:end], []byte("stream"))
		if i < 0 {
			return -1
		}
		i += from
		if bytes.HasSuffix(bytes.TrimRight(body[:i], " \t\r\n\f\x00"), []byte(">>")) {
			return i
		}
		from = i + len("stream")
	}
}

// stream reads object n's stream: body holds its text from after "obj",
// starting at file offset base, with "stream" at index st.
func (f *lazyFile) stream(n int, base int64, body []byte, st int) (types.Object, error) {
	// A stream's /Length or /Filter may refer to another stream, whose
	// own may refer back: one level is all a sound file needs.
	if f.nested > 0 {
		return nil, fmt.Errorf("%w: object %d: a stream's /Length or /Filter refers to a stream", ErrUnreadable, n)
	}
	f.nested++
	defer func() { f.nested-- }()
	o, err := parseObject(string(body[:st]))
	if err != nil {
		return nil, fmt.Errorf("%w: object %d: %w", ErrUnreadable, n, err)
	}
	d, ok := o.(types.Dict)
	if !ok {
		return nil, fmt.Errorf("%w: object %d: a stream without a dictionary", ErrUnreadable, n)
	}
	// The data starts after the end of line that follows the keyword.
	at := st + len("stream")
	if at < len(body) && body[at] == '\r' {
		at++
	}
	if at < len(body) && body[at] == '\n' {
		at++
	}
	start := base + int64(at)
	var length int64
	switch l := d["Length"].(type) {
	case types.Integer:
		length = int64(l)
	case types.IndirectRef:
		lo, err := f.object(l.ObjectNumber.Value())
		if err != nil {
			return nil, err
		}
		li, ok := lo.(types.Integer)
		if !ok {
			return nil, fmt.Errorf("%w: object %d: its /Length is not a number", ErrUnreadable, n)
		}
		length = int64(li)
	default:
		return nil, fmt.Errorf("%w: object %d: a stream without a /Length", ErrUnreadable, n)
	}
	if length < 0 || length > f.size-start {
		return nil, fmt.Errorf("%w: object %d: /Length %d runs past the end of the file", ErrUnreadable, n, length)
	}
	if length > MaxStreamBytes {
		return nil, fmt.Errorf("%w: object %d: a stream of %d MiB (at most %d MiB are read)", ErrLimit, n, length>>20, MaxStreamBytes>>20)
	}
	pipe, err := f.filters(d)
	if err != nil {
		return nil, fmt.Errorf("%w: object %d: %w", ErrUnreadable, n, err)
	}
	l := length
	sd := types.NewStreamDict(d, start, &l, nil, pipe)
	sd.Raw = make([]byte, length)
	if _, err := f.r.ReadAt(sd.Raw, start); err != nil && !(err == io.EOF && length == 0) {
		return nil, fmt.Errorf("%w: object %d: stream data: %w", ErrUnreadable, n, err)
	}
	return sd, nil
}

// filters is a stream's /Filter and /DecodeParms as pdfcpu's decoder wants
// them, each a name or an array of them.
func (f *lazyFile) filters(d types.Dict) ([]types.PDFFilter, error) {
	fo, err := f.resolve(d["Filter"])
	if err != nil || fo == nil {
		return nil, err
	}
	po, err := f.resolve(d["DecodeParms"])
	if err != nil {
		return nil, err
	}
	var names types.Array
	var parms types.Array
	switch v := fo.(type) {
	case types.Name:
		names = types.Array{v}
		if p, ok := po.(types.Dict); ok {
			parms = types.Array{p}
		}
	case types.Array:
		names = v
		parms, _ = po.(types.Array)
	default:
		return nil, fmt.Errorf("/Filter is a %T", fo)
	}
	var out []types.PDFFilter
	for i, nm := range names {
		name, ok := nm.(types.Name)
		if !ok {
			return nil, fmt.Errorf("/Filter entry %d is a %T", i, nm)
		}
		pf := types.PDFFilter{Name: name.Value()}
		if i < len(parms) {
			pf.DecodeParms, _ = parms[i].(types.Dict)
		}
		out = append(out, pf)
	}
	return out, nil
}

// resolve follows an indirect reference (one level, as streams' entries
// need).
func (f *lazyFile) resolve(o types.Object) (types.Object, error) {
	if r, ok := o.(types.IndirectRef); ok {
		return f.object(r.ObjectNumber.Value())
	}
	return o, nil
}

// lazyPage is one page as the lazy reader walks the tree: its dictionary
// and what it inherits from its ancestors when it does not set it.
type lazyPage struct {
	n      int // 1-based
	dict   types.Dict
	res    types.Object // /Resources, own or inherited
	media  types.Object // /MediaBox, own or inherited
	crop   types.Object // /CropBox, own or inherited
	rotate types.Object // /Rotate, own or inherited
}

// pages walks the page tree in order, reading each page node from the
// file as it comes and handing it to fn; nothing of a page stays after fn
// returns. A node met twice (a loop), a tree deeper than maxDepth or more
// than MaxPages pages is an error.
func (f *lazyFile) pages(fn func(p lazyPage) error) error {
	root, err := f.resolve(f.trailer["Root"])
	if err != nil {
		return err
	}
	cat, ok := root.(types.Dict)
	if !ok {
		return fmt.Errorf("%w: the trailer's /Root is not a dictionary", ErrUnreadable)
	}
	ref, ok := cat["Pages"].(types.IndirectRef)
	if !ok {
		return fmt.Errorf("%w: the catalog's /Pages is not a reference", ErrUnreadable)
	}
	seen := map[int]bool{}
	count := 0
	var walk func(objNr, depth int, inh lazyPage) error
	walk = func(objNr, depth int, inh lazyPage) error {
		if depth > maxDepth {
			return fmt.Errorf("%w: the page tree is deeper than %d", ErrLimit, maxDepth)
		}
		if seen[objNr] {
			return fmt.Errorf("%w: page tree node %d is reached twice", ErrUnreadable, objNr)
		}
		seen[objNr] = true
		o, err := f.object(objNr)
		if err != nil {
			return err
		}
		d, ok := o.(types.Dict)
		if !ok {
			return fmt.Errorf("%w: page tree node %d is not a dictionary", ErrUnreadable, objNr)
		}
		for key, at := range map[string]*types.Object{"Resources": &inh.res, "MediaBox": &inh.media, "CropBox": &inh.crop, "Rotate": &inh.rotate} {
			if v, ok := d[key]; ok {
				*at = v
			}
		}
		if t := d.Type(); t != nil && *t == "Page" {
			count++
			if count > MaxPages {
				return fmt.Errorf("%w: the page tree holds more than %d pages", ErrLimit, MaxPages)
			}
			inh.n, inh.dict = count, d
			return fn(inh)
		}
		kids, err := f.resolve(d["Kids"])
		if err != nil {
			return err
		}
		ka, ok := kids.(types.Array)
		if !ok {
			return fmt.Errorf("%w: page tree node %d has no /Kids array", ErrUnreadable, objNr)
		}
		for _, k := range ka {
			kr, ok := k.(types.IndirectRef)
			if !ok {
				return fmt.Errorf("%w: page tree node %d has a kid that is not a reference", ErrUnreadable, objNr)
			}
			if err := walk(kr.ObjectNumber.Value(), depth+1, inh); err != nil {
				return err
			}
		}
		return nil
	}
	return walk(ref.ObjectNumber.Value(), 0, lazyPage{})
}

// The checks ask for the same fonts, resources and forms on every page, so
// the objects read last are kept, within lazyCacheBytes of file text; a
// page's own dictionary and content pass through and go.
const lazyCacheBytes = 8 << 20

type lazyCache struct {
	objs  map[int]types.Object
	size  map[int]int
	order []int // object numbers, oldest first
	bytes int
}

// cached is object n, read once while it stays in the cache.
func (f *lazyFile) cached(n int) (types.Object, error) {
	if o, ok := f.cache.objs[n]; ok {
		return o, nil
	}
	o, err := f.object(n)
	if err != nil || o == nil {
		return o, err
	}
	size := 64
	if sd, ok := o.(types.StreamDict); ok {
		size += len(sd.Raw)
	}
	if size > lazyCacheBytes/8 {
		return o, nil
	}
	c := &f.cache
	if c.objs == nil {
		c.objs, c.size = map[int]types.Object{}, map[int]int{}
	}
	for c.bytes+size > lazyCacheBytes && len(c.order) > 0 {
		old := c.order[0]
		c.order = c.order[1:]
		c.bytes -= c.size[old]
		delete(c.objs, old)
		delete(c.size, old)
	}
	c.objs[n], c.size[n] = o, size
	c.order = append(c.order, n)
	c.bytes += size
	return o, nil
}

// Dereference, DereferenceDict, DereferenceArray, DereferenceStreamDict and
// Catalog answer as pdfcpu's XRefTable does (objects), reading from the
// file.
func (f *lazyFile) Dereference(o types.Object) (types.Object, error) {
	r, ok := o.(types.IndirectRef)
	if !ok {
		return o, nil
	}
	return f.cached(r.ObjectNumber.Value())
}

func (f *lazyFile) DereferenceDict(o types.Object) (types.Dict, error) {
	v, err := f.Dereference(o)
	if err != nil || v == nil {
		return nil, err
	}
	d, ok := v.(types.Dict)
	if !ok {
		return nil, fmt.Errorf("%v: want a dictionary, got %T", o, v)
	}
	return d, nil
}

func (f *lazyFile) DereferenceArray(o types.Object) (types.Array, error) {
	v, err := f.Dereference(o)
	if err != nil || v == nil {
		return nil, err
	}
	a, ok := v.(types.Array)
	if !ok {
		return nil, fmt.Errorf("wrong type %T <%v>", v, v)
	}
	return a, nil
}

func (f *lazyFile) DereferenceStreamDict(o types.Object) (*types.StreamDict, bool, error) {
	if _, ok := o.(types.IndirectRef); !ok {
		sd, ok := o.(types.StreamDict)
		if !ok {
			return nil, false, fmt.Errorf("dereferenceStreamDict: wrong type <%v> %T", o, o)
		}
		return &sd, false, nil
	}
	v, err := f.Dereference(o)
	if err != nil || v == nil {
		return nil, false, err
	}
	sd, ok := v.(types.StreamDict)
	if !ok {
		return nil, false, fmt.Errorf("dereferenceStreamDict: wrong type <%v> %T", o, v)
	}
	return &sd, false, nil
}

func (f *lazyFile) Catalog() (types.Dict, error) {
	d, err := f.DereferenceDict(f.trailer["Root"])
	if err == nil && d == nil {
		err = errors.New("missing root dict")
	}
	return d, err
}

var _ objects = (*lazyFile)(nil)

// lazyBoxes walks the page tree once for every page's boundaries, as
// pdfcpu's PageBoundaries gives them: media and crop box and rotation
// inherited, trim and bleed box the page's own. Pages in a row with the
// same boundaries make one run.
func (f *lazyFile) lazyBoxes() ([]boxRun, error) {
	var out []boxRun
	err := f.pages(func(p lazyPage) error {
		var b PageBoxes
		var err error
		if b.Media, err = f.box(p.media); err != nil {
			return fmt.Errorf("%w: page %d: MediaBox: %w", ErrUnreadable, p.n, err)
		}
		if b.Crop, err = f.box(p.crop); err != nil {
			return fmt.Errorf("%w: page %d: CropBox: %w", ErrUnreadable, p.n, err)
		}
		if b.Trim, err = f.box(p.dict["TrimBox"]); err != nil {
			return fmt.Errorf("%w: page %d: TrimBox: %w", ErrUnreadable, p.n, err)
		}
		if b.Bleed, err = f.box(p.dict["BleedBox"]); err != nil {
			return fmt.Errorf("%w: page %d: BleedBox: %w", ErrUnreadable, p.n, err)
		}
		if r, err := f.Dereference(p.rotate); err != nil {
			return err
		} else if r != nil {
			ri, ok := r.(types.Integer)
			if !ok {
				return fmt.Errorf("%w: page %d: /Rotate is a %T", ErrUnreadable, p.n, r)
			}
			b.Rotate = int(ri)
		}
		if b.Media.IsZero() {
			return fmt.Errorf("%w: page %d has no media box", ErrUnreadable, p.n)
		}
		if k := len(out) - 1; k >= 0 && out[k].boxes == b && out[k].last == p.n-1 {
			out[k].last = p.n
		} else {
			out = append(out, boxRun{first: p.n, last: p.n, boxes: b})
		}
		return nil
	})
	return out, err
}

// box reads a rectangle; the zero Box when o is absent.
func (f *lazyFile) box(o types.Object) (Box, error) {
	if o == nil {
		return Box{}, nil
	}
	a, err := f.DereferenceArray(o)
	if err != nil || a == nil {
		return Box{}, err
	}
	if len(a) != 4 {
		return Box{}, fmt.Errorf("a rectangle of %d numbers", len(a))
	}
	var v [4]float64
	for i, e := range a {
		e, err := f.Dereference(e)
		if err != nil {
			return Box{}, err
		}
		switch n := e.(type) {
		case types.Integer:
			v[i] = float64(n)
		case types.Float:
			v[i] = float64(n)
		default:
			return Box{}, fmt.Errorf("a rectangle holding a %T", e)
		}
	}
	return boxOf(types.NewRectangle(v[0], v[1], v[2], v[3])), nil
}

// eachObject hands every object of the file to fn, read one at a time.
func (f *lazyFile) eachObject(fn func(n int, o types.Object)) error {
	for n := range f.offs {
		if f.offs[n] == 0 {
			continue
		}
		o, err := f.object(n)
		if err != nil {
			return err
		}
		fn(n, o)
	}
	return nil
}
