//go:build !js

package web

import (
	"bytes"
	"embed"
	"encoding/base64"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/templates"
)

//go:generate go run ./internal/mkengine -o wasmbin

// wasmFS is the generator page's engine, built by go generate (see
// wasmbin/README.md); only the README is committed, so a binary built
// without go generate has no engine and says so.
//
//go:embed wasmbin
var wasmFS embed.FS

// ErrNoEngine is returned for a generator page when this program was built
// without its browser engine.
var ErrNoEngine = errors.New("this sudokubook was built without the browser engine: run `go generate ./web` before `go build` (release binaries have it)")

// GeneratorOptions choose the generator page's words and engine.
type GeneratorOptions struct {
	Language string // "en" when empty
	// Engine and WasmExec are the engine (web/wasm, gzipped) and the Go
	// distribution's wasm_exec.js; empty, the ones built into this
	// program.
	Engine, WasmExec []byte
}

// ErrNotOurs is Replaceable's refusal.
var ErrNotOurs = errors.New("exists and is not a page sudokubook wrote; not replacing it")

// Replaceable reports whether path may be replaced by a page: it is
// absent, or a page this package wrote (Marker in its first 512 bytes).
// A -o pointed at the wrong file must not cost the reader that file.
func Replaceable(path string) error {
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	head := make([]byte, 512)
	n, _ := f.Read(head)
	if !bytes.Contains(head[:n], []byte(Marker)) {
		return fmt.Errorf("%s %w", path, ErrNotOurs)
	}
	return nil
}

// CheckLanguage reports whether the web pages have words in language
// code ("" is the default, English).
func CheckLanguage(code string) error {
	if code == "" {
		return nil
	}
	if _, err := templates.Language(code); err != nil {
		return err
	}
	_, err := Words(code)
	return err
}

// genKind is one kind at one side the generator page offers.
type genKind struct {
	Name    string `json:"k"`
	Size    int    `json:"n"`
	Hardest int    `json:"top"` // the hardest level made there
	Title   string `json:"t"`   // its name in the page's language
}

// kindTitle is a kind's name at side n in the page's language, as a
// book's section heads it: "Killer Sudoku 6x6", "9x9 Sudoku"; the kind's
// own name where the language has none for it. A Latin square or a
// kakuro has no side a reader takes for granted, so its 9x9 is named too.
func kindTitle(texts *templates.Texts, r engine.KindInfo, n int) string {
	k, ok := texts.Kinds[r.Name]
	if !ok || k.Name == "" {
		return r.Name
	}
	side := strconv.Itoa(n)
	title := templates.Fill(k.Name, "n", side)
	usual := n == 9 && r.Variant != engine.Latin && r.Variant != engine.Kakuro
	if !usual && !strings.Contains(k.Name, "{n}") {
		title += " " + side + "x" + side
	}
	return title
}

// Generator returns the generator page: one HTML file that makes new
// puzzles of every kind and level the engine makes, in the browser, with
// the engine compiled to WebAssembly inside it, and plays them.
func Generator(opt GeneratorOptions) ([]byte, error) {
	texts, words, err := language(opt.Language)
	if err != nil {
		return nil, err
	}
	if opt.Engine == nil || opt.WasmExec == nil {
		z, zerr := wasmFS.ReadFile("wasmbin/engine.wasm.gz")
		x, xerr := wasmFS.ReadFile("wasmbin/wasm_exec.js")
		if zerr != nil || xerr != nil {
			return nil, ErrNoEngine
		}
		opt.Engine, opt.WasmExec = z, x
	}
	d, err := dataOf(words["gentitle"], nil, texts, words)
	if err != nil {
		return nil, err
	}
	d.generator = "sudokubook generator page"
	// The page's script adds to these as it makes puzzles.
	d.Sections, d.Geoms, d.Puzzles = []section{}, []geom{}, []puzzle{}
	for _, l := range engine.Levels() {
		d.Levels = append(d.Levels, texts.Level(l.String()))
	}
	for _, r := range engine.Kinds() {
		for _, s := range r.Sides {
			if !s.Printed {
				continue
			}
			d.Kinds = append(d.Kinds, genKind{Name: r.Name, Size: s.N, Hardest: int(s.Hardest), Title: kindTitle(texts, r, s.N)})
		}
	}
	// Two kinds the language names alike (kropki with every dot and with
	// some) are told apart by the engine's names.
	seen := map[string]int{}
	for _, k := range d.Kinds {
		seen[k.Title]++
	}
	for i, k := range d.Kinds {
		if seen[k.Title] > 1 {
			d.Kinds[i].Title += " (" + k.Name + ")"
		}
	}
	if len(d.Kinds) == 0 {
		return nil, fmt.Errorf("the engine makes no kind")
	}
	d.Most = engine.MaxSide
	d.gen = &genPage{engine: base64.StdEncoding.EncodeToString(opt.Engine), exec: string(opt.WasmExec)}
	return render(d)
}

// genPage is what the generator page carries besides a book's page: the
// engine in base64 and its loader.
type genPage struct{ engine, exec string }
