package wording

import (
	"fmt"
	"strings"

	"github.com/sudokubook/sudokubook/engine"
)

// A sayer picks its technique's template for a step and fills its fields
// from the step's pattern (engine/tech_*.go writes its parts, in order).
type sayer func(geo *engine.Geometry, s engine.Step) (key string, fields []Field)

// A technique's words: the templates it may take, each with the fields
// its sayer fills (names apart by spaces; {t}, the technique's name, and
// {el}, what the step does, come with every step), and its sayer.
type technique struct {
	forms map[string]string
	say   sayer
}

// Fields picks step s's template and fills its fields from its pattern.
// A technique with no sayer is told by its name, the cells its pattern
// names and its moves (the template "gen").
func Fields(geo *engine.Geometry, s engine.Step) (key string, fields []Field) {
	if t := techniques[s.Technique]; t.say != nil && len(s.Pattern.Parts) > 0 {
		return t.say(geo, s)
	}
	return "gen", []Field{cells("a", CellsAnd, s.Pattern.Cells()...)}
}

// Forms lists the templates technique t may take, each with the fields
// its sayer fills, or nil for a technique with no words.
func Forms(t engine.Technique) map[string]string {
	if int(t) >= len(techniques) {
		return nil
	}
	return techniques[t].forms
}

// Parts lists the lesser templates the techniques' templates are made
// of, each with its fields.
func Parts() map[string]string { return parts }

// parts are the lesser templates: pieces of a step's words, and the
// words of its moves.
var parts = map[string]string{
	"and": "", "comma": "", "kor": "", "semi": "", "row": "n", "col": "n", "box": "n", "region": "n", "window": "n", "diag1": "", "diag2": "",
	"rows": "ns", "cols": "ns", "kmust": "x", "konly": "x", "leaves": "d cs", "leave": "d cs", "kkeeps": "cs ds", "kkeep": "cs ds",
	"kgoes": "d c",
	// A step of a technique with no words of its own, by its pattern's
	// cells; the page's words for a step it knows only by its moves.
	"gen": "a", "step": "",
	// A forcing chain's fork, branches and end; a supposition's clash.
	"fcfork": "a q", "fcforkh": "h d o", "fcif": "a d singles clash", "fcif0": "a d clash", "fcifs": "a d singles",
	"fcsingle": "a d h", "fcsingle1": "a d", "fcnone": "a", "fcleaves": "d a", "fceither": "a d",
	"clashh": "d h", "clash2": "a d", "clashd": "a", "clash0": "a",
	// A killer's areas: a cage, the innies or outies of houses, a split.
	"areacage": "s k c", "areain": "h s g u", "areain1": "h s g u", "areaout": "h s w g u", "areaout1": "h s w g u",
	"splitc": "A B g u", "splitc1": "A B g u", "splits": "A B g u", "splits1": "A B g u",
	"splitin": "g h u", "splitin1": "g h u", "splitout": "g h u", "splitout1": "g h u",
	"mmplaced": "s", "atleast": "s", "atmost": "u", "between": "s u",
	// An edge's mark, or its lack, and what it says of its cells; a box's
	// signs.
	"markw": "a b", "markb": "a b", "markx": "a b", "markv": "a b", "markbar": "a b", "marksign": "a b small big",
	"nokropki": "a b", "noxv": "a b", "nocons": "a b", "ibelow": "a c", "iabove": "a c",
}

func init() {
	for t := range techniques {
		if techniques[t].say != nil && techniques[t].forms == nil {
			panic(fmt.Sprintf("wording: %s has a sayer and no forms", engine.Technique(t)))
		}
	}
}

// keeps are the techniques whose moves say what the cells keep where
// that is shorter: a sum's steps, which narrow its cells to the digits of
// its sets.
var keeps = map[engine.Technique]bool{engine.CageCombination: true, engine.RunCombination: true, engine.Rule45: true, engine.Rule45Houses: true,
	engine.CageSplit: true, engine.MinMaxSum: true}

