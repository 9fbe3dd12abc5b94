package layout

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	_ "image/jpeg" // a picture may be JPEG
	"image/png"
	"math"
	"sync"

	"github.com/sudokubook/sudokubook/book"
	xdraw "golang.org/x/image/draw"
)

// The user's own pictures (style.pictures) are drawn where the program
// would draw its shapes: in the cells of classic 4x4 and 6x6 grids, given
// and solved alike, and in the children's rules' row of shapes. They are
// printed in grey, as the interior is: each is laid on white (a
// transparent ground stays paper) and kept as 8-bit grey pixels, sized to
// fit its cell by its longer side.

// maxPicturePixels bounds a picture by the pixel count its header claims,
// before any of it is decoded: a picture fills a cell of an inch or so,
// which 300 dpi fills with 90,000 pixels; the bound is 4096 x 4096, past
// any picture a cell can show.
const maxPicturePixels = 4096 * 4096

// MaxPictureBytes bounds a picture's file: past any PNG or JPEG of
// maxPicturePixels.
const MaxPictureBytes = 32 << 20

// picture is one decoded picture: its grey pixels, a row after another.
type picture struct {
	w, h int
	grey []byte

	encode sync.Once
	png    []byte // as an 8-bit grey PNG, made on first use (asPNG)
}

// asPNG is p as an 8-bit grey PNG, made once: the cover's and the
// single-grid exports' canvases embed it so, from any goroutine.
func (p *picture) asPNG() []byte {
	p.encode.Do(func() {
		var buf bytes.Buffer
		// An in-memory encode of a valid image cannot fail.
		_ = png.Encode(&buf, p.image())
		p.png = buf.Bytes()
	})
	return p.png
}

func (p *picture) image() *image.Gray {
	return &image.Gray{Pix: p.grey, Stride: p.w, Rect: image.Rect(0, 0, p.w, p.h)}
}

// Pictures are a spec's own pictures decoded once, for the single-grid
// exports (Figure.Pictures), which draw many grids from them.
type Pictures struct{ list []*picture }

// LoadPictures decodes the spec's pictures, data[i] the bytes of
// style.pictures[i] (see CheckPictures); nil when the spec has none.
func LoadPictures(s *book.Spec, data [][]byte) (*Pictures, error) {
	list, err := loadPictures(s, data)
	if err != nil || list == nil {
		return nil, err
	}
	return &Pictures{list}, nil
}

// pictureProblem reads a picture's header and says what is wrong with it,
// or "": not a PNG or JPEG, or more than maxPicturePixels claimed.
func pictureProblem(data []byte) string {
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || (format != "png" && format != "jpeg") {
		return "is not a PNG or JPEG image"
	}
	if px := int64(cfg.Width) * int64(cfg.Height); px > maxPicturePixels || cfg.Width < 1 || cfg.Height < 1 {
		return fmt.Sprintf("is %dx%d pixels; want at least 1x1 and at most %d million (4096x4096, past what a cell shows)",
			cfg.Width, cfg.Height, maxPicturePixels/1_000_000)
	}
	return ""
}

// CheckPictures checks the user's pictures, data[i] the bytes of
// style.pictures[i], by their headers: each a PNG or JPEG within
// maxPicturePixels. A bad one is a spec error naming its field.
func CheckPictures(s *book.Spec, data [][]byte) error {
	if len(data) != len(s.Style.Pictures) {
		return fmt.Errorf("%w: %d pictures given for the spec's %d", ErrBook, len(data), len(s.Style.Pictures))
	}
	for i, d := range data {
		if why := pictureProblem(d); why != "" {
			return s.FieldError(fmt.Sprintf("style.pictures[%d].file", i), "%s %s", s.Style.Pictures[i].File, why)
		}
	}
	return nil
}

