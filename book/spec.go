package book

import (
	"fmt"

	"github.com/sudokubook/sudokubook/engine"
)

// Spec is a parsed and validated book spec. Lengths are in PostScript points
// (1/72 in). See Load for how it is read and what it accepts.
type Spec struct {
	Title    string `yaml:"title"`
	Subtitle string `yaml:"subtitle"`
	Author   string `yaml:"author"`
	Language string `yaml:"language"` // en, es, fr, it, de
	Template string `yaml:"template"` // a preset from templates/, applied before the spec
	// Seed fixes the puzzles. A spec without one gets a seed derived from
	// its own text (see Load), so two different specs never share puzzles
	// by accident of a shared default.
	Seed int64 `yaml:"seed"`
	Year int   `yaml:"year"` // copyright year; 0 means the year of the build

	// Series production: a puzzle bank to draw from and record into, this
	// book's volume in the bank's records, whether puzzles printed before
	// may appear again, and the manifests of earlier books whose puzzles
	// this one must not print. File names are relative to the spec.
	Bank     string   `yaml:"bank"`
	Volume   string   `yaml:"volume"`
	Reprints Reprints `yaml:"reprints"`
	Exclude  []string `yaml:"exclude"`

	Trim             Size    `yaml:"trim"`
	Bleed            bool    `yaml:"bleed"`
	Margins          Margins `yaml:"margins"`
	PuzzlesPerPage   int     `yaml:"puzzles_per_page"`   // 1, 2, 4 or 6
	SolutionsPerPage int     `yaml:"solutions_per_page"` // 4 to 12
	// Solutions says where the solutions print: in an appendix after the
	// puzzles (back), or upside down at the foot of each puzzle's own
	// page (foot), as a teacher's worksheet gives its answers.
	Solutions    SolutionPlace   `yaml:"solutions"`
	Symmetry     engine.Symmetry `yaml:"symmetry"`
	SectionStart SectionStart    `yaml:"section_start"` // any or right
	Style        Style           `yaml:"style"`

	Fonts FontFiles   `yaml:"fonts"`
	Front FrontMatter `yaml:"front"`
	// NameLine prints a line for a name, the date and the time taken at
	// the top of every puzzle page, for classroom worksheets.
	NameLine bool `yaml:"name_line"`
	// SectionOpeners starts each section with a page of its own: its
	// title and its puzzle numbers.
	SectionOpeners bool `yaml:"section_openers"`
	// Hints adds an appendix with, for each puzzle beyond the easy rungs, its
	// first step past them: which technique, and what it places or
	// removes, so a stuck reader can go on without the solution.
	Hints bool `yaml:"hints"`
	// Tutorial adds a page per technique the book's puzzles need (beyond
	// singles), before the first section that needs it: a candidate grid
	// of a puzzle made for the page (never one of the book's) at the
	// moment the technique applies, its pattern shaded, the cells that
	// lose framed and what they lose struck out, the step in a sentence.
	Tutorial bool `yaml:"tutorial"`
	// StepWords tells the steps of the hints and the tutorial pages in
	// words, in the book's language (the templates explain --lang takes):
	// "X-Wing on 4 in rows 2 and 7 (columns 3 and 8): 4 leaves r5c3,
	// r9c8" rather than "X-Wing: r5c3≠4, r9c8≠4".
	StepWords bool `yaml:"step_words"`
	// ShowRating prints each puzzle's SE-scale rating beside its level.
	ShowRating bool   `yaml:"show_rating"`
	Intro      string `yaml:"intro"`

	Sections []SectionSpec `yaml:"sections"`
	// Calendar makes the sections of a book of daily puzzles (see
	// CalendarSpec): then the spec gives no sections.
	Calendar *CalendarSpec `yaml:"calendar"`
	PNG      PNGSpec       `yaml:"png"`
	HTML     HTMLSpec      `yaml:"html"`
	Cover    *CoverSpec    `yaml:"cover"`

	// file names the spec in messages; pos holds where each field was set
	// (by field path such as "sections[1].count"), so that validation can
	// point at the line to fix.
	file string
	pos  map[string]pos
	// calendarDays are the day and kind of each section the calendar
	// made.
	calendarDays []CalendarDay
	// warnings are what the spec probably did not mean but is allowed,
	// such as a value YAML read as a comment.
	warnings []string
}

// Warnings lists what the spec file probably did not mean, each with its
// file and line, for the command to show: "spec.yaml:2: subtitle is
// empty: YAML reads #1 bestseller as a comment; ...".
func (s *Spec) Warnings() []string { return s.warnings }

// Length is a distance in points. In YAML it is a number with a unit:
// "0.5in", "12mm", "36pt" (see ParseLength).
type Length float64

// Size is a page size in points; in YAML a preset name ("6x9in", "a4") or
// WxH with a unit ("210x297mm").
type Size struct {
	W, H Length
	Name string // the text it was given as, for messages
}

