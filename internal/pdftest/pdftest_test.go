package pdftest

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/goregular"
)

// utf16Lit is s as fpdf writes it: UTF-16BE, with its escapes.
func utf16Lit(s string) string {
	var b []byte
	for _, r := range s {
		b = append(b, byte(r>>8), byte(r))
	}
	return strings.NewReplacer(`\`, `\\`, "(", `\(`, ")", `\)`, "\r", `\r`).Replace(string(b))
}

func TestItems(t *testing.T) {
	cases := []struct {
		name    string
		content string
		want    []TextItem
	}{
		{"none", "0.75 w\n10 10 m 20 20 l S\n", nil},
		{"sizes follow Tf", "BT /Fa 8.50 Tf ET\nBT 1.00 2.00 Td (" + utf16Lit("7") + ") Tj ET\n" +
			"BT /Fb 16 Tf ET\nq 0.000 g BT -3.5 40.25 Td (" + utf16Lit("Zoë") + ") Tj ET Q\n",
			[]TextItem{{1, 2, 8.5, "7", false}, {-3.5, 40.25, 16, "Zoë", false}}},
		{"escapes", "BT /F 9 Tf ET BT 0 0 Td (" + utf16Lit(`(a\b)`+"\r") + ") Tj ET",
			[]TextItem{{0, 0, 9, `(a\b)` + "\r", false}}},
		{"a parenthesis byte inside a letter", "BT /F 9 Tf ET BT 0 0 Td (" + utf16Lit("ĩ") + ") Tj ET",
			[]TextItem{{0, 0, 9, "ĩ", false}}},
		{"a half turn", "BT /F 9 Tf ET\nq -1 0 0 -1 100.00 50.00 cm\nBT 10.00 20.00 Td (" + utf16Lit("3") + ") Tj ET\nQ\n" +
			"BT 10.00 20.00 Td (" + utf16Lit("4") + ") Tj ET\n",
			[]TextItem{{90, 30, 9, "3", true}, {10, 20, 9, "4", false}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Items([]byte(c.content))
			if err != nil {
				t.Fatalf("Items: %v", err)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("got %+v, want %+v", got, c.want)
			}
		})
	}
}

// TestItemsRefuses checks text Items cannot read fails loudly, rather than
// going missing from the tests that rely on seeing every string.
func TestItemsRefuses(t *testing.T) {
	for _, c := range []struct{ name, content string }{
		{"odd byte count", "BT 0 0 Td (\x00A\x00) Tj ET"},
		{"octal escape", `BT 0 0 Td (\101\102) Tj ET`},
		{"TJ array", "BT 0 0 Td [(\x00A) -20 (\x00B)] TJ ET"},
		{"Tj without Td", "BT (\x00A) Tj ET"},
		{"quote operator", "BT 0 0 Td (\x00A) ' ET"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := Items([]byte(c.content))
			if !errors.Is(err, ErrText) {
				t.Errorf("got %+v, error %v: want ErrText", got, err)
			}
		})
	}
}

// TestRoundTrip writes strings with fpdf as the layout does (embedded
// UTF-8 font, points) and reads them back from the file.
func TestRoundTrip(t *testing.T) {
	pdf := fpdf.NewCustom(&fpdf.InitType{UnitStr: "pt", Size: fpdf.SizeType{Wd: 200, Ht: 100}})
	pdf.SetCompression(true)
	pdf.AddUTF8FontFromBytes("go", "", goregular.TTF)
	pdf.AddPage()
	pdf.SetFont("go", "", 12)
	pdf.Text(10, 30, "Sudoku (1) ñandú")
	pdf.SetFont("go", "", 7.5)
	pdf.SetTextColor(90, 90, 90)
	pdf.Text(150.5, 90, `a\b`)
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		t.Fatalf("writing the PDF: %v", err)
	}
	ctx, err := Open(buf.Bytes())
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	got, err := PageItems(ctx, 1)
	if err != nil {
		t.Fatalf("PageItems: %v", err)
	}
	// PDF y runs up from the foot of the 100pt page.
	want := []TextItem{{10, 70, 12, "Sudoku (1) ñandú", false}, {150.5, 10, 7.5, `a\b`, false}}
	if !slices.Equal(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
	if s := Texts(got); !slices.Equal(s, []string{want[0].Text, want[1].Text}) {
		t.Errorf("Texts: got %q", s)
	}
	if _, err := PageItems(ctx, 2); err == nil {
		t.Error("PageItems of page 2 of a 1-page PDF: no error")
	}
	if _, err := Open([]byte("%PDF-1.4 not really")); err == nil {
		t.Error("Open of a broken PDF: no error")
	}
}

// TestMarks reads lines and fills as fpdf writes them, with the width and
// greys in force at each, q and Q restoring them, and rectangles of
// negative height (fpdf's, as y runs up) normalised.
func TestMarks(t *testing.T) {
	content := []byte("0.57 w\n0.000 G\n0.851 g\n1.00 215.00 23.78 -23.78 re f\n" +
		"0.75 w\n24.78 215.00 m 24.78 1.00 l S\nq\n2.00 w\n0.300 G\n1.00 191.22 m 215.00 191.22 l S\nQ\n" +
		"3.00 4.00 m 5.00 4.00 l S\nBT 1 2 Td (x) Tj ET\n")
	segs, fills := Marks(content)
	wantSegs := []Segment{
		{24.78, 215, 24.78, 1, 0.75, 0},
		{1, 191.22, 215, 191.22, 2, 0.3},
		{3, 4, 5, 4, 0.75, 0},
	}
	if len(segs) != len(wantSegs) {
		t.Fatalf("got %d segments %v, want %d", len(segs), segs, len(wantSegs))
	}
	for i, s := range segs {
		if s != wantSegs[i] {
			t.Errorf("segment %d: got %+v, want %+v", i, s, wantSegs[i])
		}
	}
	if want := (Fill{1, 191.22, 23.78, 23.78, 0.851}); len(fills) != 1 || fills[0] != want {
		t.Errorf("fills %+v, want [%+v]", fills, want)
	}
}

// TestMarksTurned reads lines and fills drawn inside a half turn where
// they land on the page, and the marks after its Q where they are drawn.
func TestMarksTurned(t *testing.T) {
	content := []byte("q -1 0 0 -1 100.00 50.00 cm\n2.00 w\n10.00 20.00 m 30.00 20.00 l S\n" +
		"0.851 g\n10.00 20.00 5.00 -4.00 re f\nQ\n10.00 20.00 m 30.00 20.00 l S\n")
	segs, fills := Marks(content)
	want := []Segment{{90, 30, 70, 30, 2, 0}, {10, 20, 30, 20, 1, 0}}
	if !slices.Equal(segs, want) {
		t.Errorf("segments %+v, want %+v", segs, want)
	}
	if want := (Fill{85, 30, 5, 4, 0.851}); len(fills) != 1 || fills[0] != want {
		t.Errorf("fills %+v, want [%+v]", fills, want)
	}
}

// TestPaths reads closed paths as the layout writes a grid's shapes,
// filled or stroked, a turned one where it lands, and nothing of the
// lines, rectangles and discs around them.
func TestPaths(t *testing.T) {
	content := []byte("0.75 w\n10.00 10.00 m 20.00 10.00 l S\n" +
		"1.00 2.00 m\n3.00 2.00 l\n3.00 4.00 l\nh f\n" +
		"q -1 0 0 -1 100.00 50.00 cm\n5.00 5.00 m\n1.00 2.00 3.00 4.00 6.00 7.00 c\nh S\nQ\n" +
		"1.00 0.00 m\n1.00 0.55 0.55 1.00 0.00 1.00 c\n-0.55 1.00 -1.00 0.55 -1.00 0.00 c\n-1.00 -0.55 -0.55 -1.00 0.00 -1.00 c\n0.55 -1.00 1.00 -0.55 1.00 0.00 c f\n")
	got := Paths(content)
	want := []Path{
		{Ops: "mll", Pts: [][2]float64{{1, 2}, {3, 2}, {3, 4}}, Fill: true},
		{Ops: "mc", Pts: [][2]float64{{95, 45}, {99, 48}, {97, 46}, {94, 43}}, Turned: true},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d paths %+v, want %d", len(got), got, len(want))
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.Ops != w.Ops || g.Fill != w.Fill || g.Turned != w.Turned || !slices.Equal(g.Pts, w.Pts) {
			t.Errorf("path %d: got %+v, want %+v", i, g, w)
		}
	}
}
