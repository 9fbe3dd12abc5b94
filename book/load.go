package book

import (
	"bytes"
	"encoding"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"io/fs"
	"os"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
	"golang.org/x/text/unicode/norm"

	"github.com/sudokubook/sudokubook/templates"
)

// MaxSpecBytes bounds the size of a spec file; a real one is a few hundred
// bytes.
const MaxSpecBytes = 1 << 20

// maxDecodeErrors stops a hopeless file from producing pages of messages
// (and bounds the work a file full of aliases can cause).
const maxDecodeErrors = 50

// LoadFile reads, applies the template of, and validates the spec at path.
// Messages name the file as path.
func LoadFile(path string) (*Spec, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Load(f, path)
}

// Load reads a book spec from r; name is the file name messages give.
//
// The spec is one YAML document, a mapping of the fields of Spec. Reading
// is strict: an unknown or repeated field, a value of the wrong type and a
// second document are errors. The result is built in three layers:
// Default(), then the template the spec names (templates.Preset, a spec
// fragment in the same schema), then every field the spec gives, so a
// spec overrides its template field by field (margins side by side;
// sections as a whole list). Finally the spec is validated.
//
// Every problem found is reported at once, joined, each a *FieldError that
// wraps ErrSpec and names the file, line, field and what is allowed:
//
//	spec.yaml:3: unknown field "titel" (did you mean "title"?)
//	spec.yaml:12: sections[1].count: 0 is not allowed (want 1 to 5000)
func Load(r io.Reader, name string) (*Spec, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxSpecBytes+1))
	var pathErr *fs.PathError
	switch {
	case errors.As(err, &pathErr):
		return nil, err // it names the file already: "read specs: is a directory"
	case err != nil:
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	if len(data) > MaxSpecBytes {
		return nil, &FieldError{File: name, Msg: fmt.Sprintf("larger than %d bytes; a spec is a short YAML file", MaxSpecBytes)}
	}
	if ferr := notUTF8(data, name); ferr != nil {
		return nil, ferr
	}
	root, ferr := parseDocument(data, name)
	if ferr != nil {
		return nil, ferr
	}

	s := Default()
	s.file = name
	s.pos = map[string]pos{}
	s.warnings = commentedValues(root, "", name)
	d := &decoder{spec: &s, file: name}

	if tmpl, line := templateName(root); tmpl != "" {
		if err := d.applyPreset(tmpl); err != nil {
			d.fail("template", line, "%v", err)
		}
	}
	d.file = name
	d.value(root, reflect.ValueOf(&s).Elem(), "")

	if _, given := s.pos["seed"]; !given {
		s.Seed = contentSeed(data)
	}
	v := validator{s: &s, ignore: d.failed}
	if len(d.errs) < maxDecodeErrors {
		v.check()
	}
	if err := joinSorted(name, append(d.errs, v.errs...)); err != nil {
		return nil, err
	}
	return &s, nil
}

// notUTF8 refuses a spec that is not UTF-8 text, naming the line of the
// first byte that is not, where the parser said only "invalid trailing
// UTF-8 octet": a spec saved in Latin-1 or Windows-1252 (Café) is the
// usual cause. UTF-16 with its byte-order mark is left to the parser,
// which reads it.
func notUTF8(data []byte, name string) *FieldError {
	if utf8.Valid(data) || bytes.HasPrefix(data, []byte{0xff, 0xfe}) || bytes.HasPrefix(data, []byte{0xfe, 0xff}) {
		return nil
	}
	for i, line := range bytes.Split(data, []byte("\n")) {
		if !utf8.Valid(line) {
			k := firstInvalid(line)
			return &FieldError{File: name, Line: i + 1, Msg: fmt.Sprintf("not UTF-8 text: byte 0x%02X at column %d is not a character in UTF-8 (save the spec as UTF-8; Latin-1 and Windows-1252 files show this)", line[k], 1+utf8.RuneCount(line[:k]))}
		}
	}
	return nil
}

// firstInvalid is the index of the first byte of b that does not begin a
// valid UTF-8 character.
func firstInvalid(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return len(b)
}

var yamlLineRE = lazyRegexp(`^yaml: line (\d+): (.*)$`)

