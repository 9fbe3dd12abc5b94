package preflight

import (
	"bytes"
	"testing"
)

// BenchmarkCheck checks a KDP-maximum book (828 pages at 6 x 9 in).
func BenchmarkCheck(b *testing.B) {
	bk := conforming()
	bk.pages = 828
	// Past 700 pages KDP wants a 0.875in gutter; the test book's ink
	// starts 0.761in from the left edge, so it is set 0.125in further in,
	// or the margins rule fails (and the benchmark with it).
	bk.inset = 0.125 * inch
	pdf := bk.pdf(b)
	e := expect()
	e.Gutter = 0.875 * inch
	b.SetBytes(int64(len(pdf)))
	for b.Loop() {
		rep, err := Check(bytes.NewReader(pdf), KDP, e)
		if err != nil || !rep.OK() {
			b.Fatalf("Check: %v, ok=%v", err, rep.OK())
		}
	}
}
