package engine

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"unicode/utf8"
)

// Kind is what a quota asks for: a family (a row of the kind table) on a
// grid side. The zero Kind is classic 9x9.
type Kind struct {
	Variant Variant // the houses
	Size    int     // grid side; 0 means 9
	// Layer is the constraint laid over the houses, none for a plain
	// kind: CageLayer is killer on classic grids, killer-x on x grids.
	Layer Layer
}

// Side is the grid side of k.
func (k Kind) Side() int {
	if k.Size == 0 {
		return 9
	}
	return k.Size
}

// Family is k without its side: its row of the kind table.
func (k Kind) Family() Family { return Family{Variant: k.Variant, Layer: k.Layer} }

func (k Kind) String() string {
	if k.Variant.Multi() {
		return k.Family().String()
	}
	n := k.Side()
	return fmt.Sprintf("%s %dx%d", k.Family(), n, n)
}

// Validate reports whether k can be made, with an error wrapping
// ErrGeometry that says what is allowed.
func (k Kind) Validate() error { return k.Family().allowed(k.Side()) }

// The kind table: every kind of puzzle the engine makes, one row each.
// A row says the kind's name (in specs, flags, kind columns and bank
// records alike), the houses it is drawn on and the constraints it lays
// over them, the sides it is made on with the hardest level each reaches
// and whether a book prints it there, and the key of its rules text.
// Every layer reads it: the spec's check, the quotas, the bank, the
// command's flags and lines. A new kind is a row here, its geometry's
// constructor and its drawing.
//
// The hardest levels are measured by scripts/hardest-levels (its table
// is book/testdata/hardest_levels.tsv, which a book test holds this to):
// a level counts when `generate -n 4 -j 1` made its four puzzles on each
// of three seeds at 0.25 puzzles a CPU second or faster, so a section of
// 20 takes at most 80 CPU seconds. A 4x4 has too few cells for anything
// past singles but on jigsaw regions; the largest jigsaws and 16x16 X
// stop earlier (12x12 jigsaw extreme came at 0.14 a second, 16x16 X and
// jigsaw extreme missed a 40 s cap), and so does the flower, the figure
// whose grids share the most (its extreme missed the cap on a seed);
// killer's extreme is the solver's node cap, not a rung, and comes at
// every size. A 4x4 or 8x8 killer is made but not printed: such a book
// has no readers. The kinds with marks (thermo to anti-king) reach every
// level fast, as their marks let the dig go far; their extreme puzzles
// mostly need trial and error where the marks' rungs stop, as killer's
// do.
var kindTable = []KindInfo{
	{Name: "classic", Variant: Classic, Sides: []Side{
		{N: 4, Hardest: Easy, Printed: true, Enumerated: true}, {N: 6, Hardest: Extreme, Printed: true},
		{N: 8, Hardest: Extreme, Printed: true}, {N: 9, Hardest: Extreme, Printed: true, Clues: &feasibleClueTable, Scores: true},
		{N: 12, Hardest: Extreme, Printed: true}, {N: 16, Hardest: Extreme, Printed: true}}},
	{Name: "x", Variant: X, Sides: []Side{
		{N: 4, Hardest: Easy, Printed: true, Enumerated: true}, {N: 6, Hardest: Extreme, Printed: true},
		{N: 8, Hardest: Extreme, Printed: true}, {N: 9, Hardest: Extreme, Printed: true, Clues: &feasibleClueTable},
		{N: 12, Hardest: Extreme, Printed: true}, {N: 16, Hardest: Expert, Printed: true}}},
	{Name: "hyper", Variant: Hyper, Sides: []Side{{N: 9, Hardest: Extreme, Printed: true, Clues: &feasibleClueTable}}},
	{Name: "jigsaw", Variant: Jigsaw, Sides: []Side{
		// 4x4 reaches hard (a skyscraper, a kite) but not tough: no run
		// of the generator made a 4x4 jigsaw whose hardest step is a
		// hidden pair, a triple or an x-wing, and a level is offered
		// only with every level under it.
		{N: 4, Hardest: Medium, Printed: true}, {N: 6, Hardest: Extreme, Printed: true},
		{N: 8, Hardest: Extreme, Printed: true}, {N: 9, Hardest: Extreme, Printed: true, Clues: &feasibleClueTable},
		{N: 12, Hardest: Expert, Printed: true}, {N: 16, Hardest: Expert, Printed: true}}},
	{Name: "samurai", Variant: Samurai, Sides: []Side{{N: 9, Hardest: Extreme, Printed: true}}},
	{Name: "twin", Variant: Twin, Sides: []Side{{N: 9, Hardest: Extreme, Printed: true}}},
	{Name: "butterfly", Variant: Butterfly, Sides: []Side{{N: 9, Hardest: Extreme, Printed: true}}},
	{Name: "sohei", Variant: Sohei, Sides: []Side{{N: 9, Hardest: Extreme, Printed: true}}},
	{Name: "flower", Variant: Flower, Sides: []Side{{N: 9, Hardest: Expert, Printed: true}}},
	{Name: "killer", Variant: Classic, Layer: CageLayer, Sides: killerSides},
	{Name: "killer-x", Variant: X, Layer: CageLayer, Sides: killerSides},
	{Name: "thermo", Variant: Classic, Layer: "thermo", Sides: []Side{
		{N: 6, Hardest: Extreme, Printed: true}, {N: 9, Hardest: Extreme, Printed: true}}},
	{Name: "thermo-x", Variant: X, Layer: "thermo", Sides: []Side{{N: 9, Hardest: Extreme, Printed: true}}},
	{Name: "arrow", Variant: Classic, Layer: "arrow", Sides: []Side{{N: 9, Hardest: Extreme, Printed: true}}},
	{Name: "kropki", Variant: Classic, Layer: "kropki", Sides: []Side{{N: 9, Hardest: Extreme, Printed: true}}},
	{Name: "kropki-some", Variant: Classic, Layer: "kropki-some", Sides: []Side{{N: 9, Hardest: Extreme, Printed: true}}},
	{Name: "xv", Variant: Classic, Layer: "xv", Sides: []Side{{N: 9, Hardest: Extreme, Printed: true}}},
	{Name: "consecutive", Variant: Classic, Layer: "consecutive", Sides: []Side{{N: 9, Hardest: Extreme, Printed: true}}},
	{Name: "greater-than", Variant: Classic, Layer: "greater-than", Sides: []Side{
		{N: 6, Hardest: Extreme, Printed: true}, {N: 9, Hardest: Extreme, Printed: true}}},
	{Name: "even-odd", Variant: Classic, Layer: "parity", Sides: []Side{
		{N: 6, Hardest: Extreme, Printed: true}, {N: 9, Hardest: Extreme, Printed: true}}},
	{Name: "anti-knight", Variant: Classic, Layer: "anti-knight", Sides: []Side{{N: 9, Hardest: Extreme, Printed: true}}},
	{Name: "anti-king", Variant: Classic, Layer: "anti-king", Sides: []Side{{N: 9, Hardest: Extreme, Printed: true}}},
	{Name: "futoshiki", Variant: Latin, Layer: "greater-than", Sides: futoshikiSides},
	{Name: "calcudoku", Variant: Latin, Layer: "calcudoku", Sides: calcudokuSides},
	{Name: "calcudoku-no-op", Variant: Latin, Layer: "calcudoku-no-op", Sides: calcudokuNoOpSides},
	{Name: "kakuro", Variant: Kakuro, Layer: "kakuro", Sides: kakuroSides},
}

