package layout

import (
	"bytes"
	"fmt"
	"math"
	"strings"

	"codeberg.org/go-pdf/fpdf"
	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/templates"
)

// CoverResult is a laid-out paperback cover: a one-page PDF holding the
// back, the spine and the front side by side with bleed all round. Sizes
// are in points.
type CoverResult struct {
	PDF           []byte
	Width, Height float64 // the whole page, bleed included
	Spine         float64 // spine width
	SpineText     bool    // whether the spine carries the title
	// Warnings are what a person should look at before printing, such as
	// cover art below 300 dpi at its printed size; each names its field.
	Warnings []string
}

// The print-on-demand cover facts (KDP paperback). A cover bleeds 0.125in
// beyond the trim on every side. The spine is as wide as the page count
// times the thickness of a page of the interior stock. Text on the spine
// is allowed from minSpinePages pages, with spineClear of clearance on
// each side of the spine because the fold may wander by that much, and is
// set only when it can be as large as the book's smallest type.
const (
	coverBleed    = 0.125 * inch
	whitePerPage  = 0.002252 * inch
	creamPerPage  = 0.0025 * inch
	minSpinePages = 80
	spineClear    = 0.0625 * inch
)

// The cover's own margins. KDP asks that text stay 0.125in inside the
// trim; the cover keeps 0.25in from every trim edge and fold (coverSafe)
// and sets its text further in, where a reader's eye expects it.
const (
	coverSafe   = 0.25 * inch
	coverMargin = 0.5 * inch
)

// The barcode area KDP prints its ISBN barcode on: 2 x 1.2in at the lower
// right of the back cover, coverSafe in from the spine fold and the bottom
// trim. Nothing is drawn there, not even the background, so the printer's
// white barcode box lands on bare paper and covers nothing.
const (
	barcodeW = 2 * inch
	barcodeH = 1.2 * inch
)

// coverInks are the colours a cover is drawn in, from its theme
// (book.CoverTheme): the ground, the type, and the accent of rules, meter
// marks and the badge, with quieter inks mixed from the type into the
// ground. The default theme is a charcoal wrap with white type: a dark
// ground across back, spine and front hides a fold that lands a little off
// the spine's edge, which a white cover would show as a sliver.
type coverInks struct {
	ground, ink, quiet, dim rgb
	accent, onAccent        rgb // the badge's ground and its type
}

func inksFor(th book.CoverTheme) coverInks {
	g, k, a := rgbOf(th.Ground), rgbOf(th.Ink), rgbOf(th.Accent)
	on := g
	if contrast(a, k) > contrast(a, g) {
		on = k
	}
	return coverInks{
		ground: g, ink: k, quiet: g.mix(k, 0.8), dim: g.mix(k, 0.5),
		accent: a, onAccent: on,
	}
}

// spineWidth is the spine of a paperback of pages pages on the given stock.
func spineWidth(pages int, p book.Paper) float64 {
	per := whitePerPage
	if p == book.PaperCream {
		per = creamPerPage
	}
	return float64(pages) * per
}

// coverGeo places the panels of a full-wrap cover on its page: bleed, back
// trim, spine, front trim, bleed from left to right, and bleed, trim
// height, bleed from top to bottom.
type coverGeo struct {
	trimW, trimH float64
	spine        float64
}

func (g coverGeo) media() (w, h float64) {
	return 2*coverBleed + 2*g.trimW + g.spine, 2*coverBleed + g.trimH
}

// trim is the whole cover as trimmed: back, spine and front.
func (g coverGeo) trim() rect {
	return rect{coverBleed, coverBleed, 2*g.trimW + g.spine, g.trimH}
}

func (g coverGeo) back() rect { return rect{coverBleed, coverBleed, g.trimW, g.trimH} }

func (g coverGeo) spineRect() rect {
	return rect{coverBleed + g.trimW, coverBleed, g.spine, g.trimH}
}

func (g coverGeo) front() rect {
	return rect{coverBleed + g.trimW + g.spine, coverBleed, g.trimW, g.trimH}
}

func (g coverGeo) barcode() rect {
	b := g.back()
	return rect{b.right() - coverSafe - barcodeW, b.bottom() - coverSafe - barcodeH, barcodeW, barcodeH}
}

// unit is the length the cover's type scales with: the trim width of a
// portrait book, or two thirds of the height of a wide one, so a landscape
// cover's type is sized for its height.
func (g coverGeo) unit() float64 { return math.Min(g.trimW, g.trimH*2/3) }

// inset shrinks r by the given distances from its left, top, right and
// bottom edges.
func (r rect) inset(l, t, rt, b float64) rect {
	return rect{r.X + l, r.Y + t, r.W - l - rt, r.H - t - b}
}

// coverCanvas is what a cover is drawn on: lines, rectangles and text in
// colour, text down the spine, and images. Only the PDF back end has it:
// covers are not rendered as PNG.
type coverCanvas interface {
	Line(x1, y1, x2, y2, width float64, k rgb)
	Rect(x, y, w, h float64, k rgb)
	Text(x, y float64, s string, f Font, size float64, k rgb, a Align)
	TextDown(x, y float64, s string, f Font, size float64, k rgb)
	// Image draws the registered image name into (x, y, w, h), clipped
	// to clip.
	Image(name string, x, y, w, h float64, clip rect)
	// Clip confines what is drawn to r until Unclip.
	Clip(r rect)
	Unclip()
}

// pdfCover draws a cover on a pdfCanvas in colour.
type pdfCover struct{ c *pdfCanvas }

