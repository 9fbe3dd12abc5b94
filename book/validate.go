package book

import (
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/templates"
)

// ErrSpec is wrapped by every error that blames the spec rather than the
// machine: bad YAML, unknown fields, values out of range, impossible
// requests. A command maps it to the usage exit code.
var ErrSpec = errors.New("bad book spec")

// FieldError is one problem with a spec: the file and line it is on, the
// field by its path ("sections[1].count"; sections count from 0) and what
// is wrong, ending with what is allowed.
type FieldError struct {
	File  string
	Line  int // 0 when the field is not in the file (missing, or a default)
	Field string
	Msg   string
}

func (e *FieldError) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		if e.Line > 0 {
			fmt.Fprintf(&b, ":%d", e.Line)
		}
		b.WriteString(": ")
	} else if e.Line > 0 {
		fmt.Fprintf(&b, "line %d: ", e.Line)
	}
	if e.Field != "" {
		b.WriteString(e.Field)
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Unwrap makes every FieldError an ErrSpec.
func (e *FieldError) Unwrap() error { return ErrSpec }

// FieldErrors is a list of problems found together; Margins.UnmarshalYAML
// returns one so that the loader can report each side on its own line.
type FieldErrors []*FieldError

func (es *FieldErrors) Error() string {
	msgs := make([]string, len(*es))
	for i, e := range *es {
		msgs[i] = e.Error()
	}
	return strings.Join(msgs, "\n")
}

// Unwrap lists the problems for errors.Is and errors.As.
func (es *FieldErrors) Unwrap() []error {
	out := make([]error, len(*es))
	for i, e := range *es {
		out[i] = e
	}
	return out
}

// pos is where a field was set: the spec file or a template, and a line.
type pos struct {
	file string
	line int
}

// Limits of what a spec may ask for. Each is far beyond a sensible book;
// they are here so that a typo (count: 50000) fails at once instead of
// after hours of generation.
const (
	MaxSectionCount = 5000
	MaxTotalCount   = 20000
	MaxTextRunes    = 200   // title, subtitle, author, section titles
	MaxIntroRunes   = 10000 // the intro is a page or two of prose
	minContent      = 2 * Inch
	maxMargin       = 3 * Inch
	maxPNGPixels    = 10000
	digitFill       = 0.9 // largest digit size as a share of the cell
)

// MinText and MinLine are the least type size and line weight a book
// prints, whatever its style asks: print shops drop hairlines under about
// 0.75pt, and text under 7pt is hard to read on paper. Validation holds a
// style's text size and cell lines to them; the layout draws nothing
// smaller.
const (
	MinText Length = 7
	MinLine Length = 0.75
)

// minTrim and MaxTrim bound a spec's trim; MaxTrim also bounds cover art
// (layout.MaxArtPixels).
var (
	minTrim = Size{W: 3 * Inch, H: 3 * Inch}
	MaxTrim = Size{W: 12 * Inch, H: 14 * Inch}
)

// Validate checks the spec for every problem it can find before any work
// is done, and returns them all joined (errors.Join), each a *FieldError
// wrapping ErrSpec, ordered by line. It refuses what cannot be built (no
// title, no sections, a clue band the level cannot reach, margins that
// leave no room for a grid) as well as values beyond any sensible book.
func (s *Spec) Validate() error {
	v := validator{s: s}
	v.check()
	return v.err()
}

type validator struct {
	s      *Spec
	errs   []*FieldError
	ignore map[string]bool // fields that already failed to decode
	cell   Length          // the largest a grid's cell can be, once the page is checked
	// puzzleSide and solutionSide are the sides of the grids the pages
	// hold, once the page is checked (0 before, or when it failed).
	puzzleSide, solutionSide float64
	// figureSolutionSide is the side of a figure's solution (see
	// FigureSolutionSlots).
	figureSolutionSide float64
}

// add records a problem with the field at path, placed at the line that set
// it. When the problem involves several fields, the first path the spec
// file itself set gives the line, so the message points at what the user
// wrote rather than at a template.
func (v *validator) add(paths []string, format string, args ...any) {
	for _, p := range paths {
		if v.ignored(p) {
			return
		}
	}
	e := &FieldError{File: v.s.file, Field: paths[0], Msg: fmt.Sprintf(format, args...)}
	if e.File == "" {
		e.File = "spec"
	}
	for _, p := range paths {
		if at, ok := v.s.pos[p]; ok && at.file == v.s.file {
			e.Line = at.line
			break
		}
	}
	if at, ok := v.s.pos[paths[0]]; ok && at.file != v.s.file && e.Line > 0 {
		e.Msg += fmt.Sprintf("; %s comes from %s", paths[0], at.file)
	}
	if e.Line == 0 {
		for _, p := range paths {
			if at, ok := v.s.pos[p]; ok {
				e.File, e.Line = at.file, at.line
				break
			}
		}
	}
	v.errs = append(v.errs, e)
}

// ignored says the field at path, or a value holding it ("sections[1]"
// for "sections[1].count"), already failed to decode and was reported.
func (v *validator) ignored(path string) bool {
	for p := path; ; {
		if v.ignore[p] {
			return true
		}
		i := strings.LastIndexAny(p, ".[")
		if i < 0 {
			return false
		}
		p = p[:i]
	}
}

func (v *validator) addf(path, format string, args ...any) { v.add([]string{path}, format, args...) }

func (v *validator) err() error {
	return joinSorted(v.s.file, v.errs)
}

// joinSorted orders problems as a reader meets them: those with no line
// (missing fields) first, then the spec file's by line, then a template's.
func joinSorted(file string, es []*FieldError) error {
	if len(es) == 0 {
		return nil
	}
	rank := func(e *FieldError) int {
		switch {
		case e.Line == 0:
			return 0
		case e.File == file:
			return 1
		}
		return 2
	}
	slices.SortStableFunc(es, func(a, b *FieldError) int {
		if ra, rb := rank(a), rank(b); ra != rb {
			return ra - rb
		}
		if a.File != b.File {
			return strings.Compare(a.File, b.File)
		}
		return a.Line - b.Line
	})
	out := make([]error, len(es))
	for i, e := range es {
		out[i] = e
	}
	return errors.Join(out...)
}

func (v *validator) check() {
	s := v.s
	v.text("title", s.Title, true)
	v.text("subtitle", s.Subtitle, false)
	v.text("author", s.Author, false)
	// Like level: Easy, language: EN is what it says.
	s.Language = strings.ToLower(strings.TrimSpace(s.Language))
	if !slices.Contains(templates.Languages(), s.Language) {
		v.addf("language", "unknown language %q (want one of %s)", s.Language, strings.Join(templates.Languages(), ", "))
	}
	if s.Template != "" {
		if _, err := templates.Preset(s.Template); err != nil {
			v.addf("template", "%v", err)
		}
	}
	if s.Year != 0 && (s.Year < 1900 || s.Year > 9999) {
		v.addf("year", "%d is not allowed (want a year such as 2026, or 0 for the year of the build)", s.Year)
	}
	if n := utf8.RuneCountInString(s.Intro); n > MaxIntroRunes {
		v.addf("intro", "%d characters is too long (want at most %d)", n, MaxIntroRunes)
	} else if why := unprintable(s.Intro, true); why != "" {
		v.addf("intro", "%s", why)
	}
	if s.StepWords && !s.Hints && !s.Tutorial {
		v.addf("step_words", "tells the steps of the hints and the tutorial pages, and the book has neither (add hints: true or tutorial: true)")
	}
	v.paths()
	v.page()
	if !slices.Contains([]int{1, 2, 4, 6}, s.PuzzlesPerPage) {
		v.addf("puzzles_per_page", "%d is not allowed (want 1, 2, 4 or 6)", s.PuzzlesPerPage)
	}
	if s.SolutionsPerPage < 4 || s.SolutionsPerPage > 12 {
		v.addf("solutions_per_page", "%d is not allowed (want 4 to 12)", s.SolutionsPerPage)
	}
	switch s.Solutions {
	case SolutionsBack:
	case SolutionsFoot:
		// A preset's solutions_per_page is its appendix's, which a
		// worksheet does without; the spec's own is a mistake to name.
		if at, ok := s.pos["solutions_per_page"]; ok && at.file == s.file {
			v.add([]string{"solutions_per_page", "solutions"},
				"%d is not allowed with solutions: foot (want no solutions_per_page: each page holds its own puzzles' solutions at its foot)", s.SolutionsPerPage)
		}
	default:
		v.addf("solutions", "%v is not allowed (want back or foot)", s.Solutions)
	}
	if s.Symmetry < 0 || s.Symmetry >= engine.NumSymmetries {
		v.addf("symmetry", "%v is not allowed (want one of %s)", s.Symmetry, symmetryList())
	}
	if s.SectionStart != StartAny && s.SectionStart != StartRight {
		v.addf("section_start", "%v is not allowed (want any or right)", s.SectionStart)
	}
	v.style()
	v.fonts()
	v.series()
	v.calendar()
	v.sections()
	v.distinct()
	v.png()
	v.html()
	v.cover()
}

func (v *validator) text(path, t string, required bool) {
	if required && strings.TrimSpace(t) == "" {
		v.addf(path, "missing (want the %s printed on the cover and title page)", path)
		return
	}
	if n := utf8.RuneCountInString(t); n > MaxTextRunes {
		v.addf(path, "%d characters is too long (want at most %d)", n, MaxTextRunes)
	} else if why := unprintable(t, false); why != "" {
		v.addf(path, "%q: %s", t, why)
	}
}

// fonts checks the font file names; the layout reads the files, before any
// work, and checks that they hold every character the book prints.
func (v *validator) fonts() {
	for _, f := range []struct{ path, name string }{{"fonts.text", v.s.Fonts.Text}, {"fonts.digits", v.s.Fonts.Digits}} {
		if f.name == "" {
			continue
		}
		switch ext := strings.ToLower(filepath.Ext(f.name)); ext {
		case ".ttf", ".otf":
		case ".ttc", ".otc":
			v.addf(f.path, "%q is a font collection, which cannot be embedded (want one font of it as a .ttf file; for Japanese, the IPA fonts such as ipag.ttf)", f.name)
		default:
			v.addf(f.path, "%q is not a TrueType font (want a .ttf file, or an .otf with TrueType outlines)", f.name)
		}
	}
}

// page checks the trim and the margins, and that what is left holds grids.
func (v *validator) page() {
	s := v.s
	t := s.Trim
	if bad(t.W) || bad(t.H) || t.W < minTrim.W || t.H < minTrim.H {
		v.addf("trim", "%v is too small (want at least 3x3in)", t)
		return
	}
	if t.W > MaxTrim.W || t.H > MaxTrim.H {
		v.addf("trim", "%v is too large (want at most 12x14in)", t)
		return
	}
	m := s.Margins
	sides := []struct {
		name string
		l    Length
	}{{"top", m.Top}, {"bottom", m.Bottom}, {"outside", m.Outside}}
	if !m.InsideAuto {
		sides = append(sides, struct {
			name string
			l    Length
		}{"inside", m.Inside})
	}
	ok := true
	for _, side := range sides {
		p := "margins." + side.name
		switch {
		case bad(side.l) || side.l < 0:
			v.addf(p, "%v is not allowed (want 0 or more)", side.l)
			ok = false
		case side.l > maxMargin:
			v.addf(p, "%v is not allowed (want at most %v)", side.l, maxMargin)
			ok = false
		}
	}
	if !ok {
		return
	}
	// The gutter of an automatic inside margin depends on the final page
	// count; estimate it from the puzzles, solutions and front matter.
	inside := s.Inside(s.estimatePages())
	w := t.W - m.Outside - inside
	h := t.H - m.Top - m.Bottom
	if w < minContent {
		v.add([]string{"margins.outside", "margins.inside", "trim"},
			"the margins leave %v across a %v page (with %v inside); want at least %v for the grids", w, t, inside, Length(minContent))
		return
	}
	if h < minContent {
		v.add([]string{"margins.top", "margins.bottom", "trim"},
			"the margins leave %v down a %v page; want at least %v for the grids", h, t, Length(minContent))
		return
	}
	// Whether the pages hold their grids is PageSlots' rule, the one the
	// layout sets them by, so validation and layout cannot disagree.
	validPer := slices.Contains([]int{1, 2, 4, 6}, s.PuzzlesPerPage)
	validSol := s.SolutionsPerPage >= 4 && s.SolutionsPerPage <= 12
	if !validPer || !validSol {
		return
	}
	ps, ss := s.PageSlots(inside)
	v.cell = Length(ps.Side / 9)
	v.puzzleSide, v.solutionSide = ps.Side, ss.Side
	v.figureSolutionSide = s.FigureSolutionSlots(inside).Side
	type pageGrids struct {
		field, noun string
		n           int
		side        float64
	}
	grids := []pageGrids{{"puzzles_per_page", "puzzles", s.PuzzlesPerPage, ps.Side}, {"solutions_per_page", "solutions", s.SolutionsPerPage, ss.Side}}
	if s.Solutions == SolutionsFoot {
		grids[1] = pageGrids{"puzzles_per_page", "solutions at the foot", s.PuzzlesPerPage, ss.Side}
	}
	for _, c := range grids {
		if c.side < MinGridSide {
			fix := "fewer per page, smaller margins or a larger trim"
			if s.Solutions == SolutionsFoot {
				fix = "fewer puzzles per page, smaller margins, a larger trim or solutions: back"
			}
			v.add([]string{c.field, "solutions", "trim"},
				"%d %s on a %v page would print at most %v wide (want grids of at least %v: %s)",
				c.n, c.noun, t, Length(math.Max(c.side, 0)), Length(MinGridSide), fix)
		}
	}
}

// estimatePages is a rough page count for the automatic gutter check: the
// puzzle and solution pages plus a few of front matter, the sections'
// opener pages, the blanks right-hand starts may add and the hints.
func (s *Spec) estimatePages() int {
	n := s.Total()
	if n < 0 || n > MaxTotalCount {
		n = MaxTotalCount
	}
	p := 6
	if s.PuzzlesPerPage > 0 {
		p += (n + s.PuzzlesPerPage - 1) / s.PuzzlesPerPage
	}
	if s.SolutionsPerPage > 0 && s.Solutions != SolutionsFoot {
		p += (n + s.SolutionsPerPage - 1) / s.SolutionsPerPage
	}
	// An opener page a section, and a blank page a section may need to
	// start on the right.
	if s.SectionOpeners {
		p += len(s.Sections)
	}
	if s.SectionStart == StartRight {
		p += len(s.Sections)
	}
	// The hints appendix: a line or two a puzzle, some 25 to a page; the
	// tutorial: a page per technique, a dozen at most in practice.
	if s.Hints {
		p += n/25 + 1
	}
	if s.Tutorial {
		p += 12
	}
	return p
}

func bad(l Length) bool { return math.IsNaN(float64(l)) || math.IsInf(float64(l), 0) }

// pt writes a type size or line weight in points, whatever its size:
// Length.String would speak of a 36pt digit as 0.5in.
func pt(l Length) string { return trimFloat(float64(l), 2) + "pt" }

func (v *validator) style() {
	st := v.s.Style
	switch d := st.DigitSize; {
	case d == 0:
	case bad(d) || d < 6 || d > 72:
		v.addf("style.digit_size", "%s is not allowed (want 0 to fit the cell, or 6pt to 72pt)", pt(d))
	case v.cell > 0 && d > Length(math.Floor(float64(v.cell*digitFill))):
		// A digit's height is about 0.7 of its size; beyond this it would
		// touch the cell lines even on the largest grid the page allows.
		v.add([]string{"style.digit_size", "puzzles_per_page", "trim"},
			"%s is too large for cells of at most %s (want at most %s, or 0 to fit the cell)", pt(d), pt(v.cell), pt(Length(math.Floor(float64(v.cell*digitFill)))))
	}
	if st.LargeDigits && st.DigitSize != 0 {
		v.add([]string{"style.digit_size", "style.large_digits"},
			"%s is not allowed with large_digits: true (want one of them: large_digits sets digits as large as the cells allow)", pt(st.DigitSize))
	}
	if t := st.TextSize; bad(t) || t < MinText || t > 36 {
		v.addf("style.text_size", "%s is not allowed (want %s to 36pt)", pt(t), pt(MinText))
	}
	thinOK := true
	if l := st.ThinLine; bad(l) || l < MinLine || l > 4 {
		v.addf("style.thin_line", "%s is not allowed (want %s to 4pt: thinner lines may not print)", pt(l), pt(MinLine))
		thinOK = false
	}
	switch l := st.ThickLine; {
	case bad(l) || l > 8:
		v.addf("style.thick_line", "%s is not allowed (want at most 8pt)", pt(l))
	case thinOK && l <= st.ThinLine:
		v.add([]string{"style.thick_line", "style.thin_line"},
			"%s is not allowed (want thicker than thin_line, %s, so the boxes stand out)", pt(l), pt(st.ThinLine))
	}
}

// series checks the fields that tie a book to a bank and earlier books.
func (v *validator) series() {
	s := v.s
	v.text("volume", s.Volume, false)
	if s.Reprints != ReprintsNever && s.Reprints != ReprintsAllow {
		v.addf("reprints", "%v is not allowed (want never or allow)", s.Reprints)
	}
	for i, f := range s.Exclude {
		if strings.TrimSpace(f) == "" {
			v.addf(fmt.Sprintf("exclude[%d]", i), "empty (want the manifest.json of an earlier book)")
		}
	}
	for i, sec := range s.Sections {
		if sec.Relabel && sec.Puzzles == "" {
			v.addf(fmt.Sprintf("sections[%d].relabel", i), "only means something with puzzles: FILE (the setter's own puzzles)")
		}
	}
}

func (v *validator) sections() {
	s := v.s
	if len(s.Sections) == 0 {
		// A calendar that made none has already said why.
		if s.Calendar == nil {
			v.addf("sections", "none given (want at least one, such as {level: easy, count: 20})")
		}
		return
	}
	total := 0
	for i, sec := range s.Sections {
		p := fmt.Sprintf("sections[%d]", i)
		levelOK := sec.Level >= 0 && sec.Level < engine.NumLevels
		if !levelOK {
			v.addf(p+".level", "%v is not allowed (want one of %s)", sec.Level, levelList())
		}
		if sec.Count < 1 || sec.Count > MaxSectionCount {
			v.addf(p+".count", "%d is not allowed (want 1 to %d)", sec.Count, MaxSectionCount)
		} else {
			total += sec.Count
		}
		kindOK := v.kind(p, sec, levelOK)
		if c := sec.Clues; c.Set && !sec.Classic() {
			if kindOK {
				v.kindClues(p, sec, levelOK)
			}
		} else if c.Set {
			switch {
			case c.Min < 17 || c.Max > 81:
				v.addf(p+".clues", "%v is not allowed (want a band within 17-81: no sudoku with fewer than 17 clues has one solution)", c)
			case c.Min > c.Max:
				v.addf(p+".clues", "%v is not allowed (want MIN-MAX with MIN no larger than MAX)", c)
			case levelOK:
				lo, hi := engine.FeasibleClues(sec.Level)
				if c.Max < lo || c.Min > hi {
					v.add([]string{p + ".clues", p + ".level"},
						"%v cannot be reached for %v puzzles (want a band that meets %d-%d)", c, sec.Level, lo, hi)
				}
			}
		}
		if sc := sec.Score; sc.Set {
			switch {
			case sc.Min < 0:
				v.addf(p+".score", "%v is not allowed (want scores of 0 or more)", sc)
			case sc.Min > sc.Max:
				v.addf(p+".score", "%v is not allowed (want MIN-MAX with MIN no larger than MAX)", sc)
			case sc.Max < 1:
				v.addf(p+".score", "%v is not allowed (every solve scores above 0; want a MAX of 1 or more)", sc)
			case levelOK && sec.Classic():
				lo, hi := engine.FeasibleScores(sec.Level)
				if sc.Max < lo || sc.Min > hi {
					v.add([]string{p + ".score", p + ".level"},
						"%v cannot be reached for %v puzzles (every one scores within %d-%d)", sc, sec.Level, lo, hi)
				}
			}
		}
		if r := sec.Rating; r.Set {
			switch {
			case r.Min < 10 || r.Max > 200:
				v.addf(p+".rating", "%v is not allowed (want a band within 1.0-20.0 on the SE scale)", r)
			case r.Min > r.Max:
				v.addf(p+".rating", "%v is not allowed (want MIN-MAX with MIN no larger than MAX)", r)
			case levelOK && kindOK && r.Min > engine.RatingCeiling(sec.Kind(), sec.Level):
				v.add([]string{p + ".rating", p + ".level"}, "%v cannot be reached: no %v %s puzzle rates above %s", r, sec.Level, sec.kindName(), engine.RatingCeiling(sec.Kind(), sec.Level))
			}
		}
		if t := sec.Technique; t != nil && levelOK && kindOK {
			q := engine.Quota{Kind: sec.quotaKind(), Level: sec.Level, Count: 1, Technique: *t, TechniqueSet: true}
			if err := q.Validate(); err != nil {
				v.add([]string{p + ".technique", p + ".level"}, "%v cannot be asked for: %s", *t, strings.TrimPrefix(err.Error(), engine.ErrQuota.Error()+": "))
			}
		}
		if o := sec.Order; o != OrderRamp && o != OrderShuffle {
			v.addf(p+".order", "%v is not allowed (want ramp or shuffle)", o)
		}
		v.text(p+".title", sec.Title, false)
		if sy := sec.Symmetry; sy != nil && (*sy < 0 || *sy >= engine.NumSymmetries) {
			v.addf(p+".symmetry", "%v is not allowed (want one of %s)", *sy, symmetryList())
		}
	}
	if total > MaxTotalCount {
		v.addf("sections", "%d puzzles in all is too many (want at most %d)", total, MaxTotalCount)
	}
	v.letters()
	v.shapes()
	v.pictures()
}

func (v *validator) png() {
	g := v.s.PNG
	if g.SVGOutline && !g.SVG {
		v.addf("png.svg_outline", "true asks for outlined text in SVGs that png.svg does not ask for (want png.svg: true too)")
	}
	dpiOK := g.DPI >= 72 && g.DPI <= 1200
	if !dpiOK {
		v.addf("png.dpi", "%d is not allowed (want 72 to 1200)", g.DPI)
	}
	switch {
	case bad(g.Size) || g.Size < Inch || g.Size > 10*Inch:
		v.addf("png.size", "%v is not allowed (want 1in to 10in)", g.Size)
	case dpiOK && g.Size.In()*float64(g.DPI) > maxPNGPixels:
		v.add([]string{"png.size", "png.dpi"}, "%v at %d dpi is %.0f pixels across (want at most %d: a smaller size or dpi)",
			g.Size, g.DPI, g.Size.In()*float64(g.DPI), maxPNGPixels)
	case g.Puzzles || g.Solutions || g.PDFSingles || g.SVG:
		v.pngCells(g.Size, g.Puzzles || g.PDFSingles || g.SVG)
	}
}

// pngCells refuses a png.size whose exported grids of some section would
// have cells too small for their symbols (MinCell), as a page would: a
// 16x16 grid needs more than the inch a classic one takes. A killer
// puzzle, exported with its cages when puzzles says so, needs the cells of
// a killer page.
func (v *validator) pngCells(size Length, puzzles bool) {
	for i, sec := range v.s.Sections {
		n := sec.Kind().Side()
		if !slices.Contains(engine.GridSides(sec.Variant.Variant), n) {
			continue // refused with the section
		}
		w := sec.width()
		need := MinCell(symbolWidth(n, v.s.Style.Letters))
		if sec.Variant.Layer.LabelsCells() && puzzles {
			need = max(need, killerCell)
		}
		if cell := float64(size) / float64(w); cell < need {
			v.add([]string{"png.size", fmt.Sprintf("sections[%d].variant", i)},
				"%v would export the %s grids of sections[%d] with cells of %s (want at least %s, a png.size of %s)",
				size, sec.kindName(), i, pt(Length(cell)), pt(Length(need)), Length(math.Ceil(need*float64(w)/float64(Inch)*100)/100)*Inch)
			return
		}
	}
}

func levelList() string {
	names := make([]string, 0, engine.NumLevels)
	for _, l := range engine.Levels() {
		names = append(names, l.String())
	}
	return strings.Join(names, ", ")
}

func symmetryList() string {
	names := make([]string, 0, engine.NumSymmetries)
	for _, s := range engine.Symmetries() {
		names = append(names, s.String())
	}
	return strings.Join(names, ", ")
}