// killerSides are the sides killer is made on: cages hold distinct
// digits summed, so up to MaxCageDigits.
var killerSides = []Side{
	{N: 4, Hardest: Extreme}, {N: 6, Hardest: Extreme, Printed: true},
	{N: 8, Hardest: Extreme}, {N: 9, Hardest: Extreme, Printed: true},
}

// KindInfo is one row of the kind table.
type KindInfo struct {
	// Name is the kind's name everywhere it is written: a spec's
	// variant, --variant, a kind column, a bank record, a rules text.
	Name    string
	Variant Variant // the houses of its geometry
	// Layer is the constraint its geometries carry over the houses (see
	// layer.go), none for a plain kind.
	Layer Layer
	Sides []Side // the sides it is made on, smallest first
}

// Side is what a kind is at one grid side.
type Side struct {
	N int
	// Hardest is the hardest level made at a rate a book can wait for
	// (see HardestLevel).
	Hardest Level
	// Printed says the layout draws the kind at this side, so a book may
	// ask for it.
	Printed bool
	// Enumerated says the kind's easy puzzles at this side are few enough
	// for Distinct to count.
	Enumerated bool
	// Clues is the measured band of clue counts per level (see
	// FeasibleClues, measured on classic 9x9 and held by every 9x9 grid);
	// nil takes any band.
	Clues *[NumLevels][2]int
	// Scores says FeasibleScores bounds the kind's scores here, so a
	// score band outside them is refused.
	Scores bool
}

