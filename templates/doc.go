// Package templates holds the data a book is dressed in: presets (spec
// fragments that set trim, margins, per-page counts and style) and the
// printed words of each language. Both are data files embedded in the binary,
// so a new preset or language is one new file.
package templates
