//go:build js && wasm

// Command wasm is the engine of the generator page, compiled to
// WebAssembly (GOOS=js GOARCH=wasm) and run in the page's workers: the
// page makes, proves and grades its puzzles, and finds its hints, with the
// same Go engine that makes the books, not a copy of it in JavaScript.
//
// It sets one global, sbEngine, with three functions, each taking and
// returning strings (JSON out):
//
//	generate(kind, size, level, seed)  a new puzzle of that kind (a row of
//	                                   the kind table), side and level
//	                                   (0 easy to 4 extreme); it posts
//	                                   {progress: tries} as it tries
//	open(kind, line)                   a puzzle in the line form (a shared
//	                                   link, a saved puzzle), proved unique
//	hint(kind, line, cells, lang, rc)  the grader's steps from the reader's
//	                                   grid (cells by the page's numbering)
//	                                   to its next digit, in words: as
//	                                   explain says them, and with cells
//	                                   named by the page's template rc
//
// A puzzle comes back as {kind, line, level, rating, clues, shape}: shape
// is web.Shape, the grid as the page draws and plays it. An error comes
// back as {error: "..."}.
//
// go generate in package web builds it (see web/internal/mkengine).
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"syscall/js"

	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/web"
	"github.com/sudokubook/sudokubook/wording"
)

// maxTries bounds one generate call: past it the page is told to try
// again (or another level), rather than waiting without end.
const maxTries = 5000

type made struct {
	Kind   string    `json:"kind"`
	Line   string    `json:"line"`
	Level  int       `json:"level"`
	Rating float64   `json:"rating"`
	Clues  int       `json:"clues"`
	Shape  web.Shape `json:"shape"`
}

type step struct {
	Note  string   `json:"note"`  // as explain writes it
	Words string   `json:"words"` // as the page shows it, cells in words
	Named []int    `json:"named"` // the cells the words name
	Tech  string   `json:"tech"`
	Elim  [][2]int `json:"elim"`
	Place [][2]int `json:"place"`
	Pat   []int    `json:"pat"`
}

var (
	gen    = engine.NewGenerator()
	grader = engine.NewGrader()
	words  = map[string]*wording.Words{}
)

func main() {
	api := js.Global().Get("Object").New()
	api.Set("generate", fn(func(a []js.Value) (any, error) {
		return generate(a[0].String(), a[1].Int(), a[2].Int(), uint64(a[3].Float()))
	}))
	api.Set("open", fn(func(a []js.Value) (any, error) { return open(a[0].String(), a[1].String()) }))
	api.Set("hint", fn(func(a []js.Value) (any, error) {
		return hint(a[0].String(), a[1].String(), a[2].String(), a[3].String(), a[4].String())
	}))
	js.Global().Set("sbEngine", api)
	js.Global().Call("postMessage", map[string]any{"ready": true})
	select {}
}

// fn wraps f as a JavaScript function returning JSON.
func fn(f func([]js.Value) (any, error)) js.Func {
	return js.FuncOf(func(_ js.Value, args []js.Value) any {
		v, err := f(args)
		if err != nil {
			v = map[string]string{"error": err.Error()}
		}
		b, _ := json.Marshal(v)
		return string(b)
	})
}

func kindOf(name string, size int) (engine.Kind, error) {
	f, err := engine.ParseFamily(name)
	if err != nil {
		return engine.Kind{}, err
	}
	if f.Variant.Multi() {
		size = 9
	}
	k := f.Kind(size)
	return k, k.Validate()
}

func generate(kind string, size, level int, seed uint64) (any, error) {
	k, err := kindOf(kind, size)
	if err != nil {
		return nil, err
	}
	if level < 0 || level >= int(engine.NumLevels) {
		return nil, fmt.Errorf("level %d out of range", level)
	}
	q := engine.Quota{Kind: k, Level: engine.Level(level), Count: 1}
	if err := q.Validate(); err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(seed, 0x5d0c))
	post := js.Global().Get("postMessage")
	for try := 1; try <= maxTries; try++ {
		p, ok := gen.Generate(rng, q)
		if ok {
			return describe(kind, p.Geometry(), p.Givens, p.Answer, p.Grading)
		}
		post.Invoke(map[string]any{"progress": try})
	}
	return nil, fmt.Errorf("no %s %s puzzle in %d tries", q.Level, kind, maxTries)
}

