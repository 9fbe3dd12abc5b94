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

import "slices"

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