// Family is a kind without its side: which houses, and which constraints
// over them. Each family the engine makes is one row of the kind table.
// The zero Family is classic.
type Family struct {
	Variant Variant
	Layer   Layer
}

// Kinds lists the rows of the kind table in the order messages name them.
func Kinds() []KindInfo { return kindTable }

// Info is f's row of the kind table, and false for a family the engine does
// not make (cages on a jigsaw).
func (f Family) Info() (KindInfo, bool) {
	for _, r := range kindTable {
		if r.Variant == f.Variant && r.Layer == f.Layer {
			return r, true
		}
	}
	return KindInfo{}, false
}

// Kind is f on side n.
func (f Family) Kind(n int) Kind { return Kind{Variant: f.Variant, Size: n, Layer: f.Layer} }

// Family is the row's family.
func (r KindInfo) Family() Family { return Family{Variant: r.Variant, Layer: r.Layer} }

// Kind is the row's kind at side n.
func (r KindInfo) Kind(n int) Kind { return Kind{Variant: r.Variant, Size: n, Layer: r.Layer} }

// Side is the row's entry for side n, and false when the kind is not
// made at n.
func (r KindInfo) Side(n int) (Side, bool) {
	for _, s := range r.Sides {
		if s.N == n {
			return s, true
		}
	}
	return Side{}, false
}

// Made lists the sides the row is made on.
func (r KindInfo) Made() []int {
	out := make([]int, len(r.Sides))
	for i, s := range r.Sides {
		out[i] = s.N
	}
	return out
}

// side is k's entry in the kind table, and false when k is not made.
func (k Kind) side() (Side, bool) {
	r, ok := k.Family().Info()
	if !ok {
		return Side{}, false
	}
	return r.Side(k.Side())
}

func (f Family) String() string {
	if r, ok := f.Info(); ok {
		return r.Name
	}
	if f.Layer != NoLayer {
		return f.Variant.String() + " with " + string(f.Layer)
	}
	return f.Variant.String()
}

// ParseFamily reads a kind's name (a row of the kind table) in any case.
func ParseFamily(s string) (Family, error) {
	for _, r := range kindTable {
		if strings.EqualFold(strings.TrimSpace(s), r.Name) {
			return r.Family(), nil
		}
	}
	return Family{}, fmt.Errorf("unknown variant %q (want one of %s)", s, FamilyList())
}

// FamilyList names every row of the kind table, for messages.
func FamilyList() string {
	names := make([]string, len(kindTable))
	for i, r := range kindTable {
		names[i] = r.Name
	}
	return strings.Join(names, ", ")
}

func (f Family) MarshalText() ([]byte, error) { return []byte(f.String()), nil }

func (f *Family) UnmarshalText(b []byte) error {
	x, err := ParseFamily(string(b))
	if err != nil {
		return err
	}
	*f = x
	return nil
}

