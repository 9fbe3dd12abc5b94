package templates

import (
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// levelKeys are the engine's level names, in order; every language prints
// all five.
var levelKeys = []string{"easy", "medium", "hard", "expert", "extreme"}

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
			for _, k := range levelKeys {
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

var placeholderRE = regexp.MustCompile(`\{[a-z]+\}`)

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
