package templates

import (
	"maps"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// levelKeys are the engine's level names, in order; every language prints
// all five.
var levelKeys = []string{"easy", "medium", "tough", "hard", "expert", "extreme"}

func TestLanguagesListed(t *testing.T) {
	got := Languages()
	want := []string{"de", "en", "es", "fr", "it"}
	if !slices.Equal(got, want) {
		t.Fatalf("Languages() = %v, want %v", got, want)
	}
}

func TestLanguageUnknown(t *testing.T) {
	if _, err := Language("xx"); err == nil {
		t.Fatal(`Language("xx") succeeded, want an error`)
	}
}

// texts flattens every printed string of t into field name -> text, so the
// checks below cover a field added to Texts later without being edited.
func texts(t *testing.T, tx *Texts) map[string]string {
	t.Helper()
	out := map[string]string{}
	v := reflect.ValueOf(*tx)
	for i := range v.NumField() {
		f := v.Type().Field(i)
		if f.Tag.Get("yaml") == "-" {
			continue
		}
		name := f.Tag.Get("yaml")
		switch fv := v.Field(i); fv.Kind() {
		case reflect.String:
			out[name] = fv.String()
		case reflect.Slice:
			if fv.Len() == 0 {
				out[name] = ""
			}
			for j := range fv.Len() {
				out[name+"["+strconv.Itoa(j)+"]"] = fv.Index(j).String()
			}
		case reflect.Map:
			if fv.Type().Elem().Kind() == reflect.Struct {
				// Kinds: every kind English has, each field flattened.
				for _, k := range kindKeys(t) {
					kv := fv.MapIndex(reflect.ValueOf(k))
					if !kv.IsValid() {
						out[name+"."+k] = ""
						continue
					}
					kr := kv.Interface().(KindRules)
					out[name+"."+k+".name"] = kr.Name
					out[name+"."+k+".title"] = kr.Title
					out[name+"."+k+".example"] = kr.Example
					out[name+"."+k+".example_plain"] = kr.ExamplePlain
					if len(kr.Rules) == 0 {
						out[name+"."+k+".rules"] = ""
					}
					for j, r := range kr.Rules {
						out[name+"."+k+".rules["+strconv.Itoa(j)+"]"] = r
					}
				}
				continue
			}
			keys := levelKeys
			if name == "techniques" {
				keys = techniqueKeys(t)
			}
			for _, k := range keys {
				s := ""
				if mv := fv.MapIndex(reflect.ValueOf(k)); mv.IsValid() {
					s = mv.String()
				}
				out[name+"."+k] = s
			}
		default:
			t.Fatalf("field %s has kind %s the test does not know", f.Name, fv.Kind())
		}
	}
	return out
}

// techniqueKeys are the technique names English has, sorted: every
// language must name each (book's tests check they are the engine's).
func techniqueKeys(t *testing.T) []string {
	t.Helper()
	en, err := Language("en")
	if err != nil {
		t.Fatalf("load en: %v", err)
	}
	keys := slices.Sorted(maps.Keys(en.Techniques))
	if len(keys) == 0 {
		t.Fatal("en names no techniques")
	}
	return keys
}

func placeholders(s string) []string {
	p := placeholderRE.FindAllString(s, -1)
	slices.Sort(p)
	return p
}

func TestLanguageTexts(t *testing.T) {
	en, err := Language("en")
	if err != nil {
		t.Fatalf("load en: %v", err)
	}
	enTexts := texts(t, en)
	for _, code := range Languages() {
		t.Run(code, func(t *testing.T) {
			tx, err := Language(code)
			if err != nil {
				t.Fatalf("Language(%q): %v", code, err)
			}
			if tx.Code != code {
				t.Errorf("Code = %q, want %q", tx.Code, code)
			}
			got := texts(t, tx)
			for name, s := range got {
				if strings.TrimSpace(s) == "" {
					t.Errorf("%s is empty", name)
				}
			}
			if len(tx.Levels) != len(levelKeys) {
				t.Errorf("levels has %d entries %v, want exactly %v", len(tx.Levels), tx.Levels, levelKeys)
			}
			for _, k := range levelKeys {
				if _, ok := tx.Levels[k]; !ok {
					t.Errorf("levels.%s missing", k)
				}
			}
			if len(tx.Shapes) != 6 || len(tx.ShapesA) != 6 || len(tx.ChildRulesShapes) != len(en.ChildRulesShapes) {
				t.Errorf("shapes %v, shapes_a %v, child_rules_shapes of %d paragraphs: want 6 names each (circle to diamond) and %d paragraphs as in English",
					tx.Shapes, tx.ShapesA, len(tx.ChildRulesShapes), len(en.ChildRulesShapes))
			}
			if len(tx.HowToPlay) != len(en.HowToPlay) {
				t.Errorf("how_to_play has %d paragraphs, want %d as in English", len(tx.HowToPlay), len(en.HowToPlay))
			}
			for name, enText := range enTexts {
				g, w := placeholders(got[name]), placeholders(enText)
				if !slices.Equal(g, w) {
					t.Errorf("%s placeholders = %v, want %v as in English", name, g, w)
				}
			}
			// Every stray brace is a typo of a placeholder Fill would print.
			for name, s := range got {
				rest := placeholderRE.ReplaceAllString(s, "")
				if strings.ContainsAny(rest, "{}") {
					t.Errorf("%s has a brace outside a placeholder: %q", name, s)
				}
			}
		})
	}
}

func TestFill(t *testing.T) {
	fr, err := Language("fr")
	if err != nil {
		t.Fatal(err)
	}
	got := Fill(fr.Copyright, "year", "2026", "author", "A. Martin")
	want := "© 2026 A. Martin. Tous droits réservés."
	if got != want {
		t.Errorf("Fill = %q, want %q", got, want)
	}
	if got, want := fr.Level("extreme"), "Extrême"; got != want {
		t.Errorf(`Level("extreme") = %q, want %q`, got, want)
	}
}

// TestOptionalFieldsLeftOut fills every text of every language with each
// combination of the optional fields (author, subtitle, version) left
// empty (a run of one puzzle leaves {last} out too), and checks what a reader would see: no stray placeholder or
// bracket, no doubled space, no space before punctuation, nothing
// dangling at either end. Each optional placeholder must sit in an
// optional [part] for that to hold.
func TestOptionalFieldsLeftOut(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: the full tier (go test without -short) runs it")
	}
	values := map[string]string{
		"title": "Sudoku Sampler", "author": "Ada Example", "subtitle": "60 puzzles",
		"year": "2026", "seed": "7", "generator": "sudokubook", "version": "0.1.0",
		"number": "12", "page": "5", "first": "1", "last": "24", "digit": "5", "count": "24",
		"level": "Easy", "section": "Easy", "promise": "Every puzzle has one solution.",
		"n": "6", "box": "2x3", "low": "1", "high": "6", "bulb": "3", "kind": "Sudoku X", "k": "3",
		"sum": "14", "size": "2", "sets": "5+9 or 6+8", "house": "row 3", "total": "45", "cages": "39",
		"weekday": "Monday", "day": "7", "month": "December", "shape": "a star", "side": "9", "top": "9",
	}
	bad := regexp.MustCompile(`[{}\[\]]|  | [.,)]|\( |^\s|\s$|^[.,;:]`)
	for _, code := range Languages() {
		tx, err := Language(code)
		if err != nil {
			t.Fatal(err)
		}
		for name, s := range texts(t, tx) {
			for mask := range 1 << len(Optional) {
				var kv []string
				for k, v := range values {
					for i, o := range Optional {
						if o == k && mask&(1<<i) != 0 {
							v = ""
						}
					}
					kv = append(kv, k, v)
				}
				if got := Fill(s, kv...); bad.MatchString(got) {
					t.Errorf("%s %s with %v left out: %q", code, name, leftOut(mask), got)
				}
			}
		}
	}
}

