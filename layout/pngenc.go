package layout

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image"
	"io"
	"math"
	"sync"
)

var pngSignature = []byte("\x89PNG\r\n\x1a\n")

// encodeGray writes img as an 8-bit greyscale PNG with a pHYs chunk
// recording dpi, which image/png does not write: without one a layout
// program places a 300 dpi image at 72 dpi, four times too large.
//
// It is a greyscale-only encoder rather than image/png because of how a
// grid looks: most rows are paper crossed by the same few vertical lines,
// so each row is stored as is (filter None) unless it repeats the row
// above, which is stored as a row of zeros (filter Up). image/png tries
// every filter on every row, which cost more than all the drawing, for
// files a few per cent smaller.
func encodeGray(w io.Writer, img *image.Gray, dpi int) error {
	b := img.Bounds()
	var out bytes.Buffer
	out.Write(pngSignature)

	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:4], uint32(b.Dx()))
	binary.BigEndian.PutUint32(ihdr[4:8], uint32(b.Dy()))
	ihdr[8] = 8 // bits per sample; colour type 0 (grey), no interlace
	writeChunk(&out, "IHDR", ihdr[:])

	// pHYs counts pixels per metre (unit specifier 1).
	var phys [9]byte
	ppm := uint32(math.Round(float64(dpi) / 0.0254))
	binary.BigEndian.PutUint32(phys[0:4], ppm)
	binary.BigEndian.PutUint32(phys[4:8], ppm)
	phys[8] = 1
	writeChunk(&out, "pHYs", phys[:])

	z := zlibPool.Get().(*zlibWriter)
	defer zlibPool.Put(z)
	z.data.Reset()
	z.w.Reset(&z.data)
	z.row = append(z.row[:0], make([]byte, 1+b.Dx())...)
	var prev []byte
	for y := b.Min.Y; y < b.Max.Y; y++ {
		i := img.PixOffset(b.Min.X, y)
		cur := img.Pix[i : i+b.Dx()]
		if prev != nil && bytes.Equal(cur, prev) {
			z.row[0] = 2 // Up: each byte minus the one above, all zeros
			clear(z.row[1:])
		} else {
			z.row[0] = 0 // None
			copy(z.row[1:], cur)
		}
		if _, err := z.w.Write(z.row); err != nil {
			return err
		}
		prev = cur
	}
	if err := z.w.Close(); err != nil {
		return err
	}
	writeChunk(&out, "IDAT", z.data.Bytes())
	writeChunk(&out, "IEND", nil)
	_, err := w.Write(out.Bytes())
	return err
}

// writeChunk appends one PNG chunk: length, type, data, CRC of type and data.
func writeChunk(out *bytes.Buffer, typ string, data []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	out.Write(n[:])
	crc := crc32.NewIEEE()
	crc.Write([]byte(typ))
	crc.Write(data)
	out.WriteString(typ)
	out.Write(data)
	binary.BigEndian.PutUint32(n[:], crc.Sum32())
	out.Write(n[:])
}

// zlibWriter is a compressor with its output and row buffers. A deflate
// compressor holds hundreds of kilobytes of tables, so they are reused
// across images rather than made for each.
type zlibWriter struct {
	w    *zlib.Writer
	data bytes.Buffer
	row  []byte
}

var zlibPool = sync.Pool{New: func() any {
	z := &zlibWriter{}
	// BestSpeed: the rows that are not repeats are mostly long runs of
	// paper, which the fastest level compresses nearly as well.
	z.w, _ = zlib.NewWriterLevel(&z.data, zlib.BestSpeed)
	return z
}}
