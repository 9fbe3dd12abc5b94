package preflight

import (
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

// rawPDF writes objects 1..n as a PDF with a correct cross-reference
// table, object 1 the catalog. Hostile files are built by hand: no PDF
// library writes them on purpose.
func rawPDF(objs ...string) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	offs := make([]int, len(objs))
	for i, o := range objs {
		offs[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	x := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, o := range offs {
		fmt.Fprintf(&b, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, x)
	return b.Bytes()
}

func stream(dict string, data []byte) string {
	return fmt.Sprintf("<< %s /Length %d >>\nstream\n%s\nendstream", dict, len(data), data)
}

const (
	catalog = "<< /Type /Catalog /Pages 2 0 R >>"
	pages1  = "<< /Type /Pages /Kids [3 0 R] /Count 1 >>"
	page1   = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 432 648] >>"
)

// hostile is the corpus of broken and hostile files: each is refused
// within the bounds, by one error (Report.Unread) or a failed rule.
func hostile(t testing.TB) map[string][]byte {
	var bomb bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&bomb, zlib.BestSpeed)
	zeros := make([]byte, 1<<20)
	for range (MaxStreamBytes >> 20) + 16 {
		zw.Write(zeros)
	}
	zw.Close()
	// Forms that each draw the next 100 times, 8 deep: 10^16 operators
	// from a few hundred bytes.
	forms := []string{catalog, pages1, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 432 648] /Contents 4 0 R /Resources << /XObject << /F 5 0 R >> >> >>",
		stream("", []byte(strings.Repeat("/F Do ", 100)))}
	for i := 0; i < 8; i++ {
		forms = append(forms, stream(fmt.Sprintf("/Type /XObject /Subtype /Form /BBox [0 0 10 10] /Resources << /XObject << /F %d 0 R >> >>", 6+i),
			[]byte(strings.Repeat("/F Do ", 100))))
	}
	forms = append(forms, stream("/Type /XObject /Subtype /Form /BBox [0 0 10 10]", []byte("0 0 m 1 1 l S")))
	return map[string][]byte{
		"page count 999999999": rawPDF(catalog, "<< /Type /Pages /Kids [3 0 R] /Count 999999999 >>", page1),
		"page count negative":  rawPDF(catalog, "<< /Type /Pages /Kids [3 0 R] /Count -5 >>", page1),
		"flate bomb": rawPDF(catalog, pages1, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 432 648] /Contents 4 0 R >>",
			stream("/Filter /FlateDecode", bomb.Bytes())),
		"form fan-out":    rawPDF(forms...),
		"self-drawing":    rawPDF(catalog, pages1, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 432 648] /Contents 4 0 R /Resources << /XObject << /F 4 0 R >> >> >>", stream("/Type /XObject /Subtype /Form /BBox [0 0 1 1] /Resources << /XObject << /F 4 0 R >> >>", []byte("/F Do"))),
		"not a PDF":       []byte("hello, world\n"),
		"empty":           nil,
		"header only":     []byte("%PDF-1.7\n"),
		"xref loop":       []byte("%PDF-1.4\nxref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size 1 /Root 1 0 R /Prev 9 >>\nstartxref\n9\n%%EOF\n"),
		"garbage objects": rawPDF("<< /Type /Catalog /Pages 9 0 R >>", "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]"),
	}
}

// fuzzLimits keep a fuzzed file's reading short.
var fuzzLimits = workLimits{ops: 200_000, content: 16 << 20}

func TestHostilePDFsBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	// A lower bound on operators, so that the fan-out trips it fast.
	exp := Expect{TrimW: 432, TrimH: 648, limits: workLimits{ops: 200_000}}
	for name, data := range hostile(t) {
		t.Run(name, func(t *testing.T) {
			start := time.Now()
			rep, err := Check(bytes.NewReader(data), KDP, exp)
			if err != nil {
				t.Fatalf("Check: %v (want a report)", err)
			}
			if rep.OK() {
				t.Fatalf("passed:\n%s", report(rep))
			}
			if d := time.Since(start); d > 10*time.Second {
				t.Errorf("took %v", d)
			}
			if _, err := PageInfo(bytes.NewReader(data)); err == nil && strings.Contains(name, "count") {
				t.Errorf("PageInfo read a page tree of %s", name)
			}
		})
	}
	// The named bounds are the ones that trip.
	h := hostile(t)
	for name, want := range map[string]string{
		"page count 999999999": "claims 999999999 pages",
		"flate bomb":           "decode limit",
		"form fan-out":         "drawing operations",
	} {
		rep, _ := Check(bytes.NewReader(h[name]), KDP, exp)
		if !errors.Is(rep.Unread, ErrLimit) || !strings.Contains(rep.Unread.Error(), want) {
			t.Errorf("%s: Unread = %v, want ErrLimit saying %q", name, rep.Unread, want)
		}
	}
}

