package engine

import "fmt"

// A step's pattern is what its technique found, as data: the cells, digits
// and houses of the pattern, each with the role it plays, in the order the
// note names them. The note is one wording of it, in English, for explain,
// written from the pattern alone (notes.go); the printed lessons and the
// web page word the same step from the pattern in the book's language,
// and none of them reads the note back.
//
// A pattern is made only when a note is wanted (GradeOptions.Steps), so
// grading in bulk builds none. Its parts follow the note: for an XY-Wing,
// "xy-wing: pivot r2c2 {1,2}, pincers r2c7 {1,3} and r5c2 {2,3}: ..." is
//
//	Pivot  r2c2 {1,2}
//	Pincer r2c7 {1,3}
//	Pincer r5c2 {2,3}
//
// and what the step removes or places is in the step itself. Every cell
// the note names before its moves is in a part, in the note's order, so a
// reader with no words of its own for a technique can still list them.

// Role says what a part is to its pattern.
type Role uint8

const (
	// RoleDigit is a digit the pattern works on (Digits, one bit).
	RoleDigit Role = iota
	// RoleDigits is a set of digits a pattern holds, locks or keeps out
	// (Digits), with no cells of its own.
	RoleDigits
	// RoleHouse is a house the pattern stands in (Houses).
	RoleHouse
	// RoleBase is a fish's base lines (Houses), or the cells a pattern
	// is built on: a subset, a rectangle's floor, a wing's cells (Cells,
	// with their candidates in Digits where the note gives them).
	RoleBase
	// RoleCover is a fish's cover lines (Houses), or the cells that the
	// base leaves to decide: a rectangle's roof (Cells).
	RoleCover
	// RolePivot is the cell the others turn on: a wing's pivot, a death
	// blossom's stem, an ALS-XY-Wing's middle set.
	RolePivot
	// RolePincer is a wing's pincer, an ALS-XY-Wing's outer set.
	RolePincer
	// RoleFin is a finned fish's fins (Cells).
	RoleFin
	// RoleLink is a strong link (two Cells, one of them holds the digit)
	// or the cells of a chain, in its order; Text is then the chain in
	// notation, the same in every language.
	RoleLink
	// RoleEnds are cells of which one holds the digit: a chain's ends, a
	// skyscraper's tops.
	RoleEnds
	// RoleSet is an almost locked set, a petal or a colour: Cells with
	// Digits, and in Text its notation.
	RoleSet
	// RoleCage is a cage: Cells its cells, Sum its total, and Sets the
	// digit sets still open in it.
	RoleCage
	// RoleSum is cells with a known total besides a cage: the innies or
	// outies of houses, the cells a split leaves (Cells, Sum, Sets;
	// Houses for the houses, Total what the cages in or round them add up
	// to).
	RoleSum
	// RoleTarget is a cell the pattern works on besides its base: the
	// cell a rectangle or a trial decides, a candidate a chain strikes.
	RoleTarget
	// RoleCells is any other cells the note names; in a forcing chain,
	// one single its branch follows (a cell with its digit, and the house
	// it is the only place in, or none for the only candidate).
	RoleCells
	// RoleClash is what a supposition breaks: two cells that would hold
	// the same digit (Cells, Digits), a cell that would hold two digits
	// (one cell, its Digits) or none (one cell, no digits), or a digit
	// left no place in a house (Houses, Digits).
	RoleClash
	// RoleThermo is a thermometer: Cells its cells from the bulb.
	RoleThermo
	// RoleArrow is an arrow: Cells its circle, then its shaft from the
	// circle to the head.
	RoleArrow
)

var roleNames = [...]string{"digit", "digits", "house", "base", "cover", "pivot", "pincer", "fin", "link", "ends", "set", "cage", "sum", "target", "cells", "clash", "thermo", "arrow"}

func (r Role) String() string {
	if int(r) < len(roleNames) {
		return roleNames[r]
	}
	return fmt.Sprintf("Role(%d)", int(r))
}

// Form tells apart a technique's shapes where their words differ.
type Form uint8

