package layout

import (
	"image"
	"math"
	"sync"

	"github.com/golang/freetype/raster"
	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// grayCanvas draws straight into an 8-bit greyscale raster. It takes points
// and scales them to pixels itself (k = dpi/72).
//
// Everything a grid draws is an axis-aligned rectangle (a cell line with
// square caps, a shaded cell) or a glyph, so those two are the fast paths:
// a rectangle's coverage of each pixel is the product of its coverage along
// x and along y, exact without a scan-line rasteriser, and a glyph is a
// cached coverage mask blended in place. A line at any other angle is
// rasterised as a polygon. Nothing goes through an RGBA image, so there is
// no colour conversion to pay for at the end.
type grayCanvas struct {
	img *image.Gray
	k   float64
}

// newGrayCanvas makes a white raster of w by h pixels at dpi.
func newGrayCanvas(w, h, dpi int) *grayCanvas {
	img, _ := rasters.Get().(*image.Gray)
	if img == nil || img.Rect != image.Rect(0, 0, w, h) {
		img = image.NewGray(image.Rect(0, 0, w, h))
	}
	// Paper: set the first byte, then double the white part by copying.
	if len(img.Pix) > 0 {
		img.Pix[0] = 0xff
		for n := 1; n < len(img.Pix); n *= 2 {
			copy(img.Pix[n:], img.Pix[:n])
		}
	}
	return &grayCanvas{img: img, k: float64(dpi) / 72}
}

// rasters keeps a finished raster for the next PNG: a book's previews are
// all one size, and a fresh 450-pixel raster is 200 KB to allocate, clear
// and collect each time.
var rasters sync.Pool

// release hands the raster back for reuse; c must not be used after.
func (c *grayCanvas) release() {
	rasters.Put(c.img)
	c.img = nil
}

func grey8(g Grey) uint8 { return uint8(grey255(g)) }

// blend lays ink of grey level ink over the pixel p with coverage a
// (0..255), rounding to nearest: p' = p + (ink - p) * a / 255.
func blend(p *uint8, ink uint8, a uint32) {
	*p = uint8((uint32(*p)*(255-a) + uint32(ink)*a + 127) / 255)
}

func (c *grayCanvas) Line(x1, y1, x2, y2, width float64, g Grey) {
	x1, y1, x2, y2, h := x1*c.k, y1*c.k, x2*c.k, y2*c.k, width*c.k/2
	switch {
	case y1 == y2:
		// Square caps: the stroke runs half its width past each end.
		c.fill(math.Min(x1, x2)-h, y1-h, math.Max(x1, x2)+h, y1+h, grey8(g))
	case x1 == x2:
		c.fill(x1-h, math.Min(y1, y2)-h, x1+h, math.Max(y1, y2)+h, grey8(g))
	default:
		c.slanted(x1, y1, x2, y2, h, grey8(g))
	}
}

func (c *grayCanvas) Rect(x, y, w, h float64, g Grey) {
	x0, y0, x1, y1 := x*c.k, y*c.k, (x+w)*c.k, (y+h)*c.k
	c.fill(math.Min(x0, x1), math.Min(y0, y1), math.Max(x0, x1), math.Max(y0, y1), grey8(g))
}

// span is the part of pixel i covered by [lo, hi), 0..1.
func span(i int, lo, hi float64) float64 {
	return math.Max(0, math.Min(hi, float64(i+1))-math.Max(lo, float64(i)))
}

// fill blends ink over the rectangle [x0, x1) x [y0, y1), in pixels, with
// exact area coverage at its edges. Only the first and last column and row
// can be partly covered; the columns between are covered whole, so a row
// fully inside gets the ink as is.
func (c *grayCanvas) fill(x0, y0, x1, y1 float64, ink uint8) {
	b := c.img.Rect
	px0, px1 := max(int(math.Floor(x0)), b.Min.X), min(int(math.Ceil(x1)), b.Max.X)
	py0, py1 := max(int(math.Floor(y0)), b.Min.Y), min(int(math.Ceil(y1)), b.Max.Y)
	if px0 >= px1 || py0 >= py1 {
		return
	}
	first, last := span(px0, x0, x1), span(px1-1, x0, x1)
	for py := py0; py < py1; py++ {
		cy := span(py, y0, y1)
		row := c.img.Pix[(py-b.Min.Y)*c.img.Stride-b.Min.X:]
		inner := row[px0+1 : max(px1-1, px0+1)]
		if a := uint32(cy*255 + 0.5); a >= 255 {
			for i := range inner {
				inner[i] = ink
			}
		} else if a > 0 {
			for i := range inner {
				blend(&inner[i], ink, a)
			}
		}
		c.blendAt(row, px0, first*cy, ink)
		if px1-1 > px0 {
			c.blendAt(row, px1-1, last*cy, ink)
		}
	}
}

// blendAt lays ink over row[x] with coverage cov (0..1).
func (c *grayCanvas) blendAt(row []uint8, x int, cov float64, ink uint8) {
	switch a := uint32(cov*255 + 0.5); {
	case a >= 255:
		row[x] = ink
	case a > 0:
		blend(&row[x], ink, a)
	}
}

// slanted strokes a line that is neither horizontal nor vertical as the
// rectangle it covers, square caps included, through a polygon rasteriser.
func (c *grayCanvas) slanted(x1, y1, x2, y2, h float64, ink uint8) {
	dx, dy := x2-x1, y2-y1
	l := math.Hypot(dx, dy)
	ux, uy := dx/l*h, dy/l*h // along the line, half the width long
	nx, ny := -uy, ux        // across it
	pts := [4][2]float64{
		{x1 - ux + nx, y1 - uy + ny}, {x2 + ux + nx, y2 + uy + ny},
		{x2 + ux - nx, y2 + uy - ny}, {x1 - ux - nx, y1 - uy - ny},
	}
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range pts {
		minX, maxX = math.Min(minX, p[0]), math.Max(maxX, p[0])
		minY, maxY = math.Min(minY, p[1]), math.Max(maxY, p[1])
	}
	r := image.Rect(int(math.Floor(minX)), int(math.Floor(minY)), int(math.Ceil(maxX)), int(math.Ceil(maxY))).Intersect(c.img.Rect)
	if r.Empty() {
		return
	}
	// freetype's rasteriser, the one gg stroked with: x/image/vector was
	// measured to put the edge of a slightly slanted line up to a seventh
	// of a pixel off.
	z := raster.NewRasterizer(r.Dx(), r.Dy())
	at := func(p [2]float64) fixed.Point26_6 {
		return fixed.Point26_6{X: fix(p[0] - float64(r.Min.X)), Y: fix(p[1] - float64(r.Min.Y))}
	}
	z.Start(at(pts[0]))
	for _, p := range pts[1:] {
		z.Add1(at(p))
	}
	z.Add1(at(pts[0]))
	mask := image.NewAlpha(image.Rect(0, 0, r.Dx(), r.Dy()))
	z.Rasterize(raster.NewAlphaSrcPainter(mask))
	c.mask(r.Min, mask, ink)
}

// mask blends ink through an alpha mask whose top-left pixel lands at at.
func (c *grayCanvas) mask(at image.Point, m *image.Alpha, ink uint8) {
	r := m.Rect.Sub(m.Rect.Min).Add(at).Intersect(c.img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		src := m.Pix[(y-at.Y)*m.Stride+(r.Min.X-at.X):]
		dst := c.img.Pix[(y-c.img.Rect.Min.Y)*c.img.Stride+(r.Min.X-c.img.Rect.Min.X):]
		for i := range r.Dx() {
			switch a := uint32(src[i]); a {
			case 0:
			case 255:
				dst[i] = ink
			default:
				blend(&dst[i], ink, a)
			}
		}
	}
}

func (c *grayCanvas) Text(x, y float64, s string, f Font, size float64, g Grey, a Align) {
	if s == "" {
		return
	}
	ink := grey8(g)
	px := size * c.k
	dot := fixed.Point26_6{X: fix(alignX(x, s, f, size, a) * c.k), Y: fix(y * c.k)}
	for _, r := range s {
		gm, ok := f.glyph(px, r, dot)
		if ok {
			c.mask(image.Pt(int(dot.X>>6), int(dot.Y>>6)).Add(gm.at), gm.mask, ink)
		}
		dot.X += gm.advance
	}
}

// fix turns a pixel position into 26.6 fixed point, as the font rasteriser
// keeps it. It truncates, as gg did, so a digit lands on the same sub-pixel
// position as in the earlier renderer and the golden images.
func fix(v float64) fixed.Int26_6 { return fixed.Int26_6(v * 64) }

// glyphCache keeps the coverage mask of each glyph a font has drawn, per
// pixel size and sub-pixel position: a book's previews draw the same nine
// digits at one size thousands of times. It lives on the font's metrics,
// so a user's font and its masks go together. Faces are not safe for
// concurrent use, so one lock guards them and the masks.
type glyphCache struct {
	mu    sync.Mutex
	faces map[float64]font.Face // by pixel size
	masks map[glyphKey]glyphMask
}

type glyphKey struct {
	px     float64
	r      rune
	fx, fy fixed.Int26_6 // the dot's fraction of a pixel
}

// glyphMask is a glyph's coverage and where its top-left pixel goes,
// relative to the pixel holding the dot.
type glyphMask struct {
	mask    *image.Alpha
	at      image.Point
	advance fixed.Int26_6
}

// maxGlyphs and maxFaces bound a font's cache; past them it starts again,
// which only costs the re-rasterising.
const (
	maxGlyphs = 4096
	maxFaces  = 64
)

// glyph returns the mask of r at px pixels drawn at dot, and false when the
// glyph has no ink (a space) or no outline in the font.
func (m *metrics) glyph(px float64, r rune, dot fixed.Point26_6) (glyphMask, bool) {
	gc := &m.glyphs
	key := glyphKey{px, r, dot.X & 63, dot.Y & 63}
	gc.mu.Lock()
	defer gc.mu.Unlock()
	if gm, ok := gc.masks[key]; ok {
		return gm, gm.mask != nil
	}
	if gc.masks == nil || len(gc.masks) >= maxGlyphs {
		gc.masks = map[glyphKey]glyphMask{}
	}
	face, ok := gc.faces[px]
	if !ok {
		if gc.faces == nil || len(gc.faces) >= maxFaces {
			gc.faces = map[float64]font.Face{}
		}
		// Size in points at 72 dpi is the size in pixels.
		face = truetype.NewFace(m.tt, &truetype.Options{Size: px, DPI: 72})
		gc.faces[px] = face
	}
	// The face quantises the dot to its sub-pixel grid itself; asking at
	// the fraction alone gives the mask relative to the dot's pixel.
	dr, mask, mp, adv, ok := face.Glyph(fixed.Point26_6{X: key.fx, Y: key.fy}, r)
	gm := glyphMask{advance: adv}
	if ok && !dr.Empty() {
		// Copy: the face reuses its buffer for other glyphs.
		own := image.NewAlpha(image.Rect(0, 0, dr.Dx(), dr.Dy()))
		for y := range dr.Dy() {
			for x := range dr.Dx() {
				own.Pix[y*own.Stride+x] = alphaAt(mask, mp.X+x, mp.Y+y)
			}
		}
		gm.mask, gm.at = own, dr.Min
	}
	gc.masks[key] = gm
	return gm, gm.mask != nil
}

// alphaAt reads one coverage value from a face's mask, which truetype
// gives as an *image.Alpha; any other image is read through its interface.
func alphaAt(m image.Image, x, y int) uint8 {
	if a, ok := m.(*image.Alpha); ok {
		return a.AlphaAt(x, y).A
	}
	_, _, _, a := m.At(x, y).RGBA()
	return uint8(a >> 8)
}
