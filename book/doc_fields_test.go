package book

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// TestDocFieldTables: every field a spec and a section take is in the
// field tables of the README and of docs/spec.md, and neither table names
// a field the spec does not take, so the front page and the reference
// cannot drift from the loader.
func TestDocFieldTables(t *testing.T) {
	book := yamlFields(reflect.TypeFor[Spec]())
	section := yamlFields(reflect.TypeFor[SectionSpec]())
	for _, doc := range []struct {
		path, bookHead, sectionHead string
	}{
		{"../README.md", "| field | default | meaning |", "| field | default | meaning |"},
		{"../docs/spec.md", "| field | default | example | meaning |", "| field | example | meaning |"},
	} {
		data, err := os.ReadFile(doc.path)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		bookTable, rest, ok := cutTable(text, doc.bookHead)
		if !ok {
			t.Fatalf("%s: no table headed %q", doc.path, doc.bookHead)
		}
		sectionTable, _, ok := cutTable(rest, doc.sectionHead)
		if !ok {
			t.Fatalf("%s: no second table headed %q", doc.path, doc.sectionHead)
		}
		compareFields(t, doc.path+" book fields", tableFields(bookTable), book)
		compareFields(t, doc.path+" section fields", tableFields(sectionTable), section)
	}
}

func yamlFields(typ reflect.Type) map[string]bool {
	out := map[string]bool{}
	for i := range typ.NumField() {
		name, _, _ := strings.Cut(typ.Field(i).Tag.Get("yaml"), ",")
		if name != "" && name != "-" {
			out[name] = true
		}
	}
	return out
}

// cutTable returns the table that starts at head, and the text after it.
func cutTable(text, head string) (table, rest string, ok bool) {
	_, after, ok := strings.Cut(text, head)
	if !ok {
		return "", "", false
	}
	table, rest, _ = strings.Cut(after, "\n\n")
	return table, rest, true
}

var fieldCell = regexp.MustCompile("^\\| ((?:`[a-z_.]+`(?:, )?)+) \\|")

// tableFields reads the field names of a table's first column; a cell
// may name several (`subtitle`, `author`), and a dotted name (style.letters)
// is a part of a field, not one of its own.
func tableFields(table string) map[string]bool {
	out := map[string]bool{}
	for _, line := range strings.Split(table, "\n") {
		m := fieldCell.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		for _, f := range strings.Split(m[1], ", ") {
			if f = strings.Trim(f, "`"); !strings.Contains(f, ".") {
				out[f] = true
			}
		}
	}
	return out
}

func compareFields(t *testing.T, what string, got, want map[string]bool) {
	t.Helper()
	for f := range want {
		if !got[f] {
			t.Errorf("%s: no row for %s", what, f)
		}
	}
	for f := range got {
		if !want[f] {
			t.Errorf("%s: a row for %s, which the spec does not take", what, f)
		}
	}
}

// TestDocExamplesTable: docs/spec.md's table of examples lists every spec
// in examples/ and no spec that is not there.
func TestDocExamplesTable(t *testing.T) {
	data, err := os.ReadFile("../docs/spec.md")
	if err != nil {
		t.Fatal(err)
	}
	table, _, ok := cutTable(string(data), "| spec | what it shows |")
	if !ok {
		t.Fatal("docs/spec.md has no table of examples")
	}
	listed := map[string]bool{}
	for _, m := range regexp.MustCompile("(?m)^\\| `(examples/[^`]+\\.yaml)` \\|").FindAllStringSubmatch(table, -1) {
		listed[m[1]] = true
	}
	specs, err := filepath.Glob("../examples/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, s := range specs {
		have["examples/"+filepath.Base(s)] = true
	}
	compareFields(t, "docs/spec.md examples", listed, have)
}
