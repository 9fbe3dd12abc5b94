package web

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/internal/puzzlesets"
	"github.com/sudokubook/sudokubook/templates"
)

// testManifest is a ten-puzzle book from easy to extreme, as a build wrote
// it (its title has markup in it on purpose).
func testManifest(t testing.TB) *book.Manifest {
	t.Helper()
	return readManifest(t, "testdata/manifest.json")
}

// readManifest reads a book's manifest from testdata.
func readManifest(t testing.TB, name string) *book.Manifest {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := book.ReadManifest(f)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

var dataRE = regexp.MustCompile(`(?s)<script type="application/json" id="sb-data">(.*?)</script>`)

// pageData reads the data back out of a page, as its script does.
func pageData(t *testing.T, page []byte) data {
	t.Helper()
	m := dataRE.FindSubmatch(page)
	if m == nil {
		t.Fatal("the page has no sb-data script")
	}
	var d data
	dec := json.NewDecoder(bytes.NewReader(m[1]))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&d); err != nil {
		t.Fatalf("sb-data: %v", err)
	}
	z, err := base64.StdEncoding.DecodeString(d.Z)
	if err != nil {
		t.Fatalf("sb-data z: %v", err)
	}
	raw, err := io.ReadAll(flate.NewReader(bytes.NewReader(z)))
	if err != nil {
		t.Fatalf("sb-data z: %v", err)
	}
	dec = json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	var pl payload
	if err := dec.Decode(&pl); err != nil {
		t.Fatalf("sb-data z: %v", err)
	}
	d.Geoms, d.Puzzles = pl.Geoms, pl.Puzzles
	return d
}

// decodeCells turns a page's cell string back into givens.
func decodeCells(t *testing.T, s string) string {
	t.Helper()
	var p strings.Builder
	for _, ch := range s {
		if i := strings.IndexRune(symbols, ch); i >= 0 {
			p.WriteByte(byte('1' + i))
		} else if ch == '.' {
			p.WriteByte('.')
		} else {
			t.Fatalf("cell %q is neither a given nor open", ch)
		}
	}
	return p.String()
}

// checkSay holds a stored step's words (after its moves: see hint.go) to
// the grader's note: a template of the page's words whose placeholders
// the fields fill, every cell field naming cells in the order the note
// names them, every digit one the note names; and a note that names
// cells the step does not change carries them.
func checkSay(t *testing.T, geo *engine.Geometry, words map[string]string, s engine.Step, say string) {
	t.Helper()
	fields := strings.Split(say, "|")
	if say == "" {
		changed := map[int]bool{}
		for _, e := range s.Eliminations {
			changed[e.Cell] = true
		}
		for _, x := range s.Placements {
			changed[x.Cell] = true
		}
		for _, c := range s.Pattern.Cells() {
			if !changed[c] {
				t.Errorf("%s: the pattern names %s, the stored step no cell (%q)", s.Technique, geo.CellName(c), s.Note)
				return
			}
		}
		return
	}
	tmpl, ok := words[fields[0]]
	if !ok {
		t.Errorf("%s: template %q is not among the page's words", s.Technique, fields[0])
		return
	}
	have := map[string]bool{"t": true, "el": true, "base": true, "cover": true}
	for _, f := range fields[1:] {
		key, val := f[:1], f[1:]
		have[key] = true
		if !strings.Contains(tmpl, "{"+key+"}") {
			t.Errorf("%s: field %q is not in template %s %q", s.Technique, key, fields[0], tmpl)
		}
		switch {
		case strings.Contains("abcgoplmn", key):
			from := 0
			for _, ch := range val {
				name := geo.CellName(strings.IndexRune(cellChars, ch))
				k := strings.Index(s.Note[from:], name)
				if k < 0 {
					t.Errorf("%s: field %s names %s, not in the note %q after %d", s.Technique, key, name, s.Note, from)
					break
				}
				if key != "a" || fields[0] != "gen" {
					from += k
				}
			}
		case strings.Contains("defqvxyz", key):
			for _, ch := range strings.ReplaceAll(val, " ", "") {
				if d := strings.IndexRune(symbols, ch) + 1; d < 1 || !strings.Contains(s.Note, strconv.Itoa(d)) {
					t.Errorf("%s: field %s has digit %c, not in the note %q", s.Technique, key, ch, s.Note)
				}
			}
		case strings.Contains("rwsu", key):
			// A notation, then after "^" the cells it names.
			text, cells, _ := strings.Cut(val, "^")
			if !strings.Contains(s.Note, text) {
				t.Errorf("%s: field %s %q is not in the note %q", s.Technique, key, text, s.Note)
			}
			for _, ch := range cells {
				if name := geo.CellName(strings.IndexRune(cellChars, ch)); !strings.Contains(text, name) {
					t.Errorf("%s: field %s gives cell %s, which its notation %q does not name", s.Technique, key, name, text)
				}
			}
		}
	}
	for _, m := range placeholdRE.FindAllString(tmpl, -1) {
		if k := m[1 : len(m)-1]; !have[k] {
			t.Errorf("%s: template %s wants {%s}, which the step does not carry", s.Technique, fields[0], k)
		}
	}
}

