package preflight

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// lazyAgrees reads data with the page-at-a-time reader and with pdfcpu and
// fails unless both see the same pages: the same dictionaries, the same
// inherited resources and boxes, and the same decoded content.
func lazyAgrees(t *testing.T, name string, data []byte) {
	t.Helper()
	doc, err := open(bytes.NewReader(data))
	if err != nil || doc.ctx == nil {
		t.Fatalf("%s: pdfcpu: %v %v", name, err, doc.err)
	}
	f, err := openLazy(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatalf("%s: openLazy: %v", name, err)
	}
	s := &scanner{x: doc.ctx.XRefTable}
	n := 0
	err = f.pages(func(p lazyPage) error {
		n++
		d, _, inh, err := doc.ctx.PageDict(p.n, false)
		if err != nil {
			t.Fatalf("%s: pdfcpu page %d: %v", name, p.n, err)
		}
		if got, want := p.dict.String(), d.String(); got != want {
			t.Errorf("%s: page %d dictionary:\n%s\nwant\n%s", name, p.n, got, want)
		}
		res, err := f.resolve(p.res)
		if err != nil {
			t.Fatalf("%s: page %d resources: %v", name, p.n, err)
		}
		if rd, _ := res.(types.Dict); inh == nil || rd.String() != inh.Resources.String() {
			t.Errorf("%s: page %d resources differ: %v", name, p.n, res)
		}
		got, gerr := newScanner(f).pageContent(p.dict)
		want, werr := s.pageContent(d)
		if (gerr == nil) != (werr == nil) || errors.Is(gerr, ErrLimit) != errors.Is(werr, ErrLimit) {
			t.Fatalf("%s: page %d content: error %v, pdfcpu's %v", name, p.n, gerr, werr)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: page %d content differs (%d bytes, want %d)", name, p.n, len(got), len(want))
		}
		return nil
	})
	if err != nil {
		t.Fatalf("%s: pages: %v", name, err)
	}
	if n != doc.ctx.PageCount {
		t.Errorf("%s: %d pages, pdfcpu reads %d", name, n, doc.ctx.PageCount)
	}
}

func TestLazyAgreesWithPdfcpu(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	books := map[string]book{"conforming": conforming()}
	b := conforming()
	b.red, b.coreFont, b.trimBox, b.foreign = true, true, true, "日本"
	books["mixed"] = b
	b = conforming()
	b.link, b.bookmark, b.pages = true, true, 3
	books["links"] = b
	for name, b := range books {
		lazyAgrees(t, name, b.pdf(t))
	}
	data, err := os.ReadFile("testdata/double-flate-10k.pdf")
	if err != nil {
		t.Fatal(err)
	}
	lazyAgrees(t, "double-flate", data)
	// A book from elsewhere on this machine, when given (a big build's
	// book.pdf, say): PREFLIGHT_LAZY_PDF=path.
	if path := os.Getenv("PREFLIGHT_LAZY_PDF"); path != "" {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		lazyAgrees(t, path, data)
	}
}

// Broken files give an error, never a panic or a hang.
func FuzzLazyRead(f *testing.F) {
	b := conforming()
	b.pages = 2
	f.Add(b.pdf(f))
	f.Add([]byte("%PDF-1.4\n1 0 obj\n<</Length 1 0 R>>stream\nx\nendstream\nendobj\nxref\n0 2\n0000000000 65535 f \n0000000009 00000 n \ntrailer\n<</Root 1 0 R>>\nstartxref\n60\n%%EOF\n"))
	f.Add([]byte("%PDF-1.4\nxref\n0 1\n0000000000 65535 f \ntrailer\n<</Root 1 0 R>>\nstartxref\n9\n%%EOF\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		doc, err := openStreaming(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			return
		}
		rep := checkDoc(doc, KDP, Expect{TrimW: 6 * inch, TrimH: 9 * inch, limits: fuzzLimits})
		if len(rep.Rules) != len(ruleOrder) {
			t.Fatalf("%d rules, want %d", len(rep.Rules), len(ruleOrder))
		}
	})
}

