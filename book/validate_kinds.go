package book

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sudokubook/sudokubook/engine"
)

// kind checks a section's variant, size, givens and cage sizes, that the
// engine makes its level, that the layout prints it, and that its grids
// stay legible at the book's puzzles and solutions a page. It reports
// whether the kind itself is sound, so that the checks that depend on it
// (clues, technique) run only then.
func (v *validator) kind(p string, sec SectionSpec, levelOK bool) bool {
	va := sec.Variant
	if !slices.Contains(variants, va) {
		v.addf(p+".variant", "%v is not allowed (want one of %s)", va, variantList())
		return false
	}
	k := sec.Kind()
	n := k.Side()
	switch {
	case va.Variant.Multi() && sec.Size != 0:
		v.add([]string{p + ".size", p + ".variant"}, "%d is not allowed for %s, a figure of 9x9 grids (want no size)", sec.Size, va)
		return false
	case !slices.Contains(engine.GridSides(va.Variant), n):
		v.addf(p+".size", "%d is not allowed (want %s)", n, sizeList(engine.GridSides(va.Variant)))
		return false
	}
	if err := k.Validate(); err != nil {
		v.add([]string{p + ".variant", p + ".size"}, "%s is not allowed on %dx%d (want %s)", va, n, n, allowedSizes(va))
		return false
	}
	ok := true
	// givens mean something where the layer places them, cage_size where
	// its parts have sizes (killer, both).
	for _, f := range []struct {
		name  string
		r     Range
		means bool
	}{{"givens", sec.Givens, va.Layer.PlacesGivens()}, {"cage_size", sec.CageSize, va.Layer.SizedParts()}} {
		if f.r.Set && !f.means {
			v.add([]string{p + "." + f.name, p + ".variant"}, "only means something for killer sections (want variant: killer, or no %s)", f.name)
			ok = false
		}
	}
	if va.Layer.PlacesGivens() || va.Layer.SizedParts() {
		ok = v.killer(p, sec, n) && ok
	}
	if levelOK {
		if top := engine.HardestLevel(k); sec.Level > top {
			v.add([]string{p + ".level", p + ".variant", p + ".size"}, "%v puzzles cannot be made for %s (want %s)", sec.Level, sec.kindName(), levelsUpTo(top))
			ok = false
		}
	}
	if !canPrint(va, n) {
		v.add([]string{p + ".variant", p + ".size"}, "%s cannot be printed yet (the layout draws %s)", sec.kindName(), printableList())
		return false
	}
	v.onePerPage(p, sec)
	v.footFigure(p, sec)
	v.legible(p, sec)
	return ok
}

// killer checks a killer section's givens and cage sizes against what the
// engine makes.
func (v *validator) killer(p string, sec SectionSpec, n int) bool {
	ok := true
	if sec.Clues.Set {
		v.add([]string{p + ".clues", p + ".variant"}, "is not for %s sections (want givens: A-B, the givens it may have; none when not set)", sec.Variant)
		ok = false
	}
	if g := sec.Givens; g.Set && (g.Min < 0 || g.Min > g.Max || g.Max > n*n/2) {
		v.addf(p+".givens", "%v is not allowed (want A-B with 0 <= A <= B <= %d)", g, n*n/2)
		ok = false
	}
	if c := sec.CageSize; c.Set && (c.Min < 1 || c.Min > c.Max || c.Max > n) {
		v.addf(p+".cage_size", "%v is not allowed (want A-B with 1 <= A <= B <= %d, the grid side)", c, n)
		ok = false
	}
	if sy := sec.Symmetry; sy != nil && *sy != engine.SymNone && sec.Givens.Max > 0 {
		v.add([]string{p + ".symmetry", p + ".givens"}, "%v is not allowed for killer givens, which are placed at random (want none, or no symmetry field)", *sy)
		ok = false
	}
	return ok
}

