package engine

// Cell paths: lines of cells through their centres, as thermometers and
// arrows are drawn, each step to one of the eight neighbours. Their text
// form names the cells in order with no separator, r1c1r1c2r2c3, and a
// list of paths joins them with commas. Any constraint whose marks are
// lines of cells (thermometers, arrows, and whatever later draws a line
// over the grid) reads and writes them here.

import (
	"fmt"
	"strconv"
	"strings"
)

// formatPaths writes paths on an n x n grid in the text form.
func formatPaths(n int, paths [][]int) string {
	var b strings.Builder
	for k, p := range paths {
		if k > 0 {
			b.WriteByte(',')
		}
		for _, c := range p {
			fmt.Fprintf(&b, "r%dc%d", c/n+1, c%n+1)
		}
	}
	return b.String()
}

// parsePaths reads the text form of a list of paths on an n x n grid:
// cells named r1c1 to rNcN, paths separated by commas. It checks the
// names only; checkPath checks a path's shape.
func parsePaths(n int, text string) ([][]int, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil, nil
	}
	var out [][]int
	for k, p := range strings.Split(text, ",") {
		cells, err := parsePath(n, strings.TrimSpace(p))
		if err != nil {
			return nil, &ParseError{Msg: fmt.Sprintf("line %d: %v", k+1, err)}
		}
		out = append(out, cells)
	}
	return out, nil
}

// parsePath reads one path, "r1c1r1c2".
func parsePath(n int, s string) ([]int, error) {
	var cells []int
	for s != "" {
		r, rest, ok := pathNumber(s, 'r')
		if !ok {
			return nil, fmt.Errorf("%q: want cells named r1c1 to r%dc%d", s, n, n)
		}
		c, rest, ok := pathNumber(rest, 'c')
		if !ok {
			return nil, fmt.Errorf("%q: want cells named r1c1 to r%dc%d", s, n, n)
		}
		if r < 1 || r > n || c < 1 || c > n {
			return nil, fmt.Errorf("r%dc%d is off the %dx%d grid", r, c, n, n)
		}
		cells = append(cells, (r-1)*n+c-1)
		s = rest
	}
	if len(cells) == 0 {
		return nil, fmt.Errorf("an empty line")
	}
	return cells, nil
}

// pathNumber reads the letter lead (either case) and the number after it
// at the start of s.
func pathNumber(s string, lead byte) (int, string, bool) {
	if s == "" || (s[0] != lead && s[0] != lead-'a'+'A') {
		return 0, s, false
	}
	k := 1
	for k < len(s) && s[k] >= '0' && s[k] <= '9' {
		k++
	}
	v, err := strconv.Atoi(s[1:k])
	if err != nil {
		return 0, s, false
	}
	return v, s[k:], true
}

// checkPath reports why cells is not a path on an n x n grid: a cell off
// the grid, a cell twice, or a step to a cell that is not one of the
// eight neighbours.
func checkPath(n int, cells []int) error {
	for k, c := range cells {
		if c < 0 || c >= n*n {
			return fmt.Errorf("cell %d is off the %dx%d grid", c, n, n)
		}
		for _, d := range cells[:k] {
			if d == c {
				return fmt.Errorf("r%dc%d is on it twice", c/n+1, c%n+1)
			}
		}
		if k > 0 && !touches(n, cells[k-1], c) {
			p := cells[k-1]
			return fmt.Errorf("r%dc%d does not touch r%dc%d", p/n+1, p%n+1, c/n+1, c%n+1)
		}
	}
	return nil
}

// touches reports whether cells a and b of an n x n grid are neighbours,
// side to side or corner to corner.
func touches(n, a, b int) bool {
	dr, dc := a/n-b/n, a%n-b%n
	return a != b && dr >= -1 && dr <= 1 && dc >= -1 && dc <= 1
}

// movePaths is a list of paths under a move of the grid (cell c goes to
// to[c]), each path still in its own order, for the canonical key: a
// thermometer turned with the grid is the same thermometer.
func movePaths(paths [][]int, to []int) [][]int {
	out := make([][]int, len(paths))
	for k, p := range paths {
		out[k] = make([]int, len(p))
		for j, c := range p {
			out[k][j] = to[c]
		}
	}
	return out
}

// parsePathLine reads a line of two parts, the givens and a constraint's
// part of paths, on variant v (one of allowed): base is the grid the
// givens' length gives (or size), and part reads the second part onto
// it.
func parsePathLine(v Variant, size int, parts []string, allowed []Variant, what string, part func(base *Geometry, text string) (*Geometry, error)) (*Geometry, []uint8, error) {
	if len(parts) != 2 {
		return nil, nil, &ParseError{Msg: fmt.Sprintf("%s wants GIVENS/%s:PATHS", what, what)}
	}
	ok := false
	for _, a := range allowed {
		ok = ok || a == v
	}
	if !ok {
		return nil, nil, &ParseError{Msg: fmt.Sprintf("%s is not made on %s grids", what, v)}
	}
	n := size
	givens := strings.TrimSpace(parts[0])
	if n == 0 {
		n = sideOf(len([]rune(givens)))
	}
	if n == 0 || n > maxLayerDigits {
		return nil, nil, &ParseError{Msg: fmt.Sprintf("%s: %d cells: want 16, 36, 64 or 81 (4x4 to 9x9)", what, len([]rune(givens)))}
	}
	base, err := Lookup(v, n)
	if err != nil {
		return nil, nil, err
	}
	cells, err := base.Parse(givens)
	if err != nil {
		return nil, nil, err
	}
	geo, err := part(base, parts[1])
	if err != nil {
		return nil, nil, err
	}
	return geo, cells, nil
}
