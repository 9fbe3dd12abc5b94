package layout

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"unicode"

	"github.com/sudokubook/sudokubook/book"
	"github.com/sudokubook/sudokubook/templates"
)

// maxFontBytes bounds a user's font file: a full CJK TrueType font is
// 5-20 MB; a larger file is not a font meant for a book.
const maxFontBytes = 64 << 20

// fontsFor returns the faces a spec's book is set in: the defaults, with
// the user's text font (fonts.text) in every text role and the digit font
// (fonts.digits) in both digit roles. Errors name the field and say what
// is wrong with the file.
func fontsFor(s *book.Spec) (fontSet, error) {
	fs := defaultFonts()
	var errs []error
	if name := s.Fonts.Text; name != "" {
		f, err := userFace(s, "fonts.text", name, "Text")
		if err != nil {
			errs = append(errs, err)
		} else {
			fs.Regular, fs.Bold, fs.Medium, fs.Italic, fs.Display = f, f, f, f, f
		}
	}
	if name := s.Fonts.Digits; name != "" {
		f, err := userFace(s, "fonts.digits", name, "Digits")
		if err != nil {
			errs = append(errs, err)
		} else {
			fs.Given, fs.Filled = f, f
		}
	}
	return fs, errors.Join(errs...)
}

// planFonts is fontsFor for the planners, which run after check has
// loaded the same fonts without error; the cache makes it cheap.
func planFonts(s *book.Spec) fontSet {
	fs, err := fontsFor(s)
	if err != nil {
		return defaultFonts()
	}
	return fs
}

// faceCache keeps user fonts parsed once per process: a book's check, plan,
// pages and cover all ask for them.
var faceCache sync.Map // faceKey -> Font

type userFaceKey struct {
	path, role string
	size       int64
	mod        int64
}

func userFace(s *book.Spec, field, name, role string) (Font, error) {
	path := s.ResolvePath(name)
	st, err := os.Stat(path)
	if err != nil {
		return Font{}, s.FieldError(field, "%q: %v", name, errors.Unwrap(err))
	}
	key := userFaceKey{path, role, st.Size(), st.ModTime().UnixNano()}
	if f, ok := faceCache.Load(key); ok {
		return f.(Font), nil
	}
	if !st.Mode().IsRegular() || st.Size() > maxFontBytes {
		return Font{}, s.FieldError(field, "%q is not a font file of at most %d MB", name, maxFontBytes>>20)
	}
	file, err := os.Open(path)
	if err != nil {
		return Font{}, s.FieldError(field, "%q: %v", name, errors.Unwrap(err))
	}
	defer file.Close()
	data, err := io.ReadAll(io.LimitReader(file, maxFontBytes+1))
	if err != nil {
		return Font{}, s.FieldError(field, "%q: %v", name, err)
	}
	switch {
	case bytes.HasPrefix(data, []byte("ttcf")):
		return Font{}, s.FieldError(field, "%q is a font collection, which cannot be embedded (want one font as a .ttf file)", name)
	case bytes.HasPrefix(data, []byte("OTTO")):
		return Font{}, s.FieldError(field, "%q has PostScript (CFF) outlines, which the PDF writer cannot embed (want a font with TrueType outlines, usually a .ttf)", name)
	}
	// The name fpdf embeds the face under: unique per role, so a text and
	// a digit font of the same file name do not collide.
	base := strings.Map(func(r rune) rune {
		if r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			return r
		}
		return -1
	}, strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)))
	if err := checkFont(data); err != nil {
		return Font{}, s.FieldError(field, "%q is not a font this program can read (%v)", name, err)
	}
	if err := embeddable(data); err != nil {
		return Font{}, s.FieldError(field, "%q cannot be used: %v", name, err)
	}
	f, err := parseFace("User"+role+"-"+base, data)
	if err != nil {
		return Font{}, s.FieldError(field, "%q is not a font this program can read (%v)", name, err)
	}
	if err := tryEmbed(f); err != nil {
		return Font{}, s.FieldError(field, "%q cannot be embedded in a PDF: %v", name, err)
	}
	faceCache.Store(key, f)
	return f, nil
}

