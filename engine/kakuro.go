package engine

// Kakuro: a shape of white cells in a frame of clue cells. Each run, a
// line of white cells across or down between clue cells (or the edge),
// adds up to its clue, printed in the clue cell before it, with no digit
// twice; the digits are 1 to 9 whatever the side. The frame's side (8 to
// 15, as books print them) counts the top row and the left column, which
// are all clue cells:
//
//	 \   \   \23 \30 \   \          the clue cell before an across run
//	 \ 16 4\ .   .   \24 \          prints its clue top-right, the one
//	 \ 17 .  .   .   .   \          over a down run bottom-left: 16
//	                                across over two cells is 7+9, 23
//	                                down over three is 6+8+9.
//
// The geometry is one of digits 1..9 (N is 9) on a bounding box of the
// frame's side (Width), whose cells in play are the white ones, numbered
// in reading order (Place gives each its place in the box, as a
// samurai's); the clue cells are out of play, written '-' in the text
// form. It has no houses, as no set of its cells holds every digit: the
// runs are the kakuro constraint (KakuroRuns), and the cells of a run are
// peers, so that the naked singles, the checks and the solvers keep their
// digits apart. Every cell lies in one run each way, so it has at most 16
// peers. A kakuro's exact solver is its own (solve_kakuro.go): it has
// more cells than the layered solver takes (a 15x15 has up to 196).

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The sides a kakuro is made on, frame included, and the lengths of a run.
const (
	minKakuroSide = 8
	maxKakuroSide = 15
	minRun        = 2
	maxRun        = 9
	// maxKakuroCells bounds a kakuro's white cells: the box within the
	// frame of the largest side.
	maxKakuroCells = (maxKakuroSide - 1) * (maxKakuroSide - 1)
)

// kakuroSides are kakuro's sides, the frame included: easy to hard on
// every one (scripts/hardest-levels), the generator walking a puzzle
// towards its level (generate_kakuro.go); expert is out of reach, the
// kakuro rungs ending at hard.
var kakuroSides = []Side{
	{N: 8, Hardest: Hard, Printed: true}, {N: 9, Hardest: Hard, Printed: true},
	{N: 10, Hardest: Hard, Printed: true}, {N: 11, Hardest: Hard, Printed: true},
	{N: 12, Hardest: Hard, Printed: true}, {N: 13, Hardest: Hard, Printed: true},
	{N: 14, Hardest: Hard, Printed: true}, {N: 15, Hardest: Hard, Printed: true},
}

// kakuroAllowed reports whether a kakuro of side n can be built.
func kakuroAllowed(n int) error {
	if n < minKakuroSide || n > maxKakuroSide {
		return fmt.Errorf("%w: a kakuro is %dx%d to %dx%d, the frame of clue cells included, not %dx%d", ErrGeometry, minKakuroSide, minKakuroSide, maxKakuroSide, maxKakuroSide, n, n)
	}
	return nil
}

// kakuroShape is the runs of a kakuro's shape, without their clues.
type kakuroShape struct {
	// runs lists each run's cells in order: the across runs in reading
	// order of their first cells, then the down runs the same way.
	runs   [][]int
	across int
	// runOf gives each cell's across run and down run.
	runOf [][2]int16
}

