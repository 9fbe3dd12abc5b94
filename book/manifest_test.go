package book

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sudokubook/sudokubook/engine"
)

func testBook(t testing.TB) *Book {
	t.Helper()
	s := load(t, "title: M\nseed: 42\nsections:\n  - {level: easy, count: 2}\n  - {level: hard, count: 1, title: Tough}\n")
	b, err := Assemble(s, [][]engine.Puzzle{
		{puzzleOf(0, 2, engine.Easy), puzzleOf(1, 3, engine.Easy)},
		{puzzleOf(2, 4, engine.Hard)},
	})
	if err != nil {
		t.Fatalf("Assemble: %v", err)
	}
	return b
}

func testPages() PageMap {
	return PageMap{Puzzle: map[int]int{1: 5, 2: 5, 3: 6}, Solution: map[int]int{1: 8, 2: 8, 3: 8}, Pages: 8}
}

func TestManifestRoundTrip(t *testing.T) {
	b := testBook(t)
	files := ManifestFiles{PNG: map[int]string{1: "png/puzzle-001.png", 3: "png/puzzle-003.png"}, SolutionPNG: map[int]string{1: "png/solution-001.png"}}
	var buf bytes.Buffer
	if err := WriteManifest(&buf, b, testPages(), files); err != nil {
		t.Fatalf("WriteManifest: %v", err)
	}
	m, err := ReadManifest(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatalf("ReadManifest: %v\n%s", err, buf.String())
	}
	if m.Title != "M" || m.Seed != 42 || m.PDF != "book.pdf" || m.Pages != 8 {
		t.Errorf("header: got %q seed %d pdf %q pages %d, want M, 42, book.pdf, 8", m.Title, m.Seed, m.PDF, m.Pages)
	}
	if len(m.Puzzles) != 3 {
		t.Fatalf("got %d puzzles, want 3", len(m.Puzzles))
	}
	pm := testPages()
	for i, got := range m.Puzzles {
		p := b.At(i)
		want := ManifestPuzzle{
			Number: p.Number, Section: b.Sections[p.Section].Title, Variant: "classic", Size: 9, Level: p.Level.String(),
			Clues: p.Clues, Score: p.Score, Hardest: "hidden single",
			Puzzle: engine.Grid(p.Givens).String(), Solution: engine.Grid(p.Answer).String(),
			Page: pm.Puzzle[p.Number], SolutionPage: pm.Solution[p.Number],
			PNG: files.PNG[p.Number], SolutionPNG: files.SolutionPNG[p.Number],
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("puzzle %d:\ngot  %+v\nwant %+v", i+1, got, want)
		}
		g, err := engine.ParseGrid(got.Puzzle)
		if err != nil || g != engine.Grid(p.Givens) {
			t.Errorf("puzzle %d: grid %q does not read back (%v)", i+1, got.Puzzle, err)
		}
	}
	if m.Puzzles[2].Section != "Tough" || m.Puzzles[0].Section != "Easy" {
		t.Errorf("sections: got %q and %q, want Easy and Tough", m.Puzzles[0].Section, m.Puzzles[2].Section)
	}

	// The JSON itself: indented, with the documented keys, and png left
	// out where there is none.
	text := buf.String()
	for _, want := range []string{"\n  \"title\": \"M\"", `"pdf": "book.pdf"`, `"solution_page": 8`, `"png": "png/puzzle-001.png"`, `"hardest": "hidden single"`} {
		if !strings.Contains(text, want) {
			t.Errorf("manifest JSON lacks %s:\n%s", want, text)
		}
	}
	var raw struct{ Puzzles []map[string]any }
	if err := json.Unmarshal(buf.Bytes(), &raw); err != nil {
		t.Fatal(err)
	}
	if _, ok := raw.Puzzles[1]["png"]; ok {
		t.Errorf("puzzle 2 has a png key, want it left out: %v", raw.Puzzles[1])
	}
	// Lettering is recorded only when the spec asks for it, so other
	// manifests stay as they were.
	if strings.Contains(text, "letters") {
		t.Errorf("a book without style.letters has a letters key:\n%s", text)
	}
	b.Spec.Style.Letters = true
	buf.Reset()
	if err := WriteManifest(&buf, b, testPages(), files); err != nil {
		t.Fatal(err)
	}
	if m, err := ReadManifest(&buf); err != nil || !m.Letters {
		t.Errorf("a book with style.letters: manifest letters %v (%v), want true", m != nil && m.Letters, err)
	}
}