const (
	FormPlain Form = iota
	// FormTrap: the cells that see both colours lose the digit (simple
	// colouring, 3D Medusa).
	FormTrap
	// FormWrap: a colour contradicts itself and is false.
	FormWrap
	// FormInnies and FormOuties: the rule of 45 read from the cages
	// inside the houses, or from those touching them.
	FormInnies
	FormOuties
	// FormLocked: a forcing chain that follows locked candidates besides
	// singles.
	FormLocked
	// FormDown: a kakuro run read down (FormPlain: across).
	FormDown
)

// Part is one element of a pattern; which fields it uses depends on its
// Role.
type Part struct {
	Role   Role
	Form   Form   // a sum's: innies or outies
	Cells  []int  // read only: a cage's are the geometry's own
	Digits uint32 // bit d set for digit d
	Houses []int
	Sum    int      // a total, or a bound (RoleTarget of min/max sums: Sum to Total)
	Total  int      // see the roles
	Sets   []uint32 // digit sets still open to cells with a known sum
	Text   string   // notation, the same in every language
}

// Pattern is a step's pattern: its form and its parts, in the order the
// note names them.
type Pattern struct {
	Form  Form
	Parts []Part
}

// Cells lists the cells the parts name, in order, each once; a cage is
// named by its first cell, where its sum is printed.
func (p *Pattern) Cells() []int {
	var out []int
	seen := map[int]bool{}
	for _, pt := range p.Parts {
		cells := pt.Cells
		if pt.Role == RoleCage && len(cells) > 0 {
			cells = cells[:1]
		}
		for _, c := range cells {
			if !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
		}
	}
	return out
}

// The finders build their patterns with the methods below, one part a
// call. They are kept out of line (go:noinline) on purpose: built in the
// finder, the parts would be temporaries in its stack frame, which grew
// the frames of the cheap, hot finders (the singles, by three to four
// times) and slowed bulk grading, which builds no pattern, by 3-6%.

// add appends parts to s's pattern.
//
//go:noinline
func (s *Step) add(parts ...Part) { s.Pattern.Parts = append(s.Pattern.Parts, parts...) }

// part appends p to s's pattern.
//
//go:noinline
func (s *Step) part(p Part) { s.Pattern.Parts = append(s.Pattern.Parts, p) }

// digit appends the digit d.
//
//go:noinline
func (s *Step) digit(d uint8) { s.part(Part{Role: RoleDigit, Digits: Bit(d)}) }

// digits appends the digit set m.
//
//go:noinline
func (s *Step) digits(m uint32) { s.part(Part{Role: RoleDigits, Digits: m}) }

// houses appends houses in role r.
//
//go:noinline
func (s *Step) houses(r Role, houses ...int) { s.part(Part{Role: r, Houses: houses}) }

// cells appends cells in role r.
//
//go:noinline
func (s *Step) cells(r Role, cells ...int) { s.part(Part{Role: r, Cells: cells}) }

// set appends cells in role r with the digits m.
//
//go:noinline
func (s *Step) set(r Role, m uint32, cells ...int) { s.part(Part{Role: r, Cells: cells, Digits: m}) }

// cand appends cell c in role r with its candidates on b.
//
//go:noinline
func (s *Step) cand(b *Board, r Role, c int) {
	s.part(Part{Role: r, Cells: []int{c}, Digits: b.Cands[c]})
}

// cage appends cage c with the digit sets of sets it can still take on b.
//
//go:noinline
func (s *Step) cage(b *Board, c Cage, sets []uint32) {
	s.part(Part{Role: RoleCage, Cells: c.Cells, Sum: c.Sum, Sets: liveSets(b, c.Cells, c.Sum, sets)})
}

// innies appends the innies or outies x of one house, in s's form.
//
//go:noinline
func (s *Step) innies(b *Board, x sumSet) {
	p := sumPart(b, RoleSum, x.cells, x.sum, x.combos)
	p.Houses, p.Total, p.Form = []int{x.house}, x.cagSum, s.Pattern.Form
	s.part(p)
}

// list returns the cells of a in increasing order.
func (a cellSet) list() []int {
	var out []int
	for cs := a; !cs.empty(); {
		out = append(out, cs.pop())
	}
	return out
}