func (p pdfCover) Line(x1, y1, x2, y2, w float64, k rgb) { p.c.LineRGB(x1, y1, x2, y2, w, k) }
func (p pdfCover) Rect(x, y, w, h float64, k rgb)        { p.c.RectRGB(x, y, w, h, k) }
func (p pdfCover) Text(x, y float64, s string, f Font, size float64, k rgb, a Align) {
	p.c.TextRGB(x, y, s, f, size, k, a)
}
func (p pdfCover) TextDown(x, y float64, s string, f Font, size float64, k rgb) {
	p.c.TextDownRGB(x, y, s, f, size, k)
}
func (p pdfCover) Image(name string, x, y, w, h float64, clip rect) {
	p.c.Image(name, x, y, w, h, clip)
}
func (p pdfCover) Picture(k int, q *picture, x, y, w, h float64) { p.c.Picture(k, q, x, y, w, h) }
func (p pdfCover) Clip(r rect)                                   { p.c.pdf.ClipRect(r.X, r.Y, r.W, r.H, false) }
func (p pdfCover) Unclip()                                       { p.c.pdf.ClipEnd() }

// coverPlan is everything the cover's drawing needs, worked out once.
type coverPlan struct {
	spec      *book.Spec
	pics      []*picture // the user's pictures (style.pictures), or nil
	texts     *templates.Texts
	geo       coverGeo
	f         fontSet
	spineText bool
	sections  []book.Section
	motif     book.Puzzle
	ink       coverInks
	count     int          // the book's puzzles, which the front says
	sample    *book.Puzzle // the back's puzzle to try: the front matter's own; nil for none
	art       *coverArt    // nil: no art
	// least is the smallest type on the front and back: the interior's
	// finest print, so a large-print book's cover is large print too.
	least float64
}

func planCover(b *book.Book, texts *templates.Texts, pages int) *coverPlan {
	s := b.Spec
	paper := book.PaperWhite
	if s.Cover != nil {
		paper = s.Cover.Paper
	}
	theme := s.CoverPalette()
	count := b.Len()
	if count == 0 {
		// The spec alone (CheckCover): the book will hold what it asks.
		for _, sec := range s.Sections {
			count += sec.Count
		}
	}
	var sample *book.Puzzle
	if b.Len() > 0 {
		if f, err := b.MakeFront(1); err == nil && f.Title != nil {
			sample = f.Title
		}
	}
	cp := &coverPlan{
		count:  count,
		sample: sample,
		ink:    inksFor(theme),
		spec:   s,
		texts:  texts,
		f:      planFonts(s),
		geo: coverGeo{
			trimW: float64(s.Trim.W), trimH: float64(s.Trim.H),
			spine: spineWidth(pages, paper),
		},
		sections: b.Sections,
		motif:    motifPuzzle(b),
		least:    scaleFor(s.Style).small,
	}
	// KDP allows spine text from 80 pages, but a spine that thin holds only
	// 4pt type once the clearance is taken: the title goes on the spine
	// only when it can be set no smaller than the rest of the book's type.
	cp.spineText = pages >= minSpinePages && cp.setSpine().size >= cp.least
	return cp
}

// motifPuzzle picks the puzzle the front shows: the first hard one, whose
// sparse givens make a more open pattern than an easy puzzle's, or failing
// that the book's last (and so hardest) puzzle; one with fixed boxes
// before a jigsaw, whose heavy region lines crowd a window of a few cells.
func motifPuzzle(b *book.Book) book.Puzzle {
	n := b.Len()
	if n == 0 {
		return book.Puzzle{}
	}
	var hard, last, hardAny *book.Puzzle
	for p := range b.All() {
		_, own := p.Geometry().OwnRegions()
		if p.Level >= engine.Hard && hardAny == nil {
			hardAny = p
		}
		if !own {
			if p.Level >= engine.Hard && hard == nil {
				hard = p
			}
			last = p
		}
	}
	for _, p := range []*book.Puzzle{hard, hardAny, last} {
		if p != nil {
			return *p
		}
	}
	return *b.At(n - 1)
}

// RenderCover draws the full-wrap paperback cover of a book whose interior
// has pages pages (RenderBook's PageMap.Pages). The paper of the spec's
// cover (white when the spec has no cover section) sets the spine: 0.002252in
// a page on white, 0.0025in on cream. The page is the back trim, the spine
// and the front trim side by side with 0.125in bleed round the whole; its
// TrimBox marks the trimmed cover. The front carries the badge (the
// book's puzzle count unless the spec gives its own), the title set large
// in the heavy face of the grid digits, the subtitle, a window of a few
// large cells on one of the book's puzzles, the levels and the author; the
// back a blurb made from the book (its intro, its sections and their
// counts) and a blank barcode area; the spine the title and author, read
// from top to bottom, once the book has 80 pages. The same book, page
// count and options give the same bytes.
func RenderCover(b *book.Book, pages int, opt Options) (CoverResult, error) {
	texts, year, err := check(b, opt)
	if err != nil {
		return CoverResult{}, err
	}
	if pages < 1 {
		return CoverResult{}, fmt.Errorf("%w: cover for %d pages, want at least 1", ErrBook, pages)
	}
	if s := b.Spec; s.Cover != nil && s.Cover.Paper != book.PaperWhite && s.Cover.Paper != book.PaperCream {
		return CoverResult{}, fmt.Errorf("%w: cover paper %d, want white or cream", ErrBook, int(s.Cover.Paper))
	}
	cp := planCover(b, texts, pages)
	s := b.Spec
	if cp.pics, err = loadPictures(s, opt.Pictures); err != nil {
		return CoverResult{}, err
	}
	if s.Cover != nil && s.Cover.Art != "" {
		if cp.art, err = loadArt(opt.CoverArt, s.Cover.ArtAs); err != nil {
			return CoverResult{}, err
		}
	}
	if err := cp.fits(); err != nil {
		return CoverResult{}, err
	}

	mw, mh := cp.geo.media()
	pdf := newBookPDF(s, mw, mh, year, opt)
	pdf.AddPageFormat("P", fpdf.SizeType{Wd: mw, Ht: mh})
	t := cp.geo.trim()
	pdf.SetPageBox("trim", t.X, mh-t.bottom(), t.W, t.H)

	c := newPDFCanvas(pdf)
	if cp.art != nil {
		cp.art.register(pdf)
	}
	cp.draw(pdfCover{c})
	if opt.Guides {
		cp.guides(c)
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return CoverResult{}, fmt.Errorf("writing cover PDF: %w", err)
	}
	return CoverResult{PDF: buf.Bytes(), Width: mw, Height: mh, Spine: cp.geo.spine, SpineText: cp.spineText, Warnings: cp.warnings()}, nil
}