func TestManifestRefusesMissingPage(t *testing.T) {
	b := testBook(t)
	cases := []struct {
		name string
		edit func(*PageMap)
		want string
	}{
		{"no page", func(pm *PageMap) { delete(pm.Puzzle, 2) }, "puzzle 2 has no page"},
		{"no solution page", func(pm *PageMap) { delete(pm.Solution, 3) }, "puzzle 3 has no solution page"},
		{"page past the end", func(pm *PageMap) { pm.Puzzle[1] = 9 }, "puzzle 1 is placed on pages 9 and 8 of a 8-page PDF"},
		{"page zero", func(pm *PageMap) { pm.Solution[1] = 0 }, "puzzle 1 is placed on pages 5 and 0"},
		{"empty map", func(pm *PageMap) { *pm = PageMap{} }, "puzzle 1 has no page; puzzle 2 has no page; puzzle 3 has no page"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pm := testPages()
			c.edit(&pm)
			var buf bytes.Buffer
			err := WriteManifest(&buf, b, pm, ManifestFiles{})
			if !errors.Is(err, ErrManifest) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("WriteManifest error %v, want ErrManifest containing %q", err, c.want)
			}
			if buf.Len() != 0 {
				t.Errorf("WriteManifest wrote %d bytes while refusing", buf.Len())
			}
		})
	}
}

func TestReadManifestRefuses(t *testing.T) {
	good := `{"title":"T","seed":1,"pdf":"book.pdf","pages":1,"puzzles":[{"number":1,"section":"Easy","level":"easy","clues":30,"score":1,"hardest":"full house","puzzle":"` + strings.Repeat(".", 81) + `","solution":"` + strings.Repeat("1", 81) + `","page":1,"solution_page":1}]}`
	if _, err := ReadManifest(strings.NewReader(good)); err != nil {
		t.Fatalf("ReadManifest(good): %v", err)
	}
	cases := []struct{ name, in, want string }{
		{"unknown field", strings.Replace(good, `"pages"`, `"pagez"`, 1), "unknown field"},
		{"short grid", strings.Replace(good, strings.Repeat(".", 81), "...", 1), `puzzle "..." is not 81 cells`},
		{"bad cell", strings.Replace(good, strings.Repeat("1", 81), strings.Repeat("1", 80)+"x", 1), "solution"},
		{"trailing data", good + " {}", "data after the manifest"},
		{"not json", "title: T", "invalid character"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ReadManifest(strings.NewReader(c.in))
			if !errors.Is(err, ErrManifest) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("ReadManifest error %v, want ErrManifest containing %q", err, c.want)
			}
		})
	}
}

// TestManifestRatingAndTrial: the manifest carries each puzzle's SE-scale
// rating with one decimal, and "trial" only for a puzzle whose solve needed
// trial and error.
func TestManifestRatingAndTrial(t *testing.T) {
	b := testBook(t)
	b.Sections[0].Puzzles[0].Rating = 23
	b.Sections[1].Puzzles[0].Rating = 90
	b.Sections[1].Puzzles[0].Hardest = engine.Bifurcation
	var buf bytes.Buffer
	if err := WriteManifest(&buf, b, testPages(), ManifestFiles{}); err != nil {
		t.Fatalf("WriteManifest: %v", err)
	}
	m, err := ReadManifest(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatalf("ReadManifest: %v", err)
	}
	got := [][2]any{}
	for _, p := range m.Puzzles {
		got = append(got, [2]any{p.Rating, p.Trial})
	}
	want := [][2]any{{2.3, false}, {0.0, false}, {9.0, true}}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("puzzle %d: rating, trial = %v, want %v", i+1, got[i], want[i])
		}
	}
	if text := buf.String(); !strings.Contains(text, `"rating": 2.3`) || strings.Count(text, `"trial": true`) != 1 {
		t.Errorf("manifest JSON: want \"rating\": 2.3 and one \"trial\": true:\n%s", text)
	}
}

// TestManifestWriteMatchesMarshalIndent: Write streams the manifest a
// record at a time; its bytes must stay those of marshalling the whole
// manifest at once, as earlier books were written, whatever the records
// hold (killer cages, jigsaw regions, characters JSON escapes, optional
// fields set or not) and with no puzzle at all.
func TestManifestWriteMatchesMarshalIndent(t *testing.T) {
	full := func(t *testing.T) *Manifest {
		m, err := NewManifest(testBook(t), testPages(), ManifestFiles{PNG: map[int]string{2: "png/p<2>.png"}})
		if err != nil {
			t.Fatalf("NewManifest: %v", err)
		}
		m.Generator, m.Cover, m.Letters = "sudokubook 0.1.0", "cover.pdf", true
		m.Print = &ManifestPrint{TrimW: 612, TrimH: 792, Top: 36.5}
		m.Puzzles[0].Cages = [][]int{{10, 0, 1}, {3, 2}}
		m.Puzzles[1].Regions = strings.Repeat("123456789", 9)
		m.Puzzles[1].Section = "Tough & \"hard\" <ones>"
		return m
	}
	for _, tc := range []struct {
		name string
		m    func(t *testing.T) *Manifest
	}{
		{"full", full},
		{"one puzzle", func(t *testing.T) *Manifest { m := full(t); m.Puzzles = m.Puzzles[:1]; return m }},
		{"no puzzle", func(t *testing.T) *Manifest { m := full(t); m.Puzzles = []ManifestPuzzle{}; return m }},
		{"bare", func(t *testing.T) *Manifest { return &Manifest{Title: "T", Puzzles: []ManifestPuzzle{}} }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := tc.m(t)
			want, err := json.MarshalIndent(m, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			want = append(want, '\n')
			var got bytes.Buffer
			if err := m.Write(&got); err != nil {
				t.Fatalf("Write: %v", err)
			}
			if !bytes.Equal(got.Bytes(), want) {
				t.Errorf("Write differs from MarshalIndent:\ngot  %s\nwant %s", got.Bytes(), want)
			}
		})
	}
}

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// TestManifestWriteReportsError: a failed write is reported, not lost in
// the buffering.
func TestManifestWriteReportsError(t *testing.T) {
	m, err := NewManifest(testBook(t), testPages(), ManifestFiles{})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Write(failWriter{}); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("Write to a failing writer: got %v, want the writer's error", err)
	}
}

