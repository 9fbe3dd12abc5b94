//go:build !js

package web

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	_ "image/jpeg" // a book's picture may be JPEG
	"image/png"
	"strconv"

	"github.com/sudokubook/sudokubook/book"
)

// pictureSide is the most pixels a side of a picture keeps on the page: a
// cell is at most some 60 CSS pixels wide, and twice that stays sharp on
// a phone's screen; the book's files may be far larger.
const pictureSide = 128

// pictureTags are a book's own pictures (style.pictures) as the page draws
// a symbol (see pics): each the picture's ink as a mask, in grey as the
// book prints it, scaled down to pictureSide and written as a PNG in a
// data address, painted in the cell's colour (a given's ink, the reader's
// blue, the dark theme's light), as the shapes are, and spanning the part
// of the cell the book's do (book.ShapeFit). It is the same for a given and
// a cell the reader fills.
func pictureTags(files [][]byte) ([][2]string, error) {
	if len(files) == 0 {
		return nil, nil
	}
	var out [][2]string
	for i, f := range files {
		img, _, err := image.Decode(bytes.NewReader(f))
		if err != nil {
			return nil, fmt.Errorf("picture %d: %w (want a PNG or JPEG)", i+1, err)
		}
		var b bytes.Buffer
		if err := png.Encode(&b, inkMask(img, pictureSide)); err != nil {
			return nil, err
		}
		side := strconv.FormatFloat(1.7*book.ShapeFit, 'f', 2, 64) + "em"
		tag := `<i class="pic" aria-hidden="true" style="display:inline-block;width:` + side + `;height:` + side +
			`;background:currentColor;mask:url(data:image/png;base64,` + base64.StdEncoding.EncodeToString(b.Bytes()) + `) center/contain no-repeat"></i>`
		out = append(out, [2]string{tag, tag})
	}
	return out, nil
}

// inkMask is img's ink, its longer side at most side pixels: each pixel
// as opaque as the box of img's pixels it covers is dark, laid on white
// (a clear ground is no ink), in black.
func inkMask(img image.Image, side int) *image.NRGBA {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	k := max(1, (max(w, h)+side-1)/side)
	out := image.NewNRGBA(image.Rect(0, 0, (w+k-1)/k, (h+k-1)/k))
	for y := range out.Rect.Dy() {
		for x := range out.Rect.Dx() {
			var sum, n uint32
			for sy := y * k; sy < min(h, (y+1)*k); sy++ {
				for sx := x * k; sx < min(w, (x+1)*k); sx++ {
					r, g, bl, a := img.At(b.Min.X+sx, b.Min.Y+sy).RGBA()
					// The grey on white: the premultiplied colour plus
					// white's part.
					lum := (299*r + 587*g + 114*bl) / 1000
					sum += (lum + (0xffff - a)) >> 8
					n++
				}
			}
			out.Pix[y*out.Stride+x*4+3] = 255 - uint8(min(255, sum/n))
		}
	}
	return out
}