// CheckCover refuses, before any work, a cover whose texts cannot be set
// at a legible size (naming the field) or whose art cannot be read; art is
// the content of the spec's cover.art file. The front and back texts do
// not depend on the puzzles or the page count, so the spec alone decides.
func CheckCover(s *book.Spec, art []byte) error {
	if s.Cover == nil {
		return nil
	}
	texts, err := templates.Language(s.Language)
	if err != nil {
		return err
	}
	b := &book.Book{Spec: s}
	for _, sec := range s.Sections {
		b.Sections = append(b.Sections, book.Section{Title: sec.Title, Level: sec.Level})
	}
	cp := planCover(b, texts, 1)
	if s.Cover.Art != "" {
		// The header is enough to know the file is a picture the cover can
		// take; RenderCover decodes it whole.
		if why := artProblem(art); why != "" {
			return s.FieldError("cover.art", "%s %s", s.ArtPath(), why)
		}
	}
	return cp.fits()
}

func (cp *coverPlan) draw(c coverCanvas) {
	cp.ground(c)
	cp.front(c)
	cp.back(c)
	if cp.spineText {
		cp.spine(c)
	}
}

// ground fills the whole page, bleed included, except the barcode area:
// four bands around it.
func (cp *coverPlan) ground(c coverCanvas) {
	mw, mh := cp.geo.media()
	bc := cp.geo.barcode()
	c.Rect(0, 0, mw, bc.Y, cp.ink.ground)
	c.Rect(0, bc.Y, bc.X, bc.H, cp.ink.ground)
	c.Rect(bc.right(), bc.Y, mw-bc.right(), bc.H, cp.ink.ground)
	c.Rect(0, bc.bottom(), mw, mh-bc.bottom(), cp.ink.ground)
}

// fitLines finds the largest size, from largest down to least in half
// points, at which s wraps to at most maxLines lines no wider than width,
// and balances those lines. ok is false when s does not fit even at least:
// the caller refuses it, naming the field, rather than cutting it.
func fitLines(s string, f Font, largest, least, width float64, maxLines int) (size float64, lines []string, ok bool) {
	// First at sizes where no word breaks: a cover never sets "Sudok"
	// over "u Daily" when a smaller size keeps the word whole. Only a
	// text that breaks at every size (a long word, or a script written
	// without spaces) is broken between its letters.
	whole := strings.Join(strings.Fields(s), " ")
	for _, keep := range []bool{true, false} {
		for size := largest; size >= least-1e-9; size -= 0.5 {
			l := wrap(s, f, size, width)
			if len(l) > maxLines || widest(l, f, size) > width || keep && strings.Join(l, " ") != whole {
				continue
			}
			if b := balance(s, f, size, width, len(l)); !keep || strings.Join(b, " ") == whole {
				l = b
			}
			return size, l, true
		}
	}
	return least, wrap(s, f, least, width), false
}

// balance wraps s into n lines at the narrowest measure that still takes n
// lines, so a title breaks as "Sudoku / Every Day" rather than leaving one
// word alone on its last line.
func balance(s string, f Font, size, width float64, n int) []string {
	lo, hi := 0.0, width
	for range 24 {
		m := (lo + hi) / 2
		if len(wrap(s, f, size, m)) <= n {
			hi = m
		} else {
			lo = m
		}
	}
	return wrap(s, f, size, hi)
}

func widest(lines []string, f Font, size float64) float64 {
	w := 0.0
	for _, l := range lines {
		w = math.Max(w, textWidth(f, size, l))
	}
	return w
}

// lineTop is how far the first of lines rises above its baseline, so a
// title's ink, accents included, starts exactly at the top of its box.
func lineTop(lines []string, f Font, size float64) float64 {
	if len(lines) == 0 {
		return capHeight(f, size)
	}
	top, _ := f.ink(lines[0])
	return top * size
}

// atLeast keeps a cover size at or above the book's finest print.
func (cp *coverPlan) atLeast(size float64) float64 { return math.Max(size, cp.least) }

// frontText is how the front's type is set: the title, subtitle and
// author, each as large as fits (a long one set smaller or on more lines,
// never cut), and the badge.
type frontText struct {
	box                       rect // the type area
	title, sub, author        []string
	titleSize, subSize, aSize float64
	badge                     string
	badgeSize                 float64
}

// The least sizes the cover sets its own texts at before refusing them:
// below these a title no longer reads from a shelf or a thumbnail.
const (
	legibleTitle = 16.0
	legibleText  = 9.0
)

// badgeRoom is the depth the badge takes above the title, in badge sizes:
// the badge itself (1.9) and a clear gap below it.
const badgeRoom = 3.3