// NewKakuro builds the geometry of a kakuro shape of side n: white[p] says
// the cell at place p = r*n+c of the box is white. The top row and the
// left column must be clue cells, every white cell must lie in a run of
// 2 to 9 cells each way, and the white cells must be connected.
func NewKakuro(n int, white []bool) (*Geometry, error) {
	if err := kakuroAllowed(n); err != nil {
		return nil, err
	}
	if len(white) != n*n {
		return nil, fmt.Errorf("%w: a %dx%d kakuro shape has %d places, not %d", ErrGeometry, n, n, n*n, len(white))
	}
	var pos []int
	for p, w := range white {
		if !w {
			continue
		}
		if p/n == 0 || p%n == 0 {
			return nil, fmt.Errorf("%w: kakuro cell r%dc%d is white: the top row and the left column are clue cells", ErrGeometry, p/n+1, p%n+1)
		}
		pos = append(pos, p)
	}
	if len(pos) == 0 {
		return nil, fmt.Errorf("%w: a kakuro shape with no white cell", ErrGeometry)
	}
	cellAt := make([]int, n*n)
	for i := range cellAt {
		cellAt[i] = -1
	}
	for i, p := range pos {
		cellAt[p] = i
	}
	sh := &kakuroShape{runOf: make([][2]int16, len(pos))}
	// dir 0 across (step 1), 1 down (step n); a run starts at a white cell
	// whose place before it is a clue cell.
	for dir, step := range [2]int{1, n} {
		for _, p := range pos {
			if cellAt[p-step] >= 0 {
				continue
			}
			var run []int
			for q := p; q < n*n && cellAt[q] >= 0 && (dir == 1 || q/n == p/n); q += step {
				sh.runOf[cellAt[q]][dir] = int16(len(sh.runs))
				run = append(run, cellAt[q])
			}
			if len(run) < minRun || len(run) > maxRun {
				way := [2]string{"across", "down"}[dir]
				return nil, fmt.Errorf("%w: the %s run at r%dc%d has %d cells (want %d to %d)", ErrGeometry, way, p/n+1, p%n+1, len(run), minRun, maxRun)
			}
			sh.runs = append(sh.runs, run)
		}
		if dir == 0 {
			sh.across = len(sh.runs)
		}
	}
	// Down runs in reading order of their first cells: they were found
	// so already, as pos is in reading order.
	if !whiteConnected(n, cellAt, pos) {
		return nil, fmt.Errorf("%w: the white cells of the kakuro are not connected", ErrGeometry)
	}
	g := &Geometry{Variant: Kakuro, N: 9, Width: n, Cells: len(pos), All: 0x3FE, pos: pos, kakuro: sh}
	g.Regions = make([]uint8, g.Cells)
	for i := range g.Regions {
		// Every cell its own region (as a Latin square's), so that no
		// pattern finds two cells sharing a box. Regions are uint8; past
		// 255 cells none would be made (196 at most).
		g.Regions[i] = uint8(i)
	}
	g.finish()
	return g.withPeers(func(yield func(a, b int)) {
		for _, r := range sh.runs {
			for _, a := range r {
				for _, b := range r {
					yield(a, b)
				}
			}
		}
	}), nil
}

// whiteConnected reports whether the white cells (cellAt >= 0) of an n x
// n box are orthogonally connected.
func whiteConnected(n int, cellAt []int, pos []int) bool {
	seen := make([]bool, n*n)
	stack := []int{pos[0]}
	seen[pos[0]] = true
	reached := 0
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		reached++
		for _, o := range orthogonal(n, p) {
			if o >= 0 && !seen[o] && cellAt[o] >= 0 {
				seen[o] = true
				stack = append(stack, o)
			}
		}
	}
	return reached == len(pos)
}

// parseKakuroShape reads a shape as the text form writes it: n*n symbols,
// OutOfPlay for a clue cell, anything else white (white space ignored).
func parseKakuroShape(n int, s string) ([]bool, error) {
	rs := []rune(strings.Join(strings.Fields(s), ""))
	if n == 0 {
		for m := minKakuroSide; m <= maxKakuroSide; m++ {
			if m*m == len(rs) {
				n = m
			}
		}
		if n == 0 {
			return nil, &ParseError{Msg: fmt.Sprintf("kakuro: %d symbols: want a square of %dx%d to %dx%d, the frame included", len(rs), minKakuroSide, minKakuroSide, maxKakuroSide, maxKakuroSide)}
		}
	}
	if len(rs) != n*n {
		return nil, &ParseError{Msg: fmt.Sprintf("kakuro: want %d symbols for %dx%d, got %d", n*n, n, n, len(rs))}
	}
	white := make([]bool, n*n)
	for i, r := range rs {
		white[i] = r != OutOfPlay
	}
	return white, nil
}

// kakuroGeometryOf is the geometry of a kakuro of side n (0: from the
// text) whose shape is written as the text form writes a puzzle.
func kakuroGeometryOf(n int, shape string) (*Geometry, error) {
	white, err := parseKakuroShape(n, shape)
	if err != nil {
		return nil, err
	}
	side := n
	if side == 0 {
		side = sqrtSide(len(white))
	}
	return NewKakuro(side, white)
}

func sqrtSide(places int) int {
	for n := 1; n*n <= places; n++ {
		if n*n == places {
			return n
		}
	}
	return 0
}

// KakuroRun is one run of a kakuro: its clue, its way and its cells in
// order (cells numbered in play).
type KakuroRun struct {
	Sum   int
	Down  bool
	Cells []int
}

// KakuroRuns is the kakuro constraint: each run's clue. Its runs are the
// geometry's (the shape's); their cells see each other as peers.
type KakuroRuns struct {
	g    *Geometry
	sh   *kakuroShape
	sums []int
	// combos[r] are run r's digit sets (Combinations), fewest high
	// digits first.
	combos [][]uint32
}

// Name is "kakuro".
func (k *KakuroRuns) Name() string { return "kakuro" }

