//go:build !js

package web

import "strings"

// The script and style are kept readable in assets/, with comments and
// indentation, and shipped without them: the budget (40 KB of code and
// style) is on what the page carries. The cuts are safe by construction
// for our own files: a line is only dropped when it is a comment from its
// first character on, and within a line only white space and /* */
// comments go, outside strings and regular expressions, so every
// statement keeps its line (no semicolon insertion changes) and no string
// is touched (the script has no template literals, which TestMinifySafe
// holds). A space stays where it parts two tokens: two words or numbers,
// or + + and - - (which would read as ++ and --).

// minifyJS drops the script's comment lines and its indentation, and
// the spaces inside a line that part no tokens (squeeze).
func minifyJS(src string) string { return keptLines(src, true) }

// keptLines keeps the lines of src that are not blank or comments, trimmed
// and, for a script (js) or a style, squeezed.
func keptLines(src string, js bool) string {
	var b strings.Builder
	for _, line := range strings.Split(src, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "//") {
			continue
		}
		line = squeeze(line, js)
		b.WriteString(line)
		if !js || !joins(line) {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// joins says whether a script's line may take the next one after it: it
// ends in { ( [ , or ;, after which no statement ends, so no semicolon
// is inserted at the line's end either way, and it holds no // (a
// comment at its end would swallow the next line).
func joins(line string) bool {
	return strings.IndexByte("{([,;", line[len(line)-1]) >= 0 && !strings.Contains(line, "//")
}

// word says whether c belongs to a name, keyword or number.
func word(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// squeeze drops the spaces of one line that part no tokens, and its /* */
// comments, copying strings (and in a script regular expressions) as
// they are. A script's space stays between two word characters and in
// + + and - -; a style's goes only beside { } ; , > and after :, so a
// descendant selector's space (a :hover) stays.
func squeeze(line string, js bool) string {
	var out []byte
	last := "" // the word before, in a script: after return, / opens a regular expression
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == '\'' || c == '"' || js && c == '/' && regexAt(out, last) && !strings.HasPrefix(line[i:], "/*"):
			j := literalEnd(line, i)
			out = append(out, line[i:j]...)
			i = j - 1
			last = ""
		case c == '/' && strings.HasPrefix(line[i:], "/*"):
			end := strings.Index(line[i+2:], "*/")
			if end < 0 {
				return string(append(out, line[i:]...))
			}
			i += end + 3
			out = append(out, ' ') // squeezed below, like any space
			out = dropSpace(out, line, i+1, js)
		case c == ' ' || c == '\t':
			out = append(out, ' ')
			out = dropSpace(out, line, i+1, js)
		default:
			out = append(out, c)
			if word(c) {
				if len(out) < 2 || !word(out[len(out)-2]) {
					last = ""
				}
				last += string(c)
			} else {
				last = ""
			}
		}
	}
	return string(out)
}

// dropSpace takes off the space just put at the end of out when the
// characters either side of it, out's before it and line's at next
// (after any more spaces), need no space between them.
func dropSpace(out []byte, line string, next int, js bool) []byte {
	for next < len(line) && (line[next] == ' ' || line[next] == '\t') {
		next++
	}
	n := len(out) - 1 // the space
	if n > 0 && out[n-1] == ' ' {
		return out[:n] // one space already
	}
	if n == 0 || next == len(line) {
		return out[:n]
	}
	p, q := out[n-1], line[next]
	if js {
		if word(p) && word(q) || p == '+' && q == '+' || p == '-' && q == '-' {
			return out
		}
		return out[:n]
	}
	if strings.IndexByte("{};,>:", p) >= 0 || strings.IndexByte("{};,>", q) >= 0 {
		return out[:n]
	}
	return out
}

// regexAt says whether a / after out (and the word last) opens a regular
// expression rather than divides: it does after an operator, an opening
// bracket, a comma or nothing, and after return or typeof, but not after
// a name, a number or a closing bracket.
func regexAt(out []byte, last string) bool {
	k := len(out) - 1
	for k >= 0 && out[k] == ' ' {
		k--
	}
	if k < 0 {
		return true
	}
	if p := out[k]; !word(p) {
		return p != ')' && p != ']'
	}
	return last == "return" || last == "typeof"
}

// literalEnd is the index just past the string or regular expression
// that opens at line[i]: to its closing quote or slash (past a regular
// expression's flags), skipping escapes and, in a regular expression,
// character classes.
func literalEnd(line string, i int) int {
	q, class := line[i], false
	for j := i + 1; j < len(line); j++ {
		switch c := line[j]; {
		case c == '\\':
			j++
		case q == '/' && c == '[':
			class = true
		case q == '/' && c == ']':
			class = false
		case c == q && !class:
			j++
			for q == '/' && j < len(line) && word(line[j]) {
				j++
			}
			return j
		}
	}
	return len(line)
}

// minifyCSS drops the style's comments, its indentation and blank lines,
// and tightens what is left.
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
	return tighten(keptLines(b.String(), false))
}

// tighten drops what a style's squeezed lines still carry that parts no
// tokens: a line's end after { } ; or , (there a newline is only a space
// the squeeze would have cut), and the semicolon that closes a rule's last
// declaration, which CSS does not need; strings are copied as they are.
func tighten(css string) string {
	var out []byte
	for i := 0; i < len(css); i++ {
		switch c := css[i]; {
		case c == '\'' || c == '"':
			j := literalEnd(css, i)
			out = append(out, css[i:j]...)
			i = j - 1
		case c == '\n' && len(out) > 0 && strings.IndexByte("{};,", out[len(out)-1]) >= 0:
		case c == '}' && len(out) > 0 && out[len(out)-1] == ';':
			out[len(out)-1] = '}'
		default:
			out = append(out, c)
		}
	}
	return string(out)
}

// shipped returns the page's assets as they go into it: the script and
// style minified, the page skeleton as it is.
func shipped() (map[string]string, error) {
	files := map[string]string{}
	for _, name := range []string{"play.js", "play.css", "page.html", "gen.js", "gen.css", "kinds.js", "kinds.css", "pics.js", "pics.css"} {
		b, err := assets.ReadFile("assets/" + name)
		if err != nil {
			return nil, err
		}
		files[name] = string(b)
	}
	files["play.js"] = minifyJS(files["play.js"])
	files["play.css"] = minifyCSS(files["play.css"])
	files["gen.js"] = minifyJS(files["gen.js"])
	files["gen.css"] = minifyCSS(files["gen.css"])
	files["kinds.js"] = minifyJS(files["kinds.js"])
	files["kinds.css"] = minifyCSS(files["kinds.css"])
	files["pics.js"] = minifyJS(files["pics.js"])
	files["pics.css"] = minifyCSS(files["pics.css"])
	return files, nil
}
