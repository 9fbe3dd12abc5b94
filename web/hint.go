package web

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/sudokubook/sudokubook/engine"
)

// A stored step says what explain says about it: the grader's note names
// the cells that make the pattern (a wing's pivot and pincers, a fish's
// lines and fins, a chain's links), and the page words the step from one
// of its own templates in the book's language (lang/*.yaml, the "says"
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
// ...") is the same in every language and travels as it is. A note that
// no template reads is said as "{t} on {a}", its cells named in order.
type says struct {
	key string
	re  *regexp.Regexp
}

// sayings lists, for each stored technique, the templates its notes take
// and the patterns that read them (engine/tech_*.go writes the notes).
// They are compiled on first use: a command that writes no page pays
// nothing for them at start-up.
var sayings = sync.OnceValue(func() map[engine.Technique][]says {
	re := regexp.MustCompile
	wingRE := re(`^xyz?-wing: pivot (?P<a>\S+) (?P<x>\{[^}]*\}), pincers (?P<b>\S+) (?P<y>\{[^}]*\}) and (?P<c>\S+) (?P<z>\{[^}]*\}):`)
	fishRE := re(`^[a-z]+(?:-wing)? on (?P<d>\d+) in (?P<B>(?:rows|columns) [^(]+) \((?P<C>[^)]+)\):`)
	finned := []says{
		{"ffish", re(`^finned [a-z-]+ on (?P<d>\d+) in (?P<B>(?:rows|columns) [^(]+) \((?P<C>[^,]+(?:, [^,f][^,]*)*), fins (?P<a>[^)]+)\):`)},
		{"ffish1", re(`^finned [a-z-]+ on (?P<d>\d+) in (?P<B>(?:rows|columns) [^(]+) \((?P<C>[^,]+(?:, [^,f][^,]*)*), fin (?P<a>[^)]+)\):`)},
	}
	aicRE := re(`^[a-z ]*alternating inference chain: (?P<r>[^|]+), so \S+ is (?:not )?\d+(?: \(and \d+ more by loops as short\))?$`)
	return map[engine.Technique][]says{
		engine.Skyscraper: {
			{"skyr", regexp.MustCompile(`^skyscraper on (?P<d>\d+): the row pairs (?P<l>\S+) and (?P<m>\S+) stand on (?P<h>[^,]+), so (?P<o>\S+ or \S+) holds`)},
			{"skyc", regexp.MustCompile(`^skyscraper on (?P<d>\d+): the column pairs (?P<l>\S+) and (?P<m>\S+) stand on (?P<h>[^,]+), so (?P<o>\S+ or \S+) holds`)},
		},
		engine.TwoStringKite:  {{"kite", regexp.MustCompile(`^2-string kite on (?P<d>\d+): the row pair (?P<l>\S+) and the column pair (?P<m>\S+) meet in (?P<h>[^,]+), so (?P<o>\S+ or \S+) holds`)}},
		engine.EmptyRectangle: {{"er", regexp.MustCompile(`^empty rectangle on (?P<d>\d+): in (?P<h>[^,]+), \d+ lies only on (?P<k>.+?); with the pair (?P<l>\S+), (?P<a>\S+) would leave`)}},
		engine.XYWing:         {{"wing", wingRE}},
		engine.XYZWing:        {{"wing", wingRE}},
		engine.WWing:          {{"ww", regexp.MustCompile(`^w-wing: (?P<a>\S+ and \S+) are both (?P<x>\{[^}]*\}), joined by the strong link (?P<l>\S+) on (?P<e>\d+), so one of them is (?P<d>\d+)`)}},
		engine.SimpleColouring: {
			{"sctrap", regexp.MustCompile(`^simple colouring on (?P<d>\d+) \(trap\): the chain of pairs from (?P<a>\S+) gives (?P<b>\S+ and \S+) opposite`)},
			{"scwrap", regexp.MustCompile(`^simple colouring on (?P<d>\d+) \(wrap\): (?P<b>\S+ and \S+) share a colour`)},
		},
		engine.UniqueRectangle1: {{"ur1", regexp.MustCompile(`^unique rectangle type 1: (?P<a>.+?) hold only (?P<x>\{[^}]*\}); if (?P<c>\S+) were (?P<q>\d+ or \d+) the`)}},
		engine.UniqueRectangle2: {{"ur2", regexp.MustCompile(`^unique rectangle type 2: (?P<a>.+?) hold only (?P<x>\{[^}]*\}), (?P<b>.+?) hold (?P<y>\{[^}]*\}); one of the roof cells is (?P<d>\d+),`)}},
		engine.UniqueRectangle3: {{"ur3", regexp.MustCompile(`^unique rectangle type 3: (?P<a>.+?) hold only (?P<x>\{[^}]*\}); (?P<o>\S+ or \S+) holds one of (?P<y>\{[^}]*\}), or .*, so with (?P<b>.+?) they lock (?P<z>\{[^}]*\}) in (?P<h>[^:]+):`)}},
		engine.UniqueRectangle4: {{"ur4", regexp.MustCompile(`^unique rectangle type 4: (?P<a>.+?) hold only (?P<x>\{[^}]*\}); in (?P<h>[^,]+), (?P<d>\d+) goes only in (?P<o>\S+ or \S+), so (?P<e>\d+) cannot`)}},
		engine.UniqueRectangle5: {{"ur5", regexp.MustCompile(`^unique rectangle type 5: (?P<a>.+?) hold (?P<x>\{[^}]*\}) and only (?P<d>\d+) besides; one of (?P<b>.+?) is \d+,`)}},
		engine.UniqueRectangle6: {{"ur6", regexp.MustCompile(`^unique rectangle type 6: (?P<a>.+?) hold only (?P<x>\{[^}]*\}), and (?P<d>\d+) goes only in the rectangle in (?P<h>.+?); were (?P<b>.+?) \d+,`)}},
		engine.HiddenRectangle:  {{"hr", regexp.MustCompile(`^hidden rectangle: (?P<a>\S+) holds only (?P<x>\{[^}]*\}), and (?P<d>\d+) goes only in (?P<o>\S+ or \S+) in (?P<h>.+?) and in (?P<p>\S+ or \S+) in (?P<k>.+?); were (?P<c>\S+) (?P<e>\d+),`)}},
		engine.BUGPlus1:         {{"bug", regexp.MustCompile(`^bug\+1: every unsolved cell but (?P<a>\S+) has two candidates, and (?P<d>\d+) appears`)}},
		engine.WXYZWing:         {{"wxyz", regexp.MustCompile(`^wxyz-wing: (?P<a>.+?) hold four digits, and each but (?P<d>\d+) goes`)}},
		engine.SueDeCoq:         {{"sdc", regexp.MustCompile(`^sue de coq: (?P<a>[^{]+) (?P<x>\{[^}]*\}) where (?P<h>.+?) crosses (?P<k>.+?), with (?P<b>[^{]+) (?P<y>\{[^}]*\}) and (?P<c>[^{]+) (?P<z>\{[^}]*\}):`)}},
		engine.XWing:            {{"fish", fishRE}},
		engine.Swordfish:        {{"fish", fishRE}},
		engine.Jellyfish:        {{"fish", fishRE}},
		engine.FinnedXWing:      finned,
		engine.FinnedSwordfish:  finned,
		engine.FinnedJellyfish:  finned,
		engine.XChain:           {{"xchain", regexp.MustCompile(`^x-chain on (?P<d>\d+): (?P<n>\S+), so (?P<o>\S+ or \S+) holds`)}},
		engine.XYChain:          {{"xychain", regexp.MustCompile(`^xy-chain: (?P<r>.+), so (?P<o>\S+ or \S+) is (?P<d>\d+):`)}},
		engine.AIC:              {{"aic", aicRE}},
		engine.GroupedAIC:       {{"aic", aicRE}},
		engine.Rule45Houses: {
			{"r45mi", re(`^rule of 45 in (?P<h>[^:]+): the cages inside them add up to (?P<s>\d+), so the innies (?P<g>\S+) add up to (?P<u>\d+), which (?:can only|must) be (?P<v>[\d+]+(?: or [\d+]+)*), so `)},
			{"r45mi1", re(`^rule of 45 in (?P<h>[^:]+): the cages inside them add up to (?P<s>\d+), so the innie (?P<g>\S+) is (?P<u>\d+), so `)},
			{"r45mo", re(`^rule of 45 in (?P<h>[^:]+): the cages touching them add up to (?P<s>\d+), (?P<w>\d+) of it inside, so the outies (?P<g>\S+) add up to (?P<u>\d+), which (?:can only|must) be (?P<v>[\d+]+(?: or [\d+]+)*), so `)},
			{"r45mo1", re(`^rule of 45 in (?P<h>[^:]+): the cages touching them add up to (?P<s>\d+), (?P<w>\d+) of it inside, so the outie (?P<g>\S+) is (?P<u>\d+), so `)},
		},
		engine.ALSXZ: {
			{"alsxz", re(`^als-xz: (?P<r>[^{]+\{[^}]*\}) and (?P<w>[^{]+\{[^}]*\}) share the restricted common (?P<e>\d+), so (?P<f>[\d, and]+) are each in one of them:`)},
			{"alsxz1", re(`^als-xz: (?P<r>[^{]+\{[^}]*\}) and (?P<w>[^{]+\{[^}]*\}) share the restricted common (?P<e>\d+), so (?P<f>\d+) is in one of them:`)},
		},
		engine.ALSXYWing: {
			{"alsxy", re(`^als-xy-wing: pivot (?P<r>[^{]+\{[^}]*\}) shares (?P<d>\d+) with (?P<w>[^{]+\{[^}]*\}) and (?P<e>\d+) with (?P<s>[^{]+\{[^}]*\}), so (?P<f>[\d, and]+) are each in one of them:`)},
			{"alsxy1", re(`^als-xy-wing: pivot (?P<r>[^{]+\{[^}]*\}) shares (?P<d>\d+) with (?P<w>[^{]+\{[^}]*\}) and (?P<e>\d+) with (?P<s>[^{]+\{[^}]*\}), so (?P<f>\d+) is in one of them:`)},
		},
		engine.ALSChain:     {{"alschain", re(`^als chain: (?P<r>[^(|]+) \(each set joined to the next by the restricted common between them\), so (?P<f>\d+) is in one of the ends:`)}},
		engine.DeathBlossom: {{"db", re(`^death blossom: stem (?P<a>\S+) (?P<x>\{[^}]*\}), petals (?P<r>[^;|]+); whichever digit the stem takes, its petal is locked without it, so (?P<d>\d+) is in one of the petals:`)}},
		engine.Medusa3D:     {{"medusa", re(`^3d medusa: colours (?P<r>[^;|]+) against (?P<w>[^;|]+); one colour is true, and each candidate removed would clash with both:`)}},
		engine.Bifurcation:  {{"bif", regexp.MustCompile(`^bifurcation: with (?P<d>\d+) in (?P<a>\S+) the puzzle`)}},
	}

})

