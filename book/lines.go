package book

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sudokubook/sudokubook/engine"
)

// A kind column names the kind of the puzzle on its line, so that one
// file can hold puzzles of several kinds. bank export writes it after the
// grade columns of every puzzle that is not classic:
//
//	PUZZLE<TAB>easy<TAB>132<TAB>hidden single<TAB>1.5<TAB>variant=jigsaw size=6
//
// and every reader of puzzle lines (solve, grade, bank import, a section's
// puzzles: FILE) reads the line as that kind. Classic lines have none, so
// a classic export is what it always was, and a line without one reads as
// the command's --variant and --size say (classic, sized by its length,
// when they are not given).
//
// The kind goes on each line, not on a heading line above a group, so that
// any cut of the file (grep for a level, head, sort, shuf, cat of two
// exports) keeps every puzzle's kind: an X line that lost its heading
// would read as classic, and could be banked as one if it also happens to
// have one classic solution.
//
// A column is a kind column when its first word is a lower-case name and
// '=' (no grade column looks like that); its words are variant=V, with the
// names bank fill takes (killer and killer-x too), and size=N, the grid
// side (9 for the figures of 9x9 grids; without it, the side is the
// line's).
type KindColumn struct {
	Variant Variant
	Size    int // 0: from the line
}

func (c KindColumn) String() string {
	if c.Size == 0 {
		return "variant=" + c.Variant.String()
	}
	return fmt.Sprintf("variant=%s size=%d", c.Variant, c.Size)
}

// KindColumnOf is the kind column of a puzzle of geo, as export writes
// it; classic puzzles of any side have none ("").
func KindColumnOf(geo *engine.Geometry) string {
	v := VariantOf(geo)
	if v == (Variant{}) {
		return ""
	}
	return KindColumn{v, geo.Side()}.String()
}

// GradeLine is the one output format of grade, generate and bank export:
// puzzle<TAB>level<TAB>score<TAB>hardest technique<TAB>SE-scale rating,
// the puzzle in its line form. The rating comes last so that readers of
// the first four columns keep working.
func GradeLine(geo *engine.Geometry, cells []uint8, r engine.Grading) string {
	return fmt.Sprintf("%s\t%s\t%d\t%s\t%s", engine.FormatLine(geo, cells), r.Level, r.Score, r.Hardest, r.Rating)
}

// KindLine is the grade line of a puzzle of any kind as generate and bank
// export print it: with its kind column last for every kind but classic,
// so that grade, solve and bank import read it back as that kind with no
// flags, and classic lines stay what they always were.
func KindLine(geo *engine.Geometry, cells []uint8, r engine.Grading) string {
	line := GradeLine(geo, cells, r)
	if kc := KindColumnOf(geo); kc != "" {
		line += "\t" + kc
	}
	return line
}

// isKindColumn reports whether a column is meant as a kind column: its
// first word is a name of lower-case letters and '='.
func isKindColumn(col string) bool {
	word := strings.Fields(col)
	if len(word) == 0 {
		return false
	}
	key, _, ok := strings.Cut(word[0], "=")
	return ok && key != "" && strings.Trim(key, "abcdefghijklmnopqrstuvwxyz") == ""
}

// parseKindColumn reads a kind column.
func parseKindColumn(col string) (KindColumn, error) {
	var c KindColumn
	seen := map[string]bool{}
	for _, w := range strings.Fields(col) {
		key, val, _ := strings.Cut(w, "=")
		if seen[key] {
			return c, fmt.Errorf("kind column %q: %s given twice", col, key)
		}
		seen[key] = true
		switch key {
		case "variant":
			v, err := ParseVariant(val)
			if err != nil {
				return c, fmt.Errorf("kind column %q: %w", col, err)
			}
			c.Variant = v
		case "size":
			n, err := strconv.Atoi(val)
			if err != nil || n < 1 {
				return c, fmt.Errorf("kind column %q: size %q is not a grid side (want 4, 6, 8, 9, 12 or 16)", col, val)
			}
			c.Size = n
		default:
			return c, fmt.Errorf("kind column %q: unknown %q (want variant=V and size=N)", col, w)
		}
	}
	if !seen["variant"] {
		return c, fmt.Errorf("kind column %q names no variant (want variant=V, and size=N)", col)
	}
	if c.Size != 0 {
		if err := c.Variant.Kind(c.Size).Validate(); err != nil {
			return c, fmt.Errorf("kind column %q: %w", col, err)
		}
	}
	return c, nil
}

