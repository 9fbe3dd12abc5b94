package book

import (
	"fmt"

	"go.yaml.in/yaml/v3"
)

// UnmarshalYAML reads `html: true|false` or `html: {puzzles: 1-10}` (a
// mapping turns the web edition on). Problems come back as *FieldErrors.
func (h *HTMLSpec) UnmarshalYAML(n *yaml.Node) error {
	n = resolve(n)
	switch {
	case n.Kind == yaml.ScalarNode && n.Tag == "!!null":
		return nil
	case n.Kind == yaml.ScalarNode:
		var on bool
		if n.Decode(&on) != nil {
			return &FieldErrors{{Line: n.Line, Msg: fmt.Sprintf("%s is not allowed (want true, false or a mapping of puzzles)", shown(n))}}
		}
		h.On = on
		return nil
	case n.Kind != yaml.MappingNode:
		return &FieldErrors{{Line: n.Line, Msg: "want true, false or a mapping of puzzles"}}
	}
	h.On = true
	return eachField(n, func(k, v *yaml.Node) *FieldError {
		switch {
		case k.Value != "puzzles":
			return &FieldError{Line: k.Line, Msg: fmt.Sprintf("unknown field %q (want puzzles)", k.Value)}
		case v.Kind != yaml.ScalarNode:
			return &FieldError{Line: v.Line, Field: k.Value, Msg: "want puzzle numbers such as 1-10"}
		}
		r, err := ParseRange(v.Value)
		if err != nil {
			return &FieldError{Line: v.Line, Field: k.Value, Msg: err.Error()}
		}
		h.Puzzles = r
		return nil
	})
}

// eachField calls f with each key and value of mapping n, refusing a key
// given twice, and gathers the problems f reports as *FieldErrors.
func eachField(n *yaml.Node, f func(k, v *yaml.Node) *FieldError) error {
	var errs FieldErrors
	seen := map[string]int{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], resolve(n.Content[i+1])
		if first, dup := seen[k.Value]; dup {
			errs = append(errs, &FieldError{Line: k.Line, Field: k.Value, Msg: fmt.Sprintf("given twice (first at line %d)", first)})
			continue
		}
		seen[k.Value] = k.Line
		if e := f(k, v); e != nil {
			errs = append(errs, e)
		}
	}
	if len(errs) > 0 {
		return &errs
	}
	return nil
}

// MarshalYAML writes the setting as UnmarshalYAML reads it.
func (h HTMLSpec) MarshalYAML() (any, error) {
	if h.On && h.Puzzles.Set {
		return map[string]string{"puzzles": h.Puzzles.String()}, nil
	}
	return h.On, nil
}

// html checks the sample's puzzle numbers against the book's.
func (v *validator) html() {
	r := v.s.HTML.Puzzles
	if !v.s.HTML.On || !r.Set {
		return
	}
	total := 0
	for _, s := range v.s.Sections {
		total += s.Count
	}
	if r.Min < 1 || r.Max < r.Min || r.Max > total {
		v.addf("html.puzzles", "%v is not allowed (want puzzle numbers within 1-%d, the smaller first)", r, total)
	}
}