var (
	cellRE  = lazyRE(`r(\d+)c(\d+)`)
	digitRE = lazyRE(`\d+`)
	// lineRE reads a fish's lines, "rows 2, 5 and 7".
	lineRE = lazyRE(`^(rows|columns|boxes|regions) (.*)$`)
)

// cellChars write places and house numbers: printable ASCII from "#" on
// that JSON leaves alone, less "\\" and the field mark "|" (90 characters).
const cellChars = "#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]^_`abcdefghijklmnopqrstuvwxyz{}~"

// lazyRE compiles a pattern on first use.
func lazyRE(p string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(p) })
}

// sayCode writes the template and fields of a stored step, from its note.
func sayCode(geo *engine.Geometry, s engine.Step) string {
	for _, say := range sayings()[s.Technique] {
		m := say.re.FindStringSubmatch(s.Note)
		if m == nil {
			continue
		}
		var b strings.Builder
		b.WriteString("|" + say.key)
		ok := true
		for i, name := range say.re.SubexpNames() {
			if name == "" {
				continue
			}
			v, good := field(geo, name[0], m[i])
			ok = ok && good
			b.WriteString("|" + name + v)
		}
		if ok {
			return b.String()
		}
	}
	// Any other note: the cells it names, in order, but those the step
	// changes, which the step's own words name.
	changed := map[int]bool{}
	for _, e := range s.Eliminations {
		changed[geo.Place(e.Cell)] = true
	}
	for _, x := range s.Placements {
		changed[geo.Place(x.Cell)] = true
	}
	var b strings.Builder
	for _, m := range cellRE().FindAllStringSubmatch(s.Note, -1) {
		r, _ := strconv.Atoi(m[1])
		c, _ := strconv.Atoi(m[2])
		if p := (r-1)*geo.Width + c - 1; r >= 1 && c >= 1 && r <= geo.Width && c <= geo.Width && !changed[p] {
			changed[p] = true
			writeIndex(&b, geo.Width*geo.Width, p)
		}
	}
	if b.Len() == 0 {
		return ""
	}
	return "|gen|a" + b.String()
}