// Line is one puzzle read from a line of any kind: its geometry (a
// jigsaw's regions and a killer's cages are in it) and its givens.
type Line struct {
	Geo   *engine.Geometry
	Cells []uint8
	Kind  string // the line's kind column, as read ("" for none)
}

// WithKind is line, a line of output about l, with l's kind column if
// its input line had one.
func (l Line) WithKind(line string) string {
	if l.Kind == "" {
		return line
	}
	return line + "\t" + l.Kind
}

// AppendKind appends l's kind column, if its input line had one, to dst,
// a line of output about l.
func (l Line) AppendKind(dst []byte) []byte {
	if l.Kind == "" {
		return dst
	}
	return append(append(dst, '\t'), l.Kind...)
}

// Prove proves the line's puzzle unique, solves it and grades it.
func (l Line) Prove(grader *engine.Grader) (engine.Puzzle, error) {
	answer, err := engine.Solve(l.Geo, l.Cells)
	if err != nil {
		return engine.Puzzle{}, err
	}
	gr, err := grader.Grade(l.Geo, l.Cells, engine.GradeOptions{})
	return engine.Puzzle{Geo: l.Geo, Givens: l.Cells, Answer: answer, Grading: gr}, err
}

// LineKinds is how a reader takes the kinds of its puzzle lines.
type LineKinds struct {
	// Variant and Size are how a line without a kind column reads (Size
	// 0: from the line's length; a killer line is a killer on Variant's
	// grid).
	Variant Variant
	Size    int
	// Named says the variant was named (a command's --variant, a
	// section's variant): a line's kind column must name the same. A
	// non-zero Size must be matched the same way.
	Named bool
	By    string // who named the kind, for messages: "the command says --variant x"
}

// SectionLines is how a section's puzzles: file reads: a line may name
// its kind (bank export's kind column); it must be the section's.
func SectionLines(sec SectionSpec) LineKinds {
	return LineKinds{Variant: sec.Variant, Size: sec.Kind().Side(), Named: true,
		By: fmt.Sprintf("the section prints %s", KindColumn{sec.Variant, sec.Kind().Side()})}
}

// Parse reads one line's puzzle text and the columns after it.
func (lk LineKinds) Parse(text, columns string) (Line, error) {
	var kc []string
	for col := range strings.SplitSeq(columns, "\t") {
		if isKindColumn(col) {
			kc = append(kc, strings.TrimSpace(col))
		}
	}
	switch len(kc) {
	case 0:
		return ParseLine(lk.Variant.Kind(lk.Size), text)
	case 1:
	default:
		return Line{}, fmt.Errorf("two kind columns, %q and %q (want one, or none for classic)", kc[0], kc[1])
	}
	c, err := parseKindColumn(kc[0])
	if err != nil {
		return Line{}, err
	}
	if (lk.Named && c.Variant != lk.Variant) || (lk.Size != 0 && c.Size != 0 && c.Size != lk.Size) {
		return Line{}, fmt.Errorf("the line says %s, but %s", c, lk.By)
	}
	size := c.Size
	if size == 0 {
		size = lk.Size
	}
	p, err := ParseLine(c.Variant.Kind(size), text)
	misfit := func(why string) error {
		return fmt.Errorf("the line says %s, which its puzzle does not fit: %s", c, why)
	}
	switch {
	case err != nil:
		return p, misfit(err.Error())
	case c.Variant.Layer == engine.NoLayer && p.Geo.Layer() != engine.NoLayer:
		l := p.Geo.Layer()
		return p, misfit(fmt.Sprintf("it has %s (its kind says variant=%s)", l, Variant{Variant: c.Variant.Variant, Layer: l}))
	}
	p.Kind = c.String()
	return p, nil
}

