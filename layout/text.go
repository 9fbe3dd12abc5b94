package layout

import "strings"

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
		if l = strings.Join(strings.Fields(l), " "); l == "" {
			flush()
			continue
		}
		para = append(para, l)
	}
	flush()
	return out
}

// wrap breaks s into lines no wider than width at size in f, breaking at
// spaces and at every line break in s. A word wider than the line stands
// alone on its line rather than being cut.
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