var (
	lockedForm = func(key string) map[string]string { return map[string]string{key: "h d h2 cs"} }
	fishForms  = map[string]string{"fish": "d B C", "ffish": "d B C a", "ffish1": "d B C a"}
)

var techniques = [engine.NumTechniques]technique{
	engine.FullHouse: {map[string]string{"full": "c h d"}, func(geo *engine.Geometry, s engine.Step) (string, []Field) {
		p := s.Pattern.Parts // the cell, its house, the digit
		return "full", []Field{cell("c", p[0]), house("h", p[1]), digit("d", p[2])}
	}},
	engine.NakedSingle: {map[string]string{"naked": "c d"}, func(geo *engine.Geometry, s engine.Step) (string, []Field) {
		p := s.Pattern.Parts // the cell, the digit
		return "naked", []Field{cell("c", p[0]), digit("d", p[1])}
	}},
	engine.HiddenSingle: {map[string]string{"hidden": "h d c"}, func(geo *engine.Geometry, s engine.Step) (string, []Field) {
		p := s.Pattern.Parts // the house, the digit, the cell
		return "hidden", []Field{house("h", p[0]), digit("d", p[1]), cell("c", p[2])}
	}},
	engine.Pointing:     {lockedForm("pointing"), locked("pointing")},
	engine.Claiming:     {lockedForm("claiming"), locked("claiming")},
	engine.NakedPair:    {map[string]string{"nsub": "h cs ds"}, subset("nsub")},
	engine.NakedTriple:  {map[string]string{"nsub": "h cs ds"}, subset("nsub")},
	engine.NakedQuad:    {map[string]string{"nsub": "h cs ds"}, subset("nsub")},
	engine.HiddenPair:   {map[string]string{"hsub": "h cs ds"}, subset("hsub")},
	engine.HiddenTriple: {map[string]string{"hsub": "h cs ds"}, subset("hsub")},
	engine.HiddenQuad:   {map[string]string{"hsub": "h cs ds"}, subset("hsub")},
	engine.XWing:        {fishForms, fish}, engine.Swordfish: {fishForms, fish}, engine.Jellyfish: {fishForms, fish},
	engine.FinnedXWing: {fishForms, fish}, engine.FinnedSwordfish: {fishForms, fish}, engine.FinnedJellyfish: {fishForms, fish},
	engine.Skyscraper: {map[string]string{"skyr": "d l m h o", "skyc": "d l m h o"}, func(geo *engine.Geometry, s engine.Step) (string, []Field) {
		p := s.Pattern.Parts // digit, the two lines, two links, the base's house, the tops
		key := "skyc"
		if geo.Kinds[p[1].Houses[0]] == engine.RowHouse {
			key = "skyr"
		}
		return key, []Field{digit("d", p[0]), link("l", p[2]), link("m", p[3]), house("h", p[4]), oneOf("o", p[5])}
	}},
	engine.TwoStringKite: {map[string]string{"kite": "d l m h o"}, func(geo *engine.Geometry, s engine.Step) (string, []Field) {
		p := s.Pattern.Parts // digit, row pair, column pair, box, far ends
		return "kite", []Field{digit("d", p[0]), link("l", p[1]), link("m", p[2]), house("h", p[3]), oneOf("o", p[4])}
	}},
	engine.EmptyRectangle: {map[string]string{"er": "d h k l a"}, func(geo *engine.Geometry, s engine.Step) (string, []Field) {
		p := s.Pattern.Parts // digit, box, row and column, pair, target
		return "er", []Field{digit("d", p[0]), house("h", p[1]), house("k", p[2]), link("l", p[3]), all("a", p[4])}
	}},
	engine.XYWing:  {map[string]string{"wing": "a x b y c z"}, wing},
	engine.XYZWing: {map[string]string{"wing": "a x b y c z"}, wing},
	engine.WWing: {map[string]string{"ww": "a x l e d"}, func(geo *engine.Geometry, s engine.Step) (string, []Field) {
		p := s.Pattern.Parts // the two cells and their digits, the link, its digit, the digit they give
		return "ww", []Field{all("a", p[0]), set("x", p[0]), link("l", p[1]), digit("e", p[2]), digit("d", p[3])}
	}},
	engine.SimpleColouring: {map[string]string{"sctrap": "d a b", "scwrap": "d b"}, func(geo *engine.Geometry, s engine.Step) (string, []Field) {
		p := s.Pattern.Parts
		if s.Pattern.Form == engine.FormWrap { // digit, the two cells
			return "scwrap", []Field{digit("d", p[0]), all("b", p[1])}
		}
		// digit, the start, two cells of opposite colours
		return "sctrap", []Field{digit("d", p[0]), all("a", p[1]), all("b", p[2])}
	}},
	engine.UniqueRectangle1: {map[string]string{"ur1": "a x c q"}, func(geo *engine.Geometry, s engine.Step) (string, []Field) {
		p := s.Pattern.Parts // floor, roof, the digits
		return "ur1", []Field{all("a", p[0]), set("x", p[0]), all("c", p[1]), digits("q", DigitsOr, p[2].Digits)}
	}},
	engine.UniqueRectangle2: {map[string]string{"ur2": "a x b y d"}, func(geo *engine.Geometry, s engine.Step) (string, []Field) {
		p := s.Pattern.Parts // floor, roof, the extra digit
		return "ur2", []Field{all("a", p[0]), set("x", p[0]), all("b", p[1]), set("y", p[1]), digit("d", p[2])}
	}},
	engine.UniqueRectangle3: {map[string]string{"ur3": "a x o y b z h"}, func(geo *engine.Geometry, s engine.Step) (string, []Field) {
		p := s.Pattern.Parts // floor, roof and its extra digits, the floor's digits, the subset, its house
		return "ur3", []Field{all("a", p[0]), set("x", p[0]), oneOf("o", p[1]), set("y", p[1]), all("b", p[3]), set("z", p[3]), house("h", p[4])}
	}},
	engine.UniqueRectangle4: {map[string]string{"ur4": "a x h d o e"}, func(geo *engine.Geometry, s engine.Step) (string, []Field) {
		p := s.Pattern.Parts // floor, house, the roof's digit, roof, the other digit
		return "ur4", []Field{all("a", p[0]), set("x", p[0]), house("h", p[1]), digit("d", p[2]), oneOf("o", p[3]), digit("e", p[4])}
	}},
	engine.UniqueRectangle5: {map[string]string{"ur5": "a x d b"}, func(geo *engine.Geometry, s engine.Step) (string, []Field) {
		p := s.Pattern.Parts // corners, extra digit, the corners with it
		return "ur5", []Field{all("a", p[0]), set("x", p[0]), digit("d", p[1]), all("b", p[2])}
	}},
	engine.UniqueRectangle6: {map[string]string{"ur6": "a x d h b"}, func(geo *engine.Geometry, s engine.Step) (string, []Field) {
		p := s.Pattern.Parts // the bivalue corners, the digit, its lines, the other corners
		return "ur6", []Field{all("a", p[0]), set("x", p[0]), digit("d", p[1]), house("h", p[2]), all("b", p[3])}
	}},
	engine.HiddenRectangle: {map[string]string{"hr": "a x d o h p k c e"}, func(geo *engine.Geometry, s engine.Step) (string, []Field) {
		p := s.Pattern.Parts // corner, digit, row pair, row, column pair, column, target, its digit
		return "hr", []Field{all("a", p[0]), set("x", p[0]), digit("d", p[1]), oneOf("o", p[2]), house("h", p[3]), oneOf("p", p[4]),
			house("k", p[5]), all("c", p[6]), digit("e", p[7])}
	}},
	engine.BUGPlus1: {map[string]string{"bug": "a d"}, func(geo *engine.Geometry, s engine.Step) (string, []Field) {
		p := s.Pattern.Parts // the cell, its digit
		return "bug", []Field{all("a", p[0]), digit("d", p[1])}
	}},
	engine.WXYZWing: {map[string]string{"wxyz": "a d"}, func(geo *engine.Geometry, s engine.Step) (string, []Field) {
		p := s.Pattern.Parts // four cells, the digit
		var cs []int
		for _, c := range p[:4] {
			cs = append(cs, c.Cells...)
		}
		return "wxyz", []Field{cells("a", CellsAnd, cs...), digit("d", p[4])}
	}},
	engine.SueDeCoq: {map[string]string{"sdc": "a x h k b y c z"}, func(geo *engine.Geometry, s engine.Step) (string, []Field) {
		p := s.Pattern.Parts // the crossing's cells, the two houses, a set in each
		return "sdc", []Field{all("a", p[0]), set("x", p[0]), house("h", p[1]), house("k", p[2]), all("b", p[3]), set("y", p[3]),
			all("c", p[4]), set("z", p[4])}
	}},
	engine.XChain: {map[string]string{"xchain": "d n o"}, func(geo *engine.Geometry, s engine.Step) (string, []Field) {
		p := s.Pattern.Parts // digit, chain, ends
		return "xchain", []Field{digit("d", p[0]), cells("n", CellsChain, p[1].Cells...), oneOf("o", p[2])}
	}},
	engine.AlignedPairExclusion: {map[string]string{"ape": "a x b y see"}, func(geo *engine.Geometry, s engine.Step) (string, []Field) {
		p := s.Pattern.Parts // the pair, each with its digits, then the cells both see
		see := Field{Name: "see", Kind: CellDigits}
		for _, q := range p[2:] {
			see.Cells, see.Sets = append(see.Cells, q.Cells[0]), append(see.Sets, q.Digits)
		}
		return "ape", []Field{cell("a", p[0]), set("x", p[0]), cell("b", p[1]), set("y", p[1]), see}
	}},
	engine.XYChain: {map[string]string{"xychain": "r o d"}, func(geo *engine.Geometry, s engine.Step) (string, []Field) {
		p := s.Pattern.Parts // chain, ends, digit
		return "xychain", []Field{text("r", p[0]), oneOf("o", p[1]), digit("d", p[2])}
	}},
	engine.AIC:        {map[string]string{"aic": "r"}, aic},
	engine.GroupedAIC: {map[string]string{"aic": "r"}, aic},
	engine.ALSXZ: {map[string]string{"alsxz": "r w e f", "alsxz1": "r w e f", "alsxzs": "r w e f", "alsxzs1": "r w e f"}, func(geo *engine.Geometry, s engine.Step) (string, []Field) {
		p := s.Pattern.Parts // two sets, their restricted commons, the digits in one of them
		key := "alsxz"
		if !single(p[2].Digits) {
			key = "alsxzs"
		}
		if single(p[3].Digits) {
			key += "1"
		}
		return key, []Field{text("r", p[0]), text("w", p[1]), digit("e", p[2]), digit("f", p[3])}
	}},
	engine.ALSXYWing: {map[string]string{"alsxy": "r d w e s f", "alsxy1": "r d w e s f"}, func(geo *engine.Geometry, s engine.Step) (string, []Field) {
		p := s.Pattern.Parts // pivot, a common, a pincer, the other common, the other pincer, the digits
		key := "alsxy"
		if single(p[5].Digits) {
			key = "alsxy1"
		}
		return key, []Field{text("r", p[0]), digit("d", p[1]), text("w", p[2]), digit("e", p[3]), text("s", p[4]), digit("f", p[5])}
	}},
	engine.ALSChain: {map[string]string{"alschain": "r f", "alschains": "r f"}, func(geo *engine.Geometry, s engine.Step) (string, []Field) {
		p := s.Pattern.Parts // the chain, the digits in one of its ends
		key := "alschain"
		if !single(p[1].Digits) {
			key = "alschains"
		}
		return key, []Field{text("r", p[0]), digit("f", p[1])}
	}},
	engine.DeathBlossom: {map[string]string{"db": "a x r d"}, func(geo *engine.Geometry, s engine.Step) (string, []Field) {
		p := s.Pattern.Parts // stem, then each petal after its stem digit, then the digit
		var petals []string
		var cells []int
		for k := 1; k+1 < len(p)-1; k += 2 {
			petals = append(petals, fmt.Sprintf("%d: %s", engine.FirstDigit(p[k].Digits), p[k+1].Text))
			cells = append(cells, p[k+1].Cells...)
		}
		r := raw("r", strings.Join(petals, ", "))
		r.Cells = cells
		return "db", []Field{all("a", p[0]), set("x", p[0]), r, digit("d", p[len(p)-1])}
	}},
	engine.Medusa3D: {map[string]string{"medusa": "r w", "medusaw": "r w clash"}, func(geo *engine.Geometry, s engine.Step) (string, []Field) {
		p := s.Pattern.Parts // the two colours, and for a wrap why one is false
		if s.Pattern.Form == engine.FormTrap {
			return "medusa", []Field{text("r", p[0]), text("w", p[1])}
		}
		return "medusaw", []Field{text("r", p[0]), text("w", p[1]), clash("clash", p[2], false)}
	}},
	engine.ForcingChain: {map[string]string{"forcing": "fork branches end", "forcingl": "fork branches end"}, forcing},
	engine.Bifurcation: {map[string]string{"bif": "d a"}, func(geo *engine.Geometry, s engine.Step) (string, []Field) {
		p := s.Pattern.Parts // digit, cell
		return "bif", []Field{digit("d", p[0]), all("a", p[1])}
	}},
	engine.CageCombination: {map[string]string{"kcage": "s k c sets", "ccage": "s k c ds"}, func(geo *engine.Geometry, s engine.Step) (string, []Field) {
		p := s.Pattern.Parts // the cage
		if p[0].Text != "" { // a calcudoku cage: its clue, the digits its fillings use
			return "ccage", []Field{text("s", p[0]), number("k", len(p[0].Cells)), cell("c", p[0]), digits("ds", DigitsAnd, p[0].Digits)}
		}
		return "kcage", []Field{number("s", p[0].Sum), number("k", len(p[0].Cells)), cell("c", p[0]), sets("sets", p[0].Sets)}
	}},
	engine.Rule45: {map[string]string{"r45i": "h t cs s sets", "r45i1": "h t c s", "r45o": "h t a cs s sets", "r45o1": "h t a c s"},
		func(geo *engine.Geometry, s engine.Step) (string, []Field) {
			p := s.Pattern.Parts[0] // the innies or outies of one house
			key, fields := "r45i", []Field{house("h", p), number("t", p.Total)}
			if p.Form == engine.FormOuties {
				key, fields = "r45o", append(fields, number("a", geo.N*(geo.N+1)/2*len(p.Houses)))
			}
			if len(p.Cells) == 1 {
				return key + "1", append(fields, cell("c", p), number("s", p.Sum))
			}
			return key, append(fields, plus("cs", p), number("s", p.Sum), sets("sets", p.Sets))
		}},
	engine.RunCombination: {map[string]string{"runa": "s k c sets", "rund": "s k c sets"}, func(geo *engine.Geometry, s engine.Step) (string, []Field) {
		p := s.Pattern.Parts // the run
		return runKey("run", p[0]), []Field{number("s", p[0].Sum), number("k", len(p[0].Cells)), cell("c", p[0]), sets("sets", p[0].Sets)}
	}},
	engine.RunPermutation: {map[string]string{"perma": "s k c sets", "permd": "s k c sets"}, func(geo *engine.Geometry, s engine.Step) (string, []Field) {
		p := s.Pattern.Parts // the run
		return runKey("perm", p[0]), []Field{number("s", p[0].Sum), number("k", len(p[0].Cells)), cell("c", p[0]), sets("sets", p[0].Sets)}
	}},
	engine.RunContradiction:     {runContradictionForms, runContradiction},
	engine.RunContradictionWide: {runContradictionForms, runContradiction},
	engine.CagePointing: {map[string]string{"kpoint": "s k c sets d cs h", "cpoint": "s k c d h cs"}, func(geo *engine.Geometry, s engine.Step) (string, []Field) {
		p := s.Pattern.Parts // the cage, the digit, its places, their house
		if p[0].Text != "" { // a calcudoku cage
			return "cpoint", []Field{text("s", p[0]), number("k", len(p[0].Cells)), cell("c", p[0]),
				digit("d", p[1]), house("h", p[3]), cells("cs", CellsComma, p[2].Cells...)}
		}
		return "kpoint", []Field{number("s", p[0].Sum), number("k", len(p[0].Cells)), cell("c", p[0]), sets("sets", p[0].Sets),
			digit("d", p[1]), cells("cs", CellsComma, p[2].Cells...), house("h", p[3])}
	}},
	engine.Rule45Houses: {map[string]string{"r45mi": "h s g u v", "r45mi1": "h s g u", "r45mo": "h s w g u v", "r45mo1": "h s w g u"},
		func(geo *engine.Geometry, s engine.Step) (string, []Field) {
			p := s.Pattern.Parts[0] // the innies or outies
			key, fields := "r45mi", []Field{house("h", p), number("s", p.Total)}
			if p.Form == engine.FormOuties {
				key, fields = "r45mo", append(fields, number("w", geo.N*(geo.N+1)/2*len(p.Houses)))
			}
			fields = append(fields, plus("g", p), number("u", p.Sum))
			if len(p.Cells) == 1 {
				return key + "1", fields
			}
			return key, append(fields, sets("v", p.Sets))
		}},
	engine.CageSplit: {map[string]string{"ksplit": "area v", "ksplit1": "area"}, func(geo *engine.Geometry, s engine.Step) (string, []Field) {
		p := s.Pattern.Parts // the area's parts, the digit sets on the last
		last := p[len(p)-1]
		if len(last.Cells) == 1 {
			return "ksplit1", []Field{area("area", geo, p)}
		}
		return "ksplit", []Field{area("area", geo, p), sets("v", last.Sets)}
	}},
	engine.MinMaxSum: {map[string]string{"minmax": "area placed g lo hi c bound", "minmax1": "area placed g lo hi c bound"}, minMax},
}

