package book

import (
	"errors"
	"fmt"
	"image"
	_ "image/jpeg" // cover art may be JPEG
	_ "image/png"  // or PNG
	"slices"
	"strconv"
	"strings"
)

// CoverSpec asks for a full-wrap paperback cover.
type CoverSpec struct {
	Paper   Paper        `yaml:"paper"`
	Theme   string       `yaml:"theme"`   // a preset of CoverThemes; "" is charcoal
	Colours CoverColours `yaml:"colours"` // custom colours over the theme's
	Blurb   string       `yaml:"blurb"`   // back-cover text; "" takes the intro's first paragraph
	Badge   string       `yaml:"badge"`   // a short flag on the front, e.g. "LARGE PRINT"
	Art     string       `yaml:"art"`     // a PNG or JPEG, relative to the spec file
	ArtAs   ArtPlace     `yaml:"art_as"`  // background (default) or panel
}

// CoverColours are a cover's own colours; any left unset come from the
// theme.
type CoverColours struct {
	Ground *Colour `yaml:"ground"` // the wrap's background
	Ink    *Colour `yaml:"ink"`    // the type
	Accent *Colour `yaml:"accent"` // the badge and rules
}

// Colour is an sRGB colour, in YAML "#rrggbb".
type Colour struct{ R, G, B uint8 }

// ParseColour reads "#rrggbb" (the # may be left out).
func ParseColour(s string) (Colour, error) {
	h := strings.TrimPrefix(strings.TrimSpace(s), "#")
	if len(h) != 6 {
		return Colour{}, fmt.Errorf("colour %q is not allowed (want #rrggbb, such as #1f2f4a)", s)
	}
	v, err := strconv.ParseUint(h, 16, 32)
	if err != nil {
		return Colour{}, fmt.Errorf("colour %q is not allowed (want #rrggbb, such as #1f2f4a)", s)
	}
	return Colour{uint8(v >> 16), uint8(v >> 8), uint8(v)}, nil
}

func (c Colour) String() string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// MarshalText writes the colour as #rrggbb.
func (c Colour) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads a colour with ParseColour.
func (c *Colour) UnmarshalText(b []byte) error {
	v, err := ParseColour(string(b))
	if err != nil {
		return err
	}
	*c = v
	return nil
}

// CoverTheme is a cover's palette: the ground, the type on it and an
// accent. The layout derives its quieter inks by mixing the type into the
// ground.
type CoverTheme struct {
	Ground, Ink, Accent Colour
}

// CoverThemes are the preset palettes. Each is dark enough (or, for
// paper and the bright ones, light enough) for its type to read at a
// glance; the full-colour grounds hide a fold that lands a little off the
// spine's edge. The bright ones (sunshine, sky, coral, mint) are the
// palettes of the activity and puzzle books on a shop's front table.
var CoverThemes = map[string]CoverTheme{
	"charcoal": {Ground: Colour{38, 38, 38}, Ink: Colour{255, 255, 255}, Accent: Colour{242, 179, 61}},
	"navy":     {Ground: Colour{27, 45, 79}, Ink: Colour{255, 255, 255}, Accent: Colour{242, 179, 61}},
	"forest":   {Ground: Colour{30, 72, 52}, Ink: Colour{248, 244, 232}, Accent: Colour{233, 162, 59}},
	"berry":    {Ground: Colour{110, 28, 62}, Ink: Colour{255, 246, 240}, Accent: Colour{255, 200, 87}},
	"paper":    {Ground: Colour{246, 241, 228}, Ink: Colour{28, 28, 30}, Accent: Colour{192, 57, 43}},
	"sunshine": {Ground: Colour{255, 206, 51}, Ink: Colour{30, 30, 36}, Accent: Colour{214, 40, 57}},
	"sky":      {Ground: Colour{91, 192, 248}, Ink: Colour{11, 31, 58}, Accent: Colour{255, 214, 10}},
	"coral":    {Ground: Colour{255, 138, 117}, Ink: Colour{26, 26, 34}, Accent: Colour{255, 255, 255}},
	"mint":     {Ground: Colour{64, 196, 170}, Ink: Colour{18, 38, 58}, Accent: Colour{255, 255, 255}},
}

// PresetThemes is the theme a preset's book takes when its cover names
// none: a children's book is bright, a large-print one calm and dark.
var PresetThemes = map[string]string{"kids": "sunshine", "large-print": "navy", "a4-classroom": "sky"}

