package layout

import (
	"image"
	"image/color"
	"image/draw"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
)

// ggCanvas is the PNG back end before grayCanvas: it drew through gg on an
// RGBA raster and converted to grey at the end. It stays as the reference
// the new renderer's pixels are compared with (TestRasterMatchesGG). It
// takes points and scales them to pixels itself (k = dpi/72) rather than
// through gg's matrix, because gg positions text through the matrix but
// does not scale its glyphs.
type ggCanvas struct {
	dc    *gg.Context
	k     float64
	faces map[ggFaceKey]font.Face
}

type ggFaceKey struct {
	f    Font
	size float64
}

// newGGCanvas makes a white raster of w by h pixels at dpi.
func newGGCanvas(w, h, dpi int) *ggCanvas {
	dc := gg.NewContext(w, h)
	dc.SetColor(color.White)
	dc.Clear()
	dc.SetLineCapSquare()
	dc.SetLineJoinRound()
	return &ggCanvas{dc: dc, k: float64(dpi) / 72, faces: map[ggFaceKey]font.Face{}}
}

func greyColor(g Grey) color.Gray { return color.Gray{Y: uint8(grey255(g))} }

func (c *ggCanvas) Line(x1, y1, x2, y2, width float64, g Grey) {
	c.dc.SetColor(greyColor(g))
	c.dc.SetLineWidth(width * c.k)
	c.dc.DrawLine(x1*c.k, y1*c.k, x2*c.k, y2*c.k)
	c.dc.Stroke()
}

func (c *ggCanvas) Rect(x, y, w, h float64, g Grey) {
	c.dc.SetColor(greyColor(g))
	c.dc.DrawRectangle(x*c.k, y*c.k, w*c.k, h*c.k)
	c.dc.Fill()
}

func (c *ggCanvas) Text(x, y float64, s string, f Font, size float64, g Grey, a Align) {
	if s == "" {
		return
	}
	key := ggFaceKey{f, size}
	face, ok := c.faces[key]
	if !ok {
		// Size in points at 72 dpi times k gives the size in pixels.
		face = truetype.NewFace(f.tt, &truetype.Options{Size: size * c.k, DPI: 72})
		c.faces[key] = face
	}
	c.dc.SetFontFace(face)
	c.dc.SetColor(greyColor(g))
	c.dc.DrawString(s, alignX(x, s, f, size, a)*c.k, y*c.k)
}

// gray returns the raster as 8-bit greyscale. Everything drawn is grey, so
// nothing is lost in the conversion.
func (c *ggCanvas) gray() *image.Gray {
	src := c.dc.Image()
	out := image.NewGray(src.Bounds())
	draw.Draw(out, out.Bounds(), src, src.Bounds().Min, draw.Src)
	return out
}