func locked(key string) sayer {
	return func(geo *engine.Geometry, s engine.Step) (string, []Field) {
		p := s.Pattern.Parts // the house the digit is confined in, the digit, the house it leaves
		return key, []Field{house("h", p[0]), digit("d", p[1]), house("h2", p[2]), struckField("cs", s)}
	}
}

func subset(key string) sayer {
	return func(geo *engine.Geometry, s engine.Step) (string, []Field) {
		p := s.Pattern.Parts // the house, the cells and their digits
		return key, []Field{house("h", p[0]), all("cs", p[1]), digit("ds", p[1])}
	}
}

// fish says a fish, finned or not: its digit, base and cover lines, fins.
func fish(geo *engine.Geometry, s engine.Step) (string, []Field) {
	p := s.Pattern.Parts // digit, base lines, cover lines, fins
	fields := []Field{digit("d", p[0]), lines("B", p[1].Houses...), lines("C", p[2].Houses...)}
	switch {
	case len(p) == 3:
		return "fish", fields
	case len(p[3].Cells) == 1:
		return "ffish1", append(fields, all("a", p[3]))
	}
	return "ffish", append(fields, all("a", p[3]))
}

// wing says an XY- or XYZ-Wing: pivot and pincers, each with its digits.
func wing(geo *engine.Geometry, s engine.Step) (string, []Field) {
	p := s.Pattern.Parts
	return "wing", []Field{all("a", p[0]), set("x", p[0]), all("b", p[1]), set("y", p[1]), all("c", p[2]), set("z", p[2])}
}

