package layout

import (
	"bytes"
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata")

// TestGoldenPNG compares a rendered solution grid pixel by pixel with the
// one in testdata, so any change to how a grid looks is seen and approved
// (go test ./layout -run Golden -update).
func TestGoldenPNG(t *testing.T) {
	givens, solution := fixturePuzzle(5)
	var buf bytes.Buffer
	if err := RenderPNG(&buf, ClassicFigure(givens, solution), true, 144, 100, testStyle); err != nil {
		t.Fatalf("RenderPNG: %v", err)
	}
	path := filepath.Join("testdata", "solution_2in_100dpi.png")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("reading golden image (make it with -update): %v", err)
	}
	gi, err := png.Decode(bytes.NewReader(want))
	if err != nil {
		t.Fatalf("decoding golden image: %v", err)
	}
	ri, err := png.Decode(&buf)
	if err != nil {
		t.Fatalf("decoding rendered image: %v", err)
	}
	g, r := gi.(*image.Gray), ri.(*image.Gray)
	if g.Bounds() != r.Bounds() {
		t.Fatalf("size %v, golden %v", r.Bounds(), g.Bounds())
	}
	diff := 0
	for i := range g.Pix {
		if g.Pix[i] != r.Pix[i] {
			diff++
		}
	}
	if diff > 0 {
		t.Errorf("%d of %d pixels differ from %s", diff, len(g.Pix), path)
	}
}
