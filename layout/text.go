package layout

import "strings"

// paragraphs splits text at blank lines and joins each paragraph's lines
// with spaces, so a YAML block scalar reads as running text.
func paragraphs(text string) []string {
	var out []string
	for _, p := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n\n") {
		if p = strings.Join(strings.Fields(p), " "); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// wrap breaks s into lines no wider than width at size in f, breaking at
// spaces. A word wider than the line stands alone on its line rather than
// being cut.
func wrap(s string, f Font, size, width float64) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
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