// Runs lists the runs: across in reading order of their first cells,
// then down.
func (k *KakuroRuns) Runs() []KakuroRun {
	out := make([]KakuroRun, len(k.sh.runs))
	for r, cells := range k.sh.runs {
		out[r] = KakuroRun{Sum: k.sums[r], Down: r >= k.sh.across, Cells: cells}
	}
	return out
}

// Holds reports whether every run of a full grid adds up to its clue with
// no digit twice.
func (k *KakuroRuns) Holds(cells []uint8) bool {
	for r, run := range k.sh.runs {
		var seen uint32
		s := 0
		for _, x := range run {
			d := cells[x]
			if d < 1 || d > 9 || seen&Bit(d) != 0 {
				return false
			}
			seen |= Bit(d)
			s += int(d)
		}
		if s != k.sums[r] {
			return false
		}
	}
	return true
}

// Line writes the clues as kakuro:ACROSS:DOWN, each list the clues of its
// runs in the order of Runs, parted by commas; the givens before it (the
// white cells, blank) carry the shape:
//
//	---------.../kakuro:16,17,4,...:23,30,...
func (k *KakuroRuns) Line() string {
	var b strings.Builder
	b.WriteString("kakuro:")
	for r, s := range k.sums {
		switch {
		case r == k.sh.across:
			b.WriteByte(':')
		case r > 0:
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(s))
	}
	if k.sh.across == len(k.sums) {
		b.WriteByte(':')
	}
	return b.String()
}

// Marks lists each run as its clue, then its cells in order, in the order
// of Runs.
func (k *KakuroRuns) Marks() [][]int {
	out := make([][]int, len(k.sh.runs))
	for r, cells := range k.sh.runs {
		out[r] = append([]int{k.sums[r]}, cells...)
	}
	return out
}

// kakuroRunsOf is the kakuro constraint g carries, nil for none.
func (g *Geometry) kakuroRunsOf() *KakuroRuns {
	if g.kakuro == nil {
		return nil
	}
	for _, c := range g.layers {
		if k, ok := c.(*KakuroRuns); ok {
			return k
		}
	}
	return nil
}

// KakuroRuns is the kakuro constraint g carries, nil for none.
func (g *Geometry) KakuroRuns() *KakuroRuns { return g.kakuroRunsOf() }

// WithKakuroSums returns a copy of g, a kakuro shape, carrying the clue
// of each of its runs (sums in the order of Runs). g is not changed.
func (g *Geometry) WithKakuroSums(sums []int) (*Geometry, error) {
	sh := g.kakuro
	if sh == nil {
		return nil, fmt.Errorf("%w: kakuro clues lie on a kakuro shape, not %s", ErrGeometry, g.Variant)
	}
	if len(g.layers) > 0 {
		return nil, fmt.Errorf("%w: the geometry carries %s already", ErrGeometry, g.layers[0].Name())
	}
	if len(sums) != len(sh.runs) {
		return nil, fmt.Errorf("%w: the shape has %d runs (%d across, %d down) but %d clues are given", ErrGeometry, len(sh.runs), sh.across, len(sh.runs)-sh.across, len(sums))
	}
	k := &KakuroRuns{sh: sh, sums: slices.Clone(sums), combos: make([][]uint32, len(sums))}
	for r, s := range sums {
		k.combos[r] = Combinations(9, len(sh.runs[r]), s)
		if len(k.combos[r]) == 0 {
			run := KakuroRun{Sum: s, Down: r >= sh.across, Cells: sh.runs[r]}
			return nil, fmt.Errorf("%w: the %s at %s: no %d different digits add up to %d", ErrGeometry, g.runName(run), g.CellName(run.Cells[0]), len(run.Cells), s)
		}
	}
	out := *g
	out.layers = g.withLayer(k)
	k.g = &out
	return &out, nil
}

// runName is "across run" or "down run".
func (g *Geometry) runName(r KakuroRun) string {
	if r.Down {
		return "down run"
	}
	return "across run"
}

