package outdir

import (
	"bytes"
	"strings"
	"testing"
)

// TestParseRecordOnlyAsWritten: a record is read only in the bytes
// encode writes; the same names with CRLF ends, with no last line end, or
// after a line longer than the scanner's buffer are refused, where they
// once read as a record (the long line cut the list of files short).
func TestParseRecordOnlyAsWritten(t *testing.T) {
	good := record{gen: "gen-0123456789ab", files: []string{"book.pdf", "manifest.json", "png/puzzle-001.png"}}.encode()
	if _, err := parseRecord(good); err != nil {
		t.Fatalf("a record as written: %v", err)
	}
	for name, b := range map[string][]byte{
		"CRLF":         bytes.ReplaceAll(good, []byte("\n"), []byte("\r\n")),
		"no last LF":   bytes.TrimSuffix(good, []byte("\n")),
		"a long line":  append(bytes.Clone(good), strings.Repeat("x", 70000)+"\nzzz\n"...),
		"a blank line": append(bytes.Clone(good), '\n'),
	} {
		if r, err := parseRecord(b); err == nil {
			t.Errorf("%s: read as %d files", name, len(r.files))
		}
	}
}

// FuzzParseRecord: whatever parseRecord accepts is a record that encodes
// back to the same bytes, naming only files a Stage can write.
func FuzzParseRecord(f *testing.F) {
	f.Add(record{gen: "gen-0123456789ab", files: []string{"book.pdf", "manifest.json", "png/puzzle-001.png"}}.encode())
	f.Add([]byte(recordHead + "\ngen-0123456789ab\n"))
	f.Add([]byte(recordHead + "\ngen-0123456789ab\n../x\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		r, err := parseRecord(b)
		if err != nil {
			return
		}
		if !bytes.Equal(r.encode(), b) {
			t.Fatalf("%q read as a record that encodes as %q", b, r.encode())
		}
		for _, f := range r.files {
			if !validRel(f) {
				t.Fatalf("%q names %q", b, f)
			}
		}
	})
}
