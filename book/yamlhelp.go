package book

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"
)

// The YAML parser's own messages suit someone who knows YAML: "mapping
// values are not allowed in this context", with no line, for a colon in a
// title; "did not find expected '-' indicator" on the line of "sections:"
// for a key indented one space too far, three lines below. A newcomer
// makes a few mistakes over and over; this file finds them in the text
// and says what to do, at the line that holds them.

// syntaxHelp looks for the newcomer's mistakes in a spec YAML could not
// parse. It returns one error per line at fault, or nil when it finds
// none of them (the parser's message then stands).
func syntaxHelp(data []byte, name string) []*FieldError {
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	var out []*FieldError
	add := func(n int, format string, args ...any) {
		out = append(out, &FieldError{File: name, Line: n + 1, Msg: fmt.Sprintf(format, args...)})
	}
	for n, l := range lines {
		indent := l[:len(l)-len(strings.TrimLeft(l, " \t"))]
		if strings.Contains(indent, "\t") {
			add(n, "a tab in the indentation: YAML indents with spaces only (replace the tab with spaces)")
		}
	}
	if len(out) > 0 {
		return out
	}
	block := blockLines(lines)
	for n, l := range lines {
		if block[n] {
			continue
		}
		if m := colonInValue().FindStringSubmatch(l); m != nil {
			add(n, "%s: the value holds a colon and a space, which YAML reads as a new field; put the value in quotes: %s%s: %q", m[2], m[1], m[2], strings.TrimSpace(m[3]))
		}
	}
	if len(out) > 0 {
		return out
	}
	if n, msg := misindented(lines, block); n >= 0 {
		add(n, "%s", msg)
	}
	return out
}

// colonInValue is a "key: value" line whose plain (unquoted) value holds
// ": ", as in "title: Sudoku: The Book".
var colonInValue = lazyRegexp(`^(\s*(?:-\s+)?)([A-Za-z_][A-Za-z0-9_]*):\s+([^\s"'{\[|>&*!#][^#]*:\s.*)$`)

// misindented finds the first key that lines up with none of the keys
// above it, or that sits at the column of a list's dash without a dash of
// its own, and says where it belongs. It returns -1 when every line fits.
func misindented(lines []string, block []bool) (int, string) {
	type level struct {
		col  int
		dash bool // the column of a "- " item, where only another "- " may stand
	}
	var stack []level
	for n, l := range lines {
		text := strings.TrimLeft(l, " ")
		if text == "" || strings.HasPrefix(text, "#") || block[n] {
			continue
		}
		col := len(l) - len(text)
		isDash := strings.HasPrefix(text, "- ") || text == "-"
		deeper := -1 // the nearest level closed by this line, where it may belong
		for len(stack) > 0 && stack[len(stack)-1].col > col {
			deeper = stack[len(stack)-1].col
			stack = stack[:len(stack)-1]
		}
		top := -1
		if len(stack) > 0 {
			top = stack[len(stack)-1].col
		}
		switch {
		case top == col && stack[len(stack)-1].dash && !isDash:
			return n, fmt.Sprintf("%q is indented %s, at the column of the list's dashes: indent it to line up with the item's other fields, or start a new item with \"- \"", strings.TrimSpace(text), spaces(col))
		case top >= 0 && top < col && n > 0 && !opensBlock(lines, n):
			want := top
			if deeper >= 0 {
				want = deeper
			}
			return n, fmt.Sprintf("%q is indented %s, which lines up with no field above it: indent it %s like the fields it belongs with", strings.TrimSpace(text), spaces(col), spaces(want))
		case top == col:
		default:
			stack = append(stack, level{col: col})
		}
		if isDash {
			stack[len(stack)-1].dash = true
			stack = append(stack, level{col: col + 2})
		}
	}
	return -1, ""
}

// opensBlock reports whether the last non-blank line before line n ends
// with a colon (or a block scalar indicator), so n may be indented deeper.
func opensBlock(lines []string, n int) bool {
	for i := n - 1; i >= 0; i-- {
		t := strings.TrimSpace(lines[i])
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if j := strings.Index(t, " #"); j >= 0 {
			t = strings.TrimSpace(t[:j])
		}
		return strings.HasSuffix(t, ":") || strings.HasSuffix(t, "|") || strings.HasSuffix(t, ">") ||
			strings.HasSuffix(t, "|-") || strings.HasSuffix(t, ">-") || t == "-"
	}
	return false
}

// commentedValues finds fields whose value YAML read as a comment, as in
// "subtitle: #1 bestseller": the field is left empty without a word. It
// returns a warning for each.
func commentedValues(n *yaml.Node, path, name string) []string {
	var out []string
	switch n.Kind {
	case yaml.DocumentNode, yaml.SequenceNode:
		for i, c := range n.Content {
			p := path
			if n.Kind == yaml.SequenceNode {
				p = fmt.Sprintf("%s[%d]", path, i)
			}
			out = append(out, commentedValues(c, p, name)...)
		}
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			p := k.Value
			if path != "" {
				p = path + "." + k.Value
			}
			comment := v.LineComment
			if comment == "" {
				comment = k.LineComment
			}
			if v.Kind == yaml.ScalarNode && v.Tag == "!!null" && v.Value == "" && comment != "" && v.Line == k.Line {
				out = append(out, fmt.Sprintf("%s:%d: %s is empty: YAML reads %s as a comment; to print it, quote it: %s: %q",
					name, k.Line, p, comment, k.Value, comment))
				continue
			}
			out = append(out, commentedValues(v, p, name)...)
		}
	}
	return out
}

func spaces(n int) string {
	if n == 1 {
		return "1 space"
	}
	return fmt.Sprintf("%d spaces", n)
}

// blockScalar is a line that starts a block scalar ("intro: |"): the lines
// indented deeper below it are text, not YAML structure.
var blockScalar = lazyRegexp(`:\s*[|>][-+0-9]*\s*(#.*)?$`)

// blockLines marks the lines that are the text of a block scalar.
func blockLines(lines []string) []bool {
	out := make([]bool, len(lines))
	owner := -1 // the column of the key that opened the block, or -1
	for n, l := range lines {
		text := strings.TrimLeft(l, " ")
		col := len(l) - len(text)
		if owner >= 0 && (text == "" || col > owner) {
			out[n] = true
			continue
		}
		owner = -1
		if blockScalar().MatchString(l) {
			owner = col
			if strings.HasPrefix(text, "- ") {
				owner = col + 2
			}
		}
	}
	return out
}