// parseKakuroLine reads a kakuro line: the white cells' givens with the
// clue cells OutOfPlay, then the clues.
func parseKakuroLine(v Variant, size int, parts []string) (*Geometry, []uint8, error) {
	if len(parts) != 2 {
		return nil, nil, &ParseError{Msg: "kakuro: want SHAPE/kakuro:ACROSS:DOWN"}
	}
	if v != Kakuro {
		return nil, nil, &ParseError{Msg: fmt.Sprintf("kakuro clues are laid on a kakuro shape, not %s", v)}
	}
	base, err := kakuroGeometryOf(size, parts[0])
	if err != nil {
		return nil, nil, err
	}
	cells, err := base.Parse(parts[0])
	if err != nil {
		return nil, nil, err
	}
	f := strings.Split(strings.TrimSpace(parts[1]), ":")
	if len(f) != 3 || f[0] != "kakuro" {
		return nil, nil, &ParseError{Msg: fmt.Sprintf("kakuro part %q: want kakuro:ACROSS:DOWN, the clues parted by commas", parts[1])}
	}
	var sums []int
	for way, list := range f[1:] {
		if list == "" {
			continue
		}
		for i, t := range strings.Split(list, ",") {
			s, err := strconv.Atoi(strings.TrimSpace(t))
			if err != nil || s < 3 || s > 45 {
				return nil, nil, &ParseError{Msg: fmt.Sprintf("kakuro: %s clue %d: %q is not a run's total (3 to 45)", [2]string{"across", "down"}[way], i+1, t)}
			}
			sums = append(sums, s)
		}
	}
	geo, err := base.WithKakuroSums(sums)
	if err != nil {
		return nil, nil, err
	}
	return geo, cells, nil
}

// kakuroFromMarks reads Marks back onto base, a kakuro shape: each run's
// clue and cells, which must be the shape's runs in order.
func kakuroFromMarks(base *Geometry, marks [][]int) (*Geometry, error) {
	sh := base.kakuro
	if sh == nil {
		return nil, fmt.Errorf("%w: kakuro runs lie on a kakuro shape, not %s", ErrGeometry, base.Variant)
	}
	if len(marks) != len(sh.runs) {
		return nil, fmt.Errorf("%w: the shape has %d runs, the record %d", ErrGeometry, len(sh.runs), len(marks))
	}
	sums := make([]int, len(marks))
	for r, m := range marks {
		if len(m) < 1 || !slices.Equal(m[1:], sh.runs[r]) {
			return nil, fmt.Errorf("%w: runs[%d]: want its clue, then the cells %v of the shape's run", ErrGeometry, r, sh.runs[r])
		}
		sums[r] = m[0]
	}
	return base.WithKakuroSums(sums)
}

// kakuroBase is g, a kakuro, without its clues: the shape they were laid
// on (WithKakuroSums undone).
func (g *Geometry) kakuroBase() *Geometry {
	b := *g
	b.layers = nil
	return &b
}

// kakuroShapeString writes g's shape as its text form writes a blank
// puzzle: '.' white, OutOfPlay a clue cell.
func (g *Geometry) kakuroShapeString() string { return g.Format(make([]uint8, g.Cells)) }

// KakuroClue is the clue cell at place p of the box: the clue of the
// across run it starts (0 for none) and of the down run (0 for none).
// White cells have none.
func (k *KakuroRuns) KakuroClue(r, c int) (across, down int) {
	g := k.g
	if _, in := g.InPlay(r, c); in {
		return 0, 0
	}
	if i, in := g.InPlay(r, c+1); in {
		if ru := int(k.sh.runOf[i][0]); k.sh.runs[ru][0] == i {
			across = k.sums[ru]
		}
	}
	if i, in := g.InPlay(r+1, c); in {
		if ru := int(k.sh.runOf[i][1]); k.sh.runs[ru][0] == i {
			down = k.sums[ru]
		}
	}
	return across, down
}

// kakuroProp is the kakuro constraint's part in the layered solver, which
// takes a kakuro of up to 81 cells although its own solver does them all
// (Geometry.count chooses): one item a run, pruned to the digits of its
// live sets.
type kakuroProp struct {
	k *KakuroRuns
}

func (k *KakuroRuns) propagator(old propagator) propagator {
	if p, ok := old.(*kakuroProp); ok {
		p.k = k
		return p
	}
	return &kakuroProp{k: k}
}

func (p *kakuroProp) reset(s *layerSolver) {
	var buf [maxRun]uint8
	for _, run := range p.k.sh.runs {
		cells := buf[:0]
		for _, x := range run {
			cells = append(cells, uint8(x))
		}
		s.addItem(p, cells)
	}
}

func (p *kakuroProp) prune(s *layerSolver, st *layerState, k int) (changed, ok bool) {
	cells := s.item(k)
	var dom, keep [maxRun]uint16
	var placed uint32
	for j, c := range cells {
		dom[j] = cellMask(st, int(c))
		if st.cells[c] != 0 {
			placed |= Bit(st.cells[c])
		}
	}
	open := uint32(0)
	for j, c := range cells {
		if st.cells[c] == 0 {
			open |= uint32(dom[j])
		}
	}
	var union uint32
	for _, m := range p.k.combos[k] {
		if m&placed == placed && (m&^placed)&^open == 0 {
			union |= m
		}
	}
	if union == 0 {
		return false, false
	}
	for j := range cells {
		keep[j] = uint16(union)
	}
	return keepDomains(s, st, cells, keep[:len(cells)])
}
