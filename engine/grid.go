package engine

import (
	"errors"
	"fmt"
	"math/bits"
	"strings"
)

// Grid is a Sudoku grid in row-major order: cell i is at row i/9, column i%9.
// A cell holds 0 for a blank or a digit 1 to 9. Grid is a comparable value, so
// it can be copied freely and used as a map key.
type Grid [81]uint8

// ErrConflict reports givens that break the rules before any solving starts:
// the same digit twice in a row, column or box.
var ErrConflict = errors.New("conflicting givens")

// ErrSyntax is wrapped by every ParseGrid error about the text itself.
var ErrSyntax = errors.New("bad puzzle text")

// ParseError says where a puzzle's text went wrong. Pos is the 1-based
// character position within the trimmed text (0 when the length is wrong).
type ParseError struct {
	Pos  int
	Char rune
	Msg  string
}

func (e *ParseError) Error() string {
	if e.Pos == 0 {
		return e.Msg
	}
	return fmt.Sprintf("position %d: %s", e.Pos, e.Msg)
}

func (e *ParseError) Unwrap() error { return ErrSyntax }

// ConflictError names two givens that see each other and hold the same digit.
type ConflictError struct {
	A, B  int // cell indexes, A < B
	Digit uint8
	g     *Geometry // names the cells; nil for classic 9x9
}

func (e *ConflictError) Error() string {
	g := e.g
	if g == nil {
		g = Classic9
	}
	return fmt.Sprintf("conflicting givens: %d at %s and %s", e.Digit, g.CellName(e.A), g.CellName(e.B))
}

func (e *ConflictError) Unwrap() error { return ErrConflict }

// ParseGrid reads the 81-character form: digits 1-9, and '.' or '0' for a
// blank. Surrounding white space is ignored. It checks the text only; use
// Validate to look for conflicting givens.
func ParseGrid(s string) (Grid, error) {
	var g Grid
	s = strings.TrimSpace(s)
	if len(s) == 81 && parseGrid81(&g, s) {
		return g, nil
	}
	n := 0
	for i, r := range s {
		if n == 81 {
			return g, &ParseError{Msg: fmt.Sprintf("too long: want 81 cells, got more (%d characters)", len([]rune(s)))}
		}
		switch {
		case r == '.' || r == '0':
			g[n] = 0
		case r >= '1' && r <= '9':
			g[n] = uint8(r - '0')
		default:
			return g, &ParseError{Pos: len([]rune(s[:i])) + 1, Char: r, Msg: fmt.Sprintf("unexpected %q (want 1-9, '.' or '0')", r)}
		}
		n++
	}
	if n != 81 {
		return g, &ParseError{Msg: fmt.Sprintf("too short: want 81 cells, got %d", n)}
	}
	return g, nil
}

// parseGrid81 reads 81 bytes of digits and '.' into g, reporting false at
// anything else, which the rune loop of ParseGrid then reads and names:
// a file of puzzles is read at about a nanosecond a cell, a table look-up
// and no branch.
func parseGrid81[T string | []byte](g *Grid, s T) bool {
	s = s[:81]
	var bad uint8
	for i := range 81 {
		v := cellOfByte[s[i]]
		g[i] = v
		bad |= v
	}
	return bad&notACell == 0
}

// notACell marks, in cellOfByte, a byte that is no cell of a line.
const notACell = 0x80

// cellOfByte is a line's byte as a cell: a digit's value, 0 for '.' and
// '0', and notACell for anything else.
var cellOfByte = func() (t [256]uint8) {
	for i := range t {
		t[i] = notACell
	}
	for d := range 10 {
		t['0'+d] = uint8(d)
	}
	t['.'] = 0
	return t
}()

// ParseGridBytes reads b when it is exactly the 81 bytes of a classic
// puzzle, digits with '.' or '0' for a blank, and reports false for
// anything else, which ParseGrid then reads and names. A reader of puzzle
// files takes its lines this way without making a string of each.
func ParseGridBytes(b []byte) (Grid, bool) {
	var g Grid
	return g, len(b) == 81 && parseGrid81(&g, b)
}

// MustParseGrid is ParseGrid for tests and package-level tables; it panics on
// bad input.
func MustParseGrid(s string) Grid {
	g, err := ParseGrid(s)
	if err != nil {
		panic(err)
	}
	return g
}

// String returns the 81-character form with '.' for blanks.
func (g Grid) String() string {
	var b [81]byte
	for i, v := range g {
		if v == 0 {
			b[i] = '.'
		} else {
			b[i] = '0' + v
		}
	}
	return string(b[:])
}

// CountClues counts the filled cells of a puzzle on any geometry.
func CountClues(cells []uint8) int {
	n := 0
	for _, v := range cells {
		if v != 0 {
			n++
		}
	}
	return n
}

// Clues counts the filled cells.
func (g Grid) Clues() int { return CountClues(g[:]) }

// Complete reports whether every cell is filled.
func (g Grid) Complete() bool { return g.Clues() == 81 }

// Validate returns a *ConflictError (wrapping ErrConflict) for the first two
// givens that see each other with the same digit, or nil.
func (g Grid) Validate() error {
	for a := 0; a < 81; a++ {
		if g[a] == 0 {
			continue
		}
		for _, b := range Peers[a] {
			if int(b) > a && g[b] == g[a] {
				return &ConflictError{A: a, B: int(b), Digit: g[a]}
			}
		}
	}
	return nil
}

// Row, Col and Box give the unit numbers (0-8) of cell i. Boxes are numbered
// left to right, top to bottom.
func Row(i int) int { return i / 9 }
func Col(i int) int { return i % 9 }
func Box(i int) int { return (i/27)*3 + (i%9)/3 }

// CellName is the solver's name for a cell, r1c1 to r9c9.
func CellName(i int) string { return fmt.Sprintf("r%dc%d", i/9+1, i%9+1) }

// Units lists the cells of the 27 houses: rows 0-8, columns 9-17, boxes 18-26.
var Units [27][9]uint8

// Peers lists, for each cell, the 20 other cells that share a house with it.
var Peers [81][20]uint8

// CellUnits gives each cell's row, column and box house indexes into Units.
var CellUnits [81][3]uint8

func init() {
	for i := 0; i < 81; i++ {
		r, c, b := Row(i), Col(i), Box(i)
		pos := (r%3)*3 + c%3
		Units[r][c] = uint8(i)
		Units[9+c][r] = uint8(i)
		Units[18+b][pos] = uint8(i)
		CellUnits[i] = [3]uint8{uint8(r), uint8(9 + c), uint8(18 + b)}
	}
	// Each cell's peers in increasing order, from a set of its three
	// houses' cells: every command runs this init, and testing all 81x81
	// pairs cost several times as much.
	for i := 0; i < 81; i++ {
		var set [2]uint64
		for _, u := range CellUnits[i] {
			for _, j := range Units[u] {
				set[j>>6] |= 1 << (j & 63)
			}
		}
		set[i>>6] &^= 1 << (i & 63)
		n := 0
		for w, bitsLeft := range set {
			for ; bitsLeft != 0; bitsLeft &= bitsLeft - 1 {
				Peers[i][n] = uint8(w<<6 + bits.TrailingZeros64(bitsLeft))
				n++
			}
		}
	}
}

// Cells is g as the cells of Classic9, for the calls that take a puzzle
// on any geometry.
func (g Grid) Cells() []uint8 { return g[:] }
