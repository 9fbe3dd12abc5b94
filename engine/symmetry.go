package engine

import (
	"fmt"
	"slices"
	"strings"
)

// Symmetry is a pattern the givens of a generated puzzle keep: when a clue is
// removed, every cell in its orbit is removed with it.
type Symmetry int

const (
	SymNone           Symmetry = iota
	SymRotational              // 180-degree turn about the centre
	SymRotational90            // quarter turns: all four rotations
	SymMirror                  // left-right mirror (about the middle column)
	SymMirrorVertical          // top-bottom mirror (about the middle row)
	SymDiagonal                // mirror about the main diagonal r1c1-r9c9
	SymAntiDiagonal            // mirror about the anti-diagonal r1c9-r9c1
	NumSymmetries
)

var symmetryNames = [NumSymmetries]string{"none", "rotational", "rotational90", "mirror", "mirror-vertical", "diagonal", "antidiagonal"}

// Symmetries lists every symmetry in declaration order.
func Symmetries() []Symmetry {
	s := make([]Symmetry, NumSymmetries)
	for i := range s {
		s[i] = Symmetry(i)
	}
	return s
}

func (s Symmetry) String() string {
	if s >= 0 && s < NumSymmetries {
		return symmetryNames[s]
	}
	return fmt.Sprintf("Symmetry(%d)", int(s))
}

// ParseSymmetry accepts a symmetry's name in any case.
func ParseSymmetry(str string) (Symmetry, error) {
	for i, name := range symmetryNames {
		if strings.EqualFold(strings.TrimSpace(str), name) {
			return Symmetry(i), nil
		}
	}
	return 0, fmt.Errorf("unknown symmetry %q (want one of %s)", str, strings.Join(symmetryNames[:], ", "))
}

func (s Symmetry) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

func (s *Symmetry) UnmarshalText(b []byte) error {
	v, err := ParseSymmetry(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// image maps cell i of an n x n grid to its partner under one generator of
// the symmetry.
func (s Symmetry) image(n, i int) int {
	r, c, m := i/n, i%n, n-1
	switch s {
	case SymRotational:
		return n*n - 1 - i
	case SymRotational90:
		return c*n + (m - r)
	case SymMirror:
		return r*n + (m - c)
	case SymMirrorVertical:
		return (m-r)*n + c
	case SymDiagonal:
		return c*n + r
	case SymAntiDiagonal:
		return (m-c)*n + (m - r)
	}
	return i
}

// Orbits partitions the 81 cells of a 9x9 grid into the sets that must be
// cleared together to keep the symmetry; see OrbitsOn.
func (s Symmetry) Orbits() [][]int { return s.OrbitsOn(9) }

// OrbitsOn partitions the cells of an n x n grid into the sets that must be
// cleared together to keep the symmetry; each orbit is sorted and orbits
// are ordered by their first cell.
func (s Symmetry) OrbitsOn(n int) [][]int {
	seen := make([]bool, n*n)
	var out [][]int
	for i := range n * n {
		if seen[i] {
			continue
		}
		var orbit []int
		for j := i; !seen[j]; j = s.image(n, j) {
			seen[j] = true
			orbit = append(orbit, j)
		}
		slices.Sort(orbit)
		out = append(out, orbit)
	}
	return out
}

// Holds reports whether the pattern of givens in g keeps the symmetry.
func (s Symmetry) Holds(g Grid) bool { return s.HoldsOn(9, g[:]) }

// HoldsOn reports whether the pattern of givens of cells, an n x n grid,
// keeps the symmetry.
func (s Symmetry) HoldsOn(n int, cells []uint8) bool {
	for i := range n * n {
		if (cells[i] == 0) != (cells[s.image(n, i)] == 0) {
			return false
		}
	}
	return true
}
