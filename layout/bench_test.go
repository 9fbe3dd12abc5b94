package layout

import (
	"image/png"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/sudokubook/sudokubook/engine"
	"github.com/sudokubook/sudokubook/internal/cputime"
)

// BenchmarkRenderPNG is one 450 px grid (3in at 150 dpi), the size
// docs/performance.md quotes: a puzzle (givens only) and a solution (all 81
// digits), encoded with its pHYs chunk. The gg cases draw the same solution
// through the renderer this one replaced (gg on RGBA, converted to grey,
// image/png at its default level), for a paired ratio in the same run.
// cpu-ns/op is the figure to quote on a busy machine.
func BenchmarkRenderPNG(b *testing.B) {
	givens, solution := fixturePuzzle(4)
	for _, bc := range []struct {
		name string
		show bool
	}{{"puzzle", false}, {"solution", true}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			cpu := cputime.Start()
			for b.Loop() {
				if err := RenderPNG(io.Discard, ClassicFigure(givens, solution), bc.show, 216, 150, testStyle); err != nil {
					b.Fatal(err)
				}
			}
			cpu.Report(b)
		})
		b.Run(bc.name+"-gg", func(b *testing.B) {
			b.ReportAllocs()
			cpu := cputime.Start()
			for b.Loop() {
				c := newGGCanvas(450, 450, 150)
				drawGrid(c, 0, 0, float64(450)/c.k, givens, shown(solution, bc.show), styleFor(testStyle))
				if err := png.Encode(io.Discard, c.gray()); err != nil {
					b.Fatal(err)
				}
			}
			cpu.Report(b)
		})
	}
}

// BenchmarkRenderFigurePNG is BenchmarkRenderPNG on other
// kinds at the same 450 px: X (shaded diagonals), jigsaw (region lines
// drawn edge by edge) and 16x16 (two-digit symbols), beside classic for
// the ratio.
func BenchmarkRenderFigurePNG(b *testing.B) {
	jig, err := engine.NewGeometry(engine.Jigsaw, 9, engine.RandomRegions(rand.New(rand.NewPCG(9, 9)), 9))
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name string
		v    engine.Variant
		n    int
		geo  *engine.Geometry
	}{{"classic", engine.Classic, 9, nil}, {"x", engine.X, 9, nil}, {"jigsaw", engine.Jigsaw, 9, jig}, {"16x16", engine.Classic, 16, nil}} {
		geo := bc.geo
		if geo == nil {
			if geo, err = engine.Lookup(bc.v, bc.n); err != nil {
				b.Fatal(err)
			}
		}
		fig := kindFixture(geo)
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			cpu := cputime.Start()
			for b.Loop() {
				if err := RenderPNG(io.Discard, fig, true, 216, 150, testStyle); err != nil {
					b.Fatal(err)
				}
			}
			cpu.Report(b)
		})
	}
}
