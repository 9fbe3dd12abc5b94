package publish

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"math/bits"
	"strings"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/templates"
)

// The feed is a calendar's puzzles as data, for a syndicate to hand to a
// newspaper's app unchanged: feed/DATE.json for each day, feed/calendar.json
// for the whole run and feed/schema.json, the JSON Schema (draft 2020-12)
// both are written to, which FeedSchema also returns. A puzzle carries
// its date, kind, level and rating, its givens and solution in the
// manifest's text form, its marks (a jigsaw's regions, a killer's cages,
// any kind's constraints as the manifest lists them), its files, and the
// grader's whole path to the solution, step by step, as structures: what
// each step places and removes and the pattern it found, by role, which
// an app words in its own language as the book's hints do.

//go:embed feed.schema.json
var feedSchema []byte

// FeedSchema is the JSON Schema of the feed's documents.
func FeedSchema() []byte { return bytes.Clone(feedSchema) }

// Feed formats, each document's "format": a reader checks it before it
// reads on.
const (
	FeedDayFormat = "sudokubook-daily-day/1"
	FeedRunFormat = "sudokubook-daily-run/1"
)

// FeedDay is the document of one day.
type FeedDay struct {
	Format  string       `json:"format,omitempty"` // FeedDayFormat; absent inside a run's document
	Title   string       `json:"title,omitempty"`  // the book's; absent inside a run's document
	Date    string       `json:"date"`             // 2026-12-07
	Weekday string       `json:"weekday"`          // monday
	Label   string       `json:"label"`            // the date in the book's language
	File    string       `json:"file,omitempty"`   // the day's own document, in a run's
	Puzzles []FeedPuzzle `json:"puzzles"`
}

// FeedRun is the document of a whole run.
type FeedRun struct {
	Format   string    `json:"format"` // FeedRunFormat
	Title    string    `json:"title"`
	Volume   string    `json:"volume,omitempty"`
	Language string    `json:"language"`
	Start    string    `json:"start"`
	End      string    `json:"end"`
	Days     []FeedDay `json:"days"`
}

// FeedPuzzle is one puzzle of a day. Cells are numbered as the manifest
// numbers them (the engine's: row by row over the grid, or over the cells
// in play of a figure of several grids); Row and Col of a move place it
// in the grid's bounding box, from 0.
type FeedPuzzle struct {
	Number   int                `json:"number"` // in the book
	Kind     string             `json:"kind"`   // classic, killer, ...
	Size     int                `json:"size"`
	Level    string             `json:"level"`
	Rating   float64            `json:"rating"` // SE scale
	Score    int                `json:"score"`
	Clues    int                `json:"clues"`
	Givens   string             `json:"givens"`
	Solution string             `json:"solution"`
	Regions  string             `json:"regions,omitempty"`
	Marks    map[string][][]int `json:"marks"`
	Files    map[string]string  `json:"files"`
	Hints    []FeedStep         `json:"hints"`
}

// FeedStep is one step of the grader's path.
type FeedStep struct {
	Technique    string     `json:"technique"`
	Rating       float64    `json:"rating"`
	Placements   []FeedMove `json:"placements"`
	Eliminations []FeedMove `json:"eliminations"`
	Pattern      []FeedPart `json:"pattern"`
}

// FeedMove is a digit placed in, or removed from, a cell.
type FeedMove struct {
	Cell  int   `json:"cell"`
	Row   int   `json:"row"`
	Col   int   `json:"col"`
	Digit uint8 `json:"digit"`
}

// FeedPart is one part of a step's pattern (engine.Part): its role and
// whichever of its cells, digits, houses, sums and notation it has.
type FeedPart struct {
	Role   string      `json:"role"`
	Cells  []int       `json:"cells,omitempty"`
	Digits []int       `json:"digits,omitempty"`
	Houses []FeedHouse `json:"houses,omitempty"`
	Sum    int         `json:"sum,omitempty"`
	Total  int         `json:"total,omitempty"`
	Sets   [][]int     `json:"sets,omitempty"`
	Text   string      `json:"text,omitempty"`
}

// FeedHouse is a house a pattern names, with its cells, so an app need
// not know the engine's numbering of houses.
type FeedHouse struct {
	Kind  string `json:"kind"`
	Cells []int  `json:"cells"`
}

var houseKinds = map[engine.HouseKind]string{
	engine.RowHouse: "row", engine.ColumnHouse: "column", engine.BoxHouse: "box",
	engine.RegionHouse: "region", engine.DiagonalHouse: "diagonal", engine.WindowHouse: "window", engine.ImpliedWindowHouse: "window",
}

// feed writes a calendar's feed into the stage.
func (r *builder) feed(ctx context.Context) error {
	spec := r.spec
	if spec.Calendar == nil {
		return nil
	}
	r.opt.Progress.Step("writing the feed")
	run, err := calendarFeed(ctx, r.b, r.files)
	if err != nil {
		return err
	}
	for _, d := range run.Days {
		doc := d
		doc.Format, doc.Title, doc.File = FeedDayFormat, run.Title, ""
		if err := r.writeJSON("feed/"+d.File, doc); err != nil {
			return err
		}
	}
	if err := r.writeJSON("feed/calendar.json", run); err != nil {
		return err
	}
	r.res.FeedDays = len(run.Days)
	return r.st.Write("feed/schema.json", feedSchema)
}