// parseDocument reads exactly one YAML document and returns its root
// mapping.
func parseDocument(data []byte, name string) (*yaml.Node, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, &FieldError{File: name, Msg: "empty spec (want a mapping with at least title and sections)"}
		}
		if help := syntaxHelp(data, name); len(help) > 0 {
			return nil, joinSorted(name, help)
		}
		return nil, syntaxError(name, err)
	}
	var extra yaml.Node
	switch err := dec.Decode(&extra); {
	case err == nil:
		return nil, &FieldError{File: name, Line: extra.Line, Msg: "a second YAML document (want exactly one spec per file; remove the ---)"}
	case !errors.Is(err, io.EOF):
		return nil, syntaxError(name, err)
	}
	root := &doc
	if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
		root = root.Content[0]
	}
	root = resolve(root)
	if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
		return nil, &FieldError{File: name, Msg: "empty spec (want a mapping with at least title and sections)"}
	}
	if root.Kind != yaml.MappingNode {
		return nil, &FieldError{File: name, Line: root.Line, Msg: "want a mapping of fields such as title: and sections:"}
	}
	return root, nil
}

func syntaxError(name string, err error) error {
	msg := err.Error()
	if m := yamlLineRE().FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		return &FieldError{File: name, Line: line, Msg: "bad YAML: " + m[2]}
	}
	return &FieldError{File: name, Msg: "bad YAML: " + strings.TrimPrefix(msg, "yaml: ")}
}

// templateName finds the template key before anything is decoded, because
// the template is applied first and the spec over it.
func templateName(root *yaml.Node) (string, int) {
	for i := 0; i+1 < len(root.Content); i += 2 {
		if k, v := root.Content[i], resolve(root.Content[i+1]); k.Value == "template" && v.Kind == yaml.ScalarNode {
			return strings.TrimSpace(v.Value), k.Line
		}
	}
	return "", 0
}

// presetForbidden are the fields a template may not set: they belong to
// one book, not to a look.
var presetForbidden = map[string]bool{"title": true, "sections": true, "template": true}

func (d *decoder) applyPreset(name string) error {
	data, err := templates.Preset(name)
	if err != nil {
		return err
	}
	root, err := parseDocument(data, "template "+name)
	if err != nil {
		return err
	}
	d.file = "template " + name
	d.forbid = presetForbidden
	d.value(root, reflect.ValueOf(d.spec).Elem(), "")
	d.forbid = nil
	return nil
}

// decoder applies a YAML node tree over a value, field by field, checking
// names and types as it goes and noting where each field was set. It is
// the strict decoding yaml.v3's KnownFields gives, with messages that name
// the field path, and with every problem collected instead of the first.
type decoder struct {
	spec   *Spec
	file   string          // the file being applied: the spec or a template
	forbid map[string]bool // top-level keys this file may not set
	errs   []*FieldError
	failed map[string]bool // paths that failed, so validation stays quiet on them
}

// fail reports that the value at path could not be read and marks it, so
// that validation says nothing more about it or anything inside it: a
// section that is not a mapping has no count worth judging.
func (d *decoder) fail(path string, line int, format string, args ...any) {
	if d.failed == nil {
		d.failed = map[string]bool{}
	}
	d.failed[path] = true
	d.report(path, line, format, args...)
}

// report records a problem found at path without marking the value: an
// unknown key sits beside a mapping's fields, and the fields it does set
// are still worth validating.
func (d *decoder) report(path string, line int, format string, args ...any) {
	if len(d.errs) <= maxDecodeErrors {
		d.errs = append(d.errs, &FieldError{File: d.file, Line: line, Field: path, Msg: fmt.Sprintf(format, args...)})
	}
}

func (d *decoder) done() bool { return len(d.errs) > maxDecodeErrors }

