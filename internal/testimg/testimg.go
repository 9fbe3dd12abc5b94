// Package testimg makes the small pictures tests give a book as the
// user's own (style.pictures).
package testimg

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
)

// Disc is a 40-pixel square PNG of a dark disc of radius r on a clear
// ground: discs of different radii are pictures told apart.
func Disc(r int) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, 40, 40))
	for y := range 40 {
		for x := range 40 {
			if (x-20)*(x-20)+(y-20)*(y-20) < r*r {
				img.Set(x, y, color.NRGBA{20, 20, 20, 255})
			}
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic(err) // an in-memory encode of a valid image does not fail
	}
	return b.Bytes()
}
