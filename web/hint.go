package web

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/wording"
)

// A stored step says what explain says about it: the grader's step carries
// its pattern (a wing's pivot and pincers, a fish's lines and fins, a
// chain's links: engine.Pattern), and the page tells the step in the book's
// language from its technique's template (templates/lang/steps, the one
// every reader of a step fills), with the fields the wording package
// fills from the pattern. The code after the step's moves (see stepCode) is
//
//	|KEY|aCELLS|dDIGITS|hHOUSES|rRAW...
//
// KEY names the template; each field is a placeholder's letter and its
// value. The letter says what the value is and how the page writes it:
//
//	a b c   cells, "r1c1, r1c2 and r1c3"     d e f   digits, "1 and 2"
//	o p     cells, "r1c1 or r1c2"            q       digits, "1 or 2"
//	l m     a strong link, "r1c1=r1c2"       x y z   a digit set, "{1,2}"
//	n       a chain, "r1c1=r1c2-r3c2=r3c5"   h k     houses, "row 2 and box 5"
//	B C     a fish's lines, "rows 2 and 7"   r w s u notation or numbers, as they are
//	g       cells, "r1c1+r1c2"               v       digit sets, "must be 1+2"
//
// Cells are places (one character of cellChars on a grid of up to 90
// places, two beyond), houses are the page's house numbers written the
// same way, digits are symbols; notation (an AIC's "(2)r1c7 - (2)r2c7 =
// ...") is the same in every language and travels as it is, then "^" and
// the cells it names as places, so the page frames them without reading
// them out of the text. A step whose
// template the page does not take (storedKeys) is said as "{t} on {a}",
// its pattern's cells named in order.
func sayCode(geo *engine.Geometry, s engine.Step) string {
	key, fields := wording.Fields(geo, s)
	if !storedKeys[key] || !pageTells(geo, s) {
		return genCode(geo, s)
	}
	var b strings.Builder
	b.WriteString("|" + key)
	for _, f := range fields {
		v, ok := fieldCode(geo, f)
		if !ok || v == "" || strings.Contains(v, "|") {
			// Nothing to say, or notation the code cannot carry: the
			// generic words.
			return genCode(geo, s)
		}
		b.WriteString("|" + f.Name + v)
	}
	return b.String()
}

// pageTells reports whether the page's templates can tell s on geo. The
// page names a fish's lines and an empty rectangle's row and column by
// number, which on a figure does not say whose; its chains' notation
// reads digits up to 9.
func pageTells(geo *engine.Geometry, s engine.Step) bool {
	switch s.Technique {
	case engine.EmptyRectangle, engine.XWing, engine.Swordfish, engine.Jellyfish, engine.FinnedXWing, engine.FinnedSwordfish,
		engine.FinnedJellyfish:
		return !geo.Variant.Multi()
	case engine.AIC, engine.GroupedAIC:
		return engine.FirstDigit(s.Pattern.Parts[1].Digits) <= 9
	}
	return true
}

// fieldCode writes a field's value as the page reads its letter; false
// when the letter does not read that kind of value.
func fieldCode(geo *engine.Geometry, f wording.Field) (string, bool) {
	if len(f.Name) != 1 || !strings.Contains(letterKinds[f.Kind], f.Name) {
		return "", false
	}
	var b strings.Builder
	switch f.Kind {
	case wording.CellsAnd, wording.CellsOr, wording.CellsLink, wording.CellsChain, wording.CellsPlus:
		for _, c := range f.Cells {
			writeIndex(&b, geo.Width*geo.Width, geo.Place(c))
		}
	case wording.DigitsAnd, wording.DigitsOr, wording.DigitSet:
		b.WriteString(digitCode(f.Digits))
	case wording.Houses, wording.Lines:
		for _, u := range f.Houses {
			writeIndex(&b, geo.Width*geo.Width, pageHouse(geo, u))
		}
	case wording.Sets:
		var parts []string
		for _, m := range f.Sets {
			parts = append(parts, digitCode(m))
		}
		b.WriteString(strings.Join(parts, " "))
	case wording.Number:
		b.WriteString(strconv.Itoa(f.N))
	case wording.Raw:
		// Its cells after a "^", which no notation writes, for the page
		// to frame without reading them out of the text.
		b.WriteString(f.Text)
		if len(f.Cells) > 0 {
			b.WriteByte('^')
			for _, c := range f.Cells {
				writeIndex(&b, geo.Width*geo.Width, geo.Place(c))
			}
		}
	}
	return b.String(), true
}