// loadPictures decodes the pictures for the book (see CheckPictures).
func loadPictures(s *book.Spec, data [][]byte) ([]*picture, error) {
	if len(s.Style.Pictures) == 0 {
		return nil, nil
	}
	if err := CheckPictures(s, data); err != nil {
		return nil, err
	}
	var out []*picture
	for i, d := range data {
		img, _, err := image.Decode(bytes.NewReader(d))
		if err != nil {
			return nil, s.FieldError(fmt.Sprintf("style.pictures[%d].file", i), "%s: %v (want a PNG or JPEG)", s.Style.Pictures[i].File, err)
		}
		b := img.Bounds()
		g := image.NewGray(image.Rect(0, 0, b.Dx(), b.Dy()))
		draw.Draw(g, g.Bounds(), image.White, image.Point{}, draw.Src)
		draw.Draw(g, g.Bounds(), img, b.Min, draw.Over)
		out = append(out, &picture{w: b.Dx(), h: b.Dy(), grey: g.Pix})
	}
	return out, nil
}

// picturer is a canvas that draws pictures: picture k (0 for symbol 1)
// into the box at (x, y), w by h.
type picturer interface {
	Picture(k int, p *picture, x, y, w, h float64)
}

// drawPicture draws symbol d's picture centred in its cell of side cell,
// its longer side the span a shape takes (shapeFit, shapeMax in large
// print), on a canvas that draws pictures; elsewhere (a test's recorder)
// the program's shape stands in.
func drawPicture(c canvas, pics []*picture, d uint8, cx, cy, cell float64, given, large bool) {
	pc, ok := c.(picturer)
	if !ok || int(d) > len(pics) {
		drawShape(c, d, cx, cy, cell, given, large)
		return
	}
	p := pics[d-1]
	span := shapeFit * cell
	if large {
		span = shapeMax * cell
	}
	k := span / math.Max(float64(p.w), float64(p.h))
	w, h := float64(p.w)*k, float64(p.h)*k
	pc.Picture(int(d-1), p, cx-w/2, cy-h/2, w, h)
}

// Picture draws p as an image XObject, written once on its first use.
func (s *pdfStream) Picture(k int, p *picture, x, y, w, h float64) {
	for len(s.images) <= k {
		s.images = append(s.images, 0)
	}
	if s.images[k] == 0 {
		s.images[k] = s.newObj()
		s.putStream(s.images[k], fmt.Sprintf("/Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 8 ", p.w, p.h), p.grey)
	}
	s.op("q", num(w), "0 0", num(h), num(x), num(s.pageH-y-h), "cm", fmt.Sprintf("/Im%d Do Q", k+1))
}

func (m *minima) Picture(k int, p *picture, x, y, w, h float64) {
	if pc, ok := m.canvas.(picturer); ok {
		pc.Picture(k, p, x, y, w, h)
	}
}

// Picture lays p into the raster, scaled smoothly to the box, darkening
// what is under it as ink does (a picture's white is paper).
func (c *grayCanvas) Picture(k int, p *picture, x, y, w, h float64) {
	box := image.Rect(int(math.Round(x*c.k)), int(math.Round(y*c.k)), int(math.Round((x+w)*c.k)), int(math.Round((y+h)*c.k)))
	if box.Empty() {
		return
	}
	scaled := image.NewGray(box)
	xdraw.CatmullRom.Scale(scaled, box, p.image(), image.Rect(0, 0, p.w, p.h), xdraw.Src, nil)
	r := box.Intersect(c.img.Rect)
	for py := r.Min.Y; py < r.Max.Y; py++ {
		for px := r.Min.X; px < r.Max.X; px++ {
			if v := scaled.GrayAt(px, py).Y; v < c.img.GrayAt(px, py).Y {
				c.img.SetGray(px, py, color.Gray{Y: v})
			}
		}
	}
}

// Picture places p as an image, its grey PNG in a data address, multiplied
// into what is under it as ink is.
func (c *svgCanvas) Picture(k int, p *picture, x, y, w, h float64) {
	fmt.Fprintf(&c.b, `<image x="%s" y="%s" width="%s" height="%s" preserveAspectRatio="none" style="mix-blend-mode:multiply" href="data:image/png;base64,%s"/>`+"\n",
		svgNum(x), svgNum(y), svgNum(w), svgNum(h), base64.StdEncoding.EncodeToString(p.asPNG()))
}
