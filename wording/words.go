package wording

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/templates"
)

// Words tells steps in one language.
type Words struct {
	texts *templates.Texts
	t     map[string]string
	cell  string // a cell's name in words, "row {r}, column {c}"; "" names it r3c5
	// lesson tells the lesser templates a step is made of in their lesson
	// form too ("l" before the key) where the language has one: a forcing
	// chain's branches read "if r1c5 is 8, then ..." on a lesson page.
	lesson bool
}

// New loads the words of language code (templates.Languages).
func New(code string) (*Words, error) {
	texts, err := templates.Language(code)
	if err != nil {
		return nil, err
	}
	t, err := templates.Steps(code)
	if err != nil {
		return nil, err
	}
	return &Words{texts: texts, t: t}, nil
}

// Spoken returns w naming cells by template rc ("row {r}, column {c}"),
// as words read aloud need them; the page shows its hints so. A chain's
// notation stays as it is. Where a sum step says what its cells keep or
// what they lose, whichever is shorter, it chooses as the notation does,
// so that both forms tell the same moves.
func (w *Words) Spoken(rc string) *Words {
	c := *w
	c.cell = rc
	return &c
}

// cellName names cell c of geo.
func (w *Words) cellName(geo *engine.Geometry, c int) string {
	if w.cell == "" {
		return geo.CellName(c)
	}
	return strings.NewReplacer("{r}", strconv.Itoa(geo.Row(c)+1), "{c}", strconv.Itoa(geo.Col(c)+1)).Replace(w.cell)
}

// cellNames names cells of geo.
func (w *Words) cellNames(geo *engine.Geometry, cells []int) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = w.cellName(geo, c)
	}
	return out
}

// Step tells step s of a solve on geo in words: its technique's template
// filled from its pattern and its moves. b is the board s was found on:
// a killer's sum steps say what the cells they strike keep where that is
// shorter than what they lose, and need its candidates; nil tells what
// they strike.
func (w *Words) Step(geo *engine.Geometry, b *engine.Board, s engine.Step) string {
	key, fields := Fields(geo, s)
	return w.fill(geo, key, fields, s, b)
}

// fill fills template key with fields, and {t} and {el} with the step's
// technique and moves unless a field of that name says otherwise. {base}
// and {cover} are a fish's {B} and {C}, and {res} a sum's {el}, as the
// page's script has them.
func (w *Words) fill(geo *engine.Geometry, key string, fields []Field, s engine.Step, b *engine.Board) string {
	vals := map[string]string{}
	for _, f := range fields {
		vals[f.Name] = w.value(geo, f, s, b)
	}
	if _, ok := vals["t"]; !ok {
		vals["t"] = w.texts.Technique(s.Technique.String())
	}
	if _, ok := vals["el"]; !ok {
		if !keeps[s.Technique] {
			b = nil
		}
		vals["el"] = w.moves(geo, b, s)
	}
	for alias, name := range map[string]string{"base": "B", "cover": "C", "res": "el"} {
		if v, ok := vals[name]; ok {
			vals[alias] = v
		}
	}
	return w.tr(key, vals)
}

// tr fills template key's {name} placeholders from vals; a name with no
// value is left as it is (the tests hold every template to its fields).
func (w *Words) tr(key string, vals map[string]string) string {
	s := w.t[key]
	var b strings.Builder
	for {
		open := strings.IndexByte(s, '{')
		if open < 0 {
			break
		}
		end := strings.IndexByte(s[open:], '}')
		if end < 0 {
			break
		}
		end += open
		b.WriteString(s[:open])
		if v, ok := vals[s[open+1:end]]; ok {
			b.WriteString(v)
		} else {
			b.WriteString(s[open : end+1])
		}
		s = s[end+1:]
	}
	b.WriteString(s)
	return b.String()
}