// CheckText refuses, before any work, a spec whose printed words its fonts
// cannot show: every character of every text of the spec (book.Spec.Texts)
// and of its language's texts must have a glyph in the text faces, and
// the digits in the digit faces. Each problem is a *book.FieldError naming
// the field and the characters; they come joined. A font file that cannot
// be read is reported the same way.
func CheckText(s *book.Spec) error {
	fs, err := fontsFor(s)
	if err != nil {
		return err
	}
	text := []Font{fs.Regular, fs.Bold, fs.Medium, fs.Italic}
	var errs []error
	shown := []string{fpdfShown}
	for _, t := range s.Texts() {
		shown = append(shown, t.Value)
		if miss := missing(t.Value, text); miss != "" {
			errs = append(errs, s.FieldError(t.Field, "%s cannot be printed: the text font %s has no glyph for %s%s", quoteShort(t.Value), faceNames(text), miss, fontHint(s)))
		}
	}
	if texts, err := templates.Language(s.Language); err == nil {
		words := strings.Join(languageTexts(texts), " ")
		shown = append(shown, words)
		if miss := missing(words, text); miss != "" {
			errs = append(errs, s.FieldError("language", "the %s texts cannot be printed: the text font %s has no glyph for %s (want a text font with the language's letters)", texts.Name, faceNames(text), miss))
		}
	}
	// The cover and the single-grid PDFs are set by fpdf, whose font
	// reader follows only the glyphs it is asked for: try it on these.
	for _, u := range []struct {
		field, name string
		f           Font
		shown       string
	}{{"fonts.text", s.Fonts.Text, fs.Regular, strings.Join(shown, "")}, {"fonts.digits", s.Fonts.Digits, fs.Given, fpdfShown}} {
		if u.name == "" {
			continue
		}
		if err := tryCut(u.f, u.shown); err != nil {
			errs = append(errs, s.FieldError(u.field, "%q is not a font this program can read (the PDF writer's font reader: %v)", u.name, err))
		}
	}
	digits := []Font{fs.Given, fs.Filled}
	if miss := missing("0123456789", digits); miss != "" {
		errs = append(errs, s.FieldError("fonts.digits", "the digit font %s has no glyph for %s", faceNames(digits), miss))
	}
	return errors.Join(errs...)
}

// missing lists the characters of s, other than white space, that some
// face of fs has no glyph for, or "".
func missing(s string, fs []Font) string {
	seen := map[rune]bool{}
	var out []string
	for _, r := range s {
		if seen[r] || unicode.IsSpace(r) {
			continue
		}
		seen[r] = true
		for _, f := range fs {
			if !f.has(r) {
				if len(out) == 12 {
					return strings.Join(out, ", ") + ", ..."
				}
				out = append(out, fmt.Sprintf("%c (U+%04X)", r, r))
				break
			}
		}
	}
	return strings.Join(out, ", ")
}

func faceNames(fs []Font) string {
	var names []string
	for _, f := range fs {
		if !strings.Contains(strings.Join(names, " "), f.name) {
			names = append(names, f.name)
		}
	}
	return strings.Join(names, "/")
}

func fontHint(s *book.Spec) string {
	if s.Fonts.Text == "" {
		return " (set fonts: {text: FILE.ttf} to a TrueType font that has them)"
	}
	return " (want a text font that has them)"
}

func quoteShort(s string) string {
	r := []rune(s)
	if len(r) > 40 {
		return fmt.Sprintf("%q...", string(r[:40]))
	}
	return fmt.Sprintf("%q", s)
}

// languageTexts are the words a language prints.
func languageTexts(t *templates.Texts) []string {
	out := []string{t.Puzzle, t.Solution, t.Solutions, t.Contents, t.Intro, t.HowToPlayTitle,
		t.ExampleCaption, t.Copyright, t.GeneratedBy, t.Rebuild, t.LogicOnly, t.TrialNeeded}
	out = append(out, t.HowToPlay...)
	for _, l := range t.Levels {
		out = append(out, l)
	}
	out = append(out, t.KindFill, t.KindFillLetters, t.KindFillSides, t.ChildExample, t.BelongsTo, t.CoverCount)
	out = append(out, t.ChildRules...)
	for _, k := range t.Kinds {
		out = append(out, k.Title, k.Example, k.ExamplePlain)
		out = append(out, k.Rules...)
	}
	return out
}