// allowed reports whether f is made at side n, and why not.
func (f Family) allowed(n int) error {
	if f.Variant < 0 || f.Variant >= NumVariants {
		return fmt.Errorf("%w: variant %d out of range", ErrGeometry, int(f.Variant))
	}
	r, ok := f.Info()
	if !ok {
		var with []string
		for _, r := range kindTable {
			if r.Layer == f.Layer {
				with = append(with, r.Name)
			}
		}
		return fmt.Errorf("%w: no kind lays %s on %s grids (want one of %s)", ErrGeometry, f.Layer, f.Variant, strings.Join(with, ", "))
	}
	if _, _, ok := BoxShape(n); !ok && f.Variant != Latin && f.Variant != Kakuro {
		return fmt.Errorf("%w: size %d (want one of 4, 6, 8, 9, 12, 16)", ErrGeometry, n)
	}
	if _, ok := r.Side(n); ok {
		return nil
	}
	if f.Variant.Multi() {
		return fmt.Errorf("%w: %s is made of 9x9 grids only, not %dx%d", ErrGeometry, f, n, n)
	}
	sides := make([]string, len(r.Sides))
	for i, s := range r.Sides {
		sides[i] = fmt.Sprintf("%dx%d", s.N, s.N)
	}
	return fmt.Errorf("%w: %s is made on %s only, not %dx%d", ErrGeometry, f, strings.Join(sides, ", "), n, n)
}

// geometry returns the geometry of one puzzle of kind k: the shared one for
// fixed houses, fresh random regions for jigsaw.
func (k Kind) geometry(rng *rand.Rand) (*Geometry, error) {
	if k.Variant != Jigsaw {
		return Lookup(k.Variant, k.Side())
	}
	if err := k.Validate(); err != nil {
		return nil, err
	}
	return NewGeometry(Jigsaw, k.Side(), RandomRegions(rng, k.Side()))
}

// RandomRegions cuts an n x n grid into n orthogonally connected regions
// of n cells at random. It starts from the boxes and makes many random
// trades across region borders: a cell passes to a neighbouring region and
// that region hands back a cell on its border with the first, each trade
// kept only when both regions stay connected. Sizes never change, so every
// step is a valid jigsaw; 40 trades a cell mix the boxes away. Not every
// region set admits a filling (the generator drops those after a short
// search).
func RandomRegions(rng *rand.Rand, n int) []uint8 {
	br, bc, _ := BoxShape(n)
	regions := make([]uint8, n*n)
	for i := range regions {
		r, c := i/n, i%n
		regions[i] = uint8((r/br)*(n/bc) + c/bc)
	}
	trades := 40 * n * n
	for t := 0; t < trades; t++ {
		a := rng.IntN(n * n)
		nb := orthogonal(n, a)
		b := nb[rng.IntN(4)]
		if b < 0 || regions[a] == regions[b] {
			continue
		}
		from, to := regions[a], regions[b]
		// a moves from its region to b's; a cell of b's region bordering
		// a's region moves back.
		var back []int
		for i, r := range regions {
			if r != to {
				continue
			}
			for _, o := range orthogonal(n, i) {
				if o >= 0 && o != a && regions[o] == from {
					back = append(back, i)
					break
				}
			}
		}
		if len(back) == 0 {
			continue
		}
		c := back[rng.IntN(len(back))]
		regions[a], regions[c] = to, from
		if !connected(n, regions, from) || !connected(n, regions, to) {
			regions[a], regions[c] = from, to
		}
	}
	return regions
}

// connected reports whether region r of regions is orthogonally connected.
func connected(n int, regions []uint8, r uint8) bool {
	var stack [MaxCells]int
	var seen [MaxCells]bool
	start, total := -1, 0
	for i, x := range regions {
		if x == r {
			total++
			if start < 0 {
				start = i
			}
		}
	}
	if start < 0 {
		return true
	}
	stack[0], seen[start] = start, true
	top, reached := 1, 0
	for top > 0 {
		top--
		c := stack[top]
		reached++
		for _, o := range orthogonal(n, c) {
			if o >= 0 && !seen[o] && regions[o] == r {
				seen[o] = true
				stack[top] = o
				top++
			}
		}
	}
	return reached == total
}