// setFront fits the front's texts, or says which field cannot fit.
func (cp *coverPlan) setFront() (frontText, error) {
	s := cp.spec
	f := cp.geo.front()
	u := cp.geo.unit()
	ft := frontText{box: f.inset(coverMargin, math.Max(0.07*f.H, coverMargin), coverMargin, math.Max(0.07*f.H, coverMargin))}
	// The badge is the cover's own, else the book's count of puzzles.
	ft.badge = strings.ToUpper(cp.countText())
	if s.Cover != nil && strings.TrimSpace(s.Cover.Badge) != "" {
		ft.badge = strings.TrimSpace(s.Cover.Badge)
	}
	if ft.badge != "" {
		ft.badgeSize = cp.atLeast(0.04 * u)
		// The badge sits above the title, so the title starts below it.
		ft.box = ft.box.inset(0, ft.badgeSize*badgeRoom, 0, 0)
		if textWidth(cp.f.Bold, ft.badgeSize, ft.badge)+1.6*ft.badgeSize > ft.box.W {
			return ft, s.FieldError("cover.badge", "%q is wider than the front cover at %.1fpt (want a shorter badge)", ft.badge, ft.badgeSize)
		}
	}
	w := ft.box.W
	// A title first tries three lines from 0.15 of the cover's width down
	// to 0.06, then more lines down to the least legible size.
	var ok bool
	if ft.titleSize, ft.title, ok = fitLines(s.Title, cp.f.Display, cp.atLeast(0.15*u), cp.atLeast(0.06*u), w, 3); !ok {
		ft.titleSize, ft.title, ok = fitLines(s.Title, cp.f.Display, cp.atLeast(0.06*u), cp.atLeast(legibleTitle), w, 6)
	}
	if !ok {
		return ft, s.FieldError("title", "%s cannot fit the front cover at %.0fpt or larger (want a shorter title)",
			quoteShort(s.Title), cp.atLeast(legibleTitle))
	}
	if s.Subtitle != "" {
		if ft.subSize, ft.sub, ok = fitLines(s.Subtitle, cp.f.Regular, cp.atLeast(0.042*u), cp.atLeast(0.03*u), w, 2); !ok {
			ft.subSize, ft.sub, ok = fitLines(s.Subtitle, cp.f.Regular, cp.atLeast(0.03*u), cp.atLeast(legibleText), w, 4)
		}
		if !ok {
			return ft, s.FieldError("subtitle", "%s cannot fit the front cover at %.0fpt or larger (want a shorter subtitle)", quoteShort(s.Subtitle), cp.atLeast(legibleText))
		}
	}
	if s.Author != "" {
		if ft.aSize, ft.author, ok = fitLines(s.Author, cp.f.Medium, cp.atLeast(0.05*u), cp.atLeast(0.035*u), w, 1); !ok {
			ft.aSize, ft.author, ok = fitLines(s.Author, cp.f.Medium, cp.atLeast(0.035*u), cp.atLeast(legibleText), w, 2)
		}
		if !ok {
			return ft, s.FieldError("author", "%s cannot fit the front cover at %.0fpt or larger (want a shorter author line)", quoteShort(s.Author), cp.atLeast(legibleText))
		}
	}
	// The title block and the author must leave the front a third of its
	// height for the grid or art, or the front is only type.
	if h := ft.titleBlock() + ft.authorBlock(); h > 0.75*ft.box.H {
		return ft, s.FieldError("title", "with the subtitle and author it takes %.1fin of the front cover's %.1fin (want shorter texts, leaving room for the picture)", h/inch, ft.box.H/inch)
	}
	return ft, nil
}

// countText is the front's count of the book's puzzles ("240 puzzles"),
// or "" for a book of none.
func (cp *coverPlan) countText() string {
	if cp.count == 0 || cp.texts.CoverCount == "" {
		return ""
	}
	return templates.Fill(cp.texts.CoverCount, "count", itoa(cp.count))
}

// titleBlock is the depth of the title, its rule and the subtitle.
func (ft frontText) titleBlock() float64 {
	h := float64(len(ft.title))*1.08*ft.titleSize + 0.55*ft.titleSize
	if len(ft.sub) > 0 {
		h += 0.5*ft.titleSize + float64(len(ft.sub))*1.3*ft.subSize
	}
	return h
}

// authorBlock is the depth of the author's lines.
func (ft frontText) authorBlock() float64 { return float64(len(ft.author)) * 1.25 * ft.aSize }

// fits checks every text the cover sets can be set legibly.
func (cp *coverPlan) fits() error {
	if _, err := cp.setFront(); err != nil {
		return err
	}
	_, err := cp.layBack()
	return err
}

