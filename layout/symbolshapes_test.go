package layout

import (
	"math"
	"testing"
)

// TestShapesApart draws the six shapes filled at a solution's size (a
// 6x6 grid an inch wide: cells of 12pt, at 300 dpi) and checks what a
// child needs of them in black ink: each inside its cell and centred on
// it, none a sliver (at least a third of its box inked), and any two
// differing in a good part of their ink, not in a few pixels of edge (a
// circle and the square inside it, the closest pair, in 19%).
func TestShapesApart(t *testing.T) {
	const cell, dpi = 12.0, 300
	px := int(math.Round(cell / 72 * dpi))
	var masks [6][]bool
	for d := uint8(1); d <= 6; d++ {
		c := newGrayCanvas(px, px, dpi)
		drawShape(c, d, cell/2, cell/2, cell, true, false)
		m := make([]bool, px*px)
		x0, y0, x1, y1, ink := px, px, -1, -1, 0
		for y := range px {
			for x := range px {
				if c.img.Pix[y*c.img.Stride+x] < 128 {
					m[y*px+x] = true
					ink++
					x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
				}
			}
		}
		c.release()
		masks[d-1] = m
		if x0 <= 0 || y0 <= 0 || x1 >= px-1 || y1 >= px-1 {
			t.Errorf("shape %d inks %d-%d across, %d-%d down a %d-pixel cell: want it inside", d, x0, x1, y0, y1, px)
		}
		if mx, my := float64(x0+x1)/2, float64(y0+y1)/2; math.Abs(mx-float64(px-1)/2) > 1 || math.Abs(my-float64(px-1)/2) > 1 {
			t.Errorf("shape %d's ink is centred at (%.1f, %.1f) of a %d-pixel cell: want its middle", d, mx, my, px)
		}
		if box := (x1 - x0 + 1) * (y1 - y0 + 1); 3*ink < box {
			t.Errorf("shape %d inks %d of its %d-pixel box: want a shape, not a sliver", d, ink, box)
		}
	}
	for a := range masks {
		for b := a + 1; b < len(masks); b++ {
			diff, ink := 0, 0
			for i := range masks[a] {
				if masks[a][i] != masks[b][i] {
					diff++
				}
				if masks[a][i] || masks[b][i] {
					ink++
				}
			}
			if float64(diff) < 0.15*float64(ink) {
				t.Errorf("shapes %d and %d differ in %d of their %d inked pixels: want at least 15%%, as a circle and a square part", a+1, b+1, diff, ink)
			}
		}
	}
}
