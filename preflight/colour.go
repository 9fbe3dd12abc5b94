package preflight

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// A colour counts as grey when a black-only press would print it as it is:
// equal red, green and blue; cyan, magenta and yellow all zero; a spot
// colour that is black itself or falls back to grey.

// greyTolerance absorbs the rounding of writers that print three decimals.
const greyTolerance = 0.005

// space is a colour space reduced to what the grey test needs.
type space struct {
	family    string // DeviceGray, DeviceRGB, DeviceCMYK, Lab, Indexed, Separation, DeviceN, Pattern
	n         int    // components of a colour value
	base      *space // Indexed: the palette's space; Pattern: the uncoloured pattern's space
	alt       *space // Separation and DeviceN: what a press without the colorant prints
	lookup    []byte // Indexed palette, n bytes of base per entry
	colorants []string
}

var (
	deviceGray = &space{family: "DeviceGray", n: 1}
	deviceRGB  = &space{family: "DeviceRGB", n: 3}
	deviceCMYK = &space{family: "DeviceCMYK", n: 4}
)

// namedSpaces are the families a name settles on its own, whether it
// stands alone or heads an array: the device spaces, the abbreviations
// inline images use, and the calibrated spaces, which hold colour exactly
// as their device counterparts do.
var namedSpaces = map[types.Name]*space{
	"DeviceGray": deviceGray, "G": deviceGray, "CalGray": deviceGray,
	"DeviceRGB": deviceRGB, "RGB": deviceRGB, "CalRGB": deviceRGB,
	"DeviceCMYK": deviceCMYK, "CMYK": deviceCMYK,
}

// initial is the colour a space starts at when selected with cs/CS.
func (sp *space) initial() []float64 {
	switch sp.family {
	case "DeviceCMYK":
		return []float64{0, 0, 0, 1}
	case "Separation", "DeviceN":
		c := make([]float64, sp.n)
		for i := range c {
			c[i] = 1
		}
		return c
	}
	return make([]float64, sp.n)
}

// colourSpace resolves a colour space operand or entry: a device name, a
// name in the resources' ColorSpace dictionary, or a family array.
func (s *scanner) colourSpace(o types.Object, res types.Dict, depth int) (*space, error) {
	if depth > 8 {
		return nil, fmt.Errorf("%w: colour spaces nest too deep", ErrContent)
	}
	o, err := s.x.Dereference(o)
	if err != nil {
		return nil, err
	}
	switch o := o.(type) {
	case types.Name:
		if sp, ok := namedSpaces[o]; ok {
			return sp, nil
		}
		if o == "Pattern" {
			return &space{family: "Pattern"}, nil
		}
		named, err := s.resource(res, "ColorSpace", string(o))
		if err != nil {
			return nil, err
		}
		if named == nil {
			return nil, fmt.Errorf("%w: colour space /%s not in the resources", ErrContent, o)
		}
		return s.colourSpace(named, res, depth+1)
	case types.Array:
		return s.colourSpaceArray(o, res, depth)
	}
	return nil, fmt.Errorf("%w: colour space is a %T", ErrContent, o)
}

func (s *scanner) colourSpaceArray(arr types.Array, res types.Dict, depth int) (*space, error) {
	if len(arr) == 0 {
		return nil, fmt.Errorf("%w: empty colour space array", ErrContent)
	}
	fam, err := s.x.Dereference(arr[0])
	if err != nil {
		return nil, err
	}
	name, _ := fam.(types.Name)
	arg := func(i int) (types.Object, error) {
		if i >= len(arr) {
			return nil, fmt.Errorf("%w: /%s colour space is short", ErrContent, name)
		}
		return s.x.Dereference(arr[i])
	}
	if sp, ok := namedSpaces[name]; ok {
		return sp, nil
	}
	switch name {
	case "Lab":
		return &space{family: "Lab", n: 3}, nil
	case "ICCBased":
		o, err := arg(1)
		if err != nil {
			return nil, err
		}
		sd, ok := o.(types.StreamDict)
		if !ok {
			return nil, fmt.Errorf("%w: ICCBased colour space without a profile stream", ErrContent)
		}
		// An ICC profile is judged by its channel count: one channel is
		// grey whatever the profile, three or four are colour spaces.
		switch n := sd.Dict.IntEntry("N"); {
		case n != nil && *n == 1:
			return deviceGray, nil
		case n != nil && *n == 3:
			return deviceRGB, nil
		case n != nil && *n == 4:
			return deviceCMYK, nil
		}
		return nil, fmt.Errorf("%w: ICCBased colour space without N of 1, 3 or 4", ErrContent)
	case "Indexed", "I":
		baseObj, err := arg(1)
		if err != nil {
			return nil, err
		}
		base, err := s.colourSpace(baseObj, res, depth+1)
		if err != nil {
			return nil, err
		}
		lo, err := arg(3)
		if err != nil {
			return nil, err
		}
		lookup, err := s.bytesOf(lo)
		if err != nil {
			return nil, err
		}
		return &space{family: "Indexed", n: 1, base: base, lookup: lookup}, nil
	case "Separation", "DeviceN":
		names, err := arg(1)
		if err != nil {
			return nil, err
		}
		altObj, err := arg(2)
		if err != nil {
			return nil, err
		}
		alt, err := s.colourSpace(altObj, res, depth+1)
		if err != nil {
			return nil, err
		}
		sp := &space{family: string(name), alt: alt}
		switch names := names.(type) {
		case types.Name:
			sp.colorants = []string{string(names)}
		case types.Array:
			for _, o := range names {
				if n, ok := o.(types.Name); ok {
					sp.colorants = append(sp.colorants, string(n))
				}
			}
		}
		sp.n = len(sp.colorants)
		return sp, nil
	case "Pattern":
		sp := &space{family: "Pattern"}
		if len(arr) > 1 {
			base, err := s.colourSpace(arr[1], res, depth+1)
			if err != nil {
				return nil, err
			}
			sp.base = base
		}
		return sp, nil
	}
	return nil, fmt.Errorf("%w: unknown colour space /%s", ErrContent, name)
}