// front sets the badge and the title block at the top, the author at the
// foot, and fills the space between with the motif grid (or the art as a
// panel), with the level names under it. With art as the background, the
// art fills the front and the type sits on bands of the ground colour.
func (cp *coverPlan) front(c coverCanvas) {
	ft, err := cp.setFront()
	if err != nil {
		return // RenderCover has refused the book already
	}
	f := cp.geo.front()
	u := cp.geo.unit()
	box := ft.box
	mid := box.X + box.W/2
	ink := cp.ink

	bg := cp.art != nil && cp.art.place == book.ArtBackground
	if bg {
		// The art covers the front, bleed included; the type goes on
		// bands of the ground so it reads over any picture.
		mw, mh := cp.geo.media()
		full := rect{f.X, 0, mw - f.X, mh}
		cp.art.draw(c, full, full)
	}

	// The author's lines sit on the foot of the box; the levels above.
	levelSize := cp.atLeast(0.034 * u)
	levelBase := box.bottom() - inkBelow(cp.f.Regular, levelSize)
	authorTop := box.bottom()
	if len(ft.author) > 0 {
		base := box.bottom() - inkBelow(cp.f.Medium, ft.aSize) - float64(len(ft.author)-1)*1.25*ft.aSize
		authorTop = base - capHeight(cp.f.Medium, ft.aSize)
		levelBase = authorTop - 1.6*ft.aSize
	}
	names := cp.levelNames()
	if count := cp.countText(); count != "" && ft.badge != strings.ToUpper(count) {
		names = append([]string{count}, names...)
	}
	levels := strings.Join(names, "  ·  ")
	levelSize, levelLines, _ := fitLines(levels, cp.f.Regular, levelSize, cp.least, box.W, 2)
	levelTop := levelBase - float64(len(levelLines)-1)*1.3*levelSize - capHeight(cp.f.Regular, levelSize)
	if bg {
		pad := 0.35 * ft.titleSize
		// The title's band runs from the top bleed edge, so no sliver of
		// art is left above it; the author's runs to the bottom edge.
		c.Rect(f.X, 0, f.right()+coverBleed-f.X, box.Y+ft.titleBlock()+pad, ink.ground)
		c.Rect(f.X, levelTop-pad, f.right()+coverBleed-f.X, f.bottom()+coverBleed-levelTop+pad, ink.ground)
	}

	if ft.badge != "" {
		bw := textWidth(cp.f.Bold, ft.badgeSize, ft.badge) + 1.6*ft.badgeSize
		bh := 1.9 * ft.badgeSize
		top := box.Y - ft.badgeSize*badgeRoom
		c.Rect(mid-bw/2, top, bw, bh, ink.accent)
		c.Text(mid, top+bh/2+capHeight(cp.f.Bold, ft.badgeSize)/2, ft.badge, cp.f.Bold, ft.badgeSize, ink.onAccent, AlignCenter)
	}

	size := ft.titleSize
	y := box.Y + lineTop(ft.title, cp.f.Display, size)
	for i, l := range ft.title {
		if i > 0 {
			y += 1.08 * size
		}
		c.Text(mid, y, l, cp.f.Display, size, ink.ink, AlignCenter)
	}
	y += 0.55 * size
	rule := math.Max(MinLine, 0.004*u)
	c.Line(mid-0.09*u, y, mid+0.09*u, y, rule, ink.accent)
	if len(ft.sub) > 0 {
		sub := ft.subSize
		y += 0.5*size + capHeight(cp.f.Regular, sub)
		for i, l := range ft.sub {
			if i > 0 {
				y += 1.3 * sub
			}
			c.Text(mid, y, l, cp.f.Regular, sub, ink.quiet, AlignCenter)
		}
		y += 0.35 * sub
	}

	if len(ft.author) > 0 {
		base := box.bottom() - inkBelow(cp.f.Medium, ft.aSize) - float64(len(ft.author)-1)*1.25*ft.aSize
		for i, l := range ft.author {
			c.Text(mid, base+float64(i)*1.25*ft.aSize, l, cp.f.Medium, ft.aSize, ink.ink, AlignCenter)
		}
	}
	for i, l := range levelLines {
		c.Text(mid, levelBase-float64(len(levelLines)-1-i)*1.3*levelSize, l, cp.f.Regular, levelSize, ink.quiet, AlignCenter)
	}
	if bg {
		return
	}
	bottom := levelTop
	gap := 0.06 * u
	room := rect{box.X, y + gap, box.W, bottom - y - 2*gap}
	if cp.art != nil {
		cp.art.panel(c, room, ink.accent, math.Max(MinLine, 0.004*u))
		return
	}
	cp.motifWindow(c, room)
}

// motifWindow draws a window on the motif puzzle into room: a few of its
// cells, as large as room allows, in black on white inside an accent
// frame. At a shop's 160-pixel thumbnail a whole 9x9 grid (let alone a
// 16x16) is a grey texture; five cells across still read as a puzzle,
// digits and all. A grid of six cells or fewer shows whole. The window
// starts on a box corner where one is in reach, and shows the most givens
// it can.
func (cp *coverPlan) motifWindow(c coverCanvas, room rect) {
	p := cp.motif
	geo := p.Geometry()
	if geo == nil || room.W < minGridSide/2 || room.H < minGridSide/2 {
		return
	}
	u := cp.geo.unit()
	frame := math.Max(2*MinLine, 0.012*u)
	room = room.inset(frame, frame, frame, frame)
	rows := geo.Cells / geo.Width
	k := min(geo.Width, 5)
	if geo.Width <= 6 {
		k = geo.Width
	}
	cell := math.Min(room.W/float64(k), room.H/float64(min(3, rows)))
	kr := min(rows, int(room.H/cell))
	if geo.Width <= 6 {
		cell = math.Min(room.W, room.H) / float64(k)
		kr = rows
	}
	r0, c0 := bestWindow(geo, p.Cells(), kr, k)
	win := rect{room.X + (room.W-float64(k)*cell)/2, room.Y + (room.H-float64(kr)*cell)/2, float64(k) * cell, float64(kr) * cell}

	st := cp.gridStyle()
	st.digitSize = 0
	side := cell*float64(geo.Width) + st.forSide(cell*float64(geo.Width)).thick
	cell = st.cellSizeIn(side, geo.Width)
	thick := st.forSide(side).thick
	x := win.X - thick/2 - float64(c0)*cell
	y := win.Y - thick/2 - float64(r0)*cell

	paper, black := greyRGB(White), greyRGB(0.08)
	c.Rect(win.X-frame, win.Y-frame, win.W+2*frame, win.H+2*frame, cp.ink.accent)
	c.Rect(win.X, win.Y, win.W, win.H, paper)
	// Only the window's digits are set: the clip hides the rest of the
	// grid's lines, but a clipped digit would still be text on the cover,
	// outside its safe area or across the spine.
	shown := make([]uint8, geo.Cells)
	for i, d := range p.Cells() {
		if r, q := geo.Row(i)-r0, geo.Col(i)-c0; r >= 0 && r < kr && q >= 0 && q < k {
			shown[i] = d
		}
	}
	c.Clip(win)
	tc := tinted{c: c, ground: paper, line: black.mix(paper, 0.35), heavy: black, thin: st.forSide(side).thin, text: black}
	drawCells(tc, x, y, side, geo, shown, nil, st)
	c.Unclip()
}