// ParseLine reads one puzzle line of kind k (Size 0: any size, taken
// from the line) by engine.ParseLine; a kind with a layer takes only
// lines of its layer.
func ParseLine(k engine.Kind, text string) (Line, error) {
	layered := engine.LineLayered(text)
	wrong := func() error {
		return fmt.Errorf("it has no %s (a %s line is %s)", k.Layer, k.Family(), k.Layer.LineForm())
	}
	if k.Layer != engine.NoLayer && !layered {
		return Line{}, wrong()
	}
	geo, cells, err := engine.ParseLine(k.Variant, k.Size, text)
	if err == nil && k.Layer != engine.NoLayer && geo.Layer() != k.Layer {
		return Line{}, wrong()
	}
	return Line{Geo: geo, Cells: cells}, err
}

// ErrLine is wrapped by every error EachLine gives for a line that is not
// a puzzle of the kinds it reads: the input's fault, not the program's.
var ErrLine = errors.New("bad puzzle line")

// lineError is a line that is not a puzzle: it says where and why, and
// is ErrLine.
type lineError struct{ err error }

func (e *lineError) Error() string        { return e.err.Error() }
func (e *lineError) Unwrap() []error      { return []error{ErrLine, e.err} }
func lineErrorf(f string, a ...any) error { return &lineError{fmt.Errorf(f, a...)} }

// maxLine is the longest input line read, 1 MiB: a puzzle line is 81
// characters and a grade line a few dozen more.
const maxLine = 1 << 20

// EachLine calls fn for every non-blank line of r that is not a comment
// ('#'), read as the kinds lk allows: each line of the kind its kind
// column names, a line without one of lk's. A line that is not a puzzle,
// or longer than 1 MiB, stops the run with an error wrapping ErrLine
// that names src, the line and the position.
func EachLine(r io.Reader, src string, lk LineKinds, fn func(line int, p Line) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxLine)
	plain := lk.Variant == Variant{Variant: engine.Classic} && (lk.Size == 0 || lk.Size == 9)
	var slab []uint8 // the cells of many lines, one allocation
	n := 0
	for sc.Scan() {
		n++
		// Most files are classic puzzles of 81 bytes a line: read those
		// from the scanner's buffer, and only other lines as text.
		if g, ok := engine.ParseGridBytes(sc.Bytes()); ok && plain {
			if len(slab) < len(g) {
				slab = make([]uint8, 128*len(g))
			}
			cells := slab[:len(g):len(g)]
			slab = slab[len(g):]
			copy(cells, g[:])
			if err := fn(n, Line{Geo: engine.Classic9, Cells: cells}); err != nil {
				return err
			}
			continue
		}
		text := sc.Text()
		if n == 1 {
			// Windows Notepad starts a UTF-8 file with a byte-order mark,
			// which is no part of the first puzzle.
			text = strings.TrimPrefix(text, "\ufeff")
		}
		text = strings.TrimSpace(text)
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		// A grade or generate line carries the puzzle first, then tabs.
		text, columns, _ := strings.Cut(text, "\t")
		p, err := lk.Parse(text, columns)
		if err != nil {
			return lineErrorf("%s:%d: %w", src, n, err)
		}
		if err := fn(n, p); err != nil {
			return err
		}
	}
	if errors.Is(sc.Err(), bufio.ErrTooLong) {
		return lineErrorf("%s:%d: line longer than 1 MiB; want one puzzle of 81 characters per line", src, n+1)
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("reading %s: %w", src, err)
	}
	return nil
}