// field writes a placeholder's value in the code; false when the note's
// text is not what the letter wants (the template is then not used).
func field(geo *engine.Geometry, key byte, text string) (string, bool) {
	var b strings.Builder
	switch key {
	case 'a', 'b', 'c', 'g', 'o', 'p', 'l', 'm', 'n':
		for _, m := range cellRE().FindAllStringSubmatch(text, -1) {
			r, _ := strconv.Atoi(m[1])
			c, _ := strconv.Atoi(m[2])
			if r < 1 || c < 1 || r > geo.Width || c > geo.Width {
				return "", false
			}
			writeIndex(&b, geo.Width*geo.Width, (r-1)*geo.Width+c-1)
		}
	case 'v': // digit sets, "1+8 or 2+7"
		for k, set := range strings.Split(text, " or ") {
			if k > 0 {
				b.WriteByte(' ')
			}
			v, ok := field(geo, 'd', set)
			if !ok {
				return "", false
			}
			b.WriteString(v)
		}
	case 'd', 'e', 'f', 'q', 'x', 'y', 'z':
		for _, d := range digitRE().FindAllString(text, -1) {
			n, _ := strconv.Atoi(d)
			if n < 1 || n > len(symbols) {
				return "", false
			}
			b.WriteByte(symbols[n-1])
		}
	case 'h', 'k', 'B', 'C':
		if m := lineRE().FindStringSubmatch(text); m != nil {
			// "rows 2 and 7", "columns 1-3", "boxes 5 and 6": each a
			// house of its own.
			kind := strings.TrimSuffix(strings.TrimSuffix(m[1], "s"), "e")
			ns := digitRE().FindAllString(m[2], -1)
			if from, to, ok := strings.Cut(m[2], "-"); ok {
				lo, _ := strconv.Atoi(from)
				hi, _ := strconv.Atoi(to)
				ns = nil
				for k := lo; k <= hi && k-lo < geo.N; k++ {
					ns = append(ns, strconv.Itoa(k))
				}
			}
			var names []string
			for _, d := range ns {
				names = append(names, kind+" "+d)
			}
			text = strings.Join(names, ", ")
		}
		for _, name := range strings.Split(strings.ReplaceAll(text, " and ", ", "), ", ") {
			u := houseByName(geo, name)
			if u < 0 {
				return "", false
			}
			writeIndex(&b, geo.Width*geo.Width, pageHouse(geo, u))
		}
	default: // notation, as it is
		if strings.Contains(text, "|") {
			return "", false
		}
		b.WriteString(text)
	}
	return b.String(), b.Len() > 0
}

// writeIndex writes i in cellChars, one character when there are at most
// len(cellChars) places, two otherwise.
func writeIndex(b *strings.Builder, places, i int) {
	if places > len(cellChars) {
		b.WriteByte(cellChars[i/len(cellChars)])
	}
	b.WriteByte(cellChars[i%len(cellChars)])
}

// houseByName finds the house explain names so, or -1.
func houseByName(geo *engine.Geometry, name string) int {
	for u := range geo.Houses {
		if geo.HouseName(u) == name {
			return u
		}
	}
	return -1
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
	keys := []string{"step", "gen"}
	for _, list := range sayings() {
		for _, say := range list {
			if !slices.Contains(keys, say.key) {
				keys = append(keys, say.key)
			}
		}
	}
	slices.Sort(keys)
	return keys
}