// TestBookManifestStreams holds BookManifest to NewManifest's bytes and
// records while holding no record itself: a build writes the manifest
// of 20,000 puzzles without the 10 MB of records at once.
func TestBookManifestStreams(t *testing.T) {
	b := testBook(t)
	files := ManifestFiles{PNG: map[int]string{2: "png/puzzle-002.png"}}
	whole, err := NewManifest(b, testPages(), files)
	if err != nil {
		t.Fatalf("NewManifest: %v", err)
	}
	lazy, err := BookManifest(b, testPages(), files)
	if err != nil {
		t.Fatalf("BookManifest: %v", err)
	}
	if len(lazy.Puzzles) != 0 {
		t.Errorf("BookManifest holds %d records, want none", len(lazy.Puzzles))
	}
	for _, m := range []*Manifest{whole, lazy} {
		m.Generator, m.Print = "sudokubook 0.1.0", &ManifestPrint{TrimW: 612}
	}
	var got, want bytes.Buffer
	if err := lazy.Write(&got); err != nil {
		t.Fatalf("Write: %v", err)
	}
	if err := whole.Write(&want); err != nil {
		t.Fatalf("Write: %v", err)
	}
	if !bytes.Equal(got.Bytes(), want.Bytes()) {
		t.Errorf("BookManifest writes\n%s\nNewManifest writes\n%s", got.Bytes(), want.Bytes())
	}
	if w := lazy.Whole(); !reflect.DeepEqual(w.Puzzles, whole.Puzzles) || len(w.Puzzles) != 3 {
		t.Errorf("Whole lists %+v, want %+v", w.Puzzles, whole.Puzzles)
	}
	if _, err := BookManifest(b, PageMap{}, files); !errors.Is(err, ErrManifest) {
		t.Errorf("BookManifest of an empty page map: %v, want ErrManifest", err)
	}
}

// FuzzReadManifest: ReadManifest reads manifests from outside (exclude:,
// bank record, html, check --manifest): on anything it returns a
// manifest or an error wrapping ErrManifest, never a panic, and what it
// accepts writes out as a manifest it reads back the same, whose records
// all give their puzzles.
func FuzzReadManifest(f *testing.F) {
	var buf bytes.Buffer
	if err := WriteManifest(&buf, testBook(f), testPages(), ManifestFiles{PNG: map[int]string{1: "png/puzzle-001.png"}}); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	f.Add([]byte(`{"title":"T","seed":1,"pdf":"book.pdf","pages":1,"print":{"trim_w_pt":432,"trim_h_pt":648,"gutter_pt":-1},"puzzles":[{"number":1,"section":"Easy","level":"easy","clues":30,"score":1,"hardest":"full house","puzzle":"` + strings.Repeat(".", 81) + `","solution":"` + strings.Repeat("1", 81) + `","page":1,"solution_page":1}]}`))
	for _, name := range []string{"manifest.json", "kinds.json", "killer.json"} {
		// The web edition's test manifests: kinds, regions and cages.
		data, err := os.ReadFile(filepath.Join("..", "web", "testdata", name))
		if err != nil {
			f.Fatalf("seed corpus: %v", err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ReadManifest(bytes.NewReader(data))
		if err != nil {
			if m != nil || !errors.Is(err, ErrManifest) {
				t.Fatalf("got %v and %v, want no manifest and an error wrapping ErrManifest", m, err)
			}
			return
		}
		if m.Print != nil {
			m.Print.Validate()
		}
		for p := range m.Records() {
			if p.Variant == "" && p.Size == 0 {
				continue // a record from before kinds: its grids are only checked for form
			}
			if _, err := p.Engine(); err != nil {
				t.Fatalf("ReadManifest accepted record %d whose puzzle does not read: %v", p.Number, err)
			}
		}
		var once, twice bytes.Buffer
		if err := m.Write(&once); err != nil {
			t.Fatalf("Write of an accepted manifest: %v", err)
		}
		back, err := ReadManifest(bytes.NewReader(once.Bytes()))
		if err != nil {
			t.Fatalf("the manifest ReadManifest accepted, written out, reads as %v:\n%s", err, once.Bytes())
		}
		if err := back.Write(&twice); err != nil || !bytes.Equal(once.Bytes(), twice.Bytes()) {
			t.Fatalf("written twice, the manifest differs (%v):\n%s\n%s", err, once.Bytes(), twice.Bytes())
		}
	})
}