// aic says an alternating inference chain, grouped or not, in its
// notation; what it proves is in its moves.
func aic(geo *engine.Geometry, s engine.Step) (string, []Field) {
	return "aic", []Field{text("r", s.Pattern.Parts[0])}
}

// clash says what a supposition breaks: a digit with no place left in a
// house, two cells that would hold one digit, a cell with two digits or
// none. In a forcing chain's branch a cell's clash is always the last.
func clash(name string, p engine.Part, branch bool) Field {
	switch {
	case len(p.Houses) > 0:
		return words(name, "clashh", digit("d", p), house("h", p))
	case branch:
		return words(name, "fcnone", cell("a", p))
	case len(p.Cells) == 2:
		return words(name, "clash2", all("a", p), digit("d", p))
	case p.Digits != 0:
		return words(name, "clashd", cell("a", p))
	}
	return words(name, "clash0", cell("a", p))
}

// forcing says a forcing chain: the fork, each branch as the singles it
// follows and what breaks, and what both branches agree on or the side
// that broke loses.
func forcing(geo *engine.Geometry, s engine.Step) (string, []Field) {
	p := s.Pattern.Parts // the fork, then each branch: its supposition, its singles, what broke; the conclusion
	var fork Field
	if f := p[0]; len(f.Houses) == 0 {
		fork = words("fork", "fcfork", cell("a", f), digits("q", DigitsOr, f.Digits))
	} else {
		fork = words("fork", "fcforkh", house("h", f), digit("d", f), oneOf("o", f))
	}
	branches := Field{Name: "branches", Kind: TemplateList, Text: "semi"}
	var branch *Field
	var singles []Field
	flush := func(clashed *Field) {
		if branch == nil {
			return
		}
		list := Field{Name: "singles", Kind: TemplateList, Text: "comma", List: singles}
		switch {
		case clashed != nil && len(singles) > 0:
			branch.Text, branch.Parts = "fcif", append(branch.Parts, list, *clashed)
		case clashed != nil:
			branch.Text, branch.Parts = "fcif0", append(branch.Parts, *clashed)
		default:
			branch.Text, branch.Parts = "fcifs", append(branch.Parts, list)
		}
		branches.List = append(branches.List, *branch)
		branch, singles = nil, nil
	}
	for _, x := range p[1 : len(p)-1] {
		switch x.Role {
		case engine.RoleLink:
			flush(nil)
			branch = &Field{Kind: Template, Parts: []Field{cell("a", x), digit("d", x)}}
		case engine.RoleCells:
			if len(x.Houses) > 0 {
				singles = append(singles, words("", "fcsingle", cell("a", x), digit("d", x), house("h", x)))
			} else {
				singles = append(singles, words("", "fcsingle1", cell("a", x), digit("d", x)))
			}
		case engine.RoleClash:
			c := clash("clash", x, true)
			flush(&c)
		}
	}
	flush(nil)
	end := p[len(p)-1]
	last := words("end", "fceither", cell("a", end), digit("d", end))
	if len(s.Eliminations) > 0 {
		last = words("end", "fcleaves", digit("d", end), cell("a", end))
	}
	key := "forcing"
	if s.Pattern.Form == engine.FormLocked {
		key = "forcingl"
	}
	return key, []Field{fork, branches, last}
}

