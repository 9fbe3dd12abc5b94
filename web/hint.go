package web

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokubook/sudokubook/engine"
)

// A stored step says what explain says about it: the grader's step carries
// its pattern (a wing's pivot and pincers, a fish's lines and fins, a
// chain's links: engine.Pattern), and the page words the step from one of
// its own templates in the book's language (lang/*.yaml, the sayers
// below), filled with those cells, digits and houses. The code after the
// step's moves (see stepCode) is
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
// ...") is the same in every language and travels as it is. A pattern
// that no template reads is said as "{t} on {a}", its cells named in
// order.
func sayCode(geo *engine.Geometry, s engine.Step) string {
	if f := sayers[s.Technique]; f != nil {
		if key, fields, ok := f(geo, s.Pattern); ok {
			var b strings.Builder
			b.WriteString("|" + key)
			for _, fl := range fields {
				if fl.value == "" || strings.Contains(fl.value, "|") {
					// Nothing to say, or notation the code cannot carry:
					// the generic words.
					return genCode(geo, s)
				}
				b.WriteString("|" + string(fl.key) + fl.value)
			}
			return b.String()
		}
	}
	return genCode(geo, s)
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

// A fieldVal is one placeholder's letter and its value in the code.
type fieldVal struct {
	key   byte
	value string
}

// A sayer picks a technique's template for a pattern and fills its
// fields; false when none of its templates fits the pattern's shape.
type sayer func(geo *engine.Geometry, p engine.Pattern) (key string, fields []fieldVal, ok bool)

// cells writes cells as places.
func cells(geo *engine.Geometry, key byte, cs ...int) fieldVal {
	var b strings.Builder
	for _, c := range cs {
		writeIndex(&b, geo.Width*geo.Width, geo.Place(c))
	}
	return fieldVal{key, b.String()}
}

// digits writes the digits of m as symbols, rising.
func digits(key byte, m uint32) fieldVal {
	var b strings.Builder
	for _, d := range engine.Digits(m) {
		b.WriteByte(symbols[d-1])
	}
	return fieldVal{key, b.String()}
}

// houses writes houses as the page numbers them.
func houses(geo *engine.Geometry, key byte, us ...int) fieldVal {
	var b strings.Builder
	for _, u := range us {
		writeIndex(&b, geo.Width*geo.Width, pageHouse(geo, u))
	}
	return fieldVal{key, b.String()}
}

// number writes n in decimal.
func number(key byte, n int) fieldVal { return fieldVal{key, strconv.Itoa(n)} }

// raw is notation, as it is.
func raw(key byte, text string) fieldVal { return fieldVal{key, text} }

// sets writes digit sets, "1+8 or 2+7", as their symbols apart.
func sets(key byte, ms []uint32) fieldVal {
	var parts []string
	for _, m := range ms {
		parts = append(parts, digits(key, m).value)
	}
	return fieldVal{key, strings.Join(parts, " ")}
}

// single reports whether m holds one digit.
func single(m uint32) bool { return m != 0 && m&(m-1) == 0 }

// sayers gives, for each stored technique, its templates' keys (the page's
// words in lang/*.yaml) and their fields, from the pattern the finder
// writes in engine/tech_*.go, part by part in its order.
var sayers = map[engine.Technique]sayer{
	engine.Skyscraper: func(geo *engine.Geometry, p engine.Pattern) (string, []fieldVal, bool) {
		x := p.Parts // digit, the two lines, two links, the base's house, the tops
		key := "skyc"
		if geo.Kinds[x[1].Houses[0]] == engine.RowHouse {
			key = "skyr"
		}
		return key, []fieldVal{digits('d', x[0].Digits), cells(geo, 'l', x[2].Cells...), cells(geo, 'm', x[3].Cells...),
			houses(geo, 'h', x[4].Houses...), cells(geo, 'o', x[5].Cells...)}, true
	},
	engine.TwoStringKite: func(geo *engine.Geometry, p engine.Pattern) (string, []fieldVal, bool) {
		x := p.Parts // digit, row pair, column pair, box, far ends
		return "kite", []fieldVal{digits('d', x[0].Digits), cells(geo, 'l', x[1].Cells...), cells(geo, 'm', x[2].Cells...),
			houses(geo, 'h', x[3].Houses...), cells(geo, 'o', x[4].Cells...)}, true
	},
	engine.EmptyRectangle: func(geo *engine.Geometry, p engine.Pattern) (string, []fieldVal, bool) {
		// The page names the row and the column by number, which on a
		// figure does not say whose.
		x := p.Parts // digit, box, row and column, pair, target
		return "er", []fieldVal{digits('d', x[0].Digits), houses(geo, 'h', x[1].Houses...), houses(geo, 'k', x[2].Houses...),
			cells(geo, 'l', x[3].Cells...), cells(geo, 'a', x[4].Cells...)}, !geo.Variant.Multi()
	},
	engine.XYWing:  wing,
	engine.XYZWing: wing,
	engine.WWing: func(geo *engine.Geometry, p engine.Pattern) (string, []fieldVal, bool) {
		x := p.Parts // the two cells and their digits, the link, its digit, the digit they give
		return "ww", []fieldVal{cells(geo, 'a', x[0].Cells...), digits('x', x[0].Digits), cells(geo, 'l', x[1].Cells...),
			digits('e', x[2].Digits), digits('d', x[3].Digits)}, true
	},
	engine.SimpleColouring: func(geo *engine.Geometry, p engine.Pattern) (string, []fieldVal, bool) {
		x := p.Parts
		if p.Form == engine.FormTrap { // digit, start, the two opposite cells
			return "sctrap", []fieldVal{digits('d', x[0].Digits), cells(geo, 'a', x[1].Cells...), cells(geo, 'b', x[2].Cells...)}, true
		}
		return "scwrap", []fieldVal{digits('d', x[0].Digits), cells(geo, 'b', x[1].Cells...)}, true // digit, the two cells
	},
	engine.UniqueRectangle1: func(geo *engine.Geometry, p engine.Pattern) (string, []fieldVal, bool) {
		x := p.Parts // floor, roof, the digits
		return "ur1", []fieldVal{cells(geo, 'a', x[0].Cells...), digits('x', x[0].Digits), cells(geo, 'c', x[1].Cells...), digits('q', x[2].Digits)}, true
	},
	engine.UniqueRectangle2: func(geo *engine.Geometry, p engine.Pattern) (string, []fieldVal, bool) {
		x := p.Parts // floor, roof, the extra digit
		return "ur2", []fieldVal{cells(geo, 'a', x[0].Cells...), digits('x', x[0].Digits), cells(geo, 'b', x[1].Cells...),
			digits('y', x[1].Digits), digits('d', x[2].Digits)}, true
	},
	engine.UniqueRectangle3: func(geo *engine.Geometry, p engine.Pattern) (string, []fieldVal, bool) {
		x := p.Parts // floor, roof and its extra digits, the floor's digits, the subset, its house
		return "ur3", []fieldVal{cells(geo, 'a', x[0].Cells...), digits('x', x[0].Digits), cells(geo, 'o', x[1].Cells...),
			digits('y', x[1].Digits), cells(geo, 'b', x[3].Cells...), digits('z', x[3].Digits), houses(geo, 'h', x[4].Houses...)}, true
	},
	engine.UniqueRectangle4: func(geo *engine.Geometry, p engine.Pattern) (string, []fieldVal, bool) {
		x := p.Parts // floor, house, the roof's digit, roof, the other digit
		return "ur4", []fieldVal{cells(geo, 'a', x[0].Cells...), digits('x', x[0].Digits), houses(geo, 'h', x[1].Houses...),
			digits('d', x[2].Digits), cells(geo, 'o', x[3].Cells...), digits('e', x[4].Digits)}, true
	},
	engine.UniqueRectangle5: func(geo *engine.Geometry, p engine.Pattern) (string, []fieldVal, bool) {
		x := p.Parts // corners, extra digit, the corners with it
		return "ur5", []fieldVal{cells(geo, 'a', x[0].Cells...), digits('x', x[0].Digits), digits('d', x[1].Digits), cells(geo, 'b', x[2].Cells...)}, true
	},
	engine.UniqueRectangle6: func(geo *engine.Geometry, p engine.Pattern) (string, []fieldVal, bool) {
		x := p.Parts // the bivalue corners, the digit, its lines, the other corners
		return "ur6", []fieldVal{cells(geo, 'a', x[0].Cells...), digits('x', x[0].Digits), digits('d', x[1].Digits),
			houses(geo, 'h', x[2].Houses...), cells(geo, 'b', x[3].Cells...)}, true
	},
	engine.HiddenRectangle: func(geo *engine.Geometry, p engine.Pattern) (string, []fieldVal, bool) {
		x := p.Parts // corner, digit, row pair, row, column pair, column, target, its digit
		return "hr", []fieldVal{cells(geo, 'a', x[0].Cells...), digits('x', x[0].Digits), digits('d', x[1].Digits),
			cells(geo, 'o', x[2].Cells...), houses(geo, 'h', x[3].Houses...), cells(geo, 'p', x[4].Cells...), houses(geo, 'k', x[5].Houses...),
			cells(geo, 'c', x[6].Cells...), digits('e', x[7].Digits)}, true
	},
	engine.BUGPlus1: func(geo *engine.Geometry, p engine.Pattern) (string, []fieldVal, bool) {
		x := p.Parts // the cell, its digit
		return "bug", []fieldVal{cells(geo, 'a', x[0].Cells...), digits('d', x[1].Digits)}, true
	},
	engine.WXYZWing: func(geo *engine.Geometry, p engine.Pattern) (string, []fieldVal, bool) {
		x := p.Parts // four cells, the digit
		var cs []int
		for _, c := range x[:4] {
			cs = append(cs, c.Cells...)
		}
		return "wxyz", []fieldVal{cells(geo, 'a', cs...), digits('d', x[4].Digits)}, true
	},
	engine.SueDeCoq: func(geo *engine.Geometry, p engine.Pattern) (string, []fieldVal, bool) {
		x := p.Parts // the crossing's cells, the two houses, a set in each
		return "sdc", []fieldVal{cells(geo, 'a', x[0].Cells...), digits('x', x[0].Digits), houses(geo, 'h', x[1].Houses...),
			houses(geo, 'k', x[2].Houses...), cells(geo, 'b', x[3].Cells...), digits('y', x[3].Digits), cells(geo, 'c', x[4].Cells...), digits('z', x[4].Digits)}, true
	},
	engine.XWing:           fish,
	engine.Swordfish:       fish,
	engine.Jellyfish:       fish,
	engine.FinnedXWing:     fish,
	engine.FinnedSwordfish: fish,
	engine.FinnedJellyfish: fish,
	engine.XChain: func(geo *engine.Geometry, p engine.Pattern) (string, []fieldVal, bool) {
		x := p.Parts // digit, chain, ends
		return "xchain", []fieldVal{digits('d', x[0].Digits), cells(geo, 'n', x[1].Cells...), cells(geo, 'o', x[2].Cells...)}, true
	},
	engine.XYChain: func(geo *engine.Geometry, p engine.Pattern) (string, []fieldVal, bool) {
		x := p.Parts // chain, ends, digit
		return "xychain", []fieldVal{raw('r', x[0].Text), cells(geo, 'o', x[1].Cells...), digits('d', x[2].Digits)}, true
	},
	engine.AIC:        aic,
	engine.GroupedAIC: aic,
	engine.Rule45Houses: func(geo *engine.Geometry, p engine.Pattern) (string, []fieldVal, bool) {
		x := p.Parts[0] // the innies or outies
		fields := []fieldVal{houses(geo, 'h', x.Houses...), number('s', x.Total)}
		key := "r45mi"
		if p.Form == engine.FormOuties {
			key = "r45mo"
			fields = append(fields, number('w', geo.N*(geo.N+1)/2*len(x.Houses)))
		}
		fields = append(fields, cells(geo, 'g', x.Cells...), number('u', x.Sum))
		if len(x.Cells) == 1 {
			return key + "1", fields, true
		}
		return key, append(fields, sets('v', x.Sets)), true
	},
	engine.ALSXZ: func(geo *engine.Geometry, p engine.Pattern) (string, []fieldVal, bool) {
		x := p.Parts // two sets, their restricted common, the digits in one of them
		key := "alsxz"
		if single(x[3].Digits) {
			key = "alsxz1"
		}
		return key, []fieldVal{raw('r', x[0].Text), raw('w', x[1].Text), digits('e', x[2].Digits), digits('f', x[3].Digits)}, single(x[2].Digits)
	},
	engine.ALSXYWing: func(geo *engine.Geometry, p engine.Pattern) (string, []fieldVal, bool) {
		x := p.Parts // pivot, a common, a pincer, the other common, the other pincer, the digits
		key := "alsxy"
		if single(x[5].Digits) {
			key = "alsxy1"
		}
		return key, []fieldVal{raw('r', x[0].Text), digits('d', x[1].Digits), raw('w', x[2].Text), digits('e', x[3].Digits),
			raw('s', x[4].Text), digits('f', x[5].Digits)}, true
	},
	engine.ALSChain: func(geo *engine.Geometry, p engine.Pattern) (string, []fieldVal, bool) {
		x := p.Parts // the chain, the digits in one of its ends
		return "alschain", []fieldVal{raw('r', x[0].Text), digits('f', x[1].Digits)}, single(x[1].Digits)
	},
	engine.DeathBlossom: func(geo *engine.Geometry, p engine.Pattern) (string, []fieldVal, bool) {
		x := p.Parts // stem, then each petal after its stem digit, then the digit
		var petals []string
		for k := 1; k+1 < len(x)-1; k += 2 {
			petals = append(petals, fmt.Sprintf("%d: %s", engine.FirstDigit(x[k].Digits), x[k+1].Text))
		}
		return "db", []fieldVal{cells(geo, 'a', x[0].Cells...), digits('x', x[0].Digits), raw('r', strings.Join(petals, ", ")),
			digits('d', x[len(x)-1].Digits)}, true
	},
	engine.Medusa3D: func(geo *engine.Geometry, p engine.Pattern) (string, []fieldVal, bool) {
		x := p.Parts // the two colours
		return "medusa", []fieldVal{raw('r', x[0].Text), raw('w', x[1].Text)}, p.Form == engine.FormTrap
	},
	engine.Bifurcation: func(geo *engine.Geometry, p engine.Pattern) (string, []fieldVal, bool) {
		x := p.Parts // digit, cell
		return "bif", []fieldVal{digits('d', x[0].Digits), cells(geo, 'a', x[1].Cells...)}, true
	},
}

// wing says an XY- or XYZ-Wing: pivot and pincers, each with its digits.
func wing(geo *engine.Geometry, p engine.Pattern) (string, []fieldVal, bool) {
	x := p.Parts
	return "wing", []fieldVal{cells(geo, 'a', x[0].Cells...), digits('x', x[0].Digits), cells(geo, 'b', x[1].Cells...),
		digits('y', x[1].Digits), cells(geo, 'c', x[2].Cells...), digits('z', x[2].Digits)}, true
}

// fish says a fish, finned or not: its digit, base and cover lines and
// fins. The page names lines by number, which on a figure does not say
// whose.
func fish(geo *engine.Geometry, p engine.Pattern) (string, []fieldVal, bool) {
	x := p.Parts // digit, base lines, cover lines, fins
	fields := []fieldVal{digits('d', x[0].Digits), houses(geo, 'B', x[1].Houses...), houses(geo, 'C', x[2].Houses...)}
	switch {
	case len(x) == 3:
		return "fish", fields, !geo.Variant.Multi()
	case len(x[3].Cells) == 1:
		return "ffish1", append(fields, cells(geo, 'a', x[3].Cells...)), !geo.Variant.Multi()
	}
	return "ffish", append(fields, cells(geo, 'a', x[3].Cells...)), !geo.Variant.Multi()
}

// aic says an alternating inference chain, grouped or not, in its
// notation. The page reads the conclusion from the moves, and on a grid of
// more than nine digits words the step generically.
func aic(geo *engine.Geometry, p engine.Pattern) (string, []fieldVal, bool) {
	x := p.Parts // chain, its first candidate
	return "aic", []fieldVal{raw('r', x[0].Text)}, engine.FirstDigit(x[1].Digits) <= 9
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

// sayKeys lists the templates a stored step may take, each once.
func sayKeys() []string {
	keys := []string{"aic", "alschain", "alsxy", "alsxy1", "alsxz", "alsxz1", "bif", "bug", "db", "er", "ffish", "ffish1", "fish",
		"gen", "hr", "kite", "medusa", "r45mi", "r45mi1", "r45mo", "r45mo1", "sctrap", "scwrap", "sdc", "skyc", "skyr", "step",
		"ur1", "ur2", "ur3", "ur4", "ur5", "ur6", "wing", "ww", "wxyz", "xchain", "xychain"}
	slices.Sort(keys)
	return keys
}
