package book

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// ErrManifest is wrapped when a manifest cannot be written truthfully (a
// puzzle the layout did not place) or read back (bad JSON, bad grids).
var ErrManifest = errors.New("bad manifest")

// Manifest is the machine-readable record of a built book, written next to
// the PDF as manifest.json: every puzzle with its grading, its givens and
// solution, and the PDF pages it and its solution were printed on.
type Manifest struct {
	Title     string `json:"title"`
	Language  string `json:"language,omitempty"` // the book's language code: en, es, ...
	Seed      int64  `json:"seed"`
	Generator string `json:"generator,omitempty"` // name and version that built the book
	PDF       string `json:"pdf"`
	Pages     int    `json:"pages"`
	Cover     string `json:"cover,omitempty"`
	// CoverPaper is the stock the cover's spine was sized for: white or
	// cream, so a later check of the cover can measure its spine.
	CoverPaper string           `json:"cover_paper,omitempty"`
	HTML       string           `json:"html,omitempty"` // the web edition, when written
	Print      *ManifestPrint   `json:"print,omitempty"`
	Puzzles    []ManifestPuzzle `json:"puzzles"`
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

// ManifestPuzzle is one puzzle of the manifest. Grids are 81 characters,
// row by row, with '.' for a blank. Page numbers are 1-based indexes of
// PDF pages (not the folios printed on them). File names are relative to
// the manifest and present only when those files were written.
type ManifestPuzzle struct {
	Number       int     `json:"number"`
	Section      string  `json:"section"` // the section's printed title
	Level        string  `json:"level"`
	Clues        int     `json:"clues"`
	Score        int     `json:"score"`
	Hardest      string  `json:"hardest"`         // the hardest technique the solve needed
	Rating       float64 `json:"rating"`          // on the Sudoku Explainer scale, one decimal
	Trial        bool    `json:"trial,omitempty"` // the solve needed trial and error (bifurcation)
	Puzzle       string  `json:"puzzle"`
	Solution     string  `json:"solution"`
	Page         int     `json:"page"`
	SolutionPage int     `json:"solution_page"`
	PNG          string  `json:"png,omitempty"`
	SolutionPNG  string  `json:"solution_png,omitempty"`
	SinglePDF    string  `json:"single_pdf,omitempty"`
	SolutionPDF  string  `json:"solution_single_pdf,omitempty"`
}

// ManifestFiles names the files a build wrote, for the manifest to list.
// The maps are keyed by puzzle number; a missing entry means no such file.
type ManifestFiles struct {
	PDF         string // the book; "book.pdf" when empty
	PNG         map[int]string
	SolutionPNG map[int]string
	SinglePDF   map[int]string
	SolutionPDF map[int]string
	HTML        string // the web edition; empty when not written
}

// NewManifest builds the manifest of a book from where the layout put each
// puzzle. It refuses (ErrManifest) when the page map lacks a puzzle or its
// solution, or places one outside the PDF: a manifest must never lie.
func NewManifest(b *Book, pm PageMap, files ManifestFiles) (*Manifest, error) {
	m := &Manifest{Title: b.Spec.Title, Language: b.Spec.Language, Seed: b.Spec.Seed, PDF: files.PDF, Pages: pm.Pages, Puzzles: []ManifestPuzzle{}}
	if m.PDF == "" {
		m.PDF = "book.pdf"
	}
	m.HTML = files.HTML
	var missing []string
	for _, p := range b.Puzzles() {
		page, ok1 := pm.Puzzle[p.Number]
		sol, ok2 := pm.Solution[p.Number]
		switch {
		case !ok1:
			missing = append(missing, fmt.Sprintf("puzzle %d has no page", p.Number))
			continue
		case !ok2:
			missing = append(missing, fmt.Sprintf("puzzle %d has no solution page", p.Number))
			continue
		case page < 1 || sol < 1 || (pm.Pages > 0 && (page > pm.Pages || sol > pm.Pages)):
			missing = append(missing, fmt.Sprintf("puzzle %d is placed on pages %d and %d of a %d-page PDF", p.Number, page, sol, pm.Pages))
			continue
		}
		m.Puzzles = append(m.Puzzles, ManifestPuzzle{
			Number:       p.Number,
			Section:      b.Sections[p.Section].Title,
			Level:        p.Level.String(),
			Clues:        p.Clues,
			Score:        p.Score,
			Hardest:      p.Hardest.String(),
			Rating:       p.Rating.Float(),
			Trial:        p.Hardest.Guesses(),
			Puzzle:       p.Grid.String(),
			Solution:     p.Solution.String(),
			Page:         page,
			SolutionPage: sol,
			PNG:          files.PNG[p.Number],
			SolutionPNG:  files.SolutionPNG[p.Number],
			SinglePDF:    files.SinglePDF[p.Number],
			SolutionPDF:  files.SolutionPDF[p.Number],
		})
	}
	if len(missing) > 0 {
		if len(missing) > 5 {
			missing = append(missing[:5], fmt.Sprintf("and %d more", len(missing)-5))
		}
		return nil, fmt.Errorf("%w: the page map is incomplete: %s", ErrManifest, strings.Join(missing, "; "))
	}
	return m, nil
}

// WriteManifest writes the manifest of a book as indented JSON (see
// NewManifest for what it refuses). Nothing is written when it refuses.
func WriteManifest(w io.Writer, b *Book, pm PageMap, files ManifestFiles) error {
	m, err := NewManifest(b, pm, files)
	if err != nil {
		return err
	}
	return m.Write(w)
}

// Write writes the manifest as indented JSON.
func (m *Manifest) Write(w io.Writer) error {
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}

// ReadManifest reads a manifest written by WriteManifest. It is strict:
// unknown fields, trailing data and grids that are not 81 cells of digits
// and dots are errors.
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
		for _, g := range []struct{ name, s string }{{"puzzle", p.Puzzle}, {"solution", p.Solution}} {
			if len(g.s) != 81 || strings.Trim(g.s, ".123456789") != "" {
				return nil, fmt.Errorf("%w: puzzles[%d] (number %d): %s %q is not 81 cells of 1-9 and '.'", ErrManifest, i, p.Number, g.name, g.s)
			}
		}
	}
	return &m, nil
}
