package layout

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math"
)

// ErrPNG is wrapped by errors about PNG data that is not what it should be.
var ErrPNG = errors.New("malformed PNG")

var pngSignature = []byte("\x89PNG\r\n\x1a\n")

// insertPHYs returns a copy of png with a pHYs chunk recording dpi, placed
// right after IHDR as the PNG specification requires (before IDAT). Go's
// image/png writes no pHYs, and without one a layout program places a
// 300 dpi image at 72 dpi, four times too large.
func insertPHYs(png []byte, dpi int) ([]byte, error) {
	if dpi <= 0 {
		return nil, fmt.Errorf("%w: dpi %d, want > 0", ErrPNG, dpi)
	}
	if !bytes.HasPrefix(png, pngSignature) {
		return nil, fmt.Errorf("%w: no PNG signature", ErrPNG)
	}
	// The first chunk must be IHDR: length 13, so 4+4+13+4 bytes in all.
	const ihdrEnd = 8 + 4 + 4 + 13 + 4
	if len(png) < ihdrEnd || string(png[12:16]) != "IHDR" || binary.BigEndian.Uint32(png[8:12]) != 13 {
		return nil, fmt.Errorf("%w: first chunk is not IHDR", ErrPNG)
	}
	// pHYs counts pixels per metre (unit specifier 1).
	ppm := uint32(math.Round(float64(dpi) / 0.0254))
	var chunk [4 + 4 + 9 + 4]byte
	binary.BigEndian.PutUint32(chunk[0:4], 9)
	copy(chunk[4:8], "pHYs")
	binary.BigEndian.PutUint32(chunk[8:12], ppm)
	binary.BigEndian.PutUint32(chunk[12:16], ppm)
	chunk[16] = 1
	binary.BigEndian.PutUint32(chunk[17:21], crc32.ChecksumIEEE(chunk[4:17]))

	out := make([]byte, 0, len(png)+len(chunk))
	out = append(out, png[:ihdrEnd]...)
	out = append(out, chunk[:]...)
	return append(out, png[ihdrEnd:]...), nil
}
