package preflight

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// testResources are direct objects, which an empty cross-reference table
// resolves as they are.
var testResources = types.Dict{
	"ColorSpace": types.Dict{
		"Spot":     types.Array{types.Name("Separation"), types.Name("PANTONE 185 C"), types.Name("DeviceCMYK"), types.Dict{}},
		"Ink":      types.Array{types.Name("Separation"), types.Name("Black"), types.Name("DeviceCMYK"), types.Dict{}},
		"GreyPal":  types.Array{types.Name("Indexed"), types.Name("DeviceRGB"), types.Float(1), types.NewHexLiteral([]byte{0, 0, 0, 200, 200, 200})},
		"ColorPal": types.Array{types.Name("Indexed"), types.Name("DeviceRGB"), types.Float(1), types.NewHexLiteral([]byte{0, 0, 0, 255, 0, 0})},
	},
	"ExtGState": types.Dict{
		"Thin": types.Dict{"LW": types.Float(0.1)},
	},
	"Shading": types.Dict{
		"Grey": types.Dict{"ShadingType": types.Integer(2), "ColorSpace": types.Name("DeviceGray")},
		"RGB":  types.Dict{"ShadingType": types.Integer(2), "ColorSpace": types.Name("DeviceRGB")},
	},
}

func scan(t *testing.T, content string) *scanner {
	t.Helper()
	s := newScanner(&model.XRefTable{})
	s.page = 1
	s.patterns = map[int]bool{}
	g := gstate{ctm: identity, lineWidth: 1, fill: black, stroke: black}
	if err := s.play([]byte(content), testResources, g, 0); err != nil {
		t.Fatalf("play %q: %v", content, err)
	}
	return s
}

func TestScanSizes(t *testing.T) {
	tests := []struct {
		name, content string
		text, line    float64 // -1: none seen
	}{
		{"default line width", "0 0 m 10 0 l S", -1, 1},
		{"w sets width", "0.3 w 0 0 m 10 0 l S", -1, 0.3},
		{"width set but never stroked", "0.1 w 0 0 m 10 0 l f", -1, -1},
		{"cm scales", "2 0 0 2 0 0 cm 0.5 w 0 0 m 10 0 l S", -1, 1},
		{"squeezed axis is the thin one", "1 0 0 0.25 0 0 cm 1 w 0 0 m 10 0 l S", -1, 0.25},
		{"rotation keeps width", "0 1 -1 0 0 0 cm 0.8 w 0 0 m 10 0 l S", -1, 0.8},
		{"Q restores width", "q 0.1 w Q 0 0 m 10 0 l S", -1, 1},
		{"ExtGState LW", "/Thin gs 0 0 m 10 0 l S", -1, 0.1},
		{"thin filled rectangle is a rule", "0 0 100 0.4 re f", -1, 0.4},
		{"square fill is not a rule", "0 0 0.4 0.4 re f", -1, -1},
		{"Tf size", "BT /F1 9 Tf (x) Tj ET", 9, -1},
		{"Tf without showing text", "BT /F1 4 Tf ET BT /F1 12 Tf (x) Tj ET", 12, -1},
		{"Tm scales text", "BT /F1 10 Tf 0.5 0 0 0.5 72 72 Tm (x) Tj ET", 5, -1},
		{"BT resets Tm", "BT 0.5 0 0 0.5 0 0 Tm ET BT /F1 10 Tf (x) Tj ET", 10, -1},
		{"cm scales text", "0.6 0 0 0.6 0 0 cm BT /F1 10 Tf [(a) -20 (b)] TJ ET", 6, -1},
		{"invisible text ignored", "BT 3 Tr /F1 2 Tf (ocr) Tj ET", -1, -1},
		{"quote operators show text", "BT /F1 8 Tf 12 TL (a) ' 0 0 (b) \" ET", 8, -1},
		{"strings with parens and escapes", "BT /F1 11 Tf (a\\) (b) c) Tj ET", 11, -1},
		{"comments skipped", "% 0.1 w\n0 0 m 1 1 l S", -1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := scan(t, tt.content)
			check := func(what string, m smallest, want float64) {
				t.Helper()
				switch {
				case want < 0 && m.seen:
					t.Errorf("%s: got %g pt (%s), want none", what, m.pt, m.what)
				case want >= 0 && !m.seen:
					t.Errorf("%s: got none, want %g pt", what, want)
				case want >= 0 && math.Abs(m.pt-want) > 1e-9:
					t.Errorf("%s: got %g pt, want %g pt", what, m.pt, want)
				}
			}
			check("text", s.text, tt.text)
			check("line", s.line, tt.line)
		})
	}
}