func (r *builder) writeJSON(rel string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return r.st.Write(rel, append(data, '\n'))
}

// calendarFeed is the run's document, made from the book and the files
// the build wrote.
func calendarFeed(ctx context.Context, b *book.Book, files book.ManifestFiles) (*FeedRun, error) {
	spec := b.Spec
	texts, err := templates.Language(spec.Language)
	if err != nil {
		return nil, err
	}
	days := spec.CalendarDays()
	first, last := spec.Calendar.Span()
	run := &FeedRun{Format: FeedRunFormat, Title: spec.Title, Volume: spec.Volume, Language: spec.Language,
		Start: first.String(), End: last.String(), Days: []FeedDay{}}
	grader := engine.NewGrader()
	for p := range b.All() {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("build interrupted, nothing written: %w", err)
		}
		day := days[p.Section]
		date := day.Date.String()
		if n := len(run.Days); n == 0 || run.Days[n-1].Date != date {
			run.Days = append(run.Days, FeedDay{Date: date, Weekday: strings.ToLower(day.Date.Weekday().String()),
				Label: day.Date.Label(texts), File: date + ".json", Puzzles: []FeedPuzzle{}})
		}
		fp, err := feedPuzzle(grader, p, day.Kind.String(), files)
		if err != nil {
			return nil, fmt.Errorf("puzzle %d (%s): %w", p.Number, date, err)
		}
		d := &run.Days[len(run.Days)-1]
		d.Puzzles = append(d.Puzzles, fp)
	}
	return run, nil
}

// feedPuzzle is p's record in the feed, its hints graded again with
// their patterns.
func feedPuzzle(g *engine.Grader, p *book.Puzzle, kind string, files book.ManifestFiles) (FeedPuzzle, error) {
	geo := p.Geometry()
	res, err := g.Grade(geo, p.Cells(), engine.GradeOptions{Steps: true})
	if err != nil {
		return FeedPuzzle{}, err
	}
	fp := FeedPuzzle{
		Number: p.Number, Kind: kind, Size: geo.N, Level: p.Level.String(),
		Rating: p.Rating.Float(), Score: p.Score, Clues: p.Clues,
		Givens: geo.Format(p.Cells()), Solution: geo.Format(p.SolutionCells()),
		Marks: map[string][][]int{}, Files: map[string]string{}, Hints: []FeedStep{},
	}
	fp.Regions, _ = geo.OwnRegions()
	for _, c := range geo.Constraints() {
		if m := c.Marks(); m != nil {
			fp.Marks[c.Name()] = m
		}
	}
	for name, m := range map[string]map[int]string{
		"png": files.PNG, "solution_png": files.SolutionPNG, "pdf": files.SinglePDF,
		"solution_pdf": files.SolutionPDF, "svg": files.SVG, "solution_svg": files.SolutionSVG,
	} {
		if rel, ok := m[p.Number]; ok {
			fp.Files[name] = rel
		}
	}
	for _, s := range res.Steps {
		fp.Hints = append(fp.Hints, feedStep(geo, s))
	}
	return fp, nil
}

func feedStep(geo *engine.Geometry, s engine.Step) FeedStep {
	move := func(cell int, d uint8) FeedMove {
		return FeedMove{Cell: cell, Row: geo.Row(cell), Col: geo.Col(cell), Digit: d}
	}
	fs := FeedStep{Technique: s.Technique.String(), Rating: s.Rating.Float(),
		Placements: []FeedMove{}, Eliminations: []FeedMove{}, Pattern: []FeedPart{}}
	for _, x := range s.Placements {
		fs.Placements = append(fs.Placements, move(x.Cell, x.Digit))
	}
	for _, e := range s.Eliminations {
		fs.Eliminations = append(fs.Eliminations, move(e.Cell, e.Digit))
	}
	for _, pt := range s.Pattern.Parts {
		fp := FeedPart{Role: pt.Role.String(), Cells: pt.Cells, Digits: digitList(pt.Digits), Sum: pt.Sum, Total: pt.Total, Text: pt.Text}
		for _, u := range pt.Houses {
			kind, ok := houseKinds[geo.Kinds[u]]
			if !ok {
				kind = "house"
			}
			fp.Houses = append(fp.Houses, FeedHouse{Kind: kind, Cells: geo.Houses[u]})
		}
		for _, set := range pt.Sets {
			fp.Sets = append(fp.Sets, digitList(set))
		}
		fs.Pattern = append(fs.Pattern, fp)
	}
	return fs
}

// digitList is the digits of a set (bit d for digit d), in order.
func digitList(set uint32) []int {
	var out []int
	for set != 0 {
		d := bits.TrailingZeros32(set)
		out = append(out, d)
		set &^= 1 << d
	}
	return out
}
