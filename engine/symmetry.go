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

// image maps cell i to its partner under one generator of the symmetry.
func (s Symmetry) image(i int) int {
	r, c := Row(i), Col(i)
	switch s {
	case SymRotational:
		return 80 - i
	case SymRotational90:
		return c*9 + (8 - r)
	case SymMirror:
		return r*9 + (8 - c)
	case SymMirrorVertical:
		return (8-r)*9 + c
	case SymDiagonal:
		return c*9 + r
	case SymAntiDiagonal:
		return (8-c)*9 + (8 - r)
	}
	return i
}

// Orbits partitions the 81 cells into the sets that must be cleared together
// to keep the symmetry; each orbit is sorted and orbits are ordered by their
// first cell.
func (s Symmetry) Orbits() [][]int {
	seen := [81]bool{}
	var out [][]int
	for i := 0; i < 81; i++ {
		if seen[i] {
			continue
		}
		var orbit []int
		for j := i; !seen[j]; j = s.image(j) {
			seen[j] = true
			orbit = append(orbit, j)
		}
		slices.Sort(orbit)
		out = append(out, orbit)
	}
	return out
}

// Holds reports whether the pattern of givens in g keeps the symmetry.
func (s Symmetry) Holds(g Grid) bool {
	for i := 0; i < 81; i++ {
		if (g[i] == 0) != (g[s.image(i)] == 0) {
			return false
		}
	}
	return true
}
