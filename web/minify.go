package web

import "strings"

// The script and style are kept readable in assets/, with comments and
// indentation, and shipped without them: the budget (40 KB of code and
// style) is on what the page carries. Both cuts are safe by construction
// for our own files: a line is only dropped when it is a comment from its
// first character on, and only the white space around a line goes, so
// every statement keeps its line (no semicolon insertion changes) and no
// string is touched (the script has no template literals, which
// TestMinifySafe holds).

// minifyJS drops the script's comment lines and its indentation.
func minifyJS(src string) string {
	var b strings.Builder
	for _, line := range strings.Split(src, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "//") {
			continue
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return b.String()
}

// minifyCSS drops the style's comments, its indentation and blank lines.
func minifyCSS(src string) string {
	var b strings.Builder
	for {
		i := strings.Index(src, "/*")
		if i < 0 {
			break
		}
		j := strings.Index(src[i:], "*/")
		if j < 0 {
			break
		}
		b.WriteString(src[:i])
		src = src[i+j+2:]
	}
	b.WriteString(src)
	return minifyJS(b.String())
}

// shipped returns the page's assets as they go into it: the script and
// style minified, the page skeleton as it is.
func shipped() (map[string]string, error) {
	files := map[string]string{}
	for _, name := range []string{"play.js", "play.css", "page.html"} {
		b, err := assets.ReadFile("assets/" + name)
		if err != nil {
			return nil, err
		}
		files[name] = string(b)
	}
	files["play.js"] = minifyJS(files["play.js"])
	files["play.css"] = minifyCSS(files["play.css"])
	return files, nil
}
