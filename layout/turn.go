package layout

// Turning: a worksheet prints its answers upside down at the foot of the
// page (solutions: foot), so a pupil does not read them by chance and a
// teacher turns the page to mark. The answers are drawn as any grid is,
// between a turn and an unturn that the PDF sets as a change of the
// coordinate system ("q -1 0 0 -1 a b cm" ... "Q"): every mark between,
// lines, fills, discs and text alike, comes out turned half a turn about
// a point, with no drawing routine told.

// turner is a canvas that can draw turned half a turn.
type turner interface {
	// Turn draws what follows turned half a turn about (cx, cy), until
	// Unturn. Turns do not nest.
	Turn(cx, cy float64)
	Unturn()
}

// turned draws with draw on c turned half a turn about (cx, cy), or
// upright on a canvas that cannot turn (a test's recorder).
func turned(c canvas, cx, cy float64, draw func()) {
	t, ok := c.(turner)
	if !ok {
		draw()
		return
	}
	t.Turn(cx, cy)
	defer t.Unturn()
	draw()
}

// savedState is the graphics state a turn saves and its unturn restores,
// as the PDF's q and Q do.
type savedState struct {
	width        float64
	stroke, fill Grey
	font         *streamFont
	size         float64
}

func (s *pdfStream) Turn(cx, cy float64) {
	s.saved = savedState{s.width, s.stroke, s.fill, s.font, s.size}
	// Turning about (cx, cy) maps (x, y) to (2cx-x, 2cy-y), in the PDF's
	// coordinates as in the layout's.
	s.op("q -1 0 0 -1", num(2*cx), num(2*(s.pageH-cy)), "cm")
}

func (s *pdfStream) Unturn() {
	s.op("Q")
	st := s.saved
	s.width, s.stroke, s.fill, s.font, s.size = st.width, st.stroke, st.fill, st.font, st.size
}

// Turn and Unturn on the record keep its bounds check true: text drawn
// turned is checked where it lands.
func (m *minima) Turn(cx, cy float64) {
	if t, ok := m.canvas.(turner); ok {
		m.turn, m.cx, m.cy = true, cx, cy
		t.Turn(cx, cy)
	}
}

func (m *minima) Unturn() {
	if t, ok := m.canvas.(turner); ok && m.turn {
		m.turn = false
		t.Unturn()
	}
}
