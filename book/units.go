package book

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/sudokubook/sudokubook/engine"
	"go.yaml.in/yaml/v3"
)

// Points per unit. A point is 1/72 in, the unit PDF pages are measured in.
const (
	Point      Length = 1
	Inch       Length = 72
	Millimetre Length = 72 / 25.4
	Centimetre Length = 720 / 25.4
)

var units = map[string]Length{"in": Inch, "mm": Millimetre, "cm": Centimetre, "pt": Point}

// lengthRE is a decimal number and a unit. The number is matched by hand
// rather than left to strconv so that "inf", "nan", "1e9" and hex floats,
// which ParseFloat would take, are refused.
var lengthRE = lazyRegexp(`^([+-]?(?:\d+(?:\.\d*)?|\.\d+))\s*([A-Za-z]*)$`)

// ParseLength reads a length written as a number and a unit: "0.5in",
// "12mm", "1.27cm", "36pt". The unit is required, except for a plain 0.
// Negative lengths parse (so that validation can name them); the number
// may be at most a few digits long, which keeps every length finite.
func ParseLength(s string) (Length, error) {
	t := strings.TrimSpace(s)
	m := lengthRE().FindStringSubmatch(t)
	if m == nil || len(m[1]) > 12 {
		return 0, fmt.Errorf("%q is not a length (want a number and a unit: in, mm, cm or pt, e.g. 0.5in)", s)
	}
	v, err := strconv.ParseFloat(m[1], 64)
	if err != nil {
		return 0, fmt.Errorf("%q is not a length (want a number and a unit: in, mm, cm or pt, e.g. 0.5in)", s)
	}
	if m[2] == "" {
		if v == 0 {
			return 0, nil
		}
		// Suggest the unit that makes the number a plausible length: 18
		// is a type size in points, 0.5 a margin in inches.
		eg := m[1] + "in"
		if v >= 4 {
			eg = m[1] + "pt or " + m[1] + "mm"
		}
		return 0, fmt.Errorf("%q has no unit (want in, mm, cm or pt, e.g. %s)", s, eg)
	}
	u, ok := units[strings.ToLower(m[2])]
	if !ok {
		return 0, fmt.Errorf("%q has an unknown unit %q (want in, mm, cm or pt)", s, m[2])
	}
	return Length(v) * u, nil
}

// In returns the length in inches.
func (l Length) In() float64 { return float64(l / Inch) }

// Mm returns the length in millimetres.
func (l Length) Mm() float64 { return float64(l / Millimetre) }

// Pt returns the length in points.
func (l Length) Pt() float64 { return float64(l) }

// String writes the length in the unit a person would have used: points for
// type sizes and line weights (up to a quarter inch), inches when it is a
// whole number of sixteenths or hundredths, millimetres when it is a whole
// or half millimetre, and points otherwise. ParseLength reads every result back.
func (l Length) String() string {
	switch {
	case l == 0:
		return "0"
	case math.Abs(float64(l)) <= 18:
		return trimFloat(float64(l), 2) + "pt"
	case near(l.In()*16, 1e-6) || near(l.In()*100, 1e-6):
		return trimFloat(l.In(), 4) + "in"
	case near(l.Mm()*2, 1e-6):
		return trimFloat(l.Mm(), 1) + "mm"
	}
	return trimFloat(float64(l), 2) + "pt"
}

func near(x, eps float64) bool { return math.Abs(x-math.Round(x)) < eps }

func trimFloat(x float64, prec int) string {
	s := strconv.FormatFloat(x, 'f', prec, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		s = "0"
	}
	return s
}

// MarshalText writes the length as String does.
func (l Length) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// UnmarshalText reads a length with ParseLength.
func (l *Length) UnmarshalText(b []byte) error {
	v, err := ParseLength(string(b))
	if err != nil {
		return err
	}
	*l = v
	return nil
}

