package book

import (
	"github.com/sudokubook/sudokubook/engine"
)

// Variant is a section's kind of puzzle as the spec names it: a row of
// the engine's kind table (engine.Kinds), whose name it reads and writes.
// The zero Variant is classic.
type Variant = engine.Family

// variants lists every name the spec accepts, in the order messages give
// them: the rows of the kind table.
var variants = func() []Variant {
	var out []Variant
	for _, r := range engine.Kinds() {
		out = append(out, r.Family())
	}
	return out
}()

// ParseVariant reads a variant's name in any case.
func ParseVariant(s string) (Variant, error) { return engine.ParseFamily(s) }

func variantList() string { return engine.FamilyList() }

// Kind is the engine kind of the section's grids: its base variant on its
// side (9 when size is not set).
func (sec SectionSpec) Kind() engine.Kind {
	n := sec.Size
	if n == 0 {
		n = 9
	}
	return sec.Variant.Kind(n)
}

// Classic reports whether the section prints classic 9x9 puzzles.
func (sec SectionSpec) Classic() bool {
	return sec.Variant == Variant{} && sec.Kind().Side() == 9
}

// VariantOf is the spec's name for the kind of a puzzle's geometry.
func VariantOf(g *engine.Geometry) Variant {
	if g == nil {
		return Variant{}
	}
	return g.Family()
}

// canPrint reports whether the layout draws sections of variant v at side
// n, as the kind table says; Validate refuses every other kind with
// "cannot be printed yet", so a build never prints a wrong book.
// A test swaps it to check kinds the layout does not draw.
var canPrint = func(v Variant, n int) bool {
	r, _ := v.Info()
	s, ok := r.Side(n)
	return ok && s.Printed
}

// Engine is the puzzle as the engine holds it (without its grading), for
// the readers of its geometry and cells.
func (p Puzzle) Engine() engine.Puzzle {
	return engine.Puzzle{Geo: p.Geo, Givens: p.Givens, Answer: p.Answer}
}

// Geometry is the puzzle's engine geometry.
func (p Puzzle) Geometry() *engine.Geometry { return p.Engine().Geometry() }

// Cells is the puzzle's givens on any geometry, in the engine's numbering
// (0 for a blank).
func (p Puzzle) Cells() []uint8 { return p.Engine().Cells() }

// SolutionCells is the puzzle's solution on any geometry.
func (p Puzzle) SolutionCells() []uint8 { return p.Engine().SolutionCells() }

// Variant is the spec's name for the puzzle's kind.
func (p Puzzle) Variant() Variant { return VariantOf(p.Geometry()) }

// symbolWidth is how many characters the widest symbol of a side-n grid
// takes: two for the numbers 10 to 16, one for digits or letters.
func symbolWidth(n int, letters bool) int {
	if n > 9 && !letters {
		return 2
	}
	return 1
}

// PrintableKind is a kind the layout draws: a variant at a grid side.
type PrintableKind struct {
	Variant Variant
	Side    int
}

// PrintableKinds lists the kinds the layout draws, in the order of the
// variants' names.
func PrintableKinds() []PrintableKind {
	var out []PrintableKind
	for _, r := range engine.Kinds() {
		for _, sd := range r.Sides {
			if sd.Printed {
				out = append(out, PrintableKind{r.Family(), sd.N})
			}
		}
	}
	return out
}