// open reads a puzzle in the line form and proves it has one solution.
func open(kind, line string) (any, error) {
	geo, givens, err := parse(kind, line)
	if err != nil {
		return nil, err
	}
	n, answer := engine.CountSolutions(geo, givens, 2)
	if n != 1 {
		return nil, fmt.Errorf("the puzzle has %d solutions, not one", n)
	}
	gr, err := grader.Grade(geo, givens, engine.GradeOptions{})
	if err != nil {
		return nil, err
	}
	return describe(kind, geo, givens, answer, gr)
}

func parse(kind, line string) (*engine.Geometry, []uint8, error) {
	f, err := engine.ParseFamily(kind)
	if err != nil {
		return nil, nil, err
	}
	geo, givens, err := engine.ParseLine(f.Variant, 0, line)
	if err != nil {
		return nil, nil, err
	}
	if geo.Family() != f {
		return nil, nil, errors.New("the line is not a " + kind)
	}
	return geo, givens, nil
}

func describe(kind string, geo *engine.Geometry, givens, answer []uint8, gr engine.Grading) (any, error) {
	return made{Kind: kind, Line: engine.FormatLine(geo, givens), Level: int(gr.Level), Rating: float64(gr.Rating) / 10,
		Clues: engine.CountClues(givens), Shape: web.ShapeOf(geo, givens, answer)}, nil
}

// hint grades the reader's grid (the puzzle's givens and the reader's
// digits, which the page has checked against the solution) and tells the
// steps up to and with the first that places a digit, each with the cells
// its words name, which the page marks.
func hint(kind, line, cells, lang, rc string) (any, error) {
	geo, givens, err := parse(kind, line)
	if err != nil {
		return nil, err
	}
	grid := placed(geo, givens, cells)
	w, ok := words[lang]
	if !ok {
		if w, err = wording.New(lang); err != nil {
			return nil, err
		}
		words[lang] = w
	}
	said := w.Spoken(rc)
	gr, err := grader.Grade(geo, grid, engine.GradeOptions{Steps: true})
	if err != nil {
		return nil, err
	}
	b := engine.NewBoardOn(geo, grid)
	var out []step
	for i := range gr.Steps {
		s := &gr.Steps[i]
		st := step{Note: w.Step(geo, &b, *s), Words: said.Step(geo, &b, *s), Named: []int{},
			Tech: s.Technique.String(), Elim: [][2]int{}, Place: [][2]int{}, Pat: []int{}}
		for _, e := range s.Eliminations {
			st.Elim = append(st.Elim, [2]int{geo.Place(e.Cell), int(e.Digit)})
		}
		for _, x := range s.Placements {
			st.Place = append(st.Place, [2]int{geo.Place(x.Cell), int(x.Digit)})
		}
		for _, c := range s.Pattern.Cells() {
			st.Pat = append(st.Pat, geo.Place(c))
		}
		for _, c := range wording.Named(geo, *s) {
			st.Named = append(st.Named, geo.Place(c))
		}
		b.Apply(s)
		out = append(out, st)
		if len(s.Placements) > 0 || len(out) == 50 {
			break
		}
	}
	return map[string]any{"steps": out}, nil
}

// placed is the givens with the reader's digits (cells, a symbol a place
// of the bounding box, "." for none) written in.
func placed(geo *engine.Geometry, givens []uint8, cells string) []uint8 {
	grid := append([]uint8(nil), givens...)
	for i := range grid {
		if p := geo.Place(i); grid[i] == 0 && p < len(cells) {
			if d := strings.IndexByte("123456789ABCDEFG", cells[p]); d >= 0 && d < geo.N {
				grid[i] = uint8(d + 1)
			}
		}
	}
	return grid
}