func leftOut(mask int) []string {
	var out []string
	for i, o := range Optional {
		if mask&(1<<i) != 0 {
			out = append(out, o)
		}
	}
	return out
}

func TestFillOptional(t *testing.T) {
	for _, tc := range []struct{ in, author, want string }{
		{"© {year}[ {author}]. All rights reserved.", "", "© 2026. All rights reserved."},
		{"© {year}[ {author}]. All rights reserved.", "Ada", "© 2026 Ada. All rights reserved."},
		{"[by {author}, ]{year}[ ({author})]", "", "2026"},
		{"a [b] c", "", "a b c"},              // no placeholder inside: always kept
		{"{year}[ {unknown}]", "Ada", "2026"}, // a placeholder given no value counts as empty
	} {
		if got := Fill(tc.in, "year", "2026", "author", tc.author); got != tc.want {
			t.Errorf("Fill(%q, author %q) = %q, want %q", tc.in, tc.author, got, tc.want)
		}
	}
}

// kindKeys are the kinds English has how-to-play pages for: every other
// language must have the same.
func kindKeys(t *testing.T) []string {
	t.Helper()
	en, err := Language("en")
	if err != nil {
		t.Fatal(err)
	}
	keys := slices.Sorted(maps.Keys(en.Kinds))
	if len(keys) == 0 {
		t.Fatal("English has no kinds")
	}
	return keys
}
