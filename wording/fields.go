package wording

import "github.com/sudokubook/sudokubook/engine"

// Kind says how a field's value is written.
type Kind uint8

const (
	Raw          Kind = iota // notation, the same in every language: Text, naming Cells
	CellsAnd                 // "r1c1, r1c2 and r1c3"
	CellsOr                  // "r1c1 or r1c2": one of them
	CellsComma               // "r1c1, r1c2": what a step strikes
	CellsLink                // "r1c1=r1c2": a strong link
	CellsChain               // "r1c1=r1c2-r3c2=r3c5": links and weak links in turn
	CellsPlus                // "r1c1+r1c2": cells with a known sum
	CellDigits               // "r1c1 {1,2} and r1c5 {2,3}": Cells, each with Sets[i]
	DigitsAnd                // "1 and 2"
	DigitsOr                 // "1 or 2"
	DigitSet                 // "{1,2}"
	Houses                   // "row 2 and box 5"
	Lines                    // a fish's lines: "rows 2 and 7"
	Sets                     // digit sets a sum leaves: "must be 1+2", "can only be 1+2 or 3+4"
	Number                   // N in decimal
	Template                 // the template Text filled with Parts
	TemplateList             // the fields of List, joined by the template Text
)

// Field is one placeholder's value in a step's template: its name there
// (the {name}), how it reads, and what it reads.
type Field struct {
	Name   string
	Kind   Kind
	Cells  []int
	Digits uint32
	Houses []int
	Sets   []uint32
	N      int
	Text   string
	Parts  []Field // Template
	List   []Field // TemplateList
}

func cells(name string, k Kind, cs ...int) Field { return Field{Name: name, Kind: k, Cells: cs} }
func digits(name string, k Kind, m uint32) Field { return Field{Name: name, Kind: k, Digits: m} }
func houses(name string, us ...int) Field        { return Field{Name: name, Kind: Houses, Houses: us} }
func lines(name string, us ...int) Field         { return Field{Name: name, Kind: Lines, Houses: us} }
func raw(name, text string) Field                { return Field{Name: name, Kind: Raw, Text: text} }
func number(name string, n int) Field            { return Field{Name: name, Kind: Number, N: n} }
func sets(name string, ms []uint32) Field        { return Field{Name: name, Kind: Sets, Sets: ms} }

// words is the template key filled with fields, as the value of name.
func words(name, key string, fields ...Field) Field {
	return Field{Name: name, Kind: Template, Text: key, Parts: fields}
}

// cell is a part's first cell; digit, digs and set its digits, as one
// digit, digits and a candidate set.
func cell(name string, p engine.Part) Field  { return cells(name, CellsAnd, p.Cells[0]) }
func digit(name string, p engine.Part) Field { return digits(name, DigitsAnd, p.Digits) }
func set(name string, p engine.Part) Field   { return digits(name, DigitSet, p.Digits) }
func house(name string, p engine.Part) Field { return houses(name, p.Houses...) }
func all(name string, p engine.Part) Field   { return cells(name, CellsAnd, p.Cells...) }
func oneOf(name string, p engine.Part) Field { return cells(name, CellsOr, p.Cells...) }
func link(name string, p engine.Part) Field  { return cells(name, CellsLink, p.Cells...) }
func plus(name string, p engine.Part) Field  { return cells(name, CellsPlus, p.Cells...) }
func text(name string, p engine.Part) Field {
	return Field{Name: name, Kind: Raw, Text: p.Text, Cells: p.Cells}
}
func single(m uint32) bool                         { return m != 0 && m&(m-1) == 0 }
func struck(s engine.Step) []int                   { return uniqueCells(s.Eliminations) }
func struckField(name string, s engine.Step) Field { return cells(name, CellsComma, struck(s)...) }

// uniqueCells lists the cells of elims, in order, each once.
func uniqueCells(elims []engine.Elimination) []int {
	var out []int
	seen := map[int]bool{}
	for _, e := range elims {
		if !seen[e.Cell] {
			seen[e.Cell] = true
			out = append(out, e.Cell)
		}
	}
	return out
}

// Named lists the cells step s's words name on geo, each once: those of
// its fields and of its moves. A reader's page marks them.
func Named(geo *engine.Geometry, s engine.Step) []int {
	seen := map[int]bool{}
	var out []int
	add := func(c int) {
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	var walk func(fs []Field)
	walk = func(fs []Field) {
		for _, f := range fs {
			for _, c := range f.Cells {
				add(c)
			}
			walk(f.Parts)
			walk(f.List)
		}
	}
	_, fields := Fields(geo, s)
	walk(fields)
	for _, e := range s.Eliminations {
		add(e.Cell)
	}
	for _, p := range s.Placements {
		add(p.Cell)
	}
	return out
}