// value writes one field as its kind reads.
func (w *Words) value(geo *engine.Geometry, f Field, s engine.Step, b *engine.Board) string {
	switch f.Kind {
	case CellsAnd:
		return w.and(w.cellNames(geo, f.Cells))
	case CellsOr:
		return strings.Join(w.cellNames(geo, f.Cells), w.t["kor"])
	case CellsComma:
		return strings.Join(w.cellNames(geo, f.Cells), ", ")
	case CellsLink:
		return strings.Join(w.cellNames(geo, f.Cells), "=")
	case CellsPlus:
		return strings.Join(w.cellNames(geo, f.Cells), "+")
	case CellsChain:
		var sb strings.Builder
		for j, n := range w.cellNames(geo, f.Cells) {
			if j > 0 {
				sb.WriteString([]string{"-", "="}[j%2])
			}
			sb.WriteString(n)
		}
		return sb.String()
	case CellDigits:
		var names []string
		for i, c := range f.Cells {
			names = append(names, w.cellName(geo, c)+" "+digitSet(f.Sets[i]))
		}
		return w.and(names)
	case DigitsAnd:
		return w.and(digitNames(f.Digits))
	case DigitsOr:
		return strings.Join(digitNames(f.Digits), w.t["kor"])
	case DigitSet:
		return digitSet(f.Digits)
	case Houses:
		var names []string
		for _, u := range f.Houses {
			names = append(names, w.house(geo, u))
		}
		return w.and(names)
	case Lines:
		return w.lines(geo, f.Houses)
	case Sets:
		return w.sets(f.Sets)
	case Number:
		return strconv.Itoa(f.N)
	case Template:
		return w.fill(geo, w.lessonKey(f.Text), f.Parts, s, b)
	case TemplateList:
		var parts []string
		for _, p := range f.List {
			parts = append(parts, w.value(geo, p, s, b))
		}
		return strings.Join(parts, w.t[f.Text])
	}
	return f.Text // Raw
}

// and joins items as "a, b and c" in the language.
func (w *Words) and(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + w.t["and"] + items[len(items)-1]
}

// house names house u as the page does: "row 3", "box 5"; on a figure
// with the grid's span, "row 7 (c1-9)", "box r1-3 c1-3".
func (w *Words) house(geo *engine.Geometry, u int) string {
	name := geo.HouseName(u)
	word, n, _ := strings.Cut(name, " ")
	key := map[engine.HouseKind]string{engine.RowHouse: "row", engine.ColumnHouse: "col", engine.BoxHouse: "box",
		engine.RegionHouse: "region", engine.WindowHouse: "window", engine.ImpliedWindowHouse: "window"}[geo.Kinds[u]]
	switch {
	case geo.Kinds[u] == engine.DiagonalHouse && word == "main":
		return w.t["diag1"]
	case geo.Kinds[u] == engine.DiagonalHouse:
		return w.t["diag2"]
	case key == "":
		return name
	}
	return w.tr(key, map[string]string{"n": n})
}

// lines names a fish's lines by their rows or columns of the grid's
// bounding box: "rows 2 and 7" (rows 7 and 13 in a samurai's centre grid).
func (w *Words) lines(geo *engine.Geometry, us []int) string {
	key, num := "rows", geo.Row
	if geo.Kinds[us[0]] == engine.ColumnHouse {
		key, num = "cols", geo.Col
	}
	var ns []string
	for _, u := range us {
		ns = append(ns, strconv.Itoa(num(geo.Houses[u][0])+1))
	}
	return w.tr(key, map[string]string{"ns": w.and(ns)})
}

// sets says which digit sets a sum leaves: "must be 1+5", "can only be
// 1+5 or 2+4".
func (w *Words) sets(ms []uint32) string {
	var parts []string
	for _, m := range ms {
		parts = append(parts, strings.Join(digitNames(m), "+"))
	}
	if len(parts) == 1 {
		return w.tr("kmust", map[string]string{"x": parts[0]})
	}
	return w.tr("konly", map[string]string{"x": strings.Join(parts, w.t["kor"])})
}

