package preflight

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// A content stream is a flat run of operands followed by an operator
// ("0.5 w", "/F1 9 Tf", "1 0 0 rg"). pdfcpu reads the file's objects but
// not the marks on a page, so this small reader turns a stream into
// (operator, operands) calls. Operands come back as pdfcpu objects so one
// piece of code can judge a colour space whether it sits in a resource
// dictionary or inline in an image.

const maxNesting = 64 // arrays and dictionaries inside each other

type lexer struct {
	b []byte
	i int
}

func isWhite(c byte) bool {
	return c == 0 || c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' '
}

func isDelim(c byte) bool {
	switch c {
	case '(', ')', '<', '>', '[', ']', '{', '}', '/', '%':
		return true
	}
	return false
}

func (l *lexer) skipSpace() {
	for l.i < len(l.b) {
		c := l.b[l.i]
		switch {
		case isWhite(c):
			l.i++
		case c == '%':
			for l.i < len(l.b) && l.b[l.i] != '\n' && l.b[l.i] != '\r' {
				l.i++
			}
		default:
			return
		}
	}
}

type tokKind int

const (
	tokEOF tokKind = iota
	tokValue
	tokArrayOpen
	tokArrayClose
	tokDictOpen
	tokDictClose
	tokOp
)

type token struct {
	kind tokKind
	obj  types.Object // tokValue
	op   string       // tokOp
}

func (l *lexer) next() (token, error) {
	l.skipSpace()
	if l.i >= len(l.b) {
		return token{kind: tokEOF}, nil
	}
	start := l.i
	switch c := l.b[l.i]; c {
	case '[':
		l.i++
		return token{kind: tokArrayOpen}, nil
	case ']':
		l.i++
		return token{kind: tokArrayClose}, nil
	case '<':
		if l.i+1 < len(l.b) && l.b[l.i+1] == '<' {
			l.i += 2
			return token{kind: tokDictOpen}, nil
		}
		return l.hexString()
	case '>':
		if l.i+1 < len(l.b) && l.b[l.i+1] == '>' {
			l.i += 2
			return token{kind: tokDictClose}, nil
		}
		return token{}, fmt.Errorf("%w: stray '>' at byte %d", ErrContent, start)
	case '(':
		return l.literalString()
	case ')':
		return token{}, fmt.Errorf("%w: stray ')' at byte %d", ErrContent, start)
	case '/':
		l.i++
		return token{kind: tokValue, obj: types.Name(decodeName(l.regular()))}, nil
	case '{', '}':
		// PostScript calculator braces never belong in a page's marks;
		// pass them on as operators nobody handles.
		l.i++
		return token{kind: tokOp, op: string(c)}, nil
	}
	word := l.regular()
	switch c := word[0]; {
	case c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.':
		// Readers take a malformed number as 0 rather than reject the page.
		f, _ := strconv.ParseFloat(word, 64)
		return token{kind: tokValue, obj: types.Float(f)}, nil
	case word == "true" || word == "false":
		return token{kind: tokValue, obj: types.Boolean(word == "true")}, nil
	case word == "null":
		return token{kind: tokValue, obj: nil}, nil
	}
	return token{kind: tokOp, op: word}, nil
}

// regular reads a run of regular characters: a number, an operator or a
// name's body.
func (l *lexer) regular() string {
	start := l.i
	for l.i < len(l.b) && !isWhite(l.b[l.i]) && !isDelim(l.b[l.i]) {
		l.i++
	}
	return string(l.b[start:l.i])
}

func decodeName(s string) string {
	if !strings.Contains(s, "#") {
		return s
	}
	var out []byte
	for i := 0; i < len(s); i++ {
		if s[i] == '#' && i+2 < len(s) {
			if v, err := strconv.ParseUint(s[i+1:i+3], 16, 8); err == nil {
				out = append(out, byte(v))
				i += 2
				continue
			}
		}
		out = append(out, s[i])
	}
	return string(out)
}

func hexVal(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

func (l *lexer) hexString() (token, error) {
	start := l.i
	l.i++ // '<'
	var out []byte
	var hi byte
	half := false
	for ; l.i < len(l.b); l.i++ {
		c := l.b[l.i]
		if c == '>' {
			l.i++
			if half {
				out = append(out, hi<<4)
			}
			return token{kind: tokValue, obj: types.NewHexLiteral(out)}, nil
		}
		if isWhite(c) {
			continue
		}
		v, ok := hexVal(c)
		if !ok {
			return token{}, fmt.Errorf("%w: bad hex string at byte %d", ErrContent, start)
		}
		if half {
			out = append(out, hi<<4|v)
		} else {
			hi = v
		}
		half = !half
	}
	return token{}, fmt.Errorf("%w: unterminated hex string at byte %d", ErrContent, start)
}

// literalString reads a (string) with its escapes and balanced inner
// parentheses. The bytes matter only for palettes of inline images, but a
// string must be skipped exactly or a ")" inside it would end it early.
func (l *lexer) literalString() (token, error) {
	start := l.i
	l.i++ // '('
	depth := 1
	var out []byte
	for l.i < len(l.b) {
		c := l.b[l.i]
		l.i++
		switch c {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return token{kind: tokValue, obj: types.NewHexLiteral(out)}, nil
			}
		case '\\':
			if l.i >= len(l.b) {
				continue
			}
			e := l.b[l.i]
			l.i++
			switch e {
			case 'n':
				c = '\n'
			case 'r':
				c = '\r'
			case 't':
				c = '\t'
			case 'b':
				c = '\b'
			case 'f':
				c = '\f'
			case '\r':
				if l.i < len(l.b) && l.b[l.i] == '\n' {
					l.i++
				}
				continue
			case '\n':
				continue
			default:
				if e >= '0' && e <= '7' {
					v := int(e - '0')
					for k := 0; k < 2 && l.i < len(l.b) && l.b[l.i] >= '0' && l.b[l.i] <= '7'; k++ {
						v = v*8 + int(l.b[l.i]-'0')
						l.i++
					}
					c = byte(v)
				} else {
					c = e // \( \) \\ and unknown escapes stand for themselves
				}
			}
		}
		out = append(out, c)
	}
	return token{}, fmt.Errorf("%w: unterminated string at byte %d", ErrContent, start)
}

