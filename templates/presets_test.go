package templates

import (
	"errors"
	"strings"
	"testing"
)

func TestPresets(t *testing.T) {
	want := []string{"a4-classroom", "expert-16x16", "kdp-6x9", "kdp-8.5x11", "kids", "large-print", "pocket"}
	got := Presets()
	if len(got) != len(want) {
		t.Fatalf("got %d presets %v, want %v", len(got), got, want)
	}
	for i, p := range got {
		if p.Name != want[i] {
			t.Errorf("preset %d: got %q, want %q", i, p.Name, want[i])
		}
		if len(p.Description) < 20 || strings.HasPrefix(p.Description, "#") || !strings.HasSuffix(p.Description, ".") {
			t.Errorf("preset %s: description %q, want a sentence from its leading comment", p.Name, p.Description)
		}
		data, err := Preset(p.Name)
		if err != nil {
			t.Fatalf("Preset(%q): %v", p.Name, err)
		}
		for _, key := range []string{"\ntitle:", "\nsections:", "\ntemplate:"} {
			if strings.Contains("\n"+string(data), key) {
				t.Errorf("preset %s sets %s; presets may not", p.Name, strings.TrimSpace(key))
			}
		}
	}
}

func TestPresetLookup(t *testing.T) {
	a, err := Preset("KDP-6x9")
	if err != nil {
		t.Fatalf("Preset in upper case: %v", err)
	}
	b, _ := Preset("kdp-6x9")
	if string(a) != string(b) || !strings.Contains(string(a), "trim: 6x9in") {
		t.Errorf("Preset(KDP-6x9) = %q, want the kdp-6x9 file with trim 6x9in", a)
	}
	for _, name := range []string{"nope", "", "../lang/en", "presets/kdp-6x9", "kdp-6x9.yaml"} {
		_, err := Preset(name)
		if !errors.Is(err, ErrNoPreset) || !strings.Contains(err.Error(), "want one of a4-classroom, expert-16x16, kdp-6x9") {
			t.Errorf("Preset(%q) error %v, want ErrNoPreset listing the presets", name, err)
		}
	}
}

func TestDescription(t *testing.T) {
	cases := []struct{ in, want string }{
		{"# A line.\ntrim: a4\n", "A line."},
		{"\n\n#  Spaced.  \n", "Spaced."},
		{"trim: a4\n# late\n", ""},
		{"#nospace\n", ""},
		{"# Wrapped over\n# two lines. Then more.\n# Next line.\n", "Wrapped over two lines. Then more."},
		{"# No full stop\n# at all\ntrim: a4\n", "No full stop at all"},
		{"", ""},
	}
	for _, c := range cases {
		if got := description([]byte(c.in)); got != c.want {
			t.Errorf("description(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