// letterKinds gives, for each kind of field the page stores, the letters
// that read it (see sayCode).
var letterKinds = map[wording.Kind]string{
	wording.CellsAnd: "abc", wording.CellsOr: "op", wording.CellsLink: "lm", wording.CellsChain: "n", wording.CellsPlus: "g",
	wording.DigitsAnd: "def", wording.DigitsOr: "q", wording.DigitSet: "xyz", wording.Houses: "hk", wording.Lines: "BC",
	wording.Raw: "rws", wording.Number: "rwsu", wording.Sets: "v",
}

// digitCode writes the digits of m as symbols, rising.
func digitCode(m uint32) string {
	var b strings.Builder
	for _, d := range engine.Digits(m) {
		b.WriteByte(symbols[d-1])
	}
	return b.String()
}

// genCode is the generic words for a step: the cells its pattern names, in
// order, but those the step changes, which the step's own words name.
func genCode(geo *engine.Geometry, s engine.Step) string {
	changed := map[int]bool{}
	for _, e := range s.Eliminations {
		changed[e.Cell] = true
	}
	for _, x := range s.Placements {
		changed[x.Cell] = true
	}
	var b strings.Builder
	for _, c := range s.Pattern.Cells() {
		if !changed[c] {
			writeIndex(&b, geo.Width*geo.Width, geo.Place(c))
		}
	}
	if b.Len() == 0 {
		return ""
	}
	return "|gen|a" + b.String()
}

// cellChars write places and house numbers: printable ASCII from "#" on
// that JSON leaves alone, less "\\" and the field mark "|" (90 characters).
const cellChars = "#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]^_`abcdefghijklmnopqrstuvwxyz{}~"

// writeIndex writes i in cellChars, one character when there are at most
// len(cellChars) places, two otherwise.
func writeIndex(b *strings.Builder, places, i int) {
	if places > len(cellChars) {
		b.WriteByte(cellChars[i/len(cellChars)])
	}
	b.WriteByte(cellChars[i%len(cellChars)])
}

// pageHouse is the page's number of the engine's house u. The page lists
// a grid's regions (boxes), then rows, then columns, then the extra
// houses, where the engine has rows, columns, regions; a figure's houses
// it lists in the engine's order (TestBrowserFigureHouses).
func pageHouse(geo *engine.Geometry, u int) int {
	n := geo.N
	if geo.Variant.Multi() || u >= 3*n {
		return u
	}
	if u < 2*n {
		return u + n
	}
	return u - 2*n
}

// storedKeys are the templates a stored step may take; the page's
// script fills these, and the words of its own rungs (pageWords).
var storedKeys = map[string]bool{}

func init() {
	for _, k := range []string{"aic", "alschain", "alsxy", "alsxy1", "alsxz", "alsxz1", "bif", "bug", "db", "er", "ffish", "ffish1", "fish",
		"gen", "hr", "kite", "medusa", "r45mi", "r45mi1", "r45mo", "r45mo1", "sctrap", "scwrap", "sdc", "skyc", "skyr", "step",
		"thermo", "arrow", "ur1", "ur2", "ur3", "ur4", "ur5", "ur6", "wing", "ww", "wxyz", "xchain", "xychain"} {
		storedKeys[k] = true
	}
}

// sayKeys lists the templates a stored step may take, sorted.
func sayKeys() []string {
	keys := slices.Collect(maps.Keys(storedKeys))
	slices.Sort(keys)
	return keys
}

// pageWords are the step words the page's script reads besides the
// stored steps' templates: its own rungs' templates and the words they
// are made of.
var pageWords = []string{"and", "box", "claiming", "col", "cols", "diag1", "diag2", "fish", "full", "hidden", "hsub", "kcage",
	"kgoes", "kkeep", "kkeeps", "kmust", "konly", "kor", "kpoint", "leave", "leaves", "naked", "nsub", "pointing", "r45i",
	"r45i1", "r45o", "r45o1", "region", "row", "rows", "semi", "window"}