// ThemeNames lists the preset themes, sorted.
func ThemeNames() []string {
	var out []string
	for n := range CoverThemes {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// Palette is the cover's theme with its custom colours applied.
func (c *CoverSpec) Palette() CoverTheme { return c.paletteOr("charcoal") }

// CoverPalette is the palette of s's cover: its own theme, else its
// preset's (PresetThemes), else charcoal, under its own colours.
func (s *Spec) CoverPalette() CoverTheme {
	c := s.Cover
	if c == nil {
		c = &CoverSpec{}
	}
	if th, ok := PresetThemes[s.Template]; ok {
		return c.paletteOr(th)
	}
	return c.paletteOr("charcoal")
}

// paletteOr is Palette with theme fallback where c names none.
func (c *CoverSpec) paletteOr(fallback string) CoverTheme {
	th, ok := CoverThemes[c.Theme]
	if !ok {
		th = CoverThemes[fallback]
	}
	if c.Colours.Ground != nil {
		th.Ground = *c.Colours.Ground
	}
	if c.Colours.Ink != nil {
		th.Ink = *c.Colours.Ink
	}
	if c.Colours.Accent != nil {
		th.Accent = *c.Colours.Accent
	}
	return th
}

// ArtPlace says where cover art goes: across the whole front, bleed
// included, under the type, or as a panel in the front's middle where the
// grid motif would be.
type ArtPlace int

const (
	ArtBackground ArtPlace = iota
	ArtPanel
)

var artNames = []string{"background", "panel"}

func (a ArtPlace) String() string {
	if a >= 0 && int(a) < len(artNames) {
		return artNames[a]
	}
	return fmt.Sprintf("ArtPlace(%d)", int(a))
}

// MarshalText writes the place's name.
func (a ArtPlace) MarshalText() ([]byte, error) { return []byte(a.String()), nil }

// UnmarshalText reads "background" or "panel".
func (a *ArtPlace) UnmarshalText(b []byte) error {
	for i, n := range artNames {
		if strings.EqualFold(strings.TrimSpace(string(b)), n) {
			*a = ArtPlace(i)
			return nil
		}
	}
	return fmt.Errorf("unknown art place %q (want background or panel)", b)
}

// ArtPath is where the cover's art file is (see ResolvePath), or "" when
// there is none.
func (s *Spec) ArtPath() string {
	if s.Cover == nil {
		return ""
	}
	return s.ResolvePath(s.Cover.Art)
}

// Short text limits on the cover: a badge is a flag of a few words, a blurb
// a paragraph or two.
const (
	MaxBadgeRunes = 24
	MaxBlurbRunes = 1200
)

// cover checks the cover section: the theme, the paper, the lengths of its
// texts, and that the art is a PNG or JPEG that can be read.
func (v *validator) cover() {
	c := v.s.Cover
	if c == nil {
		return
	}
	if c.Paper != PaperWhite && c.Paper != PaperCream {
		v.addf("cover.paper", "%v is not allowed (want white or cream)", c.Paper)
	}
	if _, ok := CoverThemes[c.Theme]; c.Theme != "" && !ok {
		v.addf("cover.theme", "unknown theme %q (want one of %s)", c.Theme, strings.Join(ThemeNames(), ", "))
	}
	if n := len([]rune(c.Badge)); n > MaxBadgeRunes {
		v.addf("cover.badge", "%d characters is too long (want at most %d: a badge is a few words)", n, MaxBadgeRunes)
	} else if why := unprintable(c.Badge, false); why != "" {
		v.addf("cover.badge", "%q: %s", c.Badge, why)
	}
	if n := len([]rune(c.Blurb)); n > MaxBlurbRunes {
		v.addf("cover.blurb", "%d characters is too long (want at most %d)", n, MaxBlurbRunes)
	} else if why := unprintable(c.Blurb, true); why != "" {
		v.addf("cover.blurb", "%s", why)
	}
	if c.ArtAs != ArtBackground && c.ArtAs != ArtPanel {
		v.addf("cover.art_as", "%v is not allowed (want background or panel)", c.ArtAs)
	}
	if c.Art == "" {
		return
	}
	f, err := OpenInput(v.s.ArtPath())
	if errors.Is(err, ErrNotRegular) {
		v.addf("cover.art", "%v (want a PNG or JPEG file, relative to the spec)", err)
		return
	}
	if err != nil {
		v.addf("cover.art", "cannot read %s (want a PNG or JPEG file, relative to the spec)", v.s.ArtPath())
		return
	}
	defer f.Close()
	if _, format, err := image.DecodeConfig(f); err != nil || (format != "png" && format != "jpeg") {
		v.addf("cover.art", "%s is not a PNG or JPEG image", v.s.ArtPath())
	}
}