// decodeCodes reads a step's cells and digits (row, column, digit).
func decodeCodes(t *testing.T, s string) [][2]int {
	t.Helper()
	if len(s)%3 != 0 {
		t.Fatalf("codes %q are not three characters each", s)
	}
	var out [][2]int
	for i := 0; i < len(s); i += 3 {
		r, c, d := strings.IndexByte(symbols, s[i]), strings.IndexByte(symbols, s[i+1]), strings.IndexByte(symbols, s[i+2])
		if r < 0 || r > 8 || c < 0 || c > 8 || d < 0 || d > 8 {
			t.Fatalf("code %q is not a cell and digit", s[i:i+3])
		}
		out = append(out, [2]int{r*9 + c, d + 1})
	}
	return out
}

func TestPageDataMatchesManifest(t *testing.T) {
	m := testManifest(t)
	page, err := Page(m, Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := pageData(t, page)
	en, _ := templates.Language("en")
	words := mustWords(t, "en")
	if d.Letters {
		t.Error("a book without style.letters gave a lettered page")
	}
	m.Letters = true
	if lettered, err := Page(m, Options{}); err != nil || !pageData(t, lettered).Letters {
		t.Errorf("a book with style.letters gave a page without them (%v)", err)
	}
	m.Letters = false
	if d.Lang != "en" || d.Title != m.Title {
		t.Errorf("lang %q title %q, want en and %q", d.Lang, d.Title, m.Title)
	}
	if len(d.Puzzles) != len(m.Puzzles) {
		t.Fatalf("%d puzzles on the page, want the manifest's %d", len(d.Puzzles), len(m.Puzzles))
	}
	graderSteps := 0
	for i, p := range d.Puzzles {
		mp := m.Puzzles[i]
		if p.N != mp.Number {
			t.Errorf("puzzle %d: number %d, want %d", i, p.N, mp.Number)
		}
		if p.S < 0 || p.S >= len(d.Sections) {
			t.Fatalf("puzzle %d: section %d of %d", mp.Number, p.S, len(d.Sections))
		}
		if s := d.Sections[p.S]; s.Title != mp.Section || s.Level != en.Level(mp.Level) {
			t.Errorf("puzzle %d: section %+v, want %q at level %q", mp.Number, s, mp.Section, en.Level(mp.Level))
		}
		if puz := decodeCells(t, p.Cells); puz != mp.Puzzle {
			t.Errorf("puzzle %d: cells give\n %s\nwant\n %s", mp.Number, puz, mp.Puzzle)
		}
		sol := mp.Solution
		// The grader's stored steps are those of the rungs the page cannot
		// climb, each true of the solution.
		res, err := engine.Grade(engine.Classic9, engine.MustParseGrid(mp.Puzzle).Cells(), engine.GradeOptions{Steps: true})
		if err != nil {
			t.Fatal(err)
		}
		var beyond []engine.Step
		for _, s := range res.Steps {
			if _, ok := pageRungs[s.Technique]; !ok {
				beyond = append(beyond, s)
			}
		}
		if len(p.Hard) != len(beyond) {
			t.Fatalf("puzzle %d carries %d grader steps, want the %d past the page's rungs", mp.Number, len(p.Hard), len(beyond))
		}
		for k, step := range p.Hard {
			graderSteps++
			want := beyond[k]
			moves, say, _ := strings.Cut(step, "|")
			checkSay(t, engine.Classic9, words, want, say)
			code, placed, _ := strings.Cut(moves, "=")
			ti := strings.IndexByte(lines, code[0])
			if ti < 0 || ti >= len(d.Techs) || d.Techs[ti] != en.Technique(want.Technique.String()) {
				t.Errorf("puzzle %d step %d: technique %q, want %s", mp.Number, k, code[:1], want.Technique)
			}
			// Eliminations in a cell the step fills are left out.
			var wantEl, wantPl [][2]int
			for _, x := range want.Placements {
				wantPl = append(wantPl, [2]int{x.Cell, int(x.Digit)})
			}
			for _, e := range want.Eliminations {
				if !slices.ContainsFunc(wantPl, func(x [2]int) bool { return x[0] == e.Cell }) {
					wantEl = append(wantEl, [2]int{e.Cell, int(e.Digit)})
				}
			}
			elims, places := decodeCodes(t, code[1:]), decodeCodes(t, placed)
			if !slices.Equal(elims, wantEl) || !slices.Equal(places, wantPl) {
				t.Errorf("puzzle %d step %d (%s): codes give %v = %v, want %v = %v", mp.Number, k, want.Technique, elims, places, wantEl, wantPl)
			}
			for _, e := range elims {
				if int(sol[e[0]]-'0') == e[1] {
					t.Errorf("puzzle %d: step %q removes %d from %s, the solution's digit", mp.Number, step, e[1], engine.CellName(e[0]))
				}
			}
			for _, x := range places {
				if int(sol[x[0]]-'0') != x[1] {
					t.Errorf("puzzle %d: step %q places %d in %s, not the solution's digit", mp.Number, step, x[1], engine.CellName(x[0]))
				}
			}
		}
	}
	if graderSteps == 0 {
		t.Error("no puzzle carries grader steps; the test book should reach past the page's rungs")
	}
	// The titles, in order of first use, are the manifest's sections.
	var titles []string
	for _, p := range m.Puzzles {
		if !slices.Contains(titles, p.Section) {
			titles = append(titles, p.Section)
		}
	}
	var got []string
	for _, s := range d.Sections {
		got = append(got, s.Title)
	}
	if !slices.Equal(got, titles) {
		t.Errorf("sections %v, want %v", got, titles)
	}
}

func TestPageSample(t *testing.T) {
	m := testManifest(t)
	page, err := Page(m, Options{Puzzles: book.Range{Min: 4, Max: 6, Set: true}})
	if err != nil {
		t.Fatal(err)
	}
	var nums []int
	for _, p := range pageData(t, page).Puzzles {
		nums = append(nums, p.N)
	}
	if !slices.Equal(nums, []int{4, 5, 6}) {
		t.Errorf("puzzles %v, want 4, 5 and 6", nums)
	}
	_, err = Page(m, Options{Puzzles: book.Range{Min: 40, Max: 50, Set: true}})
	if !errors.Is(err, ErrNoPuzzles) {
		t.Errorf("a sample outside the book: err %v, want ErrNoPuzzles", err)
	}
}

// TestPageSelfContained: nothing on the page reaches out of it, and the
// book's own text cannot break out of its element.
func TestPageSelfContained(t *testing.T) {
	m := testManifest(t)
	m.Title = `Sudoku </script><script>alert(1)</script> & "friends"`
	page, err := Page(m, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// The SVG namespace is a name, not an address the page fetches.
	bare := bytes.ReplaceAll(page, []byte("'http://www.w3.org/2000/svg'"), nil)
	for _, bad := range []string{"http://", "https://", "//cdn", "<link", "src=", "@import", "url(", "</script><script>alert"} {
		if bytes.Contains(bare, []byte(bad)) {
			t.Errorf("the page contains %q", bad)
		}
	}
	if n := bytes.Count(page, []byte("<script")); n != 2 {
		t.Errorf("%d script elements, want 2 (data and code)", n)
	}
	if d := pageData(t, page); d.Title != m.Title {
		t.Errorf("title read back as %q, want %q", d.Title, m.Title)
	}
	if !bytes.Contains(page[:512], []byte(Marker)) {
		t.Errorf("Marker %q is not in the first 512 bytes", Marker)
	}
	again, _ := Page(m, Options{})
	if !bytes.Equal(page, again) {
		t.Error("the same manifest gave two different pages")
	}
}

// TestPageSize holds the page to its budget: at most 40 KB of code and
// style, and 2 KB more on a page that plays calcudoku or kakuro; about
// 200 bytes of data a puzzle (480 for the marked kinds).
func TestPageSize(t *testing.T) {
	files, err := shipped()
	if err != nil {
		t.Fatal(err)
	}
	// A book's page: the generator page's script, style and controls
	// (gen.js, gen.css, the page's {{if .Gen}} parts) are not on it, nor
	// the kind script and style ({{if .Kinds}}) but for a book of those
	// kinds.
	skeleton := regexp.MustCompile(`(?s)\{\{if \.(Gen|Kinds|Pics)\}\}.*?\{\{end\}\}`).ReplaceAllString(files["page.html"], "")
	code := len(files["play.js"]) + len(files["play.css"]) + len(skeleton)
	if code > 40*1024 {
		t.Errorf("code and style are %d bytes, want at most 40 KB", code)
	}
	// The kind script draws calcudoku cages and kakuro clue cells and
	// derives a kakuro's runs (kinds.go): 1,995 bytes with its style when
	// this was set.
	kinds := len(files["kinds.js"]) + len(files["kinds.css"])
	if kinds > 2*1024 {
		t.Errorf("the kind script and style are %d bytes, want at most 2 KB", kinds)
	}
	// The shapes in a hint's words (pics.js), on a page whose grids
	// print shapes: 684 bytes with its style when this was set.
	if pics := len(files["pics.js"]) + len(files["pics.css"]); pics > 1024 {
		t.Errorf("the shapes script and style are %d bytes, want at most 1 KB", pics)
	}
	m := testManifest(t)
	d, err := newData(m, book.Range{}, mustTexts(t, "en"), mustWords(t, "en"), nil)
	if err != nil {
		t.Fatal(err)
	}
	all, err := pack(d.Geoms, d.Puzzles)
	if err != nil {
		t.Fatal(err)
	}
	easy, _ := pack(d.Geoms, d.Puzzles[:5]) // easy and medium
	t.Logf("code and style %d bytes (%d more for calcudoku and kakuro); data %d bytes a puzzle over the test book (easy to extreme), %d over its easy and medium puzzles",
		code, kinds, len(all)/len(d.Puzzles), len(easy)/5)
	if n := len(all) / len(d.Puzzles); n > 200 {
		t.Errorf("a puzzle of the test book (half of them hard or harder) takes %d bytes, want at most 200", n)
	}
	if n := len(easy) / 5; n > 120 {
		t.Errorf("an easy or medium puzzle takes %d bytes, want at most 120", n)
	}
	// A killer carries its cages and the grader's steps past the page's
	// rungs: examples/killer.yaml's book (testdata/killer.json, its
	// manifest as built) within about 200 bytes a puzzle too.
	km := readManifest(t, "testdata/killer.json")
	kd, err := newData(km, book.Range{}, mustTexts(t, "en"), mustWords(t, "en"), nil)
	if err != nil {
		t.Fatal(err)
	}
	killers, err := pack(kd.Geoms, kd.Puzzles)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("examples/killer.yaml: data %d bytes a puzzle", len(killers)/len(kd.Puzzles))
	if n := len(killers) / len(kd.Puzzles); n > 200 {
		t.Errorf("a killer of examples/killer.yaml takes %d bytes, want at most 200", n)
	}
	// A marked puzzle carries its answer and its marks, and the grader's
	// steps of the marks' rungs, runs of one technique merged: 419 bytes
	// a puzzle of examples/variants.yaml when this was set (539 unmerged).
	vm, err := exampleBook("../examples/variants.yaml")
	if err != nil {
		t.Fatal(err)
	}
	vd, err := newData(vm, book.Range{}, mustTexts(t, "en"), mustWords(t, "en"), nil)
	if err != nil {
		t.Fatal(err)
	}
	marked, err := pack(vd.Geoms, vd.Puzzles)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("examples/variants.yaml: data %d bytes a puzzle", len(marked)/len(vd.Puzzles))
	if n := len(marked) / len(vd.Puzzles); n > 480 {
		t.Errorf("a puzzle of examples/variants.yaml takes %d bytes, want at most 480", n)
	}
}

func mustTexts(t *testing.T, code string) *templates.Texts {
	tx, err := templates.Language(code)
	if err != nil {
		t.Fatal(err)
	}
	return tx
}

func mustWords(t *testing.T, code string) map[string]string {
	w, err := Words(code)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

var (
	wordUseRE   = regexp.MustCompile(`\bT\.(\w+)|\btr\('(\w+)'|\.T\.(\w+)|\bT\[tech\]|'(npair|hpair|ntriple|htriple|nquad|hquad)'`)
	placeholdRE = regexp.MustCompile(`\{[a-z0-9]+\}`)
)

// TestWords: every language of the templates has the web edition's words,
// every word the page uses is there, with the placeholders English has.
func TestWords(t *testing.T) {
	en := mustWords(t, "en")
	var used []string
	for _, name := range []string{"play.js", "page.html", "kinds.js"} {
		b, _ := assets.ReadFile("assets/" + name)
		for _, m := range wordUseRE.FindAllStringSubmatch(string(b), -1) {
			for _, g := range m[1:] {
				if g != "" && g != "puzzle" {
					used = append(used, g)
				}
			}
		}
	}
	if len(used) < 40 {
		t.Fatalf("found only %d uses of words in the page; the pattern is out of date", len(used))
	}
	for _, k := range used {
		if _, ok := en[k]; !ok {
			t.Errorf("the page uses word %q, which en.yaml lacks", k)
		}
	}
	for _, code := range templates.Languages() {
		w, err := Words(code)
		if err != nil {
			t.Errorf("%s: %v", code, err)
			continue
		}
		var keys, enKeys []string
		for k := range w {
			keys = append(keys, k)
		}
		for k := range en {
			enKeys = append(enKeys, k)
		}
		sort.Strings(keys)
		sort.Strings(enKeys)
		if !slices.Equal(keys, enKeys) {
			t.Errorf("%s has words %v, want those of en %v", code, keys, enKeys)
		}
		for k, s := range w {
			g, e := placeholdRE.FindAllString(s, -1), placeholdRE.FindAllString(en[k], -1)
			sort.Strings(g)
			sort.Strings(e)
			if !slices.Equal(g, e) || strings.TrimSpace(s) == "" {
				t.Errorf("%s.%s = %q: placeholders %v, want %v as in English", code, k, s, g, e)
			}
		}
	}
}

func TestPageLanguage(t *testing.T) {
	m := testManifest(t)
	m.Language = "fr"
	page, err := Page(m, Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := pageData(t, page)
	if !bytes.Contains(page, []byte(`<html lang="fr">`)) || d.T["hint"] != "Indice" || d.T["puzzle"] != "Grille {number}" {
		t.Errorf("a French book's page: lang fr %v, hint %q, puzzle %q", bytes.Contains(page, []byte(`lang="fr"`)), d.T["hint"], d.T["puzzle"])
	}
	if d.Sections[1].Level != "Moyen" {
		t.Errorf("medium is %q on a French page, want Moyen", d.Sections[1].Level)
	}
	// The grader's harder steps carry no words: their techniques are
	// named once a page, in French, and the page words each step.
	fr := mustTexts(t, "fr")
	french := map[string]bool{}
	for _, v := range fr.Techniques {
		french[v] = true
	}
	for _, name := range d.Techs {
		if !french[name] {
			t.Errorf("technique %q of a French page is not a French name of templates/lang/fr.yaml", name)
		}
	}
	steps := 0
	for _, p := range d.Puzzles {
		steps += len(p.Hard)
	}
	if steps == 0 {
		t.Error("the test book's French page stores no harder steps: the test shows nothing")
	}
	m.Language = "xx"
	if _, err := Page(m, Options{}); err == nil {
		t.Error("a manifest in language xx made a page")
	}
}

// TestGeomOf: every variant's extra houses reach the page under the names
// the engine gives them, shaded; a jigsaw's regions come cell by cell.
func TestGeomOf(t *testing.T) {
	en := mustWords(t, "en")
	x, _ := engine.Lookup(engine.X, 9)
	hyper, _ := engine.Lookup(engine.Hyper, 9)
	six, _ := engine.Lookup(engine.Classic, 6)
	jig, err := engine.NewGeometry(engine.Jigsaw, 4, []uint8{0, 0, 1, 1, 0, 0, 1, 1, 2, 3, 3, 3, 2, 2, 2, 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		g     *engine.Geometry
		shade int
	}{{engine.Classic9, 0}, {x, 17}, {hyper, 36}, {six, 0}, {jig, 0}} {
		t.Run(fmt.Sprintf("%s-%d", c.g.Variant, c.g.N), func(t *testing.T) {
			d, _ := geomOf(c.g)
			if d.N != c.g.N || d.BW != c.g.BoxCols || d.BH != c.g.BoxRows || len(d.Shade) != c.shade {
				t.Errorf("geom %+v: want side %d, boxes %dx%d, %d shaded cells", d, c.g.N, c.g.BoxCols, c.g.BoxRows, c.shade)
			}
			if len(d.X) != len(c.g.Houses)-3*c.g.N {
				t.Fatalf("%d extra houses, want %d", len(d.X), len(c.g.Houses)-3*c.g.N)
			}
			for k, h := range d.X {
				u := 3*c.g.N + k
				name := strings.ReplaceAll(en[h[0].(string)], "{n}", fmt.Sprint(h[1]))
				if name != c.g.HouseName(u) {
					t.Errorf("extra house %d is called %q on the page, %q by the engine", k, name, c.g.HouseName(u))
				}
				var cells []int
				for _, v := range h[2:] {
					cells = append(cells, v.(int))
				}
				if !slices.Equal(cells, c.g.Houses[u]) {
					t.Errorf("extra house %d has cells %v, want %v", k, cells, c.g.Houses[u])
				}
			}
			if c.g.Variant == engine.Jigsaw {
				for i, r := range c.g.Regions {
					if d.Reg[i] != symbols[r] {
						t.Fatalf("cell %d in region %c, want %c", i, d.Reg[i], symbols[r])
					}
				}
			} else if d.Reg != "" {
				t.Errorf("a boxed grid carries a region map %q", d.Reg)
			}
		})
	}
}

// variantPage makes a book of generated puzzles of every kind the engine
// makes that a single page shows (X, hyper and jigsaw 9x9, classic 6x6,
// 4x4 jigsaw, X 12x12, classic 16x16, killers with and without givens),
// writes its manifest and reads it back as `sudokubook html` does, and
// returns the page's items as items() reads them and the page: the kinds
// reach the page through the manifest's records alone.
func variantPage(t testing.TB) ([]item, []byte) {
	t.Helper()
	gen := engine.NewGenerator()
	rng := rand.New(rand.NewPCG(3, 4))
	en, _ := templates.Language("en")
	words, _ := Words("en")
	var ps []engine.Puzzle
	var secs []string
	for _, kind := range []engine.Kind{{Variant: engine.X}, {Variant: engine.Hyper}, {Variant: engine.Jigsaw}, {Size: 6},
		{Variant: engine.Jigsaw, Size: 4}, {Variant: engine.X, Size: 12}, {Size: 16}, {Variant: engine.Samurai},
		{Variant: engine.Sohei}, {Variant: engine.Flower}} {
		levels := []engine.Level{engine.Easy, engine.Medium}
		if kind.Side() != 9 {
			levels = levels[:1] // small grids are easy by nature; big ones are slow to play through
		}
		for _, lv := range levels {
			var p engine.Puzzle
			for tries := 0; ; tries++ {
				var ok bool
				if p, ok = gen.Generate(rng, engine.Quota{Kind: kind, Level: lv, Count: 1, Symmetry: engine.SymNone}); ok {
					break
				}
				if tries > 2000 {
					t.Fatalf("no %s %s puzzle in 2000 tries", kind, lv)
				}
			}
			ps, secs = append(ps, p), append(secs, kind.String())
		}
	}
	// The two killers draw from the stream as the kinds above left it
	// when these killers were chosen, so that a change to another kind's
	// generation leaves them as they were: the page's play of a killer
	// parts from explain's path on many other killers (hints end without
	// a digit past the page's fifty steps, or take another rung first).
	killers := rand.NewPCG(0, 0)
	if err := killers.UnmarshalBinary([]byte("pcg:\xda\xbe\xdf\xc2\xaf\x8e\xc9\x74\xf1\x8e\x46\xfb\x40\xb7\x76\x22")); err != nil {
		t.Fatal(err)
	}
	rng = rand.New(killers)
	// A classic puzzle in killer dress: every row's three-cell runs in a
	// box are cages with the solution's sums, and the givens stay.
	for {
		p, ok := gen.Generate(rng, engine.Quota{Level: engine.Easy, Count: 1, Symmetry: engine.SymRotational})
		if !ok {
			continue
		}
		sol := p.SolutionCells()
		var cages []engine.Cage
		for i := 0; i < 81; i += 3 {
			cages = append(cages, engine.Cage{Sum: int(sol[i] + sol[i+1] + sol[i+2]), Cells: []int{i, i + 1, i + 2}})
		}
		geo, err := engine.Classic9.WithCages(cages)
		if err != nil {
			t.Fatal(err)
		}
		ps, secs = append(ps, engine.Puzzle{Geo: geo, Givens: p.Cells(), Answer: sol, Grading: p.Grading}), append(secs, "cages")
		break
	}
	// A real killer: cages from the engine's geometry, no givens; medium,
	// so that it needs the grader's stored steps (the rule of 45 and the
	// like) past the page's rungs, some of them met half done.
	for tries := 0; ; tries++ {
		if p, ok := gen.Killer(rng, engine.KillerQuota{Level: engine.Medium}); ok {
			ps, secs = append(ps, p), append(secs, "killer")
			break
		}
		if tries > 2000 {
			t.Fatal("no medium killer in 2000 tries")
		}
	}
	m := &book.Manifest{Title: "Variants", Generator: "sudokubook test"}
	for i, p := range ps {
		m.Puzzles = append(m.Puzzles, record(i+1, secs[i], p))
	}
	// Through JSON and back, as a built book's manifest reaches `html`.
	var buf bytes.Buffer
	if err := m.Write(&buf); err != nil {
		t.Fatal(err)
	}
	m, err := book.ReadManifest(&buf)
	if err != nil {
		t.Fatal(err)
	}
	its, err := items(m, book.Range{}, en)
	if err != nil {
		t.Fatal(err)
	}
	d, err := newData(m, book.Range{}, en, words, nil)
	if err != nil {
		t.Fatal(err)
	}
	page, err := render(d)
	if err != nil {
		t.Fatal(err)
	}
	return its, page
}

// record is the manifest's record of p, as book.NewManifest writes one.
func record(number int, sec string, p engine.Puzzle) book.ManifestPuzzle {
	geo := p.Geometry()
	r := book.ManifestPuzzle{Number: number, Section: sec, Variant: book.VariantOf(p.Geo).String(), Size: geo.N,
		Level: p.Grading.Level.String(), Rating: p.Grading.Rating.Float(), Hardest: p.Grading.Hardest.String(),
		Puzzle: geo.Format(p.Cells()), Solution: geo.Format(p.SolutionCells())}
	if geo.Variant == engine.Jigsaw {
		r.Regions = geo.RegionString()
	}
	for _, k := range geo.Cages {
		r.Cages = append(r.Cages, append([]int{k.Sum}, k.Cells...))
	}
	return r
}

// TestVariantData: each kind's cells and grid shape come back from the
// page as generated.
func TestVariantData(t *testing.T) {
	its, page := variantPage(t)
	d := pageData(t, page)
	if len(d.Puzzles) != len(its) {
		t.Fatalf("%d puzzles, want %d", len(d.Puzzles), len(its))
	}
	for i, p := range d.Puzzles {
		it := its[i]
		g := d.Geoms[p.Geo]
		want, _ := geomOf(it.geo)
		if fmt.Sprint(g) != fmt.Sprint(want) {
			t.Errorf("puzzle %d: geometry %+v, want %+v", p.N, g, want)
		}
		// The cages read back as the page's script reads them are the
		// manifest's.
		var cages, manifest [][]int
		for _, sum := range []byte(g.Sums) {
			cages = append(cages, []int{int(sum) - cageBase})
		}
		for i, ch := range []byte(g.Cages) {
			if k := int(ch) - cageBase; ch != ' ' {
				cages[k] = append(cages[k], i)
			}
		}
		for _, k := range it.geo.Cages {
			manifest = append(manifest, append([]int{k.Sum}, k.Cells...))
		}
		if !slices.EqualFunc(cages, manifest, slices.Equal[[]int]) {
			t.Errorf("puzzle %d: cages %v on the page, want the manifest's %v", p.N, cages, manifest)
		}
		w := it.geo.Width
		if len(p.Cells) != w*w {
			t.Fatalf("puzzle %d: %d places, want %d", p.N, len(p.Cells), w*w)
		}
		for place, ch := range p.Cells {
			// A figure's places out of play are blank; the others are
			// its cells in play, by place.
			c, in := it.geo.InPlay(place/w, place%w)
			if !in {
				if ch != '.' {
					t.Fatalf("puzzle %d place %d: %c out of play, want .", p.N, place, ch)
				}
				continue
			}
			if given := strings.IndexRune(symbols, ch) + 1; given != int(it.givens[c]) || given == 0 && ch != '.' {
				t.Fatalf("puzzle %d cell %d: %c, want given %d", p.N, c, ch, it.givens[c])
			}
		}
	}
}

// TestMinifySafe holds what the minifier relies on: no template literal
// (a line of one could start with "//"), no line continued by a backslash,
// and the shipped script keeps every statement of the source, in order.
func TestMinifySafe(t *testing.T) {
	b, err := assets.ReadFile("assets/play.js")
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	if strings.Contains(src, "`") {
		t.Error("play.js has a template literal; minifyJS cannot tell its lines from comments")
	}
	for k, line := range strings.Split(src, "\n") {
		if strings.HasSuffix(line, `\`) {
			t.Errorf("play.js line %d goes on past its end; minifyJS trims lines", k+1)
		}
	}
	got := minifyJS(src)
	if strings.Contains(got, "\n//") || strings.HasPrefix(got, "//") {
		t.Error("a comment line is left in the shipped script")
	}
	if !strings.Contains(got, "'use strict';var D=JSON.parse(") {
		t.Error("the shipped script lost a statement of play.js")
	}
	// Only white space and comments go: without them, the script and
	// the shipped one are the same characters.
	bare := func(s string) string {
		var b strings.Builder
		for _, line := range strings.Split(s, "\n") {
			if l := strings.TrimSpace(line); !strings.HasPrefix(l, "//") {
				b.WriteString(l)
			}
		}
		return regexp.MustCompile(`/\*.*?\*/|\s`).ReplaceAllString(b.String(), "")
	}
	if bare(got) != bare(src) {
		t.Error("the shipped script differs from play.js by more than white space and comments")
	}
	// The kind script (kinds.js) is shipped the same way.
	kb, err := assets.ReadFile("assets/kinds.js")
	if err != nil {
		t.Fatal(err)
	}
	if k := string(kb); strings.Contains(k, "`") || strings.Contains(k, "\\\n") || bare(minifyJS(k)) != bare(k) {
		t.Error("kinds.js has a template literal or a line continued, or lost more than white space and comments when shipped")
	}
	for _, c := range []struct{ in, want string }{
		{"var x = a + +b - -c;", "var x=a+ +b- -c;"},
		{"if (k in at) return /a b/.test(s) ? 'x  y' : t / 2 / u;", "if(k in at)return/a b/.test(s)?'x  y':t/2/u;"},
		{"f(/[/ ]x/g, \"a ' b\", (a) / 2); /* note */ g();", "f(/[/ ]x/g,\"a ' b\",(a)/2);g();"},
		{"e.textContent = m === '2' ? 'V' : 'X';", "e.textContent=m==='2'?'V':'X';"},
	} {
		if got := squeeze(c.in, true); got != c.want {
			t.Errorf("squeeze(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	// A line ending in { ( [ , or ; takes the next; one ending otherwise
	// (where a semicolon may be inserted) or holding // does not.
	if got, want := minifyJS("a = [\n  1,\n  2];\nif (x)\n  y();\n}\n(z);\nf('//');\ng();\n"), "a=[1,2];if(x)\ny();}\n(z);f('//');\ng();"; got != want {
		t.Errorf("minifyJS joins lines as %q, want %q", got, want)
	}
	if n, m := len(got), len(src); n >= m*9/10 {
		t.Errorf("the shipped script is %d bytes of %d: minifyJS cut less than a tenth", n, m)
	}
	css := minifyCSS("a { b: c; } /* x */\n  /* y\n z */ d { e: f; }\nb.x > :not(#y), p :hover { font: 1px \"A  B\", c; width: calc(1px * 2); }\n")
	// Lines end only where no token ends; a string keeps its ";}".
	if got, want := minifyCSS(".a,\n.b {\n  x: 1;\n  y: \";}\";\n}\n@media print {\n  .c d { z: 2; }\n}\n"), ".a,.b{x:1;y:\";}\"}@media print{.c d{z:2}}"; got != want {
		t.Errorf("minifyCSS joins a style as %q, want %q", got, want)
	}
	if want := "a{b:c}d{e:f}b.x>:not(#y),p :hover{font:1px \"A  B\",c;width:calc(1px * 2)}"; css != want {
		t.Errorf("minifyCSS = %q, want %q", css, want)
	}
}

// TestSayCodes holds the stored steps' words to the grader's notes over
// rated puzzles of every difficulty (the first 60 of se_rated, sample or
// full set), so every stored technique they need is read: the wings,
// fish, rectangles, chains and the rest.
func TestSayCodes(t *testing.T) {
	// The page builds the same characters: printable ASCII from "#" on
	// but "\\" and "|".
	var chars []byte
	for c := byte('#'); c <= '~'; c++ {
		if c != '\\' && c != '|' {
			chars = append(chars, c)
		}
	}
	if string(chars) != cellChars {
		t.Errorf("cellChars is %q, want %q as the page builds it", cellChars, chars)
	}
	words := mustWords(t, "en")
	grader := engine.NewGrader()
	said := map[string]int{}
	for _, line := range puzzlesets.Lines(t, "se_rated.tsv")[:60] {
		g, err := engine.ParseGrid(strings.Fields(line)[0])
		if err != nil {
			t.Fatal(err)
		}
		res, err := grader.Grade(engine.Classic9, g.Cells(), engine.GradeOptions{Steps: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range res.Steps {
			if _, ok := pageRungs[s.Technique]; ok {
				continue
			}
			say := strings.TrimPrefix(sayCode(engine.Classic9, s), "|")
			checkSay(t, engine.Classic9, words, s, say)
			key, _, _ := strings.Cut(say, "|")
			said[key]++
		}
	}
	// And the killers of examples/killer.yaml, past the page's rungs.
	m := readManifest(t, "testdata/killer.json")
	its, err := items(m, book.Range{}, mustTexts(t, "en"))
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range its {
		res, err := grader.Grade(it.geo, it.givens, engine.GradeOptions{Steps: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range res.Steps {
			if _, ok := pageRungs[s.Technique]; !ok {
				say := strings.TrimPrefix(sayCode(it.geo, s), "|")
				checkSay(t, it.geo, words, s, say)
				key, _, _ := strings.Cut(say, "|")
				said[key]++
			}
		}
	}
	t.Logf("templates used: %v", said)
	for _, key := range []string{"wing", "r45mi", "r45mo"} {
		if said[key] == 0 {
			t.Errorf("no step took template %s", key)
		}
	}
	if len(said) < 8 {
		t.Errorf("only %d templates used (%v): the set should reach the wings, fish and chains", len(said), said)
	}
}

// TestGeneratorKinds writes the generator page in German with a stand-in
// engine: it offers every kind and side the books print, up to the
// hardest level made there, each named as a German book heads it, no
// two alike, and carries the engine it was given.
func TestGeneratorKinds(t *testing.T) {
	page, err := Generator(GeneratorOptions{Language: "de", Engine: []byte("not wasm"), WasmExec: []byte("// exec")})
	if err != nil {
		t.Fatal(err)
	}
	d := pageData(t, page)
	want := 0
	for _, r := range engine.Kinds() {
		for _, s := range r.Sides {
			if s.Printed {
				want++
			}
		}
	}
	titles := map[string]bool{}
	for _, k := range d.Kinds {
		r, ok := engine.ParseFamily(k.Name)
		if ok != nil {
			t.Errorf("the page offers %q: %v", k.Name, ok)
			continue
		}
		info, _ := r.Info()
		if s, found := info.Side(k.Size); !found || !s.Printed || int(s.Hardest) != k.Hardest {
			t.Errorf("%s %d: offered up to level %d, the engine's side %+v", k.Name, k.Size, k.Hardest, s)
		}
		if titles[k.Title] {
			t.Errorf("two kinds are named %q", k.Title)
		}
		titles[k.Title] = true
	}
	if len(d.Kinds) != want {
		t.Errorf("the page offers %d kinds and sides, the books print %d", len(d.Kinds), want)
	}
	for _, name := range []string{"Zwillings-Sudoku", "Killer-Sudoku 6x6", "Sudoku 9x9"} {
		if !titles[name] {
			t.Errorf("no kind is named %q in German; the names are %v", name, titles)
		}
	}
	if !bytes.Contains(page, []byte(base64.StdEncoding.EncodeToString([]byte("not wasm")))) {
		t.Error("the page does not carry the engine it was given")
	}
}
