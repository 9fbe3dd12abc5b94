//go:build !js

package web

import (
	"bytes"
	"compress/flate"
	"embed"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/templates"
	"go.yaml.in/yaml/v3"
)

//go:embed assets/play.js assets/play.css assets/page.html assets/gen.js assets/gen.css assets/kinds.js assets/kinds.css assets/pics.js assets/pics.css
var assets embed.FS

//go:embed lang/*.yaml
var langFS embed.FS

// Marker opens every page this package writes (within its first 512
// bytes), so a command can tell its own file from someone else's before
// replacing it.
const Marker = `<meta name="generator" content="sudokubook`

// ErrNoPuzzles is returned when the selection leaves no puzzle to show.
var ErrNoPuzzles = errors.New("no puzzle to show")

// Options choose what goes on the page.
type Options struct {
	// Puzzles limits the page to the puzzles numbered in this band; the
	// zero Range takes them all.
	Puzzles book.Range
	// Language is used when the manifest does not name one (manifests
	// from before the web edition); "en" when empty.
	Language string
	// Pictures are the book's own pictures (style.pictures), the files'
	// contents in their order, checked by the caller as the book's are
	// (a PNG or JPEG within the layout's bounds). A manifest does not
	// carry them: a book of pictures without them is refused.
	Pictures [][]byte
}

// Write writes the web edition of the book m describes to w. Nothing is
// written when the manifest cannot be turned into a page.
func Write(w io.Writer, m *book.Manifest, opt Options) error {
	page, err := Page(m, opt)
	if err != nil {
		return err
	}
	_, err = w.Write(page)
	return err
}

// Page returns the web edition of the book m describes, as one HTML file.
func Page(m *book.Manifest, opt Options) ([]byte, error) {
	code := m.Language
	if code == "" {
		code = opt.Language
	}
	texts, words, err := language(code)
	if err != nil {
		return nil, err
	}
	var pics [][2]string
	if m.Pictures {
		if pics, err = pictureTags(opt.Pictures); err != nil {
			return nil, err
		}
	}
	d, err := newData(m, opt.Puzzles, texts, words, pics)
	if err != nil {
		return nil, err
	}
	return render(d)
}

// language is the texts and page words of language code ("" for English).
func language(code string) (*templates.Texts, map[string]string, error) {
	if code == "" {
		code = "en"
	}
	texts, err := templates.Language(code)
	if err != nil {
		return nil, nil, err
	}
	words, err := Words(code)
	return texts, words, err
}

