package book

import "github.com/sudokubook/sudokubook/engine"

// Spec is a parsed and validated book spec. Lengths are in PostScript points
// (1/72 in). See Load for how it is read and what it accepts.
type Spec struct {
	Title    string `yaml:"title"`
	Subtitle string `yaml:"subtitle"`
	Author   string `yaml:"author"`
	Language string `yaml:"language"` // en, es, fr, it, de
	Template string `yaml:"template"` // a preset from templates/, applied before the spec
	Seed     int64  `yaml:"seed"`
	Year     int    `yaml:"year"` // copyright year; 0 means the year of the build

	Trim             Size            `yaml:"trim"`
	Bleed            bool            `yaml:"bleed"`
	Margins          Margins         `yaml:"margins"`
	PuzzlesPerPage   int             `yaml:"puzzles_per_page"`   // 1, 2, 4 or 6
	SolutionsPerPage int             `yaml:"solutions_per_page"` // 4 to 12
	Symmetry         engine.Symmetry `yaml:"symmetry"`
	SectionStart     SectionStart    `yaml:"section_start"` // any or right
	Style            Style           `yaml:"style"`

	Front FrontMatter `yaml:"front"`
	Intro string      `yaml:"intro"`

	Sections []SectionSpec `yaml:"sections"`
	PNG      PNGSpec       `yaml:"png"`
	Cover    *CoverSpec    `yaml:"cover"`
}

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

// Style holds the typographic choices presets set: sizes of digits and text,
// weights of grid lines.
type Style struct {
	DigitSize Length `yaml:"digit_size"` // 0: fit to the cell
	TextSize  Length `yaml:"text_size"`  // body and headings scale from it
	ThinLine  Length `yaml:"thin_line"`  // cell lines, at least 0.75pt
	ThickLine Length `yaml:"thick_line"` // box lines and the frame
}

// FrontMatter switches the pieces before the puzzles on or off.
type FrontMatter struct {
	TitlePage bool `yaml:"title_page"`
	Copyright bool `yaml:"copyright"`
	HowToPlay bool `yaml:"how_to_play"`
	Contents  bool `yaml:"contents"`
}

// SectionSpec asks for Count puzzles of one level.
type SectionSpec struct {
	Level    engine.Level     `yaml:"level"`
	Count    int              `yaml:"count"`
	Clues    Range            `yaml:"clues"`    // zero Range: any
	Score    Range            `yaml:"score"`    // zero Range: any
	Title    string           `yaml:"title"`    // empty: from the level, in the book's language
	Symmetry *engine.Symmetry `yaml:"symmetry"` // nil: the book's
}

// Range is an inclusive band "MIN-MAX" (or a single number).
type Range struct {
	Min, Max int
	Set      bool
}

// PNGSpec asks for single-puzzle images and vector PDFs.
type PNGSpec struct {
	Puzzles    bool   `yaml:"puzzles"`
	Solutions  bool   `yaml:"solutions"`
	DPI        int    `yaml:"dpi"`
	PDFSingles bool   `yaml:"pdf_singles"`
	Size       Length `yaml:"size"` // side of the square grid image or PDF
}

// Paper is the interior stock, which sets the spine width per page.
type Paper int

const (
	PaperWhite Paper = iota
	PaperCream
)

// CoverSpec asks for a full-wrap paperback cover.
type CoverSpec struct {
	Paper Paper `yaml:"paper"`
}
