package preflight

import (
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// sharedContent is a hostile file of about 400 KB: a page tree of pages
// entries that all name one page, whose content is mib MiB of white
// space deflated. No operator bound sees white space; read once a page,
// it is 2.7 TB of reading.
func sharedContent(pages, mib int) []byte {
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	blank := bytes.Repeat([]byte(" "), 1<<20)
	for range mib {
		zw.Write(blank)
	}
	zw.Close()
	return rawPDF(catalog,
		fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Repeat("3 0 R ", pages), pages),
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 432 648] /Contents 4 0 R >>",
		stream("/Filter /FlateDecode", z.Bytes()))
}

// The check stops by the count of content played over the whole file,
// a shared stream counted each time a page plays it: at the page where
// the count passes MaxContentBytes, not at a clock.
func TestSharedContentStreamBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	const pages, mib = 49_000, 56
	data := sharedContent(pages, mib)
	if len(data) > 450_000 {
		t.Fatalf("the file is %d bytes, want about 400 KB", len(data))
	}
	rep, err := Check(bytes.NewReader(data), KDP, Expect{TrimW: 432, TrimH: 648})
	if err != nil {
		t.Fatal(err)
	}
	if rep.OK() || !errors.Is(rep.Unread, ErrLimit) || !strings.Contains(rep.Unread.Error(), "too much work") {
		t.Fatalf("Unread = %v, OK %v; want ErrLimit saying too much work", rep.Unread, rep.OK())
	}
	last := int(MaxContentBytes/(mib<<20)) + 1
	if want := fmt.Sprintf("page %d:", last); !strings.HasPrefix(rep.Unread.Error(), want) {
		t.Errorf("Unread = %v, want it to stop at %q, where %d MiB have been played", rep.Unread, want, MaxContentBytes>>20)
	}
}

// A file cut short is unreadable, whatever pdfcpu's relaxed mode could
// rebuild from what is left: no report measures a page it invented.
func TestTruncatedUnreadable(t *testing.T) {
	small := conforming()
	small.pages = 2
	for name, whole := range map[string][]byte{
		"raw":  rawPDF(catalog, pages1, page1),
		"book": small.pdf(t),
	} {
		end := bytes.LastIndex(whole, []byte("%%EOF"))
		for n := len("%PDF-1.4\n"); n < end; n++ {
			rep, err := Check(bytes.NewReader(whole[:n]), KDP, Expect{TrimW: 432, TrimH: 648})
			if err != nil {
				t.Fatalf("%s[:%d]: %v", name, n, err)
			}
			if !errors.Is(rep.Unread, ErrUnreadable) || !strings.Contains(rep.Unread.Error(), "cut short") {
				t.Fatalf("%s[:%d]: Unread = %v, want the file named cut short", name, n, rep.Unread)
			}
			if r, _ := rep.Rule(RulePageSize); r.Pass || !strings.HasPrefix(r.Measured, "not measured") {
				t.Fatalf("%s[:%d]: page size %v %q, want not measured", name, n, r.Pass, r.Measured)
			}
			if _, err := PageInfo(bytes.NewReader(whole[:n])); !errors.Is(err, ErrUnreadable) {
				t.Fatalf("%s[:%d]: PageInfo: %v, want ErrUnreadable", name, n, err)
			}
		}
	}
	for name, data := range map[string][]byte{"empty": nil, "text": []byte("hello\n"), "json": []byte(`{"print": {}}`)} {
		rep, err := Check(bytes.NewReader(data), KDP, Expect{TrimW: 432, TrimH: 648})
		if err != nil || !errors.Is(rep.Unread, ErrNotPDF) {
			t.Errorf("%s: Unread = %v (err %v), want ErrNotPDF", name, rep.Unread, err)
		}
	}
}

// A page that lists one stream many times in its /Contents is refused
// as its streams are joined, at the one-stream bound, before it is all
// held: 200 times a stream of 8 MiB would be 1.6 GiB for one page.
func TestRepeatedContentPartsBounded(t *testing.T) {
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	zw.Write(bytes.Repeat([]byte(" "), 8<<20))
	zw.Close()
	data := rawPDF(catalog, pages1,
		fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 432 648] /Contents [%s] >>", strings.Repeat("4 0 R ", 200)),
		stream("/Filter /FlateDecode", z.Bytes()))
	rep, err := Check(bytes.NewReader(data), KDP, Expect{TrimW: 432, TrimH: 648})
	if err != nil {
		t.Fatal(err)
	}
	if !errors.Is(rep.Unread, ErrLimit) || !strings.Contains(rep.Unread.Error(), "content streams join to more than 64 MiB") {
		t.Fatalf("Unread = %v, want ErrLimit: the page's streams join past 64 MiB", rep.Unread)
	}
}
