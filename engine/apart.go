package engine

// Anti-knight and anti-king: cells a chess move apart hold different
// digits.
//
//	. K . K .        knight: the eight cells two rows and one column
//	K . . . K        away, or one row and two columns
//	. . x . .
//	K . . . K        king: the eight cells around x (the four diagonal
//	. K . K .        ones are the only new peers: the others share a row,
//	                 a column or a box with it)
//
// Nothing is drawn: the rules text says it. The constraint is all peers,
// so it adds them to the geometry's (every solver, every rung that asks
// Sees, and the board's start from the givens know them) and has nothing
// else to prune.

import "fmt"

// Move is a chess piece's step that keeps two cells apart.
type Move uint8

const (
	KnightMove Move = iota + 1
	KingMove
)

// offsets are the move's row and column steps.
func (m Move) offsets() [][2]int {
	if m == KnightMove {
		return [][2]int{{-2, -1}, {-2, 1}, {-1, -2}, {-1, 2}, {1, -2}, {1, 2}, {2, -1}, {2, 1}}
	}
	return [][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}
}

func (m Move) String() string {
	if m == KnightMove {
		return "anti-knight"
	}
	return "anti-king"
}

// ApartCells is the anti-knight or anti-king constraint: no digit twice a
// move apart.
type ApartCells struct {
	g    *Geometry
	move Move
}

// Name is "anti-knight" or "anti-king".
func (a ApartCells) Name() string { return a.move.String() }

// Move is the piece whose step keeps cells apart.
func (a ApartCells) Move() Move { return a.move }

// Holds reports whether no two cells a move apart hold the same digit.
func (a ApartCells) Holds(cells []uint8) bool {
	n := a.g.N
	for i := range a.g.Cells {
		for _, j := range a.move.reach(n, i) {
			if j > i && cells[i] == cells[j] {
				return false
			}
		}
	}
	return true
}

// reach lists the cells a move away from cell i of an n-grid.
func (m Move) reach(n, i int) []int {
	var out []int
	r, c := i/n, i%n
	for _, o := range m.offsets() {
		if rr, cc := r+o[0], c+o[1]; rr >= 0 && rr < n && cc >= 0 && cc < n {
			out = append(out, rr*n+cc)
		}
	}
	return out
}

// Line is the kind's name: the line form's tag, no data.
func (a ApartCells) Line() string { return a.move.String() }

// Marks is empty: the rule has nothing to draw or list.
func (ApartCells) Marks() [][]int { return nil }

// propagator: the peers carry the rule.
func (ApartCells) propagator(propagator) propagator { return noItems{} }

// WithApart returns a copy of g whose cells a move of m apart see each
// other. g is not changed; it is one square grid without such peers.
func (g *Geometry) WithApart(m Move) (*Geometry, error) {
	if m != KnightMove && m != KingMove {
		return nil, fmt.Errorf("%w: move %d (want knight or king)", ErrGeometry, m)
	}
	if g.Variant.Multi() {
		return nil, fmt.Errorf("%w: %s on %s figures", ErrGeometry, m, g.Variant)
	}
	for _, c := range g.layers {
		if _, ok := c.(ApartCells); ok {
			return nil, fmt.Errorf("%w: the geometry is %s already", ErrGeometry, c.Name())
		}
	}
	k := *g
	k.classic = false
	k.givenPeers = true
	k.peerSets = make([]cellSet, g.Cells)
	copy(k.peerSets, g.peerSets)
	k.Peers = make([][]int, g.Cells)
	for i := range g.Cells {
		for _, j := range m.reach(g.N, i) {
			k.peerSets[i].add(j)
		}
		for set := k.peerSets[i]; !set.empty(); {
			k.Peers[i] = append(k.Peers[i], set.pop())
		}
	}
	k.layers = g.withLayer(ApartCells{&k, m})
	return &k, nil
}

// apartFromMarks reads an anti-knight or anti-king record (no marks) onto
// base.
func apartFromMarks(m Move) func(base *Geometry, marks [][]int) (*Geometry, error) {
	return func(base *Geometry, marks [][]int) (*Geometry, error) {
		if len(marks) > 0 {
			return nil, fmt.Errorf("%s: want no marks, got %d", m, len(marks))
		}
		return base.WithApart(m)
	}
}

// apartLine reads an anti-knight or anti-king line: the givens, a slash
// and the kind's name.
func apartLine(m Move) func(v Variant, size int, parts []string) (*Geometry, []uint8, error) {
	return func(v Variant, size int, parts []string) (*Geometry, []uint8, error) {
		base, cells, err := tagBase(v, size, parts[0], m.String())
		if err != nil {
			return nil, nil, err
		}
		geo, err := base.WithApart(m)
		if err != nil {
			return nil, nil, err
		}
		return geo, cells, nil
	}
}