// Active content anywhere in the file fails its rule, naming what.
func TestActiveContent(t *testing.T) {
	cases := map[string]struct {
		pdf  []byte
		want string
	}{
		"JavaScript open action": {rawPDF("<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>", pages1, page1), "JavaScript (object 1)"},
		"launch in an annotation": {rawPDF(catalog, pages1, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 432 648] /Annots [4 0 R] >>",
			"<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /Launch /F (calc.exe) >> >>"), "a launch action (object 4)"},
		"page additional actions": {rawPDF(catalog, pages1, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 432 648] /AA << /O 4 0 R >> >>",
			"<< /S /SubmitForm /F (http://example.com) >>"), "additional actions (object 3)"},
		"JavaScript name tree": {rawPDF("<< /Type /Catalog /Pages 2 0 R /Names << /JavaScript 4 0 R >> >>", pages1, page1,
			"<< /Names [(a) 5 0 R] >>", "<< /S /JavaScript /JS 6 0 R >>", stream("", []byte("app.alert(2)"))), "JavaScript (object 5)"},
		"URI open action": {rawPDF("<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /URI /URI (http://example.com/seen) >> >>", pages1, page1),
			"a URI action (object 1)"},
		"GoToR open action": {rawPDF("<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>", pages1, page1,
			"<< /S /GoToR /F (other.pdf) /D [0 /Fit] >>"), "a go-to-remote action (object 4)"},
		"GoToE open action": {rawPDF("<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /GoToE /D [0 /Fit] /T << /R /C /N (a.pdf) >> >> >>", pages1, page1),
			"a go-to-embedded action (object 1)"},
		"launch open action": {rawPDF("<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /Launch /Win << /F (cmd.exe) >> >> >>", pages1, page1),
			"a launch action (object 1)"},
		"embedded exe": {rawPDF("<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles 4 0 R >> >>", pages1, page1,
			"<< /Names [(setup.exe) 5 0 R] >>", "<< /Type /Filespec /F (setup.exe) /UF (setup.exe) /EF << /F 6 0 R >> >>",
			stream("/Type /EmbeddedFile", []byte("MZ\x90\x00"))), `an embedded file "setup.exe" (object 5)`},
		"file attachment annotation": {rawPDF(catalog, pages1, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 432 648] /Annots [4 0 R] >>",
			"<< /Type /Annot /Subtype /FileAttachment /Rect [0 0 10 10] /FS 5 0 R >>",
			"<< /Type /Filespec /F (run.exe) /EF << /F 6 0 R >> >>", stream("/Type /EmbeddedFile", []byte("MZ"))), "a file attachment (object 4)"},
	}
	for name, c := range cases {
		rep, err := Check(bytes.NewReader(c.pdf), KDP, Expect{TrimW: 432, TrimH: 648})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		r, _ := rep.Rule(RuleActive)
		if r.Pass || !strings.Contains(r.Measured, c.want) {
			t.Errorf("%s: %s rule %v %q, want a failure naming %q", name, RuleActive, r.Pass, r.Measured, c.want)
		}
	}
	rep := check(t, conforming().pdf(t), KDP, expect())
	if r, _ := rep.Rule(RuleActive); !r.Pass {
		t.Errorf("a plain book fails %s: %s", RuleActive, r.Measured)
	}
}

// FuzzCheck feeds Check broken and hostile files, and mutations of them
// and of a real book: it must return a report (never panic, never pass
// garbage) within the bounds.
func FuzzCheck(f *testing.F) {
	good := conforming()
	good.pages = 2
	book := good.pdf(f)
	f.Add(book)
	f.Add(book[:len(book)/2])
	f.Add(rawPDF15([]string{"<< /Type /Catalog /Pages 2 0 R >>", pages1, page1, "<< /S /JavaScript /JS (app.alert(3)) >>"}, nil))
	for name, data := range hostile(f) {
		if name != "flate bomb" { // 2 MB: the fuzzer's mutations of it are slow
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rep, err := Check(bytes.NewReader(data), KDP, Expect{TrimW: 432, TrimH: 648, limits: fuzzLimits})
		if err != nil {
			t.Fatalf("Check: %v (want a report)", err)
		}
		if len(rep.Rules) != len(ruleOrder) {
			t.Fatalf("%d rules, want %d", len(rep.Rules), len(ruleOrder))
		}
		if rep.Unread != nil && rep.OK() {
			t.Fatalf("unreadable (%v) yet passed", rep.Unread)
		}
	})
}