// Margins are the page margins. Inside is the gutter; when InsideAuto is set
// the gutter follows the final page count (see GutterFor).
type Margins struct {
	Top        Length `yaml:"top"`
	Bottom     Length `yaml:"bottom"`
	Outside    Length `yaml:"outside"`
	Inside     Length `yaml:"-"`
	InsideAuto bool   `yaml:"-"`
}

// SectionStart says where a section's first page may fall.
type SectionStart int

const (
	StartAny   SectionStart = iota // the next page
	StartRight                     // the next right-hand (odd) page
)

// SolutionPlace says where a book prints its solutions.
type SolutionPlace int

const (
	SolutionsBack SolutionPlace = iota // an appendix after the puzzles
	SolutionsFoot                      // upside down at the foot of the puzzle's page
)

// Style holds the typographic choices presets set: sizes of digits and text,
// weights of grid lines.
type Style struct {
	DigitSize Length `yaml:"digit_size"` // 0: fit to the cell
	// LargeDigits sets every grid's digits as large as its cells allow,
	// puzzles and solutions alike: large print. It replaces digit_size.
	LargeDigits bool   `yaml:"large_digits"`
	TextSize    Length `yaml:"text_size"`  // body and headings scale from it
	ThinLine    Length `yaml:"thin_line"`  // cell lines, at least 0.75pt
	ThickLine   Length `yaml:"thick_line"` // box lines and the frame
	// Letters prints the symbols of grids larger than 9x9 as letters, A
	// to L on 12x12 and A to P on 16x16, instead of the numbers 1 to 16:
	// one character a cell. 9x9 and smaller grids keep their digits.
	Letters bool `yaml:"letters"`
	// Shapes prints the symbols of classic 4x4 and 6x6 grids as shapes
	// drawn in their cells (see Shape), for children who do not read
	// numbers yet: a given filled in black, a solved cell's shape in
	// outline. Other grids keep their digits.
	Shapes bool `yaml:"shapes"`
	// Pictures are the user's own images drawn in place of the program's
	// shapes (with Shapes): the first for 1, the second for 2 and so on,
	// each a PNG or JPEG file inside the spec's folder (ReadInFolder),
	// printed in grey. See Picture.
	Pictures []Picture `yaml:"pictures"`
}

// Picture is one of the user's own symbols (Style.Pictures): its image
// file, relative to the spec's folder, and what the children's rules call
// it, with its article, in the book's language ("a cat"), as they call
// the program's shapes ("a star").
type Picture struct {
	File string `yaml:"file"`
	Name string `yaml:"name"`
}

// MaxPictures is the most pictures a style takes: one a symbol of a 6x6.
const MaxPictures = 6

// ShapesOn reports whether the style prints grid g's symbols as shapes:
// style.shapes on a classic 4x4 or 6x6 grid.
func (s Style) ShapesOn(g *engine.Geometry) bool {
	return s.Shapes && ShapesFit(g)
}

// ShapesFit reports whether grid g can print its symbols as shapes: a
// classic grid of 4 or 6, whose rule only asks that a symbol not repeat.
// A kind whose rule compares or adds its symbols (a thermometer, a cage
// sum) needs them as numbers.
func ShapesFit(g *engine.Geometry) bool {
	return (g.N == 4 || g.N == 6) && g.Width == g.N && g.Family() == Variant{}
}

// FontFiles names the user's own fonts, TrueType files (.ttf, or .otf with
// TrueType outlines) relative to the spec: Text sets every word of the
// book, Digits the digits of the grids. Empty keeps the default face.
type FontFiles struct {
	Text   string `yaml:"text"`
	Digits string `yaml:"digits"`
}

// FrontMatter switches the pieces before the puzzles on or off.
type FrontMatter struct {
	TitlePage bool `yaml:"title_page"`
	Copyright bool `yaml:"copyright"`
	HowToPlay bool `yaml:"how_to_play"`
	Contents  bool `yaml:"contents"`
	// Children tells the classic rules in words for children; BelongsTo
	// adds a "This book belongs to" page after the title page. The kids
	// preset sets both.
	Children  bool `yaml:"children"`
	BelongsTo bool `yaml:"belongs_to"`
}