// A hostile file's loops end in an error: a stream whose /Length is
// itself, a page tree whose kid is its parent.
func TestLazyRefusesLoops(t *testing.T) {
	ok := rawPDF(
		"<</Type /Catalog /Pages 2 0 R>>",
		"<</Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 432 648]>>",
		"<</Type /Page /Parent 2 0 R /Contents 4 0 R>>",
		"<</Length 8>>stream\n0 0 m S\nendstream",
	)
	doc, err := openStreaming(bytes.NewReader(ok), int64(len(ok)))
	if err != nil {
		t.Fatalf("a sound file: %v", err)
	}
	if len(doc.boxes) != 1 || doc.boxes[0].boxes.Media != (Box{0, 0, 432, 648}) || doc.pageCount() != 1 {
		t.Fatalf("boxes %+v", doc.boxes)
	}
	for name, data := range map[string][]byte{
		"self length": rawPDF(
			"<</Type /Catalog /Pages 2 0 R>>",
			"<</Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 432 648]>>",
			"<</Type /Page /Parent 2 0 R /Contents 4 0 R>>",
			"<</Length 4 0 R>>stream\n0 0 m S\nendstream",
		),
		"kid is parent": rawPDF(
			"<</Type /Catalog /Pages 2 0 R>>",
			"<</Type /Pages /Kids [2 0 R] /Count 1 /MediaBox [0 0 432 648]>>",
		),
	} {
		doc, err := openStreaming(bytes.NewReader(data), int64(len(data)))
		if err == nil {
			rep := checkDoc(doc, KDP, Expect{TrimW: 432, TrimH: 648})
			// The page tree reads; the page's content cannot.
			if r, _ := rep.Rule(RuleTextSize); r.Pass || !strings.Contains(r.Measured, "refers to a stream") {
				t.Errorf("%s: text size %v %q", name, r.Pass, r.Measured)
			}
			continue
		}
		if !errors.Is(err, ErrUnreadable) && !errors.Is(err, ErrLimit) {
			t.Errorf("%s: error %v, want ErrUnreadable or ErrLimit", name, err)
		}
	}
}

// TestLazyBoxRuns holds the page-at-a-time reader to one record for a run
// of pages with the same boundaries (a 5,000-page book would
// keep 5,000), and to every page's own boundaries when walked.
func TestLazyBoxRuns(t *testing.T) {
	data := rawPDF(
		"<</Type /Catalog /Pages 2 0 R>>",
		"<</Type /Pages /Kids [3 0 R 4 0 R 5 0 R 6 0 R] /Count 4 /MediaBox [0 0 432 648]>>",
		"<</Type /Page /Parent 2 0 R>>",
		"<</Type /Page /Parent 2 0 R>>",
		"<</Type /Page /Parent 2 0 R /TrimBox [9 9 441 657]>>",
		"<</Type /Page /Parent 2 0 R>>",
	)
	doc, err := openStreaming(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	var runs []string
	for _, r := range doc.boxes {
		runs = append(runs, fmt.Sprintf("%d-%d", r.first, r.last))
	}
	if got, want := strings.Join(runs, " "), "1-2 3-3 4-4"; got != want {
		t.Errorf("runs %s, want %s", got, want)
	}
	if n := doc.pageCount(); n != 4 {
		t.Errorf("%d pages, want 4", n)
	}
	var pages []string
	doc.eachPageBoxes(func(b PageBoxes) {
		pages = append(pages, fmt.Sprintf("%d:%v/%v", b.Page, b.Media, b.Trim))
	})
	want := "1:{0 0 432 648}/{0 0 0 0} 2:{0 0 432 648}/{0 0 0 0} 3:{0 0 432 648}/{9 9 441 657} 4:{0 0 432 648}/{0 0 0 0}"
	if got := strings.Join(pages, " "); got != want {
		t.Errorf("pages %s\nwant  %s", got, want)
	}
}