// kindClues checks the clue band of a section that is not classic 9x9
// against the cells of its grids and what the engine can reach.
func (v *validator) kindClues(p string, sec SectionSpec, levelOK bool) {
	c := sec.Clues
	cells := sec.cells()
	switch {
	case c.Min < 0 || c.Max > cells:
		v.addf(p+".clues", "%v is not allowed (want a band within 0-%d, the cells of %s)", c, cells, sec.kindName())
	case c.Min > c.Max:
		v.addf(p+".clues", "%v is not allowed (want MIN-MAX with MIN no larger than MAX)", c)
	case levelOK:
		q := engine.Quota{Kind: sec.Kind(), Level: sec.Level, Count: 1, MinClues: c.Min, MaxClues: c.Max}
		if err := q.Validate(); err != nil {
			v.add([]string{p + ".clues", p + ".level"}, "%v cannot be asked for: %s", c, strings.TrimPrefix(err.Error(), engine.ErrQuota.Error()+": "))
		}
	}
}

// cells is the number of cells in play in one of the section's grids.
func (sec SectionSpec) cells() int {
	k := sec.Kind()
	if k.Variant.Multi() {
		if g, err := engine.Lookup(k.Variant, 9); err == nil {
			return g.Cells
		}
	}
	return k.Side() * k.Side()
}

// width is the number of cells across the section's grids: the side, or
// the bounding box of a figure of several grids.
func (sec SectionSpec) width() int {
	k := sec.Kind()
	if k.Variant.Multi() {
		if g, err := engine.Lookup(k.Variant, 9); err == nil {
			return g.Width
		}
	}
	return k.Side()
}

// legible refuses puzzles and solutions a page that would print the
// section's cells too small for their symbols (see MinCell), and puzzles
// a page that leave a grid wider than classic too little room to write in
// (see MinWriteCell). A classic 9x9 grid that fits the page (MinGridSide)
// is always legible.
func (v *validator) legible(p string, sec SectionSpec) {
	if v.puzzleSide <= 0 || sec.Classic() {
		return
	}
	w := sec.width()
	need := MinCell(symbolWidth(sec.Kind().Side(), v.s.Style.Letters))
	write := need
	if w > 9 {
		write = max(need, MinWriteCell)
	}
	if sec.Variant.Layer.LabelsCells() {
		write = max(write, killerCell)
	}
	// Figures' solutions go two a page whatever solutions_per_page says
	// (see FigureSolutionSlots); only the trim can make them too small.
	solField, solN, solSide := "solutions_per_page", v.s.SolutionsPerPage, v.solutionSide
	if v.s.Solutions == SolutionsFoot {
		solField, solN = "puzzles_per_page", v.s.PuzzlesPerPage
	}
	if sec.Variant.Variant.Multi() {
		solField, solN, solSide = "trim", FigureSolutionsPerPage, v.figureSolutionSide
	}
	for _, c := range []struct {
		field, noun string
		n           int
		side, need  float64
	}{{"puzzles_per_page", "puzzles", v.s.PuzzlesPerPage, v.puzzleSide, write}, {solField, "solutions", solN, solSide, need}} {
		if cell := c.side / float64(w); cell < c.need {
			v.add([]string{c.field, p + ".variant", p + ".size"},
				"%d %s a page would print the %s grids of %s with cells of %s (want cells of at least %s: fewer a page, or a larger trim)",
				c.n, c.noun, sec.kindName(), p, pt(Length(cell)), pt(Length(c.need)))
		}
	}
}

// shapes refuses style.shapes in a book where it would print no shape,
// and a book of shapes with a 4x4 or 6x6 section of another kind than
// classic: ShapesFit keeps digits for those (a thermometer rises, a cage
// adds up), which beside the shapes would read as a slip.
func (v *validator) shapes() {
	if !v.s.Style.Shapes {
		return
	}
	some := false
	for i, sec := range v.s.Sections {
		n := sec.Kind().Side()
		if n != 4 && n != 6 || sec.Variant.Variant.Multi() {
			continue
		}
		if sec.Variant == (Variant{}) {
			some = true
			continue
		}
		v.add([]string{"style.shapes", fmt.Sprintf("sections[%d].variant", i)},
			"true is not allowed with a %s section (want classic 4x4 and 6x6 sections only: shapes are drawn for classic grids, and a small grid of another kind would print digits beside them)", sec.kindName())
	}
	if !some && len(v.s.Sections) > 0 {
		v.addf("style.shapes", "only means something for classic 4x4 and 6x6 grids (want a section with size: 4 or 6, or no shapes)")
	}
}

