package book

// Figures of several 9x9 grids (samurai, twin, butterfly, sohei, flower) are printed one
// to a page, as large as the page allows: a samurai is 21 cells across, so
// even a full 6x9 page gives it cells of about 16pt, and two a page would
// leave too little room to write in (and digits under 9pt on letter
// paper). Their solutions go two a page, whatever solutions_per_page says
// for the book's other grids: a samurai's solution at six a page would be
// too small to read.

// FigureSolutionsPerPage is how many solutions of figures a solutions
// page holds.
const FigureSolutionsPerPage = 2

// FigureSolutionSlots places the solutions of figures on a solutions
// page, as PageSlots places the others.
func (s *Spec) FigureSolutionSlots(gutter Length) Slots {
	ts := TypeScaleFor(s.Style)
	w := float64(s.Trim.W - s.Margins.Outside - gutter)
	h := float64(s.Trim.H-s.Margins.Top-s.Margins.Bottom) - ts.HeadBand() - ts.FootBand()
	return Arrange(FigureSolutionsPerPage, w, h, ts.LabelHeight(ts.Small), SolutionGap)
}

// onePerPage refuses a figure section in a book that sets more than one
// puzzle a page.
func (v *validator) onePerPage(p string, sec SectionSpec) {
	if sec.Variant.Variant.Multi() && v.s.PuzzlesPerPage != 1 {
		v.add([]string{"puzzles_per_page", p + ".variant"},
			"%d is not allowed with a %s section (want 1: a figure of several grids takes a page to stay legible)",
			v.s.PuzzlesPerPage, sec.Variant)
	}
}

// footFigure refuses a figure section in a book that prints its
// solutions at the foot of the puzzles' pages: a figure takes its page,
// and its answer at the foot would leave it too little.
func (v *validator) footFigure(p string, sec SectionSpec) {
	if sec.Variant.Variant.Multi() && v.s.Solutions == SolutionsFoot {
		v.add([]string{"solutions", p + ".variant"},
			"foot is not allowed with a %s section (want back: a figure of several grids takes its page, and its solution at the foot would leave it too little)",
			sec.Variant)
	}
}