// newPuzzle packs a generated puzzle.
func newPuzzle(geo *Geometry, p, sol []uint8, gr Grading) Puzzle {
	return Puzzle{Geo: geo, Givens: p, Answer: sol, Grading: gr}
}

// Geometry is the puzzle's geometry (Classic9 for the zero Geo).
func (p Puzzle) Geometry() *Geometry {
	if p.Geo == nil {
		return Classic9
	}
	return p.Geo
}

// Kind is the puzzle's variant and side.
func (p Puzzle) Kind() Kind {
	g := p.Geometry()
	return Kind{Variant: g.Variant, Size: g.Side(), Layer: g.Layer()}
}

// Cells is the puzzle's givens, row by row (0 for blank).
func (p Puzzle) Cells() []uint8 { return p.Givens }

// SolutionCells is the puzzle's solution.
func (p Puzzle) SolutionCells() []uint8 { return p.Answer }

// ParseLine reads one puzzle of variant v in the line form: the N*N
// symbols of the givens (see Geometry.Parse), and for jigsaw a slash and
// N*N more symbols giving each cell's region (1-9, then A-G):
//
//	classic 4x4   1..4.2......3..1
//	jigsaw 4x4    1..4.2......3..1/1122112234442334
//	killer 4x4    ................/abaaababbccbbbaa/6,4,8,6,8,5,3
//
// A line with more parts carries a constraint (constraint.go): three
// parts are a killer on variant v (classic or x), the givens, the cage
// map and the sums (see cage_text.go).
//
// size is the grid side, or 0 to take it from the length of the givens
// (16, 36, 64, 81, 144 or 256 symbols). A classic 9x9 line, and a classic
// line whose length fits no side (most likely a 9x9 one gone wrong), is
// read by ParseGrid, with its speed and its messages ("too short").
func ParseLine(v Variant, size int, s string) (*Geometry, []uint8, error) {
	s = strings.TrimSpace(s)
	// 81 bytes are taken for 9x9 without counting runes: 81 runes that
	// are not all one byte are no grid's symbols.
	if v == Classic && strings.IndexByte(s, '/') < 0 && (size == 9 || size == 0 && (len(s) == 81 || !otherSide(s))) {
		g, err := ParseGrid(s)
		if err != nil {
			return nil, nil, err
		}
		return Classic9, g[:], nil
	}
	if parts := strings.Split(s, "/"); len(parts) > 2 {
		if k := layerOfLine(len(parts) - 1); k != nil {
			return k.line(v, size, parts)
		}
	} else if len(parts) == 2 {
		if k := layerOfTag(parts[1]); k != nil {
			return k.line(v, size, parts)
		}
	}
	givens, regionText, hasRegions := strings.Cut(s, "/")
	if hasRegions != (v == Jigsaw) {
		if v == Jigsaw {
			return nil, nil, &ParseError{Msg: "jigsaw wants PUZZLE/REGIONS: the givens, a slash and each cell's region"}
		}
		return nil, nil, &ParseError{Msg: fmt.Sprintf("a %s puzzle has no /REGIONS part", v)}
	}
	n := size
	if v.Multi() {
		n = 9 // a figure of 9x9 grids; its text covers the bounding box
	}
	if n == 0 {
		cells := len([]rune(givens))
		n = sideOf(cells)
		if n == 0 {
			return nil, nil, &ParseError{Msg: fmt.Sprintf("%d cells: want 16, 36, 64, 81, 144 or 256 (4x4 to 16x16)", cells)}
		}
	}
	if err := Allowed(v, n); err != nil {
		return nil, nil, err
	}
	geo, err := GeometryOf(v, n, regionText)
	if err != nil {
		return nil, nil, err
	}
	cells, err := geo.Parse(givens)
	if err != nil {
		return nil, nil, err
	}
	return geo, cells, nil
}

