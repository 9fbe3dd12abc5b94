package book

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sudokubook/sudokubook/engine"
)

// Repeats says whether a section may print a puzzle again under its key,
// turned, mirrored or relabelled: a 4x4 kind has only a few essentially
// different puzzles (engine.Distinct), and a book must not pass copies
// off as new ones unless the spec says so.
type Repeats int

const (
	RepeatsRefused Repeats = iota // the default: every puzzle a different one
	RepeatsAllowed                // repeats: allow
)

var repeatsNames = []string{"refuse", "allow"}

func (r Repeats) String() string {
	if r >= 0 && int(r) < len(repeatsNames) {
		return repeatsNames[r]
	}
	return fmt.Sprintf("Repeats(%d)", int(r))
}

// MarshalText writes the policy's name.
func (r Repeats) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText reads allow or refuse.
func (r *Repeats) UnmarshalText(b []byte) error {
	for i, n := range repeatsNames {
		if strings.EqualFold(strings.TrimSpace(string(b)), n) {
			*r = Repeats(i)
			return nil
		}
	}
	return fmt.Errorf("%q is not a repeats policy (want allow or refuse)", string(b))
}

// distinct refuses sections that ask for more puzzles than their kind has
// essentially different ones, unless every section drawing on the same
// puzzles says repeats: allow; then it warns how many are distinct.
// Sections whose quotas are alike but for the count draw on one set of
// puzzles, as the engine takes each key once a book.
func (v *validator) distinct() {
	s := v.s
	qs := s.Quotas()
	type pool struct {
		total   int
		allowed bool
		members []int
	}
	pools := map[engine.Quota]*pool{}
	var order []engine.Quota
	for i, q := range qs {
		sec := s.Sections[i]
		if sec.Count < 1 || sec.Count > MaxSectionCount || sec.Level < 0 || sec.Level >= engine.NumLevels {
			continue
		}
		if _, ok := engine.Distinct(q); !ok {
			continue
		}
		q.Count, q.Repeats = 0, false
		p := pools[q]
		if p == nil {
			p = &pool{allowed: true}
			pools[q] = p
			order = append(order, q)
		}
		p.total += sec.Count
		p.allowed = p.allowed && sec.Repeats == RepeatsAllowed
		p.members = append(p.members, i)
	}
	for _, q := range order {
		p := pools[q]
		n, _ := engine.Distinct(q)
		if p.total <= n {
			continue
		}
		asked := fmt.Sprintf("%d", p.total)
		if len(p.members) > 1 {
			asked = fmt.Sprintf("%d (sections %s together)", p.total, sectionList(p.members))
		}
		for _, i := range p.members {
			sec := s.Sections[i]
			path := fmt.Sprintf("sections[%d]", i)
			switch {
			case n == 0:
				v.add([]string{path + ".count", path + ".level"}, "no %s %s puzzle meets the section's bands (clues, score, rating, symmetry)", sec.Level, sec.kindName())
			case p.allowed:
				v.warn(fmt.Sprintf("%s: %s: %s %s %s puzzles asked with repeats: allow, but only %d are essentially different: the rest repeat them turned or relabelled",
					v.at(path+".repeats"), path, asked, sec.Level, sec.kindName(), n))
			case sec.Repeats != RepeatsAllowed:
				want := fmt.Sprintf("a count of %d or less", n)
				if len(p.members) > 1 {
					want = fmt.Sprintf("counts that add up to %d or less", n)
				}
				v.add([]string{path + ".count", path + ".level"}, "%s %s %s puzzles cannot all be different: only %d are essentially different (want %s, or repeats: allow on each to print turned or relabelled copies)",
					asked, sec.Level, sec.kindName(), n, want)
			}
		}
	}
}

// warn adds a warning once, however often the spec is checked.
func (v *validator) warn(w string) {
	if !slices.Contains(v.s.warnings, w) {
		v.s.warnings = append(v.s.warnings, w)
	}
}

// sectionList writes section indexes as the spec's paths number them.
func sectionList(is []int) string {
	parts := make([]string, len(is))
	for k, i := range is {
		parts[k] = fmt.Sprintf("%d", i)
	}
	return strings.Join(parts, ", ")
}

// at is the file and line that set the field at path, for a warning.
func (v *validator) at(path string) string {
	file := v.s.file
	if file == "" {
		file = "spec"
	}
	if p, ok := v.s.pos[path]; ok {
		return fmt.Sprintf("%s:%d", p.file, p.line)
	}
	return file
}
