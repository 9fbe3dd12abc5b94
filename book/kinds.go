package book

import (
	"fmt"
	"strings"

	"github.com/sudokubook/sudokubook/engine"
)

// Variant is a section's kind of puzzle as the spec names it: one of the
// engine's variants, or killer cages drawn on a classic or x grid. The
// zero Variant is classic.
type Variant struct {
	Base   engine.Variant
	Killer bool
}

// variants lists every name the spec accepts, in the order messages give
// them. killer-x is killer on the x geometry, which the engine makes at no
// extra cost.
var variants = func() []Variant {
	var out []Variant
	for v := engine.Variant(0); v < engine.NumVariants; v++ {
		out = append(out, Variant{Base: v})
	}
	return append(out, Variant{Killer: true}, Variant{Base: engine.X, Killer: true})
}()

func (v Variant) String() string {
	if !v.Killer {
		return v.Base.String()
	}
	if v.Base == engine.Classic {
		return "killer"
	}
	return "killer-" + v.Base.String()
}

// ParseVariant reads a variant's name in any case.
func ParseVariant(s string) (Variant, error) {
	for _, v := range variants {
		if strings.EqualFold(strings.TrimSpace(s), v.String()) {
			return v, nil
		}
	}
	return Variant{}, fmt.Errorf("unknown variant %q (want one of %s)", s, variantList())
}

func variantList() string {
	names := make([]string, len(variants))
	for i, v := range variants {
		names[i] = v.String()
	}
	return strings.Join(names, ", ")
}

func (v Variant) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

func (v *Variant) UnmarshalText(b []byte) error {
	x, err := ParseVariant(string(b))
	if err != nil {
		return err
	}
	*v = x
	return nil
}

// Kind is the engine kind of the section's grids: its base variant on its
// side (9 when size is not set).
func (sec SectionSpec) Kind() engine.Kind {
	n := sec.Size
	if n == 0 {
		n = 9
	}
	return engine.Kind{Variant: sec.Variant.Base, Size: n}
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
	return Variant{Base: g.Variant, Killer: len(g.Cages) > 0}
}

// printable lists the kinds the layout draws, by variant and the grid
// sides it draws them at; Validate refuses every other kind with "cannot
// be printed yet", so a build never prints a wrong book. Whoever lands the
// drawing of a kind adds it here.
var printable = map[Variant][]int{
	{Base: engine.Classic}: {4, 6, 8, 9, 12, 16},
	{Base: engine.X}:       {4, 6, 8, 9, 12, 16},
	{Base: engine.Hyper}:   {9},
	{Base: engine.Jigsaw}:  {4, 6, 8, 9, 12, 16},
	{Base: engine.Samurai}: {9}, {Base: engine.Twin}: {9}, {Base: engine.Butterfly}: {9},
	{Killer: true}: {6, 9}, {Base: engine.X, Killer: true}: {6, 9},
	{Base: engine.Sohei}: {9}, {Base: engine.Flower}: {9},
}

// canPrint reports whether the layout draws sections of variant v at side n.
func canPrint(v Variant, n int) bool {
	for _, s := range printable[v] {
		if s == n {
			return true
		}
	}
	return false
}

// Engine is the puzzle as the engine holds it (without its grading), for
// the readers of its geometry and cells.
func (p Puzzle) Engine() engine.Puzzle {
	return engine.Puzzle{Grid: p.Grid, Solution: p.Solution, Geo: p.Geo, Givens: p.Givens, Answer: p.Answer}
}

// Geometry is the puzzle's engine geometry (engine.Classic9 for a classic
// 9x9 puzzle, whose Geo is nil).
func (p Puzzle) Geometry() *engine.Geometry { return p.Engine().Geometry() }

// Cells is the puzzle's givens on any geometry, in the engine's numbering
// (0 for a blank).
func (p Puzzle) Cells() []uint8 { return p.Engine().Cells() }

// SolutionCells is the puzzle's solution on any geometry.
func (p Puzzle) SolutionCells() []uint8 { return p.Engine().SolutionCells() }

// Variant is the spec's name for the puzzle's kind.
func (p Puzzle) Variant() Variant { return VariantOf(p.Geo) }

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
	for _, v := range variants {
		for _, n := range printable[v] {
			out = append(out, PrintableKind{v, n})
		}
	}
	return out
}
