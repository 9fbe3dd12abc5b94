package book

import (
	"math"
	"strings"
	"testing"
)

func near2(a, b Length) bool { return math.Abs(float64(a-b)) < 1e-9 }

func TestParseLength(t *testing.T) {
	good := []struct {
		in   string
		want Length
	}{
		{"0.5in", 36},
		{"1in", 72},
		{"12mm", 12 * 72 / 25.4},
		{"1.27cm", 36},
		{"36pt", 36},
		{"0", 0},
		{"0.0", 0},
		{" 2 IN ", 144},
		{".25in", 18},
		{"-1in", -72},
		{"10Pt", 10},
	}
	for _, c := range good {
		t.Run(c.in, func(t *testing.T) {
			got, err := ParseLength(c.in)
			if err != nil {
				t.Fatalf("ParseLength(%q): %v", c.in, err)
			}
			if !near2(got, c.want) {
				t.Errorf("ParseLength(%q) = %vpt, want %vpt", c.in, float64(got), float64(c.want))
			}
		})
	}
	bad := []struct{ in, msg string }{
		{"", "is not a length"},
		{"1", "has no unit"},
		{"0.5", "has no unit"},
		{"2ft", `unknown unit "ft"`},
		{"in", "is not a length"},
		{"inf", "is not a length"},
		{"nanpt", "is not a length"},
		{"1e3pt", "is not a length"},
		{"0x10pt", "is not a length"},
		{"1..2in", "is not a length"},
		{"1in 2in", "is not a length"},
		{"1234567890123in", "is not a length"},
	}
	for _, c := range bad {
		t.Run("bad/"+c.in, func(t *testing.T) {
			got, err := ParseLength(c.in)
			if err == nil {
				t.Fatalf("ParseLength(%q) = %v, want an error", c.in, got)
			}
			if !strings.Contains(err.Error(), c.msg) {
				t.Errorf("ParseLength(%q) error %q, want it to contain %q", c.in, err, c.msg)
			}
		})
	}
}

func TestLengthUnits(t *testing.T) {
	l := 25.4 * Millimetre
	if got := l.In(); math.Abs(got-1) > 1e-12 {
		t.Errorf("(25.4mm).In() = %v, want 1", got)
	}
	if got := Inch.Mm(); math.Abs(got-25.4) > 1e-12 {
		t.Errorf("(1in).Mm() = %v, want 25.4", got)
	}
	if got := Inch.Pt(); got != 72 {
		t.Errorf("(1in).Pt() = %v, want 72", got)
	}
}

func TestLengthString(t *testing.T) {
	cases := []struct {
		in   Length
		want string
	}{
		{0, "0"},
		{0.75, "0.75pt"},
		{10, "10pt"},
		{36, "0.5in"},
		{27, "0.375in"},
		{72 * 6, "6in"},
		{12 * Millimetre, "12mm"},
		{210 * Millimetre, "210mm"},
		{28, "28pt"},
		{-36, "-0.5in"},
		{100.123, "100.12pt"},
	}
	for _, c := range cases {
		t.Run(c.want, func(t *testing.T) {
			if got := c.in.String(); got != c.want {
				t.Errorf("Length(%v).String() = %q, want %q", float64(c.in), got, c.want)
			}
			back, err := ParseLength(c.in.String())
			if err != nil {
				t.Fatalf("ParseLength(%q): %v", c.in.String(), err)
			}
			if math.Abs(float64(back-c.in)) > 0.01 {
				t.Errorf("ParseLength(%q) = %v, want about %v", c.in.String(), float64(back), float64(c.in))
			}
		})
	}
}

