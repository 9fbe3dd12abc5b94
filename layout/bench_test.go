package layout

import (
	"image/png"
	"io"
	"testing"

	"github.com/sudokubook/sudokubook/internal/cputime"
)

// BenchmarkRenderPNG is one 450 px grid (3in at 150 dpi), the size the
// README's PNG figure quotes: a puzzle (givens only) and a solution (all 81
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
				if err := RenderPNG(io.Discard, givens, solution, bc.show, 216, 150, testStyle); err != nil {
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