// SectionSpec asks for Count puzzles of one level.
type SectionSpec struct {
	Level engine.Level `yaml:"level" spec:"required"`
	Count int          `yaml:"count" spec:"required"`
	// Puzzles names a file of the setter's own puzzles, one per line
	// (relative to the spec), printed first in the section. Each must be
	// unique and of the section's level, unless Relabel lets a puzzle of
	// another level stand in the section (it keeps its own grading). Such
	// a section keeps the order it is given, ramp or not.
	Puzzles string      `yaml:"puzzles"`
	Relabel bool        `yaml:"relabel"`
	Clues   Range       `yaml:"clues"`  // zero Range: any
	Score   Range       `yaml:"score"`  // zero Range: any
	Rating  RatingRange `yaml:"rating"` // on the SE scale; zero: any
	// Technique, when set, makes every puzzle of the section need that
	// technique and nothing harder, for practice; it must be of the
	// section's level.
	Technique *engine.Technique `yaml:"technique"`
	// Order is the order of the section's puzzles: rising rating (the
	// default, a ramp) or as generated (shuffle).
	Order    Order            `yaml:"order"`
	Title    string           `yaml:"title"`    // empty: from the level, in the book's language
	Symmetry *engine.Symmetry `yaml:"symmetry"` // nil: the book's

	// Variant is the kind of puzzle (classic when not set) and Size the
	// grid side, 4 to 16 (9 when not set; a figure of several grids takes
	// none).
	Variant Variant `yaml:"variant"`
	Size    int     `yaml:"size"`
	// Givens bounds the givens of a killer section (none when not set),
	// and CageSize the sizes of its cages (the engine's 2-5 when not set).
	Givens   Range `yaml:"givens"`
	CageSize Range `yaml:"cage_size"`
	// Repeats, when allow, lets the section print more puzzles than its
	// kind has essentially different ones (see Repeats).
	Repeats Repeats `yaml:"repeats"`
}

// Range is an inclusive band "MIN-MAX" (or a single number).
type Range struct {
	Min, Max int
	Set      bool
}

// PNGSpec asks for single-puzzle images and vector PDFs.
type PNGSpec struct {
	Puzzles    bool `yaml:"puzzles"`
	Solutions  bool `yaml:"solutions"`
	DPI        int  `yaml:"dpi"`
	PDFSingles bool `yaml:"pdf_singles"`
	// SVG writes each puzzle and solution the spec exports as an SVG
	// document too, its text set as text in the digit font, or drawn as
	// outlines with SVGOutline (for a reader without the font).
	SVG        bool   `yaml:"svg"`
	SVGOutline bool   `yaml:"svg_outline"`
	Size       Length `yaml:"size"` // side of the square grid image, PDF or SVG
}

// HTMLSpec asks for the playable web edition, book.html: `html: true`
// for every puzzle, `html: {puzzles: 1-10}` for a sample.
type HTMLSpec struct {
	On      bool
	Puzzles Range // puzzle numbers; the zero Range means all
}

// Paper is the interior stock, which sets the spine width per page.
type Paper int

const (
	PaperWhite Paper = iota
	PaperCream
)

// Default returns the spec every book starts from before its template and
// its own fields are applied: English, seed 1, a 6x9in trim with half-inch
// margins and an automatic gutter, two puzzles and six solutions a page,
// rotational symmetry, 10pt text on 0.75pt and 2pt lines, all front matter,
// no PNGs (300 dpi and 3in when asked for) and no cover. It has no title
// and no sections, so it does not validate on its own.
func Default() Spec {
	return Spec{
		Language:         "en",
		Seed:             1,
		Trim:             Size{W: 6 * Inch, H: 9 * Inch, Name: "6x9in"},
		Margins:          Margins{Top: Inch / 2, Bottom: Inch / 2, Outside: Inch / 2, InsideAuto: true},
		PuzzlesPerPage:   2,
		SolutionsPerPage: 6,
		Symmetry:         engine.SymRotational,
		SectionStart:     StartAny,
		Style:            Style{TextSize: 10, ThinLine: 0.75, ThickLine: 2},
		Front:            FrontMatter{TitlePage: true, Copyright: true, HowToPlay: true, Contents: true},
		PNG:              PNGSpec{DPI: 300, Size: 3 * Inch},
	}
}

// Quotas returns what the spec asks of the engine: one quota per section,
// in print order, each with the book's symmetry unless the section sets
// its own. Unset clue and score bands become zeros, which the engine reads
// as "no bound".
func (s *Spec) Quotas() []engine.Quota {
	qs := make([]engine.Quota, len(s.Sections))
	for i, sec := range s.Sections {
		q := engine.Quota{Kind: sec.quotaKind(), Level: sec.Level, Count: sec.Count, Symmetry: s.Symmetry}
		if sec.Symmetry != nil {
			q.Symmetry = *sec.Symmetry
		}
		switch {
		case sec.Variant.Layer.PlacesGivens():
			// Killer givens are placed at random, not dug, so no symmetry
			// can hold them; the clue band is the givens band.
			q.Symmetry = engine.SymNone
			q.MinClues, q.MaxClues = sec.Givens.Min, sec.Givens.Max
			q.MinCage, q.MaxCage = sec.CageSize.Min, sec.CageSize.Max
		case sec.Clues.Set:
			q.MinClues, q.MaxClues = sec.Clues.Min, sec.Clues.Max
		case q.Kind.Side() == 9 && !q.Kind.Variant.Multi() && q.Kind.Layer == engine.NoLayer:
			// The default band is a classic grid's: a kind with marks
			// needs fewer givens, and takes the ones its marks leave.
			if band, ok := defaultClues[sec.Level]; ok {
				q.MinClues, q.MaxClues = band[0], band[1]
			}
		}
		if sec.Score.Set {
			q.MinScore, q.MaxScore = sec.Score.Min, sec.Score.Max
		}
		if sec.Rating.Set {
			q.MinRating, q.MaxRating = sec.Rating.Min, sec.Rating.Max
		}
		if sec.Technique != nil {
			q.Technique, q.TechniqueSet = *sec.Technique, true
		}
		q.Repeats = sec.Repeats == RepeatsAllowed
		qs[i] = q
	}
	return qs
}