// sizePresets are the trims KDP and home printers use, by lower-case name.
var sizePresets = map[string]Size{
	"5x8in":     {W: 5 * Inch, H: 8 * Inch},
	"5.5x8.5in": {W: 5.5 * Inch, H: 8.5 * Inch},
	"6x9in":     {W: 6 * Inch, H: 9 * Inch},
	"7x10in":    {W: 7 * Inch, H: 10 * Inch},
	"8x10in":    {W: 8 * Inch, H: 10 * Inch},
	"8.5x11in":  {W: 8.5 * Inch, H: 11 * Inch},
	"a4":        {W: 210 * Millimetre, H: 297 * Millimetre},
	"a5":        {W: 148 * Millimetre, H: 210 * Millimetre},
}

// SizePresets lists the preset trim names ParseSize knows.
func SizePresets() []string {
	return []string{"5x8in", "5.5x8.5in", "6x9in", "7x10in", "8x10in", "8.5x11in", "a4", "a5"}
}

var sizeRE = lazyRegexp(`^(\d+(?:\.\d+)?)\s*[x×X]\s*(\d+(?:\.\d+)?)\s*([A-Za-z]+)$`)

// ParseSize reads a page size: a preset name in any case (see SizePresets;
// a4 is 210x297mm, a5 148x210mm) or width x height with one unit, such as
// "210x297mm" or "6.14x9.21in". The name is kept for messages.
func ParseSize(s string) (Size, error) {
	t := strings.TrimSpace(s)
	if p, ok := sizePresets[strings.ToLower(t)]; ok {
		p.Name = t
		return p, nil
	}
	m := sizeRE().FindStringSubmatch(t)
	if m == nil || len(m[1]) > 8 || len(m[2]) > 8 {
		return Size{}, fmt.Errorf("unknown size %q (want a preset such as 6x9in, a4, or WxH with a unit such as 152x229mm)", s)
	}
	u, ok := units[strings.ToLower(m[3])]
	if !ok {
		return Size{}, fmt.Errorf("size %q has an unknown unit %q (want in, mm, cm or pt)", s, m[3])
	}
	w, _ := strconv.ParseFloat(m[1], 64)
	h, _ := strconv.ParseFloat(m[2], 64)
	return Size{W: Length(w) * u, H: Length(h) * u, Name: t}, nil
}

// String returns the name the size was given as, or WxH in inches.
func (s Size) String() string {
	if s.Name != "" {
		return s.Name
	}
	return trimFloat(s.W.In(), 3) + "x" + trimFloat(s.H.In(), 3) + "in"
}