// bytesOf returns a palette: a string or a stream's decoded bytes.
func (s *scanner) bytesOf(o types.Object) ([]byte, error) {
	switch o := o.(type) {
	case types.HexLiteral:
		return o.Bytes()
	case types.StringLiteral:
		return types.Unescape(string(o))
	case types.StreamDict:
		if err := decode(&o); err != nil {
			return nil, err
		}
		return o.Content, nil
	}
	return nil, fmt.Errorf("%w: palette is a %T", ErrContent, o)
}

// blackOnly says a spot colour needs no ink but black: its colorants are
// black itself, the registration colour All, or None.
func (sp *space) blackOnly() bool {
	for _, c := range sp.colorants {
		if c != "Black" && c != "All" && c != "None" {
			return false
		}
	}
	return true
}

// notGrey describes the colour c in sp, or returns "" when it is grey.
func (sp *space) notGrey(c []float64) string {
	at := func(i int) float64 {
		if i < len(c) {
			return c[i]
		}
		return 0
	}
	switch sp.family {
	case "DeviceGray":
		return ""
	case "DeviceRGB":
		r, g, b := at(0), at(1), at(2)
		if math.Abs(r-g) <= greyTolerance && math.Abs(g-b) <= greyTolerance {
			return ""
		}
	case "DeviceCMYK":
		if at(0) <= greyTolerance && at(1) <= greyTolerance && at(2) <= greyTolerance {
			return ""
		}
	case "Lab":
		if math.Abs(at(1)) <= 0.5 && math.Abs(at(2)) <= 0.5 {
			return ""
		}
	case "Indexed":
		entry, ok := sp.entry(int(at(0)))
		if !ok {
			return fmt.Sprintf("Indexed colour %g outside its palette", at(0))
		}
		if sp.base.notGrey(entry) == "" {
			return ""
		}
		return fmt.Sprintf("Indexed %s colour %g", sp.base.family, at(0))
	case "Separation", "DeviceN":
		if sp.blackOnly() || sp.alt.family == "DeviceGray" {
			return ""
		}
		return fmt.Sprintf("spot colour %s", strings.Join(sp.colorants, "+"))
	case "Pattern":
		return "pattern" // callers judge patterns themselves
	}
	return sp.family + " " + numbers(c)
}

// entry returns palette entry i as colour components of the base space.
func (sp *space) entry(i int) ([]float64, bool) {
	n := sp.base.n
	if n == 0 || i < 0 || (i+1)*n > len(sp.lookup) {
		return nil, false
	}
	c := make([]float64, n)
	for k := range n {
		c[k] = float64(sp.lookup[i*n+k]) / 255
	}
	if sp.base.family == "Lab" {
		// Lab palettes map bytes onto L 0..100 and a, b -100..100 (the
		// default ranges), which is enough to tell grey from colour.
		c[0] *= 100
		c[1] = c[1]*200 - 100
		c[2] = c[2]*200 - 100
	}
	return c, true
}

// wholeNotGrey describes why anything painted in sp, an image or a
// shading whose values are not looked at one by one, may not be grey; ""
// when every colour of sp is grey.
func (sp *space) wholeNotGrey() string {
	switch sp.family {
	case "DeviceGray":
		return ""
	case "Indexed":
		for i := 0; ; i++ {
			entry, ok := sp.entry(i)
			if !ok {
				return ""
			}
			if sp.base.notGrey(entry) != "" {
				return fmt.Sprintf("Indexed %s with colour in its palette (entry %d)", sp.base.family, i)
			}
		}
	case "Separation", "DeviceN":
		if sp.blackOnly() || sp.alt.family == "DeviceGray" {
			return ""
		}
		return fmt.Sprintf("spot colour %s", strings.Join(sp.colorants, "+"))
	}
	return sp.family
}

func numbers(c []float64) string {
	parts := make([]string, len(c))
	for i, v := range c {
		parts[i] = strconv.FormatFloat(v, 'g', 4, 64)
	}
	return strings.Join(parts, " ")
}

// colourHits gathers the marks that are not grey: the first few in full,
// and on which pages they fall.
type colourHits struct {
	first []string
	pages []int
	total int
}

const keepHits = 3

func (h *colourHits) add(page int, what string) {
	h.total++
	if !slices.Contains(h.pages, page) {
		h.pages = append(h.pages, page)
	}
	msg := fmt.Sprintf("page %d: %s", page, what)
	if len(h.first) < keepHits && !slices.Contains(h.first, msg) {
		h.first = append(h.first, msg)
	}
}
