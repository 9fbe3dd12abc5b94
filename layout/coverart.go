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

// maxCoverPages is the most pages a printer takes in one paperback (KDP,
// at trims up to 6.12 x 9in), so the widest spine a cover can have.
const maxCoverPages = 828

// maxArtPixels bounds cover art by the pixel count its header claims,
// before any of it is decoded: twice what 300 dpi over the largest full
// wrap the program draws needs. That wrap is the largest trim a spec may
// ask (book.MaxTrim, 12 x 14in) twice, a spine of 828 pages of cream
// paper (2.07in) and 0.125in of bleed all round: 26.32 x 14.25in, 7896 x
// 4275 pixels, 33.8 million; the bound is 67.5 million. Art is drawn on
// the front alone, so anything past it only costs memory: decoding takes
// 4 bytes a pixel, and a file of a few hundred bytes can claim 65535 x
// 65535 pixels, 17 GB.
var maxArtPixels = func() int64 {
	w := 2*book.MaxTrim.W.Pt() + spineWidth(maxCoverPages, book.PaperCream) + 2*coverBleed
	h := book.MaxTrim.H.Pt() + 2*coverBleed
	px := math.Ceil(w/inch*printDPI) * math.Ceil(h/inch*printDPI)
	return 2 * int64(px)
}()

// MaxArtBytes bounds a cover art file: past any print-quality PNG or JPEG
// of maxArtPixels (a JPEG of them at the highest quality is some 30 MB).
const MaxArtBytes = 128 << 20

// artProblem reads cover art's header and says what is wrong with it, or
// "": not a PNG or JPEG, or more than maxArtPixels claimed. Nothing past
// the header is decoded.
func artProblem(data []byte) string {
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || (format != "png" && format != "jpeg") {
		return "is not a PNG or JPEG image"
	}
	if px := int64(cfg.Width) * int64(cfg.Height); px > maxArtPixels {
		return fmt.Sprintf("is %dx%d pixels, %.1f million; at most %.1f million are read (twice what 300 dpi over the largest full-wrap cover needs)",
			cfg.Width, cfg.Height, float64(px)/1e6, float64(maxArtPixels)/1e6)
	}
	return ""
}

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
	if why := artProblem(data); why != "" {
		return nil, fmt.Errorf("%w: cover.art: the image %s", ErrBook, why)
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
