package layout

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	_ "image/jpeg" // cover art may be JPEG
	"image/png"
	"math"

	"codeberg.org/go-pdf/fpdf"
	"github.com/sudokubook/sudokubook/book"
)

// printDPI is the resolution print-on-demand printers ask of images at
// their printed size.
const printDPI = 300

// coverArt is a user's picture for the front cover, decoded once and kept
// as an 8-bit PNG (fpdf reads 8-bit PNGs; re-encoding also drops any
// colour profile or 16-bit depth it would refuse).
type coverArt struct {
	place  book.ArtPlace
	w, h   int // pixels
	png    []byte
	placed float64 // the smallest resolution it was drawn at, dots per inch
}

// loadArt decodes a PNG or JPEG for the cover.
func loadArt(data []byte, place book.ArtPlace) (*coverArt, error) {
	if len(data) == 0 {
		return nil, fmt.Errorf("%w: cover.art: no image data given (Options.CoverArt)", ErrBook)
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%w: cover.art: %w (want a PNG or JPEG)", ErrBook, err)
	}
	b := img.Bounds()
	rgba := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(rgba, rgba.Bounds(), img, b.Min, draw.Src)
	var buf bytes.Buffer
	if err := png.Encode(&buf, rgba); err != nil {
		return nil, fmt.Errorf("cover.art: re-encoding: %w", err)
	}
	return &coverArt{place: place, w: b.Dx(), h: b.Dy(), png: buf.Bytes(), placed: math.Inf(1)}, nil
}

const artName = "cover-art"

func (a *coverArt) register(pdf *fpdf.Fpdf) {
	pdf.RegisterImageOptionsReader(artName, fpdf.ImageOptions{ImageType: "PNG"}, bytes.NewReader(a.png))
}

// draw scales the art to cover box entirely (cropping what overflows,
// centred) and clips it to clip.
func (a *coverArt) draw(c coverCanvas, box, clip rect) {
	k := math.Max(box.W/float64(a.w), box.H/float64(a.h)) // points per pixel
	w, h := float64(a.w)*k, float64(a.h)*k
	a.note(k)
	c.Image(artName, box.X+(box.W-w)/2, box.Y+(box.H-h)/2, w, h, clip)
}

// panel fits the art inside area whole, centred, framed by a rule.
func (a *coverArt) panel(c coverCanvas, area rect, frame rgb, width float64) {
	if area.W <= 0 || area.H <= 0 {
		return
	}
	k := math.Min(area.W/float64(a.w), area.H/float64(a.h))
	w, h := float64(a.w)*k, float64(a.h)*k
	x, y := area.X+(area.W-w)/2, area.Y+(area.H-h)/2
	a.note(k)
	c.Image(artName, x, y, w, h, rect{x, y, w, h})
	for _, l := range [][4]float64{{x, y, x + w, y}, {x + w, y, x + w, y + h}, {x + w, y + h, x, y + h}, {x, y + h, x, y}} {
		c.Line(l[0], l[1], l[2], l[3], width, frame)
	}
}

// note records the resolution the art is drawn at, k points per pixel.
func (a *coverArt) note(k float64) { a.placed = math.Min(a.placed, inch/k) }

// warnings says what a person should look at before printing.
func (cp *coverPlan) warnings() []string {
	if cp.art == nil || math.IsInf(cp.art.placed, 1) || cp.art.placed >= printDPI {
		return nil
	}
	return []string{fmt.Sprintf("cover.art: %s is %dx%d pixels, %.0f dpi at its printed size (want at least %d dpi: a larger image, or art_as: panel)",
		cp.spec.Cover.Art, cp.art.w, cp.art.h, cp.art.placed, printDPI)}
}
