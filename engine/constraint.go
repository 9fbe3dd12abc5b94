package engine

// Constraints: what a kind lays over its geometry's houses.
//
// Houses are the geometry: sets of cells that hold every digit once. A
// kind that asks more of its digits (killer's cages today; thermometers,
// arrows, dots and signs tomorrow) carries a Constraint for it, and every
// part of the program reads the constraint through this one interface:
// the exact solver its propagation, a full grid its check, the line form
// its part. A constraint's own files hold all of it (for the cages, the
// cage*.go files, solve_cage.go and the killer rungs, tech_killer*.go);
// the list of what a new one touches is in the package doc (doc.go).

import (
	"fmt"
	"slices"
	"strings"
)

// Constraint is a rule a geometry carries besides its houses. Its
// implementations live in this package, one home file each, because the
// exact solver reads them from the inside (propagator); a geometry's
// constraints are fixed with it.
type Constraint interface {
	// Name is the constraint's name in the kind table and in messages:
	// "cages".
	Name() string
	// Holds reports whether a full grid (every cell 1..N) keeps the
	// constraint; the houses are checked apart.
	Holds(cells []uint8) bool
	// Line writes the constraint's part of the line form, the parts after
	// the givens, joined by slashes (ParseLine reads them back).
	Line() string
	// Marks is the constraint in the manifest, under its Name: a list
	// of integer lists (a cage is its sum, then its cells), which
	// WithMarks reads back.
	Marks() [][]int
	// propagator returns the constraint's part in the layered solver
	// (solve_layer.go), reusing old's buffers when it is of its kind.
	propagator(old propagator) propagator
}

// Constraints lists the constraints g carries besides its houses, none
// for a plain kind. The slice is g's: do not change it.
func (g *Geometry) Constraints() []Constraint { return g.layers }

// keeps reports whether a full grid keeps every constraint of g.
func (g *Geometry) keeps(cells []uint8) bool {
	for _, c := range g.layers {
		if !c.Holds(cells) {
			return false
		}
	}
	return true
}

// withLayer returns g's constraints with c added, on a new slice.
func (g *Geometry) withLayer(c Constraint) []Constraint {
	return append(slices.Clip(g.layers), c)
}

// KillerCages is the killer constraint: the cages of a geometry (see
// cage.go), each adding up to its sum with no digit twice. Cage mates are
// peers of each other in the geometry, so the houses' own reasoning keeps
// their digits apart; the sums are this constraint's.
type KillerCages struct{ g *Geometry }

// Name is "cages".
func (KillerCages) Name() string { return "cages" }

// Cages lists the cages, numbered by their first cell in reading order.
func (k KillerCages) Cages() []Cage { return k.g.Cages }

// Holds reports whether every cage of a full grid has its sum (its
// digits differ by the peers).
func (k KillerCages) Holds(cells []uint8) bool { return cagesAddUp(k.g.Cages, cells) }

// Line is the cage map and the sums (see cage_text.go).
func (k KillerCages) Line() string { return k.g.CageString() }

// Marks lists each cage as its sum, then its cells.
func (k KillerCages) Marks() [][]int {
	out := make([][]int, 0, len(k.g.Cages))
	for _, c := range k.g.Cages {
		out = append(out, append([]int{c.Sum}, c.Cells...))
	}
	return out
}

// cagesFromMarks reads Marks back onto base.
func cagesFromMarks(base *Geometry, marks [][]int) (*Geometry, error) {
	cages := make([]Cage, len(marks))
	for i, c := range marks {
		if len(c) < 2 {
			return nil, fmt.Errorf("cages[%d]: want a sum and at least one cell", i)
		}
		cages[i] = Cage{Sum: c[0], Cells: c[1:]}
	}
	return base.WithCages(cages)
}

// constraintKind is how a constraint is read back: the parts its line
// form adds after the givens and how to read them, and how to read its
// manifest marks onto a geometry without it.
type constraintKind struct {
	name string
	// parts is how many parts the line form adds; tag, when set, is how
	// its one part begins instead ("parity=", "anti-knight").
	parts int
	tag   string
	form  string // what follows the givens, for messages (Layer.LineForm)
	// field is the manifest's field for its marks (Layer.MarksField);
	// labels says its marks write numbers in the cells (Layer.LabelsCells).
	field  string
	labels bool
	line   func(v Variant, size int, parts []string) (*Geometry, []uint8, error)
	marks  func(base *Geometry, marks [][]int) (*Geometry, error)

	// What a kind laying the constraint does (layer.go): make makes
	// one candidate for a quota (nil: none is made; set from
	// layerMakers); quota is how a quota reads (nil: as for a plain
	// kind); key is the canonical key under the moves that keep the
	// constraint (nil: the houses' key).
	make  layerMaker
	quota *layerQuota
	key   func(g *Geometry, cells []uint8) []uint8
}

