package layout

// latinLines draws a Latin square's lines (futoshiki, calcudoku): no
// boxes, so every cell line thin and the frame heavy, as the books print
// them; a calcudoku's cages draw their own heavy outlines over these.
func latinLines(c canvas, fr gridFrame) {
	squareLines(c, fr, fr.geo.N)
}

// squareLines draws an n by n square of cells from the frame's corner:
// every cell line thin, the outer frame heavy.
func squareLines(c canvas, fr gridFrame, n int) {
	st, cell := fr.st, fr.cell
	x0, y0 := fr.x0, fr.y0
	inner := float64(n) * cell
	for i := 1; i < n; i++ {
		p := float64(i) * cell
		c.Line(x0+p, y0, x0+p, y0+inner, st.thin, Black)
		c.Line(x0, y0+p, x0+inner, y0+p, st.thin, Black)
	}
	for _, p := range []float64{0, inner} {
		c.Line(x0+p, y0, x0+p, y0+inner, st.thick, Black)
		c.Line(x0, y0+p, x0+inner, y0+p, st.thick, Black)
	}
}