// quotaKind is the section's kind as a quota asks for it: the zero Kind
// for classic 9x9, so that a classic quota stays what it always was.
func (sec SectionSpec) quotaKind() engine.Kind {
	if sec.Classic() {
		return engine.Kind{}
	}
	return sec.Kind()
}

// DefaultQuota is what a section of level l asks of the engine when it
// sets nothing else: the default spec's symmetry and the level's default
// clue band. A bank filled to it suits such sections.
func DefaultQuota(l engine.Level) engine.Quota { return DefaultQuotaOf(Variant{}, 9, l) }

// DefaultQuotaOf is DefaultQuota for a section of variant v on side size
// (killers too): a bank filled to it suits sections of that kind that set
// nothing else.
func DefaultQuotaOf(v Variant, size int, l engine.Level) engine.Quota {
	s := Default()
	sec := SectionSpec{Level: l, Count: 1, Variant: v}
	if size != 9 {
		sec.Size = size
	}
	s.Sections = []SectionSpec{sec}
	return s.Quotas()[0]
}

// defaultClues is the clue band a section gets when it sets none. The level
// comes from the techniques a puzzle needs, but readers also judge a puzzle
// by how full it looks: an "easy" grid with 24 givens feels hard to a
// beginner however simple its logic. Hard and harder levels take whatever
// clue count the search lands on.
var defaultClues = map[engine.Level][2]int{
	engine.Easy:   {32, 38},
	engine.Medium: {27, 32},
}

// Total is the number of puzzles the spec asks for.
func (s *Spec) Total() int {
	n := 0
	for _, sec := range s.Sections {
		n += sec.Count
	}
	return n
}

// gutters is KDP's table of the least inside margin by page count: the
// thicker the book, the more of each page the binding swallows. The
// preflight package states the table again, as the checker's own reading
// of the printer's rules, so that a slip here fails the check instead of
// passing it; a test in cmd/sudokubook holds the two together.
var gutters = []struct {
	maxPages int
	inside   Length
}{
	{150, 0.375 * Inch},
	{300, 0.5 * Inch},
	{500, 0.625 * Inch},
	{700, 0.75 * Inch},
}

// GutterFor returns the inside margin a paperback of the given page count
// needs: 0.375in up to 150 pages, 0.5in to 300, 0.625in to 500, 0.75in to
// 700 and 0.875in above.
func GutterFor(pages int) Length {
	for _, g := range gutters {
		if pages <= g.maxPages {
			return g.inside
		}
	}
	return 0.875 * Inch
}

// Inside returns the inside margin to print with once the page count is
// known: the spec's own length, or GutterFor(pages) when it asked for auto.
func (s *Spec) Inside(pages int) Length {
	if s.Margins.InsideAuto {
		return GutterFor(pages)
	}
	return s.Margins.Inside
}

// File returns the name the spec was loaded under ("" when built in code).
func (s *Spec) File() string { return s.file }

// Line returns the line of the spec file that set a field, by its path as
// messages print it ("trim", "margins.top", "sections[0].count"), or 0 when
// the spec file did not set it.
func (s *Spec) Line(path string) int {
	if p, ok := s.pos[path]; ok && p.file == s.file {
		return p.line
	}
	return 0
}

// Reprints says whether a book may print a puzzle that its bank or its
// exclude list shows was printed before.
type Reprints int

const (
	ReprintsNever Reprints = iota // the default: every puzzle new
	ReprintsAllow
)

var reprintNames = []string{"never", "allow"}

func (r Reprints) String() string {
	if r >= 0 && int(r) < len(reprintNames) {
		return reprintNames[r]
	}
	return fmt.Sprintf("Reprints(%d)", int(r))
}

func (r Reprints) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

func (r *Reprints) UnmarshalText(b []byte) error {
	for i, n := range reprintNames {
		if string(b) == n {
			*r = Reprints(i)
			return nil
		}
	}
	return fmt.Errorf("unknown reprints %q (want never or allow)", b)
}