// bestWindow is the top-left place (row, column) of the rows x cols window
// on geo that holds the most givens of cells, trying box corners first
// and every place where no box is in reach; a window must lie wholly on
// the figure.
func bestWindow(geo *engine.Geometry, cells []uint8, rows, cols int) (r0, c0 int) {
	h := geo.Cells / geo.Width
	on := make([]int, h*geo.Width)
	for i := range on {
		on[i] = -1
	}
	for i := range geo.Cells {
		on[geo.Place(i)] = i
	}
	best := -1
	try := func(r, q int) {
		n := 0
		for dr := range rows {
			for dq := range cols {
				i := on[(r+dr)*geo.Width+q+dq]
				if i < 0 {
					return
				}
				if cells[i] != 0 {
					n++
				}
			}
		}
		if n > best {
			best, r0, c0 = n, r, q
		}
	}
	br, bc := max(geo.BoxRows, 1), max(geo.BoxCols, 1)
	for r := 0; r+rows <= h; r += br {
		for q := 0; q+cols <= geo.Width; q += bc {
			try(r, q)
		}
	}
	if best < 0 {
		for r := 0; r+rows <= h; r++ {
			for q := 0; q+cols <= geo.Width; q++ {
				try(r, q)
			}
		}
	}
	return r0, c0
}

// levelNames lists the printed names of the levels the book's sections
// are at, each once, easiest first: the front says "Easy · Medium · Hard",
// however the sections are titled (the back's table names them).
func (cp *coverPlan) levelNames() []string {
	var at [engine.NumLevels]bool
	for _, sec := range cp.sections {
		at[sec.Level] = true
	}
	var out []string
	for l, ok := range at {
		if ok {
			out = append(out, cp.texts.Level(engine.Level(l).String()))
		}
	}
	return out
}

func inkBelow(f Font, size float64) float64 {
	_, below := inkExtent(f, size)
	return below
}

// backLayout is where the back's texts go.
type backLayout struct {
	box                rect
	titleSize          float64
	title              []string
	body, step         float64 // the blurb's and promise's size and line step
	blurb              []string
	blurbY             float64 // baseline of the blurb's first line
	promise            []string
	promiseY           float64
	table              rect // the area left for the level table
	blurbSize          float64
	blurbFont          Font
	blurbInk, titleInk rgb
}

// setBackTitle fits the back's title: two lines from 0.065 of the cover's
// width down to 0.04, then up to four lines down to the least legible size.
func (cp *coverPlan) setBackTitle() (backLayout, error) {
	u := cp.geo.unit()
	b := cp.geo.back()
	bl := backLayout{box: b.inset(coverMargin, math.Max(0.09*b.H, coverMargin), coverMargin, 0)}
	// A wide cover's lines would run too long to read at a glance.
	bl.box.W = math.Min(bl.box.W, u)
	var ok bool
	title := cp.spec.Title
	if bl.titleSize, bl.title, ok = fitLines(title, cp.f.Bold, cp.atLeast(0.065*u), cp.atLeast(0.04*u), bl.box.W, 2); !ok {
		bl.titleSize, bl.title, ok = fitLines(title, cp.f.Bold, cp.atLeast(0.04*u), cp.atLeast(legibleText+3), bl.box.W, 4)
	}
	if !ok {
		return bl, cp.spec.FieldError("title", "%s cannot fit the back cover at %.0fpt or larger (want a shorter title)", quoteShort(title), cp.atLeast(legibleText+3))
	}
	return bl, nil
}