var (
	yamlUnmarshaler = reflect.TypeFor[yaml.Unmarshaler]()
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// value applies node n over v, whose field path is path.
func (d *decoder) value(n *yaml.Node, v reflect.Value, path string) {
	if d.done() {
		return
	}
	n = resolve(n)
	if n.Kind == yaml.AliasNode {
		d.fail(path, n.Line, "alias %q leads nowhere", n.Value)
		return
	}
	d.spec.pos[path] = pos{d.file, n.Line}
	isNull := n.Kind == yaml.ScalarNode && n.Tag == "!!null"

	if v.Kind() == reflect.Pointer {
		if isNull {
			v.SetZero()
			return
		}
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		d.value(n, v.Elem(), path)
		return
	}
	if pv := v.Addr(); pv.Type().Implements(yamlUnmarshaler) {
		if n.Kind == yaml.MappingNode {
			for i := 0; i+1 < len(n.Content); i += 2 {
				d.spec.pos[path+"."+n.Content[i].Value] = pos{d.file, n.Content[i].Line}
			}
		}
		if err := pv.Interface().(yaml.Unmarshaler).UnmarshalYAML(n); err != nil {
			var fes *FieldErrors
			if errors.As(err, &fes) {
				for _, fe := range *fes {
					if fe.Field == "" {
						d.report(path, fe.Line, "%s", fe.Msg)
						continue
					}
					d.fail(path+"."+fe.Field, fe.Line, "%s", fe.Msg)
				}
				return
			}
			d.fail(path, n.Line, "%v", err)
		}
		return
	} else if pv.Type().Implements(textUnmarshaler) {
		if n.Kind != yaml.ScalarNode {
			d.fail(path, n.Line, "want a single value, not a %s", kindName(n))
			return
		}
		if err := pv.Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(n.Value)); err != nil {
			d.fail(path, n.Line, "%v", err)
		}
		return
	}

	switch v.Kind() {
	case reflect.Struct:
		d.mapping(n, v, path)
	case reflect.Slice:
		if isNull {
			v.SetZero()
			return
		}
		if n.Kind != yaml.SequenceNode {
			d.fail(path, n.Line, "want a list (lines starting with -), not a %s", kindName(n))
			return
		}
		if len(n.Content) > MaxTotalCount {
			d.fail(path, n.Line, "%d items is too many (want at most %d)", len(n.Content), MaxTotalCount)
			return
		}
		s := reflect.MakeSlice(v.Type(), len(n.Content), len(n.Content))
		for i, e := range n.Content {
			d.value(e, s.Index(i), fmt.Sprintf("%s[%d]", path, i))
		}
		v.Set(s)
	case reflect.String:
		switch {
		case isNull:
			v.SetString("")
		case n.Kind != yaml.ScalarNode:
			d.fail(path, n.Line, "want text, not a %s", kindName(n))
		default:
			// Composed form, so "e" + combining acute prints as the one
			// glyph é that every font has, not as two glyphs that a
			// layout without mark positioning would set apart.
			v.SetString(norm.NFC.String(n.Value))
		}
	case reflect.Bool:
		var b bool
		if n.Kind != yaml.ScalarNode || n.Decode(&b) != nil {
			d.fail(path, n.Line, "%s is not allowed (want true or false)", shown(n))
			return
		}
		v.SetBool(b)
	case reflect.Int, reflect.Int64:
		// yaml.v3 truncates 2.5 into an int without a word; only a plain
		// integer is one. A whole number past int64 is one, only far too
		// large (yaml.v3 tags 99999999999999999999 a float): saying "want
		// a whole number" of it puzzled a reader.
		var i int64
		if n.Kind == yaml.ScalarNode && allDigits(strings.TrimPrefix(n.Value, "-")) && (n.Decode(&i) != nil || v.OverflowInt(i)) {
			d.fail(path, n.Line, "%s is not allowed (too large a number)", shown(n))
			return
		}
		if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!int" || n.Decode(&i) != nil || v.OverflowInt(i) {
			d.fail(path, n.Line, "%s is not allowed (want a whole number)", shown(n))
			return
		}
		v.SetInt(i)
	default:
		// Only reachable if Spec gains a field of a kind this decoder does
		// not know; it must fail loudly rather than ignore the value.
		d.fail(path, n.Line, "cannot read a value of type %v", v.Type())
	}
}

