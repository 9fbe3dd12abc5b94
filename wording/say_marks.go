package wording

import (
	"strings"

	"github.com/sudokubook/sudokubook/engine"
)

// The words of the rungs of edge marks (kropki, xv, consecutive,
// greater-than) and of even-odd cells. An edge's part is its two cells,
// its mark (Sum: 0 for none, then the rule's marks in order) and the
// mark's symbol.

// markTechnique is a rung told by the mark of its one edge.
var markTechnique = technique{map[string]string{"edge": "mark"}, func(geo *engine.Geometry, s engine.Step) (string, []Field) {
	return "edge", []Field{mark("mark", geo, s.Pattern.Parts[0])}
}}

func init() {
	techniques[engine.KropkiDot] = markTechnique
	techniques[engine.XVPair] = markTechnique
	techniques[engine.ConsecutivePair] = markTechnique
	techniques[engine.InequalitySign] = markTechnique
	techniques[engine.NoMark] = markTechnique
	for _, t := range []engine.Technique{engine.KropkiDot, engine.XVPair, engine.ConsecutivePair, engine.InequalitySign, engine.NoMark} {
		keeps[t] = true
	}
	techniques[engine.InequalityChain] = technique{map[string]string{"ineqchain": "h signs c bound"}, inequalityChain}
	techniques[engine.PairSet] = technique{map[string]string{"pairset": "mark pairs ds"}, func(geo *engine.Geometry, s engine.Step) (string, []Field) {
		p := s.Pattern.Parts // the edge, the digits every pair holds, the pairs
		pairs := Field{Name: "pairs", Kind: TemplateList, Text: "kor"}
		for _, m := range p[2].Sets {
			pairs.List = append(pairs.List, digits("", DigitSet, m))
		}
		return "pairset", []Field{mark("mark", geo, p[0]), pairs, digit("ds", p[1])}
	}}
	techniques[engine.MarkChain] = technique{map[string]string{"markchain": "mark mark2 a r"}, func(geo *engine.Geometry, s engine.Step) (string, []Field) {
		p := s.Pattern.Parts // the two edges, the three cells with their triples
		return "markchain", []Field{mark("mark", geo, p[0]), mark("mark2", geo, p[1]), all("a", p[2]), text("r", p[2])}
	}}
	techniques[engine.ParitySet] = technique{map[string]string{"paritye": "h a ds", "parityo": "h a ds"}, func(geo *engine.Geometry, s engine.Step) (string, []Field) {
		p := s.Pattern.Parts // the house, the locked cells with the digits left
		key := "parityo"
		if p[1].Digits&0x15554 != 0 { // an even digit
			key = "paritye"
		}
		return key, []Field{house("h", p[0]), cells("a", CellsComma, p[1].Cells...), digit("ds", p[1])}
	}}
}

// markKeys are the words of each rule's marks, by the part's Sum; a sign
// is told from its smaller cell.
var markKeys = map[string][]string{
	"kropki":       {"nokropki", "markw", "markb"},
	"xv":           {"noxv", "markx", "markv"},
	"consecutive":  {"nocons", "markbar"},
	"greater-than": {"", "marksign", "marksign"},
}

// mark tells what edge part p's mark, or its lack of one, says of its two
// cells.
func mark(name string, geo *engine.Geometry, p engine.Part) Field {
	a, b := cells("a", CellsAnd, p.Cells[0]), cells("b", CellsAnd, p.Cells[1])
	rule := edgeRule(geo)
	if rule == "greater-than" {
		small, big := p.Cells[0], p.Cells[1]
		if p.Sum == 2 {
			small, big = big, small
		}
		return words(name, "marksign", a, b, cells("small", CellsAnd, small), cells("big", CellsAnd, big))
	}
	keys := markKeys[rule]
	if p.Sum >= len(keys) {
		return raw(name, p.Text)
	}
	return words(name, keys[p.Sum], a, b)
}

// edgeRule is the name of geo's edge marks' rule, "" for none.
func edgeRule(geo *engine.Geometry) string {
	for _, c := range geo.Constraints() {
		if e, ok := c.(*engine.EdgeMarks); ok {
			return strings.TrimSuffix(e.Name(), "-some")
		}
	}
	return ""
}

// inequalityChain says how a box's chain of signs bounds a cell: the cells
// the signs put below it and above it, all different digits.
func inequalityChain(geo *engine.Geometry, s engine.Step) (string, []Field) {
	p := s.Pattern.Parts // the box, the cells below, the cells above, the cell bounded
	x := p[3]
	signs := Field{Name: "signs", Kind: TemplateList, Text: "and"}
	if len(p[1].Cells) > 0 {
		signs.List = append(signs.List, words("", "ibelow", all("a", p[1]), cell("c", x)))
	}
	if len(p[2].Cells) > 0 {
		signs.List = append(signs.List, words("", "iabove", all("a", p[2]), cell("c", x)))
	}
	return "ineqchain", []Field{house("h", p[0]), signs, cell("c", x), bound("bound", geo, x)}
}

// bound says a target's bounds, Sum to Total: "at least 3", "at most 6",
// "at least 3 and at most 6".
func bound(name string, geo *engine.Geometry, x engine.Part) Field {
	switch {
	case x.Sum > 1 && x.Total >= geo.N:
		return words(name, "atleast", number("s", x.Sum))
	case x.Sum <= 1:
		return words(name, "atmost", number("u", x.Total))
	}
	return words(name, "between", number("s", x.Sum), number("u", x.Total))
}

// lineTechnique tells a thermometer's or an arrow's rung: the line (the
// bulb, or the circle, first) and what its cells lose.
var lineTechnique = technique{map[string]string{"thermo": "a c", "arrow": "a c"}, func(geo *engine.Geometry, s engine.Step) (string, []Field) {
	line := s.Pattern.Parts[0].Cells
	if s.Pattern.Parts[0].Role == engine.RoleThermo {
		return "thermo", []Field{cells("a", CellsAnd, line...), cells("c", CellsAnd, line[0])}
	}
	return "arrow", []Field{cells("a", CellsAnd, line[1:]...), cells("c", CellsAnd, line[0])}
}}

func init() {
	for _, t := range []engine.Technique{engine.ThermoBounds, engine.ThermoCandidates, engine.ArrowBounds, engine.ArrowSums} {
		techniques[t] = lineTechnique
	}
}