// render writes the page of d.
func render(d *data) ([]byte, error) {
	var err error
	if d.Z, err = pack(d.Geoms, d.Puzzles); err != nil {
		return nil, err
	}
	data, err := json.Marshal(d)
	if err != nil {
		return nil, err
	}
	files, err := shipped()
	if err != nil {
		return nil, err
	}
	tmpl, err := template.New("page").Parse(files["page.html"])
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	vars := map[string]any{
		"Lang":      d.Lang,
		"Title":     d.Title,
		"Generator": d.generator,
		"T":         d.T,
		// The script and style are our own files; the data is JSON with
		// <, > and & escaped, so none of them can close their element.
		"CSS":  template.CSS(files["play.css"]),
		"JS":   template.JS(files["play.js"]),
		"Data": template.JS(data),
		"Gen":  d.gen != nil,
		// The kind script and style, only on a page that plays a
		// calcudoku or a kakuro (kinds.go), or may make one.
		"Kinds":   hasKinds(d.Geoms) || d.gen != nil,
		"KindJS":  template.JS(files["kinds.js"]),
		"KindCSS": template.CSS(files["kinds.css"]),
		// The shapes in a hint's words, only on a page whose grids print
		// shapes (pics.js).
		"Pics":   d.Pics != nil,
		"PicJS":  template.JS(files["pics.js"]),
		"PicCSS": template.CSS(files["pics.css"]),
	}
	if d.gen != nil {
		// Both as JSON strings, with <, > and & escaped, as the data.
		for k, v := range map[string]string{"Engine": d.gen.engine, "Exec": d.gen.exec} {
			b, err := json.Marshal(v)
			if err != nil {
				return nil, err
			}
			vars[k] = template.JS(b)
		}
		vars["GenJS"] = template.JS(files["gen.js"])
		vars["GenCSS"] = template.CSS(files["gen.css"])
	}
	err = tmpl.Execute(&out, vars)
	if err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// payload is what goes deflated into the page: the grid shapes with the
// puzzles, since a killer's cages make a shape per puzzle.
type payload struct {
	Geoms   []geom   `json:"g"`
	Puzzles []puzzle `json:"p"`
}

// pack deflates the grid shapes and puzzles as JSON and writes them in
// base64, as the page's script unpacks them.
func pack(geoms []geom, puzzles []puzzle) (string, error) {
	// The base64 cannot close the script element, so the JSON inside
	// need not escape <, > and & (cage codes use < and >).
	var raw bytes.Buffer
	enc := json.NewEncoder(&raw)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(payload{geoms, puzzles}); err != nil {
		return "", err
	}
	var z bytes.Buffer
	w, err := flate.NewWriter(&z, flate.BestCompression)
	if err != nil {
		return "", err
	}
	if _, err := w.Write(raw.Bytes()); err != nil {
		return "", err
	}
	if err := w.Close(); err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(z.Bytes()), nil
}

// Words returns the web edition's words in one language: its buttons,
// labels and messages (lang/), and the words of the steps its hints tell,
// from the templates every reader of a step fills (templates.Steps).
func Words(code string) (map[string]string, error) {
	b, err := langFS.ReadFile("lang/" + code + ".yaml")
	if err != nil {
		return nil, fmt.Errorf("the web edition has no words in language %q (want one of %s)", code, strings.Join(templates.Languages(), ", "))
	}
	var words map[string]string
	if err := yaml.Unmarshal(b, &words); err != nil {
		return nil, fmt.Errorf("web words %s: %w", code, err)
	}
	steps, err := templates.Steps(code)
	if err != nil {
		return nil, err
	}
	for _, k := range append(sayKeys(), pageWords...) {
		v, ok := steps[k]
		if !ok {
			return nil, fmt.Errorf("web words %s: no step words %q", code, k)
		}
		words[k] = v
	}
	return words, nil
}

// data is what the page's script reads: see the package doc.
type data struct {
	Lang     string            `json:"lang"`
	Title    string            `json:"title"`
	T        map[string]string `json:"t"`
	Rungs    []string          `json:"rungs"`             // the page solver's rungs, in the ladder's order
	Letters  bool              `json:"letters,omitempty"` // A to P past 9x9, as the book prints them
	Sections []section         `json:"sections"`
	// Techs names the techniques of the stored steps in the book's
	// language, in order of first use; a step points into it.
	Techs []string `json:"k,omitempty"`
	// Pics are the shapes of a book that prints them on its 4x4 and 6x6
	// grids (style.shapes), 1 to 6: each filled, then in outline (see
	// pics).
	Pics    [][2]string `json:"pics,omitempty"`
	Geoms   []geom      `json:"-"` // in Z
	Puzzles []puzzle    `json:"-"` // in Z
	// generator names what wrote the page, for its generator tag: always
	// "sudokubook" first, so that Marker finds it.
	generator string
	// Z is Geoms and Puzzles as a payload in JSON, deflated (RFC 1951)
	// and in base64: the words of the grader's steps repeat, and this
	// halves a hard book's data.
	Z string `json:"z"`
	// The generator page's (see Generator): the levels' names, the kinds
	// it makes, the most digits any has, and its engine.
	Levels []string  `json:"levels,omitempty"`
	Kinds  []genKind `json:"kinds,omitempty"`
	Most   int       `json:"most,omitempty"`
	gen    *genPage
}

type section struct {
	Title string `json:"title"`
	Level string `json:"level"` // the level's printed name
}

// puzzle is one puzzle of the page: its number, its section (index into
// sections), its cells (see the package doc), its grid shape (index into
// geoms) and the grader's steps beyond the page's own solver (see
// stepCode).
type puzzle struct {
	N      int      `json:"n"`
	S      int      `json:"s"`
	Cells  string   `json:"g"`
	Geo    int      `json:"geo,omitempty"`
	Rating float64  `json:"r,omitempty"` // on the Sudoku Explainer scale
	Hard   []string `json:"h,omitempty"`
	// A is the solution, a symbol a place, for a puzzle whose marks the
	// page's search does not know (see marks.go).
	A string `json:"a,omitempty"`
}

// pageRungs are the techniques the page's own solver knows, by the name
// its script gives them; the grader's steps of any other technique are
// stored with the puzzle.
var pageRungs = map[engine.Technique]string{
	engine.FullHouse:       "full",
	engine.NakedSingle:     "naked",
	engine.CageCombination: "cage",
	engine.Rule45:          "r45",
	engine.HiddenSingle:    "hidden",
	engine.Pointing:        "pointing",
	engine.Claiming:        "claiming",
	engine.CagePointing:    "kpoint",
	engine.NakedPair:       "npair",
	engine.HiddenPair:      "hpair",
	engine.NakedTriple:     "ntriple",
	engine.HiddenTriple:    "htriple",
	engine.NakedQuad:       "nquad",
	engine.HiddenQuad:      "hquad",
	engine.XWing:           "xwing",
	engine.Swordfish:       "swordfish",
	engine.Jellyfish:       "jellyfish",
}

// rungs lists the page's rungs in the order the grader climbs them, so the
// page finds the step the grader would find on the same grid.
func rungs() []string {
	var out []string
	for t := range engine.NumTechniques {
		if k, ok := pageRungs[t]; ok {
			out = append(out, k)
		}
	}
	return out
}

// item is one puzzle to put on the page, whatever its geometry.
type item struct {
	number  int
	section section
	rating  float64
	geo     *engine.Geometry
	givens  []uint8 // 0 for an open cell
	answer  []uint8 // the manifest's solution
	pic     bool    // drawn in shapes (style.shapes)
}

// items reads the manifest's puzzles numbered in pick.
func items(m *book.Manifest, pick book.Range, texts *templates.Texts) ([]item, error) {
	var out []item
	for _, p := range m.Puzzles {
		if pick.Set && (p.Number < pick.Min || p.Number > pick.Max) {
			continue
		}
		// The record's kind gives the geometry: its size, a jigsaw's
		// regions, a killer's cages (classic 9x9 for a record of a book
		// built before there were kinds).
		geo, givens, answer, err := p.Grids()
		if err != nil {
			return nil, fmt.Errorf("puzzle %d: %w", p.Number, err)
		}
		out = append(out, item{number: p.Number, rating: p.Rating, geo: geo, givens: givens, answer: answer,
			section: section{Title: p.Section, Level: texts.Level(p.Level)}, pic: m.Shapes && book.ShapesFit(geo)})
	}
	if len(out) == 0 {
		if pick.Set {
			return nil, fmt.Errorf("%w: the book has no puzzle numbered %s", ErrNoPuzzles, pick)
		}
		return nil, fmt.Errorf("%w: the manifest lists no puzzles", ErrNoPuzzles)
	}
	return out, nil
}

func newData(m *book.Manifest, pick book.Range, texts *templates.Texts, words map[string]string, pictures [][2]string) (*data, error) {
	if m.Pictures && len(pictures) == 0 {
		return nil, errors.New("the book prints its own pictures (style.pictures), which its manifest does not carry: the page would show other symbols than the book (build it with html: true)")
	}
	its, err := items(m, pick, texts)
	if err != nil {
		return nil, err
	}
	d, err := dataOf(m.Title, its, texts, words)
	if err == nil {
		d.Letters = m.Letters
		if d.Pics != nil && pictures != nil {
			d.Pics = pictures
		}
	}
	if err == nil && m.Generator != "" {
		d.generator += " web edition of a book by " + m.Generator
	}
	return d, err
}

// dataOf lays out the page's data for its puzzles: sections and grid
// shapes each once, in order of first use.
func dataOf(title string, its []item, texts *templates.Texts, words map[string]string) (*data, error) {
	t := map[string]string{"puzzle": texts.Puzzle}
	for k, v := range words {
		t[k] = v
	}
	d := &data{Lang: texts.Code, Title: title, T: t, Rungs: rungs(), generator: "sudokubook"}
	sections := map[section]int{}
	geoms := map[string]int{}
	techs := map[engine.Technique]int{}
	// tech is a technique's character in a step code: its place in Techs.
	tech := func(t engine.Technique) (byte, error) {
		k, ok := techs[t]
		if !ok {
			k = len(d.Techs)
			if k == len(lines) {
				return 0, fmt.Errorf("more than %d techniques past the page's rungs", len(lines))
			}
			techs[t] = k
			d.Techs = append(d.Techs, texts.Technique(t.String()))
		}
		return lines[k], nil
	}
	grader := engine.NewGrader()
	for _, it := range its {
		k, ok := sections[it.section]
		if !ok {
			k = len(d.Sections)
			sections[it.section] = k
			d.Sections = append(d.Sections, it.section)
		}
		if k := it.geo.Cages; len(k) > 0 && (len(k)+cageBase >= 127 || slices.MaxFunc(k, func(a, b engine.Cage) int { return a.Sum - b.Sum }).Sum+cageBase >= 127) {
			return nil, fmt.Errorf("puzzle %d: a killer of %d cages is too large for the page's cage map", it.number, len(k))
		}
		g, answer := geomOf(it.geo)
		g.Pic = it.pic
		if it.pic && d.Pics == nil {
			d.Pics = pics()
		}
		key := fmt.Sprint(g)
		gi, ok := geoms[key]
		if !ok {
			gi = len(d.Geoms)
			geoms[key] = gi
			d.Geoms = append(d.Geoms, g)
		}
		cells, hard, err := encode(grader, it, tech)
		if err != nil {
			return nil, fmt.Errorf("puzzle %d: %w", it.number, err)
		}
		pz := puzzle{N: it.number, S: k, Geo: gi, Cells: cells, Rating: it.rating, Hard: hard}
		if answer {
			pz.A = placeCells(it.geo, it.answer)
		}
		d.Puzzles = append(d.Puzzles, pz)
	}
	d.Rungs = markRungs(d.Rungs, techs)
	if d.Pics != nil {
		markDigits(d.T)
	}
	return d, nil
}

// digitSlot is a placeholder of the hint words that the page fills with
// digits: the stored steps' digit letters (see sayCode) and the page's
// own rungs' {d}, {ds} and {x}.
var digitSlot = regexp.MustCompile(`\{([defqxyz]|ds)\}`)

// slotMark brackets a digit slot in the words of a book that prints
// shapes: a character of the private use area, which no language's
// words hold, so pics.js finds the digits the slot was filled with and
// draws them as shapes, and leaves the numbers of rows, columns and sums
// as they are.
const slotMark = "\ue000"

// markDigits brackets the digit slots of the hint words in t (see
// slotMark), so a child who reads shapes sees a hint name the shape where
// the words would name a digit; no shape is named in words, which would
// need each language's grammar.
func markDigits(t map[string]string) {
	for _, k := range append(sayKeys(), pageWords...) {
		if v, ok := t[k]; ok {
			t[k] = digitSlot.ReplaceAllString(v, slotMark+"$0"+slotMark)
		}
	}
}

// pics are the book's shapes (book.SymbolShape) as SVG in a cell 100
// wide, each filled and then in outline, as the book prints a given and a
// solved cell: the outline's stroke runs inside the filled shape's edge,
// so both are one size. Each is a whole SVG element, drawn in the cell's
// colour and sized by its font as a digit is, so a book without shapes
// carries no code or style for them.
func pics() [][2]string {
	const h = 50 * book.ShapeFit
	const w = book.ShapeStroke * h
	svg := func(path string) string {
		return `<svg viewBox="0 0 100 100" width="1.7em" height="1.7em" class="pic" aria-hidden="true"><path ` + path + `/></svg>`
	}
	var out [][2]string
	for d := uint8(1); d <= 6; d++ {
		out = append(out, [2]string{
			svg(`d="` + svgPath(book.SymbolShape(d, 50, 50, h)) + `" fill="currentColor"`),
			svg(`d="` + svgPath(book.SymbolShape(d, 50, 50, h-w/2)) + `" fill="none" stroke="currentColor" stroke-width="` + tenth(w) + `"`),
		})
	}
	return out
}

// svgPath writes p as an SVG path's data, to a tenth of a unit.
func svgPath(p []book.PathOp) string {
	var b strings.Builder
	for _, o := range p {
		b.WriteString(strings.ToUpper(string(o.Op)))
		k := 1
		if o.Op == 'c' {
			k = 3
		}
		for i, pt := range o.Pts[:k] {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(tenth(pt[0]) + " " + tenth(pt[1]))
		}
	}
	return b.String() + "Z"
}

func tenth(v float64) string { return strings.TrimSuffix(strconv.FormatFloat(v, 'f', 1, 64), ".0") }

// markRungs puts into the page's rungs, at their places on the ladder,
// the mark techniques and the kinds' rungs (kindRungs) whose steps the
// page has stored (techs, by their character in the step codes): "@" and
// the character. The page takes a
// puzzle's stored steps of one where the grader would, before its own
// locked candidates and subsets, so a hint on a kropki grid uses its
// dots as the grader did, not a page of pointing first.
func markRungs(page []string, techs map[engine.Technique]int) []string {
	var out []string
	k := 0
	for t := range engine.NumTechniques {
		if _, ok := pageRungs[t]; ok {
			out = append(out, page[k])
			k++
		}
		if c, ok := techs[t]; ok && (markTechniques[t] || kindRungs[t]) {
			out = append(out, "@"+string(lines[c]))
		}
	}
	return out
}

// markTechniques are the rungs of the marks below the subsets (see
// markRungs).
var markTechniques = map[engine.Technique]bool{
	engine.KropkiDot: true, engine.XVPair: true, engine.ConsecutivePair: true, engine.InequalitySign: true,
	engine.InequalityChain: true, engine.ThermoBounds: true, engine.ArrowBounds: true, engine.ParitySet: true,
	engine.NoMark: true, engine.PairSet: true, engine.ThermoCandidates: true, engine.ArrowSums: true, engine.MarkChain: true,
}

// encode writes a puzzle's cells and the grader's steps the page cannot
// find itself. It grades the puzzle again, which also proves it unique and
// checks the answer it was given.
func encode(grader *engine.Grader, it item, tech func(engine.Technique) (byte, error)) (string, []string, error) {
	geo := it.geo
	res, err := grader.Grade(geo, it.givens, engine.GradeOptions{Steps: true})
	if err != nil {
		return "", nil, err
	}
	// The grader's last board is the solution: replay its placements.
	sol := slices.Clone(it.givens)
	for _, s := range res.Steps {
		for _, x := range s.Placements {
			sol[x.Cell] = x.Digit
		}
	}
	if !slices.Equal(sol, it.answer) {
		return "", nil, fmt.Errorf("the manifest's solution %s is not the puzzle's %s", geo.Format(it.answer), geo.Format(sol))
	}
	// The page numbers the places of the bounding box (Width a side):
	// cell for cell on one grid, with gaps out of play on a figure. It
	// gets the givens only and finds the solution itself, as an answer a
	// cell would cost about a third of a classic puzzle's data and half
	// a samurai's.
	cells := placeCells(geo, it.givens)
	var hard []string
	// A run of one mark technique's steps, or of a kind's rung, one after
	// another on the grader's path (a kropki grid's dots take dozens, a
	// kakuro's run combinations as many), is stored as one
	// step, which the page tells in the step template's words, as it
	// tells such a run when it meets one (see hint in play.js).
	var run *engine.Step
	var runTech byte
	runs := 0
	flush := func() {
		if run == nil {
			return
		}
		code := stepCode(geo, runTech, *run)
		if runs > 1 {
			code, _, _ = strings.Cut(code, "|")
		}
		hard = append(hard, code)
		run = nil
	}
	for _, s := range res.Steps {
		if pageFinds(geo, s.Technique) {
			flush()
			continue
		}
		t, err := tech(s.Technique)
		if err != nil {
			return "", nil, err
		}
		if run != nil && s.Technique == run.Technique && len(run.Placements) == 0 {
			run.Eliminations = append(run.Eliminations, s.Eliminations...)
			run.Placements = s.Placements
			runs++
			continue
		}
		flush()
		if markTechniques[s.Technique] || kindRungs[s.Technique] {
			r := s
			r.Eliminations = slices.Clone(s.Eliminations)
			run, runTech, runs = &r, t, 1
			continue
		}
		hard = append(hard, stepCode(geo, t, s))
	}
	flush()
	return cells, hard, nil
}

// stepCode writes a grader's step for the page: the character of its
// technique (see dataOf), the codes of its eliminations and, after "=",
// those of its placements. The page words it in the book's language from
// these alone ("By the x-chain, 5 leaves r2c5 and r7c5"), as it words its
// own steps, so no sentence is stored: a step costs a few bytes whatever
// the language.
func stepCode(geo *engine.Geometry, tech byte, s engine.Step) string {
	var b strings.Builder
	b.WriteByte(tech)
	for _, e := range s.Eliminations {
		// A cell the step fills loses its other digits anyway.
		if !slices.ContainsFunc(s.Placements, func(x engine.Placement) bool { return x.Cell == e.Cell }) {
			writeCode(&b, geo.Width, geo.Place(e.Cell), e.Digit)
		}
	}
	if len(s.Placements) > 0 {
		b.WriteByte('=')
	}
	for _, x := range s.Placements {
		writeCode(&b, geo.Width, geo.Place(x.Cell), x.Digit)
	}
	b.WriteString(sayCode(geo, s))
	return b.String()
}

// writeCode writes place (in a box n places a side) and digit as three
// characters: row and column in lines, digit in symbols.
func writeCode(b *strings.Builder, n, place int, digit uint8) {
	b.WriteByte(lines[place/n])
	b.WriteByte(lines[place%n])
	b.WriteByte(symbols[digit-1])
}