// area says how an area's total is known, from its parts: a cage, the
// innies or outies of houses, or a split (the area it is taken from, the
// one taken out, and the cells left).
func area(name string, geo *engine.Geometry, p []engine.Part) Field {
	if len(p) == 1 {
		q := p[0]
		if q.Role == engine.RoleCage {
			return words(name, "areacage", number("s", q.Sum), number("k", len(q.Cells)), cell("c", q))
		}
		key, fields := "areain", []Field{house("h", q), number("s", q.Total)}
		if q.Form == engine.FormOuties {
			key, fields = "areaout", append(fields, number("w", geo.N*(geo.N+1)/2*len(q.Houses)))
		}
		if len(q.Cells) == 1 {
			key += "1"
		}
		return words(name, key, append(fields, plus("g", q), number("u", q.Sum))...)
	}
	key := "splits"
	if p[0].Role == engine.RoleCage {
		key = "splitc"
	}
	if len(p[2].Cells) == 1 {
		key += "1"
	}
	return words(name, key, splitPart("A", p[0]), splitPart("B", p[1]), plus("g", p[2]), number("u", p[2].Sum))
}

// splitPart names an area inside a split: a cage, or innies or outies
// with the total the rule of 45 gives them.
func splitPart(name string, p engine.Part) Field {
	if p.Role == engine.RoleCage {
		return words(name, "areacage", number("s", p.Sum), number("k", len(p.Cells)), cell("c", p))
	}
	key := "splitin"
	if p.Form == engine.FormOuties {
		key = "splitout"
	}
	if len(p.Cells) == 1 {
		key += "1"
	}
	return words(name, key, plus("g", p), house("h", p), number("u", p.Sum))
}

