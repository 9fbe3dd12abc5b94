package book

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"math"
	"slices"
	"strings"

	"github.com/sudokubook/sudokubook/engine"
)

// ErrManifest is wrapped when a manifest cannot be written truthfully (a
// puzzle the layout did not place) or read back (bad JSON, bad grids).
var ErrManifest = errors.New("bad manifest")

// Manifest is the machine-readable record of a built book, written next to
// the PDF as manifest.json: every puzzle with its grading, its givens and
// solution, and the PDF pages it and its solution were printed on.
type Manifest struct {
	Title string `json:"title"`
	// Volume is the spec's volume, absent when it sets none: with the
	// title it names the book in a bank's printings.
	Volume    string `json:"volume,omitempty"`
	Language  string `json:"language,omitempty"` // the book's language code: en, es, ...
	Seed      int64  `json:"seed"`
	Generator string `json:"generator,omitempty"` // name and version that built the book
	PDF       string `json:"pdf"`
	Pages     int    `json:"pages"`
	Cover     string `json:"cover,omitempty"`
	// CoverPaper is the stock the cover's spine was sized for: white or
	// cream, so a later check of the cover can measure its spine.
	CoverPaper string `json:"cover_paper,omitempty"`
	HTML       string `json:"html,omitempty"` // the web edition, when written
	// Letters is style.letters: grids past 9x9 are printed with A to P,
	// so the web edition shows them so too. Absent when not set.
	Letters bool `json:"letters,omitempty"`
	// Shapes is style.shapes: the classic 4x4 and 6x6 grids are printed
	// with shapes in place of their digits (book.Shape: 1 a circle, 2 a
	// square, ...). Absent when not set.
	Shapes bool `json:"shapes,omitempty"`
	// Pictures is set when those grids print the user's own pictures
	// (style.pictures) in place of the shapes: files a manifest does not
	// carry, so a web edition made later from the manifest alone
	// (sudokubook html) is refused; the build's own (html: true) has them.
	Pictures bool           `json:"pictures,omitempty"`
	Print    *ManifestPrint `json:"print,omitempty"`
	// Front are the grids the front matter and the lessons show (the
	// title page's, the how-to-play examples', each lesson's; see
	// Front.FrontGrids), numbered 0 and on no page of their own: none is
	// a puzzle of the book, and a bank or a later volume keeps them out
	// of its puzzles as it keeps the book's. Absent when the book shows
	// none, or when its front was not made.
	Front   []ManifestPuzzle `json:"front,omitempty"`
	Puzzles []ManifestPuzzle `json:"puzzles"`

	from *manifestSource // a BookManifest's book, which Records reads
}

// ManifestPrint records the page geometry the layout used, in points, so
// a later preflight of the PDF alone can judge what a PDF cannot show:
// where the designer meant the margins to be.
type ManifestPrint struct {
	TrimW     float64 `json:"trim_w_pt"`
	TrimH     float64 `json:"trim_h_pt"`
	Bleed     bool    `json:"bleed"`
	Top       float64 `json:"top_pt"`
	Bottom    float64 `json:"bottom_pt"`
	Outside   float64 `json:"outside_pt"`
	Gutter    float64 `json:"gutter_pt"`
	MinTextPt float64 `json:"min_text_pt"`
	MinLinePt float64 `json:"min_line_pt"`
}

// Validate refuses a print block no book has: a trim that is not
// positive, a margin or least size below 0. The error names the
// manifest's field, as the file spells it.
func (p *ManifestPrint) Validate() error {
	for _, f := range []struct {
		name     string
		v        float64
		positive bool
	}{
		{"trim_w_pt", p.TrimW, true}, {"trim_h_pt", p.TrimH, true},
		{"top_pt", p.Top, false}, {"bottom_pt", p.Bottom, false},
		{"outside_pt", p.Outside, false}, {"gutter_pt", p.Gutter, false},
		{"min_text_pt", p.MinTextPt, false}, {"min_line_pt", p.MinLinePt, false},
	} {
		switch {
		case math.IsNaN(f.v) || math.IsInf(f.v, 0):
			return fmt.Errorf("print.%s is %g, want a number", f.name, f.v)
		case f.positive && f.v <= 0:
			return fmt.Errorf("print.%s is %g, want more than 0", f.name, f.v)
		case f.v < 0:
			return fmt.Errorf("print.%s is %g, want 0 (unknown) or more", f.name, f.v)
		}
	}
	return nil
}

