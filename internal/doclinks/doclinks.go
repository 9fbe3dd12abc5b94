// Package doclinks checks the Markdown links of the README, CONTRIBUTING.md
// and the manual in docs/: every relative link must name a file or folder
// of the repository, and every #anchor a heading of the page it points
// into, so a page moved or a heading renamed cannot leave a dead link.
// It has no code a program uses; its test is the check.
package doclinks

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"unicode"
)

// Problem is one link that does not resolve.
type Problem struct {
	File, Target, Why string
	Line              int
}

func (p Problem) String() string {
	return fmt.Sprintf("%s:%d: link %q: %s", p.File, p.Line, p.Target, p.Why)
}

var (
	linkRE    = regexp.MustCompile(`!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)
	codeRE    = regexp.MustCompile("`[^`]*`")
	headingRE = regexp.MustCompile(`^#{1,6}\s+(.*?)\s*#*\s*$`)
)

// Check reads each Markdown file (paths relative to root) and returns every
// link that does not resolve. Links to other sites (http:, https:,
// mailto:) are not followed.
func Check(root string, files []string) ([]Problem, error) {
	anchors := map[string]map[string]bool{}
	anchorsOf := func(path string) (map[string]bool, error) {
		if a, ok := anchors[path]; ok {
			return a, nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		a := Anchors(string(data))
		anchors[path] = a
		return a, nil
	}
	var out []Problem
	for _, f := range files {
		path := filepath.Join(root, f)
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		for _, l := range Links(string(data)) {
			t := l.Target
			if strings.HasPrefix(t, "http:") || strings.HasPrefix(t, "https:") || strings.HasPrefix(t, "mailto:") {
				continue
			}
			file, anchor, _ := strings.Cut(t, "#")
			target := path
			if file != "" {
				if filepath.IsAbs(file) || strings.HasPrefix(file, "/") {
					out = append(out, Problem{f, t, "an absolute path, which names no file of the repository", l.Line})
					continue
				}
				target = filepath.Join(filepath.Dir(path), filepath.FromSlash(file))
				st, err := os.Stat(target)
				if err != nil {
					out = append(out, Problem{f, t, "no such file", l.Line})
					continue
				}
				if st.IsDir() {
					if anchor != "" {
						out = append(out, Problem{f, t, "an anchor into a folder", l.Line})
					}
					continue
				}
			}
			if anchor == "" {
				continue
			}
			if !strings.HasSuffix(target, ".md") {
				out = append(out, Problem{f, t, "an anchor into a file that is not Markdown", l.Line})
				continue
			}
			a, err := anchorsOf(target)
			if err != nil {
				return nil, err
			}
			if !a[anchor] {
				out = append(out, Problem{f, t, "no heading with that anchor", l.Line})
			}
		}
	}
	return out, nil
}

// Link is one link of a Markdown text and the line it is on.
type Link struct {
	Target string
	Line   int
}

// Links returns the inline links and images of a Markdown text, outside
// fenced code blocks and code spans.
func Links(text string) []Link {
	var out []Link
	fence := ""
	for i, line := range strings.Split(text, "\n") {
		trimmed := strings.TrimSpace(line)
		if f := fenceOf(trimmed); f != "" {
			if fence == "" {
				fence = f
			} else if strings.HasPrefix(trimmed, fence) {
				fence = ""
			}
			continue
		}
		if fence != "" {
			continue
		}
		line = codeRE.ReplaceAllString(line, "")
		for _, m := range linkRE.FindAllStringSubmatch(line, -1) {
			out = append(out, Link{m[1], i + 1})
		}
	}
	return out
}

func fenceOf(line string) string {
	for _, f := range []string{"```", "~~~"} {
		if strings.HasPrefix(line, f) {
			return f
		}
	}
	return ""
}

// Anchors returns the anchors GitHub gives a Markdown text's headings: the
// heading lowercased, characters other than letters, digits, spaces,
// hyphens and underscores dropped, spaces turned into hyphens; a repeated
// anchor takes -1, -2, ... after the first.
func Anchors(text string) map[string]bool {
	out := map[string]bool{}
	seen := map[string]int{}
	fence := ""
	for _, line := range strings.Split(text, "\n") {
		trimmed := strings.TrimSpace(line)
		if f := fenceOf(trimmed); f != "" {
			if fence == "" {
				fence = f
			} else if strings.HasPrefix(trimmed, fence) {
				fence = ""
			}
			continue
		}
		if fence != "" {
			continue
		}
		m := headingRE.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		a := Slug(m[1])
		if n := seen[a]; n > 0 {
			out[fmt.Sprintf("%s-%d", a, n)] = true
		} else {
			out[a] = true
		}
		seen[a]++
	}
	return out
}

// Slug is the anchor GitHub gives one heading's text.
func Slug(heading string) string {
	heading = codeRE.ReplaceAllStringFunc(heading, func(s string) string { return strings.Trim(s, "`") })
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}