// minMax says a min/max sum: the area, what is placed in it, the range
// of the other open cells and the bound it sets the cell.
func minMax(geo *engine.Geometry, s engine.Step) (string, []Field) {
	p := s.Pattern.Parts // the area's parts, what is placed in it, the other open cells, the cell bounded
	k := len(p) - 2
	others, x := p[k], p[k+1]
	placed := raw("placed", "")
	if p[k-1].Role == engine.RoleSum && len(p[k-1].Cells) == 0 {
		k--
		placed = words("placed", "mmplaced", number("s", p[k].Sum))
	}
	key := "minmax"
	if len(others.Cells) == 1 {
		key = "minmax1"
	}
	return key, []Field{area("area", geo, p[:k]), placed, plus("g", others), number("lo", others.Sum), number("hi", others.Total),
		cell("c", x), bound("bound", geo, x)}
}

// byParts is the words of a technique whose template names its pattern's
// parts in order, one name a part ("_" skips one), each written as its
// role reads: a digit or digits "1 and 2"; houses "row 2 and box 5"; a
// strong link "r1c1=r1c2"; ends "r1c1 or r1c2"; a cage or a sum as a
// killer's area ("cage 15 in 3 cells at r1c1"); any other cells "r1c1,
// r1c2 and r1c3". A technique that takes it is one row of the table and
// one line a language.
func byParts(key, names string) technique {
	ns := strings.Fields(names)
	var declared []string
	for _, n := range ns {
		if n != "_" {
			declared = append(declared, n)
		}
	}
	return technique{map[string]string{key: strings.Join(declared, " ")}, func(geo *engine.Geometry, s engine.Step) (string, []Field) {
		var fields []Field
		for i, n := range ns {
			if n == "_" || i >= len(s.Pattern.Parts) {
				continue
			}
			fields = append(fields, partField(n, geo, s.Pattern.Parts[i]))
		}
		return key, fields
	}}
}