// MaxManifestBytes bounds a manifest read from a file: 20,000 puzzles,
// the most a spec may ask for, take about 10 MB.
const MaxManifestBytes = 64 << 20

// ReadManifestFile reads the manifest at path, a regular file of at most
// MaxManifestBytes (ReadInput); a manifest it cannot read names the file.
func ReadManifestFile(path string) (*Manifest, error) {
	data, err := ReadInput(path, MaxManifestBytes)
	if err != nil {
		return nil, err
	}
	m, err := ReadManifest(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return m, nil
}

// ManifestPuzzle is one puzzle of the manifest. Grids are in the engine's
// text form: N*N symbols row by row (1-9, then A-G for 10 to 16), '.' for
// a blank; a figure of several grids covers its bounding box row by row
// with '-' for a cell outside the figure. Variant and Size name the kind
// (size 9 for a figure of 9x9 grids); a jigsaw also has Regions, each
// cell's region as a symbol (1 for the first), and a kind with a
// constraint its marks (engine.Constraint.Marks), cells 0-based in the
// engine's numbering: a killer its Cages, each its sum and then its
// cells; a thermo its Thermos, each from the bulb; an arrow its Arrows,
// each its circle and then its shaft; an even-odd its Parity, the even
// cells after a 0 and the odd after a 1; an edge-marked kind (kropki,
// xv, consecutive, greater-than) its Edges, each two cells and a mark; a
// kakuro its Runs, each its clue and then its cells, and its shape in
// Regions ('.' white, '-' a clue cell).
// Anti-knight and anti-king have none: the variant says it all. Line is
// the puzzle as one line of the form solve, png and bank import read
// (with --variant): the givens, then a jigsaw's regions or a kind's
// marks, so a killer's cages paste with its givens; it is left out where
// it is Puzzle itself.
// Page numbers are 1-based indexes of PDF pages (not the folios printed on
// them). File names are relative to the manifest and present only when
// those files were written.
type ManifestPuzzle struct {
	Number  int     `json:"number"`
	Section string  `json:"section"` // the section's printed title
	Variant string  `json:"variant"`
	Size    int     `json:"size"`
	Regions string  `json:"regions,omitempty"`
	Cages   [][]int `json:"cages,omitempty"`
	Thermos [][]int `json:"thermos,omitempty"`
	Arrows  [][]int `json:"arrows,omitempty"`
	Parity  [][]int `json:"parity,omitempty"`
	Edges   [][]int `json:"edges,omitempty"`
	// CalcCages are a calcudoku's cages: each its target, its operation
	// (0 one cell, 1 +, 2 -, 3 x, 4 /, 5 any of them) and its cells.
	CalcCages [][]int `json:"calc_cages,omitempty"`
	// Runs are a kakuro's runs: each its clue and its cells in order,
	// the across runs first; its Regions are its shape, the puzzle's
	// text with every cell blank.
	Runs         [][]int `json:"runs,omitempty"`
	Level        string  `json:"level"`
	Clues        int     `json:"clues"`
	Score        int     `json:"score"`
	Hardest      string  `json:"hardest"`         // the hardest technique the solve needed
	Rating       float64 `json:"rating"`          // on the Sudoku Explainer scale, one decimal
	Trial        bool    `json:"trial,omitempty"` // the solve needed trial and error (bifurcation)
	Puzzle       string  `json:"puzzle"`
	Solution     string  `json:"solution"`
	Line         string  `json:"line,omitempty"`
	Page         int     `json:"page"`
	SolutionPage int     `json:"solution_page"`
	PNG          string  `json:"png,omitempty"`
	SolutionPNG  string  `json:"solution_png,omitempty"`
	SinglePDF    string  `json:"single_pdf,omitempty"`
	SolutionPDF  string  `json:"solution_single_pdf,omitempty"`
	SVG          string  `json:"svg,omitempty"`
	SolutionSVG  string  `json:"solution_svg,omitempty"`
	// none takes the marks of a constraint that has none.
	none [][]int
}

// ManifestFiles names the files a build wrote, for the manifest to list.
// The maps are keyed by puzzle number; a missing entry means no such file.
type ManifestFiles struct {
	PDF         string // the book; "book.pdf" when empty
	PNG         map[int]string
	SolutionPNG map[int]string
	SinglePDF   map[int]string
	SolutionPDF map[int]string
	SVG         map[int]string
	SolutionSVG map[int]string
	HTML        string // the web edition; empty when not written
}

// NewManifest builds the manifest of a book from where the layout put each
// puzzle. It refuses (ErrManifest) when the page map lacks a puzzle or its
// solution, or places one outside the PDF: a manifest must never lie.
func NewManifest(b *Book, pm PageMap, files ManifestFiles) (*Manifest, error) {
	m, err := BookManifest(b, pm, files)
	if err != nil {
		return nil, err
	}
	return m.Whole(), nil
}

// BookManifest is NewManifest without the puzzle list: Records and Write
// make each puzzle's record from the book when they reach it, so a build
// never holds the records of every puzzle at once (10 MB at 20,000
// puzzles). Its Puzzles stays empty; Whole lists them.
func BookManifest(b *Book, pm PageMap, files ManifestFiles) (*Manifest, error) {
	if err := checkPageMap(b, pm); err != nil {
		return nil, err
	}
	m := &Manifest{Title: b.Spec.Title, Volume: b.Spec.Volume, Language: b.Spec.Language, Seed: b.Spec.Seed, PDF: files.PDF, Pages: pm.Pages, Puzzles: []ManifestPuzzle{}}
	if m.PDF == "" {
		m.PDF = "book.pdf"
	}
	m.HTML = files.HTML
	m.Letters = b.Spec.Style.Letters
	m.Shapes = b.Spec.Style.Shapes
	m.Pictures = len(b.Spec.Style.Pictures) > 0
	m.from = &manifestSource{b, pm, files}
	if b.front != nil && b.front.front != nil {
		for _, p := range b.front.front.FrontGrids() {
			p.Number, p.Section = 0, 0
			mp := m.from.record(&p)
			mp.Section = ""
			m.Front = append(m.Front, mp)
		}
	}
	return m, nil
}

// manifestSource is what a BookManifest makes its records from.
type manifestSource struct {
	b     *Book
	pm    PageMap
	files ManifestFiles
}

// Records yields the manifest's puzzle records in print order: Puzzles,
// or for a BookManifest each record made as it is reached.
func (m *Manifest) Records() iter.Seq[ManifestPuzzle] {
	if m.from == nil {
		return slices.Values(m.Puzzles)
	}
	src := m.from
	return func(yield func(ManifestPuzzle) bool) {
		for p := range src.b.All() {
			if !yield(src.record(p)) {
				return
			}
		}
	}
}

// Whole is the manifest with its puzzle list filled in, for the readers
// that want every record at once (the web edition); m itself when it has
// one already.
func (m *Manifest) Whole() *Manifest {
	if m.from == nil {
		return m
	}
	w := *m
	w.Puzzles = slices.AppendSeq(make([]ManifestPuzzle, 0, m.from.b.Len()), m.Records())
	w.from = nil
	return &w
}

// checkPageMap refuses (ErrManifest) a page map that lacks a puzzle or
// its solution, or places one outside the PDF.
func checkPageMap(b *Book, pm PageMap) error {
	var missing []string
	for p := range b.All() {
		page, ok1 := pm.Puzzle[p.Number]
		sol, ok2 := pm.Solution[p.Number]
		switch {
		case !ok1:
			missing = append(missing, fmt.Sprintf("puzzle %d has no page", p.Number))
		case !ok2:
			missing = append(missing, fmt.Sprintf("puzzle %d has no solution page", p.Number))
		case page < 1 || sol < 1 || (pm.Pages > 0 && (page > pm.Pages || sol > pm.Pages)):
			missing = append(missing, fmt.Sprintf("puzzle %d is placed on pages %d and %d of a %d-page PDF", p.Number, page, sol, pm.Pages))
		}
	}
	if len(missing) > 0 {
		if len(missing) > 5 {
			missing = append(missing[:5], fmt.Sprintf("and %d more", len(missing)-5))
		}
		return fmt.Errorf("%w: the page map is incomplete: %s", ErrManifest, strings.Join(missing, "; "))
	}
	return nil
}

// record is the manifest's record of p, a puzzle of the book.
func (src *manifestSource) record(p *Puzzle) ManifestPuzzle {
	geo := p.Geometry()
	files := src.files
	mp := ManifestPuzzle{
		Number:       p.Number,
		Section:      src.b.Sections[p.Section].Title,
		Variant:      p.Variant().String(),
		Size:         geo.Side(),
		Level:        p.Level.String(),
		Clues:        p.Clues,
		Score:        p.Score,
		Hardest:      p.Hardest.String(),
		Rating:       p.Rating.Float(),
		Trial:        p.Hardest.Guesses(),
		Puzzle:       geo.Format(p.Cells()),
		Solution:     geo.Format(p.SolutionCells()),
		Page:         src.pm.Puzzle[p.Number],
		SolutionPage: src.pm.Solution[p.Number],
		PNG:          files.PNG[p.Number],
		SolutionPNG:  files.SolutionPNG[p.Number],
		SinglePDF:    files.SinglePDF[p.Number],
		SolutionPDF:  files.SolutionPDF[p.Number],
		SVG:          files.SVG[p.Number],
		SolutionSVG:  files.SolutionSVG[p.Number],
	}
	mp.Regions, _ = geo.OwnRegions()
	for _, c := range geo.Constraints() {
		*mp.marks(c.Name()) = c.Marks()
	}
	if line := engine.FormatLine(geo, p.Cells()); line != mp.Puzzle {
		mp.Line = line
	}
	return mp
}

// WriteManifest writes the manifest of a book as indented JSON (see
// NewManifest for what it refuses). Nothing is written when it refuses.
func WriteManifest(w io.Writer, b *Book, pm PageMap, files ManifestFiles) error {
	m, err := BookManifest(b, pm, files)
	if err != nil {
		return err
	}
	return m.Write(w)
}

// Write writes the manifest as indented JSON, the bytes
// json.MarshalIndent(m, "", "  ") gives plus a newline, but a record at a
// time: marshalling the whole of a 20,000-puzzle manifest held 41 MB of
// buffers for 8.5 MB of JSON, the peak of the build's memory.
func (m *Manifest) Write(w io.Writer) error {
	// The fields before the puzzles, with an empty list closing the
	// object; "puzzles" is the last field, so the list opens the tail.
	head := *m
	head.Puzzles, head.from = []ManifestPuzzle{}, nil
	data, err := json.MarshalIndent(&head, "", "  ")
	if err != nil {
		return err
	}
	const empty = "[]\n}"
	if !bytes.HasSuffix(data, []byte(empty)) {
		return fmt.Errorf("%w: the manifest's JSON does not end with its puzzle list", ErrManifest)
	}
	bw := bufio.NewWriter(w)
	bw.Write(data[:len(data)-len(empty)])
	n := 0
	for p := range m.Records() {
		// Each record as MarshalIndent writes it two levels down.
		rec, err := json.MarshalIndent(&p, "    ", "  ")
		if err != nil {
			return err
		}
		if n == 0 {
			bw.WriteString("[\n    ")
		} else {
			bw.WriteString(",\n    ")
		}
		bw.Write(rec)
		n++
	}
	if n == 0 {
		bw.WriteString(empty)
	} else {
		bw.WriteString("\n  ]\n}")
	}
	bw.WriteByte('\n')
	// bufio keeps the first write error and returns it here.
	return bw.Flush()
}

// ReadManifest reads a manifest written by WriteManifest. It is strict:
// unknown fields, trailing data, an unknown kind, and grids, regions or
// cages that do not fit the record's kind are errors. A record without a
// variant and size (from a book built before there were kinds) is classic
// 9x9.
func ReadManifest(r io.Reader) (*Manifest, error) {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	var m Manifest
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrManifest, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("%w: data after the manifest", ErrManifest)
	}
	for i, p := range m.Puzzles {
		if p.Variant == "" && p.Size == 0 {
			for _, g := range []struct{ name, s string }{{"puzzle", p.Puzzle}, {"solution", p.Solution}} {
				if len(g.s) != 81 || strings.Trim(g.s, ".123456789") != "" {
					return nil, fmt.Errorf("%w: puzzles[%d] (number %d): %s %q is not 81 cells of 1-9 and '.'", ErrManifest, i, p.Number, g.name, g.s)
				}
			}
			if p.Line != "" && p.Line != p.Puzzle {
				return nil, fmt.Errorf("%w: puzzles[%d] (number %d): line %q is not the record's puzzle", ErrManifest, i, p.Number, p.Line)
			}
			continue
		}
		if _, _, _, err := p.Grids(); err != nil {
			return nil, fmt.Errorf("%w: puzzles[%d] (number %d): %w", ErrManifest, i, p.Number, err)
		}
	}
	return &m, nil
}