// MarshalText writes the size as String does.
func (s Size) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a size with ParseSize.
func (s *Size) UnmarshalText(b []byte) error {
	v, err := ParseSize(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

var rangeRE = lazyRegexp(`^(-?\d{1,9})(?:\s*-\s*(-?\d{1,9}))?$`)

// ParseRange reads an inclusive band "MIN-MAX", a single number "38"
// (MIN = MAX), or "any" (the unset range, as String writes it). Negative numbers and MIN > MAX parse, so that validation can
// say what is wrong with them in terms of the field.
func ParseRange(s string) (Range, error) {
	if strings.EqualFold(strings.TrimSpace(s), "any") {
		return Range{}, nil
	}
	m := rangeRE().FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return Range{}, fmt.Errorf("%q is not a range (want MIN-MAX such as 36-40, one number, or any)", s)
	}
	lo, _ := strconv.Atoi(m[1])
	hi := lo
	if m[2] != "" {
		hi, _ = strconv.Atoi(m[2])
	}
	return Range{Min: lo, Max: hi, Set: true}, nil
}

// String writes the band as ParseRange reads it; an unset range is "any".
func (r Range) String() string {
	switch {
	case !r.Set:
		return "any"
	case r.Min == r.Max:
		return strconv.Itoa(r.Min)
	}
	return strconv.Itoa(r.Min) + "-" + strconv.Itoa(r.Max)
}

// Contains reports whether v lies in the band; an unset range holds all.
func (r Range) Contains(v int) bool { return !r.Set || (v >= r.Min && v <= r.Max) }

// MarshalText writes the range as String does.
func (r Range) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText reads a range with ParseRange.
func (r *Range) UnmarshalText(b []byte) error {
	v, err := ParseRange(string(b))
	if err != nil {
		return err
	}
	*r = v
	return nil
}

var paperNames = []string{"white", "cream"}

// ParsePaper reads "white" or "cream" in any case.
func ParsePaper(s string) (Paper, error) {
	for i, n := range paperNames {
		if strings.EqualFold(strings.TrimSpace(s), n) {
			return Paper(i), nil
		}
	}
	return 0, fmt.Errorf("unknown paper %q (want white or cream)", s)
}

func (p Paper) String() string {
	if p >= 0 && int(p) < len(paperNames) {
		return paperNames[p]
	}
	return fmt.Sprintf("Paper(%d)", int(p))
}

// MarshalText writes the paper's name.
func (p Paper) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText reads a paper with ParsePaper.
func (p *Paper) UnmarshalText(b []byte) error {
	v, err := ParsePaper(string(b))
	if err != nil {
		return err
	}
	*p = v
	return nil
}

var startNames = []string{"any", "right"}

// ParseSectionStart reads "any" or "right" in any case.
func ParseSectionStart(s string) (SectionStart, error) {
	for i, n := range startNames {
		if strings.EqualFold(strings.TrimSpace(s), n) {
			return SectionStart(i), nil
		}
	}
	return 0, fmt.Errorf("unknown section start %q (want any or right)", s)
}

func (s SectionStart) String() string {
	if s >= 0 && int(s) < len(startNames) {
		return startNames[s]
	}
	return fmt.Sprintf("SectionStart(%d)", int(s))
}

// MarshalText writes the section start's name.
func (s SectionStart) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a section start with ParseSectionStart.
func (s *SectionStart) UnmarshalText(b []byte) error {
	v, err := ParseSectionStart(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

var placeNames = []string{"back", "foot"}

// ParseSolutionPlace reads "back" or "foot" in any case.
func ParseSolutionPlace(s string) (SolutionPlace, error) {
	for i, n := range placeNames {
		if strings.EqualFold(strings.TrimSpace(s), n) {
			return SolutionPlace(i), nil
		}
	}
	return 0, fmt.Errorf("unknown solutions %q (want back, an appendix after the puzzles, or foot, upside down at the foot of each puzzle's page)", s)
}

func (p SolutionPlace) String() string {
	if p >= 0 && int(p) < len(placeNames) {
		return placeNames[p]
	}
	return fmt.Sprintf("SolutionPlace(%d)", int(p))
}

// MarshalText writes the place's name.
func (p SolutionPlace) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText reads a place with ParseSolutionPlace.
func (p *SolutionPlace) UnmarshalText(b []byte) error {
	v, err := ParseSolutionPlace(string(b))
	if err != nil {
		return err
	}
	*p = v
	return nil
}

// UnmarshalYAML reads a margins mapping over the margins already set, so a
// spec that gives only top keeps the template's other sides. Inside takes a
// length or "auto" (the gutter then follows the page count, see GutterFor).
// Problems come back as a *FieldErrors naming each side and its line.
func (m *Margins) UnmarshalYAML(n *yaml.Node) error {
	n = resolve(n)
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return nil // "margins:" with nothing after it changes nothing
	}
	if n.Kind != yaml.MappingNode {
		return &FieldErrors{{Line: n.Line, Msg: "want a mapping of top, bottom, outside and inside"}}
	}
	return eachField(n, func(k, v *yaml.Node) *FieldError {
		var dst *Length
		switch k.Value {
		case "top":
			dst = &m.Top
		case "bottom":
			dst = &m.Bottom
		case "outside":
			dst = &m.Outside
		case "inside":
			if v.Kind == yaml.ScalarNode && strings.EqualFold(strings.TrimSpace(v.Value), "auto") {
				m.Inside, m.InsideAuto = 0, true
				return nil
			}
			dst = &m.Inside
		default:
			return &FieldError{Line: k.Line, Msg: fmt.Sprintf("unknown field %q (want top, bottom, outside or inside)", k.Value)}
		}
		if v.Kind != yaml.ScalarNode {
			return &FieldError{Line: v.Line, Field: k.Value, Msg: "want a length such as 0.5in"}
		}
		l, err := ParseLength(v.Value)
		if err != nil {
			msg := err.Error()
			if k.Value == "inside" {
				msg = fmt.Sprintf("%q is neither a length nor auto (want e.g. 0.75in or auto)", v.Value)
			}
			return &FieldError{Line: v.Line, Field: k.Value, Msg: msg}
		}
		*dst = l
		if k.Value == "inside" {
			m.InsideAuto = false
		}
		return nil
	})
}

// MarshalYAML writes the margins as UnmarshalYAML reads them, with inside
// as a length or auto.
func (m Margins) MarshalYAML() (any, error) {
	inside := m.Inside.String()
	if m.InsideAuto {
		inside = "auto"
	}
	return struct {
		Top     Length `yaml:"top"`
		Bottom  Length `yaml:"bottom"`
		Outside Length `yaml:"outside"`
		Inside  string `yaml:"inside"`
	}{m.Top, m.Bottom, m.Outside, inside}, nil
}

// resolve follows an alias to the node it names.
func resolve(n *yaml.Node) *yaml.Node {
	for i := 0; n.Kind == yaml.AliasNode && n.Alias != nil && i < 100; i++ {
		n = n.Alias
	}
	return n
}

// RatingRange is an inclusive band of SE-scale ratings, "7.0-8.5" or one
// rating "7.2".
type RatingRange struct {
	Min, Max engine.Rating
	Set      bool
}

// ParseRatingRange reads "MIN-MAX" or one rating; MIN > MAX parses, so that
// validation can say what is wrong in terms of the field.
func ParseRatingRange(s string) (RatingRange, error) {
	if strings.EqualFold(strings.TrimSpace(s), "any") {
		return RatingRange{}, nil
	}
	lo, hi, two := strings.Cut(strings.TrimSpace(s), "-")
	if !two {
		hi = lo
	}
	min, err1 := engine.ParseRating(lo)
	max, err2 := engine.ParseRating(hi)
	if err1 != nil || err2 != nil {
		return RatingRange{}, fmt.Errorf("%q is not a rating band (want MIN-MAX on the SE scale, such as 7.0-8.5, or one rating)", s)
	}
	return RatingRange{Min: min, Max: max, Set: true}, nil
}

// String writes the band as ParseRatingRange reads it; unset is "any".
func (r RatingRange) String() string {
	switch {
	case !r.Set:
		return "any"
	case r.Min == r.Max:
		return r.Min.String()
	}
	return r.Min.String() + "-" + r.Max.String()
}

// MarshalText writes the band as String does.
func (r RatingRange) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText reads a band with ParseRatingRange.
func (r *RatingRange) UnmarshalText(b []byte) error {
	v, err := ParseRatingRange(string(b))
	if err != nil {
		return err
	}
	*r = v
	return nil
}

// Order is the order of a section's puzzles.
type Order int

const (
	OrderRamp    Order = iota // rising rating, then score: a difficulty ramp
	OrderShuffle              // as the generator found them
)

var orderNames = []string{"ramp", "shuffle"}

func (o Order) String() string {
	if o >= 0 && int(o) < len(orderNames) {
		return orderNames[o]
	}
	return fmt.Sprintf("Order(%d)", int(o))
}

// MarshalText writes the order's name.
func (o Order) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// UnmarshalText reads ramp or shuffle.
func (o *Order) UnmarshalText(b []byte) error {
	for i, n := range orderNames {
		if strings.EqualFold(strings.TrimSpace(string(b)), n) {
			*o = Order(i)
			return nil
		}
	}
	return fmt.Errorf("%q is not an order (want ramp or shuffle)", string(b))
}
