package book

import (
	"errors"
	"strings"
	"testing"
)

// TestSectionRepeats: a section asking for more 4x4 puzzles than the kind
// has different ones is refused, naming its count and the number there
// are, unless it says repeats: allow, which loads with a warning.
func TestSectionRepeats(t *testing.T) {
	for _, c := range []struct {
		name, sections string
		errs           []string // nil: loads
		warn           string
	}{
		{"too many", "  - {level: easy, count: 200, size: 4}\n",
			[]string{"spec.yaml:3: sections[0].count: 200 easy classic 4x4 puzzles cannot all be different: only 13 are essentially different"}, ""},
		{"x too many", "  - {level: easy, count: 40, size: 4, variant: x}\n",
			[]string{"sections[0].count: 40 easy x 4x4 puzzles cannot all be different: only 4 are"}, ""},
		{"together", "  - {level: easy, count: 10, size: 4}\n  - {level: easy, count: 10, size: 4}\n",
			[]string{"sections[0].count: 20 (sections 0, 1 together)", "sections[1].count: 20 (sections 0, 1 together)", "counts that add up to 13 or less"}, ""},
		{"one allows", "  - {level: easy, count: 10, size: 4, repeats: allow}\n  - {level: easy, count: 10, size: 4}\n",
			[]string{"sections[1].count: 20 (sections 0, 1 together)"}, ""},
		{"fits", "  - {level: easy, count: 13, size: 4}\n  - {level: easy, count: 4, size: 4, variant: x}\n", nil, ""},
		{"allowed", "  - {level: easy, count: 200, size: 4, repeats: allow}\n", nil,
			"spec.yaml:3: sections[0]: 200 easy classic 4x4 puzzles asked with repeats: allow, but only 13 are essentially different"},
		{"other symmetry", "  - {level: easy, count: 36, size: 4, symmetry: none}\n", nil, ""},
		{"bad value", "  - {level: easy, count: 2, size: 4, repeats: sometimes}\n",
			[]string{`sections[0].repeats`, `"sometimes" is not a repeats policy (want allow or refuse)`}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := Load(strings.NewReader("title: T\nsections:\n"+c.sections), "spec.yaml")
			if c.errs == nil {
				if err != nil {
					t.Fatalf("Load: %v, want no error", err)
				}
				w := strings.Join(s.Warnings(), "\n")
				if c.warn == "" && w != "" || !strings.Contains(w, c.warn) {
					t.Errorf("warnings %q, want %q", w, c.warn)
				}
				return
			}
			if !errors.Is(err, ErrSpec) {
				t.Fatalf("Load: %v, want ErrSpec", err)
			}
			for _, want := range c.errs {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not say %q", err, want)
				}
			}
		})
	}
}

// TestQuotasRepeats: repeats: allow reaches the engine's quota.
func TestQuotasRepeats(t *testing.T) {
	s, err := Load(strings.NewReader("title: T\nsections:\n  - {level: easy, count: 30, size: 4, repeats: allow}\n  - {level: easy, count: 3, size: 4, variant: x}\n"), "spec.yaml")
	if err != nil {
		t.Fatal(err)
	}
	qs := s.Quotas()
	if !qs[0].Repeats || qs[1].Repeats {
		t.Errorf("Repeats %v, %v; want true, false", qs[0].Repeats, qs[1].Repeats)
	}
}