// Geometry rebuilds the record's geometry from its variant, size, regions
// and cages (classic 9x9 when it has no variant and size).
func (p ManifestPuzzle) Geometry() (*engine.Geometry, error) {
	if p.Variant == "" && p.Size == 0 {
		return engine.Classic9, nil
	}
	va, err := ParseVariant(p.Variant)
	if err != nil {
		return nil, err
	}
	geo, err := engine.GeometryOf(va.Variant, p.Size, p.Regions)
	if err != nil {
		return nil, err
	}
	own := p.marks(string(va.Layer))
	for _, f := range p.markFields() {
		if len(*f.marks) > 0 && f.marks != own {
			return nil, fmt.Errorf("a %s record with %d %s", va, len(*f.marks), f.name)
		}
	}
	if va.Layer == engine.NoLayer {
		return geo, nil
	}
	for _, f := range p.markFields() {
		if f.marks == own && len(*own) == 0 {
			return nil, fmt.Errorf("a %s record with 0 %s", va, f.name)
		}
	}
	return geo.WithMarks(string(va.Layer), *own)
}

// marks is the record's field for the marks of the constraint named
// name, the one its row names (engine.Layer.MarksField); a layer without
// marks (anti-knight) has none. A constraint whose row names a new field
// adds it to ManifestPuzzle and to markFields.
func (p *ManifestPuzzle) marks(name string) *[][]int {
	field := engine.Layer(name).MarksField()
	if field == "" {
		return &p.none
	}
	for _, f := range p.markFields() {
		if f.name == field {
			return f.marks
		}
	}
	panic("book: no manifest field " + field + " for the constraint " + name)
}