// layBack works out the back: the title, the blurb (the cover's own, or
// the intro's first paragraph), the promise of one solution each, and the
// area left for the level table. The promise sits beside the barcode area
// when there is room for it there, and above it otherwise; nothing else
// comes lower than the barcode area's top. The cover's own blurb keeps its
// line breaks and is set smaller, down to the book's finest print, until
// it fits; one that does not fit even then is refused. A blurb taken from
// the intro is cut short instead, and the table and promise are left out
// on a cover too small for them.
func (cp *coverPlan) layBack() (backLayout, error) {
	bl, err := cp.setBackTitle()
	if err != nil {
		return bl, err
	}
	s, t := cp.spec, cp.texts
	b := cp.geo.back()
	bc := cp.geo.barcode()
	u := cp.geo.unit()
	box := bl.box
	y := box.Y + lineTop(bl.title, cp.f.Bold, bl.titleSize) + float64(len(bl.title)-1)*1.12*bl.titleSize
	y += inkBelow(cp.f.Bold, bl.titleSize)

	body := cp.atLeast(0.032 * u)
	step := body * lead
	bl.body, bl.step = body, step
	bottom := bc.Y - 0.04*b.H
	beside := math.Min(bc.X-0.25*inch-box.X, box.W)
	promise := wrap(t.Rebuild, cp.f.Italic, body, beside)
	// The promise's baselines, beside the barcode area or above it.
	py := bc.bottom() - inkBelow(cp.f.Italic, body) - float64(len(promise)-1)*step
	if beside < 1.5*inch || py-capHeight(cp.f.Italic, body) < bc.Y {
		promise = wrap(t.Rebuild, cp.f.Italic, body, box.W)
		py = bottom - float64(len(promise)-1)*step
		bottom = py - capHeight(cp.f.Italic, body) - step
	}
	if py-capHeight(cp.f.Italic, body) < y+step {
		promise = nil
	}
	bl.promise, bl.promiseY = promise, py

	own := s.Cover != nil && strings.TrimSpace(s.Cover.Blurb) != ""
	bl.blurbFont, bl.blurbSize = cp.f.Regular, body
	y += 0.8 * bl.titleSize
	switch {
	case own:
		paras := paragraphs(s.Cover.Blurb)
		fitted := false
		for size := body; size >= cp.least-1e-9; size -= 0.5 {
			// Paragraphs are parted by an empty line.
			var l []string
			for i, p := range paras {
				if i > 0 {
					l = append(l, "")
				}
				l = append(l, wrap(p, cp.f.Regular, size, box.W)...)
			}
			if y+float64(len(l))*size*lead+inkBelow(cp.f.Regular, size) <= bottom && widest(l, cp.f.Regular, size) <= box.W {
				bl.blurb, bl.blurbSize, fitted = l, size, true
				break
			}
		}
		if !fitted {
			return bl, s.FieldError("cover.blurb", "does not fit the back cover at %.1fpt, the book's smallest type (want a shorter blurb)", cp.least)
		}
	default:
		if paras := paragraphs(s.Intro); len(paras) > 0 {
			l := wrap(paras[0], cp.f.Regular, body, box.W)
			keep := min(len(l), 7, int((bottom-y-inkBelow(cp.f.Regular, body))/step))
			if keep < len(l) && keep > 0 {
				l = append(l[:keep-1], fit(strings.Join(l[keep-1:], " "), cp.f.Regular, body, box.W))
			}
			bl.blurb = l[:max(keep, 0)]
		}
	}
	bl.blurbY = y + bl.blurbSize*lead
	if len(bl.blurb) > 0 {
		y += float64(len(bl.blurb))*bl.blurbSize*lead + inkBelow(cp.f.Regular, bl.blurbSize)
	} else {
		y -= 0.8 * bl.titleSize
	}
	top := y + step
	bl.table = rect{box.X, top, box.W, bottom - top}
	return bl, nil
}

// back draws the back as layBack sets it.
func (cp *coverPlan) back(c coverCanvas) {
	bl, err := cp.layBack()
	if err != nil {
		return // RenderCover has refused the book already
	}
	box := bl.box
	y := box.Y + lineTop(bl.title, cp.f.Bold, bl.titleSize)
	for i, l := range bl.title {
		if i > 0 {
			y += 1.12 * bl.titleSize
		}
		c.Text(box.X, y, l, cp.f.Bold, bl.titleSize, cp.ink.ink, AlignLeft)
	}
	for i, l := range bl.promise {
		c.Text(box.X, bl.promiseY+float64(i)*bl.step, l, cp.f.Italic, bl.body, cp.ink.quiet, AlignLeft)
	}
	for i, l := range bl.blurb {
		c.Text(box.X, bl.blurbY+float64(i)*bl.blurbSize*lead, l, cp.f.Regular, bl.blurbSize, cp.ink.quiet, AlignLeft)
	}
	area := bl.table
	if sample := cp.sample; sample != nil && sample.Geometry() != nil {
		// A puzzle to try on the back, when the table leaves room: the
		// front matter's own grid, never one of the book's.
		gap := 1.2 * bl.body
		side := math.Min(math.Min(area.H-cp.tableHeight(bl.body)-gap, 0.5*area.W), 2.4*inch)
		st := cp.gridStyle()
		// Its digits are no smaller than the book's finest print: a large
		// print book's back has no small print either.
		if side >= minGridSide && st.cellDigitSize(st.cellSizeIn(side, sample.Geometry().Width)) >= cp.least-1e-9 {
			x := area.X
			c.Rect(x, area.Y, side, side, greyRGB(White))
			tc := tinted{c: c, ground: greyRGB(White), line: greyRGB(0.45), heavy: greyRGB(0.08), thin: st.forSide(side).thin, text: greyRGB(0.08)}
			drawCells(tc, x, area.Y, side, sample.Geometry(), sample.Cells(), nil, st)
			area.Y += side + gap
			area.H -= side + gap
		}
	}
	cp.levelTable(c, area, bl.body)
}

// tableHeight is the depth of the level table with rows at size: each
// row (the sections' and the total's) 2.3 sizes deep, baseline at its
// foot, the last row's descenders hanging 0.3 size below.
func (cp *coverPlan) tableHeight(size float64) float64 {
	return (2.3*float64(len(cp.sections)+1) + 0.3) * size
}

// gridStyle is how the cover draws a grid: in the book's digit faces, its
// digits no smaller than the book's finest print, its box lines three
// cell lines wide, as a printed grid has them.
func (cp *coverPlan) gridStyle() gridStyle {
	st := styleFor(cp.spec.Style)
	st.givenFont, st.filledFont = cp.f.Given, cp.f.Filled
	st.minDigit = cp.least
	st.pics = cp.pics
	st.thick = math.Max(st.thick, 3*st.thin)
	return st
}