// moves says what a step does, as the page says a stored step: what the
// cells it strikes lose (digits that leave the same cells together) or,
// when b gives their candidates and that is shorter, what they keep
// (cells left with the same digits together), then the digits it places.
// A cell that gets its digit is not said to lose the others.
func (w *Words) moves(geo *engine.Geometry, b *engine.Board, s engine.Step) string {
	placed := map[int]bool{}
	for _, p := range s.Placements {
		placed[p.Cell] = true
	}
	lost := map[int]uint32{}
	var order []int
	byDigit := map[uint8][]int{}
	for _, e := range s.Eliminations {
		if placed[e.Cell] {
			continue
		}
		if lost[e.Cell] == 0 {
			order = append(order, e.Cell)
		}
		lost[e.Cell] |= engine.Bit(e.Digit)
		byDigit[e.Digit] = append(byDigit[e.Digit], e.Cell)
	}
	var parts []string
	if len(order) > 0 {
		text := w.loses(geo, byDigit)
		if b != nil {
			// The choice is the notation's, whatever the names' length:
			// spoken words measure the notation's forms to choose.
			n, lose := w, text
			if w.cell != "" {
				n = &Words{texts: w.texts, t: w.t}
				lose = n.loses(geo, byDigit)
			}
			if keep := n.keeps(geo, b, order, lost); utf8.RuneCountInString(keep) < utf8.RuneCountInString(lose) {
				text = keep
				if n != w {
					text = w.keeps(geo, b, order, lost)
				}
			}
		}
		parts = append(parts, text)
	}
	for _, p := range s.Placements {
		parts = append(parts, w.tr("kgoes", map[string]string{"d": strconv.Itoa(int(p.Digit)), "c": w.cellName(geo, p.Cell)}))
	}
	return strings.Join(parts, w.t["semi"])
}

// loses says which cells lose which digits, the digits that leave the same
// cells together.
func (w *Words) loses(geo *engine.Geometry, byDigit map[uint8][]int) string {
	var lose []string
	done := map[uint8]bool{}
	for d := uint8(1); d <= engine.MaxSide; d++ {
		if byDigit[d] == nil || done[d] {
			continue
		}
		var same uint32
		for e := d; e <= engine.MaxSide; e++ {
			if sameCells(byDigit[e], byDigit[d]) {
				same |= engine.Bit(e)
				done[e] = true
			}
		}
		key := "leaves"
		if same&(same-1) != 0 {
			key = "leave"
		}
		lose = append(lose, w.tr(key, map[string]string{"d": w.and(digitNames(same)), "cs": strings.Join(w.cellNames(geo, byDigit[d]), ", ")}))
	}
	return strings.Join(lose, w.t["semi"])
}

// keeps says what the cells in order keep of their candidates on b once
// they lose lost, the cells left with the same digits together.
func (w *Words) keeps(geo *engine.Geometry, b *engine.Board, order []int, lost map[int]uint32) string {
	var keep []string
	done := map[int]bool{}
	for _, x := range order {
		if done[x] {
			continue
		}
		left := b.Cands[x] &^ lost[x]
		var same []int
		for _, y := range order {
			if !done[y] && b.Cands[y]&^lost[y] == left {
				same = append(same, y)
				done[y] = true
			}
		}
		key := "kkeeps"
		if len(same) > 1 {
			key = "kkeep"
		}
		keep = append(keep, w.tr(key, map[string]string{"cs": w.and(w.cellNames(geo, same)), "ds": w.and(digitNames(left))}))
	}
	return strings.Join(keep, w.t["semi"])
}

func sameCells(a, b []int) bool {
	if len(a) != len(b) || a == nil {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// digitNames writes the digits of m in decimal, rising, as the page does.
func digitNames(m uint32) []string {
	var out []string
	for _, d := range engine.Digits(m) {
		out = append(out, strconv.Itoa(int(d)))
	}
	return out
}

// digitSet writes a candidate set, "{1,2}".
func digitSet(m uint32) string { return "{" + strings.Join(digitNames(m), ",") + "}" }

// Lesson tells step s as a lesson page does: as Step, but where the
// language has a lesson's own template for the step's shape (a fish's:
// "in rows 5 and 7 the 1 can only be in columns 5 and 8, so ..."; a
// pointing pair's without its name, which heads the page), in that
// sentence, which says why as well as what.
func (w *Words) Lesson(geo *engine.Geometry, b *engine.Board, s engine.Step) string {
	key, fields := Fields(geo, s)
	l := *w
	l.lesson = true
	return l.fill(geo, l.lessonKey(key), fields, s, b)
}

// lessonKey is template key's lesson form where w tells a lesson and the
// language has one, else key.
func (w *Words) lessonKey(key string) string {
	if _, ok := w.t["l"+key]; ok && w.lesson {
		return "l" + key
	}
	return key
}