// constraintKinds lists every constraint a line or a manifest can carry,
// and what a kind laying it does (layer.go).
var constraintKinds = [...]constraintKind{
	{name: "cages", parts: 2, field: "cages", labels: true, form: "givens/cage map/sums", line: parseKillerLine, marks: cagesFromMarks, quota: killerLayerQuota, key: leastKiller},
	{name: "parity", parts: 1, field: "parity", tag: "parity=", line: parseParityLine, marks: parityFromMarks, key: leastParity},
	{name: "anti-knight", parts: 1, tag: "anti-knight", line: apartLine(KnightMove), marks: apartFromMarks(KnightMove), key: leastApart},
	{name: "anti-king", parts: 1, tag: "anti-king", line: apartLine(KingMove), marks: apartFromMarks(KingMove), key: leastApart},
	// Edge marks: NAME:all|some:RIGHT:DOWN (edges.go).
	{name: "kropki", parts: 1, field: "edges", tag: "kropki:", line: parseEdgeLine, marks: edgeMarksFromMarks("kropki"), key: leastEdgeMarks},
	{name: "kropki-some", parts: 1, field: "edges", tag: "kropki:", line: parseEdgeLine, marks: edgeMarksFromMarks("kropki-some"), key: leastEdgeMarks},
	{name: "xv", parts: 1, field: "edges", tag: "xv:", line: parseEdgeLine, marks: edgeMarksFromMarks("xv"), key: leastEdgeMarks},
	{name: "consecutive", parts: 1, field: "edges", tag: "consecutive:", line: parseEdgeLine, marks: edgeMarksFromMarks("consecutive"), key: leastEdgeMarks},
	{name: "greater-than", parts: 1, field: "edges", tag: "greater-than:", line: parseEdgeLine, marks: edgeMarksFromMarks("greater-than"), key: leastEdgeMarks},
	// Lines: thermo:PATHS, arrow:PATHS (cell_path.go).
	{name: "thermo", parts: 1, field: "thermos", tag: "thermo:", line: parseThermoLine, marks: thermoFromMarks, key: leastThermos},
	{name: "arrow", parts: 1, field: "arrows", tag: "arrow:", line: parseArrowLine, marks: arrowFromMarks, key: leastArrows},
	// Calcudoku cages: calcudoku:ops|targets:MAP:CLUES (calcudoku.go).
	{name: "calcudoku", parts: 1, field: "calc_cages", tag: "calcudoku:", labels: true, line: parseCalcLine, marks: calcFromMarks(false), quota: calcLayerQuota, key: leastCalc},
	{name: "calcudoku-no-op", parts: 1, field: "calc_cages", tag: "calcudoku:", labels: true, line: parseCalcLine, marks: calcFromMarks(true), quota: calcLayerQuota, key: leastCalc},
	// Kakuro clues: kakuro:ACROSS:DOWN (kakuro.go).
	{name: "kakuro", parts: 1, field: "runs", tag: "kakuro:", form: "shape/kakuro:across:down", line: parseKakuroLine, marks: kakuroFromMarks, quota: kakuroLayerQuota, key: leastKakuro},
}

// leastEdgeMarks is the key of a geometry with edge marks (keys_edges.go).
func leastEdgeMarks(g *Geometry, cells []uint8) []uint8 { return leastEdges(g, g.edgeMarksOf(), cells) }

// layerOfTag is the constraint whose one line part begins with part's
// tag, nil for none (a jigsaw's regions have none).
func layerOfTag(part string) *constraintKind {
	part = strings.TrimSpace(part)
	for i := range constraintKinds {
		k := &constraintKinds[i]
		if k.tag != "" && strings.HasPrefix(part, k.tag) && (strings.ContainsAny(k.tag[len(k.tag)-1:], "=:") || part == k.tag) {
			return k
		}
	}
	return nil
}

// layerOfLine is the constraint whose line form has parts parts after the
// givens, nil for none.
func layerOfLine(parts int) *constraintKind {
	for i := range constraintKinds {
		if constraintKinds[i].parts == parts && constraintKinds[i].tag == "" {
			return &constraintKinds[i]
		}
	}
	return nil
}

// WithMarks returns a copy of g carrying the constraint named name with
// the marks its Marks method writes (for "cages": each cage's sum, then
// its cells).
func (g *Geometry) WithMarks(name string, marks [][]int) (*Geometry, error) {
	for _, k := range constraintKinds {
		if k.name == name {
			return k.marks(g, marks)
		}
	}
	return nil, fmt.Errorf("%w: no constraint is named %q", ErrGeometry, name)
}
