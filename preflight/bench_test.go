package preflight

import (
	"bytes"
	"testing"
)

// BenchmarkCheck checks a KDP-maximum book (828 pages at 6 x 9 in).
func BenchmarkCheck(b *testing.B) {
	bk := conforming()
	bk.pages = 828
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
