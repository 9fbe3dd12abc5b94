// Package wording tells a grader's step in words, in any of the book's
// languages: one template per technique (and per shape of its pattern
// where the words differ) in templates/lang/steps, filled from the step's
// pattern (engine.Pattern: its cells, digits and houses by role) and its
// moves. explain --lang, the printed hints and lessons and the web
// edition's hints all read these templates; nothing reads a note back.
//
// Fields picks a step's template and fills its fields: the one place that
// knows which part of a technique's pattern each placeholder names. A
// Words of one language writes them out (Words.Step); the web edition
// stores the same fields as codes and its script fills the same templates
// in the reader's browser.
//
// Adding a technique is a sayer and its forms in say.go's table, and one
// line a language in templates/lang/steps (TestEveryTechniqueHasWords
// fails until both are there).
package wording
