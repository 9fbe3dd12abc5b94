package main

import (
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/sudokubook/sudokubook/book"
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
type kindColumn struct {
	variant book.Variant
	size    int // 0: from the line
}

func (c kindColumn) String() string {
	if c.size == 0 {
		return "variant=" + c.variant.String()
	}
	return fmt.Sprintf("variant=%s size=%d", c.variant, c.size)
}

// kindColumnOf is the kind column of a puzzle of geo, as export writes
// it; classic puzzles of any side have none ("").
func kindColumnOf(geo *engine.Geometry) string {
	v := book.VariantOf(geo)
	if v == (book.Variant{}) {
		return ""
	}
	return kindColumn{v, geo.N}.String()
}

// kindLine is the grade line of a puzzle of any kind as generate and bank
// export print it: with its kind column last for every kind but classic,
// so that grade, solve and bank import read it back as that kind with no
// flags, and classic lines stay what they always were.
func kindLine(geo *engine.Geometry, cells []uint8, r engine.Grading) string {
	line := kindGradeLine(geo, cells, r)
	if kc := kindColumnOf(geo); kc != "" {
		line += "\t" + kc
	}
	return line
}

// argPuzzle reads the puzzle a command takes as its argument (explain,
// png): the puzzle alone, or a whole line of generate, grade or bank
// export pasted in, whose kind column says the kind as it does on an
// input line, so that a pasted X line is not read as classic.
func argPuzzle(fs *flag.FlagSet, k engine.Kind, arg string) (puzzle, error) {
	text, columns, _ := strings.Cut(strings.TrimSpace(arg), "\t")
	return flagKinds(fs, k).parse(text, columns)
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
func parseKindColumn(col string) (kindColumn, error) {
	var c kindColumn
	seen := map[string]bool{}
	for _, w := range strings.Fields(col) {
		key, val, _ := strings.Cut(w, "=")
		if seen[key] {
			return c, fmt.Errorf("kind column %q: %s given twice", col, key)
		}
		seen[key] = true
		switch key {
		case "variant":
			v, err := book.ParseVariant(val)
			if err != nil {
				return c, fmt.Errorf("kind column %q: %w", col, err)
			}
			c.variant = v
		case "size":
			n, err := strconv.Atoi(val)
			if err != nil || n < 1 {
				return c, fmt.Errorf("kind column %q: size %q is not a grid side (want 4, 6, 8, 9, 12 or 16)", col, val)
			}
			c.size = n
		default:
			return c, fmt.Errorf("kind column %q: unknown %q (want variant=V and size=N)", col, w)
		}
	}
	if !seen["variant"] {
		return c, fmt.Errorf("kind column %q names no variant (want variant=V, and size=N)", col)
	}
	if c.size != 0 {
		if err := (engine.Kind{Variant: c.variant.Base, Size: c.size}).Validate(); err != nil {
			return c, fmt.Errorf("kind column %q: %w", col, err)
		}
	}
	return c, nil
}

// lineKinds is how a command reads the kinds of its puzzle lines.
type lineKinds struct {
	// variant and size are how a line without a kind column reads (size
	// 0: from the line's length; a killer line is a killer on variant's
	// grid).
	variant book.Variant
	size    int
	// named says the variant was named (--variant, a section's variant):
	// a line's kind column must name the same. A non-zero size must be
	// matched the same way.
	named bool
	by    string // who named the kind, for messages: "--variant x"
}

// flagKinds is how a command with kindFlags reads its lines: as the
// flags say, and a kind column must agree with the flags given.
func flagKinds(fs *flag.FlagSet, k engine.Kind) lineKinds {
	lk := lineKinds{variant: book.Variant{Base: k.Variant}, size: k.Size}
	fs.Visit(func(f *flag.Flag) { lk.named = lk.named || f.Name == "variant" })
	lk.by = lk.flags()
	return lk
}

// flags is what the command line said of the kind, for messages.
func (lk lineKinds) flags() string {
	var said []string
	if lk.named {
		said = append(said, "--variant "+lk.variant.String())
	}
	if lk.size != 0 {
		said = append(said, "--size "+strconv.Itoa(lk.size))
	}
	return "the command says " + strings.Join(said, " ")
}

// parse reads one line's puzzle text and the columns after it.
func (lk lineKinds) parse(text, columns string) (puzzle, error) {
	var kc []string
	for _, col := range strings.Split(columns, "\t") {
		if isKindColumn(col) {
			kc = append(kc, strings.TrimSpace(col))
		}
	}
	switch len(kc) {
	case 0:
		return parsePuzzle(engine.Kind{Variant: lk.variant.Base, Size: lk.size}, text)
	case 1:
	default:
		return puzzle{}, fmt.Errorf("two kind columns, %q and %q (want one, or none for classic)", kc[0], kc[1])
	}
	c, err := parseKindColumn(kc[0])
	if err != nil {
		return puzzle{}, err
	}
	if (lk.named && c.variant != lk.variant) || (lk.size != 0 && c.size != 0 && c.size != lk.size) {
		return puzzle{}, fmt.Errorf("the line says %s, but %s", c, lk.by)
	}
	size := c.size
	if size == 0 {
		size = lk.size
	}
	p, err := parsePuzzle(engine.Kind{Variant: c.variant.Base, Size: size}, text)
	misfit := func(why string) error {
		return fmt.Errorf("the line says %s, which its puzzle does not fit: %s", c, why)
	}
	switch {
	case err != nil:
		return p, misfit(err.Error())
	case c.variant.Killer && len(p.geo.Cages) == 0:
		return p, misfit("it has no cages (a killer line is givens/cage map/sums)")
	case !c.variant.Killer && len(p.geo.Cages) > 0:
		return p, misfit(fmt.Sprintf("it has cages (a killer says variant=%s)", book.Variant{Base: c.variant.Base, Killer: true}))
	}
	p.kind = c.String()
	return p, nil
}