// allDigits reports whether s is one or more of 0-9 and nothing else.
func allDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// mapping applies a YAML mapping over struct v, field by field.
func (d *decoder) mapping(n *yaml.Node, v reflect.Value, path string) {
	t := v.Type()
	isNull := n.Kind == yaml.ScalarNode && n.Tag == "!!null"
	if n.Kind != yaml.MappingNode && !isNull {
		d.fail(path, n.Line, "%s is not allowed (want a mapping of %s)", shown(n), strings.Join(fieldNames(t), ", "))
		return
	}
	// An empty value ("front:") is an empty mapping: it keeps what is
	// there, but still lacks any required field.
	seen := map[string]int{}
	for i := 0; i+1 < len(n.Content) && !d.done(); i += 2 {
		k, val := resolve(n.Content[i]), n.Content[i+1]
		p := k.Value
		if path != "" {
			p = path + "." + k.Value
		}
		if k.Kind != yaml.ScalarNode {
			d.report(path, k.Line, "a %s cannot be a field name", kindName(k))
			continue
		}
		if first, dup := seen[k.Value]; dup {
			d.fail(p, k.Line, "given twice (first at line %d)", first)
			continue
		}
		seen[k.Value] = k.Line
		fi := fieldIndex(t, k.Value)
		if fi < 0 {
			d.report(path, k.Line, "unknown field %q%s", k.Value, suggest(k.Value, fieldNames(t)))
			continue
		}
		if path == "" && d.forbid[k.Value] {
			d.fail(p, k.Line, "a template may not set %s (it belongs to the book's spec)", k.Value)
			continue
		}
		d.value(val, v.Field(fi), p)
		d.spec.pos[p] = pos{d.file, k.Line}
	}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name := yamlName(f)
		if f.Tag.Get("spec") == "required" && name != "" && seen[name] == 0 {
			p := name
			if path != "" {
				p = path + "." + name
			}
			d.fail(p, n.Line, "missing (want %s)", requiredHint[name])
		}
	}
}

// requiredHint says what a required field takes.
var requiredHint = map[string]string{
	"level": "one of " + levelList(),
	"count": "the number of puzzles, 1 to " + strconv.Itoa(MaxSectionCount),
	"start": "the calendar's first day, YYYY-MM-DD",
}

func yamlName(f reflect.StructField) string {
	if !f.IsExported() {
		return ""
	}
	name, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
	if name == "-" {
		return ""
	}
	return name
}

func fieldIndex(t reflect.Type, name string) int {
	for i := 0; i < t.NumField(); i++ {
		if n := yamlName(t.Field(i)); n != "" && n == name {
			return i
		}
	}
	return -1
}

func fieldNames(t reflect.Type) []string {
	var out []string
	for i := 0; i < t.NumField(); i++ {
		if n := yamlName(t.Field(i)); n != "" {
			out = append(out, n)
		}
	}
	return out
}

// suggest names the known field closest to a misspelt one, if any is close
// enough to be what was meant; otherwise it lists them all.
func suggest(got string, names []string) string {
	best, bestD := "", 3
	for _, n := range names {
		if dist := editDistance(strings.ToLower(got), n); dist < bestD {
			best, bestD = n, dist
		}
	}
	if best != "" {
		return fmt.Sprintf(" (did you mean %q?)", best)
	}
	return " (want one of " + strings.Join(names, ", ") + ")"
}

// editDistance is the Levenshtein distance between two short names.
func editDistance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return 64
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "mapping"
	case yaml.SequenceNode:
		return "list"
	}
	return "value"
}

// shown quotes a scalar for a message, or names the kind of anything else.
func shown(n *yaml.Node) string {
	if n.Kind == yaml.ScalarNode {
		v := n.Value
		if len(v) > 40 {
			v = v[:40] + "..."
		}
		return strconv.Quote(v)
	}
	return "a " + kindName(n)
}

// contentSeed is the seed of a spec that sets none: a hash of its text.
// The same spec then gives the same book, and two specs that differ in any
// byte (another title, "Volume 2") get different puzzles, instead of all
// sharing a default seed and so, volume after volume, the same puzzles.
// Refusing to build without a seed was the other choice; it would break
// every spec written so far for a rule a new user cannot guess. Editing
// the spec changes its puzzles, so a book to be reprinted after edits sets
// the seed its manifest recorded. 53 bits keep it exact in JSON readers.
func contentSeed(data []byte) int64 {
	h := fnv.New64a()
	h.Write(data)
	return int64(h.Sum64() & (1<<53 - 1))
}