func TestScanColour(t *testing.T) {
	tests := []struct {
		name, content string
		want          []string // first hits, "" for grey only
	}{
		{"grey fill", "0.5 g 0 0 10 10 re f", nil},
		{"equal rgb", "0.3 0.3 0.3 rg 0 0 10 10 re f", nil},
		{"red fill", "1 0 0 rg 0 0 10 10 re f", []string{"page 1: fill in DeviceRGB 1 0 0"}},
		{"red set but replaced before use", "1 0 0 rg 0.2 g 0 0 10 10 re f", nil},
		{"red set, only stroked in black", "1 0 0 rg 0 0 m 1 1 l S", nil},
		{"red stroke", "0 1 0 RG 0 0 m 1 1 l S", []string{"page 1: stroke in DeviceRGB 0 1 0"}},
		{"black k", "0 0 0 1 k 0 0 10 10 re f", nil},
		{"cyan k", "0.1 0 0 0 k 0 0 10 10 re f", []string{"page 1: fill in DeviceCMYK 0.1 0 0 0"}},
		{"red text", "1 0 0 rg BT /F1 9 Tf (x) Tj ET", []string{"page 1: text in DeviceRGB 1 0 0"}},
		{"outline text uses stroke", "1 0 0 rg BT 1 Tr /F1 9 Tf (x) Tj ET", nil},
		{"cs rgb grey value", "/DeviceRGB cs 0.5 0.5 0.5 sc 0 0 1 1 re f", nil},
		{"cs rgb colour", "/DeviceRGB cs 0.5 0.4 0.5 scn 0 0 1 1 re f", []string{"page 1: fill in DeviceRGB 0.5 0.4 0.5"}},
		{"spot colour", "/Spot cs 1 sc 0 0 1 1 re f", []string{"page 1: fill in spot colour PANTONE 185 C"}},
		{"black separation", "/Ink cs 1 sc 0 0 1 1 re f", nil},
		{"grey palette", "/GreyPal cs 1 sc 0 0 1 1 re f", nil},
		{"colour palette entry", "/ColorPal cs 1 sc 0 0 1 1 re f", []string{"page 1: fill in Indexed DeviceRGB colour 1"}},
		{"grey palette entry of colour palette", "/ColorPal cs 0 sc 0 0 1 1 re f", nil},
		{"grey shading", "/Grey sh", nil},
		{"rgb shading", "/RGB sh", []string{"page 1: shading in DeviceRGB"}},
		{"grey inline image", "BI /W 2 /H 1 /CS /G /BPC 8 ID \x00\xff EI", nil},
		{"rgb inline image", "BI /W 1 /H 1 /CS /RGB /BPC 8 /L 3 ID EI! EI", []string{"page 1: inline image in DeviceRGB"}},
		{"inline palette image", "BI /W 1 /H 1 /CS [/I /RGB 1 <000000ff0000>] /BPC 8 ID \x00 EI", []string{"page 1: inline image in Indexed DeviceRGB with colour in its palette (entry 1)"}},
		{"stencil mask in red", "1 0 0 rg BI /W 1 /H 1 /IM true ID \x00 EI", []string{"page 1: inline image (stencil mask) in DeviceRGB 1 0 0"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := scan(t, tt.content)
			if !slices.Equal(s.colour.first, tt.want) {
				t.Errorf("colour hits: got %q, want %q", s.colour.first, tt.want)
			}
		})
	}
}

