package book

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/bidi"
)

// Text is one string of a spec that the book prints, by its field path.
type Text struct {
	Field string
	Value string
}

// Texts lists every string of the spec that is printed, in field order:
// title, subtitle, author, intro, the section titles and the cover's badge
// and blurb. Whatever checks
// that a text can be printed (here, and the layout against its fonts)
// walks this list, so a new printed field is added in one place.
func (s *Spec) Texts() []Text {
	out := []Text{{"title", s.Title}, {"subtitle", s.Subtitle}, {"author", s.Author}, {"intro", s.Intro}}
	for i, sec := range s.Sections {
		out = append(out, Text{fmt.Sprintf("sections[%d].title", i), sec.Title})
	}
	if s.Cover != nil {
		out = append(out, Text{"cover.badge", s.Cover.Badge}, Text{"cover.blurb", s.Cover.Blurb})
	}
	return out
}

// FieldError makes a problem with the field at path, placed at the file
// and line that set it, so the layout can report a text its fonts cannot
// show the way the spec's own errors are reported.
func (s *Spec) FieldError(path, format string, args ...any) *FieldError {
	e := &FieldError{File: s.file, Field: path, Msg: fmt.Sprintf(format, args...)}
	if e.File == "" {
		e.File = "spec"
	}
	if p, ok := s.pos[path]; ok {
		e.File, e.Line = p.file, p.line
	}
	return e
}

// unprintable says why t cannot be printed whatever the fonts, or "" when
// it can. multiline allows line breaks (the intro). The rules:
//
//   - characters above U+FFFF (emoji among them) are refused: the PDF
//     writer's embedded fonts address the Basic Multilingual Plane only;
//   - control characters (a tab, a bell) and invisible format characters
//     (zero-width spaces and joiners, soft hyphens, direction marks) are
//     refused: they print as boxes or as nothing;
//   - right-to-left scripts (Hebrew, Arabic and the like) are refused: the
//     layout sets every line left to right, with no bidirectional
//     reordering and no Arabic joining, so they would print backwards or
//     in unjoined letters;
//   - a text with no visible character at all is refused.
//
// Each message names the characters, as themselves where they are visible
// and always by code point.
func unprintable(t string, multiline bool) string {
	var above, control, format, rtl []rune
	visible := false
	for _, r := range t {
		switch {
		case r == utf8.RuneError:
			control = append(control, r)
		case r > 0xFFFF:
			above = append(above, r)
		case r == '\n' && multiline:
		case unicode.IsControl(r):
			control = append(control, r)
		case unicode.Is(unicode.Cf, r):
			format = append(format, r)
		case isRTL(r):
			rtl = append(rtl, r)
		case unicode.IsSpace(r) || unicode.In(r, unicode.Mn, unicode.Me) || blank[r]:
		default:
			visible = true
		}
	}
	var why []string
	if len(above) > 0 {
		why = append(why, fmt.Sprintf("%s %s outside the Basic Multilingual Plane (above U+FFFF), which the PDF fonts cannot address; emoji cannot be printed", runeList(above, true), isAre(above)))
	}
	if len(control) > 0 {
		why = append(why, fmt.Sprintf("control character %s cannot be printed (remove it%s)", runeList(control, false), tabHint(control)))
	}
	if len(format) > 0 {
		why = append(why, fmt.Sprintf("invisible format character %s cannot be printed (remove it)", runeList(format, false)))
	}
	if len(rtl) > 0 {
		why = append(why, fmt.Sprintf("right-to-left text (%s) is not supported: lines are set left to right, without bidirectional reordering or Arabic joining", runeList(rtl, true)))
	}
	if len(why) == 0 && !visible && t != "" {
		why = append(why, "has no visible character (only spaces, marks or blank characters)")
	}
	return strings.Join(why, "; ")
}

// blank are characters of the letter and symbol classes that print as
// nothing, so a title of them alone would print blank.
var blank = map[rune]bool{0x115F: true, 0x1160: true, 0x2800: true, 0x3164: true, 0xFFA0: true}

func isRTL(r rune) bool {
	p, _ := bidi.LookupRune(r)
	c := p.Class()
	return c == bidi.R || c == bidi.AL
}

func isAre(rs []rune) string {
	if len(rs) == 1 {
		return "is"
	}
	return "are"
}

func tabHint(rs []rune) string {
	for _, r := range rs {
		if r == '\t' {
			return "; a tab is a control character"
		}
	}
	return ""
}

// runeList names up to eight distinct characters: "U+0007" or, with show,
// "🎉 (U+1F389)".
func runeList(rs []rune, show bool) string {
	seen := map[rune]bool{}
	var parts []string
	for _, r := range rs {
		if seen[r] {
			continue
		}
		seen[r] = true
		if len(parts) == 8 {
			parts = append(parts, "...")
			break
		}
		if show {
			parts = append(parts, fmt.Sprintf("%c (U+%04X)", r, r))
		} else {
			parts = append(parts, fmt.Sprintf("U+%04X", r))
		}
	}
	return strings.Join(parts, ", ")
}