// markFields lists the record's fields of marks, by their JSON names.
func (p *ManifestPuzzle) markFields() []struct {
	name  string
	marks *[][]int
} {
	return []struct {
		name  string
		marks *[][]int
	}{{"cages", &p.Cages}, {"thermos", &p.Thermos}, {"arrows", &p.Arrows}, {"parity", &p.Parity}, {"edges", &p.Edges}, {"calc_cages", &p.CalcCages}, {"runs", &p.Runs}}
}

// Grids reads the record's geometry, givens and solution, checking that
// the grids fit the geometry and that the solution is complete, keeps
// every house and cage and holds the givens. It does not solve the puzzle.
func (p ManifestPuzzle) Grids() (geo *engine.Geometry, givens, solution []uint8, err error) {
	geo, err = p.Geometry()
	if err != nil {
		return nil, nil, nil, err
	}
	if givens, err = geo.Parse(p.Puzzle); err != nil {
		return nil, nil, nil, fmt.Errorf("puzzle: %w", err)
	}
	if solution, err = geo.Parse(p.Solution); err != nil {
		return nil, nil, nil, fmt.Errorf("solution: %w", err)
	}
	e := engine.Puzzle{Geo: geo, Givens: givens, Answer: solution}
	if err := checkCells(e); err != nil {
		return nil, nil, nil, err
	}
	if p.Line != "" {
		if want := engine.FormatLine(geo, givens); p.Line != want {
			return nil, nil, nil, fmt.Errorf("line %q is not the record's puzzle, %q", p.Line, want)
		}
	}
	return geo, givens, solution, nil
}

// Engine is the record's puzzle as the engine holds it, without its
// grading (see Grids).
func (p ManifestPuzzle) Engine() (engine.Puzzle, error) {
	geo, givens, answer, err := p.Grids()
	if err != nil {
		return engine.Puzzle{}, err
	}
	return engine.Puzzle{Geo: geo, Givens: givens, Answer: answer}, nil
}
