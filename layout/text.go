package layout

import (
	"math"
	"strings"
	"unicode"
)

// paragraphs splits text at blank lines. Inside a paragraph each line break
// is kept as written, so a list or an address stays one item a line (a
// YAML "|" block keeps the writer's breaks; a ">" block folds them into
// running text before it gets here). Spaces around each line are dropped.
func paragraphs(text string) []string {
	var out []string
	var para []string
	flush := func() {
		if len(para) > 0 {
			out = append(out, strings.Join(para, "\n"))
			para = nil
		}
	}
	for _, l := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		if l = strings.Join(fieldsKeepingNBSP(l), " "); l == "" {
			flush()
			continue
		}
		para = append(para, l)
	}
	flush()
	return out
}

// wrap breaks s into lines no wider than width at size in f, breaking at
// spaces and at every line break in s. A word wider than the line is
// broken between its characters, as CJK text (which has no spaces) is
// always set and as a 200-letter word must be, or it would run off the page.
func wrap(s string, f Font, size, width float64) []string {
	if strings.Contains(s, "\n") {
		var lines []string
		for _, part := range strings.Split(s, "\n") {
			lines = append(lines, wrap(part, f, size, width)...)
		}
		return lines
	}
	var lines []string
	line := ""
	var words []string
	for _, w := range fieldsKeepingNBSP(s) {
		words = append(words, breakWord(w, f, size, width)...)
	}
	for _, w := range words {
		try := w
		if line != "" {
			try = line + " " + w
		}
		if line != "" && textWidth(f, size, try) > width {
			lines = append(lines, line)
			try = w
		}
		line = try
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// fit shortens s with an ellipsis until it is no wider than width.
func fit(s string, f Font, size, width float64) string {
	if textWidth(f, size, s) <= width {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && textWidth(f, size, string(r)+"…") > width {
		r = r[:len(r)-1]
	}
	return strings.TrimSpace(string(r)) + "…"
}

// breakWord cuts a word wider than width into pieces that fit, at least
// one character each; a word that fits comes back whole.
func breakWord(w string, f Font, size, width float64) []string {
	if textWidth(f, size, w) <= width {
		return []string{w}
	}
	var out []string
	piece, pw := "", 0.0
	for _, r := range w {
		rw := f.runeAdvance(r) * size
		if piece != "" && pw+rw > width {
			out = append(out, piece)
			piece, pw = "", 0
		}
		piece += string(r)
		pw += rw
	}
	return append(out, piece)
}

// shrinkToFit wraps s at size, stepping the size down towards least until
// its lines take no more than height. A long title is set smaller on more
// lines rather than run off the page; what still does not fit at least is
// left to the layout's record of text outside the page, which refuses it.
func shrinkToFit(s string, f Font, size, least, width, height float64) (float64, []string) {
	lines := wrap(s, f, size, width)
	for size > least && float64(len(lines))*size*lead > height {
		size = math.Max(least, size*0.9)
		lines = wrap(s, f, size, width)
	}
	return size, lines
}

// fieldsKeepingNBSP splits s at white space, but not at no-break spaces:
// French sets one before ":" and ";", and a line must never break there
// or lose it.
func fieldsKeepingNBSP(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) && r != '\u00a0' && r != '\u202f' && r != '\u2007'
	})
}