// levelTable sets one row per section: its name, a meter of filled marks
// for its level (one for easy, five for extreme) and its puzzle count, with
// the total under a rule. The table sits in the middle of the area's
// height; its rows shrink if they would not fit, and it is left out if
// they would not fit at the book's finest print.
func (cp *coverPlan) levelTable(c coverCanvas, area rect, size float64) {
	height := cp.tableHeight
	if h := height(size); h > area.H {
		size = math.Max(size*area.H/h, cp.least)
	}
	if height(size) > area.H+0.01 {
		return
	}
	rowH := 2.3 * size
	area.Y += (area.H - height(size)) / 2
	mark := 0.62 * size
	meterW := float64(engine.NumLevels)*mark + float64(engine.NumLevels-1)*0.4*mark
	countW := textWidth(cp.f.Bold, size, "0000")
	meterX := area.right() - countW - 0.8*size - meterW
	nameW := meterX - area.X - size
	if nameW < 3*size {
		return
	}
	y := area.Y
	total := 0
	for _, sec := range cp.sections {
		y += rowH
		n := len(sec.Puzzles)
		total += n
		c.Text(area.X, y, fit(sectionTitle(sec, cp.texts), cp.f.Medium, size, nameW), cp.f.Medium, size, cp.ink.ink, AlignLeft)
		for k := range int(engine.NumLevels) {
			x := meterX + float64(k)*1.4*mark
			g := cp.ink.dim
			if k <= int(sec.Level) {
				g = cp.ink.accent
			}
			c.Rect(x, y-mark, mark, mark, g)
		}
		c.Text(area.right(), y, itoa(n), cp.f.Bold, size, cp.ink.ink, AlignRight)
	}
	rule := y + 0.7*size
	c.Line(area.X, rule, area.right(), rule, MinLine, cp.ink.dim)
	y += rowH
	c.Text(area.right(), y, itoa(total), cp.f.Bold, size, cp.ink.ink, AlignRight)
}

// spineSetting is how the spine's type is set: the size of the title (and
// author), the author ("" when both would not fit the spine's length), and
// where the text runs.
type spineSetting struct {
	size       float64
	author     string
	x, y0, len float64
}

// setSpine sets the title from the top of the spine and the author at its
// foot, on one baseline, as large as the spine's width allows less its
// clearance on each side, and no larger than a comfortable spine title.
// The author is left off when both would not fit the spine's length; a
// title too long alone is set smaller.
func (cp *coverPlan) setSpine() spineSetting {
	s := cp.spec
	sp := cp.geo.spineRect()
	room := sp.W - 2*spineClear
	length := sp.H - 2*(coverSafe+0.125*inch)
	top, bottom := cp.f.Bold.ink(s.Title)
	if s.Author != "" {
		at, ab := cp.f.Regular.ink(s.Author)
		top, bottom = math.Max(top, at), math.Max(bottom, ab)
	}
	if top+bottom <= 0 {
		top, bottom = cp.f.Bold.top, cp.f.Bold.bottom
	}
	size := math.Min(room/(top+bottom), 0.03*sp.H)
	gap := 2 * size
	author := s.Author
	if author != "" && textWidth(cp.f.Bold, size, s.Title)+gap+textWidth(cp.f.Regular, size, author) > length {
		author = ""
	}
	if w := textWidth(cp.f.Bold, size, s.Title); author == "" && w > length {
		size *= length / w
	}
	// The tops of the letters face right: centre the ink, not the baseline.
	x := sp.X + sp.W/2 - (top-bottom)*size/2
	return spineSetting{size: size, author: author, x: x, y0: sp.Y + (sp.H-length)/2, len: length}
}

// spine draws the spine's type as setSpine sets it.
func (cp *coverPlan) spine(c coverCanvas) {
	st := cp.setSpine()
	c.TextDown(st.x, st.y0, cp.spec.Title, cp.f.Bold, st.size, cp.ink.ink)
	if st.author != "" {
		c.TextDown(st.x, st.y0+st.len-textWidth(cp.f.Regular, st.size, st.author), st.author, cp.f.Regular, st.size, cp.ink.quiet)
	}
}

// guides outlines the trim, the folds, the safe area of each panel and the
// barcode area, as a proofing aid.
func (cp *coverPlan) guides(c canvas) {
	g := cp.geo
	drawGuides(c, g.trim(), g.spineRect(),
		g.back().inset(coverSafe, coverSafe, coverSafe, coverSafe),
		g.front().inset(coverSafe, coverSafe, coverSafe, coverSafe),
		g.barcode())
}

// tinted redraws black-on-white drawing in the cover's inks: black lines
// become line, black text becomes text and white becomes ground, with the
// greys between in proportion. It lets drawGrid, which draws for paper,
// draw the cover's grid on a coloured ground exactly as it draws the
// interior's. A line wider than thin (a box or region line, the frame)
// becomes heavy instead of line, where thin is set.
type tinted struct {
	c                  coverCanvas
	ground, line, text rgb
	heavy              rgb
	thin               float64
}

func (t tinted) Line(x1, y1, x2, y2, w float64, g Grey) {
	k := t.line
	if t.thin > 0 && w > t.thin*1.01 {
		k = t.heavy
	}
	t.c.Line(x1, y1, x2, y2, w, k.mix(t.ground, float64(g)))
}

// Picture draws a picture as it is, where the cover's canvas draws them.
func (t tinted) Picture(k int, p *picture, x, y, w, h float64) {
	if pc, ok := t.c.(picturer); ok {
		pc.Picture(k, p, x, y, w, h)
	}
}

func (t tinted) Rect(x, y, w, h float64, g Grey) {
	t.c.Rect(x, y, w, h, t.line.mix(t.ground, float64(g)))
}

func (t tinted) Text(x, y float64, s string, f Font, size float64, g Grey, a Align) {
	t.c.Text(x, y, s, f, size, t.text.mix(t.ground, float64(g)), a)
}