// pictures checks the user's own symbols (style.pictures) before any
// file is read: they stand in for the shapes, one for each symbol of the
// largest grid of shapes, each a PNG or JPEG named inside the spec's
// folder with a name the rules can print. The files themselves are read
// and checked before any work (ReadInFolder, then their headers). The
// book's PDF, its cover, its single-grid exports and its web edition draw
// them.
func (v *validator) pictures() {
	ps := v.s.Style.Pictures
	if len(ps) == 0 {
		return
	}
	if !v.s.Style.Shapes {
		v.addf("style.pictures", "want style.shapes: true with them (the pictures stand in for the shapes)")
		return
	}
	need := 0
	for _, sec := range v.s.Sections {
		if n := sec.Kind().Side(); (n == 4 || n == 6) && sec.Variant == (Variant{}) {
			need = max(need, n)
		}
	}
	if len(ps) < need || len(ps) > MaxPictures {
		v.addf("style.pictures", "%d pictures given, want %d: one for each symbol of the book's %dx%d grids", len(ps), max(need, 4), max(need, 4), max(need, 4))
	}
	for i, p := range ps {
		field := fmt.Sprintf("style.pictures[%d]", i)
		ext := strings.ToLower(filepath.Ext(p.File))
		switch {
		case p.File == "":
			v.addf(field+".file", "is empty (want a PNG or JPEG file in the spec's folder)")
		case filepath.IsAbs(filepath.FromSlash(p.File)) || !filepath.IsLocal(filepath.FromSlash(p.File)):
			v.addf(field+".file", "%q is not inside the spec's folder (want a name relative to it, without ..)", p.File)
		case ext != ".png" && ext != ".jpg" && ext != ".jpeg":
			v.addf(field+".file", "%q is not a .png, .jpg or .jpeg file", p.File)
		}
		if n := len([]rune(p.Name)); p.Name == "" || n > MaxBadgeRunes {
			v.addf(field+".name", "%q: want what the rules call the picture, with its article (\"a cat\"), at most %d characters", p.Name, MaxBadgeRunes)
		} else if why := unprintable(p.Name, false); why != "" {
			v.addf(field+".name", "%s", why)
		}
	}
}

// letters refuses style.letters in a book without a grid larger than 9x9,
// where it would change nothing the reader sees: letters stand for the
// numbers 10 and up (A to L on 12x12, A to P on 16x16). Letters a preset
// sets (expert-16x16's) are its default for the grids that take them, and
// a book of that preset with 9x9 sections only is not refused for them.
func (v *validator) letters() {
	if !v.s.Style.Letters {
		return
	}
	if at, ok := v.s.pos["style.letters"]; ok && at.file != v.s.file {
		return
	}
	for _, sec := range v.s.Sections {
		if sec.Kind().Side() > 9 {
			return
		}
	}
	v.addf("style.letters", "only means something for grids larger than 9x9 (want a section with size: 12 or 16, or no letters)")
}

// kindName names a section's kind as a reader says it: "jigsaw 6x6",
// "killer 9x9", "samurai".
func (sec SectionSpec) kindName() string {
	if sec.Variant.Variant.Multi() {
		return sec.Variant.String()
	}
	n := sec.Kind().Side()
	return fmt.Sprintf("%s %dx%d", sec.Variant, n, n)
}

func levelsUpTo(l engine.Level) string {
	if l == engine.Easy {
		return "easy only"
	}
	return fmt.Sprintf("a level from easy to %s", l)
}

func sizeList(sizes []int) string {
	s := make([]string, len(sizes))
	for i, n := range sizes {
		s[i] = fmt.Sprint(n)
	}
	if len(s) == 1 {
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// allowedSizes says on which sides a book prints variant v.
func allowedSizes(v Variant) string {
	if v.Variant.Multi() {
		return "no size: " + v.String() + " is made of 9x9 grids"
	}
	var ok []int
	for _, k := range PrintableKinds() {
		if k.Variant == v {
			ok = append(ok, k.Side)
		}
	}
	return "size " + sizeList(ok) + " for " + v.String()
}

// printableList names the kinds the layout draws, for the refusal of the
// others.
func printableList() string {
	var names []string
	for _, k := range PrintableKinds() {
		if k.Variant.Variant.Multi() {
			names = append(names, k.Variant.String())
		} else {
			names = append(names, fmt.Sprintf("%s %dx%d", k.Variant, k.Side, k.Side))
		}
	}
	return strings.Join(names, ", ")
}