// FormatLine writes cells on geo in the line form ParseLine reads.
func FormatLine(geo *Geometry, cells []uint8) string {
	var buf [256]byte
	return string(AppendLine(buf[:0], geo, cells))
}

// AppendLine appends FormatLine's line of cells on geo to dst.
func AppendLine(dst []byte, geo *Geometry, cells []uint8) []byte {
	dst = geo.AppendFormat(dst, cells)
	if len(geo.layers) > 0 {
		for _, c := range geo.layers {
			dst = append(append(dst, '/'), c.Line()...)
		}
		return dst
	}
	if r, ok := geo.OwnRegions(); ok {
		dst = append(append(dst, '/'), r...)
	}
	return dst
}

// GeometryOf is the geometry of variant v at side n whose regions are
// regions, as RegionString writes them: a fresh one for a kind whose every
// puzzle has regions of its own (jigsaw), the kind's shared one where its
// houses are fixed, and regions must then be empty.
func GeometryOf(v Variant, n int, regions string) (*Geometry, error) {
	if v == Kakuro {
		return kakuroGeometryOf(n, regions)
	}
	if v != Jigsaw {
		if regions != "" {
			return nil, &ParseError{Msg: fmt.Sprintf("a %s puzzle has no regions of its own", v)}
		}
		return Lookup(v, n)
	}
	rs, err := parseRegions(n, regions)
	if err != nil {
		return nil, err
	}
	return NewGeometry(Jigsaw, n, rs)
}

// OwnRegions returns g's regions as RegionString writes them when they
// are its puzzle's own (a jigsaw's), which any record of the puzzle must
// carry; false where the kind's houses are fixed.
func (g *Geometry) OwnRegions() (string, bool) {
	if g.kakuro != nil {
		return g.kakuroShapeString(), true // a kakuro's shape
	}
	if g.Variant != Jigsaw {
		return "", false
	}
	return g.RegionString(), true
}

// RegionString writes each cell's region as a symbol, 1 for the first.
func (g *Geometry) RegionString() string {
	b := make([]byte, g.Cells)
	for i, r := range g.Regions {
		b[i] = Symbol(r + 1)
	}
	return string(b)
}

// otherSide reports whether s has as many runes as a grid of a side other
// than 9 has cells.
func otherSide(s string) bool {
	n := sideOf(utf8.RuneCountInString(s))
	return n != 0 && n != 9
}

// sideOf is the allowed side whose square is cells, or 0.
func sideOf(cells int) int {
	for _, n := range Sizes() {
		if n*n == cells {
			return n
		}
	}
	return 0
}

// parseRegions reads a region string of n*n symbols.
func parseRegions(n int, s string) ([]uint8, error) {
	rs := []rune(s)
	if len(rs) != n*n {
		return nil, &ParseError{Msg: fmt.Sprintf("regions: want %d symbols for %dx%d, got %d", n*n, n, n, len(rs))}
	}
	out := make([]uint8, n*n)
	for k, r := range rs {
		d := strings.IndexRune(Symbols, toUpper(r)) + 1
		if d < 1 || d > n {
			return nil, &ParseError{Pos: k + 1, Char: r, Msg: fmt.Sprintf("regions: unexpected %q (want a region 1-%s)", r, string(Symbol(uint8(n))))}
		}
		out[k] = uint8(d - 1)
	}
	return out, nil
}

// Side is the side g's kind is made at: its digits' N, but a kakuro's
// frame (its digits are 1-9 on any side), and a figure's grids' 9.
func (g *Geometry) Side() int {
	if g.kakuro != nil {
		return g.Width
	}
	return g.N
}

// sized is k with its side written out, as Puzzle.Kind gives it.
func (k Kind) sized() Kind {
	k.Size = k.Side()
	return k
}

// Family is the family of g's kind: its variant, and the constraint it
// carries.
func (g *Geometry) Family() Family { return Family{Variant: g.Variant, Layer: g.Layer()} }

// Info is k's row of the kind table (the zero KindInfo for a family the
// engine does not make).
func (k Kind) Info() KindInfo {
	r, _ := k.Family().Info()
	return r
}
