package preflight

import (
	"bytes"
	"compress/zlib"
	"errors"
	"flag"
	"os"
	"runtime"
	"strings"
	"testing"
)

var updateBomb = flag.Bool("update-bomb", false, "rewrite testdata/double-flate-10k.pdf")

// doubleFlate is a page whose content is 2,300 MiB of zeros deflated
// twice (/Filter [/FlateDecode /FlateDecode]): deflate gains at most
// about 1,000 to 1 a pass, so a second pass turns the 2.3 MB of the
// first into 10 KB. No single-filter file of 10 KB decodes past a few
// MB: this is how a 10 KB PDF took 17.5 s and 2.7 GiB without the bounds,
// each rule decoding the page up to pdfcpu's own 512 MB
// limit. Made once and kept in testdata: deflating 2.3 GiB takes
// seconds.
func doubleFlate() []byte {
	deflate := func(write func(w *zlib.Writer)) []byte {
		var b bytes.Buffer
		zw, _ := zlib.NewWriterLevel(&b, zlib.BestCompression)
		write(zw)
		zw.Close()
		return b.Bytes()
	}
	inner := deflate(func(w *zlib.Writer) {
		zeros := make([]byte, 1<<20)
		for range 2300 {
			w.Write(zeros)
		}
	})
	outer := deflate(func(w *zlib.Writer) { w.Write(inner) })
	return rawPDF(catalog, pages1, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 432 648] /Contents 4 0 R >>",
		stream("/Filter [/FlateDecode /FlateDecode]", outer))
}

// A 10 KB file deflated twice is refused at the stream bound, in one line, and
// within a memory figure that follows from the bounds: what Check
// allocates in all is a few times MaxStreamBytes (a growing buffer
// doubles), nowhere near the 2.3 GiB the file asks for. The figure is
// counted allocation, not time or the machine's load.
func TestDoubleFlateBombBounded(t *testing.T) {
	const file = "testdata/double-flate-10k.pdf"
	if *updateBomb {
		if err := os.WriteFile(file, doubleFlate(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) > 10_500 {
		t.Fatalf("%s is %d bytes, want about 10 KB", file, len(data))
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	rep, err := Check(bytes.NewReader(data), KDP, Expect{TrimW: 432, TrimH: 648})
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if !errors.Is(rep.Unread, ErrLimit) || !strings.Contains(rep.Unread.Error(), "decode limit") || rep.OK() {
		t.Fatalf("Unread = %v, OK %v; want ErrLimit at the decode bound", rep.Unread, rep.OK())
	}
	alloc := after.TotalAlloc - before.TotalAlloc
	if bound := uint64(6 * MaxStreamBytes); alloc > bound {
		t.Errorf("Check allocated %d MiB in all, want at most %d MiB (6 x MaxStreamBytes)", alloc>>20, bound>>20)
	}
	t.Logf("allocated %d MiB in all", alloc>>20)
}