func TestScanErrors(t *testing.T) {
	for _, content := range []string{
		"(unterminated",
		"[1 2",
		"<< /A 1",
		"/Missing cs",
		"/Missing Do",
		"BI /W 1 ID no end",
		")",
	} {
		t.Run(content, func(t *testing.T) {
			s := newScanner(&model.XRefTable{})
			err := s.play([]byte(content), testResources, gstate{ctm: identity, fill: black, stroke: black}, 0)
			if !errors.Is(err, ErrContent) {
				t.Errorf("got %v, want an error wrapping ErrContent", err)
			}
		})
	}
}

func TestParseContent(t *testing.T) {
	content := "q 1 0 0 1 10.5 -.5 cm /Na#6De <48 65 6c> (a(b)c\\051) [1 /x (y)] << /K [1 2] >> BDC\n" +
		"% a comment with ( and <<\n" +
		"BI /W 4 /H 1 /BPC 8 /CS /G ID \x01EI\x02 EI EMC T* Q"
	type call struct {
		op   string
		args string
	}
	var got []call
	err := parseContent([]byte(content), func(op string, args []types.Object) error {
		var parts []string
		for _, a := range args {
			parts = append(parts, show(a))
		}
		got = append(got, call{op, strings.Join(parts, " ")})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []call{
		{"q", ""},
		{"cm", "1 0 0 1 10.5 -0.5"},
		{"BDC", "/Name (Hel) (a(b)c)) [1 /x (y)] <</K [1 2]>>"},
		{"BI", "<</BitsPerComponent 8 /ColorSpace /G /H 1 /W 4>>"},
		{"EMC", ""},
		{"T*", ""},
		{"Q", ""},
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}

// show prints an operand compactly, strings as their bytes.
func show(o types.Object) string {
	switch o := o.(type) {
	case nil:
		return "null"
	case types.Float:
		return strconv.FormatFloat(float64(o), 'g', -1, 64)
	case types.Name:
		return "/" + string(o)
	case types.HexLiteral:
		b, err := o.Bytes()
		if err != nil {
			return "bad hex " + string(o)
		}
		return "(" + string(b) + ")"
	case types.Array:
		parts := make([]string, len(o))
		for i, e := range o {
			parts[i] = show(e)
		}
		return "[" + strings.Join(parts, " ") + "]"
	case types.Dict:
		var parts []string
		for _, k := range slices.Sorted(maps.Keys(o)) {
			parts = append(parts, "/"+k+" "+show(o[k]))
		}
		return "<<" + strings.Join(parts, " ") + ">>"
	}
	return fmt.Sprintf("%T(%v)", o, o)
}

// FuzzParseContent feeds the content reader and the scanner arbitrary
// bytes: they must end with a result or an error, never panic or loop.
func FuzzParseContent(f *testing.F) {
	for _, seed := range []string{
		"q 1 0 0 1 0 0 cm Q",
		"BT /F1 9 Tf (a\\)b) Tj [(x) 10 (y)] TJ ET",
		"BI /W 1 /H 1 /CS /RGB ID abc EI",
		"<< /A [1 << /B (c) >>] >> BDC",
		"<4142",
		"(((",
		"/a#zz",
		"/ColorPal cs 7 sc 0 0 1 1 re f /Spot CS SC S /RGB sh /Thin gs",
		"BI /CS [/I /RGB 300 <00>] ID x EI 1 0 0 rg BI /IM true ID y EI",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		ops := 0
		_ = parseContent(b, func(op string, args []types.Object) error {
			ops++
			if ops > len(b)+1 {
				t.Fatalf("%d operators from %d bytes", ops, len(b))
			}
			return nil
		})
		s := newScanner(&model.XRefTable{})
		s.patterns = map[int]bool{}
		_ = s.play(b, testResources, gstate{ctm: identity, lineWidth: 1, fill: black, stroke: black}, 0)
	})
}