// value completes an operand that starts with t: arrays and dictionaries
// are read whole.
func (l *lexer) value(t token, depth int) (types.Object, error) {
	if depth > maxNesting {
		return nil, fmt.Errorf("%w: nesting deeper than %d at byte %d", ErrContent, maxNesting, l.i)
	}
	switch t.kind {
	case tokValue:
		return t.obj, nil
	case tokArrayOpen:
		arr := types.Array{}
		for {
			t, err := l.next()
			if err != nil {
				return nil, err
			}
			switch t.kind {
			case tokArrayClose:
				return arr, nil
			case tokEOF:
				return nil, fmt.Errorf("%w: unterminated array", ErrContent)
			case tokOp:
				return nil, fmt.Errorf("%w: operator %s inside an array", ErrContent, t.op)
			}
			o, err := l.value(t, depth+1)
			if err != nil {
				return nil, err
			}
			arr = append(arr, o)
		}
	case tokDictOpen:
		d := types.Dict{}
		for {
			t, err := l.next()
			if err != nil {
				return nil, err
			}
			if t.kind == tokDictClose {
				return d, nil
			}
			key, ok := t.obj.(types.Name)
			if t.kind != tokValue || !ok {
				return nil, fmt.Errorf("%w: dictionary key is not a name at byte %d", ErrContent, l.i)
			}
			t, err = l.next()
			if err != nil {
				return nil, err
			}
			if t.kind == tokEOF || t.kind == tokOp || t.kind == tokDictClose || t.kind == tokArrayClose {
				return nil, fmt.Errorf("%w: dictionary key /%s has no value", ErrContent, key)
			}
			o, err := l.value(t, depth+1)
			if err != nil {
				return nil, err
			}
			d[string(key)] = o
		}
	}
	return nil, fmt.Errorf("%w: unexpected token at byte %d", ErrContent, l.i)
}

// inlineImage reads what follows BI: the image dictionary up to ID, then
// skips the image data up to EI. The dictionary comes back with its keys
// and abbreviated names spelt out.
func (l *lexer) inlineImage() (types.Dict, error) {
	d := types.Dict{}
	for {
		t, err := l.next()
		if err != nil {
			return nil, err
		}
		if t.kind == tokOp && t.op == "ID" {
			break
		}
		key, ok := t.obj.(types.Name)
		if t.kind != tokValue || !ok {
			return nil, fmt.Errorf("%w: inline image key is not a name at byte %d", ErrContent, l.i)
		}
		t, err = l.next()
		if err != nil {
			return nil, err
		}
		o, err := l.value(t, 1)
		if err != nil {
			return nil, err
		}
		d[inlineKey(string(key))] = o
	}
	l.i++ // the single white-space byte after ID
	if n, ok := d["Length"].(types.Float); ok && n >= 0 && l.i+int(n) <= len(l.b) {
		l.i += int(n)
		l.skipSpace()
		if bytes.HasPrefix(l.b[l.i:], []byte("EI")) {
			l.i += 2
			return d, nil
		}
	}
	// No length: the data ends at the first EI that stands alone. Binary
	// data could hold those bytes by chance; every reader lives with that.
	for j := l.i; j+2 <= len(l.b); j++ {
		if l.b[j] == 'E' && l.b[j+1] == 'I' && (j == 0 || isWhite(l.b[j-1])) &&
			(j+2 == len(l.b) || isWhite(l.b[j+2]) || isDelim(l.b[j+2])) {
			l.i = j + 2
			return d, nil
		}
	}
	return nil, fmt.Errorf("%w: inline image without EI", ErrContent)
}

// inlineKey spells out the abbreviated keys of inline images.
func inlineKey(k string) string {
	switch k {
	case "CS":
		return "ColorSpace"
	case "IM":
		return "ImageMask"
	case "L":
		return "Length"
	case "BPC":
		return "BitsPerComponent"
	case "D":
		return "Decode"
	case "F":
		return "Filter"
	}
	return k
}

// parseContent calls fn for every operator in b with the operands before
// it. args is reused between calls. An inline image arrives as the
// operator "BI" with its dictionary as the one operand.
func parseContent(b []byte, fn func(op string, args []types.Object) error) error {
	l := lexer{b: b}
	var args []types.Object
	for {
		t, err := l.next()
		if err != nil {
			return err
		}
		switch t.kind {
		case tokEOF:
			return nil
		case tokOp:
			if t.op == "BI" {
				d, err := l.inlineImage()
				if err != nil {
					return err
				}
				args = append(args[:0], d)
			}
			if err := fn(t.op, args); err != nil {
				return err
			}
			args = args[:0]
		default:
			o, err := l.value(t, 0)
			if err != nil {
				return err
			}
			args = append(args, o)
		}
	}
}