// partField writes part p under name as its role reads (see byParts).
func partField(name string, geo *engine.Geometry, p engine.Part) Field {
	switch {
	case p.Role == engine.RoleCage || p.Role == engine.RoleSum:
		return area(name, geo, []engine.Part{p})
	case p.Role == engine.RoleDigit || p.Role == engine.RoleDigits || len(p.Cells) == 0 && len(p.Houses) == 0:
		return digit(name, p)
	case len(p.Cells) == 0:
		return house(name, p)
	case p.Role == engine.RoleLink:
		return link(name, p)
	case p.Role == engine.RoleEnds:
		return oneOf(name, p)
	}
	return all(name, p)
}

// runKey is a kakuro run's template: key and "a" for an across run, "d"
// for a down run.
func runKey(key string, p engine.Part) string {
	if p.Form == engine.FormDown {
		return key + "d"
	}
	return key + "a"
}

var runContradictionForms = map[string]string{"rcona": "a d s k c", "rcond": "a d s k c", "rcon0": "a d"}

// runContradiction says a run contradiction: the cell and digit tried,
// then the run left no way.
func runContradiction(geo *engine.Geometry, s engine.Step) (string, []Field) {
	p := s.Pattern.Parts // the cell tried with its digit, the run broken
	fields := []Field{all("a", p[0]), digit("d", p[0])}
	if len(p) < 2 {
		return "rcon0", fields
	}
	return runKey("rcon", p[1]), append(fields, number("s", p[1].Sum), number("k", len(p[1].Cells)), cell("c", p[1]))
}