func TestParseSize(t *testing.T) {
	good := []struct {
		in   string
		w, h Length
	}{
		{"6x9in", 432, 648},
		{"6X9IN", 432, 648},
		{"5x8in", 360, 576},
		{"5.5x8.5in", 396, 612},
		{"7x10in", 504, 720},
		{"8x10in", 576, 720},
		{"8.5x11in", 612, 792},
		{"A4", 210 * Millimetre, 297 * Millimetre},
		{"a5", 148 * Millimetre, 210 * Millimetre},
		{"210x297mm", 210 * Millimetre, 297 * Millimetre},
		{"6.14 x 9.21 in", 6.14 * 72, 9.21 * 72},
		{"400x600pt", 400, 600},
		{"15x20cm", 150 * Millimetre, 200 * Millimetre},
	}
	for _, c := range good {
		t.Run(c.in, func(t *testing.T) {
			got, err := ParseSize(c.in)
			if err != nil {
				t.Fatalf("ParseSize(%q): %v", c.in, err)
			}
			if !near2(got.W, c.w) || !near2(got.H, c.h) {
				t.Errorf("ParseSize(%q) = %vx%vpt, want %vx%vpt", c.in, float64(got.W), float64(got.H), float64(c.w), float64(c.h))
			}
			if got.String() != strings.TrimSpace(c.in) {
				t.Errorf("ParseSize(%q).String() = %q, want the text given", c.in, got.String())
			}
		})
	}
	bad := []struct{ in, msg string }{
		{"6x9", `unknown size "6x9" (want a preset such as 6x9in, a4, or WxH with a unit such as 152x229mm)`},
		{"letterx", "unknown size"},
		{"a3", "unknown size"},
		{"6x9ft", `unknown unit "ft"`},
		{"-6x9in", "unknown size"},
		{"6in x 9in", "unknown size"},
		{"", "unknown size"},
	}
	for _, c := range bad {
		t.Run("bad/"+c.in, func(t *testing.T) {
			_, err := ParseSize(c.in)
			if err == nil || !strings.Contains(err.Error(), c.msg) {
				t.Errorf("ParseSize(%q) error %v, want it to contain %q", c.in, err, c.msg)
			}
		})
	}
	if got := (Size{W: 432, H: 648}).String(); got != "6x9in" {
		t.Errorf("unnamed 6x9in size String() = %q, want 6x9in", got)
	}
}

func TestParseRange(t *testing.T) {
	good := []struct {
		in       string
		min, max int
		str      string
	}{
		{"36-40", 36, 40, "36-40"},
		{"38", 38, 38, "38"},
		{" 0 - 400 ", 0, 400, "0-400"},
		{"40-30", 40, 30, "40-30"},
		{"-5-10", -5, 10, "-5-10"},
	}
	for _, c := range good {
		t.Run(c.in, func(t *testing.T) {
			got, err := ParseRange(c.in)
			if err != nil {
				t.Fatalf("ParseRange(%q): %v", c.in, err)
			}
			if got != (Range{Min: c.min, Max: c.max, Set: true}) {
				t.Errorf("ParseRange(%q) = %+v, want %d-%d set", c.in, got, c.min, c.max)
			}
			if got.String() != c.str {
				t.Errorf("String() = %q, want %q", got.String(), c.str)
			}
		})
	}
	for _, in := range []string{"", "a-b", "36-", "36-40-50", "36..40", "1.5", "9999999999"} {
		t.Run("bad/"+in, func(t *testing.T) {
			if got, err := ParseRange(in); err == nil {
				t.Errorf("ParseRange(%q) = %+v, want an error", in, got)
			}
		})
	}
	r := Range{Min: 3, Max: 5, Set: true}
	for v, want := range map[int]bool{2: false, 3: true, 5: true, 6: false} {
		if got := r.Contains(v); got != want {
			t.Errorf("(3-5).Contains(%d) = %v, want %v", v, got, want)
		}
	}
	if !(Range{}).Contains(-100) || (Range{}).String() != "any" {
		t.Errorf("an unset range should hold everything and print as any")
	}
}

func TestEnumsText(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Paper
	}{{"white", PaperWhite}, {"Cream", PaperCream}} {
		got, err := ParsePaper(c.in)
		if err != nil || got != c.want {
			t.Errorf("ParsePaper(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	if _, err := ParsePaper("blue"); err == nil || !strings.Contains(err.Error(), "want white or cream") {
		t.Errorf("ParsePaper(blue) error %v, want one naming white and cream", err)
	}
	for _, c := range []struct {
		in   string
		want SectionStart
	}{{"any", StartAny}, {"RIGHT", StartRight}} {
		got, err := ParseSectionStart(c.in)
		if err != nil || got != c.want {
			t.Errorf("ParseSectionStart(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	if _, err := ParseSectionStart("left"); err == nil || !strings.Contains(err.Error(), "want any or right") {
		t.Errorf("ParseSectionStart(left) error %v, want one naming any and right", err)
	}
	if PaperCream.String() != "cream" || StartRight.String() != "right" {
		t.Errorf("names: got %q and %q, want cream and right", PaperCream, StartRight)
	}
}
