package engine

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Layer names the constraint a kind lays over its houses, as the
// constraint's Name says it ("cages" for killer's); NoLayer is a plain
// kind. A kind table row names its layer, and everything a kind does
// beyond digging a plain grid comes from that layer's row of
// constraintKinds (constraint.go): how its puzzles are made, how a quota
// reads its givens, and its key. No code outside that row switches on
// a layer.
type Layer string

const (
	NoLayer   Layer = ""
	CageLayer Layer = "cages" // killer cages with their sums (KillerCages)
)

// Layer is the constraint g carries over its houses, NoLayer for none.
// A geometry carries at most one (every With constructor refuses a
// second).
func (g *Geometry) Layer() Layer {
	if len(g.layers) == 0 {
		return NoLayer
	}
	return Layer(g.layers[0].Name())
}

// kindOf is l's row of constraintKinds, nil for NoLayer or a name no
// constraint has.
func (l Layer) kindOf() *constraintKind {
	if l == NoLayer {
		return nil
	}
	for i := range constraintKinds {
		if constraintKinds[i].name == string(l) {
			return &constraintKinds[i]
		}
	}
	return nil
}

// PlacesGivens reports whether a kind of layer l places its givens at
// random rather than digging them: its clue band is a band of givens (a
// zero maximum means none), and no symmetry can hold them.
func (l Layer) PlacesGivens() bool {
	k := l.kindOf()
	return k != nil && k.quota != nil && k.quota.placed
}

// SizedParts reports whether the parts of layer l have sizes a quota
// bounds (MinCage and MaxCage: killer's cages).
func (l Layer) SizedParts() bool {
	k := l.kindOf()
	return k != nil && k.quota != nil && k.quota.sized
}

// LabelsCells reports whether the marks of layer l write numbers inside
// the cells (killer's sums, in a cage's first cell), so that a cell must
// hold a label besides its digit.
func (l Layer) LabelsCells() bool {
	k := l.kindOf()
	return k != nil && k.labels
}

// MarksField is the name of the manifest's field that holds the marks of
// layer l ("cages", "thermos", "edges"), "" for a layer without marks
// (anti-knight: the rule is the kind's) and for NoLayer.
func (l Layer) MarksField() string {
	if k := l.kindOf(); k != nil {
		return k.field
	}
	return ""
}

// layerQuota is what a layer changes in reading a quota; nil in a row
// of constraintKinds means a quota reads as for a plain kind.
type layerQuota struct {
	// placed: see Layer.PlacesGivens; sized: see Layer.SizedParts.
	placed, sized bool
	// validate checks what the layer asks of q beyond a plain quota.
	validate func(q Quota) error
	// accepts checks a made puzzle's marks against q.
	accepts func(q Quota, p Puzzle) bool
	// clues is the band of givens a kind of side n can have at all.
	clues func(cells int) (lo, hi int)
}

// layerMaker makes one candidate for q of a kind with the layer, and
// reports whether its grading is exact (see Generator.candidate).
type layerMaker func(g *Generator, rng *rand.Rand, q Quota) (Puzzle, bool)

// killerLayerQuota is how a killer quota reads: its clue band is the
// band of givens, placed at random, and its cage sizes are bounded.
var killerLayerQuota = &layerQuota{
	placed: true,
	sized:  true,
	validate: func(q Quota) error {
		if err := q.killerQuota().Validate(); err != nil {
			return err
		}
		if q.MaxClues > 0 && q.Symmetry != SymNone {
			return fmt.Errorf("killer givens are placed at random: symmetry %s cannot be kept (want none)", q.Symmetry)
		}
		return nil
	},
	accepts: func(q Quota, p Puzzle) bool {
		lo, hi := q.killerQuota().cageBounds()
		for _, c := range p.Geometry().Cages {
			if len(c.Cells) < lo || len(c.Cells) > hi {
				return false
			}
		}
		return true
	},
	clues: func(cells int) (int, int) { return 0, cells / 2 },
}

// makeKiller grows cages over a filled grid (Killer).
func makeKiller(g *Generator, rng *rand.Rand, q Quota) (Puzzle, bool) {
	return g.Killer(rng, q.killerQuota())
}

// LineForm says what follows the givens in a line of layer l, for
// messages ("givens/cage map/sums").
func (l Layer) LineForm() string {
	if k := l.kindOf(); k != nil && k.form != "" {
		return k.form
	}
	return "givens/" + string(l)
}

// LineLayered reports whether the line s carries a constraint's parts
// after its givens (ParseLine reads which).
func LineLayered(s string) bool {
	if strings.IndexByte(s, '/') < 0 {
		return false // most lines: no parts to split
	}
	parts := strings.Split(strings.TrimSpace(s), "/")
	switch {
	case len(parts) > 2:
		return layerOfLine(len(parts)-1) != nil
	case len(parts) == 2:
		return layerOfTag(parts[1]) != nil
	}
	return false
}

// layerMakers is how each constraint's puzzles are made, by its name.
// The makers read quotas, which read the layers' rows, so they join the
// rows at init rather than in constraintKinds' literal.
var layerMakers = map[string]layerMaker{
	"cages":           makeKiller,
	"parity":          (*Generator).evenOdd,
	"anti-knight":     makeApart(KnightMove),
	"anti-king":       makeApart(KingMove),
	"kropki":          makeEdges("kropki", true),
	"kropki-some":     makeEdges("kropki", false),
	"xv":              makeEdges("xv", true),
	"consecutive":     makeEdges("consecutive", true),
	"greater-than":    makeEdges("greater-than", false),
	"thermo":          makeLines(layThermos),
	"arrow":           makeLines(layArrows),
	"calcudoku":       makeCalcudoku(false),
	"calcudoku-no-op": makeCalcudoku(true),
	"kakuro":          makeKakuro,
}

func init() {
	for i := range constraintKinds {
		constraintKinds[i].make = layerMakers[constraintKinds[i].name]
	}
}

// makeApart makes anti-knight or anti-king puzzles (generate_parity.go).
func makeApart(m Move) layerMaker {
	return func(g *Generator, rng *rand.Rand, q Quota) (Puzzle, bool) { return g.apart(rng, q, m) }
}

// makeEdges makes puzzles with the edge marks of rule, every mark given
// or some (generate_edges.go).
func makeEdges(rule string, all bool) layerMaker {
	return func(g *Generator, rng *rand.Rand, q Quota) (Puzzle, bool) {
		if q.Kind.Variant == Latin && rule == "greater-than" {
			return g.futoshiki(rng, q) // signs on a Latin square, few givens
		}
		return g.EdgeMarked(rng, q, rule, all)
	}
}

// makeLines makes thermo or arrow puzzles, their lines laid by lay
// (generate_lines.go).
func makeLines(lay lineMaker) layerMaker {
	return func(g *Generator, rng *rand.Rand, q Quota) (Puzzle, bool) { return g.lineAttempt(rng, q, lay) }
}
