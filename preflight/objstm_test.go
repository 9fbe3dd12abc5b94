package preflight

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"strings"
	"testing"
)

// rawPDF15 writes a PDF 1.5 whose objects packed (numbered 1..len(packed))
// sit compressed inside one object stream, followed by the direct objects
// (numbered on from there), the object stream and a cross-reference
// stream. Object 1 is the catalog. Writers that use object streams hide
// every dictionary from a reader that only walks the plain objects.
func rawPDF15(packed, direct []string) []byte {
	var head, body bytes.Buffer
	for i, o := range packed {
		fmt.Fprintf(&head, "%d %d ", i+1, body.Len())
		body.WriteString(o + "\n")
	}
	first := head.Len()
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	zw.Write(head.Bytes())
	zw.Write(body.Bytes())
	zw.Close()

	var b bytes.Buffer
	b.WriteString("%PDF-1.5\n")
	n := len(packed)
	type entry struct{ typ, f2, f3 int }
	entries := []entry{{0, 0, 65535}}
	for i := range packed {
		entries = append(entries, entry{2, n + len(direct) + 1, i}) // in the object stream, index i
	}
	for i, o := range direct {
		entries = append(entries, entry{1, b.Len(), 0})
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", n+i+1, o)
	}
	stm := n + len(direct) + 1
	entries = append(entries, entry{1, b.Len(), 0})
	fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", stm, stream(fmt.Sprintf("/Type /ObjStm /N %d /First %d /Filter /FlateDecode", n, first), z.Bytes()))
	xref := stm + 1
	entries = append(entries, entry{1, b.Len(), 0})
	var rows bytes.Buffer
	for _, e := range entries {
		rows.Write([]byte{byte(e.typ), byte(e.f2 >> 24), byte(e.f2 >> 16), byte(e.f2 >> 8), byte(e.f2), byte(e.f3 >> 8), byte(e.f3)})
	}
	off := b.Len()
	fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", xref, stream(fmt.Sprintf("/Type /XRef /Size %d /W [1 4 2] /Root 1 0 R", xref+1), rows.Bytes()))
	fmt.Fprintf(&b, "startxref\n%d\n%%%%EOF\n", off)
	return b.Bytes()
}

// Active content packed into a compressed object stream is found as
// surely as in a plain object, whether anything refers to it or not
// (pdfcpu unpacks only what is referred to), and a packed object that
// cannot be read fails too: what pdfcpu cannot parse, a viewer may.
func TestActiveContentInObjectStreams(t *testing.T) {
	pages := "<< /Type /Pages /Kids [3 0 R] /Count 1 >>"
	page := "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 432 648] >>"
	cases := map[string]struct {
		packed, direct []string
		want           string
	}{
		"catalog packed, JavaScript open action": {
			[]string{"<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>", pages, page}, nil,
			"JavaScript (object 1)"},
		"an action packed, reached from a plain page": {
			[]string{"<< /Type /Catalog /Pages 2 0 R >>", pages},
			[]string{"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 432 648] /AA << /O 4 0 R >> >>", "<< /S /Launch /F (calc.exe) >>"},
			"a launch action (object 4)"},
		"an action packed, reachable from nowhere": {
			[]string{"<< /Type /Catalog /Pages 2 0 R >>", pages, page, "<< /S /JavaScript /JS (app.alert(3)) >>"}, nil,
			"JavaScript (object 4)"},
		"a broken packed object": {
			[]string{"<< /Type /Catalog /Pages 2 0 R >>", pages, page, "<< /S /JavaScript /JS (app.alert(4)"}, nil,
			"a packed object that cannot be read (object 4)"},
	}
	for name, c := range cases {
		rep, err := Check(bytes.NewReader(rawPDF15(c.packed, c.direct)), KDP, Expect{TrimW: 432, TrimH: 648})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if rep.Unread != nil {
			t.Fatalf("%s: the file was not read (%v): the test builds a broken PDF", name, rep.Unread)
		}
		r, _ := rep.Rule(RuleActive)
		if r.Pass || !strings.Contains(r.Measured, c.want) {
			t.Errorf("%s: %s rule %v %q, want a failure naming %q", name, RuleActive, r.Pass, r.Measured, c.want)
		}
	}
	// The same file without the action passes the rule: the finding is
	// the action, not the object stream.
	plain := rawPDF15([]string{"<< /Type /Catalog /Pages 2 0 R >>", pages, page}, nil)
	rep, err := Check(bytes.NewReader(plain), KDP, Expect{TrimW: 432, TrimH: 648})
	if err != nil || rep.Unread != nil {
		t.Fatalf("plain object-stream file: %v %v", err, rep.Unread)
	}
	if r, _ := rep.Rule(RuleActive); !r.Pass {
		t.Errorf("an object stream with no action fails %s: %s", RuleActive, r.Measured)
	}
}
